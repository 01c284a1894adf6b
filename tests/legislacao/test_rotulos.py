"""Os nomes e as cores dos tipos de vaga vêm de um lugar só (legislacao/rotulos.py): o simulador, a página do cargo e
a prévia das chamadas mostram o mesmo; um sétimo grupo de reserva ainda tem cor (as seis recomeçam)."""

from decimal import Decimal

from legislacao import motor
from legislacao.rotulos import CORES_GRUPOS, classes_das_vagas, nomes_das_vagas


def _regras(n: int) -> motor.Regras:
    grupos = tuple(motor.Grupo(codigo=f"G{i}", nome=f"Grupo {i}", percentual=Decimal("1"), cores=frozenset({"preta"}))
                   for i in range(n))
    return motor.Regras(slug="teste", grupos=grupos, minimo_vagas=1)


def test_cada_grupo_tem_uma_das_seis_cores_e_o_setimo_recomeca():
    classes = classes_das_vagas(_regras(8))
    assert classes[motor.AMPLA] == "v-ac" and classes[motor.PCD] == "v-pcd"
    assert [classes[f"G{i}"] for i in range(8)] == ["v-g1", "v-g2", "v-g3", "v-g4", "v-g5", "v-g6", "v-g1", "v-g2"]
    assert CORES_GRUPOS == 6


def test_os_nomes_sao_os_da_lei():
    assert nomes_das_vagas(_regras(2)) == {motor.AMPLA: motor.NOME_AMPLA, motor.PCD: motor.NOME_PCD,
                                           "G0": "Grupo 0", "G1": "Grupo 1"}

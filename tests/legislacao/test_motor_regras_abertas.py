"""Regras do sistema para o que as leis deixam em aberto (docs/decisoes/0001-posicoes-das-vagas-reservadas.md)."""

from decimal import Decimal

import pytest

from legislacao.motor import AMPLA, PCD, ErroRegras, Grupo, Padrao, Regras, calcular_quadro
from tests.legislacao.leis_motor import IBATIBA, IUNA


def test_a_primeira_nomeacao_e_da_ampla_quando_ha_vaga_de_ampla_ibatiba_art_5_i():
    """Ibatiba art. 5º, I: o preenchimento começa pelo sistema universal, mesmo com M/N ≥ ½ de PcD."""
    quadro = calcular_quadro(IBATIBA, 2, vagas_pcd=1)
    assert quadro.ordem == (AMPLA, PCD)
    assert [(a.posicao, a.posicao_natural) for a in quadro.ajustes] == [(2, 1)]
    assert calcular_quadro(IUNA, 2, vagas_pcd=1).ordem == (AMPLA, PCD)


def test_sem_vaga_de_ampla_a_primeira_posicao_e_de_quem_a_lei_indica():
    quadro = calcular_quadro(IBATIBA, 1, vagas_pcd=1)
    assert quadro.ordem == (PCD,)


def test_contagem_que_sobe_duas_vezes_no_minimo_explica_o_deslocamento():
    grupo = Grupo("G", "Grupo G", Decimal("40"), frozenset({"preta"}), padrao=Padrao.PROPORCIONAL)
    quadro = calcular_quadro(Regras("x", (grupo,), 5), 10)
    assert [i + 1 for i, t in enumerate(quadro.ordem) if t == "G"] == [5, 6, 7, 9]
    assert "sobe mais de uma vez" in quadro.ajustes[0].motivo
    assert "prioridade maior" not in quadro.ajustes[0].motivo


def test_reversao_para_grupo_inexistente_e_recusada_com_mensagem_em_portugues():
    grupo = Grupo("NEG", "Negros", Decimal("20"), frozenset({"preta"}), reverte_para=("XX",))
    with pytest.raises(ErroRegras, match="reverte para XX, que não é outro grupo desta lei"):
        Regras("x", (grupo,), 3)

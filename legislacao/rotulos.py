"""Como cada tipo de vaga aparece nas telas: o nome (ampla, PcD e o de cada grupo da lei) e a classe de cor do
legislacao.css (ampla neutra, PcD azul, os grupos em seis cores que se repetem). Um lugar só para o simulador, a
página do cargo e a prévia das chamadas."""

from __future__ import annotations

from legislacao import motor

CORES_GRUPOS = 6  # .v-g1 a .v-g6 em static/legislacao/legislacao.css


def nomes_das_vagas(regras: motor.Regras) -> dict[str, str]:
    return {motor.AMPLA: motor.NOME_AMPLA, motor.PCD: motor.NOME_PCD, **{g.codigo: g.nome for g in regras.grupos}}


def classes_das_vagas(regras: motor.Regras) -> dict[str, str]:
    """A classe de cor de cada tipo de vaga; do sétimo grupo em diante, as cores recomeçam (nunca sem estilo)."""
    return {motor.AMPLA: "v-ac", motor.PCD: "v-pcd",
            **{g.codigo: f"v-g{i % CORES_GRUPOS + 1}" for i, g in enumerate(regras.grupos)}}

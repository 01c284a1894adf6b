"""A decisão pelas avaliações individuais dos membros (Python puro, sem banco; decisão 0017).

Onde a lei manda cada membro registrar a sua avaliação motivada (`Lei.forma_deliberacao`, p. ex. os editais federais
da IN Conjunta MGI/MIR/MPI nº 261/2025), a decisão sai delas pela regra que o edital escolheu e congelou:

- maioria: decide o lado que alcança a maioria da comissão; sem ela, a regra da lei para a falta de maioria;
- unanimidade para indeferir: a autodeclaração só deixa de ser confirmada se todos os que avaliam a indeferem;
- duas instâncias (p. ex. o edital do TCU de 2025, item 5.2.6.15): cada instância decide pela maioria, mas a
  autodeclaração prevalece quando as duas decisões desfavoráveis — a da comissão e a da recursal — são ambas não
  unânimes. Basta uma delas unânime para a não confirmação se manter.

Nada aqui é secreto: as avaliações são assinadas e a ata as mostra. O voto secreto (urna.py, apuracao.py) é outro
caminho, que uma lei de votos secretos nunca troca por este.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Regra(StrEnum):
    MAIORIA = "maioria"
    UNANIMIDADE_PARA_INDEFERIR = "unanimidade"
    DUAS_INSTANCIAS = "duas_instancias"


class ErroDeliberacao(ValueError):
    """As avaliações não podem ser apuradas como estão; a mensagem diz por quê."""


@dataclass(frozen=True)
class Desfavoravel:
    """A decisão desfavorável da primeira instância, que o recurso reexamina: se foi unânime."""

    unanime: bool


@dataclass(frozen=True)
class Decisao:
    favoraveis: int
    desfavoraveis: int
    confirma: bool | None
    """True confirma, False não confirma, None quando, na regra da maioria, nenhum lado a alcançou."""
    prevaleceu: bool = False
    """Confirmada só porque as duas decisões desfavoráveis foram não unânimes (regra das duas instâncias)."""

    @property
    def unanime_desfavoravel(self) -> bool:
        return self.desfavoraveis > 0 and self.favoraveis == 0

    @property
    def desfavoravel_pela_maioria(self) -> bool:
        return self.desfavoraveis > self.favoraveis


def decidir(avaliacoes: Sequence[bool], *, regra: Regra, maioria: int,
            primeira_instancia: Desfavoravel | None = None) -> Decisao:
    """A decisão de uma instância, dadas as avaliações (True defere a autodeclaração) de todos os que avaliam.

    `maioria` é a da lei (a absoluta dos membros, ou a dos presentes); `primeira_instancia`, no julgamento de um
    recurso, a decisão recorrida (só a regra das duas instâncias a usa)."""
    if not avaliacoes:
        raise ErroDeliberacao("Nenhum membro registrou a sua avaliação.")
    if maioria < 1:
        raise ErroDeliberacao("A maioria precisa ser de ao menos um membro.")
    favoraveis = sum(1 for a in avaliacoes if a)
    desfavoraveis = len(avaliacoes) - favoraveis
    if regra == Regra.UNANIMIDADE_PARA_INDEFERIR:
        return Decisao(favoraveis, desfavoraveis, favoraveis > 0)
    if favoraveis >= maioria:
        confirma: bool | None = True
    elif desfavoraveis >= maioria:
        confirma = False
    else:
        confirma = None
    if (regra == Regra.DUAS_INSTANCIAS and confirma is False and primeira_instancia is not None
            and not primeira_instancia.unanime and favoraveis > 0):
        return Decisao(favoraveis, desfavoraveis, True, prevaleceu=True)
    return Decisao(favoraveis, desfavoraveis, confirma)

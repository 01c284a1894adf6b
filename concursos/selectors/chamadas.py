"""Leituras das chamadas de um cargo: o resumo das vagas (reservadas, preenchidas, revertidas) e a ordem de
nomeação, com desistentes e substitutos."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import QuerySet

from concursos.models import Cargo, Convocacao
from legislacao import motor


@dataclass(frozen=True)
class ResumoVagas:
    """Por tipo de vaga de um cargo: reservadas no edital, preenchidas e revertidas (a vaga foi a outra lista)."""

    codigo: str
    nome: str
    artigo: str
    reservadas: int
    preenchidas: int
    revertidas: int


def resumo_do_cargo(cargo: Cargo, quadro: motor.Quadro | None = None) -> list[ResumoVagas]:
    quadro = quadro or cargo.quadro()
    ativas = Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True, posicao__lte=cargo.vagas)
    preenchidas = Counter()
    revertidas = Counter()
    for vaga, lista in ativas.exclude(inscricao=None).values_list("vaga", "lista"):
        (preenchidas if vaga == lista else revertidas)[vaga] += 1
    return resumo_das_vagas(quadro, preenchidas, revertidas)


def resumo_das_vagas(quadro: motor.Quadro, preenchidas: Counter, revertidas: Counter) -> list[ResumoVagas]:
    linhas = [ResumoVagas(motor.AMPLA, motor.NOME_AMPLA, "", quadro.ampla, preenchidas[motor.AMPLA], 0)]
    if quadro.pcd:
        linhas.append(ResumoVagas(motor.PCD, motor.NOME_PCD, "edital", quadro.pcd, preenchidas[motor.PCD],
                                  revertidas[motor.PCD]))
    linhas += [ResumoVagas(r.codigo, r.nome, r.artigo, r.vagas, preenchidas[r.codigo], revertidas[r.codigo])
               for r in quadro.reservas]
    return linhas


def ordem_de_nomeacao(cargo: Cargo) -> QuerySet[Convocacao]:
    """Todas as convocações do cargo na ordem de nomeação, desistentes e substitutos incluídos (nada se apaga)."""
    return (Convocacao.objects.filter(cargo=cargo)
            .select_related("chamada", "inscricao__candidato", "substitui__inscricao",
                            "substituida_por__inscricao")
            .order_by("posicao", "chamada__numero", "pk"))

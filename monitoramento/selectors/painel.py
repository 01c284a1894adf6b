"""O que o painel de indicadores precisa: os órgãos e anos que a conta pode escolher, os números do recorte, os de
cada ano (a tendência) e os de cada certame, com os gráficos."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime

from django.core.cache import cache
from django.utils import timezone

from concursos.models import Certame, Convocacao
from legislacao import motor
from monitoramento import figuras
from monitoramento import indicadores as ind
from monitoramento.graficos import Grafico
from monitoramento.indicadores import Indicadores
from monitoramento.selectors.indicadores import (
    DoCertame,
    PorAno,
    certames_publicados,
    indicadores_dos_certames,
    por_ano,
)
from nucleo.models import Orgao


@dataclass
class Painel:
    orgaos: list[Orgao]
    orgao: Orgao | None
    anos: list[int]
    ano: int | None
    indicadores: Indicadores
    por_ano: list[PorAno]
    certames: list[DoCertame]
    figuras: list[Grafico] = field(default_factory=list)
    calculado_em: datetime | None = None  # None: calculado agora; senão, os números guardados no cache


# O painel de muitos órgãos (o da administração da instalação, o de todos os órgãos de uma conta) lê todas as
# inscrições deles: no cenário nacional do benchmark (1.000.000 de inscrições em 50 órgãos), segundos. Esse painel
# guarda os números por alguns minutos e diz de quando são; o de um órgão, que é o da comissão de monitoramento e o do
# RH, é sempre calculado na hora (bench/bench_indicadores.py).
ORGAOS_SEM_CACHE = 5
MINUTOS_NO_CACHE = 10


def _dos_certames(orgao_ids) -> tuple[list[DoCertame], datetime | None]:
    if orgao_ids is not None and len(orgao_ids) <= ORGAOS_SEM_CACHE:
        return indicadores_dos_certames(certames_publicados(orgao_ids)), None
    recorte = "todos" if orgao_ids is None else ",".join(map(str, sorted(orgao_ids)))
    chave = "monitoramento:painel:" + hashlib.sha256(recorte.encode()).hexdigest()
    guardado = cache.get(chave)
    if guardado is None:
        guardado = (indicadores_dos_certames(certames_publicados(orgao_ids)), timezone.now())
        cache.set(chave, guardado, MINUTOS_NO_CACHE * 60)
    return guardado


def painel(orgao_ids, *, orgaos: list[Orgao], orgao: Orgao | None, ano: int | None,
           publico: bool = False) -> Painel:
    """Os indicadores dos órgãos `orgao_ids` (`None`: todos) no `ano` do edital (`None`: todos os anos); a tendência
    sempre com todos os anos."""
    todos, calculado_em = _dos_certames(orgao_ids)
    anos = por_ano(todos)
    do_recorte = [c for c in todos if ano is None or c.ano == ano]
    total = ind.somar([c.indicadores for c in do_recorte])
    resultado = Painel(orgaos, orgao, sorted({c.ano for c in todos}, reverse=True), ano, total, anos, do_recorte,
                       calculado_em=calculado_em)
    resultado.figuras = figuras.do_painel(total, anos, publico=publico)
    return resultado


@dataclass(frozen=True)
class FaixaDoCargo:
    codigo: str
    nome: str
    grafico: Grafico


# Um certame de 200 cargos daria 200 faixas: o painel mostra as primeiras e diz quantas ficaram de fora.
FAIXAS_NO_PAINEL = 30


def faixas_do_certame(certame: Certame) -> tuple[list[FaixaDoCargo], int]:
    """A ordem de nomeação de cada cargo (as posições chamadas, com o tipo da vaga), numa consulta."""
    cargos = list(certame.cargos.order_by("codigo")[:FAIXAS_NO_PAINEL + 1])
    restantes = certame.cargos.count() - FAIXAS_NO_PAINEL if len(cargos) > FAIXAS_NO_PAINEL else 0
    cargos = cargos[:FAIXAS_NO_PAINEL]
    posicoes: dict[int, dict[int, str]] = {}
    for cargo_id, posicao, vaga in (Convocacao.objects.filter(cargo__in=cargos).order_by("cargo_id", "posicao")
                                    .values_list("cargo_id", "posicao", "vaga")):
        posicoes.setdefault(cargo_id, {})[posicao] = vaga
    regras = certame.regras_motor()
    nomes = {g.codigo: g.nome for g in regras.grupos} | {ind.AMPLA: "Ampla concorrência",
                                                       ind.PCD: "Pessoa com deficiência"}
    faixas = []
    for cargo in cargos:
        ordem = sorted(posicoes.get(cargo.pk, {}).items())
        if not ordem:
            ordem = [(n, vaga) for n, vaga in enumerate(_ordem_do_quadro(cargo, regras), 1)]
        faixas.append(FaixaDoCargo(cargo.codigo, cargo.nome, figuras.faixa(
            cargo.codigo, [(n, vaga, nomes.get(vaga, vaga)) for n, vaga in ordem])))
    return faixas, restantes


def _ordem_do_quadro(cargo, regras) -> list[str]:
    """Antes da primeira chamada, a ordem que o quadro de vagas do edital fixa."""
    try:
        return list(cargo.quadro(regras=regras).ordem)
    except motor.ErroRegras:
        return []

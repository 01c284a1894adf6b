"""O que o painel de indicadores precisa: os órgãos e anos que a conta pode escolher, os números do recorte, os de
cada ano (a tendência) e os de cada certame, com os gráficos."""

from __future__ import annotations

from dataclasses import dataclass, field

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


def anos_com_certames(orgao_ids) -> list[int]:
    datas = certames_publicados(orgao_ids).dates("data_edital", "year", order="DESC")
    return [d.year for d in datas]


def painel(orgao_ids, *, orgaos: list[Orgao], orgao: Orgao | None, ano: int | None,
           publico: bool = False) -> Painel:
    """Os indicadores dos órgãos `orgao_ids` (`None`: todos) no `ano` do edital (`None`: todos os anos); a tendência
    sempre com todos os anos."""
    todos = indicadores_dos_certames(certames_publicados(orgao_ids))
    anos = por_ano(todos)
    do_recorte = [c for c in todos if ano is None or c.ano == ano]
    total = ind.somar([c.indicadores for c in do_recorte])
    resultado = Painel(orgaos, orgao, sorted({c.ano for c in todos}, reverse=True), ano, total, anos, do_recorte)
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

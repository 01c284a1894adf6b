"""Os indicadores do relatório da comissão de monitoramento: os certames do órgão com edital nos anos do relatório, a
tendência dos anos anteriores e o quadro de pessoal no último dia do período (decisão 0023: o ano de um certame é o
da publicação do edital)."""

from __future__ import annotations

from dataclasses import dataclass, field

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
from monitoramento.selectors.pessoal import PessoalDoPainel, pessoal_do_painel

# Quantos anos antes do período a tendência mostra.
ANOS_DA_TENDENCIA = 5


@dataclass
class IndicadoresDoRelatorio:
    indicadores: Indicadores
    certames: list[DoCertame]
    por_ano: list[PorAno]
    pessoal: PessoalDoPainel
    figuras: list[Grafico] = field(default_factory=list)


def indicadores_do_relatorio(orgao_id: int, anos: list[int]) -> IndicadoresDoRelatorio:
    primeiro, ultimo = min(anos), max(anos)
    todos = indicadores_dos_certames(certames_publicados(
        [orgao_id], list(range(primeiro - ANOS_DA_TENDENCIA, ultimo + 1))))
    do_periodo = [c for c in todos if c.ano in anos]
    total = ind.somar([c.indicadores for c in do_periodo])
    tendencia = por_ano(todos)
    return IndicadoresDoRelatorio(total, do_periodo, tendencia, pessoal_do_painel([orgao_id], ultimo),
                                  figuras.do_painel(total, tendencia))

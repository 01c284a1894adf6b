"""O quadro de pessoal no painel e no relatório: a participação dos grupos da lei nos cargos em comissão e nos estágios,
contra o piso (Ubatuba arts. 1º, parágrafo único, I, e 8º), ano a ano, e a composição dos servidores pela
autodeclaração do recadastramento (art. 10). Só números agregados (pessoal/selectors.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.utils import timezone

from monitoramento import figuras
from monitoramento.graficos import Grafico
from pessoal.models import TipoQuadro
from pessoal.selectors import (
    ComposicaoPorOrgao,
    Participacao,
    composicao_dos_servidores,
    data_de_referencia,
    participacao_em_comissao,
    participacao_em_estagio,
    serie_da_participacao,
)

# A tendência do pessoal: os últimos anos até o de referência.
ANOS_NA_SERIE = 6


@dataclass
class PessoalDoPainel:
    data: date
    comissao: list[Participacao]
    estagio: list[Participacao]
    servidores: list[ComposicaoPorOrgao]
    figuras: list[Grafico] = field(default_factory=list)

    @property
    def vazio(self) -> bool:
        return not any(p.ocupados for p in [*self.comissao, *self.estagio]) and not any(c.total for c in
                                                                                     self.servidores)

    @property
    def abaixo_do_piso(self) -> list[Participacao]:
        return [p for p in [*self.comissao, *self.estagio] if p.abaixo_do_piso]


def pessoal_do_painel(orgao_ids, ano: int | None) -> PessoalDoPainel:
    """A situação em 31/12 do `ano` (no ano corrente, ou sem ano, hoje) e a série dos anos anteriores."""
    hoje = timezone.localdate()
    referencia = ano or hoje.year
    data = data_de_referencia(referencia, hoje)
    ids = list(orgao_ids) if orgao_ids is not None else None
    resultado = PessoalDoPainel(data, participacao_em_comissao(ids, data), participacao_em_estagio(ids, data),
                                composicao_dos_servidores(ids, data))
    if resultado.vazio:
        return resultado
    anos = list(range(referencia - ANOS_NA_SERIE + 1, referencia + 1))
    series = {tipo: serie_da_participacao(ids, anos, tipo) for tipo in (TipoQuadro.COMISSAO, TipoQuadro.ESTAGIO)}
    resultado.figuras = [figuras.participacao_no_pessoal(anos, series), figuras.composicao_dos_servidores(
        resultado.servidores)]
    return resultado

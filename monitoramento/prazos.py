"""Os prazos dos relatórios da comissão de monitoramento (Python puro, sem banco).

O relatório anual é entregue no mês que a lei diz (`Lei.relatorio_anual_mes`; Ubatuba art. 9º, § 2º: «anualmente, no
mês de abril») e fala do ano anterior, o último inteiro: o de abril de 2025 relata a execução da lei em 2024 (o ano de
referência). O prazo é o último dia daquele mês no ano seguinte ao de referência. O aviso aparece a partir do mês
anterior ao do prazo (março, para abril) e fica até o fim do mês do prazo.

A lei chega como qualquer objeto com os atributos `relatorio_anual_mes` e `artigo_relatorio_anual`
(`legislacao.models.Lei`).
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date

MESES = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
         "novembro", "dezembro")


def prazo_do_relatorio_anual(lei, ano: int) -> date | None:
    """O último dia para entregar o relatório anual do ano de referência `ano`; None se a lei não pede relatório
    anual."""
    mes = lei.relatorio_anual_mes
    if not mes:
        return None
    return date(ano + 1, mes, monthrange(ano + 1, mes)[1])


def aviso_do_relatorio_anual(lei, data: date) -> str:
    """O aviso do relatório anual na data `data`, do primeiro dia do mês anterior ao do prazo até o fim dele: «O
    relatório anual vence em abril (art. 9º, § 2º), até 30/04/2025.»; vazio fora desse intervalo ou se a lei não pede
    relatório anual."""
    mes = lei.relatorio_anual_mes
    if not mes:
        return ""
    # O próximo prazo a partir de `data`: o deste ano ou, passado ele, o do ano seguinte (em dezembro, o de janeiro).
    prazo = prazo_do_relatorio_anual(lei, data.year - 1)
    if data > prazo:
        prazo = prazo_do_relatorio_anual(lei, data.year)
    inicio = date(prazo.year - 1, 12, 1) if mes == 1 else date(prazo.year, mes - 1, 1)
    if data < inicio:
        return ""
    artigo = f" ({lei.artigo_relatorio_anual})" if lei.artigo_relatorio_anual else ""
    return f"O relatório anual vence em {MESES[mes - 1]}{artigo}, até {prazo:%d/%m/%Y}."

"""Texto e datas como o usuário lê (Python puro, sem Django: os módulos puros também o usam): datas em dd/mm/aaaa,
números com o ponto de milhar, plurais de verdade, e a comparação de textos sem acento."""

from __future__ import annotations

import unicodedata
from calendar import isleap
from datetime import date
from decimal import Decimal


def data_br(valor: date | None, vazio: str = "") -> str:
    """A data em dd/mm/aaaa; `vazio` quando não há data."""
    return valor.strftime("%d/%m/%Y") if valor else vazio


MESES = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
         "novembro", "dezembro")


def data_por_extenso(valor: date) -> str:
    """«3 de dezembro de 2026», como o fecho dos atos oficiais (o mês em minúsculas; o dia 1 é «1º»)."""
    dia = "1º" if valor.day == 1 else str(valor.day)
    return f"{dia} de {MESES[valor.month - 1]} de {valor.year}"


def milhar(n: int) -> str:
    """O inteiro com o separador de milhar brasileiro: 1.000.000."""
    return f"{n:,}".replace(",", ".")


def moeda_br(valor: Decimal | None, vazio: str = "") -> str:
    """1234.5 → «R$ 1.234,50», com espaço que não quebra depois do símbolo; `vazio` quando não há valor."""
    if valor is None:
        return vazio
    return "R$\u00a0" + f"{valor:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def percentual_br(valor: Decimal) -> str:
    """17.00 → «17%», 2.50 → «2,5%»: como os editais escrevem."""
    return format(Decimal(valor).normalize(), "f").replace(".", ",") + "%"


def sem_acento(texto: str) -> str:
    """O texto sem os acentos e cedilhas (decomposição NFKD, só os caracteres ASCII): «Iúna» → «Iuna»."""
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


def plural(n: int, singular: str, plural: str | None = None) -> str:
    """«1 membro presente», «3 membros presentes», «1.200 vagas»: o número (com o ponto de milhar) e a palavra na forma
    certa; sem `plural`, a forma do plural é a do singular com «s»."""
    return f"{milhar(n)} {singular if n == 1 else plural or singular + 's'}"


def somar_meses(inicio: date, meses: int) -> date:
    """A mesma data `meses` depois; num mês mais curto, o último dia dele (31/01 + 1 mês = 28 ou 29/02)."""
    mes = inicio.month - 1 + meses
    ano, mes = inicio.year + mes // 12, mes % 12 + 1
    ultimo = (date(ano + mes // 12, mes % 12 + 1, 1) - date.resolution).day
    return inicio.replace(year=ano, month=mes, day=min(inicio.day, ultimo))


def vencimento_em_anos(inicio: date, anos: int) -> date:
    """O dia em que vence um prazo de `anos` anos contado de `inicio`: o de igual número e mês, `anos` anos depois, ou o
    imediato, se falta a correspondência (29/02 num ano que não é bissexto → 01/03). Lei 810/1949, arts. 1º e 3º;
    Código Civil, art. 132, § 3º. O dia do vencimento ainda é do prazo (art. 132, caput; decisão 0018)."""
    ano = inicio.year + anos
    if (inicio.month, inicio.day) == (2, 29) and not isleap(ano):
        return date(ano, 3, 1)
    return inicio.replace(year=ano)


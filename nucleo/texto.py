"""Texto como o usuário lê (Python puro, sem Django: os módulos puros também o usam): datas em dd/mm/aaaa,
números com o ponto de milhar, plurais de verdade, e a comparação de textos sem acento."""

from __future__ import annotations

import unicodedata
from datetime import date


def data_br(valor: date | None, vazio: str = "") -> str:
    """A data em dd/mm/aaaa; `vazio` quando não há data."""
    return valor.strftime("%d/%m/%Y") if valor else vazio


def milhar(n: int) -> str:
    """O inteiro com o separador de milhar brasileiro: 1.000.000."""
    return f"{n:,}".replace(",", ".")


def sem_acento(texto: str) -> str:
    """O texto sem os acentos e cedilhas (decomposição NFKD, só os caracteres ASCII): «Iúna» → «Iuna»."""
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


def plural(n: int, singular: str, plural: str | None = None) -> str:
    """«1 membro presente», «3 membros presentes», «1.200 vagas»: o número (com o ponto de milhar) e a palavra na forma
    certa; sem `plural`, a forma do plural é a do singular com «s»."""
    return f"{milhar(n)} {singular if n == 1 else plural or singular + 's'}"

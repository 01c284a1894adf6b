"""Texto como o usuário lê: datas em dd/mm/aaaa."""

from __future__ import annotations

from datetime import date


def data_br(valor: date | None, vazio: str = "") -> str:
    """A data em dd/mm/aaaa; `vazio` quando não há data."""
    return valor.strftime("%d/%m/%Y") if valor else vazio

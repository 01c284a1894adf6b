"""Pequenos ajudantes de texto da heteroidentificação (Python puro): plurais de verdade, sem «(s)»."""

from __future__ import annotations


def plural(n: int, singular: str, plural_: str) -> str:
    """«1 membro presente», «3 membros presentes»."""
    return f"{n} {singular if n == 1 else plural_}"

"""Leitura de PDFs nos testes: páginas e texto (pypdf, puro Python: não depende do poppler na CI)."""

from __future__ import annotations

import io

from pypdf import PdfReader


def paginas(conteudo: bytes) -> list[str]:
    """O texto de cada página, com espaços rígidos e «word joiners» normalizados."""
    leitor = PdfReader(io.BytesIO(conteudo))
    return [(p.extract_text() or "").replace("\u00a0", " ").replace("\u2060", "") for p in leitor.pages]


def texto(conteudo: bytes) -> str:
    return "\n".join(paginas(conteudo))


def so_espacos_simples(texto: str) -> str:
    return " ".join(texto.split())

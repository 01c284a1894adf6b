"""Leitura de PDFs nos testes: páginas e texto (pypdf, puro Python: não depende do poppler na CI)."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader


def paginas(conteudo: bytes) -> list[str]:
    """O texto de cada página, com espaços rígidos e «word joiners» normalizados."""
    leitor = PdfReader(io.BytesIO(conteudo))
    return [(p.extract_text() or "").replace("\u00a0", " ").replace("\u2060", "") for p in leitor.pages]


def texto(conteudo: bytes) -> str:
    return "\n".join(paginas(conteudo))


def so_espacos_simples(texto: str) -> str:
    return " ".join(texto.split())


_PONTO = r"(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)"
_TRECHO = re.compile(_PONTO + r" m\n" + _PONTO + r" l\n")


def qr_codes_desenhados(conteudo: bytes) -> list[set[tuple[int, int]]]:
    """Os QR codes que cada página desenha como vetor, lidos do próprio PDF: o SVG do segno vira uma sequência de
    traços horizontais (um por trecho escuro de cada linha de módulos); cada traço volta a ser os módulos que cobre.
    Devolve, por página, as casas escuras (linha, coluna) do maior desenho desse tipo (vazio, sem desenho)."""
    desenhos = []
    for pagina in PdfReader(io.BytesIO(conteudo)).pages:
        fluxo = pagina.get_contents().get_data().decode("latin-1")
        blocos = [b for b in fluxo.split("\nS\n") if _TRECHO.search(b)]
        if not blocos:
            desenhos.append(set())
            continue
        tracos = [tuple(map(float, t)) for t in _TRECHO.findall(max(blocos, key=lambda b: len(_TRECHO.findall(b))))]
        tracos = [(x1, y1, x2) for x1, y1, x2, y2 in tracos if y1 == y2]
        modulo = min(abs(x2 - x1) for x1, _, x2 in tracos)
        x0, y0 = min(min(x1, x2) for x1, _, x2 in tracos), min(y for _, y, _ in tracos)
        casas = set()
        for x1, y, x2 in tracos:
            linha, inicio = round((y - y0) / modulo), round((min(x1, x2) - x0) / modulo)
            casas |= {(linha, inicio + i) for i in range(round(abs(x2 - x1) / modulo))}
        desenhos.append(casas)
    return desenhos


def casas_do_qr(matriz) -> set[tuple[int, int]]:
    return {(i, j) for i, linha in enumerate(matriz) for j, escuro in enumerate(linha) if escuro}

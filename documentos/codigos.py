"""Códigos de verificação dos documentos: curtos, fáceis de ditar e de digitar, impossíveis de adivinhar.

Alfabeto de Crockford (base 32 sem I, L, O e U): não há dois sinais que se confundam no papel, e na
leitura aceitamos as trocas mais comuns (O por 0; I e L por 1), minúsculas, espaços e hífens. Doze
sinais dão 60 bits: ninguém chega a um documento alheio tentando códigos ao acaso.
"""

from __future__ import annotations

import re
import secrets

ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TAMANHO = 12
GRUPO = 4
_TROCAS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_SEPARADORES = re.compile(r"[\s\-–—._/]+")
PADRAO_URL = r"[0-9A-Za-z\-]{12,20}"


def novo_codigo() -> str:
    """Um código novo, já formatado em grupos: «7KQ2-9XHM-4TPA»."""
    return formatar("".join(secrets.choice(ALFABETO) for _ in range(TAMANHO)))


def formatar(sinais: str) -> str:
    return "-".join(sinais[i:i + GRUPO] for i in range(0, len(sinais), GRUPO))


def normalizar(digitado: str) -> str | None:
    """O código na forma guardada, ou None se o texto não pode ser um código (tamanho ou sinal inválido)."""
    sinais = _SEPARADORES.sub("", (digitado or "").strip()).upper().translate(_TROCAS)
    if len(sinais) != TAMANHO or any(s not in ALFABETO for s in sinais):
        return None
    return formatar(sinais)

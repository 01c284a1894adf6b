"""A urna eletrônica: cada cédula chega ao banco só cifrada (sem Django; biblioteca `cryptography`).

Afonso Cláudio, Lei 2.552/2023, art. 11, § 2º: os votos são sempre secretos. Quem lê o banco — as tabelas, as
colunas de sistema (`xmin`, `ctid`), as tuplas mortas, o WAL, os backups, uma réplica, o log de comandos —
consegue ligar uma participação («o membro X votou») à cédula gravada na mesma transação, mas a cédula é um
texto cifrado com AES-256-GCM sob uma chave que fica só no ambiente do servidor (`CHAVE_CEDULAS`), nunca no
banco. Sem a chave, a cédula de quem confirma e a de quem não confirma são indistinguíveis: mesmo tamanho, e
cada uma com um nonce aleatório, de modo que dois votos iguais nunca dão o mesmo texto cifrado. Ameaças e
limites: docs/decisoes/0003-sigilo-do-voto.md.

Os dados associados (autenticados, não cifrados) prendem cada cédula à sua avaliação e à sua própria chave
primária: uma cédula copiada para outra avaliação, ou duplicada com outra chave, não abre.
"""

from __future__ import annotations

import os
import uuid

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

VERSAO = b"\x01"
NONCE = 12
# versão (1) + nonce (12) + o voto cifrado (1) + a etiqueta de autenticação (16): igual para os dois votos.
TAMANHO = 1 + NONCE + 1 + 16
_CONFIRMA, _NAO_CONFIRMA = b"\x01", b"\x00"


class CedulaInvalida(ValueError):
    """A cédula não abre com esta chave: a chave mudou durante a votação, ou a cédula foi alterada no banco."""


def _dados_associados(avaliacao_id: int, cedula_id: uuid.UUID) -> bytes:
    return b"cedula-v1|" + str(avaliacao_id).encode("ascii") + b"|" + cedula_id.bytes


def lacrar(confirma: bool, *, chave: bytes, avaliacao_id: int, cedula_id: uuid.UUID) -> bytes:
    """A cédula cifrada, pronta para o banco: `TAMANHO` bytes, seja qual for o voto."""
    nonce = os.urandom(NONCE)
    texto = _CONFIRMA if confirma else _NAO_CONFIRMA
    return VERSAO + nonce + AESGCM(chave).encrypt(nonce, texto, _dados_associados(avaliacao_id, cedula_id))


def abrir(conteudo: bytes, *, chave: bytes, avaliacao_id: int, cedula_id: uuid.UUID) -> bool:
    """O voto da cédula (True confirma), só na memória do processo que apura."""
    conteudo = bytes(conteudo)
    if len(conteudo) != TAMANHO or conteudo[:1] != VERSAO:
        raise CedulaInvalida("A cédula não tem o formato de uma cédula cifrada.")
    nonce, cifrado = conteudo[1:1 + NONCE], conteudo[1 + NONCE:]
    try:
        texto = AESGCM(chave).decrypt(nonce, cifrado, _dados_associados(avaliacao_id, cedula_id))
    except InvalidTag as erro:
        raise CedulaInvalida("A cédula não abre com a chave do servidor.") from erro
    if texto not in (_CONFIRMA, _NAO_CONFIRMA):
        raise CedulaInvalida("A cédula não contém um voto.")
    return texto == _CONFIRMA

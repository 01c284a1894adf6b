"""O SHA-256 de um arquivo, lido aos pedaços (hashlib.file_digest, que solta o GIL): o do arquivo da banca guardado na
importação, o de um PDF enviado à página de verificação, o de um arquivo que a guarda apaga."""

from __future__ import annotations

import hashlib


def sha256_do_arquivo(arquivo) -> str:
    """O SHA-256 (hexadecimal) do arquivo inteiro, lido do começo; o arquivo volta ao começo. Aceita um arquivo
    binário aberto ou um arquivo do Django (enviado ou de um FileField aberto), cujo `.file` é o arquivo de verdade."""
    bruto = getattr(arquivo, "file", arquivo)
    bruto.seek(0)
    try:
        return hashlib.file_digest(bruto, "sha256").hexdigest()
    finally:
        bruto.seek(0)

"""Envios multipart nos testes, com o corpo contando quanto o servidor leu dele: um envio recusado em fluxo para de
ser lido no limite."""

from __future__ import annotations

import io

from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

MB = 1024 * 1024


class CorpoContado(io.BytesIO):
    """O corpo da requisição, contando o que o servidor leu dele."""

    lido = 0

    def read(self, tamanho=-1):
        dados = super().read(tamanho)
        self.lido += len(dados)
        return dados

    def readline(self, tamanho=-1):
        dados = super().readline(tamanho)
        self.lido += len(dados)
        return dados


def postar_contado(cliente, url: str, campos: dict, *, declarado: int | None = None):
    """POST multipart de `campos` (na ordem dada); devolve a resposta, o corpo contado e o tamanho dele."""
    corpo = encode_multipart(BOUNDARY, campos)
    entrada = CorpoContado(corpo)
    resposta = cliente.generic("POST", url, **{
        "wsgi.input": entrada, "CONTENT_TYPE": MULTIPART_CONTENT,
        "CONTENT_LENGTH": str(declarado if declarado is not None else len(corpo))})
    return resposta, entrada, len(corpo)

"""O endereço público do sistema: o que os documentos imprimem (rodapé e QR code) e os comandos mostram.

Em produção é `SITE_URL`, obrigatório (config/settings.py). Em desenvolvimento sem `SITE_URL` no ambiente, o padrão é
`http://127.0.0.1:<PORT>`, e, numa página pedida ao servidor, o endereço que o navegador usou: quem roda
`manage.py runserver 0.0.0.0:9000` e abre o sistema de outro computador recebe um QR code que esse computador abre.
O endereço do pedido passa pela validação de `ALLOWED_HOSTS` (`request.get_host()`).
"""

from __future__ import annotations

from contextvars import ContextVar

from django.conf import settings

_DO_PEDIDO: ContextVar[str | None] = ContextVar("endereco_do_pedido", default=None)


def endereco_publico() -> str:
    """O começo dos endereços absolutos, sem a barra final (`https://concursos.prefeitura.gov.br`)."""
    return _DO_PEDIDO.get() or settings.SITE_URL


class EnderecoDoPedido:
    """Em desenvolvimento sem `SITE_URL`, guarda o endereço do pedido enquanto ele é atendido."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.ativo = settings.DEBUG and not settings.SITE_URL_DO_AMBIENTE

    def __call__(self, request):
        if not self.ativo:
            return self.get_response(request)
        marca = _DO_PEDIDO.set(f"{request.scheme}://{request.get_host()}")
        try:
            return self.get_response(request)
        finally:
            _DO_PEDIDO.reset(marca)

"""Pedidos ao mesmo tempo, cada um numa thread com a sua conexão (no PostgreSQL, transações de verdade): as threads
largam juntas, como dois cliques, duas abas ou duas pessoas."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections

from nucleo.servicos import ErroOperacao

RECUSADO = "recusado"


def ao_mesmo_tempo(vezes: int, pedido: Callable[[], object]) -> list[object]:
    """O que cada um dos `vezes` pedidos devolveu, ou RECUSADO para o que a operação recusou (ErroOperacao)."""
    resultados: list[object] = []
    largada = threading.Barrier(vezes)

    def rodar() -> None:
        try:
            largada.wait()
            resultados.append(pedido())
        except ErroOperacao:
            resultados.append(RECUSADO)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=rodar) for _ in range(vezes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return resultados

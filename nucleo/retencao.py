"""O fim da guarda dos dados pessoais (LGPD art. 15, I, e art. 16): quem decide o que venceu é o app dos certames; cada
app registra aqui o que apaga ou anonimiza nos seus dados quando os certames de uma lista passam da guarda. O núcleo só
os chama, na ordem do registro."""

from __future__ import annotations

from collections.abc import Callable

Anonimizador = Callable[[list[int]], int]
_ANONIMIZADORES: list[tuple[str, Anonimizador]] = []


def anonimizador(nome: str, funcao: Anonimizador) -> None:
    """Registra `funcao(ids_dos_certames) -> quantos registros anonimizou`, com um nome para o resumo."""
    if all(registrada is not funcao for _, registrada in _ANONIMIZADORES):
        _ANONIMIZADORES.append((nome, funcao))


def anonimizar(certames: list[int]) -> dict[str, int]:
    return {nome: funcao(certames) for nome, funcao in _ANONIMIZADORES}

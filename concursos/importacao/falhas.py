"""Falhas da importação no log do servidor e na tela, sem os dados do arquivo (LGPD art. 46).

A mensagem de uma exceção do banco traz o valor que a causou: no PostgreSQL, a linha inteira do COPY
(CPF, nascimento, e-mail, telefone, cor ou raça) no CONTEXT e a chave repetida no DETAIL; a de um parser,
o trecho do arquivo. O log recebe o tipo da exceção, o código SQLSTATE e a pilha de chamadas (onde
falhou), nunca a mensagem; a tela, um motivo em português.
"""

from __future__ import annotations

import logging
import traceback

from django.db import DataError, IntegrityError, OperationalError

# Os códigos SQLSTATE (PostgreSQL) que uma importação encontra de fato, com o que dizer a quem enviou.
_MOTIVOS = {
    "23505": "um número de inscrição, um CPF no cargo ou uma classificação no cargo já foi gravado por outra "
             "operação ao mesmo tempo; envie o arquivo de novo",
    "40001": "outra gravação simultânea no mesmo certame; envie o arquivo de novo",
    "40P01": "outra gravação simultânea no mesmo certame; envie o arquivo de novo",
    "57014": "a gravação passou do tempo máximo do banco de dados",
}


def descricao(exc: BaseException) -> str:
    """O tipo da exceção (e das que a causaram) com o SQLSTATE, sem a mensagem: «IntegrityError (SQLSTATE
    23505) ← UniqueViolation (SQLSTATE 23505)»."""
    partes = []
    atual: BaseException | None = exc
    while atual is not None and len(partes) < 5:
        codigo = getattr(atual, "sqlstate", None) or getattr(getattr(atual, "__cause__", None), "sqlstate", None)
        partes.append(type(atual).__name__ + (f" (SQLSTATE {codigo})" if codigo else ""))
        atual = atual.__cause__ or atual.__context__
    return " ← ".join(partes)


def registrar(logger: logging.Logger, mensagem: str, *args, exc: BaseException, nivel: int = logging.ERROR,
              com_pilha: bool = True) -> None:
    """Registra a falha com o tipo da exceção e (`com_pilha`) a pilha de chamadas, sem a mensagem dela."""
    if not com_pilha:
        logger.log(nivel, f"{mensagem} {descricao(exc)}.", *args)
        return
    pilha = "".join(traceback.format_tb(exc.__traceback__)).rstrip()
    logger.log(nivel, f"{mensagem} {descricao(exc)}.\n%s", *args, pilha)


def motivo_do_banco(exc: BaseException) -> str:
    """Por que o banco recusou a gravação, em português e sem os valores do arquivo."""
    codigo = getattr(exc, "sqlstate", None) or getattr(exc.__cause__, "sqlstate", None)
    if codigo in _MOTIVOS:
        return _MOTIVOS[codigo]
    if isinstance(exc, IntegrityError):
        return _MOTIVOS["23505"]
    if isinstance(exc, DataError):
        return "um valor do arquivo não coube no formato do banco de dados"
    if isinstance(exc, OperationalError):
        return "o banco de dados não respondeu como devia (conexão, espaço ou bloqueio)"
    return f"erro do banco de dados ({descricao(exc)})"

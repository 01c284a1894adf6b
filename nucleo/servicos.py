"""O que as escritas de todos os apps têm em comum: o erro que a tela mostra e o registro no histórico.

Cada escrita é uma função, numa transação, que trava o que vai mudar (duas pessoas apertando o mesmo botão ao mesmo
tempo não nomeiam duas vezes) e deixa registro: o histórico (django-simple-history, com o usuário e o motivo) e, nas
chamadas, o próprio ato, que nunca é alterado nem apagado.
"""

from __future__ import annotations


class ErroOperacao(Exception):
    """A operação não pode ser feita agora; a mensagem, em português, diz por quê."""


def auditar(objeto, usuario, motivo: str) -> None:
    objeto._history_user = usuario
    # O motivo do django-simple-history cabe em 100 caracteres; o resto fica nos próprios registros.
    objeto._change_reason = motivo if len(motivo) <= 100 else motivo[:99] + "…"


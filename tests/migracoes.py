"""Para os testes de migração: levar o banco de teste a um ponto do histórico e, no fim, de volta ao último."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrar(alvo: list[tuple[str, str]] | None = None):
    """Aplica (ou desfaz) as migrações até `alvo` (sem alvo, até a última de cada app); devolve os modelos de então."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    alvo = alvo or executor.loader.graph.leaf_nodes()
    executor.migrate(alvo)
    return executor.loader.project_state(alvo).apps


def no_estado(alvo: list[tuple[str, str]]):
    """Corpo de fixture: o banco em `alvo` durante o teste e, depois dele, de novo na última migração de cada app."""
    yield migrar(alvo)
    migrar()

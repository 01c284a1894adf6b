"""Paginação das listas grandes do admin (inscrições, candidatos) sem o COUNT(*) de um milhão de linhas.

No PostgreSQL o COUNT(*) de uma tabela grande lê a tabela inteira (centenas de milissegundos por página).
Para o RH basta saber que há «cerca de 1.000.000»: sem filtro, a estimativa é a do catálogo
(pg_class.reltuples, mantida pelo ANALYZE); com filtro, a do planejador (EXPLAIN). Quando a estimativa
é pequena, conta-se de verdade: uma busca por CPF mostra «1 inscrição», não «cerca de 1».
"""

from __future__ import annotations

import json

from django.core.exceptions import EmptyResultSet
from django.core.paginator import Paginator
from django.db import connections
from django.db.models import QuerySet
from django.utils.functional import cached_property

from nucleo.texto import milhar


class PaginadorEstimado(Paginator):
    # Abaixo disso a contagem exata é barata (usa índice e poucas páginas do disco).
    LIMITE_EXATO = 20_000

    estimada = False

    def __init__(self, *args, estimar: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.estimar = estimar

    @cached_property
    def count(self) -> int:
        consulta = self.object_list
        if self.estimar and isinstance(consulta, QuerySet) and connections[consulta.db].vendor == "postgresql":
            estimativa = self._estimar(consulta)
            if estimativa is not None and estimativa > self.LIMITE_EXATO:
                self.estimada = True
                return estimativa
        return super().count

    @property
    def contagem_legivel(self) -> str:
        return milhar(self.count)

    @staticmethod
    def _estimar(consulta: QuerySet) -> int | None:
        with connections[consulta.db].cursor() as cursor:
            if not consulta.query.where:
                cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass",
                               [consulta.model._meta.db_table])
                linha = cursor.fetchone()
                # -1: tabela ainda não analisada (ANALYZE); aí conta-se de verdade.
                return linha[0] if linha and linha[0] >= 0 else None
            try:
                sql, parametros = consulta.order_by().query.sql_with_params()
            except EmptyResultSet:  # p. ex. queryset.none(): a contagem exata é 0 sem consultar
                return None
            cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", parametros)
            plano = cursor.fetchone()[0]
        if isinstance(plano, str):
            plano = json.loads(plano)
        return int(plano[0]["Plan"]["Plan Rows"])

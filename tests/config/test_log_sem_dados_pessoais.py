"""Nada pessoal vai ao log (LGPD art. 46: medidas de segurança contra acesso não autorizado), nem com o log do Django
em DEBUG: o log do SQL traria os valores de cada consulta, como a autodeclaração nos avisos da importação."""

import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext


@pytest.fixture
def django_em_debug():
    registrador = logging.getLogger("django")
    antes = registrador.level
    registrador.setLevel(logging.DEBUG)
    yield
    registrador.setLevel(antes)


@pytest.mark.django_db
def test_o_sql_com_os_valores_nao_vai_ao_log_nem_em_debug(caplog, django_em_debug):
    caplog.set_level(logging.DEBUG)
    with CaptureQueriesContext(connection) as consultas, connection.cursor() as cursor:
        cursor.execute("SELECT %s", ["autodeclarado pardo, CPF 123.456.789-09"])
    assert len(consultas) == 1
    assert "123.456.789-09" not in caplog.text

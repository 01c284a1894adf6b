"""O endereço impresso nos documentos (QR code e rodapé) e nos comandos é o do servidor que está no ar: `make run
PORT=…` imprime a porta servida, e em desenvolvimento, sem SITE_URL, a página pedida leva o endereço que o
navegador usou."""

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.test import RequestFactory

from nucleo.endereco import EnderecoDoPedido, endereco_publico


def site_url_em_desenvolvimento(**variaveis: str) -> str:
    env = {chave: valor for chave, valor in os.environ.items() if chave not in {"SITE_URL", "PORT"}}
    env.update(DEBUG="1", PYTHONIOENCODING="utf-8", **variaveis)
    r = subprocess.run([sys.executable, "manage.py", "shell", "-c",
                        "from django.conf import settings; print(settings.SITE_URL)"],
                       cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().splitlines()[-1]


def test_em_desenvolvimento_o_padrao_e_a_porta_servida():
    assert site_url_em_desenvolvimento() == "http://127.0.0.1:8000"
    assert site_url_em_desenvolvimento(PORT="8123") == "http://127.0.0.1:8123"
    assert site_url_em_desenvolvimento(PORT="8123", SITE_URL="https://h.gov.br/") == "https://h.gov.br"


def test_make_run_passa_a_porta_ao_servidor_e_aos_comandos():
    r = subprocess.run(["make", "-n", "run", "PORT=8123"], cwd=settings.BASE_DIR, capture_output=True, text=True,
                       timeout=60)
    assert "runserver 127.0.0.1:8123" in r.stdout


@pytest.mark.parametrize("do_ambiente, esperado", [(False, "http://localhost:9000"),
                                                    (True, "https://concursos.prefeitura.gov.br")])
def test_a_pagina_pedida_em_desenvolvimento_leva_o_endereco_do_navegador(settings, do_ambiente, esperado):
    settings.DEBUG, settings.SITE_URL_DO_AMBIENTE = True, do_ambiente
    settings.SITE_URL, settings.ALLOWED_HOSTS = "https://concursos.prefeitura.gov.br", ["localhost"]
    vistos = []
    meio = EnderecoDoPedido(lambda request: vistos.append(endereco_publico()))
    meio(RequestFactory().get("/", HTTP_HOST="localhost:9000"))
    assert vistos == [esperado]
    assert endereco_publico() == "https://concursos.prefeitura.gov.br"

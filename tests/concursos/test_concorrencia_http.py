"""Dez pedidos simultâneos de «Chamar novas vagas» para 1 vaga, por HTTP, contra o gunicorn no PostgreSQL (issue 11).

Como o RH faria com um clique repetido ou dez abas: a mesma página, já confirmada na prévia, enviada dez vezes no
mesmo instante a um servidor de produção (DEBUG=0, vários processos e threads), com a sessão, o CSRF e o proxy HTTPS
de verdade. Cada pedido é uma requisição num processo do gunicorn, com a sua conexão ao banco: só a trava do cargo e
o número da última chamada que a página viu (`_exigir_a_ultima_chamada`) separam uma nomeação de dez. Uma chamada só.
"""

from __future__ import annotations

import base64
import http.client
import os
import re
import secrets
import socket
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import Permission
from django.db import connection

from concursos.models import Chamada, Convocacao, TipoChamada
from concursos.services.chamadas import chamada_inicial
from tests.concursos.test_porta_da_heteroidentificacao import CONFIRMADO, HOJE, _heteroidentificacao, cargo_afonso  # noqa: F401
from tests.conftest import lotar_em_todos

RAIZ = Path(__file__).resolve().parents[2]
SENHA = "senha-do-rh-123"
PEDIDOS = 10

pytestmark = [
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="o gunicorn e as travas do PostgreSQL"),
]


class Navegador:
    """Um cliente HTTP mínimo, com os cookies da sessão e os cabeçalhos de um navegador atrás do proxy HTTPS."""

    def __init__(self, porta: int, cookies: dict | None = None):
        self.porta, self.origem = porta, f"https://127.0.0.1:{porta}"
        self.cookies = dict(cookies or {})

    def pedir(self, metodo: str, caminho: str, dados: dict | None = None) -> tuple[int, str]:
        conexao = http.client.HTTPConnection("127.0.0.1", self.porta, timeout=60)
        cabecalhos = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.porta}",
                      "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        corpo = None
        if dados is not None:
            corpo = urllib.parse.urlencode({**dados, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            cabecalhos |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origem,
                           "Referer": self.origem + caminho}
        conexao.request(metodo, caminho, body=corpo, headers=cabecalhos)
        resposta = conexao.getresponse()
        texto = resposta.read().decode("utf-8", "replace")
        for valor in resposta.headers.get_all("Set-Cookie") or []:
            nome, _, resto = valor.partition("=")
            self.cookies[nome.strip()] = resto.split(";", 1)[0]
        conexao.close()
        return resposta.status, texto


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def gunicorn():
    """O sistema servido pelo gunicorn em modo de produção, sobre o banco deste teste."""
    banco = connection.settings_dict
    url = (f"postgres://{banco['USER']}@{banco['HOST'] or '127.0.0.1'}:{banco['PORT'] or 5432}/{banco['NAME']}")
    porta = _porta_livre()
    ambiente = {**os.environ, "DATABASE_URL": url, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
                "CHAVE_CEDULAS": base64.urlsafe_b64encode(os.urandom(32)).decode(), "ALLOWED_HOSTS": "127.0.0.1",
                "SITE_URL": "https://127.0.0.1",
                "SECURE_SSL_REDIRECT": "0", "TASKS_BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}
    processo = subprocess.Popen(
        [str(RAIZ / ".venv/bin/gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{porta}",
         "--workers", "3", "--threads", "4", "--worker-class", "gthread", "--log-level", "warning"],
        cwd=RAIZ, env=ambiente)
    try:
        for _ in range(150):
            if processo.poll() is not None:
                pytest.fail("O gunicorn não subiu (veja a saída acima).")
            try:
                if Navegador(porta).pedir("GET", "/admin/login/")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("O gunicorn não respondeu.")
        yield porta
    finally:
        processo.terminate()
        processo.wait(timeout=30)


def _entrar_como_rh(porta: int) -> Navegador:
    # O hash da senha com o algoritmo do servidor de produção (a suíte usa um mais rápido, que ele não aceita).
    usuario = get_user_model().objects.create_user("rh-concorrencia", is_staff=True,
                                                   password=None)
    usuario.password = PBKDF2PasswordHasher().encode(SENHA, PBKDF2PasswordHasher().salt(), iterations=1_000)
    usuario.save(update_fields=["password"])
    usuario.user_permissions.add(*Permission.objects.filter(
        content_type__app_label="concursos", codename__in=["view_certame", "change_certame", "add_chamada"]))
    lotar_em_todos(usuario)
    navegador = Navegador(porta)
    navegador.pedir("GET", "/admin/login/")
    status, _ = navegador.pedir("POST", "/admin/login/?next=/admin/", {"username": usuario.username,
                                                                      "password": SENHA})
    assert status == 302 and "sessionid" in navegador.cookies
    return navegador


def test_dez_pedidos_simultaneos_por_http_de_uma_vaga_nova_chamam_uma_vez(cargo_afonso, admin_user,  # noqa: F811
                                                                          gunicorn):
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    navegador = _entrar_como_rh(gunicorn)
    caminho = f"/admin/concursos/certame/cargo/{cargo_afonso.pk}/novas-vagas/"
    status, pagina = navegador.pedir("GET", caminho)
    assert status == 200, pagina[:500]
    ultima = re.search(r'name="ultima_chamada" value="(\d+)"', pagina).group(1)
    pedido = {"quantidade": "1", "data": HOJE.strftime("%d/%m/%Y"), "ato": "Portaria nº 2/2024",
              "ultima_chamada": ultima}
    status, previa = navegador.pedir("POST", caminho, pedido)
    assert status == 200 and "Prévia" in previa
    pedido["previa"] = re.search(r'name="previa" value="([^"]+)"', previa).group(1)
    assert not Chamada.objects.filter(cargo=cargo_afonso, tipo=TipoChamada.NOVAS_VAGAS).exists()

    largada = threading.Barrier(PEDIDOS)
    respostas: list[int] = []

    def confirmar() -> None:
        aba = Navegador(gunicorn, navegador.cookies)
        largada.wait()
        respostas.append(aba.pedir("POST", caminho, pedido)[0])

    threads = [threading.Thread(target=confirmar) for _ in range(PEDIDOS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(respostas) == PEDIDOS and all(status in (200, 302) for status in respostas)
    assert Chamada.objects.filter(cargo=cargo_afonso, tipo=TipoChamada.NOVAS_VAGAS).count() == 1
    assert Convocacao.objects.filter(cargo=cargo_afonso).count() == 6

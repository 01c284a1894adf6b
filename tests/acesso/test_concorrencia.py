"""O mesmo código enviado duas vezes ao mesmo tempo (quem espiou o código na tela e corre para usá-lo junto com o
dono): só um envio passa (PostgreSQL, conexões de verdade; o dispositivo é travado durante a conferência)."""

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from tests.acesso.test_segundo_fator import com_permissao, entrar_com_a_senha

pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True),
              pytest.mark.skipif(connection.vendor != "postgresql", reason="travas do PostgreSQL")]


def em_paralelo(funcao, vezes: int) -> None:
    """`funcao(i)` em `vezes` threads ao mesmo tempo, cada uma com a sua conexão ao banco."""
    def rodar(indice):
        try:
            funcao(indice)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=rodar, args=(i,)) for i in range(vezes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_o_mesmo_codigo_em_dois_envios_simultaneos_so_vale_uma_vez(servidora_do_rh, monkeypatch):
    usuario = com_permissao(servidora_do_rh, "concursos.ver_dados_sensiveis")
    dispositivo = TOTPDevice.objects.create(user=usuario, name="Celular", confirmed=True)
    clientes = [Client(), Client()]
    for cliente in clientes:
        entrar_com_a_senha(cliente, usuario)
    original = TOTPDevice.verify_token

    def lento(self, token):
        time.sleep(0.5)
        return original(self, token)

    monkeypatch.setattr(TOTPDevice, "verify_token", lento)
    codigo = f"{totp(dispositivo.bin_key):06d}"
    respostas = [None, None]

    def enviar(indice):
        respostas[indice] = clientes[indice].post(reverse("acesso:codigo"), {"codigo": codigo})

    em_paralelo(enviar, 2)
    assert sorted(r.status_code for r in respostas) == [200, 302]
    assert sum(cliente.get(reverse("admin:index")).status_code == 200 for cliente in clientes) == 1


def test_cem_senhas_em_paralelo_nao_passam_do_limite_de_tentativas(servidora_do_rh, monkeypatch):
    """Quem dispara muitos logins ao mesmo tempo ganha só as LOGIN_TENTATIVAS senhas conferidas, como em fila."""
    from django.contrib.auth.backends import ModelBackend

    conferidas = []
    original = ModelBackend.authenticate

    def contar(self, request, username=None, password=None, **kwargs):
        conferidas.append(password)
        return original(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", contar)

    def tentar(indice):
        Client().post(reverse("admin:login"), {"username": "servidora", "password": f"errada-{indice}"})

    em_paralelo(tentar, 100)
    assert len(conferidas) == 5

"""O login do RH no navegador: senha e código do aplicativo autenticador (a conta vê cor ou raça, LGPD art. 11), e
a primeira ativação pelo QR code e pela chave mostrados na tela."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from acesso.segundo_fator import chave_legivel
from demonstracao.perfis import garantir_perfis
from tests.e2e.conftest import digitar_o_codigo

pytestmark = pytest.mark.e2e
SENHA = "senha-do-rh-bem-longa"


@pytest.fixture
def usuario_do_rh(db):
    garantir_perfis()
    usuario = get_user_model().objects.create_user("maria.rh", password=SENHA, is_staff=True)
    usuario.groups.add(Group.objects.get(name="Recursos humanos"))
    return usuario


def entrar_com_a_senha(page, base: str) -> None:
    page.goto(f"{base}/admin/")
    page.get_by_label("Usuário").fill("maria.rh")
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Acessar").click()


def test_o_rh_entra_com_a_senha_e_o_codigo_e_chega_ao_painel(page, live_server, usuario_do_rh):
    dispositivo = TOTPDevice.objects.create(user=usuario_do_rh, name="Celular", confirmed=True)
    entrar_com_a_senha(page, live_server.url)
    expect(page.get_by_role("heading", name="Verificação em duas etapas")).to_be_visible()

    digitar_o_codigo(page, dispositivo)
    expect(page.get_by_role("heading", name="Administração")).to_be_visible()
    expect(page.get_by_role("link", name="Concursos", exact=False).first).to_be_visible()


def test_o_rh_sem_aplicativo_ativa_pelo_qr_code_e_pela_chave(page, live_server, usuario_do_rh):
    entrar_com_a_senha(page, live_server.url)
    expect(page.get_by_role("heading", name="Ativar a verificação em duas etapas")).to_be_visible()
    expect(page.get_by_alt_text("QR code para cadastrar a conta no aplicativo autenticador")).to_be_visible()

    dispositivo = TOTPDevice.objects.get(user=usuario_do_rh)
    chave = page.locator(".chave-totp").inner_text()
    assert chave == chave_legivel(dispositivo)
    page.get_by_label("Código de 6 dígitos").fill(f"{totp(dispositivo.bin_key):06d}")
    page.get_by_role("button", name="Ativar").click()
    expect(page.get_by_role("heading", name="Administração")).to_be_visible()

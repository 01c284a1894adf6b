"""Quanto dura o login (LGPD art. 46). Nos tablets compartilhados da mesa da comissão, a sessão de um membro
termina ao fechar o navegador e depois de 15 minutos sem uso, e o botão «Sair» a encerra com um toque: ninguém
vota pela conta de outro (Afonso Cláudio art. 11, § 2º). No admin, a sessão termina ao fechar o navegador e dura
no máximo 8 horas, não 14 dias."""

from datetime import timedelta

import pytest
from django.conf import settings as configuracao
from django.urls import reverse

from acesso.sessoes import PRAZOS
from tests.acesso.conftest import SENHA

MINHAS_SESSOES = reverse("comissao:minhas_sessoes")


@pytest.fixture
def relogio(time_machine):
    time_machine.move_to("2025-06-02 08:00 -03:00", tick=False)
    return time_machine


def entrar_na_comissao(client, membro):
    resposta = client.post(reverse("comissao:entrar"), {"username": membro.username, "password": SENHA})
    assert resposta.status_code == 302
    return resposta


def entrar_no_admin(client, usuario):
    resposta = client.post(reverse("admin:login"), {"username": usuario.username, "password": SENHA})
    assert resposta.status_code == 302
    return resposta


def esta_na_comissao(client) -> bool:
    return client.get(MINHAS_SESSOES).status_code == 200


def esta_no_admin(client) -> bool:
    return client.get(reverse("admin:index")).status_code == 200


@pytest.mark.parametrize("login", ["comissao", "admin"])
def test_o_cookie_da_sessao_nao_tem_validade_e_morre_ao_fechar_o_navegador(client, membro, servidora_do_rh, login):
    if login == "comissao":
        resposta = entrar_na_comissao(client, membro)
    else:
        resposta = entrar_no_admin(client, servidora_do_rh)
    cookie = resposta.cookies[configuracao.SESSION_COOKIE_NAME]
    assert cookie["max-age"] == "" and cookie["expires"] == ""


def test_a_sessao_do_membro_termina_depois_de_15_minutos_sem_uso(client, membro, relogio):
    entrar_na_comissao(client, membro)
    relogio.shift(timedelta(minutes=10))
    assert esta_na_comissao(client)
    relogio.shift(timedelta(minutes=14))
    assert esta_na_comissao(client), "o uso aos 10 minutos adiou o fim"

    relogio.shift(timedelta(minutes=15))
    resposta = client.get(MINHAS_SESSOES, follow=True)
    assert resposta.redirect_chain[-1][0].startswith(reverse("comissao:entrar"))
    assert "Sua sessão terminou depois de 15 minutos sem uso" in resposta.text
    assert "_auth_user_id" not in client.session


def test_a_contagem_automatica_de_votos_nao_adia_o_fim_da_sessao(client, membro, relogio):
    """A página do presidente pergunta sozinha, a cada poucos segundos, quantos já votaram: isso não é uso."""
    entrar_na_comissao(client, membro)
    for _ in range(16):
        relogio.shift(timedelta(minutes=1))
        client.get(reverse("comissao:participacao", args=[1]))
    assert not esta_na_comissao(client)


def test_a_inatividade_da_comissao_vem_da_configuracao(client, membro, relogio, settings):
    settings.SESSAO_COMISSAO_INATIVIDADE_MINUTOS = 5
    entrar_na_comissao(client, membro)
    relogio.shift(timedelta(minutes=5))
    assert not esta_na_comissao(client)


def test_a_sessao_do_admin_nao_cai_por_inatividade_mas_dura_no_maximo_8_horas(client, servidora_do_rh, relogio):
    entrar_no_admin(client, servidora_do_rh)
    relogio.shift(timedelta(hours=2))
    assert esta_no_admin(client)
    relogio.shift(timedelta(hours=5, minutes=59))
    assert esta_no_admin(client)

    relogio.shift(timedelta(minutes=1))
    resposta = client.get(reverse("admin:index"), follow=True)
    assert resposta.redirect_chain[-1][0].startswith(reverse("admin:login"))
    assert "Sua sessão terminou: ela dura no máximo 8 horas" in resposta.text


def test_a_duracao_maxima_vem_da_configuracao(client, servidora_do_rh, relogio, settings):
    settings.SESSAO_DURACAO_HORAS = 1
    entrar_no_admin(client, servidora_do_rh)
    relogio.shift(timedelta(minutes=61))
    assert not esta_no_admin(client)


def test_uma_sessao_sem_prazos_gravados_e_encerrada(client, servidora_do_rh):
    """As sessões abertas antes desta regra (14 dias, sem prazos) não sobrevivem a ela."""
    entrar_no_admin(client, servidora_do_rh)
    sessao = client.session
    del sessao[PRAZOS]
    sessao.save()
    assert not esta_no_admin(client)


def test_o_botao_sair_encerra_a_sessao_com_um_toque(client, membro):
    entrar_na_comissao(client, membro)
    tela = client.get(MINHAS_SESSOES).text
    assert f'<form method="post" action="{reverse("comissao:sair")}"' in tela

    resposta = client.post(reverse("comissao:sair"), follow=True)
    assert resposta.redirect_chain[-1][0] == reverse("comissao:entrar")
    assert "Você saiu da área da comissão" in resposta.text
    assert not esta_na_comissao(client)


def test_um_link_para_sair_nao_encerra_a_sessao_de_ninguem(client, membro):
    """Um GET (uma imagem ou um link numa página qualquer) não desconecta o membro no meio da votação."""
    entrar_na_comissao(client, membro)
    assert client.get(reverse("comissao:sair")).status_code == 405
    assert esta_na_comissao(client)


def test_o_membro_que_sai_nao_volta_pelo_botao_voltar(client, membro):
    """As páginas da comissão não ficam no cache do navegador (no-store) e, depois de sair, pedem login."""
    entrar_na_comissao(client, membro)
    assert "no-store" in client.get(MINHAS_SESSOES)["Cache-Control"]
    client.post(reverse("comissao:sair"))
    assert client.get(MINHAS_SESSOES).status_code == 302

"""Tentativas de adivinhar a senha (LGPD art. 46: medidas de segurança aptas a proteger os dados pessoais de acessos
não autorizados). Depois de LOGIN_TENTATIVAS erros para o mesmo usuário a partir do mesmo endereço, o login fica
bloqueado por LOGIN_BLOQUEIO_MINUTOS, até com a senha certa, no admin e na área da comissão."""

from datetime import timedelta

import pytest
from django.urls import reverse

from tests.acesso.conftest import SENHA

LOGINS = [pytest.param("admin:login", "servidora_do_rh", id="admin"),
          pytest.param("comissao:entrar", "membro", id="comissao")]


def tentar(client, pagina: str, usuario: str, senha: str, **extra):
    return client.post(reverse(pagina), {"username": usuario, "password": senha}, **extra)


def errar(client, pagina: str, usuario: str, vezes: int, **extra) -> None:
    for _ in range(vezes):
        assert tentar(client, pagina, usuario, "senha-errada", **extra).status_code in {200, 429}


def entrou(resposta) -> bool:
    return resposta.status_code == 302


@pytest.mark.parametrize(("pagina", "conta"), LOGINS)
def test_depois_de_cinco_erros_nem_a_senha_certa_entra_e_a_mensagem_diz_por_quanto_tempo(client, pagina, conta,
                                                                                          request):
    usuario = request.getfixturevalue(conta)
    errar(client, pagina, usuario.username, 4)
    resposta = tentar(client, pagina, usuario.username, "senha-errada")

    assert resposta.status_code == 429
    texto = resposta.content.decode()
    assert "Acesso bloqueado: foram 5 tentativas de entrar com senha ou código errado" in texto
    assert "Tente de novo daqui a 15 minutos" in texto
    assert 'lang="pt-br"' in texto.lower()

    resposta = tentar(client, pagina, usuario.username, SENHA)
    assert resposta.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(("pagina", "conta"), LOGINS)
def test_o_bloqueio_acaba_depois_do_prazo(client, pagina, conta, request, time_machine):
    usuario = request.getfixturevalue(conta)
    time_machine.move_to("2025-06-02 09:00 -03:00", tick=False)
    errar(client, pagina, usuario.username, 5)
    time_machine.shift(timedelta(minutes=14))
    assert tentar(client, pagina, usuario.username, SENHA).status_code == 429

    time_machine.shift(timedelta(minutes=16))
    assert entrou(tentar(client, pagina, usuario.username, SENHA))


def test_o_bloqueio_e_do_usuario_naquele_endereco_e_nao_da_prefeitura_inteira(client, servidora_do_rh, membro):
    """Uma prefeitura inteira sai por um só IP (NAT): o erro de um não bloqueia os colegas; e quem tenta adivinhar a
    senha de alguém de outro lugar não tranca a conta dessa pessoa."""
    errar(client, "admin:login", servidora_do_rh.username, 5)

    assert entrou(tentar(client, "comissao:entrar", membro.username, SENHA))
    assert entrou(tentar(client.__class__(), "admin:login", servidora_do_rh.username, SENHA,
                         REMOTE_ADDR="200.10.20.30"))


def test_variar_espacos_no_usuario_nao_da_novas_tentativas(client, servidora_do_rh):
    """O formulário tira os espaços do usuário antes de conferir a senha; o contador conta o usuário limpo."""
    for usuario in ["servidora", " servidora", "servidora ", "  servidora", "servidora  "]:
        tentar(client, "admin:login", usuario, "senha-errada")
    assert tentar(client, "admin:login", " servidora ", SENHA).status_code == 429


def test_um_x_forwarded_for_forjado_nao_escapa_do_bloqueio(client, servidora_do_rh, settings):
    """Sem proxy reverso declarado, o endereço é o da conexão: o cabeçalho escrito pelo cliente não conta."""
    for numero in range(5):
        tentar(client, "admin:login", "servidora", "senha-errada", HTTP_X_FORWARDED_FOR=f"10.0.0.{numero}")
    assert tentar(client, "admin:login", "servidora", SENHA, HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429


def test_atras_do_proxy_vale_o_endereco_que_o_proxy_anotou_e_nao_o_que_o_cliente_escreveu(client, servidora_do_rh,
                                                                                        settings):
    settings.PROXIES_REVERSOS = 1
    for numero in range(5):
        tentar(client, "admin:login", "servidora", "senha-errada",
               HTTP_X_FORWARDED_FOR=f"10.0.0.{numero}, 177.1.2.3")
    assert tentar(client, "admin:login", "servidora", SENHA,
                  HTTP_X_FORWARDED_FOR="10.9.9.9, 177.1.2.3").status_code == 429
    assert entrou(tentar(client, "admin:login", "servidora", SENHA, HTTP_X_FORWARDED_FOR="177.4.5.6"))


def test_o_limite_e_o_prazo_vem_da_configuracao(client, membro, settings):
    settings.AXES_FAILURE_LIMIT = 3
    settings.AXES_COOLOFF_TIME = timedelta(hours=1, minutes=30)
    errar(client, "comissao:entrar", membro.username, 2)
    resposta = tentar(client, "comissao:entrar", membro.username, "senha-errada")
    assert resposta.status_code == 429
    assert "foram 3 tentativas" in resposta.content.decode()
    assert "daqui a 1 hora e 30 minutos" in resposta.content.decode()


def test_um_acerto_zera_os_erros_anteriores(client, servidora_do_rh):
    errar(client, "admin:login", "servidora", 4)
    assert entrou(tentar(client, "admin:login", "servidora", SENHA))
    client.logout()
    errar(client, "admin:login", "servidora", 4)
    assert entrou(tentar(client, "admin:login", "servidora", SENHA))

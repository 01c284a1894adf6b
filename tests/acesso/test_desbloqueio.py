"""Os bloqueios de login no admin, em português: só a administração da instalação (superusuário ou o perfil
«Administração da instalação», `nucleo.ver_todos_os_orgaos`) vê quem está bloqueado e desbloqueia antes do prazo,
e cada desbloqueio fica no registro do admin — quem, quando, a conta e o endereço (LGPD art. 37 e art. 46)."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from acesso.models import Bloqueio
from demonstracao.perfis import garantir_perfis
from tests.acesso.conftest import SENHA
from tests.acesso.test_bloqueio import entrou, errar, tentar

pytestmark = pytest.mark.django_db

LISTA = reverse("admin:acesso_bloqueio_changelist")


def conta_com_perfil(nome: str, perfil: str | None = None, *permissoes: str) -> tuple:
    garantir_perfis()
    usuario = get_user_model().objects.create_user(nome, password="senha-do-perfil-1", is_staff=True)
    if perfil:
        usuario.groups.add(Group.objects.get(name=perfil))
    usuario.user_permissions.add(*Permission.objects.filter(codename__in=permissoes))
    cliente = Client()
    cliente.force_login(usuario)
    return usuario, cliente


@pytest.fixture
def instalacao():
    return conta_com_perfil("instalacao", "Administração da instalação")


@pytest.fixture
def bloqueada(client, servidora_do_rh):
    errar(client, "admin:login", servidora_do_rh.username, 5)
    assert tentar(client, "admin:login", servidora_do_rh.username, SENHA).status_code == 429
    return servidora_do_rh


def desbloquear(cliente, *bloqueios):
    return cliente.post(LISTA, {"action": "desbloquear", "_selected_action": [b.pk for b in bloqueios]})


def test_a_administracao_da_instalacao_ve_os_bloqueios_em_portugues(instalacao, bloqueada):
    _, cliente = instalacao
    pagina = cliente.get(LISTA).content.decode()
    assert "Bloqueios de login" in pagina
    assert "servidora" in pagina and "127.0.0.1" in pagina and "/admin/login/" in pagina
    assert "Bloqueado até" in pagina and "para visualizar" not in pagina
    assert "Desbloquear o login das contas selecionadas" in pagina
    for ingles in ("Access attempt", "Failed logins", "Attempt time", "User Agent", "Clean up expired"):
        assert ingles.lower() not in pagina.lower()
    assert "Bloqueios de login" in cliente.get(reverse("admin:index")).content.decode()


def test_desbloquear_libera_o_login_na_hora_e_fica_no_historico_da_conta(instalacao, bloqueada, client):
    usuario, cliente = instalacao
    antes = timezone.now()
    resposta = desbloquear(cliente, Bloqueio.objects.get())
    assert resposta.status_code == 302
    assert "Login de «servidora» a partir de 127.0.0.1 desbloqueado." in cliente.get(LISTA).content.decode()
    assert not AccessAttempt.objects.exists()
    assert entrou(tentar(client, "admin:login", bloqueada.username, SENHA))

    registro = LogEntry.objects.get()
    assert (registro.user, registro.action_flag, registro.content_type.model_class(), registro.object_id) == (
        usuario, CHANGE, get_user_model(), str(bloqueada.pk))
    assert antes <= registro.action_time <= timezone.now()
    assert registro.get_change_message() == "Login de «servidora» a partir de 127.0.0.1 desbloqueado antes do prazo."
    historico = cliente.get(reverse("admin:auth_user_history", args=[bloqueada.pk])).content.decode()
    assert "desbloqueado antes do prazo" in historico


def test_o_desbloqueio_de_um_usuario_que_nao_existe_fica_no_registro_do_bloqueio(instalacao, client):
    usuario, cliente = instalacao
    errar(client, "admin:login", "presidente.da.comissao", 5, REMOTE_ADDR="200.10.20.30")
    desbloquear(cliente, Bloqueio.objects.get())
    registro = LogEntry.objects.get()
    assert (registro.user, registro.action_flag) == (usuario, DELETION)
    assert registro.content_type == ContentType.objects.get_for_model(Bloqueio, for_concrete_model=False)
    assert registro.object_repr == "«presidente.da.comissao» a partir de 200.10.20.30"
    assert "200.10.20.30" in registro.get_change_message()


def test_desbloquear_uma_conta_num_endereco_nao_toca_os_outros_bloqueios(instalacao, bloqueada, membro):
    _, cliente = instalacao
    outro = Client(REMOTE_ADDR="200.10.20.30")
    errar(outro, "comissao:entrar", membro.username, 5, REMOTE_ADDR="200.10.20.30")
    desbloquear(cliente, Bloqueio.objects.get(username=membro.username))
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == [bloqueada.username]
    assert tentar(Client(), "admin:login", bloqueada.username, SENHA).status_code == 429


def test_o_bloqueio_vencido_aparece_como_nao_bloqueado(instalacao, client, servidora_do_rh, time_machine):
    _, cliente = instalacao
    time_machine.move_to("2025-06-02 09:00 -03:00", tick=False)
    errar(client, "admin:login", servidora_do_rh.username, 5)
    assert "Bloqueado até 02/06/2025 09:15" in cliente.get(LISTA).content.decode()
    time_machine.shift(timedelta(minutes=16))
    pagina = cliente.get(LISTA).content.decode()
    assert "Não bloqueado" in pagina and "Bloqueado até" not in pagina
    assert "servidora" not in cliente.get(LISTA, {"situacao": "bloqueado"}).content.decode()


def test_a_lista_nao_aceita_consultar_pela_url_o_que_foi_digitado(instalacao, bloqueada):
    _, cliente = instalacao
    assert cliente.get(LISTA, {"post_data__contains": "servidora"}).status_code == 400


@pytest.mark.parametrize("perfil, permissoes", [
    (None, ()), ("Recursos humanos", ()), ("Encarregado de dados", ()), ("Órgão de controle", ()),
    (None, ("view_user", "change_user")),
], ids=["sem-perfil", "rh", "encarregado", "controle", "administra-contas"])
def test_quem_nao_administra_a_instalacao_nao_ve_nem_desbloqueia(perfil, permissoes, bloqueada):
    _, cliente = conta_com_perfil("outra", perfil, *permissoes)
    assert cliente.get(LISTA).status_code == 403
    assert desbloquear(cliente, Bloqueio.objects.get()).status_code == 403
    assert AccessAttempt.objects.count() == 1 and not LogEntry.objects.exists()
    assert "Bloqueios de login" not in cliente.get(reverse("admin:index")).content.decode()


def test_nem_a_administracao_da_instalacao_abre_a_ficha_do_bloqueio(instalacao, bloqueada):
    """A ficha mostraria o que foi digitado no formulário de login."""
    _, cliente = instalacao
    ficha = reverse("admin:acesso_bloqueio_change", args=[Bloqueio.objects.get().pk])
    assert cliente.get(ficha).status_code == 403

"""O painel de indicadores no admin: os números e os gráficos do recorte, só para quem pode vê-los e só dos seus
órgãos (LGPD art. 6º, III)."""

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from nucleo.models import Lotacao, Orgao
from tests.concursos.conftest import municipio_do_ibge


@pytest.fixture
def cliente_admin(admin_user):
    cliente = Client()
    cliente.force_login(admin_user)
    return cliente


def test_o_painel_mostra_os_numeros_e_os_graficos_do_ano(certame_pequeno, cliente_admin):
    resposta = cliente_admin.get(f"/admin/indicadores/?orgao={certame_pequeno.orgao_id}&ano=2024")
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Indicadores da reserva de vagas" in html
    assert "Vagas reservadas, preenchidas pela lista do grupo e revertidas à ampla" in html
    assert "Por que as vagas reservadas reverteram" in html
    assert html.count('role="img"') >= 3
    assert "Autodeclaração não confirmada: 1" in html
    assert f"/admin/indicadores/certame/{certame_pequeno.pk}/" in html


def test_o_painel_do_certame_traz_a_ordem_de_nomeacao_de_cada_cargo(certame_pequeno, cliente_admin):
    resposta = cliente_admin.get(f"/admin/indicadores/certame/{certame_pequeno.pk}/")
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Ordem de nomeação — ADM" in html and "Ordem de nomeação — AUX" in html


def _usuario_de_outro_orgao(django_user_model, *codenames):
    outro = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=municipio_do_ibge("Iúna"))
    usuario = django_user_model.objects.create_user("rh-iuna", password="x", is_staff=True)
    usuario.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    Lotacao.objects.create(usuario=usuario, orgao=outro)
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def test_o_orgao_de_outro_nao_aparece_nem_digitado_no_endereco(certame_pequeno, django_user_model):
    cliente = _usuario_de_outro_orgao(django_user_model, "view_certame")
    assert cliente.get(f"/admin/indicadores/?orgao={certame_pequeno.orgao_id}").status_code == 404
    assert cliente.get(f"/admin/indicadores/certame/{certame_pequeno.pk}/").status_code == 404
    html = cliente.get("/admin/indicadores/").content.decode()
    assert certame_pequeno.numero_edital not in html and "Nenhum certame publicado" in html


def test_sem_permissao_o_painel_e_recusado(certame_pequeno, django_user_model):
    cliente = _usuario_de_outro_orgao(django_user_model)
    assert cliente.get("/admin/indicadores/").status_code == 403

"""Os perfis de acesso: o RH trabalha sem ser superusuário; o controle vê, sem alterar nem ver cor ou raça."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def _usuario(grupo: str):
    call_command("criar_perfis", stdout=StringIO())
    usuario = get_user_model().objects.create_user("u", password="x", is_staff=True)
    usuario.groups.add(Group.objects.get(name=grupo))
    return get_user_model().objects.get(pk=usuario.pk)


def test_rh_conduz_o_certame_e_a_comissao_sem_alterar_leis():
    rh = _usuario("Recursos humanos")
    assert rh.has_perms(["concursos.add_certame", "concursos.change_inscricao", "concursos.ver_dados_sensiveis",
                         "heteroidentificacao.change_membro", "heteroidentificacao.add_sessao",
                         "heteroidentificacao.add_recurso", "auth.view_user"])
    assert not rh.has_perm("legislacao.change_lei")
    assert not rh.has_perm("heteroidentificacao.ver_membros_em_sigilo")


def test_orgao_de_controle_ve_os_membros_em_sigilo_mas_nao_os_dados_sensiveis():
    """Afonso Cláudio art. 11, § 1º (nomes aos órgãos de controle) e LGPD art. 11 (cor ou raça)."""
    controle = _usuario("Órgão de controle")
    assert controle.has_perms(["heteroidentificacao.ver_membros_em_sigilo", "concursos.view_inscricao"])
    assert not controle.has_perm("concursos.ver_dados_sensiveis")
    assert not controle.has_perm("concursos.change_inscricao")


def test_criar_perfis_e_idempotente():
    call_command("criar_perfis", stdout=StringIO())
    call_command("criar_perfis", stdout=StringIO())
    assert Group.objects.filter(name="Recursos humanos").count() == 1

"""As permissões numa consulta só (acesso/permissoes.py) dão o mesmo que o ModelBackend do Django."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group, Permission

from acesso.permissoes import PermissoesNumaConsulta

pytestmark = pytest.mark.django_db


def test_as_mesmas_permissoes_do_model_backend_numa_consulta(django_assert_num_queries):
    Usuario = get_user_model()
    grupo = Group.objects.create(name="Leitura")
    grupo.permissions.set(Permission.objects.filter(codename__startswith="view_")[:5])
    conta = Usuario.objects.create_user("conta", password="senha-1-abc")
    conta.user_permissions.set(Permission.objects.filter(codename__startswith="add_")[:3])
    conta.groups.add(grupo)
    inativa = Usuario.objects.create_user("inativa", password="senha-1-abc", is_active=False)
    raiz = Usuario.objects.create_superuser("raiz", password="senha-1-abc")
    for usuario in (conta, inativa, raiz):
        esperado = ModelBackend().get_all_permissions(Usuario.objects.get(pk=usuario.pk))
        novo = Usuario.objects.get(pk=usuario.pk)
        with django_assert_num_queries(0 if not usuario.is_active else 1):
            assert PermissoesNumaConsulta().get_all_permissions(novo) == esperado
            assert PermissoesNumaConsulta().get_all_permissions(novo) == esperado
    assert len(ModelBackend().get_all_permissions(conta)) == 8

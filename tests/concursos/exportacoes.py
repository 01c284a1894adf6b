"""Ajudantes dos testes de exportação: um usuário do RH, o pedido pelo formulário do admin e o download."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from concursos.models import Exportacao
from tests.conftest import lotar_em_todos

EXPORTAR = reverse("admin:concursos_inscricao_export")


def cliente_rh(nome: str = "rh", *extras: str) -> Client:
    usuario = get_user_model().objects.create_user(nome, password="senha-rh-123", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.set(Permission.objects.filter(
        content_type__app_label="concursos", codename__in=["view_inscricao", "view_candidato", *extras]))
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def pedir(cliente: Client, *, formato: str = "csv", recurso: int = 0, filtro: str = ""):
    url = f"{EXPORTAR}?{filtro}" if filtro else EXPORTAR
    form = cliente.get(url).context["form"]
    indice = next(i for i, rotulo in form.fields["format"].choices if str(rotulo).lower() == formato)
    classe = form.resources[recurso]
    dados = {"format": indice, "resource": recurso, "export_items": []}
    dados.update({nome: "on" for nome in form.fields if nome.startswith(classe.__name__.lower() + "_")})
    return cliente.post(url, dados)


def baixar(cliente: Client, exportacao: Exportacao):
    return cliente.get(reverse("admin:concursos_inscricao_exportacao_arquivo", args=[exportacao.pk]))

"""A prévia da importação mostra a autodeclaração só a quem pode vê-la, e cada prévia com ela fica no registro de
acessos (LGPD arts. 11 e 37)."""

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from nucleo.models import AcessoSensivel, TipoAcesso
from tests.concursos.importacao.conftest import csv_de, linha

pytestmark = pytest.mark.django_db


def previa(client, certame, cpfs) -> str:
    resposta = client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]), {"arquivo": (
        SimpleUploadedFile("banca.csv", csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], cor="indigena")),
                           content_type="text/csv"))})
    return client.get(resposta.url).content.decode()


def test_sem_a_permissao_a_previa_nao_traz_a_autodeclaracao_nem_registra(client, operador, certame, cpfs):
    client.force_login(operador)
    pagina = previa(client, certame, cpfs)
    assert "Prévia" in pagina and "Pessoa 0002" in pagina
    assert "indigena" not in pagina and "cor_raca" not in pagina
    assert not AcessoSensivel.objects.exists()


def test_com_a_permissao_a_previa_fica_no_registro(client, operador, certame, cpfs):
    operador.user_permissions.add(Permission.objects.get(codename="ver_dados_sensiveis"))
    client.force_login(operador)
    pagina = previa(client, certame, cpfs)
    assert "indigena" in pagina
    acesso = AcessoSensivel.objects.get()
    assert (acesso.tipo, acesso.quantidade, acesso.orgao_id, acesso.nome_usuario) == (
        TipoAcesso.PREVIA, 2, certame.orgao_id, "operador")

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


def test_a_previa_de_um_arquivo_de_documentos_so_os_mostra_a_quem_pode_ve_los(client, operador, leis_de_origem,
                                                                             fazer_certame, admin_user):
    """O documento apresentado para a reserva (Iúna art. 2º, II) diz a etnia: como a autodeclaração."""
    from datetime import date

    from concursos.services.certame import certame_publicar
    from legislacao.models import Lei

    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    iuna = certame_publicar(certame=fazer_certame(municipio="Iúna", numero="080/2024"), usuario=admin_user)
    client.force_login(operador)
    arquivo = SimpleUploadedFile("documentos.csv", b"inscricao,documento,documento_conferencia\n0001,DECL,aceito\n",
                                 content_type="text/csv")
    resposta = client.post(reverse("admin:concursos_certame_importar", args=[iuna.pk]), {"arquivo": arquivo})
    pagina = client.get(resposta.url).content.decode()
    assert "Prévia" in pagina and "DECL" not in pagina and "documento_conferencia" not in pagina
    assert not AcessoSensivel.objects.exists()

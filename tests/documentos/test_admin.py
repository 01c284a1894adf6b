"""O registro dos documentos emitidos no admin: só leitura, busca pelo código como está no papel, PDF guardado."""

import pytest
from django.urls import reverse

from concursos.documentos import TIPO_LISTA_CLASSIFICACAO
from documentos.pdf import emitir_pdf
from tests.conftest import lotar_em_todos


@pytest.fixture
def documento(db, templates_de_teste, admin_user):
    return emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 4)},
                      tipo=TIPO_LISTA_CLASSIFICACAO, titulo="Lista de classificação — Cargo ADM",
                      usuario=admin_user)


def test_a_lista_mostra_o_documento_e_aceita_o_codigo_sem_hifens(admin_client, documento):
    url = reverse("admin:documentos_documentoemitido_changelist")
    resposta = admin_client.get(url, {"q": documento.codigo.replace("-", "").lower()})
    assert resposta.status_code == 200
    assert documento.codigo in resposta.content.decode()
    assert "Lista de classificação — Cargo ADM" in resposta.content.decode()


def test_a_ficha_e_so_leitura_e_baixa_o_pdf_guardado(admin_client, documento):
    ficha = admin_client.get(reverse("admin:documentos_documentoemitido_change", args=[documento.pk]))
    assert ficha.status_code == 200 and documento.sha256 in ficha.content.decode()
    assert admin_client.get(reverse("admin:documentos_documentoemitido_add")).status_code == 403
    assert admin_client.post(reverse("admin:documentos_documentoemitido_delete", args=[documento.pk]),
                             {"post": "yes"}).status_code == 403
    pdf = admin_client.get(reverse("admin:documentos_documentoemitido_pdf", args=[documento.pk]))
    assert pdf.status_code == 200 and pdf.content == documento.conteudo()


def test_quem_nao_pode_ver_documentos_nao_baixa(client, documento, django_user_model):
    equipe = django_user_model.objects.create_user("equipe", password="senha-123-abc", is_staff=True)
    lotar_em_todos(equipe)
    client.force_login(equipe)
    assert client.get(reverse("admin:documentos_documentoemitido_pdf", args=[documento.pk])).status_code == 403

"""O envio do arquivo da banca pelo admin: o conteúdo é conferido, não só a extensão (um CSV se decodifica em UTF-8, um
XLSX é um zip com as partes de uma planilha), no limite de LIMITE_ENVIO_IMPORTACAO_MB; o arquivo recusado não é
guardado nem vira importação. E o CSV do simulador, no mesmo molde."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from concursos.models import Importacao
from tests.concursos.conftest import cpf_valido
from tests.concursos.importacao.conftest import csv_de, linha
from tests.conftest import lotar_em_todos
from tests.documentos.envios import MB, postar_contado

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def cliente(db, orgao):
    usuario = get_user_model().objects.create_user("operador", password="senha-de-teste-1", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.add(*Permission.objects.filter(
        codename__in=["add_inscricao", "view_certame", "view_inscricao"]))
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def zip_com(*partes: str) -> bytes:
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as pacote:
        for parte in partes:
            pacote.writestr(parte, "<x/>")
    return saida.getvalue()


def enviar(cliente, certame, nome: str, conteudo: bytes):
    return cliente.post(reverse("admin:concursos_certame_importar", args=[certame.pk]),
                        {"arquivo": SimpleUploadedFile(nome, conteudo)})


@pytest.mark.parametrize("nome, conteudo, motivo", [
    ("banca.csv", b"%PDF-1.7\n\x00\x01binario", "O arquivo não é um CSV: tem conteúdo binário"),
    ("banca.csv", "inscricao,nome\n1,João\n".encode("latin-1"), "O CSV não está em UTF-8"),
    ("banca.xlsx", b"<html><body>planilha</body></html>", "O arquivo não é uma planilha XLSX"),
    ("banca.xlsx", zip_com("word/document.xml", "[Content_Types].xml"), "O arquivo é um zip, mas não uma planilha"),
], ids=["binario-com-nome-de-csv", "latin-1", "html-com-nome-de-xlsx", "docx-com-nome-de-xlsx"])
def test_conteudo_que_nao_e_o_da_extensao_e_recusado(cliente, fazer_certame, midia_temporaria, nome, conteudo,
                                                     motivo):
    resposta = enviar(cliente, fazer_certame(), nome, conteudo)
    assert resposta.status_code == 200
    assert motivo in resposta.content.decode()
    assert not Importacao.objects.exists()
    assert not (midia_temporaria / "importacoes").exists()


def test_arquivo_acima_do_limite_para_de_ser_recebido_no_limite_e_nada_se_grava(cliente, fazer_certame, settings,
                                                                             midia_temporaria):
    """O upload handler conta os bytes enquanto o arquivo chega e para no limite: o resto do corpo nem é lido, nada
    vai para o armazenamento e a página volta com o limite na mensagem."""
    settings.LIMITE_ENVIO_IMPORTACAO_MB = 1
    conteudo = csv_de(linha("0001", cpf_valido())) + b"0002,ADM,Pessoa\n" * 200_000
    url = reverse("admin:concursos_certame_importar", args=[fazer_certame().pk])
    resposta, entrada, total = postar_contado(cliente, url, {"arquivo": SimpleUploadedFile("banca.csv", conteudo)})
    assert resposta.status_code == 302 and resposta["Location"] == url
    assert entrada.lido < 1.2 * MB < total
    assert not Importacao.objects.exists() and not (midia_temporaria / "importacoes").exists()
    pagina = cliente.get(url).content.decode()
    assert "O arquivo passa do limite de 1 MB e não foi recebido: nada foi gravado." in pagina


def test_o_csrf_continua_valendo_no_envio_limitado(cliente, fazer_certame):
    """O limite entra antes do CSRF (que lê o corpo), e o CSRF é conferido logo depois."""
    url = reverse("admin:concursos_certame_importar", args=[fazer_certame().pk])
    conferido = Client(enforce_csrf_checks=True)
    conferido.cookies = cliente.cookies
    conteudo = csv_de(linha("0001", cpf_valido()))
    assert conferido.post(url, {"arquivo": SimpleUploadedFile("banca.csv", conteudo)}).status_code == 403
    assert not Importacao.objects.exists()
    token = conferido.get(url).context["csrf_token"]
    resposta = conferido.post(url, {"csrfmiddlewaretoken": token,
                                    "arquivo": SimpleUploadedFile("banca.csv", conteudo)})
    assert resposta.status_code == 302 and Importacao.objects.count() == 1


def test_csv_e_xlsx_de_verdade_passam(cliente, fazer_certame):
    from openpyxl import Workbook

    certame = fazer_certame()
    assert enviar(cliente, certame, "banca.csv", csv_de(linha("0001", cpf_valido()))).status_code == 302
    livro, saida = Workbook(), io.BytesIO()
    livro.active.append(["inscricao"])
    livro.save(saida)
    assert enviar(cliente, certame, "banca.xlsx", saida.getvalue()).status_code == 302
    assert Importacao.objects.count() == 2


def test_csv_do_simulador_tambem_e_conferido(admin_client, leis_de_origem, settings):
    from legislacao.models import Lei

    lei = Lei.objects.first()
    resposta = admin_client.post(reverse("admin:legislacao_simulador"), {
        "lei": lei.pk, "vagas": 5, "vagas_pcd": 0,
        "candidatos": SimpleUploadedFile("candidatos.csv", b"PK\x03\x04\x00\x00binario")})
    assert "O arquivo não é um CSV: tem conteúdo binário" in resposta.content.decode()
    settings.LIMITE_ENVIO_SIMULADOR_MB = 1
    resposta, entrada, total = postar_contado(admin_client, reverse("admin:legislacao_simulador"), {
        "lei": lei.pk, "vagas": 5, "vagas_pcd": 0,
        "candidatos": SimpleUploadedFile("candidatos.csv", b"a" * 3 * MB)})
    assert resposta.status_code == 302 and entrada.lido < 1.2 * MB < total
    assert "O arquivo passa do limite de 1 MB" in admin_client.get(resposta["Location"]).content.decode()

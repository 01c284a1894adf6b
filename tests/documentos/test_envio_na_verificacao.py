"""O envio de arquivo na página pública /verificar/ (sem login): o grande demais é recusado antes de ser lido — pelo
Content-Length declarado e, se ele não bastar, por um handler que para de receber no limite —, e o que não é PDF é
recusado com o motivo em português."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from concursos.documentos import TIPO_QUADRO_VAGAS
from documentos.pdf import emitir_pdf
from tests.documentos.envios import MB, postar_contado


@pytest.fixture
def documento(db, templates_de_teste, admin_user):
    return emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 4)},
                      tipo=TIPO_QUADRO_VAGAS, titulo="Quadro de vagas — Edital nº 007/2025",
                      usuario=admin_user)


@pytest.fixture
def limite_de_1_mb(settings):
    settings.LIMITE_ENVIO_VERIFICACAO_MB = 1


def enviar(cliente: Client, documento, conteudo: bytes, *, declarado: int | None = None):
    return postar_contado(cliente, f"/verificar/{documento.codigo}/",
                          {"arquivo": SimpleUploadedFile("recebido.pdf", conteudo)}, declarado=declarado)


def test_content_length_grande_demais_e_recusado_sem_ler_nada(client, documento):
    """O arquivo de 120 MB nem chega a ser lido: o Content-Length basta para recusar (HTTP 413)."""
    resposta, entrada, _ = enviar(client, documento, b"%PDF-1.7 pequeno", declarado=120 * MB)
    assert resposta.status_code == 413
    assert entrada.lido == 0
    pagina = resposta.content.decode()
    assert "O arquivo passa de 20 MB e não foi recebido" in pagina
    assert "Arquivo idêntico" not in pagina and "Arquivo diferente" not in pagina


def test_arquivo_maior_que_o_limite_para_de_ser_lido_no_limite(client, documento, limite_de_1_mb):
    """Com o Content-Length ainda na folga, o handler para de receber ao passar do limite: o resto não é lido."""
    resposta, entrada, total = enviar(client, documento, b"%PDF-1.7\n" + b"x" * int(1.8 * MB))
    assert resposta.status_code == 413
    assert "O arquivo passa de 1 MB e não foi recebido" in resposta.content.decode()
    assert entrada.lido < total


def test_o_csrf_continua_valendo(documento):
    cliente = Client(enforce_csrf_checks=True)
    resposta, _, _ = enviar(cliente, documento, documento.conteudo())
    assert resposta.status_code == 403


def test_html_com_nome_de_pdf_e_recusado_em_portugues(client, documento):
    resposta, _, _ = enviar(client, documento, b"<!DOCTYPE html><html><body>oi</body></html>")
    pagina = resposta.content.decode()
    assert resposta.status_code == 200
    assert "O arquivo não é um PDF (o conteúdo é de outro tipo, só o nome termina em .pdf)" in pagina
    assert "Arquivo diferente" not in pagina


def test_o_pdf_emitido_dentro_do_limite_continua_conferido(client, documento):
    resposta, _, _ = enviar(client, documento, documento.conteudo())
    assert resposta.status_code == 200 and "Arquivo idêntico ao emitido" in resposta.content.decode()

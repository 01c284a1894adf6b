"""Currículos e termos assinados dos membros: só entra um PDF de verdade, no limite de tamanho, e o RH o baixa pelo
admin, que confere a permissão — nunca pela pasta de mídia (dados pessoais; os nomes ficam em sigilo até o resultado,
Afonso Cláudio art. 11, § 1º; os currículos se publicam depois, art. 11, § 3º)."""

from __future__ import annotations

import io

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pypdf import PdfWriter

from heteroidentificacao.admin.formularios import MembroForm

pytestmark = pytest.mark.django_db

HTML_COM_NOME_DE_PDF = b"<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"


def pdf_valido(*, senha: str | None = None) -> bytes:
    escritor = PdfWriter()
    escritor.add_blank_page(width=595, height=842)
    if senha:
        escritor.encrypt(senha)
    saida = io.BytesIO()
    escritor.write(saida)
    return saida.getvalue()


def formulario_com(membro, **arquivos) -> MembroForm:
    dados = {campo: getattr(membro, campo) for campo in MembroForm._meta.fields if campo not in {"curriculo",
                                                                                              "termo_assinado"}}
    dados.update(comissao=membro.comissao_id, usuario=membro.usuario_id)
    enviados = {campo: SimpleUploadedFile(nome, conteudo, content_type="application/pdf")
                for campo, (nome, conteudo) in arquivos.items()}
    return MembroForm(dados, enviados, instance=membro)


def baixar_url(membro, arquivo: str = "curriculo", comissao_id: int | None = None) -> str:
    return reverse("admin:heteroidentificacao_membro_arquivo",
                   args=[comissao_id or membro.comissao_id, membro.pk, arquivo])


@pytest.fixture
def com_curriculo(presidente):
    presidente.curriculo.save("cv.pdf", ContentFile(pdf_valido()))
    return presidente


# ---------------------------------------------------------------- o que entra


def test_html_com_nome_de_pdf_e_recusado_em_portugues(presidente):
    form = formulario_com(presidente, curriculo=("curriculo.pdf", HTML_COM_NOME_DE_PDF))
    assert not form.is_valid()
    assert form.errors["curriculo"] == [
        "O arquivo não é um PDF (o conteúdo é de outro tipo, só o nome termina em .pdf)."]


@pytest.mark.parametrize("conteudo, motivo", [
    (b"%PDF-1.7\n" + b"lixo" * 100, "O PDF está corrompido ou incompleto"),
    (pdf_valido(senha="segredo"), "O PDF está protegido por senha"),
    (pdf_valido()[: len(pdf_valido()) // 3], "O PDF está corrompido ou incompleto"),
], ids=["so-a-assinatura", "com-senha", "cortado"])
def test_pdf_que_nao_se_le_e_recusado(presidente, conteudo, motivo):
    form = formulario_com(presidente, termo_assinado=("termo.pdf", conteudo))
    assert not form.is_valid()
    assert motivo in form.errors["termo_assinado"][0]


def test_pdf_acima_do_limite_e_recusado(presidente, settings):
    settings.LIMITE_ENVIO_PDF_MB = 1
    grande = pdf_valido() + b"%" + b"x" * (1024 * 1024)
    form = formulario_com(presidente, curriculo=("curriculo.pdf", grande))
    assert not form.is_valid()
    assert form.errors["curriculo"] == ["O arquivo tem 1,0 MB; o limite é 1 MB."]


def test_pdf_de_verdade_e_aceito(presidente):
    form = formulario_com(presidente, curriculo=("curriculo.pdf", pdf_valido()),
                          termo_assinado=("termo.pdf", pdf_valido()))
    assert form.is_valid(), form.errors
    form.save()
    presidente.refresh_from_db()
    assert presidente.curriculo.read().startswith(b"%PDF-")


# ---------------------------------------------------------------- o que sai


def test_rh_baixa_o_curriculo_como_anexo_pelo_admin(admin_client, com_curriculo):
    resposta = admin_client.get(baixar_url(com_curriculo))
    assert resposta.status_code == 200
    assert resposta["Content-Disposition"].startswith("attachment;")
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert "no-store" in resposta["Cache-Control"]
    assert b"".join(resposta.streaming_content) == pdf_valido()


def test_a_ficha_da_comissao_aponta_para_o_admin_e_nao_para_a_midia(admin_client, com_curriculo, settings):
    html = admin_client.get(reverse("admin:heteroidentificacao_comissao_change",
                                    args=[com_curriculo.comissao_id])).content.decode()
    assert baixar_url(com_curriculo) in html
    assert settings.MEDIA_URL not in html and com_curriculo.curriculo.name not in html


def test_sem_login_vai_para_a_entrada(com_curriculo):
    resposta = Client().get(baixar_url(com_curriculo))
    assert resposta.status_code == 302 and "/admin/login/" in resposta["Location"]


def test_quem_nao_pode_ver_os_membros_recebe_403(cliente_com, com_curriculo):
    """Antes do resultado, ver a comissão não é ver os membros: o currículo traz o nome (art. 11, § 1º)."""
    cliente = cliente_com("heteroidentificacao.view_comissao")
    assert cliente.get(baixar_url(com_curriculo)).status_code == 403
    assert cliente_com("heteroidentificacao.view_membro").get(baixar_url(com_curriculo)).status_code == 403


def test_orgao_de_controle_baixa(cliente_com, com_curriculo):
    cliente = cliente_com("heteroidentificacao.view_comissao", "heteroidentificacao.ver_membros_em_sigilo")
    assert cliente.get(baixar_url(com_curriculo)).status_code == 200


def test_enderecos_digitados_a_mao_nao_acham_o_que_nao_existe(admin_client, com_curriculo, certame_afonso,
                                                              fazer_comissao):
    from heteroidentificacao.models import Instancia

    recursal = fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL)
    # O membro de uma comissão pelo endereço de outra.
    assert admin_client.get(baixar_url(com_curriculo, comissao_id=recursal.pk)).status_code == 404
    # Um campo que não é arquivo do membro, um arquivo que não foi enviado, uma comissão que não existe.
    assert admin_client.get(baixar_url(com_curriculo, "cpf")).status_code == 404
    assert admin_client.get(baixar_url(com_curriculo, "termo-assinado")).status_code == 404
    assert admin_client.get(baixar_url(com_curriculo, comissao_id=999_999)).status_code == 404

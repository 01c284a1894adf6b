"""Currículos e termos assinados dos membros: só entra um PDF de verdade, no limite de tamanho, e o RH o baixa pelo
admin, que confere a permissão — nunca pela pasta de mídia (dados pessoais; os nomes ficam em sigilo até o resultado,
Afonso Cláudio art. 11, § 1º; os currículos se publicam depois, art. 11, § 3º)."""

from __future__ import annotations

import io

import pytest
from django import forms
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pypdf import PdfWriter

from heteroidentificacao.admin.formularios import MembroForm
from tests.documentos.envios import MB, postar_contado

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


# ---------------------------------------------------------------- o envio pela ficha da comissão


def ficha(comissao) -> str:
    return reverse("admin:heteroidentificacao_comissao_change", args=[comissao.pk])


def pdf_de(tamanho: int) -> bytes:
    """Um PDF legível de uns `tamanho` bytes (o volume vai nos metadados)."""
    escritor = PdfWriter()
    escritor.add_blank_page(width=595, height=842)
    escritor.add_metadata({"/Subject": "x" * tamanho})
    saida = io.BytesIO()
    escritor.write(saida)
    return saida.getvalue()


def dados_da_ficha(pagina) -> dict:
    """Os campos da ficha (a comissão e os membros) como o navegador os reenviaria sem mudar nada."""
    formularios = [pagina.context["adminform"].form]
    for inline in pagina.context["inline_admin_formsets"]:
        formularios += [inline.formset.management_form, *inline.formset.forms]
    dados = {}
    for formulario in formularios:
        for campo in formulario:
            valor = campo.value()
            if isinstance(campo.field, forms.FileField) or valor is False:
                continue
            valor = "on" if valor is True else campo.field.widget.format_value(valor)
            if valor is not None:
                dados[campo.html_name] = valor
    return dados


def linha_do_membro(pagina, membro) -> str:
    formset = pagina.context["inline_admin_formsets"][0].formset
    return next(f.prefix for f in formset.forms if f.instance.pk == membro.pk)


@pytest.mark.parametrize("campo", ["curriculo", "termo_assinado"])
def test_pdf_acima_do_limite_para_de_ser_recebido_na_ficha_e_nada_se_grava(admin_client, presidente, settings,
                                                                         campo):
    """O upload handler para de receber o PDF no limite (LIMITE_ENVIO_PDF_MB), antes de o admin ler o formulário: o
    resto do corpo não é lido, nenhum arquivo vai ao armazenamento e nem a mudança da ficha que veio antes é gravada."""
    settings.LIMITE_ENVIO_PDF_MB = 1
    url = ficha(presidente.comissao)
    pagina = admin_client.get(url)
    dados = {**dados_da_ficha(pagina), "ato_designacao": "Portaria nº 99/2024",
             f"{linha_do_membro(pagina, presidente)}-{campo}": SimpleUploadedFile(
                 "grande.pdf", pdf_de(3 * MB), content_type="application/pdf")}
    resposta, entrada, total = postar_contado(admin_client, url, dados)
    assert resposta.status_code == 302 and resposta["Location"] == url
    assert entrada.lido < 1.2 * MB < total
    presidente.refresh_from_db()
    assert not getattr(presidente, campo) and presidente.comissao.ato_designacao == "Portaria nº 45/2024"
    assert not (settings.MEDIA_ROOT / "comissoes").exists()
    assert "O arquivo passa do limite de 1 MB e não foi recebido: nada foi gravado." in (
        admin_client.get(url).content.decode())


def test_pdf_acima_do_limite_nao_cria_a_comissao_nova(admin_client, certame_afonso, settings):
    from heteroidentificacao.models import Comissao

    settings.LIMITE_ENVIO_PDF_MB = 1
    url = reverse("admin:heteroidentificacao_comissao_add")
    resposta, entrada, total = postar_contado(admin_client, url, {
        "certame": certame_afonso.pk, "instancia": "primeira", "ato_designacao": "Portaria nº 1/2024",
        "data_designacao": "15/03/2024", "membros-TOTAL_FORMS": "1", "membros-INITIAL_FORMS": "0",
        "membros-0-nome": "Ana", "membros-0-curriculo": SimpleUploadedFile("cv.pdf", pdf_de(2 * MB))})
    assert resposta.status_code == 302 and resposta["Location"] == url and entrada.lido < 1.2 * MB < total
    assert not Comissao.objects.exists() and not (settings.MEDIA_ROOT / "comissoes").exists()


def test_o_limite_e_de_cada_pdf_e_a_ficha_grava_com_o_csrf_conferido(admin_user, presidente, settings):
    """Dois PDFs de 0,7 MB, com o limite de 1 MB, passam: o currículo e o termo de cada membro têm cada um o seu
    limite. E o CSRF, que o limite adia para depois do handler, continua conferido."""
    settings.LIMITE_ENVIO_PDF_MB = 1
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(admin_user)
    url = ficha(presidente.comissao)
    pagina = cliente.get(url)
    linha = linha_do_membro(pagina, presidente)
    curriculo, termo = pdf_de(700 * 1024), pdf_de(710 * 1024)

    def dados(**extra) -> dict:
        return {**extra, **dados_da_ficha(pagina),
                f"{linha}-curriculo": SimpleUploadedFile("cv.pdf", curriculo, content_type="application/pdf"),
                f"{linha}-termo_assinado": SimpleUploadedFile("termo.pdf", termo, content_type="application/pdf")}

    assert postar_contado(cliente, url, dados())[0].status_code == 403
    resposta, entrada, total = postar_contado(cliente, url, dados(csrfmiddlewaretoken=pagina.context["csrf_token"]))
    assert resposta.status_code == 302 and entrada.lido == total
    presidente.refresh_from_db()
    assert presidente.curriculo.read() == curriculo and presidente.termo_assinado.read() == termo


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

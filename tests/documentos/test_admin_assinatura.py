"""No admin, «Assinar» um documento emitido: o certificado A1 e a senha, a ordem dos signatários e a versão assinada."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from documentos.assinatura_servicos import versao_vigente
from tests.documentos.conftest import SENHA

pytestmark = pytest.mark.django_db


def _url(documento):
    return reverse("admin:documentos_documentoemitido_assinar", args=[documento.pk])


def _enviar(admin_client, documento, certificado, senha):
    return admin_client.post(_url(documento), {
        "assinar": "1", "senha": senha, "cargo": "Presidente da comissão",
        "certificado": SimpleUploadedFile("maria.p12", certificado, content_type="application/x-pkcs12")})


def test_assinar_pelo_admin_e_baixar_a_versao_assinada(admin_client, ata, certificados, raiz_configurada):
    lista = admin_client.get(reverse("admin:documentos_documentoemitido_changelist")).content.decode()
    assert f'href="{_url(ata)}"' in lista
    assert admin_client.get(_url(ata)).status_code == 200
    resposta = _enviar(admin_client, ata, certificados["maria"], SENHA)
    assert resposta.status_code == 302
    assinatura = versao_vigente(ata)
    assert assinatura.titular == "MARIA DA SILVA" and assinatura.cargo == "Presidente da comissão"
    pagina = admin_client.get(reverse("admin:documentos_documentoemitido_change", args=[ata.pk])).content.decode()
    assert "baixar a versão assinada" in pagina and "(vigente)" in pagina
    baixado = admin_client.get(reverse("admin:documentos_documentoemitido_assinado", args=[ata.pk, 1]))
    assert baixado.content == assinatura.conteudo()


def test_senha_errada_no_admin_diz_o_que_houve(admin_client, ata, certificados, raiz_configurada):
    resposta = _enviar(admin_client, ata, certificados["maria"], "errada")
    assert resposta.status_code == 200
    assert "A senha do certificado está errada" in resposta.content.decode()
    assert versao_vigente(ata) is None


def test_a_ordem_dos_signatarios_pelo_admin(admin_client, ata, certificados, raiz_configurada):
    admin_client.post(_url(ata), {"acrescentar": "1", "nome": "João Souza", "cargo": "Membro",
                                  "cpf": "987.654.321-00"})
    admin_client.post(_url(ata), {"acrescentar": "1", "nome": "Maria da Silva", "cargo": "Membro"})
    pagina = admin_client.get(_url(ata)).content.decode()
    assert "Assinar como João Souza" in pagina
    resposta = _enviar(admin_client, ata, certificados["maria"], SENHA)
    assert "não de João Souza" in resposta.content.decode()
    assert versao_vigente(ata) is None


def test_quem_nao_tem_a_permissao_nao_assina(client, django_user_model, ata):
    usuario = django_user_model.objects.create_user("rh", password="x", is_staff=True)
    client.force_login(usuario)
    assert client.get(_url(ata)).status_code == 403

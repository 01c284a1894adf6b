"""A página pública confere as assinaturas digitais: do PDF enviado e da versão assinada guardada."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from demonstracao.certificados import AC
from documentos.assinatura import assinador_a1
from documentos.assinatura_servicos import Signatario, assinaturas_definir_ordem, documento_assinar
from tests.documentos.conftest import SENHA

pytestmark = pytest.mark.django_db


def _enviar(client, documento, conteudo):
    return client.post(documento.get_absolute_url(),
                       {"arquivo": SimpleUploadedFile("ata.pdf", conteudo, content_type="application/pdf")})


def test_o_pdf_assinado_enviado_e_autentico_e_mostra_quem_assinou(client, ata, certificados, admin_user,
                                                                   raiz_configurada):
    assinatura = documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA),
                                   usuario=admin_user)
    pagina = _enviar(client, ata, assinatura.conteudo()).content.decode()
    assert "Arquivo autêntico, assinado digitalmente." in pagina
    assert "MARIA DA SILVA (CPF ***.456.789-**)" in pagina
    assert "12345678909" not in pagina
    assert "Válida: o documento não mudou depois desta assinatura" in pagina
    assert "da ICP-Brasil" in pagina


def test_o_original_continua_identico(client, ata, certificados, admin_user, raiz_configurada):
    documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA), usuario=admin_user)
    pagina = _enviar(client, ata, ata.conteudo()).content.decode()
    assert "Arquivo idêntico ao emitido." in pagina


def test_a_pagina_diz_a_versao_vigente_e_quem_falta(client, ata, certificados, admin_user,
                                                    raiz_configurada):
    maria, _joao = assinaturas_definir_ordem(documento=ata, usuario=admin_user, signatarios=[
        Signatario("Maria da Silva", "Presidente"), Signatario("João Souza", "Membro")])
    pagina = client.get(ata.get_absolute_url()).content.decode()
    assert "Faltam 2 assinaturas" in pagina
    documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA), usuario=admin_user,
                      assinatura=maria)
    pagina = client.get(ata.get_absolute_url()).content.decode()
    assert "A versão vigente é a assinada por Maria da Silva" in pagina
    assert "Falta 1 assinatura" in pagina and "João Souza — Membro" in pagina


def test_assinatura_de_ac_desconhecida_nao_e_aceita(client, ata, admin_user, raiz_configurada):
    outra = AC.criar("AC Desconhecida", organizacao="Outra")
    assinado = documento_assinar(documento=ata, assinador=assinador_a1(outra.a1("FULANO", "11144477735", SENHA),
                                                                      SENHA), usuario=admin_user).conteudo()
    pagina = _enviar(client, ata, assinado).content.decode()
    assert "Assinatura que não confere." in pagina
    assert "não é de uma autoridade certificadora em que este sistema confia" in pagina


def test_pdf_assinado_e_adulterado_nao_e_autentico(client, ata, certificados, admin_user,
                                                   raiz_configurada):
    assinado = documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA),
                                 usuario=admin_user).conteudo()
    adulterado = assinado[:-200] + assinado[-200:].replace(b"0", b"1", 1)
    pagina = _enviar(client, ata, adulterado).content.decode()
    assert "Arquivo autêntico" not in pagina

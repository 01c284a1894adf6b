"""A página pública reconhece o PDF emitido e as versões assinadas no sistema pelo SHA-256, e mostra as assinaturas
conferidas da versão registrada. Um arquivo com um byte a mais, um campo acrescentado depois da assinatura ou uma
assinatura feita fora do sistema não é autêntico: o arquivo enviado nunca é aberto."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from documentos.assinatura import Carimbo, assinador_a1, assinar_pdf
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
    assert "A versão vigente é a assinada por MARIA DA SILVA" in pagina
    assert "Falta 1 assinatura" in pagina and "João Souza — Membro" in pagina


def _diferente(pagina: str) -> bool:
    return "Arquivo diferente do emitido." in pagina and "Arquivo autêntico" not in pagina


def test_assinatura_feita_fora_do_sistema_nao_e_autentica(client, ata, certificados, raiz_configurada):
    """Mesmo com um certificado da AC confiável: o que não foi assinado no sistema não é uma versão registrada."""
    carimbo = Carimbo(nome="JOAO SOUZA", documento="", cargo="", quando="", icp_brasil=False, pagina=0,
                      caixa=(50, 50, 277, 112))
    assinado = assinar_pdf(ata.conteudo(), assinador_a1(certificados["joao"], SENHA), campo="Assinatura 1",
                           carimbo=carimbo, motivo="Fora do sistema")
    assert _diferente(_enviar(client, ata, assinado).content.decode())


def test_campo_visivel_acrescentado_depois_da_assinatura_nao_e_autentico(client, ata, certificados, admin_user,
                                                                         raiz_configurada):
    """O ataque que a análise de diferenças do pyHanko deixa passar (nível «preenchimento de formulário»): um campo
    de assinatura vazio, acrescentado depois, cuja aparência cobre a página."""
    import io

    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields

    assinado = documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA),
                                 usuario=admin_user).conteudo()
    escritor = IncrementalPdfFileWriter(io.BytesIO(assinado))
    fields.append_signature_field(escritor, fields.SigFieldSpec("Capa", on_page=0, box=(0, 0, 600, 900)))
    saida = io.BytesIO()
    escritor.write(saida)
    assert _diferente(_enviar(client, ata, saida.getvalue()).content.decode())
    assert _diferente(_enviar(client, ata, assinado + b"<html><script>alert(1)</script></html>").content.decode())


def test_pdf_assinado_e_adulterado_nao_e_autentico(client, ata, certificados, admin_user,
                                                   raiz_configurada):
    assinado = documento_assinar(documento=ata, assinador=assinador_a1(certificados["maria"], SENHA),
                                 usuario=admin_user).conteudo()
    adulterado = assinado[:-200] + assinado[-200:].replace(b"0", b"1", 1)
    pagina = _enviar(client, ata, adulterado).content.decode()
    assert "Arquivo autêntico" not in pagina

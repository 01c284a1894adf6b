"""Assinaturas PAdES com pyHanko: cada coisa que usamos dele (docs/decisoes/0026-assinatura-digital.md), com uma AC
de teste criada pelo próprio teste."""

import hashlib
import io

import pytest
from pypdf import PdfReader

from demonstracao.certificados import AC
from documentos.assinatura import Carimbo, ErroDeAssinatura, assinador_a1, assinar_pdf, conferir_assinaturas
from documentos.assinatura_servicos import (
    Signatario,
    assinaturas_definir_ordem,
    conferir_contra_o_emitido,
    documento_assinar,
    proxima_assinatura,
    versao_vigente,
)
from documentos.pdf import emitir_pdf
from documentos.tipos import OUTRO
from tests.documentos.conftest import SENHA
from tests.documentos.pdfs import texto


def _assinar(documento, certificado, usuario, **extra):
    return documento_assinar(documento=documento, assinador=assinador_a1(certificado, SENHA), usuario=usuario,
                             **extra)


def test_a_emissao_guarda_onde_fica_cada_linha_de_assinatura(ata):
    assert set(ata.campos_assinatura) == {"1", "2"}
    primeiro, segundo = ata.campos_assinatura["1"], ata.campos_assinatura["2"]
    x1, y1, x2, y2 = primeiro["caixa"]
    # 80 mm × 22 mm em pontos, e a segunda linha abaixo da primeira (origem do PDF embaixo).
    assert x2 - x1 == pytest.approx(80 * 72 / 25.4, abs=0.5)
    assert y2 - y1 == pytest.approx(22 * 72 / 25.4, abs=1)
    assert primeiro["pagina"] == segundo["pagina"] == 0
    assert segundo["caixa"][3] < y1


def test_o_emitido_tem_uma_revisao_so(ata):
    from pyhanko.pdf_utils.reader import PdfFileReader

    assert PdfFileReader(io.BytesIO(ata.conteudo())).xrefs.total_revisions == 1


def test_assinatura_valida_e_conferida(ata, certificados, admin_user, raiz_configurada):
    assinatura = _assinar(ata, certificados["maria"], admin_user, cargo="Presidente da comissão")
    assert assinatura.ordem == 1 and assinatura.titular == "MARIA DA SILVA"
    assert assinatura.documento_do_titular == "CPF 123.456.789-09" and assinatura.icp_brasil
    assinado = assinatura.conteudo()
    assert assinatura.sha256 == hashlib.sha256(assinado).hexdigest()
    [resultado] = conferir_assinaturas(assinado)
    assert resultado.valida and resultado.titular.cpf == "12345678909"
    assert resultado.assinado_em is not None
    # O carimbo visível, no lugar da primeira linha de assinatura.
    leitor = PdfReader(io.BytesIO(assinado))
    [anotacao] = [a.get_object() for a in leitor.pages[0].get("/Annots", []) if a.get_object().get("/FT") == "/Sig"]
    x1, y1, x2, y2 = (float(v) for v in anotacao["/Rect"])
    assert [x1, y1, x2, y2] == pytest.approx(ata.campos_assinatura["1"]["caixa"], abs=0.05)
    aparencia = anotacao["/AP"]["/N"].get_object()
    assert aparencia is not None


def test_o_hash_do_original_continua_conferindo(ata, certificados, admin_user, raiz_configurada):
    original = ata.conteudo()
    assinatura = _assinar(ata, certificados["maria"], admin_user)
    ata.refresh_from_db()
    assert ata.conteudo() == original and hashlib.sha256(original).hexdigest() == ata.sha256
    assinado = assinatura.conteudo()
    assert assinado.startswith(original)
    conferencia = conferir_contra_o_emitido(ata, assinado)
    assert conferencia.versao == assinatura and conferencia.autentico and not conferencia.identico
    assert conferir_contra_o_emitido(ata, original).identico


def test_duas_assinaturas_em_ordem(ata, certificados, admin_user, raiz_configurada):
    maria, joao = assinaturas_definir_ordem(documento=ata, usuario=admin_user, signatarios=[
        Signatario("Maria da Silva", "Presidente", "123.456.789-09"), Signatario("João Souza", "Membro")])
    assert proxima_assinatura(ata) == maria
    _assinar(ata, certificados["maria"], admin_user, assinatura=maria)
    assert proxima_assinatura(ata) == joao
    segunda = _assinar(ata, certificados["joao"], admin_user, assinatura=joao)
    assert proxima_assinatura(ata) is None and versao_vigente(ata) == segunda
    resultados = conferir_assinaturas(segunda.conteudo())
    assert [r.titular.nome for r in resultados] == ["MARIA DA SILVA", "JOAO SOUZA"]
    assert all(r.valida for r in resultados)
    assert resultados[0].revisao < resultados[1].revisao
    # A segunda é uma revisão incremental da primeira: o arquivo da primeira está inteiro no começo.
    assert segunda.conteudo().startswith(maria.__class__.objects.get(pk=maria.pk).conteudo())
    assert conferir_contra_o_emitido(ata, segunda.conteudo()).autentico
    assert len(maria.history.all()) == 2


def test_ninguem_assina_fora_de_ordem(ata, certificados, admin_user, raiz_configurada):
    _maria, joao = assinaturas_definir_ordem(documento=ata, usuario=admin_user, signatarios=[
        Signatario("Maria da Silva"), Signatario("João Souza")])
    with pytest.raises(ErroDeAssinatura, match=r"Ainda não é a vez de João Souza.*falta a de Maria da Silva"):
        _assinar(ata, certificados["joao"], admin_user, assinatura=joao)
    assert versao_vigente(ata) is None


def test_o_cpf_esperado_recusa_o_certificado_de_outra_pessoa(ata, certificados, admin_user, raiz_configurada):
    [maria] = assinaturas_definir_ordem(documento=ata, usuario=admin_user,
                                        signatarios=[Signatario("Maria da Silva", cpf="12345678909")])
    with pytest.raises(ErroDeAssinatura, match="não de Maria da Silva"):
        _assinar(ata, certificados["joao"], admin_user, assinatura=maria)


def test_pdf_adulterado_depois_de_assinado_e_invalido(ata, certificados, admin_user, raiz_configurada):
    assinado = _assinar(ata, certificados["maria"], admin_user).conteudo()
    # Troca um byte do conteúdo coberto pela assinatura (dentro do emitido).
    posicao = assinado.index(b"stream") + 20
    adulterado = assinado[:posicao] + bytes([assinado[posicao] ^ 0x01]) + assinado[posicao + 1:]
    [resultado] = conferir_assinaturas(adulterado)
    assert not resultado.integra and not resultado.valida
    conferencia = conferir_contra_o_emitido(ata, adulterado)
    assert not conferencia.autentico


def test_o_que_se_acrescenta_depois_da_assinatura_a_invalida(ata, certificados, admin_user, raiz_configurada):
    from pyhanko.pdf_utils.generic import NameObject, TextStringObject
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    assinado = _assinar(ata, certificados["maria"], admin_user).conteudo()
    escritor = IncrementalPdfFileWriter(io.BytesIO(assinado))
    escritor.root["/Lang"] = TextStringObject("en")
    escritor.root[NameObject("/PageMode")] = NameObject("/UseOutlines")
    escritor.update_root()
    saida = io.BytesIO()
    escritor.write(saida)
    [resultado] = conferir_assinaturas(saida.getvalue())
    assert resultado.alterado_depois and not resultado.valida
    assert not conferir_contra_o_emitido(ata, saida.getvalue()).autentico


def test_certificado_de_outra_ac_nao_e_confiavel(ata, admin_user, raiz_configurada):
    """Um certificado feito em casa, mesmo com o nome e o CPF de quem está na vez, não assina pelo sistema; e a
    assinatura dele, feita fora, não é confiável."""
    outra = AC.criar("AC Desconhecida", organizacao="ICP-Brasil")
    a1 = outra.a1("MARIA DA SILVA", "12345678909", SENHA)
    [maria] = assinaturas_definir_ordem(documento=ata, usuario=admin_user,
                                        signatarios=[Signatario("Maria da Silva", cpf="12345678909")])
    with pytest.raises(ErroDeAssinatura, match="não é de uma autoridade certificadora em que este sistema confia"):
        _assinar(ata, a1, admin_user, assinatura=maria)
    maria.refresh_from_db()
    assert not maria.assinada and versao_vigente(ata) is None
    carimbo = Carimbo(nome="MARIA DA SILVA", documento="", cargo="", quando="", icp_brasil=False, pagina=0,
                      caixa=(50, 50, 277, 112))
    assinado = assinar_pdf(ata.conteudo(), assinador_a1(a1, SENHA), campo="Assinatura 1", carimbo=carimbo,
                           motivo="Fora do sistema")
    [resultado] = conferir_assinaturas(assinado)
    assert resultado.integra and not resultado.confiavel and not resultado.valida
    assert "não é de uma autoridade certificadora em que este sistema confia" in resultado.situacao
    assert not conferir_contra_o_emitido(ata, assinado).autentico


def test_senha_errada_da_um_erro_claro(certificados):
    with pytest.raises(ErroDeAssinatura, match="A senha do certificado está errada"):
        assinador_a1(certificados["maria"], "outra senha")


def test_sem_campo_o_carimbo_vai_na_ultima_pagina(db, templates_de_teste, admin_user, certificados,
                                                  raiz_configurada):
    documento = emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 60)}, tipo=OUTRO,
                           titulo="Sem campos", usuario=admin_user)
    assert documento.campos_assinatura == {}
    assinado = _assinar(documento, certificados["maria"], admin_user).conteudo()
    leitor = PdfReader(io.BytesIO(assinado))
    ultima = leitor.pages[-1]
    [anotacao] = [a.get_object() for a in ultima.get("/Annots", []) if a.get_object().get("/FT") == "/Sig"]
    _x1, _y1, x2, _y2 = (float(v) for v in anotacao["/Rect"])
    assert x2 == pytest.approx(float(ultima.mediabox.width) - 20 * 72 / 25.4, abs=0.1)
    assert conferir_assinaturas(assinado)[0].valida


def test_o_carimbo_diz_quem_assinou_e_quando(ata, certificados, admin_user, raiz_configurada):
    assinado = _assinar(ata, certificados["maria"], admin_user, cargo="Presidente da comissão").conteudo()
    leitor = PdfReader(io.BytesIO(assinado))
    [anotacao] = [a.get_object() for a in leitor.pages[0].get("/Annots", []) if a.get_object().get("/FT") == "/Sig"]
    aparencia = anotacao["/AP"]["/N"].get_object()
    fluxos = [aparencia.get_data()]
    for recurso in aparencia.get("/Resources", {}).get("/XObject", {}).values():
        fluxos.append(recurso.get_object().get_data())
    conteudo = b"".join(fluxos)
    assert b"Assinado digitalmente por" in conteudo or b"Assinado" in conteudo
    assert "Ata de teste" in texto(assinado)


def test_texto_trocado_na_revisao_da_assinatura_nao_e_o_emitido(ata, admin_user, raiz_configurada):
    """Quem tem um certificado confiável baixa o emitido, troca o texto e assina na mesma revisão: a assinatura é
    válida, mas o arquivo não é o emitido mais assinaturas."""
    from pyhanko.pdf_utils.generic import NameObject, NumberObject
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    outra = AC.criar("AC Qualquer")
    escritor = IncrementalPdfFileWriter(io.BytesIO(ata.conteudo()))
    pagina_ref = escritor.root["/Pages"]["/Kids"][0]
    pagina = pagina_ref.get_object()
    pagina[NameObject("/Rotate")] = NumberObject(90)
    escritor.update_container(pagina)
    assinador = assinador_a1(outra.a1("FULANO", "11144477735", SENHA), SENHA)
    saida = signers.PdfSigner(signers.PdfSignatureMetadata(field_name="Assinatura 1"), signer=assinador,
                              new_field_spec=fields.SigFieldSpec("Assinatura 1", box=(10, 10, 100, 50))
                              ).sign_pdf(escritor)
    assert conferir_assinaturas(saida.getvalue())[0].integra
    conferencia = conferir_contra_o_emitido(ata, saida.getvalue())
    assert not conferencia.autentico and conferencia.versao is None and not conferencia.assinaturas

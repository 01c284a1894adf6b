"""O documento apresentado para a reserva, vindo do arquivo da banca (colunas documento, documento_conferencia e
documento_motivo; docs/importacao.md): Iúna art. 2º, II (a declaração de pertencimento étnico ou um dos documentos
das alíneas a a d, para os indígenas). Os códigos são os da lei congelada no certame; cada erro diz a linha, a coluna e
o valor, e com qualquer erro nada é gravado."""

from __future__ import annotations

from datetime import date

import pytest

from concursos.models import DocumentoApresentado, Inscricao
from concursos.services.certame import certame_publicar
from legislacao.models import Lei
from tests.concursos.importacao.conftest import CABECALHO, csv_de, linha, mensagens, rodar

DOCUMENTOS = ",documento,documento_conferencia,documento_motivo"
SO_DOCUMENTOS = "inscricao,documento,documento_conferencia,documento_motivo"


@pytest.fixture
def iuna(leis_de_origem, fazer_certame, admin_user):
    """Um edital de Iúna publicado, com as inscrições abertas."""
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="050/2024")
    return certame_publicar(certame=certame, usuario=admin_user)


def _com_documento(numero, cpf, documento="", conferencia="", motivo="", **kwargs) -> str:
    return f"{linha(numero, cpf, **kwargs)},{documento},{conferencia},{motivo}"


def _documentos() -> list[tuple]:
    return list(DocumentoApresentado.objects.order_by("inscricao__numero", "pk").values_list(
        "inscricao__numero", "grupo", "tipo", "origem", "conferencia", "motivo"))


def test_iuna_art_2_ii_o_arquivo_de_inscricoes_traz_o_documento_e_a_conferencia_da_banca(iuna, cpfs, admin_user):
    resultado = rodar(iuna, csv_de(
        _com_documento("I1", cpfs[0], "decl", "aceito", cor="indigena"),
        _com_documento("I2", cpfs[1], "RANI", cor="indigena"),
        _com_documento("B1", cpfs[2], cor="branca", reserva="nao"),
        cabecalho=CABECALHO + DOCUMENTOS), usuario=admin_user)
    assert resultado.erros == [], mensagens(resultado)
    assert _documentos() == [("I1", "IND", "DECL", "arquivo", "aceito", ""),
                             ("I2", "IND", "RANI", "arquivo", "a_conferir", "")]
    aceito = DocumentoApresentado.objects.get(inscricao__numero="I1")
    # O nome é o da lei congelada; a conferência é da banca, trazida por quem confirmou a importação.
    assert aceito.nome == "Declaração de pertencimento étnico"
    assert (aceito.importacao_id, aceito.conferido_na_importacao_id) == (resultado.importacao_id,
                                                                         resultado.importacao_id)
    assert (aceito.registrado_por, aceito.conferido_por) == (admin_user, admin_user)
    assert "Documentos para a reserva: 2 registrados, 1 conferido pela banca." in resultado.resumo()


def test_o_arquivo_so_de_documentos_confere_os_ja_registrados_e_reimportar_nao_muda_nada(iuna, cpfs, admin_user):
    rodar(iuna, csv_de(_com_documento("I2", cpfs[1], "RANI", cor="indigena"), cabecalho=CABECALHO + DOCUMENTOS))
    arquivo = f"{SO_DOCUMENTOS}\nI2,RANI,recusado,Documento ilegível\n".encode()
    resultado = rodar(iuna, arquivo, usuario=admin_user)
    assert resultado.erros == [], mensagens(resultado)
    assert _documentos() == [("I2", "IND", "RANI", "arquivo", "recusado", "Documento ilegível")]
    documento = DocumentoApresentado.objects.get()
    assert [h.history_change_reason for h in documento.history.all()] == [
        f"Conferido no arquivo da banca (importação nº {resultado.importacao_id})."]
    assert resultado.resumo().startswith("Arquivo de documentos: 1 linha lida.")
    de_novo = rodar(iuna, arquivo, usuario=admin_user)
    assert de_novo.erros == [] and (de_novo.documentos_registrados, de_novo.documentos_conferidos) == (0, 0)
    assert DocumentoApresentado.objects.count() == 1


def test_cada_erro_do_documento_diz_a_linha_a_coluna_e_o_valor_e_nada_fica_gravado(iuna, cpfs):
    resultado = rodar(iuna, csv_de(
        _com_documento("I1", cpfs[0], "CNH", cor="indigena"),
        _com_documento("I2", cpfs[1], "DECL", "talvez", cor="indigena"),
        _com_documento("I3", cpfs[2], "DECL", "recusado", cor="indigena"),
        _com_documento("I4", cpfs[3], "DECL", "", "Ilegível", cor="indigena"),
        _com_documento("I5", cpfs[4], "DECL", cor="indigena", reserva="nao"),
        _com_documento("N1", cpfs[5], "RANI", cor="parda"),
        _com_documento("I6", cpfs[6], "", "aceito", cor="indigena"),
        _com_documento("I7", cpfs[7], "DECL", "aceito", cor="indigena"),
        cabecalho=CABECALHO + DOCUMENTOS))
    assert mensagens(resultado) == [
        "Linha 2, coluna «documento», valor «CNH»: documento desconhecido; use um dos códigos que a lei do certame "
        "aceita: DECL, RC, RANI, RES, NASC.",
        "Linha 3, coluna «documento_conferencia», valor «talvez»: valor desconhecido; use aceito ou recusado (ou "
        "deixe vazio: a conferir).",
        "Linha 4, coluna «documento_motivo», valor «»: a recusa exige o motivo (o candidato tem o direito de "
        "sabê-lo).",
        "Linha 5, coluna «documento_motivo», valor «Ilegível»: o motivo é da conferência: informe-a em "
        "documento_conferencia (aceito ou recusado).",
        "Linha 6, coluna «documento», valor «DECL»: esta inscrição não optou pela reserva: só quem concorre a ela "
        "apresenta o documento.",
        "Linha 7, coluna «documento», valor «RANI»: o documento é da reserva «Indígenas», a que a autodeclaração "
        "desta linha não pertence.",
        "Linha 8, coluna «documento», valor «»: a conferência e o motivo são de um documento: informe-o na coluna "
        "documento.",
    ]
    assert not Inscricao.objects.exists() and not DocumentoApresentado.objects.exists()


def test_a_conferencia_ja_feita_nao_se_refaz_pelo_arquivo(iuna, cpfs):
    rodar(iuna, csv_de(_com_documento("I1", cpfs[0], "DECL", "aceito", cor="indigena"),
                       cabecalho=CABECALHO + DOCUMENTOS))
    resultado = rodar(iuna, f"{SO_DOCUMENTOS}\nI1,DECL,recusado,Assinatura falsa\n".encode())
    assert mensagens(resultado) == [
        "Linha 2, coluna «documento_conferencia», valor «recusado»: o documento DECL desta inscrição já foi "
        "conferido («aceito»): uma nova conferência se faz na ficha da inscrição, com o motivo."]
    assert _documentos() == [("I1", "IND", "DECL", "arquivo", "aceito", "")]


def test_no_arquivo_so_de_documentos_vale_a_autodeclaracao_gravada(iuna, cpfs):
    rodar(iuna, csv_de(linha("B1", cpfs[0], cor="branca", reserva="nao"), linha("N1", cpfs[1], cor="parda"),
                       cabecalho=CABECALHO))
    resultado = rodar(iuna, f"{SO_DOCUMENTOS}\nB1,DECL,,\nN1,RANI,,\n".encode())
    assert mensagens(resultado) == [
        "Linha 2, coluna «documento», valor «DECL»: esta inscrição não optou pela reserva: só quem concorre a ela "
        "apresenta o documento.",
        "Linha 3, coluna «documento», valor «RANI»: o documento é da reserva «Indígenas», a que a autodeclaração "
        "registrada nesta inscrição não pertence."]


def test_lei_que_nao_exige_documento_e_edital_ainda_nao_publicado(leis_de_origem, fazer_certame, cpfs, admin_user):
    vargem_alta = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    resultado = rodar(vargem_alta, csv_de(_com_documento("I1", cpfs[0], "DECL", cor="indigena"),
                                          cabecalho=CABECALHO + DOCUMENTOS))
    assert mensagens(resultado) == [
        "Linha 2, coluna «documento», valor «DECL»: a lei congelada no certame não exige documento para nenhuma "
        "reserva; deixe a coluna vazia (ou tire-a do arquivo)."]
    rascunho = fazer_certame(numero="002/2024")
    resultado = rodar(rascunho, csv_de(_com_documento("I1", cpfs[0], "DECL", cor="indigena"),
                                       cabecalho=CABECALHO + DOCUMENTOS))
    assert mensagens(resultado) == [
        "Linha 2, coluna «documento», valor «DECL»: o edital ainda não foi publicado: os documentos são os da lei "
        "congelada na publicação."]
    # A coluna vazia não atrapalha nenhum dos dois.
    assert rodar(rascunho, csv_de(_com_documento("B1", cpfs[1], cor="branca", reserva="nao"),
                                  cabecalho=CABECALHO + DOCUMENTOS)).erros == []


def test_conferencia_sem_a_coluna_documento_e_motivo_hostil(iuna, cpfs):
    resultado = rodar(iuna, b"inscricao,documento_conferencia\nI1,aceito\n")
    assert mensagens(resultado)[-1] == ("Linha 1, coluna «documento_conferencia», valor «»: a conferência e o motivo "
                                        "precisam da coluna documento no cabeçalho.")
    hostil = csv_de(_com_documento("I1", cpfs[0], "DECL", "recusado", "Assinatura\u202e falsa", cor="indigena"),
                    cabecalho=CABECALHO + DOCUMENTOS)
    (erro,) = rodar(iuna, hostil).erros
    assert (erro.linha, erro.coluna, erro.valor) == (2, "documento_motivo", "Assinatura\\u202e falsa")
    assert not DocumentoApresentado.objects.exists()
    # Um tab no motivo (texto livre, copiado de uma planilha) é só um espaço.
    tab = csv_de(_com_documento("I1", cpfs[0], "DECL", "recusado", "Assinatura\tfalsa", cor="indigena"),
                 cabecalho=CABECALHO + DOCUMENTOS)
    assert rodar(iuna, tab).erros == []
    assert DocumentoApresentado.objects.get().motivo == "Assinatura falsa"


def test_em_lotes_e_pela_gravacao_otimista(iuna, cpfs, lotes_pequenos):
    linhas = [_com_documento(f"I{i}", cpfs[i], "DECL" if i % 2 else "", "aceito" if i % 2 else "",
                             cor="indigena" if i % 2 else "branca", reserva="sim" if i % 2 else "nao")
              for i in range(1, 8)]
    resultado = rodar(iuna, csv_de(*linhas, cabecalho=CABECALHO + DOCUMENTOS))
    assert resultado.erros == [], mensagens(resultado)
    assert [n for n, *_ in _documentos()] == ["I1", "I3", "I5", "I7"]

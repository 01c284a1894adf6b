"""A comprovação do pertencimento ao grupo de reserva pelos documentos que a lei aceita (legislacao/comprovacao.py):
Iúna art. 2º, II (a declaração de pertencimento étnico ou ao menos um dos documentos das alíneas a a d: basta um) e
Ibatiba art. 2º (o documento oficial com a informação), e a composição «todos» que o cadastro também oferece."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from legislacao.comprovacao import (
    NENHUM,
    Conferencia,
    Exigencia,
    Regra,
    Situacao,
    TipoDeDocumento,
    exigencias_de_dict,
    exigencias_para_dict,
    situacao,
)

ACEITO, RECUSADO, A_CONFERIR = Conferencia.ACEITO, Conferencia.RECUSADO, Conferencia.A_CONFERIR
IUNA = Exigencia("IND", Regra.UM_DOS, "art. 2º, II", (
    TipoDeDocumento("DECL", "Declaração de pertencimento étnico", "art. 2º, II"),
    TipoDeDocumento("RC", "Registro civil com a identificação étnica", "art. 2º, II, a"),
    TipoDeDocumento("RANI", "Registro Nacional de Nascimento (RANI), expedido pela FUNAI", "art. 2º, II, b"),
    TipoDeDocumento("RES", "Comprovante de residência em área ou território indígena, demarcado ou não",
                    "art. 2º, II, c"),
    TipoDeDocumento("NASC", "Certidão de nascimento ou RG que expresse o local de nascimento", "art. 2º, II, d"),
))
IBATIBA = Exigencia("NPI", Regra.UM_DOS, "art. 2º", (
    TipoDeDocumento("DOC", "Documento oficial com a informação (pessoa negra, parda ou indígena)", "art. 2º"),))
TODOS = Exigencia("QUI", Regra.TODOS, "art. 5º", (TipoDeDocumento("DECL", "Declaração da comunidade"),
                                                  TipoDeDocumento("CERT", "Certidão da Fundação Palmares")))


def test_iuna_art_2_ii_a_declaracao_de_pertencimento_basta():
    assert situacao(IUNA, [("DECL", ACEITO)]) is Situacao.ACEITA


def test_iuna_art_2_ii_a_a_d_um_documento_das_alineas_basta_mesmo_com_outro_recusado():
    assert situacao(IUNA, [("DECL", RECUSADO), ("RANI", ACEITO)]) is Situacao.ACEITA
    assert situacao(IUNA, [("NASC", ACEITO)]) is Situacao.ACEITA


def test_iuna_art_2_ii_sem_documento_e_falta_e_a_conferir_espera():
    assert situacao(IUNA, []) is Situacao.FALTA
    assert situacao(IUNA, [("DECL", RECUSADO), ("RC", A_CONFERIR)]) is Situacao.A_CONFERIR


def test_iuna_art_2_ii_so_recusas_ou_nada_apresentado_no_prazo_e_a_recusa():
    assert situacao(IUNA, [("DECL", RECUSADO), ("RES", RECUSADO)]) is Situacao.RECUSADA
    assert situacao(IUNA, [(NENHUM, RECUSADO)]) is Situacao.RECUSADA
    # Apresentado depois do prazo e aceito: volta a concorrer (nas chamadas seguintes).
    assert situacao(IUNA, [(NENHUM, RECUSADO), ("DECL", ACEITO)]) is Situacao.ACEITA


def test_ibatiba_art_2_o_documento_oficial():
    assert situacao(IBATIBA, [("DOC", ACEITO)]) is Situacao.ACEITA
    assert situacao(IBATIBA, [("DOC", RECUSADO)]) is Situacao.RECUSADA


def test_todos_cada_tipo_aceito_e_um_tipo_so_com_recusas_recusa():
    assert situacao(TODOS, [("DECL", ACEITO)]) is Situacao.FALTA
    assert situacao(TODOS, [("DECL", ACEITO), ("CERT", A_CONFERIR)]) is Situacao.A_CONFERIR
    assert situacao(TODOS, [("DECL", ACEITO), ("CERT", ACEITO)]) is Situacao.ACEITA
    assert situacao(TODOS, [("DECL", RECUSADO), ("CERT", A_CONFERIR)]) is Situacao.RECUSADA
    assert situacao(TODOS, [("DECL", ACEITO), (NENHUM, RECUSADO)]) is Situacao.RECUSADA


def test_descricao_do_que_a_lei_aceita_com_os_artigos_das_alineas():
    texto = IUNA.descrever()
    assert texto.startswith("um destes documentos: Declaração de pertencimento étnico; Registro civil")
    assert "(art. 2º, II, a)" in texto and "(art. 2º, II, d)" in texto
    assert "Declaração de pertencimento étnico (art. 2º, II)" not in texto  # o artigo do grupo não se repete
    assert IBATIBA.descrever() == "documento oficial com a informação (pessoa negra, parda ou indígena)"
    assert TODOS.descrever().startswith("todos estes documentos: ")


def test_congelar_e_ler_de_volta_e_sem_a_chave_nenhuma_exigencia():
    congeladas = exigencias_para_dict([IUNA, IBATIBA])
    assert exigencias_de_dict(congeladas) == {"IND": IUNA, "NPI": IBATIBA}
    assert exigencias_de_dict(None) == {}
    assert exigencias_de_dict({}) == {}


CONFERENCIAS = st.sampled_from(list(Conferencia))
TIPOS = st.sampled_from([t.codigo for t in IUNA.tipos] + [NENHUM])


@given(st.lists(st.tuples(TIPOS, CONFERENCIAS), max_size=8), TIPOS.filter(bool))
def test_um_documento_aceito_a_mais_nunca_piora_e_basta_quando_basta_um(apresentados, tipo):
    """Basta um (Iúna art. 2º, II): com um documento aceito, seja qual for o resto, a situação é a aceita."""
    assert situacao(IUNA, [*apresentados, (tipo, ACEITO)]) is Situacao.ACEITA


@given(st.lists(st.tuples(TIPOS, CONFERENCIAS), max_size=8))
def test_a_ordem_dos_documentos_nao_importa(apresentados):
    assert situacao(IUNA, apresentados) is situacao(IUNA, list(reversed(apresentados)))
    assert situacao(TODOS, apresentados) is situacao(TODOS, list(reversed(apresentados)))

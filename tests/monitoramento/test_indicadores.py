"""Cada indicador contra a conta feita à mão num certame pequeno de Vargem Alta (17% negros + 3% indígenas, a partir de
3 vagas; a 3ª posição é de negros, art. 5º), com uma reversão por não confirmação, uma desistência, uma confirmação
por recurso provido e um cargo abaixo do mínimo (art. 2º)."""

from datetime import date, time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concursos.models import Candidato, Heteroidentificacao
from concursos.services.chamadas import chamada_inicial, desistencia_registrar
from heteroidentificacao.models import Avaliacao, Comissao, Recurso, Resultado, Sessao
from monitoramento import indicadores as ind
from monitoramento.selectors.indicadores import certames_publicados, indicadores_dos_certames, por_ano
from tests.concursos.conftest import fazer_certame, inscrever, levar_ao_resultado, orgao  # noqa: F401


@pytest.fixture
def certame_pequeno(leis_de_origem, fazer_certame, inscrever, levar_ao_resultado, admin_user):  # noqa: F811
    certame = fazer_certame(cargos=(("ADM", 5, 0), ("TEC", 3, 0), ("AUX", 2, 0)))
    adm, tec, aux = (certame.cargos.get(codigo=c) for c in ("ADM", "TEC", "AUX"))
    # ADM: A (parda, cotista) entra pela ampla; N1, a única outra cotista, não foi confirmada: a vaga de negros (3ª)
    # reverte à ampla e, na ordem da lista geral, fica com C; N1 continua na ampla (art. 4º) e fica com a 5ª. B
    # desiste depois e E, o próximo da ampla, assume a 2ª.
    inscrever(adm, [("A", "parda", True), ("B", "branca"), ("C", "branca"), ("D", "branca"), ("N1", "parda", True),
                    ("E", "branca"), ("F", "branca")])
    # TEC: P1 (preta, cotista) foi confirmada no recurso e ocupa a 3ª posição, a de negros.
    inscrever(tec, [("X1", "branca"), ("X2", "branca"), ("P1", "preta", True)])
    inscrever(aux, [("Y1", "branca"), ("Y2", "branca")])
    certame.inscricoes.filter(numero__in=["A", "P1"]).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    certame.inscricoes.filter(numero="N1").update(heteroidentificacao=Heteroidentificacao.NAO_CONFIRMADO)
    Candidato.objects.filter(inscricoes__numero__in=["A", "C", "N1", "P1", "X2"]).update(genero="feminino")
    Candidato.objects.filter(inscricoes__numero__in=["B", "D", "E", "F", "X1", "Y1", "Y2"]).update(genero="masculino")
    _recurso_provido(certame, certame.inscricoes.get(numero="P1"))
    certame = levar_ao_resultado(certame)
    for cargo in (adm, tec, aux):
        chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Decreto nº 1/2024", usuario=admin_user)
    b = adm.convocacoes.get(inscricao__numero="B")
    desistencia_registrar(convocacao=b, data=date(2024, 9, 10), ato="Termo de desistência", usuario=admin_user)
    return certame


def _recurso_provido(certame, inscricao):
    comissao = Comissao.objects.create(certame=certame, ato_designacao="Portaria 1/2024",
                                       data_designacao=date(2024, 3, 20))
    primeira = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=time(9),
                                     local="Sala 1")
    julgamento = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 30), inicio=time(9),
                                       local="Sala 1")
    avaliacao = Avaliacao.objects.create(sessao=primeira, inscricao=inscricao, horario=time(9),
                                         resultado=Resultado.NAO_CONFIRMADO)
    recurso = Recurso.objects.create(avaliacao=avaliacao, protocolado_em=date(2024, 4, 15), fundamentos="Fenótipo.")
    Avaliacao.objects.create(sessao=julgamento, inscricao=inscricao, horario=time(10), recurso=recurso,
                             resultado=Resultado.CONFIRMADO)


def test_os_indicadores_do_certame_batem_com_a_conta_feita_a_mao(certame_pequeno):
    (item,) = indicadores_dos_certames(certames_publicados([certame_pequeno.orgao_id]))
    i = item.indicadores
    assert (i.certames, i.cargos, i.vagas, i.vagas_pcd) == (1, 3, 10, 0)
    neg, ind_ = i.grupos["NEG"], i.grupos["IND"]
    # Art. 2º: 5 vagas → 0,85 → 1 de negros; 3 vagas → 0,51 → 1; 2 vagas, abaixo do mínimo de 3 → nenhuma.
    assert (neg.reservadas, ind_.reservadas) == (2, 0)
    assert (neg.chamadas, neg.preenchidas, neg.revertidas) == (2, 1, 1)
    assert neg.causas == {"fraude": 0, "nao_confirmado": 1, "ausente": 0, "sem_candidato": 0}
    assert neg.cotistas_na_ampla == 1
    assert i.desistencias == {"AC": 1}
    assert (i.ampla_chamadas, i.pcd_chamadas) == (8, 0)
    h = i.heteroidentificacao
    assert (h.confirmados, h.nao_confirmados, h.ausentes, h.recursos, h.providos) == (2, 1, 0, 1, 1)
    assert h.mediana_dias_recurso == 15
    # Titulares de hoje pela lista da ampla: A, E, C (na vaga revertida), D, N1 (ADM), X1, X2 (TEC), Y1, Y2 (AUX);
    # pela de negros, P1.
    assert i.generos["AC"] == {"feminino": 4, "masculino": 5}
    assert i.generos["NEG"] == {"feminino": 1}
    assert (i.cargos_abaixo_do_minimo, i.vagas_abaixo_do_minimo, i.certames_com_fracionamento) == (1, 2, 0)


def test_por_ano_soma_os_certames_do_ano_do_edital(certame_pequeno):
    anos = por_ano(indicadores_dos_certames(certames_publicados(None)))
    assert [a.ano for a in anos] == [2024]
    assert anos[0].indicadores.revertidas == 1


def test_o_rascunho_nao_entra_nos_indicadores(leis_de_origem, fazer_certame):  # noqa: F811
    fazer_certame()
    assert indicadores_dos_certames(certames_publicados(None)) == []


@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.integers(0, 50))
def test_as_causas_da_reversao_somam_as_vagas_revertidas(revertidas, anulados, nao_confirmados, ausentes):
    causas = ind.causas_da_reversao(revertidas, anulados=anulados, nao_confirmados=nao_confirmados,
                                    ausentes=ausentes)
    assert sum(causas.values()) == revertidas
    assert causas["fraude"] <= anulados and causas["nao_confirmado"] <= nao_confirmados
    assert causas["ausente"] <= ausentes


def test_contagens_pequenas_nao_se_publicam():
    assert [ind.suprimir(n) for n in (0, 1, 4, 5, 12)] == [0, None, None, 5, 12]


def test_a_supressao_complementar_impede_achar_a_parte_pelo_total():
    """Publicado o total (10), suprimir só o 2 deixaria 10 − 8 = 2: sai também a menor das outras."""
    assert ind.suprimir_partes({"feminino": 2, "masculino": 8}) == {"feminino": None, "masculino": None}
    assert ind.suprimir_partes({"feminino": 2, "masculino": 3, "outro": 9}) == {
        "feminino": None, "masculino": None, "outro": 9}
    assert ind.suprimir_partes({"feminino": 0, "masculino": 8}) == {"feminino": 0, "masculino": 8}

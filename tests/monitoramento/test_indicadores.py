"""Cada indicador contra a conta feita à mão num certame pequeno de Vargem Alta (17% negros + 3% indígenas, a partir de
3 vagas; a 3ª posição é de negros, art. 5º), com uma reversão por não confirmação, uma desistência, uma confirmação
por recurso provido e um cargo abaixo do mínimo (art. 2º)."""

from hypothesis import given
from hypothesis import strategies as st

from monitoramento import indicadores as ind
from monitoramento.selectors.indicadores import certames_publicados, indicadores_dos_certames, por_ano


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


def test_o_rascunho_nao_entra_nos_indicadores(leis_de_origem, fazer_certame):
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

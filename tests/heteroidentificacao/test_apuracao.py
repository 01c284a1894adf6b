"""A apuração secreta (Afonso Cláudio art. 9º, § 4º; art. 11, § 2º; art. 6º, § 1º), sem banco."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from heteroidentificacao.apuracao import ErroApuracao, apurar, maioria_absoluta, registrar_aberta, texto_votos


def sem_embaralhar(urna):
    """Mantém a ordem dada: os testes escolhem a ordem em que as cédulas saem da urna."""


@pytest.mark.parametrize(("membros", "maioria"), [(3, 2), (4, 3), (5, 3), (7, 4)])
def test_maioria_absoluta_dos_membros(membros, maioria):
    """Art. 9º, § 4º: mais da metade dos membros da comissão."""
    assert maioria_absoluta(membros) == maioria


def test_tres_a_zero_abre_so_duas_cedulas():
    """Art. 11, § 2º: a unanimidade nunca aparece; com 3 membros, 3–0 vira «2 votos»."""
    resultado = apurar([True, True, True], maioria=2)
    assert (resultado.abertas, resultado.decisao, resultado.texto) == (2, True, "2 votos")


@pytest.mark.parametrize(("ordem", "abertas", "texto"), [
    ([True, True, False], 2, "2 votos"),
    ([True, False, True], 3, "3 votos (2 a 1)"),
    ([False, True, True], 3, "3 votos (2 a 1)"),
])
def test_dois_a_um_depende_da_ordem_sorteada(ordem, abertas, texto):
    resultado = apurar(ordem, maioria=2, embaralhar=sem_embaralhar)
    assert (resultado.abertas, resultado.decisao, resultado.texto) == (abertas, True, texto)


def test_sem_maioria_a_decisao_fica_em_aberto():
    """Art. 6º, § 1º: sem maioria, quem chama aplica a dúvida razoável (a autodeclaração prevalece)."""
    resultado = apurar([True, False], maioria=2)
    assert (resultado.abertas, resultado.decisao) == (2, None)


def test_urna_vazia_e_recusada():
    with pytest.raises(ErroApuracao):
        apurar([], maioria=2)


def test_texto_nunca_mostra_placar_unanime():
    assert texto_votos(3, 3, 0) == "3 votos"
    assert texto_votos(1, 1, 0) == "1 voto"


def test_papel_recusa_cedula_depois_da_decisao():
    placar, decisao = registrar_aberta((1, 0), True, maioria=2)
    assert (placar, decisao) == ((2, 0), True)
    with pytest.raises(ErroApuracao, match="destruídas sem abrir"):
        registrar_aberta(placar, False, maioria=2)


def test_mais_cedulas_que_membros_e_recusado():
    with pytest.raises(ErroApuracao, match="mais cédulas do que membros"):
        apurar([True, False, True, False], maioria=2)


urnas = st.integers(1, 15).flatmap(
    lambda membros: st.tuples(st.just(membros), st.lists(st.booleans(), min_size=1, max_size=membros)))


@given(urna=urnas, semente=st.randoms())
def test_propriedades_da_apuracao(urna, semente):
    """Qualquer urna: para na primeira vez que um lado alcança a maioria e nunca abre além disso."""
    membros, votos = urna
    maioria = maioria_absoluta(membros)
    resultado = apurar(votos, maioria=maioria, embaralhar=semente.shuffle)
    assert resultado.confirmam + resultado.nao_confirmam == resultado.abertas <= len(votos)
    assert resultado.confirmam <= votos.count(True) and resultado.nao_confirmam <= votos.count(False)
    if resultado.decisao is None:
        assert resultado.abertas == len(votos)
        assert max(resultado.confirmam, resultado.nao_confirmam) < maioria
    else:
        vencedor = resultado.confirmam if resultado.decisao else resultado.nao_confirmam
        perdedor = resultado.nao_confirmam if resultado.decisao else resultado.confirmam
        assert vencedor == maioria and perdedor < maioria
    # A decisão é a mesma qualquer que seja a ordem sorteada: só o número de cédulas abertas muda.
    if votos.count(True) >= maioria:
        assert resultado.decisao is True
    elif votos.count(False) >= maioria:
        assert resultado.decisao is False
    else:
        assert resultado.decisao is None


@given(urna=urnas)
def test_papel_e_eletronica_chegam_ao_mesmo_resultado(urna):
    membros, votos = urna
    maioria = maioria_absoluta(membros)
    eletronica = apurar(votos, maioria=maioria, embaralhar=sem_embaralhar)
    placar, decisao, abertas = (0, 0), None, 0
    for voto in votos:
        placar, decisao = registrar_aberta(placar, voto, maioria=maioria)
        abertas += 1
        if decisao is not None:
            break
    assert (abertas, decisao, placar) == (eletronica.abertas, eletronica.decisao,
                                          (eletronica.confirmam, eletronica.nao_confirmam))

"""A decisão pelas avaliações individuais dos membros (heteroidentificacao/deliberacao.py), com as regras que o edital
pode escolher onde a lei manda cada membro avaliar (IN Conjunta MGI/MIR/MPI nº 261/2025; decisão 0017): maioria;
unanimidade para indeferir; e a das duas instâncias do edital do TCU de 2025 (item 5.2.6.15: a autodeclaração
prevalece se as decisões desfavoráveis da comissão e da recursal forem, cumulativamente, não unânimes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concursos.models import RegraDecisao
from heteroidentificacao.apuracao import maioria_absoluta
from heteroidentificacao.deliberacao import Desfavoravel, ErroDeliberacao, Regra, decidir

avaliacoes = st.lists(st.booleans(), min_size=1, max_size=15)


def test_as_regras_do_edital_sao_as_que_o_nucleo_aplica():
    """A escolha do edital (concursos) e a regra que o núcleo aplica têm os mesmos valores: uma regra, um lugar."""
    assert set(RegraDecisao.values) == {r.value for r in Regra}


@given(avaliacoes)
def test_maioria_decide_pelo_lado_que_a_alcanca(votos):
    maioria = maioria_absoluta(len(votos))
    decisao = decidir(votos, regra=Regra.MAIORIA, maioria=maioria)
    assert decisao.favoraveis + decisao.desfavoraveis == len(votos)
    if decisao.favoraveis >= maioria:
        assert decisao.confirma is True
    elif decisao.desfavoraveis >= maioria:
        assert decisao.confirma is False
    else:
        assert decisao.confirma is None and len(votos) % 2 == 0
    assert not decisao.prevaleceu


@given(avaliacoes)
def test_unanimidade_para_indeferir_so_indefere_quando_todos_indeferem(votos):
    decisao = decidir(votos, regra=Regra.UNANIMIDADE_PARA_INDEFERIR, maioria=maioria_absoluta(len(votos)))
    assert decisao.confirma is (not decisao.unanime_desfavoravel)
    assert decisao.confirma is any(votos)


@given(avaliacoes)
def test_na_primeira_instancia_a_regra_das_duas_instancias_decide_pela_maioria(votos):
    """Item 5.2.6.15 do edital do TCU: a prevalência só se apura no recurso, com as duas decisões."""
    maioria = maioria_absoluta(len(votos))
    assert (decidir(votos, regra=Regra.DUAS_INSTANCIAS, maioria=maioria)
            == decidir(votos, regra=Regra.MAIORIA, maioria=maioria))


@given(avaliacoes, st.booleans())
def test_a_autodeclaracao_prevalece_se_as_duas_decisoes_desfavoraveis_forem_nao_unanimes(votos, primeira_unanime):
    maioria = maioria_absoluta(len(votos))
    decisao = decidir(votos, regra=Regra.DUAS_INSTANCIAS, maioria=maioria,
                      primeira_instancia=Desfavoravel(unanime=primeira_unanime))
    pela_maioria = decidir(votos, regra=Regra.MAIORIA, maioria=maioria)
    desfavoravel_nao_unanime = pela_maioria.confirma is False and not pela_maioria.unanime_desfavoravel
    if desfavoravel_nao_unanime and not primeira_unanime:
        assert decisao.confirma is True and decisao.prevaleceu
    else:
        assert decisao.confirma is pela_maioria.confirma and not decisao.prevaleceu


@pytest.mark.parametrize(("primeira", "recursal", "confirma"), [
    (False, [False, False, False, True, True], True),   # 3 a 2 e 3 a 2: prevalece a autodeclaração
    (True, [False, False, False, True, True], False),   # 5 a 0 e 3 a 2: não confirmada
    (False, [False] * 5, False),                        # 3 a 2 e 5 a 0: não confirmada
    (False, [True, True, True, False, False], True),    # a recursal defere pela maioria
])
def test_exemplos_das_duas_instancias(primeira, recursal, confirma):
    decisao = decidir(recursal, regra=Regra.DUAS_INSTANCIAS, maioria=3,
                      primeira_instancia=Desfavoravel(unanime=primeira))
    assert decisao.confirma is confirma


def test_sem_avaliacoes_nao_ha_decisao():
    with pytest.raises(ErroDeliberacao, match="Nenhum membro"):
        decidir([], regra=Regra.MAIORIA, maioria=3)

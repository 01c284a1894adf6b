"""A conta do piso (pessoal/piso.py, Python puro), com valores feitos à mão: Ubatuba estende o limite mínimo de 20%
ao conjunto dos cargos em comissão (art. 8º) e aos estágios de cada órgão (art. 1º, parágrafo único, I), para negros,
índios e quilombolas num grupo só (art. 1º)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pessoal.piso import Contagem, Pessoa, Regra, aviso, contar, descrever_grupos, pertence

UBATUBA = (Regra(preta=True, parda=True, indigena=True, quilombola=True),)
VINTE = Decimal("20.00")


def _pessoas(**quantas) -> list[tuple[Pessoa, int]]:
    perfis = {"parda": Pessoa("parda"), "preta": Pessoa("preta"), "indigena": Pessoa("indigena"),
              "branca": Pessoa("branca"), "amarela": Pessoa("amarela"), "quilombola": Pessoa("", True),
              "nao_informada": Pessoa("")}
    return [(perfis[chave], n) for chave, n in quantas.items()]


def test_tres_de_vinte_cargos_em_comissao_ficam_abaixo_do_piso_de_ubatuba_art_8():
    contagem = contar(_pessoas(parda=2, indigena=1, branca=17), UBATUBA)
    assert (contagem.ocupados, contagem.dos_grupos, contagem.nao_informados) == (20, 3, 0)
    assert contagem.percentual == Decimal("15.0")
    assert contagem.abaixo_de(VINTE)


def test_quatro_de_vinte_alcancam_o_piso_exato_art_8():
    contagem = contar(_pessoas(preta=1, parda=2, quilombola=1, branca=16), UBATUBA)
    assert contagem.percentual == Decimal("20.0")
    assert not contagem.abaixo_de(VINTE)


def test_nos_estagios_de_um_orgao_quem_nao_se_autodeclarou_fica_a_parte_art_1_paragrafo_unico_i():
    # 10 estagiários: 2 pardos, 5 brancos, 3 sem autodeclaração. 2/10 = 20%: no piso; os 3 não contam como fora.
    contagem = contar(_pessoas(parda=2, branca=5, nao_informada=3), UBATUBA)
    assert (contagem.ocupados, contagem.dos_grupos, contagem.nao_informados) == (10, 2, 3)
    assert contagem.percentual == Decimal("20.0")
    assert not contagem.abaixo_de(VINTE)


def test_sem_autodeclaracao_a_pessoa_nao_e_dada_como_fora_dos_grupos():
    assert pertence(Pessoa(""), UBATUBA) is None
    assert pertence(Pessoa("branca"), UBATUBA) is False
    assert pertence(Pessoa("", quilombola=True), UBATUBA) is True


def test_a_lei_que_reserva_so_para_pretos_e_pardos_nao_conta_indigenas():
    # Afonso Cláudio (art. 1º): 20% para pretos e pardos.
    so_negros = (Regra(preta=True, parda=True),)
    assert pertence(Pessoa("indigena"), so_negros) is False
    assert descrever_grupos(so_negros) == "negras"


def test_o_aviso_diz_a_conta_o_piso_e_o_artigo():
    contagem = contar(_pessoas(parda=2, indigena=1, branca=17), UBATUBA)
    assert aviso(contagem, piso=VINTE, artigo="art. 8º", regras=UBATUBA, quadro="comissao") == (
        "Com esta nomeação, 3 de 20 cargos em comissão (15,0%) são ocupados por pessoas negras, indígenas ou "
        "quilombolas autodeclaradas; o piso da lei é 20% (art. 8º).")


def test_o_aviso_conta_a_parte_quem_nao_informou():
    contagem = contar(_pessoas(parda=1, branca=7, nao_informada=2), UBATUBA)
    texto = aviso(contagem, piso=VINTE, artigo="art. 1º, parágrafo único, I", regras=UBATUBA, quadro="estagio")
    assert texto == ("Com esta contratação, 1 de 10 estágios (10,0%) é ocupado por pessoas negras, indígenas ou "
                     "quilombolas autodeclaradas; o piso da lei é 20% (art. 1º, parágrafo único, I). 2 pessoas não "
                     "informaram a cor ou raça (não contadas como fora dos grupos).")


def test_sem_ninguem_no_quadro_nao_ha_aviso_nem_percentual():
    assert Contagem().percentual is None
    assert aviso(Contagem(), piso=VINTE, artigo="art. 8º", regras=UBATUBA, quadro="comissao") is None


PERFIS = st.tuples(st.sampled_from(["", "branca", "preta", "parda", "amarela", "indigena"]), st.booleans(),
                   st.sampled_from(["feminino", "masculino", "outro", "nao_informado"]))


# Sem prazo por exemplo: a máquina dos testes é dividida com outros processos.
@settings(deadline=None)
@given(st.lists(st.tuples(PERFIS, st.integers(min_value=1, max_value=50)), max_size=20),
       st.decimals(min_value=1, max_value=100, places=2))
def test_a_contagem_fecha_e_o_piso_e_a_conta_exata(linhas, piso):
    pessoas = [(Pessoa(cor, quilombola, genero), n) for (cor, quilombola, genero), n in linhas]
    contagem = contar(pessoas, UBATUBA)
    assert contagem.ocupados == sum(n for _, n in pessoas) == sum(contagem.por_genero.values())
    assert contagem.dos_grupos + contagem.nao_informados <= contagem.ocupados
    nao_informados = sum(n for p, n in pessoas if not p.cor_raca and not p.quilombola)
    assert contagem.nao_informados == nao_informados
    if contagem.ocupados:
        assert contagem.abaixo_de(piso) == (Fraction(contagem.dos_grupos, contagem.ocupados)
                                            < Fraction(piso) / 100)
    else:
        assert not contagem.abaixo_de(piso)

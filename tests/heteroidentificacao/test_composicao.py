"""A composição da comissão conferida contra a lei (Afonso Cláudio, Lei 2.552/2023, art. 8º e art. 11)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from heteroidentificacao.composicao import MembroComissao, RegrasComissao, conferir

AFONSO_CLAUDIO = RegrasComissao(
    minimo_membros=3, artigo_minimo_membros="art. 8º, caput",
    minimo_pretos_pardos=2, artigo_pretos_pardos="art. 8º, I",
    minimo_estaveis=2, artigo_estaveis="art. 8º, II",
    presidente_carreira=True, artigo_presidente="art. 8º, § 3º",
    reputacao=True, artigo_reputacao="art. 8º, § 2º, I",
    residencia_anos=5, artigo_residencia="art. 8º, § 2º, II",
    escolaridade_minima="4_superior", escolaridade_minima_rotulo="Ensino superior",
    artigo_escolaridade="art. 8º, § 2º, III",
    confidencialidade=True, artigo_confidencialidade="art. 11, caput",
)
DESIGNACAO = date(2024, 3, 15)


def membro(nome, **mudancas) -> MembroComissao:
    base = MembroComissao(nome=nome, titular=True, presidente=False, cor_raca="parda", genero="feminino",
                          estavel=True, servidor_carreira=True, reside_desde=date(2010, 1, 1),
                          escolaridade="4_superior", reputacao_declarada=True, termo_assinado=True, cpf=nome)
    return replace(base, **mudancas)


def regular() -> list[MembroComissao]:
    return [membro("Ana", presidente=True), membro("Bruno", genero="masculino"),
            membro("Carla", cor_raca="branca", estavel=False), membro("Davi", titular=False)]


def falhas(membros, regras=AFONSO_CLAUDIO, **extra) -> list[str]:
    return [str(f) for f in conferir(regras, membros, data=DESIGNACAO, **extra).falhas]


def test_comissao_regular_nao_tem_falhas():
    conferencia = conferir(AFONSO_CLAUDIO, regular(), data=DESIGNACAO)
    assert conferencia.regular and not conferencia.avisos


@pytest.mark.parametrize(("mudar", "esperado"), [
    (lambda m: m[:1] + m[3:], "A comissão tem 1 titular; a lei exige ao menos 3 (art. 8º, caput)."),
    (lambda m: [replace(m[0], cor_raca="branca"), *m[1:]],
     "Há 1 titular preto ou pardo; a lei exige ao menos 2 (art. 8º, I)."),
    (lambda m: [m[0], replace(m[1], estavel=False), *m[2:]],
     "Há 1 titular servidor efetivo estável; a lei exige ao menos 2 (art. 8º, II)."),
    (lambda m: [replace(m[0], servidor_carreira=False), *m[1:]],
     "O presidente (Ana) precisa ser servidor público de carreira (art. 8º, § 3º)."),
    (lambda m: [replace(m[0], presidente=False), *m[1:]], "Designe o presidente da comissão (art. 8º, § 3º)."),
    (lambda m: [*m[:3], replace(m[3], reputacao_declarada=False)],
     "Davi: falta a declaração de reputação ilibada (art. 8º, § 2º, I)."),
    (lambda m: [*m[:3], replace(m[3], reside_desde=date(2020, 6, 1))],
     "Davi: reside no município há 3 anos (desde 01/06/2020); a lei exige ao menos 5 (art. 8º, § 2º, II)."),
    (lambda m: [*m[:3], replace(m[3], escolaridade="2_medio")],
     "Davi: a escolaridade é inferior à maior exigida no edital (Ensino superior) (art. 8º, § 2º, III)."),
    (lambda m: [*m[:3], replace(m[3], termo_assinado=False)],
     "Davi: falta o termo de confidencialidade assinado (art. 11, caput)."),
])
def test_cada_requisito_da_lei_falha_com_o_seu_artigo(mudar, esperado):
    assert esperado in falhas(mudar(regular()))


def test_suplente_nao_conta_para_a_composicao_minima():
    """Art. 8º, I: os dois pretos ou pardos contam entre os titulares, que são os que votam."""
    membros = [membro("Ana", presidente=True), membro("Bruno", cor_raca="branca"),
               membro("Carla", cor_raca="branca"), membro("Davi", titular=False)]
    assert "Há 1 titular preto ou pardo; a lei exige ao menos 2 (art. 8º, I)." in falhas(membros)


def test_residencia_conta_anos_completos_ate_a_designacao():
    """Art. 8º, § 2º, II: cinco anos completos na data da designação."""
    assert not falhas([*regular()[:3], membro("Davi", titular=False, reside_desde=date(2019, 3, 15))])
    assert falhas([*regular()[:3], membro("Davi", titular=False, reside_desde=date(2019, 3, 16))])


def test_recursal_nao_pode_ter_membro_da_primeira_instancia():
    """Art. 6º, § 2º, e prática federal: a comissão recursal é outra."""
    assert any("Bruno" in f for f in falhas(regular(), membros_da_outra_instancia=frozenset({"Bruno"})))


def test_lei_sem_regras_de_comissao_nao_exige_nada():
    assert conferir(RegrasComissao(), [membro("Ana", presidente=True)], data=DESIGNACAO).regular


def test_avisos_de_diversidade_de_genero_e_falta_de_suplentes():
    """Prática federal (Portaria Normativa nº 4/2018, art. 6º, § 2º): diversidade de gênero e cor."""
    membros = [membro("Ana", presidente=True), membro("Bia"), membro("Cris", cor_raca="preta")]
    avisos = [str(a) for a in conferir(AFONSO_CLAUDIO, membros, data=DESIGNACAO).avisos]
    assert any("mesmo gênero" in a for a in avisos)
    assert any("suplentes" in a for a in avisos)

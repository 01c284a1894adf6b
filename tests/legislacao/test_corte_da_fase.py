"""O corte de uma fase (legislacao/corte.py): a reserva se aplica «em todas as fases do concurso público ou processo
seletivo, inclusive naqueles nos quais haja nota de corte» (Ibatiba art. 3º; Lei 15.142/2025, art. 6º, «sempre que
atingida a nota ou a pontuação mínima exigida em cada fase»). Tabelas tiradas da lei e propriedades para cortes
quaisquer (hypothesis)."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from legislacao.corte import NaFase, RegraCorte, cortar, devidos_do_grupo, grupos_do_candidato, ordem_das_listas
from legislacao.motor import AMPLA, PCD, ErroRegras, Grupo, Regras
from tests.legislacao.leis_motor import FEDERAL, IBATIBA

PROPRIEDADES = settings(max_examples=int(os.environ.get("MOTOR_EXEMPLOS", "150")), deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])
NPI = "NPI"


def _candidatos(notas: list[int], cotistas: set[int] = frozenset(), pcd: set[int] = frozenset(),
                inaptos: set[int] = frozenset()) -> list[NaFase]:
    return [NaFase(f"{i:03d}", Decimal(n), apto=i not in inaptos, grupos=frozenset({NPI}) if i in cotistas
                   else frozenset(), pcd=i in pcd) for i, n in enumerate(notas, 1)]


def test_ibatiba_art_3_os_k_melhores_e_a_reserva_de_20_por_cento_de_k_na_lista_dos_cotistas():
    """Ibatiba art. 3º com K = 10 e 20% (art. 1º): a ampla leva os 10 melhores, e a lista de negros, pardos e
    indígenas leva mais 2 (20% de 10), os seus melhores fora dos 10."""
    notas = list(range(100, 70, -1))  # 30 candidatos, notas distintas
    cotistas = {3, 15, 20, 25, 28}
    corte = cortar(IBATIBA, RegraCorte(quantidade=10), 5, 0, _candidatos(notas, cotistas))
    por = corte.por_lista()
    assert corte.k == 10
    assert (por[AMPLA].seguem, por[NPI].devidos, por[NPI].seguem) == (10, 2, 2)
    assert dict(corte.seguem)["003"] == AMPLA  # cotista entre os 10: segue pela ampla, não ocupa lugar da reserva
    assert [i for i, lista in corte.seguem if lista == NPI] == ["015", "020"]


def test_ibatiba_art_3_inclusive_com_nota_de_corte_quem_nao_a_atinge_nao_segue_nem_pela_reserva():
    notas = [90, 85, 80, 75, 70, 65, 60, 55, 50, 45]
    corte = cortar(IBATIBA, RegraCorte(nota_minima=Decimal(60), quantidade=5), 5, 0,
                   _candidatos(notas, cotistas={8, 9, 10}))
    assert NPI not in dict(corte.seguem).values()
    assert corte.por_lista()[NPI].faltam == 1
    assert len(corte.seguem) == 5


def test_ibatiba_art_3_so_a_nota_minima_todos_que_a_atingem_seguem():
    corte = cortar(IBATIBA, RegraCorte(nota_minima=Decimal(60)), 5, 0,
                   _candidatos([90, 59, 60, 61], cotistas={2}))
    assert corte.k is None
    assert [i for i, _ in corte.seguem] == ["001", "004", "003"]


def test_ibatiba_art_1_abaixo_do_minimo_de_vagas_o_cargo_nao_tem_reserva_em_fase_nenhuma():
    """Ibatiba art. 1º, § 1º: a reserva é do cargo com 3 vagas ou mais; com 2, o corte não a aplica."""
    corte = cortar(IBATIBA, RegraCorte(quantidade=5), 2, 0, _candidatos([90, 80, 70, 60, 50, 40], cotistas={6}))
    assert NPI not in corte.por_lista()
    assert len(corte.seguem) == 5


@pytest.mark.parametrize(("k", "devidos"), [(1, 0), (2, 0), (3, 1), (7, 1), (8, 2), (12, 2), (13, 3), (15, 3)])
def test_ibatiba_art_1_paragrafo_2_a_fracao_de_20_por_cento_de_k_arredonda_meio_para_cima(k, devidos):
    assert devidos_do_grupo(IBATIBA, IBATIBA.grupo(NPI), 5, k) == devidos


def test_multiplo_das_vagas_arredonda_para_cima():
    assert RegraCorte(multiplo_vagas=Decimal("2.5")).k(3) == 8
    assert RegraCorte(multiplo_vagas=Decimal(3)).k(5) == 15


def test_quantidade_e_multiplo_juntos_sao_recusados():
    with pytest.raises(ErroRegras, match="não os dois"):
        RegraCorte(quantidade=10, multiplo_vagas=Decimal(2))


def test_empatados_na_nota_do_k_esimo_seguem_quando_o_edital_diz():
    notas = [90, 80, 70, 70, 70, 60]
    sem = cortar(IBATIBA, RegraCorte(quantidade=3), 5, 0, _candidatos(notas))
    com = cortar(IBATIBA, RegraCorte(quantidade=3, empatados_seguem=True), 5, 0, _candidatos(notas))
    assert len(sem.seguem) == 3
    assert [i for i, _ in com.seguem] == ["001", "002", "003", "004", "005"]


def test_empatados_na_ultima_nota_da_reserva_seguem_pela_reserva():
    notas = [100, 99, 98, 50, 50, 50, 40]
    corte = cortar(IBATIBA, RegraCorte(quantidade=3, empatados_seguem=True), 5, 0,
                   _candidatos(notas, cotistas={4, 5, 7}))
    assert [i for i, lista in corte.seguem if lista == NPI] == ["004", "005"]
    assert corte.por_lista()[NPI].devidos == 1


def test_pcd_pela_proporcao_das_vagas_pcd_do_cargo_e_na_ordem_de_nomeacao_da_lei():
    """Ibatiba art. 5º: universal, PcD, negro. Um cotista PcD fora dos K segue pela PcD, e a reserva leva o
    seguinte."""
    notas = list(range(100, 80, -1))
    corte = cortar(IBATIBA, RegraCorte(quantidade=10), 10, 1, _candidatos(notas, cotistas={12, 14}, pcd={12}))
    assert ordem_das_listas(IBATIBA)[0] == PCD
    assert dict(corte.seguem)["012"] == PCD
    assert dict(corte.seguem)["014"] == NPI


def test_sem_aplicar_a_reserva_o_corte_e_so_a_ampla():
    corte = cortar(IBATIBA, RegraCorte(quantidade=2, aplica_reserva=False), 5, 0,
                   _candidatos([90, 80, 70], cotistas={3}))
    assert corte.seguem == (("001", AMPLA), ("002", AMPLA))


def test_na_lei_federal_o_candidato_fica_so_no_grupo_de_maior_percentual():
    """Decreto 12.536/2025: quem é elegível a várias reservas concorre só na de maior percentual."""
    federal = replace(FEDERAL, uma_reserva_so=True)
    assert grupos_do_candidato(federal, "parda", True, True) == frozenset({"PP"})
    assert grupos_do_candidato(federal, "parda", True, False) == frozenset()


# Propriedades


@st.composite
def cenarios(draw):
    percentual = Decimal(draw(st.integers(min_value=500, max_value=4000))).scaleb(-2)
    regras = Regras(slug="x", grupos=(Grupo("G1", "Grupo", percentual, frozenset({"preta", "parda"})),),
                    minimo_vagas=draw(st.integers(min_value=1, max_value=5)))
    n = draw(st.integers(min_value=0, max_value=60))
    candidatos = [NaFase(f"{i:04d}", Decimal(draw(st.integers(min_value=0, max_value=20))),
                         apto=draw(st.booleans()) or draw(st.booleans()),
                         grupos=frozenset({"G1"}) if draw(st.integers(0, 3)) == 0 else frozenset(),
                         pcd=draw(st.integers(0, 9)) == 0, ordem=i)
                  for i in range(n)]
    vagas = draw(st.integers(min_value=1, max_value=20))
    regra = RegraCorte(nota_minima=draw(st.none() | st.integers(0, 15).map(Decimal)),
                       quantidade=draw(st.integers(min_value=0, max_value=40)),
                       empatados_seguem=draw(st.booleans()))
    return regras, regra, vagas, draw(st.integers(0, vagas)), candidatos


def _aptos_ordenados(regra, candidatos):
    aptos = [c for c in candidatos if c.apto and (regra.nota_minima is None or c.nota >= regra.nota_minima)]
    return sorted(aptos, key=lambda c: (-c.nota, c.ordem, c.inscricao))


@PROPRIEDADES
@given(cenarios())
def test_ninguem_abaixo_da_nota_minima_nem_inapto_segue(cenario):
    regras, regra, vagas, vagas_pcd, candidatos = cenario
    por_inscricao = {c.inscricao: c for c in candidatos}
    for inscricao, _ in cortar(regras, regra, vagas, vagas_pcd, candidatos).seguem:
        c = por_inscricao[inscricao]
        assert c.apto
        assert regra.nota_minima is None or c.nota >= regra.nota_minima


@PROPRIEDADES
@given(cenarios())
def test_quem_segue_pela_ampla_e_exatamente_o_top_k_geral(cenario):
    regras, regra, vagas, vagas_pcd, candidatos = cenario
    corte = cortar(regras, regra, vagas, vagas_pcd, candidatos)
    aptos = _aptos_ordenados(regra, candidatos)
    esperados = aptos[: corte.k]
    if regra.empatados_seguem and esperados and corte.k:
        esperados = [c for c in aptos if c.nota >= esperados[-1].nota]
    assert [i for i, lista in corte.seguem if lista == AMPLA] == [c.inscricao for c in esperados]


@PROPRIEDADES
@given(cenarios())
def test_a_lista_da_reserva_nunca_tem_menos_que_a_proporcao_devida_quando_ha_aptos(cenario):
    regras, regra, vagas, vagas_pcd, candidatos = cenario
    corte = cortar(regras, regra, vagas, vagas_pcd, candidatos)
    grupo = regras.grupos[0]
    devidos = devidos_do_grupo(regras, grupo, vagas, corte.k)
    pela_ampla = {i for i, lista in corte.seguem if lista == AMPLA}
    ja_seguem = {i for i, lista in corte.seguem if lista in (AMPLA, PCD)}
    disponiveis = [c for c in _aptos_ordenados(regra, candidatos)
                   if grupo.codigo in c.grupos and c.inscricao not in ja_seguem]
    pela_reserva = [i for i, lista in corte.seguem if lista == grupo.codigo]
    assert len(pela_reserva) >= min(devidos, len(disponiveis))
    assert not pela_ampla & set(pela_reserva)
    # Os que seguem pela reserva são os melhores da lista fora da ampla e da PcD.
    assert pela_reserva == [c.inscricao for c in disponiveis[: len(pela_reserva)]]


@PROPRIEDADES
@given(cenarios(), st.randoms(use_true_random=False))
def test_o_corte_e_deterministico_em_qualquer_ordem_de_entrada(cenario, aleatorio: random.Random):
    regras, regra, vagas, vagas_pcd, candidatos = cenario
    embaralhados = list(candidatos)
    aleatorio.shuffle(embaralhados)
    assert cortar(regras, regra, vagas, vagas_pcd, candidatos) == cortar(regras, regra, vagas, vagas_pcd,
                                                                        embaralhados)

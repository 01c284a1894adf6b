"""O vencimento de um prazo em anos (decisão 0018): o dia de igual número e mês, ou o imediato, se falta a
correspondência (Lei 810/1949, arts. 1º e 3º; Código Civil, art. 132, § 3º)."""

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from nucleo.texto import vencimento_em_anos


def test_dez_anos_de_16_06_2014_vencem_em_16_06_2024_ubatuba_art_13():
    assert vencimento_em_anos(date(2014, 6, 16), 10) == date(2024, 6, 16)


def test_dez_anos_de_29_02_vencem_no_imediato_01_03_codigo_civil_art_132_par_3():
    assert vencimento_em_anos(date(2024, 2, 29), 10) == date(2034, 3, 1)


def test_quatro_anos_de_29_02_vencem_em_29_02_do_ano_bissexto():
    assert vencimento_em_anos(date(2024, 2, 29), 4) == date(2028, 2, 29)


def test_2100_nao_e_bissexto_e_2000_e():
    assert vencimento_em_anos(date(2096, 2, 29), 4) == date(2100, 3, 1)
    assert vencimento_em_anos(date(1996, 2, 29), 4) == date(2000, 2, 29)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2900, 12, 31)), st.integers(min_value=1, max_value=99))
def test_o_vencimento_e_o_mesmo_dia_e_mes_ou_o_primeiro_dia_seguinte_lei_810_art_3(inicio, anos):
    fim = vencimento_em_anos(inicio, anos)
    assert fim.year == inicio.year + anos
    if (fim.month, fim.day) != (inicio.month, inicio.day):
        # Só falta a correspondência para 29/02, e aí vale o dia seguinte ao último de fevereiro.
        assert (inicio.month, inicio.day, fim.month, fim.day) == (2, 29, 3, 1)
        assert (fim - timedelta(days=1)).day == 28


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2900, 12, 31)), st.integers(min_value=1, max_value=50),
       st.integers(min_value=1, max_value=50))
def test_o_prazo_maior_nunca_vence_antes(inicio, anos, mais):
    assert vencimento_em_anos(inicio, anos) < vencimento_em_anos(inicio, anos + mais)

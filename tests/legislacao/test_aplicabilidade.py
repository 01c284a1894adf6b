"""Qual lei se aplica a um edital: a que vigorava na data de publicação dele, com o motivo."""

from datetime import date

import pytest

from legislacao.models import Lei
from legislacao.selectors import lei_aplicavel, lei_por_slug
from nucleo.models import Municipio

pytestmark = pytest.mark.django_db


def aplicavel(municipio, uf, data):
    return lei_aplicavel(municipio=Municipio.objects.pelo_nome(municipio, uf), data_edital=data)


def test_as_cinco_leis_municipais_e_as_duas_federais_estao_carregadas_com_texto_integral():
    slugs = set(Lei.objects.values_list("slug", flat=True))
    assert slugs == {"vargem-alta-es-2023", "iuna-es", "ibatiba-es-2024", "ubatuba-sp-lei-3765-2014",
                     "afonso-claudio-es-lei-2552-2023", "federal-lei-15142-2025", "federal-lei-12990-2014"}
    assert "Art. 5º A nomeação dos candidatos aprovados respeitará" in lei_por_slug("vargem-alta-es-2023").texto


def test_edital_publicado_na_vigencia_usa_a_lei_vargem_alta_art_7():
    resultado = aplicavel("Vargem Alta", "ES", date(2024, 3, 1))
    assert resultado.lei.slug == "vargem-alta-es-2023"
    assert "art. 7º" in resultado.motivo


def test_edital_anterior_a_publicacao_nao_usa_a_lei_vargem_alta_art_6():
    resultado = aplicavel("Vargem Alta", "ES", date(2023, 5, 18))
    assert resultado.lei is None
    assert "art. 6º" in resultado.motivo
    assert "19/05/2023" in resultado.motivo


def test_no_dia_da_publicacao_a_lei_ja_vigora_vargem_alta_art_7():
    assert aplicavel("Vargem Alta", "ES", date(2023, 5, 19)).lei.slug == "vargem-alta-es-2023"


def test_vargem_alta_vigora_dez_anos_art_7():
    assert aplicavel("Vargem Alta", "ES", date(2033, 5, 18)).lei is not None
    resultado = aplicavel("Vargem Alta", "ES", date(2033, 5, 19))
    assert resultado.lei is None
    assert "art. 7º" in resultado.motivo


def test_ubatuba_vigorou_dez_anos_a_partir_de_16_06_2014_art_13():
    assert aplicavel("Ubatuba", "SP", date(2024, 6, 15)).lei.slug == "ubatuba-sp-lei-3765-2014"
    expirada = aplicavel("Ubatuba", "SP", date(2024, 6, 16))
    assert expirada.lei is None
    assert "art. 13" in expirada.motivo and "16/06/2024" in expirada.motivo


def test_iuna_sem_data_de_publicacao_nao_se_aplica_ate_que_seja_informada_art_10():
    resultado = aplicavel("Iúna", "ES", date(2025, 1, 10))
    assert resultado.lei is None
    assert "data de publicação não é conhecida" in resultado.motivo
    lei = Lei.objects.get(slug="iuna-es")
    lei.data_publicacao = date(2022, 4, 1)
    lei.save()
    assert aplicavel("Iuna", "es", date(2025, 1, 10)).lei.slug == "iuna-es"


def test_afonso_claudio_nao_alcanca_editais_ja_publicados_art_14():
    assert aplicavel("Afonso Cláudio", "ES", date(2023, 11, 29)).lei is None
    assert aplicavel("Afonso Claudio", "ES", date(2023, 12, 1)).lei.slug == "afonso-claudio-es-lei-2552-2023"


def test_municipio_sem_lei_cadastrada_diz_por_que():
    resultado = aplicavel("Vitória", "ES", date(2024, 1, 1))
    assert resultado.lei is None
    assert "Não há lei de reserva de vagas cadastrada para Vitória/ES" in resultado.motivo


def test_a_lei_se_resolve_pelo_codigo_do_ibge_do_municipio():
    """O município da lei e o do edital são o mesmo registro da lista do IBGE (Vargem Alta/ES é o 3205036), e não
    dois textos que precisam coincidir."""
    lei = lei_por_slug("vargem-alta-es-2023")
    assert (lei.municipio.codigo_ibge, lei.uf) == (3205036, "ES")
    assert lei_aplicavel(municipio=Municipio.objects.get(pk=3205036), data_edital=date(2024, 3, 1)).lei == lei


def test_mesmo_nome_em_outra_uf_nao_confunde():
    """Viana/ES (3205101) e Viana/MA (2112803): a lei de uma não vale para a outra."""
    Lei.objects.filter(slug="vargem-alta-es-2023").update(municipio=Municipio.objects.get(pk=3205101))
    assert aplicavel("Viana", "ES", date(2024, 3, 1)).lei.slug == "vargem-alta-es-2023"
    resultado = aplicavel("Viana", "MA", date(2024, 3, 1))
    assert resultado.lei is None
    assert "Não há lei de reserva de vagas cadastrada para Viana/MA" in resultado.motivo

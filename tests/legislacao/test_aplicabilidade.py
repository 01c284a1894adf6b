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


@pytest.mark.parametrize(("data_edital", "aplica"), [
    (date(2033, 5, 18), True),
    # Art. 7º: dez anos da publicação (19/05/2023); o dia de igual número ainda é da lei (Lei 810/1949, art. 1º;
    # Código Civil, art. 132, § 3º; decisão 0018).
    (date(2033, 5, 19), True),
    (date(2033, 5, 20), False),
])
def test_vargem_alta_vigora_dez_anos_art_7(data_edital, aplica):
    resultado = aplicavel("Vargem Alta", "ES", data_edital)
    assert (resultado.lei is not None) is aplica
    assert "art. 7º" in resultado.motivo and "19/05/2033 inclusive" in resultado.motivo


@pytest.mark.parametrize(("data_edital", "aplica"), [
    (date(2014, 6, 16), True),   # art. 15: em vigor na publicação
    (date(2024, 6, 15), True),
    (date(2024, 6, 16), True),   # art. 13: dez anos; o último dia é o de igual número (decisão 0018)
    (date(2024, 6, 17), False),
])
def test_ubatuba_vigorou_dez_anos_a_partir_de_16_06_2014_art_13(data_edital, aplica):
    resultado = aplicavel("Ubatuba", "SP", data_edital)
    assert (resultado.lei is not None) is aplica
    assert "art. 13" in resultado.motivo and "16/06/2024 inclusive" in resultado.motivo


def test_o_ultimo_dia_de_dez_anos_contados_de_29_02_e_01_03():
    """Código Civil, art. 132, § 3º: falta o 29/02 em 2034, e o prazo vence «no imediato»; Lei 810/1949, art. 3º."""
    lei = Lei.objects.get(slug="vargem-alta-es-2023")
    lei.data_publicacao = date(2024, 2, 29)
    lei.save()
    assert lei.ultimo_dia_vigencia == date(2034, 3, 1)
    assert aplicavel("Vargem Alta", "ES", date(2034, 3, 1)).lei == lei
    depois = aplicavel("Vargem Alta", "ES", date(2034, 3, 2))
    assert depois.lei is None and "até 01/03/2034 inclusive" in depois.motivo
    assert lei.situacao_vigencia(date(2034, 3, 1)) == "Em vigor até 01/03/2034"
    assert lei.situacao_vigencia(date(2034, 3, 2)) == "Vigência encerrada: vigorou até 01/03/2034"


def test_iuna_sem_data_de_publicacao_nao_se_aplica_ate_que_seja_informada_art_10():
    resultado = aplicavel("Iúna", "ES", date(2025, 1, 10))
    assert resultado.lei is None
    assert "data de publicação não é conhecida" in resultado.motivo
    lei = Lei.objects.get(slug="iuna-es")
    lei.data_publicacao = date(2022, 4, 1)
    lei.save()
    assert aplicavel("Iuna", "es", date(2025, 1, 10)).lei.slug == "iuna-es"


def test_afonso_claudio_sem_a_data_de_publicacao_nao_se_aplica_art_14():
    """O texto traz a data de aprovação pela Câmara (30/11/2023), não a da publicação, e a lei vigora na publicação
    (art. 14): sem ela, a lei não alcança o edital de 01/12/2023 — nem nenhum outro."""
    lei = lei_por_slug("afonso-claudio-es-lei-2552-2023")
    assert lei.data_publicacao is None
    assert lei.situacao_vigencia(date(2025, 1, 1)) == "⚠ Data de publicação desconhecida"
    for data_edital in (date(2023, 12, 1), date(2025, 2, 3)):
        resultado = aplicavel("Afonso Cláudio", "ES", data_edital)
        assert resultado.lei is None
        assert "a data de publicação não é conhecida" in resultado.motivo and "(art. 14)" in resultado.motivo


@pytest.mark.parametrize(("data_edital", "aplica"), [
    (date(2023, 12, 1), False),  # anterior à publicação informada: art. 14, editais já publicados
    (date(2023, 12, 4), True),   # no dia da publicação, a lei já vigora (art. 14)
    (date(2025, 2, 3), True),
])
def test_afonso_claudio_com_a_data_informada_alcanca_os_editais_desde_ela_art_14(data_edital, aplica):
    lei = lei_por_slug("afonso-claudio-es-lei-2552-2023")
    lei.data_publicacao = date(2023, 12, 4)
    lei.save()
    resultado = aplicavel("Afonso Claudio", "ES", data_edital)
    assert (resultado.lei == lei) is aplica
    assert "art. 14" in resultado.motivo


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


def test_prazo_de_vigencia_de_zero_anos_e_recusado(leis_de_origem):
    """Um prazo de 0 anos faria a lei valer só no dia da publicação: o cadastro o recusa (em branco, indeterminada)."""
    from django.core.exceptions import ValidationError

    lei = lei_por_slug("vargem-alta-es-2023")
    lei.vigencia_anos = 0
    with pytest.raises(ValidationError) as erro:
        lei.full_clean()
    assert "vigencia_anos" in erro.value.message_dict

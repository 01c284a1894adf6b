"""A abrangência do art. 1º de cada lei (Poderes, entidades e tipos de seleção), como dados, e os avisos do que ela não
menciona, cada um com o artigo da própria lei (decisão 0018)."""

from datetime import date

import pytest
from django.urls import reverse

from legislacao.abrangencia import abrangencia, fora_da_abrangencia
from legislacao.selectors import lei_por_slug
from nucleo.models import Poder, TipoOrgao

pytestmark = pytest.mark.django_db

TODAS = "administração direta, autarquias, fundações públicas, empresas públicas e sociedades de economia mista"

# Tirada do art. 1º de cada texto (legislacao/dados/leis/).
ABRANGENCIAS = [
    # «os órgãos e poderes que compõem a administração direta, as autarquias, as fundações públicas, as empresas
    # públicas e as sociedades de economia mista» (parágrafo único); concursos, processos seletivos, contratação
    # temporária e empregos públicos (caput).
    ("vargem-alta-es-2023", "Poder Executivo e Poder Legislativo", TODAS, "art. 1º, parágrafo único",
     "concursos públicos para cargos efetivos, empregos públicos e processos seletivos (contratação temporária)",
     "art. 1º, caput"),
    # «promovidos pela Prefeitura Municipal de Iúna/ES, para provimentos de cargos públicos efetivos e contratação de
    # servidores temporários».
    ("iuna-es", "Poder Executivo", "administração direta", "art. 1º",
     "concursos públicos para cargos efetivos e processos seletivos (contratação temporária)", "art. 1º"),
    # «no âmbito da Administração Pública Municipal»: a direta e a indireta do Executivo.
    ("ibatiba-es-2024", "Poder Executivo", TODAS, "art. 1º",
     "concursos públicos para cargos efetivos, empregos públicos e processos seletivos (contratação temporária)",
     "art. 1º"),
    # Ementa («Poderes Executivo e Legislativo e [...] administração indireta»), art. 1º e art. 12; cargos efetivos e
    # empregos (art. 1º), estágios (parágrafo único, I), cargos em comissão (art. 8º).
    ("ubatuba-sp-lei-3765-2014", "Poder Executivo e Poder Legislativo", TODAS, "ementa, art. 1º, caput, e art. 12",
     "concursos públicos para cargos efetivos, empregos públicos, estágios e cargos em comissão",
     "art. 1º, caput e parágrafo único, I, e art. 8º"),
    # «concursos públicos para provimento de cargos efetivos e empregos públicos nos Poderes Executivo e Legislativo
    # [...] e nas entidades de sua Administração Indireta».
    ("afonso-claudio-es-lei-2552-2023", "Poder Executivo e Poder Legislativo", TODAS, "art. 1º",
     "concursos públicos para cargos efetivos e empregos públicos", "art. 1º"),
]


@pytest.mark.parametrize(("slug", "poderes", "entidades", "artigo_orgaos", "selecoes", "artigo_selecoes"),
                         ABRANGENCIAS)
def test_a_abrangencia_de_cada_lei_e_a_do_art_1(slug, poderes, entidades, artigo_orgaos, selecoes, artigo_selecoes):
    texto = abrangencia(lei_por_slug(slug))
    assert (texto.poderes, texto.entidades, texto.artigo_orgaos) == (poderes, entidades, artigo_orgaos)
    assert (texto.selecoes, texto.artigo_selecoes) == (selecoes, artigo_selecoes)


def _titulos(slug, **edital):
    return {f.titulo: f.texto for f in fora_da_abrangencia(lei_por_slug(slug), **edital)}


def test_iuna_num_concurso_da_camara_avisa_o_poder_com_o_art_1():
    """Iúna art. 1º: «promovidos pela Prefeitura Municipal de Iúna»."""
    avisos = _titulos("iuna-es", poder=Poder.LEGISLATIVO, natureza=TipoOrgao.DIRETA, selecoes=("aplica_concurso",),
                      orgao="Câmara Municipal de Iúna")
    assert list(avisos) == ["A lei não menciona o Poder do órgão"]
    assert "alcança: Poder Executivo (art. 1º); Câmara Municipal de Iúna é do Poder Legislativo." in (
        avisos["A lei não menciona o Poder do órgão"])


def test_iuna_numa_autarquia_avisa_a_natureza():
    avisos = _titulos("iuna-es", poder=Poder.EXECUTIVO, natureza=TipoOrgao.AUTARQUIA, selecoes=("aplica_concurso",))
    assert "alcança: administração direta (art. 1º); o órgão é uma autarquia." in (
        avisos["A lei não menciona a natureza da entidade"])


def test_ubatuba_numa_contratacao_temporaria_avisa_o_tipo_de_selecao_art_1():
    """Ubatuba art. 1º: concursos e seleções para cargos efetivos e empregos públicos; estágios (parágrafo único, I) e
    cargos em comissão (art. 8º) — nenhuma contratação temporária."""
    avisos = _titulos("ubatuba-sp-lei-3765-2014", poder=Poder.EXECUTIVO, natureza=TipoOrgao.DIRETA,
                      selecoes=("aplica_processo_seletivo",))
    texto = avisos["A lei não menciona este tipo de seleção"]
    assert "(art. 1º, caput e parágrafo único, I, e art. 8º)" in texto
    assert "o edital abre um processo seletivo (contratação temporária)." in texto
    assert not _titulos("ubatuba-sp-lei-3765-2014", selecoes=("aplica_estagio",))


def test_afonso_claudio_num_processo_seletivo_avisa_art_1():
    """Afonso Cláudio art. 1º: só concursos para cargos efetivos e empregos públicos."""
    texto = _titulos("afonso-claudio-es-lei-2552-2023", selecoes=("aplica_processo_seletivo",))[
        "A lei não menciona este tipo de seleção"]
    assert "alcança: concursos públicos para cargos efetivos e empregos públicos (art. 1º)" in texto


@pytest.mark.parametrize("natureza", list(TipoOrgao))
def test_afonso_claudio_alcanca_a_camara_e_a_administracao_indireta_art_1(natureza):
    assert not _titulos("afonso-claudio-es-lei-2552-2023", poder=Poder.LEGISLATIVO, natureza=natureza,
                        selecoes=("aplica_emprego_publico",))


def test_a_ficha_da_lei_mostra_a_abrangencia_com_os_artigos(admin_client):
    html = admin_client.get(reverse("admin:legislacao_lei_change", args=[lei_por_slug("iuna-es").pk])).content.decode()
    assert "Órgãos: Poder Executivo; administração direta (art. 1º)." in html
    assert "Seleções: concursos públicos para cargos efetivos e processos seletivos (contratação temporária) " \
           "(art. 1º)." in html


def test_uma_lei_nova_entra_com_a_abrangencia_pelo_admin_sem_codigo(admin_client):
    lei = lei_por_slug("ibatiba-es-2024")
    lei.abrange_legislativo = True
    lei.artigo_abrangencia_orgaos = "art. 1º (lido pela Procuradoria)"
    lei.save()
    assert not _titulos("ibatiba-es-2024", poder=Poder.LEGISLATIVO)


def test_qual_lei_se_aplica_mostra_a_abrangencia_e_o_que_ela_nao_menciona(admin_client):
    lei = lei_por_slug("iuna-es")
    lei.data_publicacao = date(2022, 4, 1)
    lei.save()
    url = reverse("admin:legislacao_qual_lei")
    html = admin_client.get(url, {"municipio": "Iúna", "uf": "ES", "data_edital": "10/01/2025"}).content.decode()
    assert "<strong>Abrangência:</strong> órgãos — Poder Executivo; administração direta (art. 1º)" in html
    assert "A lei não menciona" not in html
    html = admin_client.get(url, {"municipio": "Iúna", "uf": "ES", "data_edital": "10/01/2025",
                                  "poder": "legislativo", "selecao": "aplica_emprego_publico"}).content.decode()
    assert "A lei não menciona o Poder do órgão" in html
    assert "A lei não menciona este tipo de seleção" in html
    assert "o edital abre um concurso público para empregos públicos." in html

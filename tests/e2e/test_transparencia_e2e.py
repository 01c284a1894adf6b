"""No navegador, um visitante anônimo usa a página de transparência só com o teclado (eMAG 3.1): Tab até o atalho
«Ir para o conteúdo», Enter, Tab até o link dos dados abertos e Enter para baixar o CSV, com o foco sempre visível e os
cabeçalhos em ordem."""

from __future__ import annotations

from itertools import pairwise

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from monitoramento import dados_abertos
from tests.concursos.conftest import fazer_certame, inscrever, levar_ao_resultado, orgao  # noqa: F401 (fixtures)
from tests.monitoramento.conftest import certame_pequeno  # noqa: F401 (fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# O que o navegador calcula para o elemento com o foco: o contorno que o publico.css dá ao foco do teclado.
FOCO = """() => { const e = document.activeElement, s = getComputedStyle(e);
  return {texto: e.textContent.trim(), id: e.id, contorno: s.outlineStyle, largura: s.outlineWidth}; }"""
CABECALHOS = "() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(h => Number(h.tagName[1]))"


def _foco(page) -> dict:
    return page.evaluate(FOCO)


def _visivel(foco: dict) -> None:
    assert foco["contorno"] == "solid" and foco["largura"] == "3px", foco


def test_o_visitante_navega_so_pelo_teclado_e_baixa_os_dados_abertos(
        leis_de_origem, certame_pequeno, page, live_server):  # noqa: F811
    cache.clear()
    page.goto(f"{live_server.url}/transparencia/")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Ir para o conteúdo 1")
    # Da lista dos órgãos à página do órgão, pelo teclado.
    for _ in range(20):
        page.keyboard.press("Tab")
        if _foco(page)["texto"] == "Prefeitura Municipal de Vargem Alta":
            break
    _visivel(_foco(page))
    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}/transparencia/{certame_pequeno.orgao_id}/")

    niveis = page.evaluate(CABECALHOS)
    assert niveis[0] == 1 and niveis.count(1) == 1
    assert all(depois - antes <= 1 for antes, depois in pairwise(niveis)), niveis
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")

    page.keyboard.press("Tab")
    foco = _foco(page)
    assert foco["texto"] == "Ir para o conteúdo 1"
    _visivel(foco)
    page.keyboard.press("Enter")
    assert page.url.endswith("#conteudo") and _foco(page)["id"] == "conteudo"

    for _ in range(60):
        page.keyboard.press("Tab")
        if _foco(page)["texto"] == "Baixar os dados em CSV":
            break
    foco = _foco(page)
    assert foco["texto"] == "Baixar os dados em CSV"
    _visivel(foco)
    with page.expect_download() as baixado:
        page.keyboard.press("Enter")
    download = baixado.value
    assert download.suggested_filename == "indicadores-reserva-de-vagas-prefeitura-municipal-de-vargem-alta.csv"
    with open(download.path(), "rb") as arquivo:
        conteudo = arquivo.read()
    assert conteudo.startswith(b"\xef\xbb\xbf" + ";".join(dados_abertos.NOMES).encode())
    assert "Candidato" not in conteudo.decode("utf-8")

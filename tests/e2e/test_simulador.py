"""O simulador no navegador: do painel do admin até a faixa de vagas de Afonso Cláudio com 8 vagas."""

import os
import re

import pytest
from playwright.sync_api import expect

CAPTURA = os.environ.get("CAPTURA_SIMULADOR", "/tmp/simulador.png")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_simulacao_de_afonso_claudio_com_8_vagas(leis_de_origem, admin_logado):
    page = admin_logado
    page.get_by_role("link", name="Simulador do quadro de vagas").click()
    expect(page.get_by_role("heading", name="Simulador do quadro de vagas", level=1)).to_be_visible()

    page.get_by_role("combobox", name="Lei").select_option("afonso-claudio-es-lei-2552-2023")
    page.get_by_label("Vagas oferecidas (N)").fill("8")
    page.get_by_role("button", name="Simular").click()

    faixa = page.get_by_role("list", name="Vagas do lote: posições 1 a 8")
    expect(faixa.get_by_role("listitem")).to_have_count(8)
    for posicao in (5, 8):
        celula = faixa.locator(f'li[aria-label^="Posição {posicao}: Pretos e pardos"]')
        expect(celula).to_have_text(f"{posicao}PP")  # o número e o código do tipo, não só a cor
        expect(celula).to_have_class("v-g1" if posicao == 5 else "v-g1 aj")
    for posicao in (1, 2, 3, 4, 6, 7):
        expect(faixa.locator(f'li[aria-label="Posição {posicao}: Ampla concorrência"]')).to_have_count(1)

    quadro = page.locator("tr.linha-pp")
    expect(quadro).to_contain_text("Pretos e pardos")
    expect(quadro).to_contain_text("8 × 20% = 1,6 → 2")
    expect(quadro).to_contain_text("art. 1º, caput")
    expect(page.locator("#ajustes")).to_contain_text(
        "o padrão (art. 3º, § 1º) a poria na posição 10, fora das 8 vagas do lote")
    expect(page.get_by_role("link", name="docs/decisoes/0001-posicoes-das-vagas-reservadas.md")).to_be_visible()

    # O resultado abre rolado até #resultado; a captura da página inteira parte do topo (a barra lateral é fixa).
    expect(page).to_have_url(re.compile(r"/admin/legislacao/lei/simulador/#resultado$"))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=CAPTURA, full_page=True)

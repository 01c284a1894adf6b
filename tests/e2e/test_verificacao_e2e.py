"""A página pública de verificação no navegador, sem login, como a usa quem recebeu um quadro de vagas impresso ou
por e-mail: digita o código do rodapé (de qualquer jeito: minúsculas, sem hífens) e vê o documento autêntico; envia o
PDF que recebeu e vê que é idêntico; envia um com um só byte trocado e vê que é diferente; um código que o sistema
nunca emitiu dá «Código não encontrado», com o status 404."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from concursos.documentos import emitir_quadro
from tests.concursos.conftest import fazer_certame, orgao  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Um código bem formado (alfabeto de Crockford, 12 sinais) que nenhum documento tem.
INEXISTENTE = "7KQ2-9XHM-4TPA"


@pytest.fixture
def quadro(leis_de_origem, fazer_certame, admin_user, settings, tmp_path):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path / "media"
    certame = fazer_certame(cargos=(("ADM", 5, 0),), numero="007/2025")
    return emitir_quadro(certame=certame, usuario=admin_user)


def test_quem_recebeu_o_quadro_confere_o_codigo_e_o_arquivo(quadro, page, live_server, tmp_path, fotografar):
    base = live_server.url
    page.goto(f"{base}/verificar/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Verificar a autenticidade de um documento")
    fotografar(page, "verificar")

    page.get_by_label("Código de verificação").fill(quadro.codigo.replace("-", "").lower())
    page.get_by_role("button", name="Verificar").click()
    page.wait_for_url(f"{base}/verificar/{quadro.codigo}/")
    resultado = page.locator("#resultado")
    expect(resultado.get_by_role("heading", level=1)).to_have_text("Documento autêntico")
    expect(resultado).to_contain_text(quadro.codigo)
    expect(resultado).to_contain_text("Quadro de vagas — Edital nº 007/2025")
    expect(resultado).to_contain_text("Quadro de vagas (anexo do edital)")
    expect(resultado).to_contain_text(quadro.emitido_em.astimezone().strftime("%d/%m/%Y"))
    expect(resultado).to_contain_text(quadro.sha256)
    fotografar(page, "documento-autentico")

    recebido = tmp_path / "quadro-recebido.pdf"
    recebido.write_bytes(quadro.conteudo())
    page.get_by_label("Arquivo PDF que você recebeu").set_input_files(str(recebido))
    page.get_by_role("button", name="Comparar").click()
    expect(page.locator("#comparacao")).to_contain_text("Arquivo idêntico ao emitido.")
    expect(page.locator("#comparacao")).to_contain_text("quadro-recebido.pdf")
    fotografar(page, "arquivo-identico")

    # Um byte trocado no meio do arquivo: o PDF continua abrindo, mas não é mais o emitido.
    conteudo = bytearray(quadro.conteudo())
    meio = len(conteudo) // 2
    conteudo[meio] = (conteudo[meio] + 1) % 256
    adulterado = tmp_path / "quadro-adulterado.pdf"
    adulterado.write_bytes(bytes(conteudo))
    page.get_by_label("Arquivo PDF que você recebeu").set_input_files(str(adulterado))
    page.get_by_role("button", name="Comparar").click()
    comparacao = page.locator("#comparacao")
    expect(comparacao).to_contain_text("Arquivo diferente do emitido.")
    expect(comparacao).to_contain_text("quadro-adulterado.pdf")
    expect(comparacao).not_to_contain_text("Arquivo idêntico")
    fotografar(page, "arquivo-adulterado")

    resposta = page.goto(f"{base}/verificar/{INEXISTENTE}/")
    assert resposta.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Código não encontrado")
    expect(page.locator("#resultado")).to_contain_text(f"Nenhum documento foi emitido por este sistema com o código "
                                                       f"{INEXISTENTE}")
    expect(page.get_by_label("Arquivo PDF que você recebeu")).to_have_count(0)
    fotografar(page, "codigo-inexistente")

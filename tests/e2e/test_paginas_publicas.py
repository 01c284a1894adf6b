"""As páginas públicas no navegador, sem login, como as vê um cidadão: a transparência da reserva de vagas (a lista
dos órgãos, os números de um órgão, o quadro de vagas publicado, que leva à verificação, e o dicionário dos dados
abertos) e a página pública da comissão de heteroidentificação, que guarda os nomes dos membros até o resultado e os
mostra depois dele (Vargem Alta, certame pequeno de tests/monitoramento/conftest.py)."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from concursos.documentos import emitir_quadro
from heteroidentificacao.models import Comissao, Papel
from tests.concursos.conftest import fazer_certame, inscrever, levar_ao_resultado, orgao  # noqa: F401 (fixtures)
from tests.heteroidentificacao.conftest import criar_membro
from tests.monitoramento.conftest import certame_pequeno  # noqa: F401 (fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MEMBROS = [("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
           ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
           ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR)]


@pytest.fixture
def publicado(certame_pequeno, admin_user, settings, tmp_path):  # noqa: F811
    """O certame pequeno com o quadro de vagas emitido e a comissão de heteroidentificação com três membros, o
    resultado ainda não publicado."""
    settings.MEDIA_ROOT = tmp_path / "media"
    cache.clear()
    comissao = Comissao.objects.get(certame=certame_pequeno)
    for dados in MEMBROS:
        criar_membro(comissao, *dados, usuario=False)
    return certame_pequeno, emitir_quadro(certame=certame_pequeno, usuario=admin_user), comissao


def test_o_cidadao_ve_os_numeros_do_orgao_o_documento_publicado_e_a_comissao(publicado, page, live_server,
                                                                             fotografar):
    certame, quadro, comissao = publicado
    base = live_server.url

    page.goto(f"{base}/transparencia/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Reserva de vagas em concursos públicos: os números de cada órgão")
    expect(page.get_by_role("link", name="Prefeitura Municipal de Vargem Alta")).to_be_visible()
    fotografar(page, "transparencia")

    page.get_by_role("link", name="Prefeitura Municipal de Vargem Alta").click()
    page.wait_for_url(f"{base}/transparencia/{certame.orgao_id}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Reserva de vagas nos concursos: Prefeitura Municipal de Vargem Alta")
    # 10 vagas em 3 cargos; 2 reservadas (a 3ª do ADM e a do TEC); o AUX, com 2 vagas, abaixo do mínimo. As contagens
    # de pessoas abaixo de 5 não aparecem (LGPD).
    resumo = page.locator("dl.resumo")
    for rotulo, valor in (("Vagas oferecidas", "10"), ("Reservadas aos grupos", "2"),
                          ("Revertidas à ampla concorrência", "suprimido"), ("Cargos abaixo do mínimo legal", "1")):
        expect(resumo.locator("div", has=page.get_by_text(rotulo, exact=True)).locator("dd").first).to_have_text(valor)
    certame_publicado = page.locator(f"#certame-{certame.pk}")
    expect(certame_publicado).to_have_text("Edital nº 001/2024 — Concurso de teste")
    expect(page.locator("main")).not_to_contain_text("Candidato A")
    fotografar(page, "transparencia-orgao")

    page.get_by_role("link", name="Quadro de vagas — Edital nº 001/2024").click()
    page.wait_for_url(f"{base}/verificar/{quadro.codigo}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Documento autêntico")
    fotografar(page, "quadro-publicado")

    page.goto(f"{base}/transparencia/dicionario/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Dicionário dos dados abertos da reserva de vagas")
    fotografar(page, "dicionario")

    # Antes do resultado da heteroidentificação, os nomes dos membros são sigilosos.
    page.goto(f"{base}/comissao/publica/{certame.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Comissão de heteroidentificação")
    expect(page.locator("main")).to_contain_text("Edital 001/2024 — Concurso de teste")
    expect(page.locator(f"#comissao-{comissao.pk} table")).to_have_count(0)
    for nome, *_ in MEMBROS:
        expect(page.locator("body")).not_to_contain_text(nome)
    fotografar(page, "comissao-antes-do-resultado")

    Comissao.objects.filter(pk=comissao.pk).update(resultado_provisorio_em=date(2024, 4, 12))
    page.reload()
    linhas = page.locator(f"#comissao-{comissao.pk} tbody tr")
    expect(linhas).to_have_count(3)
    for linha, (nome, *_) in zip(linhas.all(), MEMBROS, strict=True):
        expect(linha.locator("td").first).to_have_text(nome)
    expect(linhas.first).to_contain_text("Presidente")
    expect(page.locator(f"#comissao-{comissao.pk}")).to_contain_text("12/04/2024")
    expect(page.locator(f"#comissao-{comissao.pk}")).to_contain_text("Portaria 1/2024")
    # Nem CPF nem cor ou raça dos membros.
    expect(page.locator("main")).not_to_contain_text("parda")
    fotografar(page, "comissao-depois-do-resultado")

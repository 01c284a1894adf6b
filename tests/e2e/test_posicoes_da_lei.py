"""As posições que a lei fixa e a lista mais favorável no navegador (issue 12, itens 1 e 2; decisões 0014 e 0015).

O RH simula Afonso Cláudio com 10 vagas e 1 PcD e vê a 5ª posição com os pretos e pardos (art. 3º, § 1º), a PcD na
6ª e a base de cada posição; depois faz a convocação inicial de um cargo de Iúna e vê, na prévia e na ordem de
nomeação, o cotista aprovado na ampla nomeado na posição que a lista dos negros lhe dá (art. 5º, § 2º).
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from concursos.models import Cargo, Certame, Convocacao, Heteroidentificacao, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from legislacao.models import Lei
from nucleo.models import Orgao
from tests.concursos.conftest import inscrever, prazos_do_edital  # noqa: F401 (a fixture inscrever)
from tests.conftest import municipio

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_pcd_nao_toma_a_quinta_posicao_de_afonso_claudio_no_simulador(leis_de_origem, admin_logado):
    page = admin_logado
    page.get_by_role("link", name="Simulador do quadro de vagas").click()
    page.get_by_role("combobox", name="Lei").select_option("afonso-claudio-es-lei-2552-2023")
    page.get_by_label("Vagas oferecidas (N)").fill("10")
    page.locator("#id_vagas_pcd").fill("1")
    page.get_by_role("button", name="Simular").click()

    faixa = page.get_by_role("list", name="Vagas do lote: posições 1 a 10")
    expect(faixa.locator('li[aria-label="Posição 5: Pretos e pardos"]')).to_have_text("5PP")
    expect(faixa.locator('li[aria-label^="Posição 6: Pessoas com deficiência"]')).to_have_class("v-pcd aj")
    expect(page.locator("#ajustes")).to_contain_text("que a lei fixa para Pretos e pardos")
    expect(page.locator("#bases")).to_contain_text("PP 5ª, 10ª (art. 3º, § 1º; fixadas na lei)")


def test_o_cotista_da_ampla_e_nomeado_pela_lista_mais_favoravel_em_iuna(leis_de_origem, admin_logado, live_server,
                                                                       admin_user, inscrever):  # noqa: F811
    page, base = admin_logado, live_server.url
    # A lei de Iúna não traz a data de publicação (art. 10); aqui, informada, para que ela se aplique.
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Iúna", municipio=municipio("Iúna"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="007/2024", titulo="Concurso público",
                                     municipio=orgao.municipio, data_edital=date(2024, 3, 1),
                                     **prazos_do_edital(date(2024, 3, 1)))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Agente administrativo", vagas=10)
    certame = certame_publicar(certame=certame, usuario=admin_user)
    # X é o 7º da geral e o 1º da lista dos negros: pela ampla seria o 9º nomeado; pela lista dos negros, o 3º.
    inscrever(cargo, [*((f"A{i}", "branca") for i in range(1, 7)), ("X", "parda", True),
                      *((f"A{i}", "branca") for i in range(7, 10)), ("Y", "preta", True), ("Z", "parda", True)])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    while not certame.alcancou("resultado"):
        certame = certame_avancar(certame=certame, usuario=admin_user)

    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2024")
    page.get_by_role("button", name="Ver quem seria convocado").click()
    terceira = page.locator(".certame-previa tr", has_text="Candidato X")
    expect(terceira).to_contain_text("mais favorável que a da ampla (art. 5º, §§ 1º e 2º)")
    page.get_by_role("button", name="Confirmar e registrar a convocação inicial").click()
    expect(page.locator(".messagelist")).to_contain_text("registrada")

    page.goto(f"{base}{reverse('admin:concursos_cargo_painel', args=[cargo.pk])}?aba=ordem")
    linha = page.locator(".certame-tabela-ordem tr", has_text="Candidato X")
    expect(linha.locator("td").first).to_have_text("3")
    expect(linha).to_contain_text("na posição da lista Negros (pretos e pardos), mais favorável (art. 5º, §§ 1º e 2º)")
    assert Convocacao.objects.get(cargo=cargo, posicao=4).inscricao.numero == "Y"

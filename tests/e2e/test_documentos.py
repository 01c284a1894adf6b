"""No navegador, o RH confere o documento de um indígena de Iúna (art. 2º, II) e a convocação passa.

A prévia da convocação inicial avisa que a 10ª vaga (a dos indígenas, art. 3º, § 1º, II) iria a quem tem a
declaração de pertencimento ainda a conferir e leva à ficha; lá o RH confere e aceita o documento; de volta à
convocação, a prévia não avisa mais nada e o ato é registrado, com o indígena na 10ª posição (decisão 0021).
"""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from concursos.models import Convocacao, Heteroidentificacao, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.inscricao import documento_registrar
from legislacao.models import Lei
from tests.concursos.conftest import fazer_certame, inscrever, orgao  # noqa: F401 (as fixtures)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_o_rh_confere_o_documento_do_indigena_na_ficha_e_a_convocacao_passa(
        leis_de_origem, admin_logado, live_server, admin_user, fazer_certame, inscrever):  # noqa: F811
    page, base = admin_logado, live_server.url
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="070/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [*((f"B{i}", "branca") for i in range(1, 10)), ("I1", "indigena", True)])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    certame = certame_publicar(certame=certame, usuario=admin_user)
    while not certame.alcancou("resultado"):
        certame = certame_avancar(certame=certame, usuario=admin_user)
    indigena = Inscricao.objects.select_related("certame").get(cargo=cargo, numero="I1")
    documento_registrar(inscricao=indigena, grupo="IND", tipo="DECL", usuario=admin_user,
                        observacao="Declaração da Associação Indígena, protocolo 7/2024")

    # A prévia avisa e leva à ficha.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2024")
    page.get_by_role("button", name="Ver quem seria convocado").click()
    aviso = page.locator(".certame-previa .errornote")
    expect(aviso).to_contain_text("exige documento para ocupar vaga reservada")
    expect(aviso).to_contain_text("Indígenas: documento a conferir")
    aviso.get_by_role("link", name="inscrição I1").click()

    # Na ficha: o que a lei aceita, o documento e a conferência.
    documentos = page.locator("fieldset", has=page.get_by_role("heading", name="Documentos exigidos pela lei"))
    expect(documentos).to_contain_text("a lei aceita um destes documentos: Declaração de pertencimento étnico")
    expect(documentos).to_contain_text("protocolo 7/2024")
    documentos.get_by_role("link", name="Conferir").click()
    page.get_by_label("Aceito: o documento prova o que a lei pede").check()
    page.get_by_role("button", name="Registrar a conferência").click()
    expect(page.locator(".messagelist")).to_contain_text("Documento «Declaração de pertencimento étnico» da "
                                                         "inscrição I1 aceito.")
    expect(page.locator("fieldset", has=page.get_by_role("heading", name="Documentos exigidos pela lei"))
           ).to_contain_text("documento aceito")

    # De volta à convocação: sem aviso, e o ato passa.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2024")
    page.get_by_role("button", name="Ver quem seria convocado").click()
    expect(page.locator(".certame-previa")).to_be_visible()
    expect(page.locator(".certame-previa .errornote")).to_have_count(0)
    page.get_by_role("button", name="Confirmar e registrar a convocação inicial").click()
    expect(page.locator(".messagelist")).to_contain_text("Convocação inicial registrada")
    decima = Convocacao.objects.get(cargo=cargo, posicao=10)
    assert (decima.vaga, decima.lista, decima.inscricao.numero) == ("IND", "IND", "I1")

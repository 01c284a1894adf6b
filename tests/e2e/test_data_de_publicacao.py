"""A data de publicação que o texto não traz, no navegador (decisão 0018): o painel de um edital da Câmara de Afonso
Cláudio avisa que a Lei 2.552/2023 não tem data de publicação conhecida (art. 14: vigora na publicação; o texto traz
só a aprovação pela Câmara, 30/11/2023); o RH abre a lei pelo aviso, informa a data na ficha, e o painel deixa de
avisar e mostra a lei aplicável."""

import os
from datetime import date

import pytest
from django.contrib.auth.models import Group
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import Cargo, Certame
from demonstracao.perfis import garantir_perfis
from legislacao.models import Lei
from nucleo.models import Orgao, Poder
from tests.conftest import municipio
from tests.e2e.test_orgaos import conta, entrar

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")


def test_o_rh_informa_a_data_de_publicacao_na_ficha_da_lei_e_o_painel_deixa_de_avisar(leis_de_origem, page,
                                                                                       live_server):
    garantir_perfis()
    orgao = Orgao.objects.create(nome="Câmara Municipal de Afonso Cláudio", municipio=municipio("Afonso Cláudio"),
                                 poder=Poder.LEGISLATIVO)
    certame = Certame.objects.create(orgao=orgao, numero_edital="003/2025", titulo="Concurso da Câmara",
                                     data_edital=date(2025, 2, 3))
    Cargo.objects.create(certame=certame, codigo="ASL", nome="Assistente legislativo", vagas=10)
    rh = conta("rh.ac", "Recursos humanos", orgao)
    # O RH que também cadastra leis (o perfil «Cadastro de leis»; o RH sozinho só as consulta).
    rh.groups.add(Group.objects.get(name="Cadastro de leis"))
    TOTPDevice.objects.create(user=rh, name="Celular", confirmed=True)
    entrar(page, live_server.url, rh)

    page.goto(f"{live_server.url}/admin/concursos/certame/{certame.pk}/painel/")
    aviso = page.locator(".certame-aviso", has_text="Lei sem data de publicação conhecida")
    expect(aviso).to_contain_text("a data de publicação não é conhecida, e a lei vigora a partir dela (art. 14)")
    expect(page.locator(".certame-aviso", has_text="Nenhuma lei de reserva se aplica")).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path=os.path.join(CAPTURAS, "afonso_claudio_sem_data.png"), full_page=True)

    aviso.get_by_role("link", name="Abrir a lei").click()
    expect(page.locator(".field-situacao_vigencia")).to_contain_text("⚠ Data de publicação desconhecida")
    page.get_by_label("Data de publicação:").fill("04/12/2023")
    # A ficha da lei tem os botões em cima e embaixo (save_on_top).
    page.get_by_role("button", name="Salvar", exact=True).first.click()
    expect(page.locator(".messagelist")).to_contain_text("Alterações salvas")
    assert Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023").data_publicacao == date(2023, 12, 4)

    page.goto(f"{live_server.url}/admin/concursos/certame/{certame.pk}/painel/")
    expect(page.locator(".certame-aviso", has_text="Lei sem data de publicação conhecida")).to_have_count(0)
    expect(page.locator(".certame-aviso", has_text="Nenhuma lei de reserva se aplica")).to_have_count(0)
    expect(page.locator("#content-main")).to_contain_text("em vigor desde 04/12/2023 (art. 14)")
    page.screenshot(path=os.path.join(CAPTURAS, "afonso_claudio_com_data.png"), full_page=True)

"""O caminho do provimento no navegador, como o RH o faria (decisão 0013): na ordem de nomeação do cargo, o titular
convocado é nomeado, toma posse e entra em exercício, cada passo com a sua data e nos prazos do edital; depois, a
vacância por exoneração a pedido mostra antes quem entraria (o próximo da mesma lista, Vargem Alta art. 4º, § 2º) e,
confirmada, o substituto ocupa a mesma posição. As capturas de tela vão para /tmp (CAPTURAS_CERTAME muda a pasta)."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import CausaVacancia, Certame, Convocacao
from demonstracao.perfis import garantir_perfis
from nucleo.models import Orgao
from nucleo.texto import data_br
from tests.conftest import municipio
from tests.e2e.test_eliminacao import _homologado_com_nomeados
from tests.e2e.test_orgaos import conta, entrar

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")


def _dia(dias_atras: int) -> str:
    return data_br(timezone.localdate() - timedelta(days=dias_atras))


def test_o_rh_nomeia_empossa_poe_em_exercicio_e_a_exoneracao_chama_o_proximo_da_mesma_lista(
        leis_de_origem, page, live_server, admin_user):
    garantir_perfis()
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta", municipio=municipio("Vargem Alta"))
    cargo = _homologado_com_nomeados(orgao, admin_user)
    Certame.objects.filter(pk=cargo.certame_id).update(prazo_posse_dias=30, prazo_exercicio_dias=15)
    rh = conta("rh.va", "Recursos humanos", orgao)
    TOTPDevice.objects.create(user=rh, name="Celular", confirmed=True)
    entrar(page, live_server.url, rh)

    page.goto(f"{live_server.url}/admin/concursos/certame/cargo/{cargo.pk}/")
    linha = page.locator(".certame-tabela-ordem tbody tr", has_text="N1")
    expect(linha).to_contain_text("Aguarda nomeação")
    expect(page.locator(".certame-tabela-ordem")).not_to_contain_text("Em exercício")

    page.get_by_role("link", name="Nomear da posição 3 (N1)").click()
    page.get_by_label("Data do ato:").fill(_dia(30))
    page.get_by_label("Ato:", exact=True).fill("Decreto nº 7/2026")
    page.get_by_role("button", name="Registrar a nomeação").click()
    expect(page.locator(".messagelist")).to_contain_text(f"Inscrição N1 nomeada em {_dia(30)} (Decreto nº 7/2026). "
                                                         f"A posse vai até {_dia(0)}.")
    expect(linha).to_contain_text(f"Nomeação em {_dia(30)}")

    page.get_by_role("link", name="Registrar posse da posição 3 (N1)").click()
    page.get_by_label("Data:").fill(_dia(20))
    page.get_by_role("button", name="Registrar posse").click()
    expect(linha).to_contain_text(f"Posse em {_dia(20)}")

    page.get_by_role("link", name="Registrar exercício da posição 3 (N1)").click()
    page.get_by_label("Data:").fill(_dia(15))
    page.get_by_role("button", name="Registrar exercício").click()
    expect(linha).to_contain_text(f"Em exercício desde {_dia(15)}")

    page.get_by_role("link", name="Registrar vacância da posição 3 (N1)").click()
    expect(page.locator(".certame-explicacao")).to_contain_text("mesma lista do titular (art. 4º, § 2º)")
    previa = page.locator(".certame-previa tbody tr")
    expect(previa).to_have_count(1)
    expect(previa).to_contain_text("N2")
    page.get_by_label("Causa da vacância:").select_option(label="Exoneração a pedido")
    page.get_by_label("Data do ato:").fill(_dia(0))
    page.get_by_label("Ato:", exact=True).fill("Portaria nº 9/2026")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path=os.path.join(CAPTURAS, "vacancia_previa.png"), full_page=True)
    page.get_by_role("button", name="Registrar a vacância").click()

    expect(page.locator(".messagelist")).to_contain_text("Vacância registrada: exoneração a pedido. A posição 3 foi "
                                                         "para a inscrição N2")
    expect(page.locator("tr.desistente")).to_contain_text(f"Exoneração a pedido em {_dia(0)}")
    expect(page.locator(".certame-tabela-ordem tbody tr", has_text="substitui N1")).to_contain_text("Aguarda nomeação")
    page.screenshot(path=os.path.join(CAPTURAS, "vacancia_cargo.png"), full_page=True)
    saiu = Convocacao.objects.get(cargo=cargo, inscricao__numero="N1")
    assert saiu.causa_vacancia == CausaVacancia.EXONERACAO_A_PEDIDO
    assert saiu.history.first().history_user == rh
    substituta = Convocacao.objects.get(cargo=cargo, posicao=3, desistiu_em__isnull=True)
    assert (substituta.inscricao.numero, substituta.lista, substituta.substitui) == ("N2", "NEG", saiu)

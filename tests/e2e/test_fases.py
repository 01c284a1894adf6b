"""No navegador, o RH cadastra a prova objetiva de um certame de Ibatiba a partir do painel, importa o resultado da
banca, aplica o corte e vê os classificados para a fase seguinte por lista, com a reserva aplicada no corte (Ibatiba
art. 3º: «em todas as fases [...], inclusive naqueles nos quais haja nota de corte»; decisão 0022)."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import expect

from concursos.models import ResultadoNaFase
from tests.concursos.conftest import encerrar_inscricoes, fazer_certame, inscrever, orgao  # noqa: F401 (as fixtures)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_o_rh_cadastra_a_fase_importa_o_resultado_e_aplica_o_corte_com_a_reserva(
        leis_de_origem, admin_logado, live_server, admin_user, fazer_certame, inscrever, tmp_path):  # noqa: F811
    page, base = admin_logado, live_server.url
    certame = fazer_certame(municipio="Ibatiba", data_edital=date(2024, 8, 1), cargos=(("ADM", 5, 0),),
                            numero="080/2024")
    cargo = certame.cargos.get()
    ordem = [*(f"B{i}" for i in range(1, 11)), "B11", "P1", "P2", "B12", "P3"]
    inscrever(cargo, [(n, "parda", True) if n.startswith("P") else (n, "branca") for n in ordem])
    certame = encerrar_inscricoes(certame, admin_user)

    # O painel leva ao cadastro da fase.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Cadastrar fase").click()
    page.get_by_label("Ordem:").fill("1")
    page.get_by_label("Nome:").fill("Prova objetiva")
    page.get_by_label("Os melhores que seguem (número):").fill("10")
    page.get_by_label("Item do edital:").fill("item 8.3 do edital")
    page.get_by_role("button", name="Salvar e continuar editando").click()
    expect(page.locator(".messagelist")).to_contain_text("Inclusão salva")
    expect(page.locator("body")).to_contain_text("A lei do certame aplica a reserva em todas as fases")

    # O resultado da banca e o corte.
    arquivo = tmp_path / "objetiva.csv"
    arquivo.write_text("inscricao;nota;situacao\n" + "".join(f"{n};{100 - i};apto\n" for i, n in enumerate(ordem)),
                       encoding="utf-8")
    page.get_by_role("link", name="importar o resultado").click()
    page.get_by_label("Arquivo da banca (CSV ou XLSX):").set_input_files(str(arquivo))
    page.get_by_role("button", name="Importar o resultado").click()
    expect(page.locator(".messagelist")).to_contain_text("Resultado da fase importado: 15 linhas.")
    page.get_by_role("link", name="aplicar o corte").click()
    expect(page.locator(".certame-explicacao")).to_contain_text("Seguem os 10 melhores de cada cargo")
    page.get_by_label("Motivo:").fill("Resultado definitivo da prova objetiva.")
    page.get_by_role("button", name="Aplicar o corte").click()

    # Os classificados: os 10 melhores pela ampla e 20% de 10 na lista da reserva.
    expect(page.locator(".messagelist")).to_contain_text("Corte aplicado")
    reserva = page.locator('section[data-lista="NPI"]')
    expect(reserva).to_contain_text("Devidos: 2 · seguem: 2")
    expect(reserva).to_contain_text("P1")
    expect(reserva).to_contain_text("P2")
    assert ResultadoNaFase.objects.filter(inscricao__numero="P3", segue=False).exists()
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    expect(page.locator("#atos")).to_contain_text("Classificados para a fase seguinte")
    expect(page.locator("#atos")).to_contain_text("art. 3º")

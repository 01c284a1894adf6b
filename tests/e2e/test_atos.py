"""Atos publicados são finais, no navegador, como um servidor do RH tentaria desfazê-los (issue 11).

O RH abre o histórico do edital publicado e tenta revertê-lo (não há botão, e o POST forjado é recusado); registra
uma retificação pela página própria, vendo antes o que muda; confere que a página de verificação do quadro de vagas
antigo diz que ele foi substituído e leva ao novo; e tenta a convocação inicial de Afonso Cláudio com um cotista
ainda sem heteroidentificação (a prévia avisa e o ato é recusado: decisão 0009).
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from concursos.documentos import emitir_quadro
from concursos.models import Cargo, Certame, Convocacao, TipoAto
from concursos.services.certame import certame_avancar, certame_publicar
from nucleo.models import Orgao
from nucleo.texto import data_br
from tests.concursos.conftest import inscrever, prazos_do_edital  # noqa: F401 (a fixture inscrever)
from tests.conftest import municipio

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _certame(admin_user, *, cidade: str, numero: str) -> Certame:
    orgao = Orgao.objects.create(nome=f"Prefeitura Municipal de {cidade}", municipio=municipio(cidade))
    certame = Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso público",
                                     municipio=orgao.municipio, data_edital=date(2024, 3, 1),
                                     **prazos_do_edital(date(2024, 3, 1)))
    Cargo.objects.create(certame=certame, codigo="ADM", nome="Agente administrativo", vagas=10)
    return certame_publicar(certame=certame, usuario=admin_user)


def test_o_edital_publicado_nao_se_reverte_e_muda_por_retificacao(leis_de_origem, admin_logado, live_server,
                                                                   admin_user, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    page, base = admin_logado, live_server.url
    certame = _certame(admin_user, cidade="Vargem Alta", numero="001/2024")
    antigo = emitir_quadro(certame=certame, usuario=admin_user)

    # O histórico só se consulta: sem «Reverter», e a versão antiga não aceita POST.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/history/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Histórico: Edital nº 001/2024")
    versao = certame.history.earliest().history_id
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/history/{versao}/")
    expect(page.get_by_role("button", name=re.compile("Reverter|Revert"))).to_have_count(0)
    resposta = page.request.post(f"{base}/admin/concursos/certame/{certame.pk}/history/{versao}/",
                                 form={"titulo": "Revertido"})
    assert resposta.status == 403
    certame.refresh_from_db()
    assert certame.titulo == "Concurso público" and certame.publicado

    # A retificação: o formulário, a prévia (antes e depois) e o ato.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Retificar o edital").click()
    page.get_by_label("Título:").fill("Concurso público para cargos efetivos")
    page.get_by_label("Publicação oficial:").fill("Edital de retificação nº 1/2024")
    page.get_by_label("Motivo:").fill("Erro material no título.")
    page.get_by_role("button", name="Ver o que muda").click()
    previa = page.locator(".certame-previa")
    expect(previa).to_contain_text("Concurso público")
    expect(previa).to_contain_text("Concurso público para cargos efetivos")
    assert not certame.atos.filter(tipo=TipoAto.RETIFICACAO).exists()
    page.get_by_role("button", name="Confirmar e registrar a retificação").click()
    expect(page.locator(".messagelist")).to_contain_text("Retificação nº 1 de")
    expect(page.locator("#atos")).to_contain_text("Retificação nº 1")
    expect(page.locator("#atos")).to_contain_text("Erro material no título.")

    # O quadro antigo continua autêntico, mas diz que não vale mais e leva ao novo.
    ato = certame.atos.get(tipo=TipoAto.RETIFICACAO)
    page.goto(f"{base}/verificar/{antigo.codigo}/")
    aviso = page.locator("#substituido")
    expect(aviso).to_contain_text("Este documento não vale mais.")
    expect(aviso).to_contain_text(f"Substituído pela retificação nº 1 de {data_br(ato.data)}")
    aviso.get_by_role("link").click()
    expect(page.locator("#resultado")).to_contain_text("Documento autêntico")
    expect(page.locator("#substituido")).to_have_count(0)


def test_a_convocacao_com_cotista_sem_heteroidentificacao_e_recusada(leis_de_origem, afonso_claudio_publicada,
                                                                     admin_logado, live_server, admin_user,
                                                                     inscrever):  # noqa: F811
    page, base = admin_logado, live_server.url
    certame = _certame(admin_user, cidade="Afonso Cláudio", numero="002/2024")
    cargo = certame.cargos.get()
    # Afonso Cláudio: a 5ª vaga é de preto ou pardo (art. 3º, § 1º); o cotista P5 ainda não passou pela comissão.
    inscrever(cargo, [*((f"B{i}", "branca") for i in range(1, 5)), ("P5", "parda", True),
                      *((f"B{i}", "branca") for i in range(6, 14)), ("P14", "preta", True)])
    while not certame.alcancou("resultado"):
        certame = certame_avancar(certame=certame, usuario=admin_user)

    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2024")
    page.get_by_role("button", name="Ver quem seria convocado").click()
    expect(page.locator(".certame-previa .errornote")).to_contain_text("exige a heteroidentificação")
    expect(page.locator(".certame-previa .errornote").get_by_role(
        "link", name="abra a comissão de heteroidentificação do certame")).to_have_attribute(
        "href", f"/admin/heteroidentificacao/comissao/?certame={certame.pk}")
    page.get_by_role("button", name="Confirmar e registrar a convocação inicial").click()
    expect(page.locator(".messagelist")).to_contain_text("sem a autodeclaração confirmada pela comissão")
    assert not Convocacao.objects.filter(cargo=cargo).exists()

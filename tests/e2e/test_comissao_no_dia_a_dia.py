"""O dia da comissão de heteroidentificação no navegador, cada membro no seu tablet (Afonso Cláudio, Lei 2.552/2023):
cada um entra na área da comissão e vê a sessão de hoje em «Minhas sessões»; a presidenta abre a sessão, registra a
candidata presente e, depois de ela deixar a sala, abre a votação; cada membro vota em segredo no próprio tablet; a
presidenta apura, registra a gravação e o parecer, encerra a sessão e emite a ata, cujo código abre a página de
verificação."""

from __future__ import annotations

import re
from datetime import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from heteroidentificacao import services
from heteroidentificacao.models import Cedula, Participacao, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.concursos.conftest import fazer_certame, inscrever, orgao  # noqa: F401 (fixtures)
from tests.documentos.pdfs import so_espacos_simples, texto
from tests.e2e.test_comissao import PARECER, TABLET
from tests.heteroidentificacao.conftest import SENHA, certame_afonso, comissao, fazer_comissao  # noqa: F401
from tests.heteroidentificacao.procedimento import SHA256

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CODIGO_DE_VERIFICACAO = re.compile(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b")


@pytest.fixture
def sessao_de_hoje(leis_de_origem, comissao, admin_user, settings, tmp_path):  # noqa: F811
    """A 1ª sessão, hoje desde a meia-noite (o navegador usa o relógio de verdade), com a 1ª cotista convocada."""
    settings.MEDIA_ROOT = tmp_path / "media"
    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=timezone.localdate(), inicio=time(0, 0),
                                   local="Auditório da Prefeitura")
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user,
                             intervalo_minutos=1)
    return sessao


def _entrar(browser, base: str, membro, contextos: list, fotografar=None):
    """O membro entra no seu tablet e chega a «Minhas sessões», que mostra a sessão de hoje."""
    contexto = browser.new_context(**TABLET)
    contextos.append(contexto)
    page = contexto.new_page()
    page.goto(f"{base}/comissao/entrar/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Entrar na área da comissão")
    if fotografar:
        fotografar(page, "entrar")
    page.get_by_label("Usuário").fill(membro.usuario.username)
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Minhas sessões")
    expect(page.locator(".lista-sessoes li")).to_have_count(1)
    expect(page.locator(".lista-sessoes")).to_contain_text("Edital 001/2024 — Concurso de teste")
    expect(page.locator(".lista-sessoes")).to_contain_text("Auditório da Prefeitura")
    return page


def _votar_confirmo(page) -> None:
    page.get_by_label("Confirmo a autodeclaração").check()
    page.get_by_role("button", name="Confirmar o voto").click()
    expect(page.locator(".registrado")).to_have_text("Voto registrado.")


def test_cada_membro_vota_no_seu_tablet_e_a_presidenta_encerra_e_emite_a_ata(
        sessao_de_hoje, comissao, browser, live_server, fotografar):  # noqa: F811
    base = live_server.url
    ana, bruno, carla = (comissao.membros.get(nome=nome) for nome in ("Ana Presidenta", "Bruno Segundo",
                                                                       "Carla Terceira"))
    avaliacao = sessao_de_hoje.avaliacoes.select_related("inscricao__candidato").get()
    candidata = avaliacao.inscricao.candidato.nome
    contextos = []
    try:
        presidenta = _entrar(browser, base, ana, contextos, fotografar)
        expect(presidenta.locator(".lista-sessoes")).to_contain_text("preside a comissão")
        fotografar(presidenta, "minhas-sessoes")
        segundo = _entrar(browser, base, bruno, contextos)
        terceira = _entrar(browser, base, carla, contextos)

        presidenta.get_by_role("link", name=re.compile(r"^1ª sessão")).click()
        expect(presidenta.get_by_role("heading", level=1)).to_have_text(re.compile(r"^1ª sessão — "))
        expect(presidenta.locator("#estado-sessao")).to_have_text("Agendada")
        fotografar(presidenta, "sessao-agendada")
        presidenta.get_by_role("button", name="Abrir a sessão").click()
        expect(presidenta.locator("#estado-sessao")).to_have_text("Aberta")
        expect(presidenta.locator("#presentes")).to_contain_text("Ana Presidenta")
        cartao = presidenta.locator(f"#avaliacao-{avaliacao.pk}")
        expect(cartao).to_contain_text(candidata)
        cartao.get_by_role("button", name="Candidato presente").click()
        expect(cartao.locator(".situacao")).to_have_text("Em entrevista")
        cartao.get_by_label("Confirmo que o candidato deixou a sala").check()
        cartao.get_by_role("button", name="Abrir votação").click()
        expect(cartao.locator(".participacao")).to_have_text(re.compile(r"^0 de 3 "))
        fotografar(presidenta, "votacao-aberta")

        # Cada membro vota no seu tablet; a tela mostra só o voto de quem a usa.
        for pagina in (segundo, terceira):
            pagina.goto(f"{base}/comissao/sessao/{sessao_de_hoje.pk}/votacao/")
            expect(pagina.get_by_role("heading", level=1)).to_have_text("Votação")
            expect(pagina.locator("main")).to_contain_text(candidata)
        fotografar(segundo, "cedula")
        _votar_confirmo(segundo)
        fotografar(segundo, "voto-registrado")
        _votar_confirmo(terceira)
        cartao.get_by_role("link", name="Votar").click()
        _votar_confirmo(presidenta)
        assert Participacao.objects.filter(avaliacao=avaliacao).count() == 3

        # A apuração: «2 votos», nunca a unanimidade (art. 11, § 2º); as cédulas não ficam guardadas.
        presidenta.goto(f"{base}/comissao/sessao/{sessao_de_hoje.pk}/")
        expect(cartao.locator(".participacao")).to_have_text(re.compile(r"^3 de 3 "))
        cartao.get_by_role("button", name="Apurar votos").click()
        expect(cartao.locator(".resultado")).to_have_text("Resultado: Autodeclaração confirmada — 2 votos")
        expect(presidenta.locator("main")).not_to_contain_text("3 votos")
        assert not Cedula.objects.exists()
        fotografar(presidenta, "apuracao")

        cartao.get_by_label("Referência do arquivo da gravação").fill("Cartão SD 1, arquivo 001.mp4")
        cartao.get_by_label("SHA-256 do arquivo").fill(SHA256)
        cartao.get_by_role("button", name="Registrar a gravação").click()
        cartao.get_by_label("Conjunto fenotípico").check()
        cartao.get_by_label("Parecer motivado").fill(PARECER)
        cartao.get_by_role("button", name="Registrar parecer").click()
        expect(cartao.locator(".situacao")).to_have_text("Parecer registrado")

        presidenta.get_by_label("Outras ocorrências da sessão").fill("Sem ocorrências.")
        presidenta.get_by_role("button", name="Encerrar a sessão").click()
        expect(presidenta.locator("#estado-sessao")).to_have_text("Encerrada")
        expect(presidenta.get_by_role("heading", name="Sessão encerrada")).to_be_visible()
        fotografar(presidenta, "sessao-encerrada")

        # A ata em PDF: a candidata, os «2 votos» e o código, que a página pública confirma.
        link = presidenta.get_by_role("link", name="Ata da sessão (PDF)")
        pdf = presidenta.request.get(base + link.get_attribute("href"))
        assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
        ata = so_espacos_simples(texto(pdf.body()))
        assert candidata in ata and "2 votos" in ata and "3 votos" not in ata
        codigo = CODIGO_DE_VERIFICACAO.search(ata).group()
        presidenta.goto(f"{base}/verificar/{codigo}/")
        expect(presidenta.get_by_role("heading", level=1)).to_have_text("Documento autêntico")
        fotografar(presidenta, "ata-verificada")
    finally:
        for contexto in contextos:
            contexto.close()

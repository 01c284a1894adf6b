"""A sessão da comissão de heteroidentificação no navegador: três membros, cada um no seu tablet.

O presidente abre a sessão, registra o candidato presente e confirma que ele deixou a sala antes de abrir a
votação (Afonso Cláudio art. 9º, § 6º); os três votam «confirmo», cada um no seu dispositivo; a apuração mostra
«2 votos», nunca a unanimidade (art. 11, § 2º); o presidente registra a gravação e o parecer, encerra a sessão e a
ata em PDF diz o mesmo. Um membro de outra comissão não vê a sessão (404). Um segundo teste percorre os incidentes:
um membro sai antes de votar e a votação é anulada por falta de quórum, o suplente entra e ela reabre; depois o
presidente anula uma votação com motivo e a reabre em cédulas de papel. As capturas de tela vão para /tmp
(CAPTURAS_COMISSAO muda a pasta).
"""

import os
from datetime import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from heteroidentificacao import services
from heteroidentificacao.models import Cedula, Instancia, Papel, Participacao, Sessao, TipoOcorrencia
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.concursos.conftest import fazer_certame, inscrever, orgao  # noqa: F401 (fixtures)
from tests.documentos.pdfs import so_espacos_simples, texto
from tests.heteroidentificacao.conftest import (  # noqa: F401 (fixtures)
    SENHA,
    certame_afonso,
    comissao,
    fazer_comissao,
    midia_temporaria,
)
from tests.heteroidentificacao.procedimento import SHA256

CAPTURAS = os.environ.get("CAPTURAS_COMISSAO", "/tmp")
TABLET = {"viewport": {"width": 800, "height": 1280}, "is_mobile": True, "has_touch": True,
          "locale": "pt-BR", "timezone_id": "America/Sao_Paulo"}
PARECER = ("A comissão reconheceu no conjunto fenotípico do candidato, em especial na cor da pele e na textura "
           "do cabelo, as características de pessoa parda.")


def _sessao_de_hoje(da_comissao, admin_user, convocar: int) -> Sessao:
    """A 1ª sessão, marcada para hoje desde a meia-noite (o navegador usa o relógio de verdade: nada de viagem no
    tempo aqui), com os cotistas convocados pelo RH."""
    sessao = Sessao.objects.create(comissao=da_comissao, numero=1, data=timezone.localdate(), inicio=time(0, 0),
                                   local="Auditório da Prefeitura")
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(da_comissao))[:convocar],
                             usuario=admin_user, intervalo_minutos=1)
    return sessao


@pytest.fixture
def sessao_convocada(leis_de_origem, comissao, admin_user):  # noqa: F811 (fixtures importadas)
    return _sessao_de_hoje(comissao, admin_user, convocar=1)


def _entrar(browser, base: str, membro, contextos: list):
    contexto = browser.new_context(**TABLET)
    contextos.append(contexto)
    page = contexto.new_page()
    page.goto(f"{base}/comissao/entrar/")
    page.get_by_label("Usuário").fill(membro.usuario.username)
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("heading", name="Minhas sessões", level=1)).to_be_visible()
    return page


def _votar_confirmo(page) -> None:
    confirmar = page.get_by_role("button", name="Confirmar o voto")
    expect(confirmar).to_be_hidden()
    page.get_by_label("Confirmo a autodeclaração").check()
    expect(page.locator(".escolhido")).to_have_text("Você escolheu: confirmo a autodeclaração.", use_inner_text=True)
    confirmar.click()
    expect(page.locator(".mensagens")).to_have_text("Seu voto foi registrado.")
    expect(page.locator(".registrado")).to_have_text("Voto registrado.")
    expect(page.locator("main")).not_to_contain_text("Você escolheu")
    assert "confirma" not in page.url


def _capturar(page, nome: str) -> None:
    page.screenshot(path=os.path.join(CAPTURAS, f"{nome}.png"), full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_tres_membros_votam_e_a_ata_registra_dois_votos(sessao_convocada, comissao, fazer_comissao,  # noqa: F811
                                                        browser, live_server):
    base = live_server.url
    url_sessao = f"{base}/comissao/sessao/{sessao_convocada.pk}/"
    url_votacao = f"{base}/comissao/sessao/{sessao_convocada.pk}/votacao/"
    ana, bruno, carla = (comissao.membros.get(nome=nome) for nome in ("Ana Presidenta", "Bruno Segundo",
                                                                       "Carla Terceira"))
    avaliacao = sessao_convocada.avaliacoes.get()
    contextos = []
    try:
        presidente = _entrar(browser, base, ana, contextos)
        segundo = _entrar(browser, base, bruno, contextos)
        terceira = _entrar(browser, base, carla, contextos)

        # O presidente abre a sessão com os três titulares (marcados de início).
        presidente.goto(url_sessao)
        presidente.get_by_role("button", name="Abrir a sessão").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sessão aberta com 3 membros presentes.")
        cartao = presidente.locator(f"#avaliacao-{avaliacao.pk}")
        cartao.get_by_role("button", name="Candidato presente").click()
        expect(cartao.locator(".situacao")).to_have_text("Em entrevista")
        cartao.get_by_label("Notas da entrevista (sigilosas)").fill("Respondeu a todas as perguntas.")
        cartao.get_by_role("button", name="Salvar notas").click()

        # Os outros dois esperam na página de votação, que se atualiza sozinha.
        segundo.goto(url_votacao)
        terceira.goto(url_votacao)
        expect(segundo.locator(".espera")).to_have_text("Nenhuma votação aberta agora.")

        # Sem a confirmação de que o candidato saiu, a votação não abre (art. 9º, § 6º).
        cartao.get_by_role("button", name="Abrir votação").click()
        expect(presidente.locator(".mensagens")).to_contain_text("art. 9º, § 6º")
        cartao.get_by_label("Confirmo que o candidato deixou a sala").check()
        cartao.get_by_role("button", name="Abrir votação").click()
        expect(presidente.locator(".mensagens")).to_have_text("Votação aberta (cada membro no seu dispositivo).")
        expect(cartao.locator(".participacao")).to_have_text("0 de 3 membros presentes já votaram")

        # A página de espera do segundo membro mostra a votação sem que ele recarregue.
        expect(segundo.get_by_label("Confirmo a autodeclaração")).to_be_visible(timeout=15_000)
        _capturar(segundo, "comissao_voto")
        _votar_confirmo(segundo)
        _capturar(segundo, "comissao_voto_registrado")
        terceira.reload()
        _votar_confirmo(terceira)
        cartao.get_by_role("link", name="Votar").click()
        _votar_confirmo(presidente)
        assert Participacao.objects.filter(avaliacao=avaliacao).count() == 3

        # A apuração abre as cédulas só até a maioria: «2 votos», nunca «3 a 0».
        presidente.goto(url_sessao)
        expect(cartao.locator(".participacao")).to_have_text("3 de 3 membros presentes já votaram")
        cartao.get_by_role("button", name="Apurar votos").click()
        expect(presidente.locator(".mensagens")).to_have_text("Votos apurados: autodeclaração confirmada — 2 votos.")
        expect(cartao.locator(".resultado")).to_have_text("Resultado: Autodeclaração confirmada — 2 votos")
        expect(presidente.locator("main")).not_to_contain_text("3 a 0")
        expect(presidente.locator("main")).not_to_contain_text("3 votos")
        assert not Cedula.objects.exists()
        _capturar(presidente, "comissao_conducao")

        cartao.get_by_label("Referência do arquivo da gravação").fill("Cartão SD 1, arquivo 001.mp4")
        cartao.get_by_label("SHA-256 do arquivo").fill(SHA256)
        cartao.get_by_role("button", name="Registrar a gravação").click()
        expect(presidente.locator(".mensagens")).to_have_text("Gravação registrada.")
        cartao.get_by_label("Conjunto fenotípico").check()
        cartao.get_by_label("Parecer motivado").fill(PARECER)
        cartao.get_by_role("button", name="Registrar parecer").click()
        expect(presidente.locator(".mensagens")).to_have_text("Parecer registrado.")
        expect(cartao.locator(".situacao")).to_have_text("Parecer registrado")

        presidente.get_by_label("Outras ocorrências da sessão").fill("Sem ocorrências.")
        presidente.get_by_role("button", name="Encerrar a sessão").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sessão encerrada.")
        _capturar(presidente, "comissao_sessao")

        # A ata em PDF (aba nova) registra os mesmos «2 votos».
        link = presidente.get_by_role("link", name="Ata da sessão (PDF)")
        expect(link).to_have_attribute("target", "_blank")
        pdf = presidente.request.get(base + link.get_attribute("href"))
        assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
        ata = so_espacos_simples(texto(pdf.body()))
        assert "2 votos" in ata
        assert "3 a 0" not in ata and "3 votos" not in ata
        assert "Respondeu a todas as perguntas" not in ata

        # Um membro da comissão recursal, de outra comissão, não alcança a sessão.
        recursal = fazer_comissao(comissao.certame, instancia=Instancia.RECURSAL, membros=[
            ("Elisa Revisora", "preta", "feminino", True, True, True, Papel.TITULAR)])
        alheia = _entrar(browser, base, recursal.membros.get(), contextos)
        resposta = alheia.goto(url_sessao)
        assert resposta.status == 404
        expect(alheia.locator("body")).not_to_contain_text(avaliacao.inscricao.candidato.nome)
    finally:
        for contexto in contextos:
            contexto.close()


@pytest.fixture
def sessao_com_dois(leis_de_origem, comissao, admin_user):  # noqa: F811 (fixtures importadas)
    return _sessao_de_hoje(comissao, admin_user, convocar=2)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_membro_sai_a_votacao_e_anulada_o_suplente_entra_e_o_presidente_anula_e_reabre_em_papel(
        sessao_com_dois, comissao, browser, live_server):  # noqa: F811
    """Art. 8º e art. 11, § 2º: com 3 titulares, a saída de um antes de votar deixa 2 (sem quórum) e anula a
    votação, cédulas destruídas sem leitura; o suplente entra e ela reabre. Depois, o presidente anula outra votação
    com o motivo e a reabre em papel. A ata registra cada ocorrência com a hora."""
    base = live_server.url
    url_sessao = f"{base}/comissao/sessao/{sessao_com_dois.pk}/"
    ana, bruno, carla, davi = (comissao.membros.get(nome__startswith=n) for n in ("Ana", "Bruno", "Carla", "Davi"))
    primeira, segunda = sessao_com_dois.avaliacoes.order_by("horario")
    contextos = []
    try:
        presidente = _entrar(browser, base, ana, contextos)
        segundo = _entrar(browser, base, bruno, contextos)
        presidente.goto(url_sessao)
        presidente.get_by_role("button", name="Abrir a sessão").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sessão aberta com 3 membros presentes.")

        cartao = presidente.locator(f"#avaliacao-{primeira.pk}")
        cartao.get_by_role("button", name="Candidato presente").click()
        cartao.get_by_label("Confirmo que o candidato deixou a sala").check()
        cartao.get_by_role("button", name="Abrir votação").click()
        segundo.goto(f"{url_sessao}votacao/")
        _votar_confirmo(segundo)

        # Carla sai antes de votar: com 2 presentes de 3, não há quórum, e a votação é anulada.
        presidente.goto(url_sessao)
        presidente.get_by_text("Registrar a saída de um membro").click()
        presidente.get_by_label("Membro que sai").select_option(label="Carla Terceira — titular")
        presidente.get_by_label("Motivo (vai à ata)").fill("Passou mal e precisou ser atendida.")
        presidente.get_by_role("button", name="Registrar a saída").click()
        expect(presidente.locator(".mensagens")).to_contain_text("Saída de Carla Terceira registrada.")
        expect(presidente.locator(".mensagens")).to_contain_text(f"A votação da inscrição {primeira.inscricao.numero} "
                                                                 "foi anulada")
        expect(presidente.locator("#membros-presentes .erro")).to_contain_text("Sem quórum")
        assert not Cedula.objects.exists() and not Participacao.objects.exists()
        _capturar(presidente, "comissao_saida_sem_quorum")

        # O suplente entra e a votação reabre com os presentes de agora.
        presidente.get_by_text("Registrar a entrada de um membro").click()
        presidente.get_by_label("Membro que entra").select_option(label="Davi Suplente — suplente")
        presidente.get_by_role("button", name="Registrar a entrada").click()
        expect(presidente.locator(".mensagens")).to_have_text("Davi Suplente passou a integrar a sessão.")
        expect(presidente.locator("#presentes")).to_contain_text("Davi Suplente")
        cartao.get_by_label("Confirmo que o candidato deixou a sala").check()
        cartao.get_by_role("button", name="Abrir votação").click()
        suplente = _entrar(browser, base, davi, contextos)
        for pagina in (suplente, segundo, presidente):
            pagina.goto(f"{url_sessao}votacao/")
            _votar_confirmo(pagina)
        presidente.goto(url_sessao)
        cartao.get_by_role("button", name="Apurar votos").click()
        expect(cartao.locator(".resultado")).to_have_text("Resultado: Autodeclaração confirmada — 2 votos")

        # A segunda votação: o presidente a anula com o motivo e a reabre em cédulas de papel.
        outro = presidente.locator(f"#avaliacao-{segunda.pk}")
        outro.get_by_role("button", name="Candidato presente").click()
        outro.get_by_label("Confirmo que o candidato deixou a sala").check()
        outro.get_by_role("button", name="Abrir votação").click()
        outro.get_by_text("Anular esta votação antes da apuração").click()
        outro.get_by_label("Motivo da anulação (vai à ata)").fill("O tablet de um membro ficou sem bateria.")
        outro.get_by_role("button", name="Anular a votação").click()
        expect(presidente.locator(".mensagens")).to_contain_text("Votação anulada")
        expect(outro.locator(".situacao")).to_have_text("Em entrevista")
        outro.get_by_label("Confirmo que o candidato deixou a sala").check()
        outro.get_by_label("Cédulas em papel (o presidente registra as abertas)").check()
        outro.get_by_role("button", name="Abrir votação").click()
        outro.get_by_role("button", name="Cédula: confirma").click()
        outro.get_by_role("button", name="Cédula: confirma").click()
        expect(outro.locator(".resultado")).to_have_text("Resultado: Autodeclaração confirmada — 2 votos")
        _capturar(presidente, "comissao_incidentes")

        tipos = list(sessao_com_dois.ocorrencias_registradas.values_list("tipo", flat=True))
        assert tipos == [TipoOcorrencia.SAIDA, TipoOcorrencia.VOTACAO_ANULADA, TipoOcorrencia.ENTRADA,
                         TipoOcorrencia.VOTACAO_ANULADA]
        assert set(sessao_com_dois.participantes.all()) == {ana, bruno, carla, davi}
    finally:
        for contexto in contextos:
            contexto.close()

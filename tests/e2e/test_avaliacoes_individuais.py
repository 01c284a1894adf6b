"""As avaliações individuais no navegador (Lei 15.142/2025, art. 3º, com a IN Conjunta MGI/MIR/MPI nº 261/2025;
decisão 0017): o presidente abre as avaliações depois de o candidato sair da sala; um membro registra a sua no
próprio tablet, com os traços e a fundamentação, e a revê assinada; os demais registram as suas; o presidente encerra
— 3 a 2 pela maioria do edital não confirma —, registra o parecer e a ata em PDF transcreve a avaliação de cada
membro com o nome e cita a IN da lei congelada."""

from datetime import date, time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from concursos.models import Cargo, Certame
from concursos.services.certame import certame_publicar
from heteroidentificacao import services
from heteroidentificacao.models import AvaliacaoIndividual, Cedula, Participacao, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from nucleo.models import Esfera, Orgao
from tests.concursos.conftest import inscrever, prazos_do_edital  # noqa: F401 (fixtures)
from tests.conftest import municipio
from tests.documentos.pdfs import so_espacos_simples, texto
from tests.e2e.test_comissao import _entrar
from tests.heteroidentificacao.conftest import fazer_comissao, midia_temporaria  # noqa: F401 (fixtures)
from tests.heteroidentificacao.procedimento import PARECER_NAO_CONFIRMA
from tests.heteroidentificacao.test_avaliacoes_individuais import FEDERAIS, FUNDAMENTO_DESFAVORAVEL

EDITAL = date(2025, 7, 1)
FUNDAMENTO = ("Pele parda e cabelo crespo: o conjunto fenotípico corresponde à autodeclaração de pessoa parda, "
              "observado durante a entrevista.")


@pytest.fixture
def sessao_federal(leis_de_origem, inscrever, fazer_comissao, admin_user):  # noqa: F811
    orgao = Orgao.objects.create(nome="Universidade Federal do Espírito Santo", sigla="UFES", esfera=Esfera.FEDERAL,
                                 tipo="autarquia", municipio=municipio("Vitória"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="10/2025", titulo="Concurso", data_edital=EDITAL,
                                     item_regra_decisao="item 6.3 do edital", **prazos_do_edital(EDITAL))
    cargo = Cargo.objects.create(certame=certame, codigo="PROF", nome="Professor", vagas=10)
    inscrever(cargo, [("001", "branca"), ("002", "parda", True)])
    certame = certame_publicar(certame=certame, usuario=admin_user)
    comissao = fazer_comissao(certame, membros=FEDERAIS)
    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=timezone.localdate(), inicio=time(0, 0),
                                   local="Auditório")
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user,
                             intervalo_minutos=1)
    return sessao


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_cada_membro_registra_a_sua_avaliacao_e_a_ata_as_transcreve(sessao_federal, browser, live_server):
    base = live_server.url
    comissao = sessao_federal.comissao
    titulares = list(comissao.membros.filter(papel="titular").order_by("nome"))
    ana, bruno, *demais = titulares
    avaliacao = sessao_federal.avaliacoes.get()
    contextos = []
    try:
        presidente = _entrar(browser, base, ana, contextos)
        membro = _entrar(browser, base, bruno, contextos)
        presidente.goto(f"{base}/comissao/sessao/{sessao_federal.pk}/")
        presidente.get_by_role("button", name="Abrir a sessão").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sessão aberta com 5 membros presentes.")
        cartao = presidente.locator(f"#avaliacao-{avaliacao.pk}")
        cartao.get_by_role("button", name="Candidato presente").click()
        cartao.get_by_label("Confirmo que o candidato deixou a sala").check()
        expect(cartao.get_by_label("Avaliação individual de cada membro, registrada e assinada")).to_be_checked()
        cartao.get_by_role("button", name="Abrir as avaliações individuais").click()
        expect(presidente.locator(".mensagens")).to_have_text(
            "Avaliações individuais abertas: cada membro presente registra a sua.")
        expect(cartao.locator(".participacao")).to_have_text(
            "0 de 5 membros presentes já registraram a sua avaliação")

        membro.goto(f"{base}/comissao/sessao/{sessao_federal.pk}/votacao/")
        secao = membro.locator(f"#voto-{avaliacao.pk}")
        expect(secao).to_contain_text("IN Conjunta MGI/MIR/MPI nº 261/2025")
        secao.get_by_label("Defiro a autodeclaração", exact=True).check()
        secao.get_by_label("Cor da pele").check()
        secao.get_by_label("Textura do cabelo").check()
        secao.get_by_label("Fundamentação").fill(FUNDAMENTO)
        secao.get_by_role("button", name="Registrar e assinar a minha avaliação").click()
        expect(membro.locator(".mensagens")).to_have_text("Sua avaliação foi registrada e assinada.")
        expect(secao.locator(".registrado")).to_contain_text("defiro a autodeclaração")

        for outro, defere in zip(demais, [True, False, False], strict=True):
            services.avaliacao_individual_registrar(
                avaliacao=avaliacao, usuario=outro.usuario, defere=defere, caracteristicas=["pele"],
                fundamentacao=FUNDAMENTO if defere else FUNDAMENTO_DESFAVORAVEL)
        presidente.reload()
        cartao.get_by_role("button", name="Encerrar as avaliações").click()
        expect(presidente.locator(".mensagens")).to_contain_text("Falta 1 avaliação")
        presidente.goto(f"{base}/comissao/sessao/{sessao_federal.pk}/votacao/")
        propria = presidente.locator(f"#voto-{avaliacao.pk}")
        propria.get_by_label("Indefiro a autodeclaração", exact=True).check()
        propria.get_by_label("Cor da pele").check()
        propria.get_by_label("Fundamentação").fill(FUNDAMENTO_DESFAVORAVEL)
        propria.get_by_role("button", name="Registrar e assinar a minha avaliação").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sua avaliação foi registrada e assinada.")

        presidente.goto(f"{base}/comissao/sessao/{sessao_federal.pk}/")
        cartao.get_by_role("button", name="Encerrar as avaliações").click()
        expect(presidente.locator(".mensagens")).to_have_text(
            "Avaliações encerradas: autodeclaração não confirmada — 5 avaliações (2 favoráveis a 3 desfavoráveis).")
        cartao.get_by_label("Cor da pele").check()
        cartao.get_by_label("Parecer motivado").fill(PARECER_NAO_CONFIRMA)
        cartao.get_by_role("button", name="Registrar parecer").click()
        expect(presidente.locator(".mensagens")).to_have_text("Parecer registrado.")
        presidente.get_by_role("button", name="Encerrar a sessão").click()
        expect(presidente.locator(".mensagens")).to_have_text("Sessão encerrada.")

        assert AvaliacaoIndividual.objects.filter(avaliacao=avaliacao).count() == 5
        assert not Participacao.objects.exists() and not Cedula.objects.exists()
        link = presidente.get_by_role("link", name="Ata da sessão (PDF)")
        pdf = presidente.request.get(base + link.get_attribute("href"))
        ata = so_espacos_simples(texto(pdf.body()))
        assert "IN Conjunta MGI/MIR/MPI nº 261/2025" in ata
        assert "maioria dos membros (item 6.3 do edital)" in ata
        for nome in (m.nome for m in titulares):
            assert f"{nome}, às" in ata
        assert "Votos abertos até a formação da decisão" not in ata
    finally:
        for contexto in contextos:
            contexto.close()


"""As telas do admin e a página pública de verificação funcionam com a CSP de produção (sem script inline): o
fixture `sem_violacoes_da_csp` falha o teste a qualquer recusa do Chromium. A convocação de cotistas usa o
«marcar todos», que era um script inline."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.concursos.conftest import fazer_certame, inscrever, orgao  # noqa: F401 (fixtures)
from tests.e2e.test_comissao import sessao_convocada  # noqa: F401 (fixture)
from tests.heteroidentificacao.conftest import certame_afonso, comissao, fazer_comissao, midia_temporaria  # noqa: F401

pytestmark = pytest.mark.e2e

TELAS = ["admin:index", "admin:legislacao_lei_changelist", "admin:concursos_certame_changelist",
         "admin:concursos_inscricao_changelist", "admin:concursos_inscricao_export",
         "admin:heteroidentificacao_comissao_changelist", "admin:concursos_candidato_add", "documentos:verificar"]


def test_as_telas_abrem_sem_recusas_da_csp(admin_logado, live_server, leis_de_origem):
    for tela in TELAS:
        resposta = admin_logado.goto(f"{live_server.url}{reverse(tela)}")
        assert resposta.status == 200, tela
        assert "default-src 'self'" in resposta.headers["content-security-policy"]


def test_marcar_todos_na_convocacao_funciona_com_a_csp(admin_logado, live_server, sessao_convocada):  # noqa: F811
    convocar = reverse("admin:heteroidentificacao_sessao_convocar", args=[sessao_convocada.pk])
    admin_logado.goto(f"{live_server.url}{convocar}")
    caixas = admin_logado.locator('input[name="inscricoes"]')
    expect(caixas.first).to_be_visible()
    admin_logado.get_by_label("Marcar todos").check()
    for indice in range(caixas.count()):
        expect(caixas.nth(indice)).to_be_checked()
    admin_logado.get_by_label("Marcar todos").uncheck()
    expect(caixas.first).not_to_be_checked()

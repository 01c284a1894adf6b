"""As telas num notebook comum (1366 × 768): as listas grandes cabem na janela, sem rolagem horizontal, com as colunas
que o RH usa (a de inscrições com a reserva, a cor ou raça e a PcD); e, num navegador fora do horário de Brasília,
nenhum aviso de fuso sob os campos de data, só a nota do rodapé."""

import re
from datetime import date

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from concursos.models import Candidato, Cargo, Certame, Chamada, Fase, Inscricao
from nucleo.models import Orgao
from tests.concursos.conftest import cpf_valido, prazos_do_edital
from tests.conftest import municipio

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

LISTAS = ("inscricao", "cargo", "chamada", "candidato", "certame", "fase")


@pytest.fixture
def certame_cheio(leis_de_origem, admin_user):
    """Nomes longos como os de verdade: o órgão, o título, o cargo e os candidatos."""
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Afonso Cláudio", municipio=municipio("Afonso Cláudio"))
    edital = date(2025, 3, 3)
    certame = Certame.objects.create(
        orgao=orgao, numero_edital="001/2025", titulo="Concurso público para provimento de cargos efetivos do quadro "
        "geral", municipio=orgao.municipio, data_edital=edital, **prazos_do_edital(edital))
    cargo = Cargo.objects.create(certame=certame, codigo="AGENTE-ADM", vagas=12, vagas_pcd=1,
                                 nome="Agente administrativo da Secretaria Municipal de Educação e Cultura")
    for i in range(30):
        candidato = Candidato.objects.create(
            orgao=orgao, cpf=cpf_valido(), cor_raca=("parda", "branca", "preta", "indigena")[i % 4],
            nome=f"Maria Aparecida dos Santos Nascimento de Oliveira Ferreira {i}", nome_social="Ana Clara Nascimento",
            data_nascimento=date(1990, 1, 1))
        Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=f"2025000{i:04d}",
                                 cor_raca=candidato.cor_raca, reserva=i % 2 == 0, pcd=i % 7 == 0, quilombola=False,
                                 classificacao=i + 1, nota_final=90 - i / 3)
    Chamada.objects.create(cargo=cargo, numero=1, tipo="inicial", data=date(2025, 9, 2),
                           ato="Portaria nº 1.234/2025 — convocação inicial dos aprovados", criada_por=admin_user)
    Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva de conhecimentos gerais e específicos")
    return certame


def test_as_listas_grandes_cabem_em_1366_pixels(admin_logado, live_server, certame_cheio):
    page = admin_logado
    page.set_viewport_size({"width": 1366, "height": 768})
    # O menu lateral começa fechado num notebook, e o botão continua lá para abri-lo.
    page.goto(live_server.url + reverse("admin:concursos_inscricao_changelist"))
    expect(page.locator("#main")).not_to_have_class(re.compile(r"\bshifted\b"))
    expect(page.locator("#toggle-nav-sidebar")).to_be_visible()
    for modelo in LISTAS:
        page.goto(live_server.url + reverse(f"admin:concursos_{modelo}_changelist"))
        expect(page.locator("#result_list tbody tr").first).to_be_visible()
        larguras = page.evaluate("""() => {
            const lista = document.querySelector('#changelist');
            const resultados = lista.querySelector('.results');
            return {lista: lista.scrollWidth, resultados: resultados.scrollWidth, visivel: resultados.clientWidth,
                    pagina: document.documentElement.scrollWidth, janela: window.innerWidth};
        }""")
        assert larguras["lista"] <= larguras["janela"], (modelo, larguras)
        assert larguras["pagina"] <= larguras["janela"], (modelo, larguras)
        assert larguras["resultados"] <= larguras["visivel"], (modelo, larguras)
    page.goto(live_server.url + reverse("admin:concursos_inscricao_changelist"))
    cabecalhos = page.locator("#result_list thead th").all_inner_texts()
    for coluna in ("RESERVA", "COR/RAÇA", "PCD"):
        assert any(coluna in c.upper() for c in cabecalhos), cabecalhos


def test_fora_do_horario_de_brasilia_nao_ha_aviso_de_fuso(browser, live_server, admin_user, certame_cheio):
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from tests.e2e.conftest import digitar_o_codigo

    contexto = browser.new_context(timezone_id="Europe/Lisbon", locale="pt-BR")
    page = contexto.new_page()
    dispositivo = TOTPDevice.objects.create(user=admin_user, name="Celular", confirmed=True)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/acesso/codigo/**")
    digitar_o_codigo(page, dispositivo)
    page.wait_for_url(f"{live_server.url}/admin/")
    assert page.evaluate("new Date().getTimezoneOffset()") != 180
    page.goto(live_server.url + reverse("admin:concursos_certame_change", args=[certame_cheio.pk]))
    expect(page.locator(".datetimeshortcuts").first).to_be_attached()
    expect(page.locator(".timezonewarning")).to_have_count(0)
    expect(page.get_by_text("Você está")).to_have_count(0)
    expect(page.locator("#horario-legal")).to_have_text("Datas e horas no horário de Brasília, o legal dos certames.")
    contexto.close()

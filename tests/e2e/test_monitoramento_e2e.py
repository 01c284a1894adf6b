"""No navegador, um membro da comissão de monitoramento de Ubatuba (Lei 3.765/2014, art. 9º), lotado só na Prefeitura,
entra no admin com a senha e o código, abre os indicadores pela página inicial, filtra pelo ano do edital e pelo seu
órgão, vê os números e os gráficos (o SVG e a tabela com os mesmos números) e baixa o PDF do relatório anual emitido
pela sua comissão (art. 9º, § 2º), que traz os gráficos."""

import os
from datetime import date

import pytest
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import Cargo, Certame
from concursos.services.chamadas import chamada_inicial
from demonstracao.perfis import garantir_perfis
from monitoramento.models import Funcao, RelatorioMonitoramento, TipoRelatorio
from monitoramento.services import relatorio_emitir
from nucleo.models import Orgao
from pessoal.services import nomeacao_registrar
from tests.concursos.conftest import inscrever, levar_ao_resultado, prazos_do_edital  # noqa: F401 (fixtures)
from tests.conftest import municipio
from tests.documentos.pdfs import so_espacos_simples, texto
from tests.e2e.test_orgaos import conta, entrar
from tests.monitoramento.conftest import cache_vazio, comissao, midia_temporaria, prefeitura, ubatuba  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")
GRAFICO_DAS_VAGAS = "Vagas reservadas, preenchidas pela lista do grupo e revertidas à ampla"


@pytest.fixture
def concurso_de_2022(prefeitura, ubatuba, inscrever, levar_ao_resultado, admin_user):  # noqa: F811
    """Um concurso de 2022 com a chamada inicial: em AGE (5 vagas, uma reservada) a cotista N, 6ª da lista geral, entra
    pela lista do grupo; em TEC (3 vagas, uma reservada) ninguém optou pela reserva e a vaga reverte à ampla (art. 4º,
    § 2º)."""
    certame = Certame.objects.create(orgao=prefeitura, numero_edital="003/2022", titulo="Concurso de 2022",
                                     municipio=prefeitura.municipio, data_edital=date(2022, 3, 7),
                                     **prazos_do_edital(date(2022, 3, 7)))
    age = Cargo.objects.create(certame=certame, codigo="AGE", nome="Agente de educação infantil", vagas=5)
    tec = Cargo.objects.create(certame=certame, codigo="TEC", nome="Técnico de enfermagem", vagas=3)
    inscrever(age, [("A", "branca"), ("B", "branca"), ("C", "branca"), ("D", "branca"), ("E", "branca"),
                    ("N", "preta", True)])
    inscrever(tec, [("T1", "branca"), ("T2", "parda"), ("T3", "branca"), ("T4", "branca")])
    levar_ao_resultado(certame)
    for cargo in (age, tec):
        chamada_inicial(cargo=cargo, data=date(2022, 6, 1), ato="Decreto nº 50/2022", usuario=admin_user)
    nomeacao_registrar(orgao=prefeitura, nome="Assessora", cargo="Assessora", nomeado_em=date(2022, 2, 1),
                       ato="Portaria nº 1/2022", usuario=admin_user, cor_raca="parda",
                       autodeclaracao_em=date(2022, 2, 1))
    return certame


def test_o_membro_da_comissao_filtra_os_indicadores_e_baixa_o_relatorio_anual_com_os_graficos(
        leis_de_origem, comissao, concurso_de_2022, page, live_server, admin_user):  # noqa: F811
    garantir_perfis()
    outro = Orgao.objects.create(nome="Prefeitura Municipal de Caraguatatuba", municipio=municipio("Caraguatatuba",
                                                                                                   "SP"))
    membro = conta("monitoramento.ubatuba", "Comissão de monitoramento", comissao.orgao)
    comissao.membros.filter(funcao=Funcao.COORDENADOR).update(usuario=membro)
    TOTPDevice.objects.create(user=membro, name="Celular", confirmed=True)
    rascunho = RelatorioMonitoramento.objects.create(comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=2022,
                                                     conclusoes="A reserva foi cumprida nos concursos de 2022.")
    relatorio_emitir(relatorio=rascunho, usuario=membro, motivo="Aprovado na reunião de abril de 2023.")

    entrar(page, live_server.url, membro)
    page.get_by_role("link", name="Indicadores da reserva de vagas").click()
    expect(page.get_by_role("heading", name="Indicadores da reserva de vagas")).to_be_visible()
    # Lotado só na Prefeitura de Ubatuba: o outro órgão nem aparece entre os que se escolhem.
    expect(page.locator("#id_orgao option")).to_have_text(["Todos os seus órgãos (1)", comissao.orgao.nome])
    assert outro.nome not in page.content()
    page.select_option("#id_ano", "2022")
    page.select_option("#id_orgao", str(comissao.orgao_id))
    page.get_by_role("button", name="Mostrar").click()
    page.wait_for_url(f"**/admin/indicadores/?orgao={comissao.orgao_id}&ano=2022")

    resumo = page.locator(".painel-resumo")
    for numero, rotulo in (("8", "Vagas oferecidas"), ("2", "Reservadas aos grupos"),
                           ("1", "Preenchidas pelas listas dos grupos"), ("1", "Revertidas à ampla concorrência")):
        expect(resumo.locator("div", has_text=rotulo).locator("dd").first).to_have_text(numero)
    grafico = page.locator("figure.grafico", has_text=GRAFICO_DAS_VAGAS)
    expect(grafico.locator("svg[role=img]")).to_be_visible()
    expect(grafico.locator("table")).to_contain_text("Negros, índios e quilombolas")
    expect(page.get_by_role("rowheader", name="003/2022 — Concurso de 2022")).to_be_visible()
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path=os.path.join(CAPTURAS, "monitoramento_painel.png"), full_page=True)

    page.goto(f"{live_server.url}/admin/monitoramento/relatoriomonitoramento/")
    page.get_by_role("link", name="Relatório anual 2022").click()
    link = page.get_by_role("link", name="Relatório (PDF)")
    pdf = page.request.get(live_server.url + link.get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.body()[:5] == b"%PDF-"
    conteudo = so_espacos_simples(texto(pdf.body()))
    for trecho in (GRAFICO_DAS_VAGAS, "003/2022 — Concurso de 2022", "A reserva foi cumprida nos concursos de 2022."):
        assert trecho in conteudo, trecho

"""O relatório anual de Ubatuba sai do sistema, sem planilha: os indicadores dos concursos do ano (art. 9º, § 2º) e o
quadro de pessoal contra o piso (art. 8º), com os gráficos — o texto e os números de cada gráfico estão no PDF."""

from datetime import date

import pytest

from concursos.models import Cargo, Certame
from concursos.services.chamadas import chamada_inicial
from monitoramento.documentos import relatorio_pdf_emitir
from monitoramento.models import RelatorioMonitoramento, TipoRelatorio
from monitoramento.services import relatorio_emitir
from pessoal.services import nomeacao_registrar
from tests.concursos.conftest import inscrever, levar_ao_resultado, prazos_do_edital  # noqa: F401
from tests.documentos.pdfs import so_espacos_simples, texto


@pytest.fixture
def concurso_de_2022(prefeitura, ubatuba, inscrever, levar_ao_resultado, admin_user):  # noqa: F811
    certame = Certame.objects.create(orgao=prefeitura, numero_edital="003/2022", titulo="Concurso de 2022",
                                     municipio=prefeitura.municipio, data_edital=date(2022, 3, 7),
                                     **prazos_do_edital(date(2022, 3, 7)))
    cargo = Cargo.objects.create(certame=certame, codigo="AGE", nome="Agente", vagas=5)
    inscrever(cargo, [("A", "branca"), ("B", "branca"), ("C", "branca"), ("N", "preta", True), ("D", "branca"),
                      ("E", "branca")])
    levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2022, 6, 1), ato="Decreto nº 50/2022", usuario=admin_user)
    nomeacao_registrar(orgao=prefeitura, nome="Assessora", cargo="Assessora", nomeado_em=date(2022, 2, 1),
                       ato="Portaria 1/2022", usuario=admin_user, cor_raca="parda", autodeclaracao_em=date(2022, 2, 1))
    return certame


def test_o_relatorio_anual_traz_os_indicadores_e_os_graficos_do_ano(comissao, concurso_de_2022, admin_user):
    rascunho = RelatorioMonitoramento.objects.create(comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=2022,
                                                     conclusoes="A reserva foi cumprida.")
    emitido = relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião de abril.")
    conteudo = so_espacos_simples(texto(relatorio_pdf_emitir(relatorio=emitido, usuario=admin_user).conteudo()))
    for trecho in ("Os concursos e seleções de 2022", "003/2022 — Concurso de 2022",
                   # O gráfico e a sua tabela: o título, o grupo da lei e as séries.
                   "Vagas reservadas, preenchidas pela lista do grupo e revertidas à ampla",
                   "Negros, índios e quilombolas", "Reservadas no edital",
                   "Cargos em comissão, estágios e servidores", "Situação em 31/12/2022", "art. 8º", "100,0%",
                   "Participação dos grupos da lei nos cargos em comissão e nos estágios"):
        assert trecho in conteudo, trecho
    # Ubatuba não tem heteroidentificação: sem o gráfico vazio dela.
    assert "Heteroidentificação: resultados e recursos" not in conteudo


def test_o_painel_avisa_desde_marco_que_o_relatorio_anual_vence_em_abril(comissao, admin_client, admin_user,
                                                                        time_machine):
    """Art. 9º, § 2º: o relatório vai ao Prefeito em abril; em março o painel avisa, até ele ser emitido."""
    time_machine.move_to(date(2025, 3, 10))
    url = f"/admin/indicadores/?orgao={comissao.orgao_id}"
    html = admin_client.get(url).content.decode()
    assert "O relatório anual vence em abril (art. 9º, § 2º), até 30/04/2025. Ano de referência: 2024." in html
    assert f"/admin/monitoramento/relatoriomonitoramento/?orgao__id__exact={comissao.orgao_id}" in html
    relatorio = RelatorioMonitoramento.objects.create(comissao=comissao, tipo=TipoRelatorio.ANUAL,
                                                      ano_referencia=2024, conclusoes="Cumprida.")
    relatorio_emitir(relatorio=relatorio, usuario=admin_user, motivo="Aprovado na reunião de março.")
    assert "O relatório anual vence" not in admin_client.get(url).content.decode()

"""O relatório da comissão de monitoramento: o anual de Ubatuba vence em abril do ano seguinte ao de referência
(art. 9º, § 2º), o conclusivo é de dois anos (art. 13); emitir é um ato, e o emitido não se edita — a correção é uma
retificação. O PDF traz a base legal, as conclusões e a composição."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError

from documentos.models import DocumentoEmitido
from monitoramento.documentos import TIPO_RELATORIO_MONITORAMENTO, relatorio_pdf_emitir
from monitoramento.models import EstadoRelatorio, RelatorioMonitoramento, TipoRelatorio
from monitoramento.prazos import aviso_do_relatorio_anual, prazo_do_relatorio_anual
from monitoramento.services import relatorio_emitir, relatorio_retificar
from nucleo.servicos import ErroOperacao
from tests.documentos.pdfs import so_espacos_simples, texto

CONCLUSOES = "A reserva de 20% foi cumprida em todos os concursos de 2024."


@pytest.fixture
def rascunho(comissao) -> RelatorioMonitoramento:
    return RelatorioMonitoramento.objects.create(comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=2024,
                                                 conclusoes=CONCLUSOES, recomendacoes="Ampliar a divulgação.")


def _url(relatorio, acao="change") -> str:
    return f"/admin/monitoramento/relatoriomonitoramento/{relatorio.pk}/{acao}/"


# --- o prazo e o aviso (puros) -----------------------------------------------------------------------------------

UBATUBA = SimpleNamespace(relatorio_anual_mes=4, artigo_relatorio_anual="art. 9º, § 2º")


def test_o_relatorio_de_2024_vence_no_fim_de_abril_de_2025_art_9_paragrafo_2():
    assert prazo_do_relatorio_anual(UBATUBA, 2024) == date(2025, 4, 30)


def test_sem_relatorio_anual_na_lei_nao_ha_prazo_nem_aviso():
    federal = SimpleNamespace(relatorio_anual_mes=None, artigo_relatorio_anual="")
    assert prazo_do_relatorio_anual(federal, 2024) is None
    assert aviso_do_relatorio_anual(federal, date(2025, 3, 15)) == ""


@pytest.mark.parametrize("dia", [date(2025, 3, 1), date(2025, 3, 31), date(2025, 4, 30)])
def test_o_aviso_aparece_de_marco_ate_o_fim_de_abril(dia):
    assert aviso_do_relatorio_anual(UBATUBA, dia) == "O relatório anual vence em abril (art. 9º, § 2º), até 30/04/2025."


@pytest.mark.parametrize("dia", [date(2025, 2, 28), date(2025, 5, 1), date(2025, 12, 31)])
def test_fora_de_marco_e_abril_nao_ha_aviso(dia):
    assert aviso_do_relatorio_anual(UBATUBA, dia) == ""


def test_o_prazo_em_janeiro_avisa_desde_dezembro_do_ano_anterior():
    janeiro = SimpleNamespace(relatorio_anual_mes=1, artigo_relatorio_anual="")
    assert aviso_do_relatorio_anual(janeiro, date(2024, 12, 1)) == "O relatório anual vence em janeiro, até 31/01/2025."
    assert aviso_do_relatorio_anual(janeiro, date(2024, 11, 30)) == ""


@pytest.mark.django_db
def test_o_prazo_vem_da_lei_de_ubatuba(ubatuba):
    assert prazo_do_relatorio_anual(ubatuba, 2024) == date(2025, 4, 30)
    assert aviso_do_relatorio_anual(ubatuba, date(2025, 3, 10)) == ("O relatório anual vence em abril (art. 9º, § 2º), "
                                                                   "até 30/04/2025.")


# --- o período do relatório ---------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_o_conclusivo_de_ubatuba_e_de_dois_anos_art_13(comissao):
    relatorio = RelatorioMonitoramento(comissao=comissao, tipo=TipoRelatorio.CONCLUSIVO, ano_inicial=2023,
                                       ano_final=2025)
    with pytest.raises(ValidationError) as erro:
        relatorio.clean()
    assert erro.value.message_dict["ano_final"] == ["O relatório conclusivo é de 2 anos (art. 13)."]
    relatorio.ano_final = 2024
    relatorio.clean()


@pytest.mark.django_db
def test_o_anual_tem_ano_de_referencia_e_nao_periodo(comissao):
    with pytest.raises(ValidationError) as erro:
        RelatorioMonitoramento(comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_inicial=2023).clean()
    assert set(erro.value.message_dict) == {"ano_referencia", "ano_inicial"}


@pytest.mark.django_db
def test_o_orgao_do_relatorio_e_o_da_comissao(rascunho, comissao):
    assert rascunho.orgao_id == comissao.orgao_id


# --- emitir e retificar --------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_emitir_registra_quem_quando_e_o_motivo(rascunho, admin_user):
    emitido = relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião de 10/04/2025.")
    assert emitido.estado == EstadoRelatorio.EMITIDO
    assert emitido.emitido_por == admin_user and emitido.emitido_em is not None
    ultimo = emitido.history.first()
    assert ultimo.history_user == admin_user
    assert ultimo.history_change_reason == "Relatório emitido: Aprovado na reunião de 10/04/2025."


@pytest.mark.django_db
def test_nao_se_emite_sem_motivo_nem_sem_conclusoes(rascunho, admin_user):
    with pytest.raises(ErroOperacao, match="motivo"):
        relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="  ")
    RelatorioMonitoramento.objects.filter(pk=rascunho.pk).update(conclusoes="")
    with pytest.raises(ErroOperacao, match="conclusões"):
        relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    assert RelatorioMonitoramento.objects.get(pk=rascunho.pk).estado == EstadoRelatorio.RASCUNHO


@pytest.mark.django_db
def test_o_relatorio_emitido_nao_se_emite_de_novo(rascunho, admin_user):
    relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    with pytest.raises(ErroOperacao, match="retifique"):
        relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado de novo.")


@pytest.mark.django_db
def test_o_relatorio_emitido_nao_se_edita_no_admin(admin_client, rascunho, admin_user):
    relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    ficha = admin_client.get(_url(rascunho))
    assert ficha.status_code == 200
    assert 'name="conclusoes"' not in ficha.content.decode()
    resposta = admin_client.post(_url(rascunho), {"conclusoes": "Outro texto.", "recomendacoes": ""})
    assert resposta.status_code == 403
    assert RelatorioMonitoramento.objects.get(pk=rascunho.pk).conclusoes == CONCLUSOES
    assert admin_client.post(_url(rascunho, "delete"), {"post": "yes"}).status_code == 403


@pytest.mark.django_db
def test_o_rascunho_se_edita_no_admin(admin_client, rascunho):
    resposta = admin_client.post(_url(rascunho), {"conclusoes": "Texto revisto.", "recomendacoes": ""})
    assert resposta.status_code == 302
    assert RelatorioMonitoramento.objects.get(pk=rascunho.pk).conclusoes == "Texto revisto."


@pytest.mark.django_db
def test_o_botao_emitir_pede_o_motivo_e_emite(admin_client, rascunho):
    pagina = admin_client.get(_url(rascunho, "emitir"))
    assert pagina.status_code == 200 and "Emitir relatório" in pagina.content.decode()
    recusa = admin_client.post(_url(rascunho, "emitir"), {"motivo": "curto"})
    assert recusa.status_code == 200
    assert RelatorioMonitoramento.objects.get(pk=rascunho.pk).estado == EstadoRelatorio.RASCUNHO
    resposta = admin_client.post(_url(rascunho, "emitir"), {"motivo": "Aprovado na reunião de abril."})
    assert resposta.status_code == 302
    assert RelatorioMonitoramento.objects.get(pk=rascunho.pk).estado == EstadoRelatorio.EMITIDO


@pytest.mark.django_db
def test_a_retificacao_e_um_novo_relatorio_que_retifica_o_emitido(rascunho, admin_user):
    emitido = relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    with pytest.raises(ErroOperacao, match="retifique"):
        relatorio_emitir(relatorio=RelatorioMonitoramento.objects.create(
            comissao=emitido.comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=2024, conclusoes="Outro."),
            usuario=admin_user, motivo="Um segundo relatório do mesmo ano.")
    retificacao = relatorio_retificar(relatorio=emitido, usuario=admin_user, motivo="Erro no percentual de 2024.")
    assert retificacao.retifica == emitido and retificacao.estado == EstadoRelatorio.RASCUNHO
    assert (retificacao.ano_referencia, retificacao.conclusoes) == (2024, CONCLUSOES)
    with pytest.raises(ErroOperacao, match="já tem uma retificação"):
        relatorio_retificar(relatorio=emitido, usuario=admin_user, motivo="Outra retificação.")
    retificacao.conclusoes = "A reserva de 20% foi cumprida em 9 dos 10 concursos de 2024."
    retificacao.save()
    relatorio_emitir(relatorio=retificacao, usuario=admin_user, motivo="Retificação aprovada.")
    emitido.refresh_from_db()
    assert emitido.conclusoes == CONCLUSOES and emitido.retificado_por == retificacao


@pytest.mark.django_db
def test_o_rascunho_nao_se_retifica(rascunho, admin_user):
    with pytest.raises(ErroOperacao, match="rascunho"):
        relatorio_retificar(relatorio=rascunho, usuario=admin_user, motivo="Erro no percentual.")


# --- o PDF ---------------------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_o_rascunho_nao_tem_pdf(rascunho, admin_user):
    with pytest.raises(ErroOperacao, match="emitido"):
        relatorio_pdf_emitir(relatorio=rascunho, usuario=admin_user)


@pytest.mark.django_db
def test_o_pdf_traz_a_base_legal_as_conclusoes_e_a_composicao(rascunho, admin_user):
    emitido = relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    documento = relatorio_pdf_emitir(relatorio=emitido, usuario=admin_user)
    assert documento.tipo == TIPO_RELATORIO_MONITORAMENTO and documento.referencia == emitido
    assert documento.orgao_id == emitido.orgao_id
    conteudo = so_espacos_simples(texto(documento.conteudo()))
    for trecho in ("PREFEITURA MUNICIPAL DE UBATUBA", "constituída pelo Decreto nº 7.001/2024, de 05/01/2024",
                   "Ano de referência: 2024", "entrega até 30/04/2025", CONCLUSOES, "Ampliar a divulgação.",
                   "Relatório anual, entregue em abril — art. 9º, § 2º",
                   "servidores indicados pela Secretaria Municipal de Cidadania e Assistência Social (que a coordena), "
                   "pela Secretaria Municipal de Administração", "— art. 9º, § 1º", "— art. 13",
                   "Helena Coordenadora", "representante dos quilombolas", documento.codigo):
        assert trecho in conteudo, trecho


@pytest.mark.django_db
def test_o_pdf_da_retificacao_diz_o_que_retifica(rascunho, admin_user, admin_client):
    emitido = relatorio_emitir(relatorio=rascunho, usuario=admin_user, motivo="Aprovado na reunião.")
    retificacao = relatorio_emitir(relatorio=relatorio_retificar(relatorio=emitido, usuario=admin_user,
                                                                 motivo="Erro no percentual."),
                                   usuario=admin_user, motivo="Retificação aprovada.")
    resposta = admin_client.get(f"/admin/monitoramento/relatoriomonitoramento/{retificacao.pk}/relatorio.pdf")
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    assert "Este relatório retifica o emitido em" in so_espacos_simples(texto(resposta.content))
    assert DocumentoEmitido.objects.filter(tipo=TIPO_RELATORIO_MONITORAMENTO).count() == 1

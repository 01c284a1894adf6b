"""O PDF do relatório da comissão de monitoramento (Ubatuba art. 9º, § 2º, e art. 13).

Sai por `documentos.pdf.emitir_pdf` (código de verificação, QR code, SHA-256), só depois de o relatório ser emitido
(`services.relatorio_emitir`): um rascunho não ganha documento verificável. O template
`monitoramento/pdf/relatorio.html` tem o cabeçalho (órgão, comissão, ato), a base legal (os artigos vindos da lei), o
período, as conclusões e recomendações da comissão e a composição; os indicadores e os gráficos entram no bloco
`{% block indicadores %}` do template, com o contexto que `contexto_relatorio` devolve. Nenhum dado pessoal de
servidor ou candidato vai ao relatório: só os nomes dos membros, que assinam o trabalho da comissão.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from documentos.models import DocumentoEmitido
from documentos.pdf import emitir_pdf
from documentos.tipos import registrar_tipo
from heteroidentificacao.composicao import Enunciado
from monitoramento.composicao import pela, unidades_da_lei
from monitoramento.figuras import NOMES_DAS_CAUSAS_EXIBIDOS
from monitoramento.models import Funcao, RelatorioMonitoramento, TipoRelatorio, Titularidade
from monitoramento.prazos import MESES, prazo_do_relatorio_anual
from monitoramento.selectors.relatorio import indicadores_do_relatorio
from nucleo.servicos import ErroOperacao
from nucleo.texto import plural

TIPO_RELATORIO_MONITORAMENTO = registrar_tipo("relatorio_monitoramento", "Relatório da comissão de monitoramento")

TEMPLATE_RELATORIO = "monitoramento/pdf/relatorio.html"


@dataclass(frozen=True)
class MembroDoRelatorio:
    nome: str
    indicacao: str
    funcao: str


def base_legal(lei) -> list[Enunciado]:
    """As regras da lei sobre o monitoramento, cada uma com o dispositivo de onde vem (só as que a lei tem)."""
    regras = []
    if lei.artigo_monitoramento:
        regras.append(Enunciado("A comissão acompanha e avalia a execução da lei", lei.artigo_monitoramento))
    unidades = unidades_da_lei(lei.monitoramento_unidades)
    if unidades or lei.monitoramento_representante_por_grupo:
        indicados = [pela(u) + (" (que a coordena)" if i == 0 else "") for i, u in enumerate(unidades)]
        partes = [f"servidores indicados {', '.join(indicados)}"] if unidades else []
        if lei.monitoramento_representante_por_grupo:
            partes.append("um representante de cada grupo étnico da lei")
        regras.append(Enunciado("Composição: " + ", e ".join(partes), lei.artigo_composicao_monitoramento))
    if lei.relatorio_anual_mes:
        regras.append(Enunciado(f"Relatório anual, entregue em {MESES[lei.relatorio_anual_mes - 1]}",
                                lei.artigo_relatorio_anual))
    if lei.relatorio_conclusivo_anos:
        regras.append(Enunciado(f"Relatório conclusivo a cada {plural(lei.relatorio_conclusivo_anos, 'ano')}",
                                lei.artigo_relatorio_conclusivo))
    if lei.artigo_indicadores:
        regras.append(Enunciado("Os órgãos produzem os dados e indicadores do monitoramento", lei.artigo_indicadores))
    return regras


def _composicao(relatorio: RelatorioMonitoramento, data: date) -> list[MembroDoRelatorio]:
    """Os membros em exercício na data da emissão, o coordenador primeiro e os suplentes por último."""
    membros = [m for m in relatorio.comissao.membros.all() if m.inicio <= data and (m.fim is None or data <= m.fim)]
    membros.sort(key=lambda m: (m.funcao != Funcao.COORDENADOR, m.titularidade != Titularidade.TITULAR, m.nome))
    return [MembroDoRelatorio(m.nome, m.indicacao, ", ".join(
        ([m.get_funcao_display()] if m.funcao == Funcao.COORDENADOR else [])
        + [m.get_titularidade_display()])) for m in membros]


def contexto_relatorio(relatorio: RelatorioMonitoramento) -> dict:
    """O contexto do PDF. Quem acrescentar os indicadores põe o que precisar aqui e as seções no bloco
    `indicadores` do template; o período do relatório está em `anos` (os anos de referência, em ordem)."""
    relatorio = (RelatorioMonitoramento.objects.select_related("orgao__municipio", "comissao__lei", "emitido_por",
                                                               "retifica")
                 .prefetch_related("comissao__membros").get(pk=relatorio.pk))
    if not relatorio.emitido:
        raise ErroOperacao("O PDF sai depois de o relatório ser emitido: um rascunho ainda muda.")
    lei = relatorio.comissao.lei
    emitido_em = timezone.localtime(relatorio.emitido_em)
    if relatorio.tipo == TipoRelatorio.ANUAL:
        anos = [relatorio.ano_referencia]
        periodo = f"Ano de referência: {relatorio.ano_referencia}"
        prazo = prazo_do_relatorio_anual(lei, relatorio.ano_referencia)
    else:
        anos = list(range(relatorio.ano_inicial, relatorio.ano_final + 1))
        periodo = f"Período: de {relatorio.ano_inicial} a {relatorio.ano_final}"
        prazo = None
    return {
        "relatorio": relatorio, "orgao": relatorio.orgao, "comissao": relatorio.comissao, "lei": lei,
        "constituida": pela(relatorio.comissao.ato_numero),
        "base_legal": base_legal(lei), "periodo": periodo, "anos": anos, "prazo": prazo, "emitido_em": emitido_em,
        "membros": _composicao(relatorio, emitido_em.date()),
        "numeros": indicadores_do_relatorio(relatorio.orgao_id, anos),
        "nomes_das_causas": NOMES_DAS_CAUSAS_EXIBIDOS,
    }


def relatorio_pdf_emitir(*, relatorio: RelatorioMonitoramento, usuario) -> DocumentoEmitido:
    """O PDF de um relatório emitido, verificável (cada emissão do PDF é um documento com o seu código)."""
    contexto = contexto_relatorio(relatorio)
    relatorio = contexto["relatorio"]
    lei = contexto["lei"]
    titulo = f"{relatorio.get_tipo_display()} da comissão de monitoramento — {relatorio.periodo}"
    if relatorio.retifica_id:
        titulo += " (retificação)"
    return emitir_pdf(template=TEMPLATE_RELATORIO, contexto=contexto, tipo=TIPO_RELATORIO_MONITORAMENTO,
                      titulo=titulo, usuario=usuario, referencia=relatorio, orgao_id=relatorio.orgao_id,
                      nome_arquivo=f"{relatorio.get_tipo_display()} monitoramento {lei.numero} {relatorio.periodo}")

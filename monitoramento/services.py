"""Os atos da comissão de monitoramento: emitir um relatório e retificá-lo.

Emitido, o relatório não muda mais (o admin o mostra só para leitura e estes serviços recusam): uma correção é um novo
relatório, em rascunho, que retifica o anterior; emitido ele, o anterior fica como foi, com a indicação de que foi
retificado. Cada ato trava o relatório, grava quem agiu e o motivo no histórico.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from monitoramento.models import EstadoRelatorio, RelatorioMonitoramento
from nucleo.servicos import ErroOperacao, auditar

MOTIVO_MINIMO = 10


def _motivo(motivo: str) -> str:
    motivo = motivo.strip()
    if len(motivo) < MOTIVO_MINIMO:
        raise ErroOperacao(f"Escreva o motivo (ao menos {MOTIVO_MINIMO} caracteres): ele fica no histórico do "
                           "relatório.")
    return motivo


def _travar(relatorio: RelatorioMonitoramento) -> RelatorioMonitoramento:
    return (RelatorioMonitoramento.objects.select_for_update(of=("self",))
            .select_related("comissao__lei", "retifica").get(pk=relatorio.pk))


def _mesmo_periodo(relatorio: RelatorioMonitoramento):
    return RelatorioMonitoramento.objects.filter(
        comissao=relatorio.comissao_id, tipo=relatorio.tipo, ano_referencia=relatorio.ano_referencia,
        ano_inicial=relatorio.ano_inicial, ano_final=relatorio.ano_final)


@transaction.atomic
def relatorio_emitir(*, relatorio: RelatorioMonitoramento, usuario, motivo: str) -> RelatorioMonitoramento:
    """Emite o relatório: com as conclusões escritas e o período que a lei pede; depois, não se edita mais."""
    motivo = _motivo(motivo)
    relatorio = _travar(relatorio)
    if relatorio.emitido:
        raise ErroOperacao(f"O relatório já foi emitido em {timezone.localtime(relatorio.emitido_em):%d/%m/%Y}: "
                           "para corrigi-lo, retifique-o.")
    if not relatorio.conclusoes.strip():
        raise ErroOperacao("Escreva as conclusões da comissão antes de emitir o relatório.")
    try:
        relatorio.clean()
    except ValidationError as erro:
        raise ErroOperacao(" ".join(erro.messages)) from None
    anterior = (_mesmo_periodo(relatorio).filter(estado=EstadoRelatorio.EMITIDO)
                .exclude(retificado_por__estado=EstadoRelatorio.EMITIDO).exclude(pk=relatorio.retifica_id).first())
    if anterior is not None:
        raise ErroOperacao(f"Já há {anterior.get_tipo_display().lower()} {anterior.periodo} emitido em "
                           f"{timezone.localtime(anterior.emitido_em):%d/%m/%Y}: para corrigi-lo, retifique-o.")
    relatorio.estado = EstadoRelatorio.EMITIDO
    relatorio.emitido_por = usuario
    relatorio.emitido_em = timezone.now()
    relatorio.motivo_emissao = motivo
    auditar(relatorio, usuario, f"Relatório emitido: {motivo}")
    relatorio.save(update_fields=["estado", "emitido_por", "emitido_em", "motivo_emissao"])
    return relatorio


@transaction.atomic
def relatorio_retificar(*, relatorio: RelatorioMonitoramento, usuario, motivo: str) -> RelatorioMonitoramento:
    """Abre a retificação de um relatório emitido: um novo relatório, em rascunho, do mesmo período e com o mesmo
    texto para a comissão corrigir; o emitido fica como está."""
    motivo = _motivo(motivo)
    relatorio = _travar(relatorio)
    if not relatorio.emitido:
        raise ErroOperacao("O relatório ainda é um rascunho: corrija-o na própria ficha.")
    existente = RelatorioMonitoramento.objects.filter(retifica=relatorio).first()
    if existente is not None:
        raise ErroOperacao(f"O relatório já tem uma retificação ({existente.get_estado_display().lower()}): "
                           "corrija-a ou retifique a retificação emitida.")
    retificacao = RelatorioMonitoramento(
        comissao=relatorio.comissao, tipo=relatorio.tipo, ano_referencia=relatorio.ano_referencia,
        ano_inicial=relatorio.ano_inicial, ano_final=relatorio.ano_final, conclusoes=relatorio.conclusoes,
        recomendacoes=relatorio.recomendacoes, retifica=relatorio)
    auditar(retificacao, usuario, f"Retificação aberta: {motivo}")
    retificacao.save()
    return retificacao

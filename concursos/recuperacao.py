"""Tarefas em segundo plano cujo processo morreu: detectadas pelo último sinal, dadas como falhas, refeitas a pedido.

A importação e a exportação grandes gravam `ultimo_sinal` a cada lote (a importação pela conexão lateral do
`Acompanhamento`, que enxerga o andamento mesmo no meio da transação). Se o processo da fila morre (falta de
memória, reinício do servidor, `kill`), a tarefa ficaria «Gravando» ou «Preparando o arquivo» para sempre.
`marcar_paradas` — chamada ao abrir as páginas de importação e de exportação e pelo comando
`marcar_tarefas_paradas` — dá como falha a que está sem sinal há mais de TAREFAS_SEM_SINAL_MINUTOS, com o motivo
em português; quem pode vê-la pode refazê-la. Nada fica pela metade: a gravação é uma transação só, e a do processo
morto o banco desfaz; refazer processa o arquivo inteiro de novo.

Só o que estava em andamento é tocado: uma tarefa «Na fila» espera o processo voltar (a página avisa).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone

from concursos.models import EstadoImportacao, Importacao
from documentos.models import EstadoExportacao, Exportacao


def _minutos() -> int:
    return settings.TAREFAS_SEM_SINAL_MINUTOS


def motivo_importacao() -> str:
    return (f"O processo que executava esta importação parou de responder (nenhum sinal por mais de {_minutos()} "
            "minutos) e ela foi interrompida; nada foi gravado. Use «Tentar de novo» para processar o arquivo outra "
            "vez.")


def motivo_exportacao() -> str:
    return (f"O processo que preparava o arquivo parou de responder (nenhum sinal por mais de {_minutos()} minutos). "
            "Use «Tentar de novo» para preparar o arquivo outra vez.")


def _sem_sinal(consulta, estados):
    # Sem nenhum sinal (tarefa anterior ao campo), conta o pedido.
    limite = timezone.now() - timedelta(minutes=_minutos())
    return (consulta.filter(estado__in=estados)
            .alias(sinal=Coalesce("ultimo_sinal", F("criada_em"))).filter(sinal__lt=limite))


def marcar_paradas() -> tuple[int, int]:
    """Dá como falhas as importações e exportações em andamento sem sinal; devolve quantas de cada."""
    agora = timezone.now()
    importacoes = _sem_sinal(Importacao.objects, [EstadoImportacao.VALIDANDO, EstadoImportacao.GRAVANDO]).update(
        estado=EstadoImportacao.FALHOU, resumo=motivo_importacao(), concluida_em=agora)
    exportacoes = _sem_sinal(Exportacao.objects, [EstadoExportacao.GERANDO]).update(
        estado=EstadoExportacao.FALHOU, erro=motivo_exportacao(), concluida_em=agora)
    return importacoes, exportacoes


def reabrir_importacao(importacao: Importacao) -> bool:
    """Põe de volta «Na fila» uma importação que falhou; False se ela não estava falha (outro clique chegou antes).

    Quem chama a executa de novo (na hora ou pela fila, como no envio)."""
    # Sem o arquivo (a guarda o apagou, concursos/retencao.py) não há o que refazer: envia-se de novo.
    reaberta = Importacao.objects.filter(pk=importacao.pk, estado=EstadoImportacao.FALHOU).exclude(arquivo="").update(
        estado=EstadoImportacao.PENDENTE, linhas_processadas=0, erros=[], resumo="", concluida_em=None,
        ultimo_sinal=None)
    if reaberta:
        importacao.refresh_from_db()
    return bool(reaberta)


def reabrir_exportacao(exportacao: Exportacao) -> bool:
    """Põe de volta «Na fila» uma exportação que falhou; False se ela não estava falha (outro clique chegou antes).

    Quem chama a põe na fila de novo. O prazo de guarda do arquivo conta a partir de agora."""
    reaberta = Exportacao.objects.filter(pk=exportacao.pk, estado=EstadoExportacao.FALHOU).update(
        estado=EstadoExportacao.NA_FILA, linhas_processadas=0, total_linhas=None, erro="", concluida_em=None,
        ultimo_sinal=None, criada_em=timezone.now())
    if reaberta:
        exportacao.refresh_from_db()
    return bool(reaberta)

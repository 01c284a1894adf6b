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
from django.db.models import Q
from django.utils import timezone
from django_tasks import TaskResultStatus

from concursos.models import EstadoExportacao, EstadoImportacao, Exportacao, Importacao


def _minutos() -> int:
    return settings.TAREFAS_SEM_SINAL_MINUTOS


def motivo_importacao() -> str:
    return (f"O processo que executava esta importação parou de responder (nenhum sinal por mais de {_minutos()} "
            "minutos) e ela foi interrompida; nada foi gravado. Use «Tentar de novo» para processar o arquivo outra "
            "vez.")


def motivo_exportacao() -> str:
    return (f"O processo que preparava o arquivo parou de responder (nenhum sinal por mais de {_minutos()} minutos). "
            "Use «Tentar de novo» para preparar o arquivo outra vez.")


def marcar_paradas() -> tuple[int, int]:
    """Dá como falhas as importações e exportações em andamento sem sinal; devolve quantas de cada."""
    agora = timezone.now()
    limite = agora - timedelta(minutes=_minutos())
    importacoes = Importacao.sem_sinal([EstadoImportacao.VALIDANDO, EstadoImportacao.GRAVANDO], desde=limite).update(
        estado=EstadoImportacao.FALHOU, resumo=motivo_importacao(), concluida_em=agora)
    exportacoes = Exportacao.sem_sinal([EstadoExportacao.GERANDO], desde=limite).update(
        estado=EstadoExportacao.FALHOU, erro=motivo_exportacao(), concluida_em=agora)
    return importacoes, exportacoes


def processo_da_fila_parado(na_fila_desde) -> bool:
    """Se o processo da fila (`python manage.py db_worker`) parece parado para a tarefa na fila desde `na_fila_desde`:
    ela espera há mais de TAREFAS_SEM_SINAL_MINUTOS, e desde então nenhuma tarefa começou nem terminou, nem roda agora
    (uma tarefa grande à frente não é um processo parado). Só a fila no banco (django-tasks-db) diz isso; com outro
    backend, a resposta é não."""
    if timezone.now() - na_fila_desde <= timedelta(minutes=_minutos()):
        return False
    if not settings.TASKS["default"]["BACKEND"].startswith("django_tasks_db."):
        return False
    from django_tasks_db.models import DBTaskResult

    return not DBTaskResult.objects.filter(
        Q(status=TaskResultStatus.RUNNING) | Q(started_at__gte=na_fila_desde) | Q(finished_at__gte=na_fila_desde),
    ).exists()


def reabrir_importacao(importacao: Importacao) -> bool:
    """Põe de volta «Na fila» uma importação que falhou; False se ela não estava falha (outro clique chegou antes).

    Quem chama a executa de novo (na hora ou pela fila, como no envio)."""
    # Sem o arquivo (a guarda o apagou, concursos/retencao.py) não há o que refazer: envia-se de novo.
    return importacao.recomecar(Importacao.objects.filter(estado=EstadoImportacao.FALHOU).exclude(arquivo=""),
                                estado=EstadoImportacao.PENDENTE, erros=[], avisos=[], resumo="")


def reabrir_exportacao(exportacao: Exportacao) -> bool:
    """Põe de volta «Na fila» uma exportação que falhou; False se ela não estava falha (outro clique chegou antes).

    Quem chama a põe na fila de novo. O prazo de guarda do arquivo conta a partir de agora."""
    return exportacao.recomecar(Exportacao.objects.filter(estado=EstadoExportacao.FALHOU),
                                estado=EstadoExportacao.NA_FILA, total_linhas=None, erro="", criada_em=timezone.now())

"""Tarefas em segundo plano (django-tasks): a importação e a exportação grandes rodam fora da requisição.

No ambiente normal, a fila fica no banco (django-tasks-db) e o processo `python manage.py db_worker`
executa as tarefas; nos testes, o backend imediato as executa na hora. Veja o README.
"""

from datetime import datetime, time, timedelta

from django.utils import timezone
from django_tasks import TaskResultStatus, default_task_backend, task

from concursos.exportacao import geracao
from concursos.importacao.acompanhamento import executar_importacao
from concursos.models import Exportacao, Importacao
from concursos.retencao import aplicar_retencao


@task()
def processar_importacao(importacao_id: int) -> str:
    """Valida (simulação) ou grava o arquivo de uma importação; o andamento fica no registro da Importacao."""
    importacao = Importacao.objects.select_related("certame", "criada_por").get(pk=importacao_id)
    return executar_importacao(importacao).estado


@task()
def gerar_exportacao(exportacao_id: int) -> str:
    """Gera o arquivo de uma exportação grande do admin; o andamento e o arquivo ficam na Exportacao."""
    pedido = Exportacao.objects.select_related("criada_por").get(pk=exportacao_id)
    return geracao.gerar(pedido).estado


@task()
def retencao_diaria() -> str:
    """O fim da guarda (concursos/retencao.py), e a próxima rodada agendada para a madrugada seguinte."""
    try:
        return str(aplicar_retencao())
    finally:
        # Também depois de uma falha: a rodada de amanhã tenta de novo (a falha fica no resultado da tarefa).
        agendar_retencao()


def agendar_retencao() -> bool:
    """Põe na fila a próxima rodada diária (às 3h), se ainda não há uma esperando; False se o backend da fila não
    agenda para depois (o imediato dos testes)."""
    from documentos.models import TarefaEmSegundoPlano

    if not default_task_backend.supports_defer:
        return False
    if TarefaEmSegundoPlano.objects.filter(task_path=retencao_diaria.module_path,
                                           status=TaskResultStatus.READY).exists():
        return True
    amanha = timezone.localdate() + timedelta(days=1)
    retencao_diaria.using(run_after=timezone.make_aware(datetime.combine(amanha, time(3)))).enqueue()
    return True

"""Tarefas em segundo plano (django-tasks): a importação e a exportação grandes rodam fora da requisição.

No ambiente normal, a fila fica no banco (django-tasks-db) e o processo `python manage.py db_worker`
executa as tarefas; nos testes, o backend imediato as executa na hora. Veja o README.
"""

from django_tasks import task

from concursos import exportacao
from concursos.importacao.acompanhamento import executar_importacao
from concursos.models import Importacao
from documentos.models import Exportacao


@task()
def processar_importacao(importacao_id: int) -> str:
    """Valida (simulação) ou grava o arquivo de uma importação; o andamento fica no registro da Importacao."""
    importacao = Importacao.objects.select_related("certame", "criada_por").get(pk=importacao_id)
    return executar_importacao(importacao).estado


@task()
def gerar_exportacao(exportacao_id: int) -> str:
    """Gera o arquivo de uma exportação grande do admin; o andamento e o arquivo ficam na Exportacao."""
    pedido = Exportacao.objects.select_related("criada_por").get(pk=exportacao_id)
    return exportacao.gerar(pedido).estado

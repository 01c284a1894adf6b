"""Tarefas em segundo plano (django-tasks): a importação grande roda fora da requisição.

No ambiente normal, a fila fica no banco (django-tasks-db) e o processo `python manage.py db_worker`
executa as tarefas; nos testes, o backend imediato as executa na hora. Veja o README.
"""

from django_tasks import task

from concursos.importacao import executar_importacao
from concursos.models import Importacao


@task()
def processar_importacao(importacao_id: int) -> str:
    """Valida (simulação) ou grava o arquivo de uma importação; o andamento fica no registro da Importacao."""
    importacao = Importacao.objects.select_related("certame", "criada_por").get(pk=importacao_id)
    return executar_importacao(importacao).estado

from django_tasks_db.apps import TasksAppConfig


class FilaDeTarefasConfig(TasksAppConfig):
    """O app da fila (django-tasks-db) com o nome em português no admin."""

    verbose_name = "Fila de tarefas (importações em segundo plano)"

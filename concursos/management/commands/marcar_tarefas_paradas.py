"""python manage.py marcar_tarefas_paradas: dá como falhas as importações e exportações cujo processo morreu.

Para rodar periodicamente (cron, timer do systemd), ao lado do `db_worker`: sem ele, a tarefa parada só é
percebida quando alguém abre a página dela. Veja concursos/recuperacao.py.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand

from concursos.recuperacao import marcar_paradas
from nucleo.texto import plural


class Command(BaseCommand):
    help = ("Dá como falhas as importações e exportações em andamento sem sinal há mais de "
            "TAREFAS_SEM_SINAL_MINUTOS (o processo da fila morreu); elas podem ser refeitas no admin.")

    def handle(self, *args, **options):
        importacoes, exportacoes = marcar_paradas()
        self.stdout.write(f"Sem sinal há mais de {settings.TAREFAS_SEM_SINAL_MINUTOS} minutos: "
                          f"{plural(importacoes, 'importação', 'importações')} e "
                          f"{plural(exportacoes, 'exportação', 'exportações')} dadas como falhas.")

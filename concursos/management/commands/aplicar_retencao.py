"""Aplica agora a guarda dos dados (concursos/retencao.py) e mostra o que fez; com --agendar, só põe na fila a rodada
diária (às 3h), que depois se reagenda sozinha."""

from django.core.management.base import BaseCommand, CommandError

from concursos.retencao import aplicar_retencao
from concursos.tarefas import agendar_retencao


class Command(BaseCommand):
    help = ("Apaga os arquivos da banca já usados e anonimiza os candidatos dos certames com a guarda vencida e os "
            "cadastros sem inscrição com a guarda vencida.")

    def add_arguments(self, parser):
        parser.add_argument("--agendar", action="store_true",
                            help="Só agenda a rodada diária na fila de tarefas (o processo db_worker a executa).")

    def handle(self, *args, agendar: bool = False, **options):
        if agendar:
            if not agendar_retencao():
                raise CommandError("A fila de tarefas configurada não agenda para depois (TASKS_BACKEND).")
            self.stdout.write("Rodada diária da guarda dos dados agendada para as 3h.")
            return
        self.stdout.write(str(aplicar_retencao()))

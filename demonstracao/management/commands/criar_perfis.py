"""Cria ou atualiza os grupos de acesso com que um órgão começa (demonstracao/perfis.py)."""

from django.core.management.base import BaseCommand
from django.db import transaction

from demonstracao.perfis import garantir_perfis


class Command(BaseCommand):
    help = ("Cria ou atualiza os grupos «Recursos humanos», «Cadastro de leis» e «Órgão de controle», cada um "
            "com só as permissões do seu trabalho. Idempotente.")

    def handle(self, *args, **options):
        with transaction.atomic():
            contagem = garantir_perfis()
        for nome, total in contagem.items():
            self.stdout.write(f"Grupo «{nome}»: {total} permissões.")

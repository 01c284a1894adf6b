"""Prepara a demonstração local de `make run`: as leis de origem e um superusuário de demonstração.

Idempotente: pode rodar a cada `make run`. É o único lugar a estender quando houver dados de
demonstração novos (p. ex. um certame de exemplo, quando existirem certames).
"""

from __future__ import annotations

from decimal import Decimal
from importlib import import_module

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from legislacao.models import GrupoReserva, Lei

USUARIO = "demo"
SENHA = "demo12345"
SERVIDOR = "http://127.0.0.1:8000"
LEI_EXEMPLO = "vargem-alta-es-2023"

# As leis de origem são carregadas pela migração 0002; daqui elas só são repostas se alguém as apagou.
_cinco_leis = import_module("legislacao.migrations.0002_cinco_leis")


class Command(BaseCommand):
    help = ("Prepara a demonstração local: confere as cinco leis de origem e cria (ou redefine a senha de) "
            f"um superusuário «{USUARIO}». Só para uso local.")

    def handle(self, *args, **options):
        self._exigir_migracoes()
        with transaction.atomic():
            repostas = self._garantir_leis()
            criado = self._garantir_superusuario()
        self._relatar(repostas, criado)

    def _exigir_migracoes(self) -> None:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError("Há migrações pendentes: rode antes «python manage.py migrate».")

    def _garantir_leis(self) -> list[str]:
        """Repõe, com os mesmos dados da migração, as leis de origem que não estiverem no banco."""
        existentes = set(Lei.objects.values_list("slug", flat=True))
        repostas = []
        for dados in _cinco_leis.LEIS:
            if dados["slug"] in existentes:
                continue
            dados = dict(dados)
            grupos = dados.pop("grupos")
            texto = (_cinco_leis.TEXTOS / f"{dados['slug']}.txt").read_text(encoding="utf-8")
            lei = Lei.objects.create(esfera="municipal", texto=texto, **dados)
            GrupoReserva.objects.bulk_create(
                GrupoReserva(lei=lei, ordem=ordem, **dict(grupo, percentual=Decimal(grupo["percentual"])))
                for ordem, grupo in enumerate(grupos, 1)
            )
            repostas.append(lei.slug)
        return repostas

    def _garantir_superusuario(self) -> bool:
        Usuario = get_user_model()
        usuario, criado = Usuario.objects.get_or_create(**{Usuario.USERNAME_FIELD: USUARIO})
        usuario.is_staff = usuario.is_superuser = usuario.is_active = True
        usuario.set_password(SENHA)
        usuario.save()
        return criado

    def _relatar(self, repostas: list[str], criado: bool) -> None:
        escrever, estilo = self.stdout.write, self.style
        total = Lei.objects.vigentes_versoes().count()
        if repostas:
            escrever(estilo.WARNING(f"Leis de origem repostas: {', '.join(repostas)}."))
        escrever(estilo.SUCCESS(f"{total} lei(s) cadastrada(s), entre elas as cinco de origem."))
        escrever("")
        escrever(estilo.WARNING(
            "ATENÇÃO: usuário e senha abaixo são SÓ PARA DEMONSTRAÇÃO LOCAL. Nunca use esta conta nem este "
            "comando num servidor acessível por outras pessoas."))
        escrever(f"  Superusuário {'criado' if criado else 'existente, senha redefinida'}:")
        escrever(f"    usuário: {USUARIO}")
        escrever(f"    senha:   {SENHA}")
        escrever("")
        escrever(f"Abra {SERVIDOR}{reverse('admin:index')} e entre com esse usuário.")
        escrever(f"Simulador do quadro de vagas e da convocação: {SERVIDOR}{reverse('admin:legislacao_simulador')} "
                 "(ou o botão «Simulador do quadro de vagas» na lista de leis); pela linha de comando:")
        escrever(f"    python manage.py simular_vagas --lei {LEI_EXEMPLO} --vagas 50 --vagas-pcd 3")
        escrever(f"    python manage.py simular_convocacao --lei {LEI_EXEMPLO} --vagas 50 --inscricoes ARQUIVO.csv")

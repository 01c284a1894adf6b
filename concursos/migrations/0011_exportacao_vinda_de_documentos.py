"""A exportação grande passa de documentos para concursos (issue 10: documentos não conhece quem o chama).

Como o órgão, que foi de concursos para o núcleo (0006 e nucleo/0001–0002): aqui o modelo nasce no estado de
concursos ainda sobre a tabela antiga, e logo a tabela ganha o nome do app (ALTER TABLE documentos_exportacao RENAME
TO concursos_exportacao, no PostgreSQL e no SQLite): as linhas, as chaves e os índices ficam como estão. O tipo de
conteúdo (e com ele as permissões, p. ex. a de ver as exportações que os perfis dão) vai junto.
documentos/migrations/0007 tira o modelo do estado de documentos."""

import uuid

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import concursos.models


def mover_tipo_de_conteudo(apps, schema_editor):
    tipos = apps.get_model("contenttypes", "ContentType").objects
    if not tipos.filter(app_label="concursos", model="exportacao").exists():
        tipos.filter(app_label="documentos", model="exportacao").update(app_label="concursos")


def devolver_tipo_de_conteudo(apps, schema_editor):
    tipos = apps.get_model("contenttypes", "ContentType").objects
    if not tipos.filter(app_label="documentos", model="exportacao").exists():
        tipos.filter(app_label="concursos", model="exportacao").update(app_label="documentos")


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0010_historico_sem_autodeclaracao"),
        ("documentos", "0006_tipos_registrados_pelos_apps"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name="Exportacao",
                fields=[
                    ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                               verbose_name="ID")),
                    ("total_linhas", models.PositiveIntegerField(blank=True, null=True, verbose_name="linhas")),
                    # «linhas prontas» até aqui: o rótulo da base (nucleo.TarefaComProgresso); a coluna é a mesma.
                    ("linhas_processadas", models.PositiveIntegerField(default=0,
                                                                       verbose_name="linhas processadas")),
                    ("concluida_em", models.DateTimeField(blank=True, null=True, verbose_name="concluída em")),
                    ("ultimo_sinal", models.DateTimeField(blank=True, editable=False, null=True,
                                                          verbose_name="último sinal do processo")),
                    ("chave", models.UUIDField(default=uuid.uuid4, editable=False, unique=True,
                                               verbose_name="chave")),
                    ("criada_em", models.DateTimeField(default=django.utils.timezone.now, verbose_name="pedida em")),
                    ("modelo", models.CharField(help_text="app_label.model_name da lista exportada.", max_length=100,
                                                verbose_name="modelo")),
                    ("recurso", models.CharField(help_text="Classe do django-import-export usada.", max_length=100,
                                                 verbose_name="recurso")),
                    ("descricao", models.CharField(max_length=300, verbose_name="descrição")),
                    ("formato", models.CharField(max_length=20, verbose_name="formato")),
                    ("campos", models.JSONField(blank=True, default=list, verbose_name="campos")),
                    ("filtros", models.TextField(blank=True, verbose_name="filtros da lista")),
                    ("estado", models.CharField(choices=[("na_fila", "Na fila"), ("gerando", "Preparando o arquivo"),
                                                         ("pronta", "Pronta para baixar"), ("falhou", "Falhou")],
                                                default="na_fila", max_length=10, verbose_name="estado")),
                    ("arquivo", models.FileField(blank=True, upload_to=concursos.models._caminho_exportacao,
                                                 verbose_name="arquivo")),
                    ("nome_arquivo", models.CharField(blank=True, max_length=200, verbose_name="nome para download")),
                    ("erro", models.TextField(blank=True, verbose_name="erro")),
                    ("criada_por", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                                     to=settings.AUTH_USER_MODEL, verbose_name="pedida por")),
                ],
                options={
                    "verbose_name": "exportação", "verbose_name_plural": "exportações", "ordering": ["-criada_em"],
                    "indexes": [models.Index(fields=["criada_por", "-criada_em"], name="exportacao_usuario_idx")],
                    "db_table": "documentos_exportacao",
                },
            ),
        ]),
        migrations.AlterModelTable(name="exportacao", table=None),
        migrations.RunPython(mover_tipo_de_conteudo, devolver_tipo_de_conteudo),
    ]

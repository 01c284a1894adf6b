# Índices das listas do admin com um milhão de inscrições (issue 3, item 7).

from django.db import migrations, models

# Busca por nome «contém cada palavra» (UPPER(nome) LIKE '%MARIA%'): sem índice, lê um milhão de candidatos
# (~900 ms); com trigramas (pg_trgm), dezenas de ms. Só no PostgreSQL; no SQLite a busca continua sem índice.
# O nome social só existe para poucos: índice parcial, que quase não pesa na importação.
TRIGRAMAS = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS candidato_nome_trgm_idx ON concursos_candidato "
    "USING gin (upper(nome::text) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS candidato_nome_social_trgm_idx ON concursos_candidato "
    "USING gin (upper(nome_social::text) gin_trgm_ops) WHERE nome_social <> ''",
]
DESFAZER = [
    "DROP INDEX IF EXISTS candidato_nome_social_trgm_idx",
    "DROP INDEX IF EXISTS candidato_nome_trgm_idx",
]


def criar_trigramas(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in TRIGRAMAS:
            schema_editor.execute(sql)


def apagar_trigramas(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for sql in DESFAZER:
            schema_editor.execute(sql)


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0002_importacao'),
    ]

    operations = [
        # A ordem da lista de inscrições do admin (certame, cargo, classificação, número): a primeira página
        # sai do índice, sem ordenar um milhão de linhas.
        migrations.AddIndex(
            model_name='inscricao',
            index=models.Index(fields=['certame', 'cargo', 'classificacao', 'numero'], name='inscricao_ordem_admin_idx'),
        ),
        migrations.RunPython(criar_trigramas, apagar_trigramas, elidable=False),
    ]

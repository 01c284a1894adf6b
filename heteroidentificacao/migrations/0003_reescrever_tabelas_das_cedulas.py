"""Reescreve, no PostgreSQL, as tabelas das cédulas e das participações (VACUUM FULL).

A migração 0002 apagou as cédulas que estavam em claro e a coluna do voto; o PostgreSQL, porém, guarda as linhas
apagadas como tuplas mortas e não reescreve a tabela ao remover uma coluna: o valor continuaria legível nas páginas
(`pageinspect`). Reescritas, as tabelas deixam de tê-lo. O que já foi para o WAL e para os backups anteriores à
atualização não se apaga daqui: descarte-os (docs/decisoes/0003-sigilo-do-voto.md).

VACUUM não roda dentro de uma transação: por isso esta migração não é atômica, e não faz mais nada.
"""

from django.db import migrations

TABELAS = ("heteroidentificacao_cedula", "heteroidentificacao_participacao")


def reescrever(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        for tabela in TABELAS:
            cursor.execute(f'VACUUM FULL "{tabela}"')


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("heteroidentificacao", "0002_cedula_cifrada_incidentes_e_prazos"),
    ]

    operations = [migrations.RunPython(reescrever, migrations.RunPython.noop)]

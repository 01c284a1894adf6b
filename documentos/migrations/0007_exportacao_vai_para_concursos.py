"""A exportação agora é de concursos (concursos/migrations/0011, que já renomeou a tabela): aqui só o estado."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("documentos", "0006_tipos_registrados_pelos_apps"),
        ("concursos", "0011_exportacao_vinda_de_documentos"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="Exportacao")]),
    ]

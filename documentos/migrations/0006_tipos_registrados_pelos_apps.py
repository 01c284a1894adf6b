"""Os tipos de documento passam a ser os que os apps registram (documentos/tipos.py): só o estado muda.

Os códigos guardados são os mesmos de antes, e o choices de um CharField não vai para o banco: nenhuma tabela muda
(nem no SQLite, que refaria a tabela para uma mudança de coluna)."""

from django.db import migrations, models

import documentos.tipos


class Migration(migrations.Migration):
    dependencies = [("documentos", "0005_exportacao_ultimo_sinal")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name="documentoemitido", name="tipo",
                field=models.CharField(choices=documentos.tipos.tipos_de_documento, max_length=32,
                                       verbose_name="tipo")),
        ]),
    ]

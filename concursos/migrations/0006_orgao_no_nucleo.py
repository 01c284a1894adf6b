"""O órgão agora é do núcleo (decisão 0005): as chaves do certame apontam para lá; nenhuma tabela muda aqui."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0005_palavras_da_nao_confirmacao"),
        ("nucleo", "0001_orgao_vindo_de_concursos"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name="certame", name="orgao",
                field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="certames",
                                        to="nucleo.orgao", verbose_name="órgão ou entidade")),
            migrations.AlterField(
                model_name="historicalcertame", name="orgao",
                field=models.ForeignKey(blank=True, db_constraint=False, null=True,
                                        on_delete=django.db.models.deletion.DO_NOTHING, related_name="+",
                                        to="nucleo.orgao", verbose_name="órgão ou entidade")),
            migrations.DeleteModel(name="Orgao"),
        ]),
    ]

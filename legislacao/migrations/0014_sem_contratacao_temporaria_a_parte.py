"""Tira o campo «contratação temporária», já juntado a «processos seletivos (contratação temporária)» pela migração
0013: os dois diziam o mesmo tipo de certame.

À parte da 0013 porque, no PostgreSQL, alterar a tabela do histórico na mesma transação em que ela recebeu linhas
falha: «pending trigger events» (como a 0005).
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0013_afonso_claudio_abrangencia_e_nao_confirmacao"),
    ]

    operations = [
        migrations.RemoveField(model_name="lei", name="aplica_temporario"),
        migrations.RemoveField(model_name="historicallei", name="aplica_temporario"),
    ]

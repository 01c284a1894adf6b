"""O histórico das inscrições sem a opção pela reserva, o documento indígena, a data da autodeclaração e o estado da
heteroidentificação (LGPD art. 11)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0009_candidato_por_orgao'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='historicalinscricao',
            name='autodeclaracao_em',
        ),
        migrations.RemoveField(
            model_name='historicalinscricao',
            name='documento_indigena',
        ),
        migrations.RemoveField(
            model_name='historicalinscricao',
            name='heteroidentificacao',
        ),
        migrations.RemoveField(
            model_name='historicalinscricao',
            name='reserva',
        ),
    ]

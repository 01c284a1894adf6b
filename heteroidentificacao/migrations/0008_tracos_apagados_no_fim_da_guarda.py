"""As avaliações individuais assinam o resumo dos traços (SHA-256), não os traços: no fim da guarda eles saem (LGPD
art. 16) e a assinatura continua a conferir (decisão 0017). As já registradas ganham o resumo dos traços que têm."""

import hashlib

from django.db import migrations, models


def resumir(apps, schema_editor):
    AvaliacaoIndividual = apps.get_model("heteroidentificacao", "AvaliacaoIndividual")
    for individual in AvaliacaoIndividual.objects.all():
        resumo = hashlib.sha256(",".join(sorted(individual.caracteristicas)).encode()).hexdigest()
        AvaliacaoIndividual.objects.filter(pk=individual.pk).update(resumo_caracteristicas=resumo)


class Migration(migrations.Migration):

    dependencies = [
        ("heteroidentificacao", "0007_regra_e_selo_da_deliberacao"),
    ]

    operations = [
        migrations.AddField(
            model_name="avaliacaoindividual",
            name="resumo_caracteristicas",
            field=models.CharField(default="", max_length=64, verbose_name="resumo dos traços (SHA-256)"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="avaliacaoindividual",
            name="caracteristicas_apagadas_em",
            field=models.DateTimeField(blank=True, null=True, verbose_name="traços apagados no fim da guarda em"),
        ),
        migrations.RunPython(resumir, migrations.RunPython.noop),
    ]

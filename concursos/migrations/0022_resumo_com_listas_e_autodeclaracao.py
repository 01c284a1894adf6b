"""Os certames já publicados recebem no resumo congelado da lei (`Certame.regras["lei"]`) os campos novos — o
dispositivo da autodeclaração e os nomes e artigos das listas —, lidos da versão da lei congelada com eles
(`Certame.lei`, imutável). Nada mais do resumo muda: as regras publicadas continuam as mesmas."""

from django.db import migrations

CAMPOS = ("artigo_autodeclaracao", "nome_lista_geral", "artigo_lista_geral", "nome_lista_ampla",
          "artigo_lista_ampla", "nome_lista_reserva", "artigo_lista_reserva")


def completar(apps, schema_editor):
    Certame = apps.get_model("concursos", "Certame")
    for certame in Certame.objects.filter(lei__isnull=False, regras__isnull=False).select_related("lei"):
        resumo = certame.regras.get("lei") or {}
        faltam = [campo for campo in CAMPOS if campo not in resumo]
        if not faltam:
            continue
        resumo.update({campo: getattr(certame.lei, campo) for campo in faltam})
        Certame.objects.filter(pk=certame.pk).update(regras={**certame.regras, "lei": resumo})


class Migration(migrations.Migration):

    dependencies = [
        ("concursos", "0021_natureza_do_cargo"),
        ("legislacao", "0009_listas_e_autodeclaracao_da_lei"),
    ]

    operations = [
        migrations.RunPython(completar, migrations.RunPython.noop),
    ]

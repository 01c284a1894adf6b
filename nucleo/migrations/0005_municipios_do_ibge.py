"""A lista dos 5.570 municípios do IBGE (nucleo/dados/municipios_ibge.csv; origem e data em nucleo/dados/README.md)."""

from django.db import migrations, models

from nucleo.municipios import carregar_municipios


def carregar(apps, schema_editor):
    carregar_municipios(apps.get_model("nucleo", "Municipio"))


def remover(apps, schema_editor):
    apps.get_model("nucleo", "Municipio").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("nucleo", "0004_acesso_ao_historico"),
    ]

    operations = [
        migrations.CreateModel(
            name="Municipio",
            fields=[
                ("codigo_ibge", models.PositiveIntegerField(primary_key=True, serialize=False,
                                                            verbose_name="código IBGE")),
                ("nome", models.CharField(max_length=60, verbose_name="nome")),
                ("uf", models.CharField(choices=[("AC", "Acre"), ("AL", "Alagoas"), ("AP", "Amapá"), ("AM", "Amazonas"), ("BA", "Bahia"), ("CE", "Ceará"), ("DF", "Distrito Federal"), ("ES", "Espírito Santo"), ("GO", "Goiás"), ("MA", "Maranhão"), ("MT", "Mato Grosso"), ("MS", "Mato Grosso do Sul"), ("MG", "Minas Gerais"), ("PA", "Pará"), ("PB", "Paraíba"), ("PR", "Paraná"), ("PE", "Pernambuco"), ("PI", "Piauí"), ("RJ", "Rio de Janeiro"), ("RN", "Rio Grande do Norte"), ("RS", "Rio Grande do Sul"), ("RO", "Rondônia"), ("RR", "Roraima"), ("SC", "Santa Catarina"), ("SP", "São Paulo"), ("SE", "Sergipe"), ("TO", "Tocantins")], max_length=2, verbose_name="UF")),
                ("nome_busca", models.CharField(db_index=True, editable=False, max_length=60,
                                                verbose_name="nome para a busca")),
            ],
            options={
                "verbose_name": "município (IBGE)",
                "verbose_name_plural": "municípios (IBGE)",
                "ordering": ["nome", "uf"],
            },
        ),
        migrations.RunPython(carregar, remover),
    ]

"""O município da lei passa do texto digitado ao código do IBGE; numa lei municipal, a UF é a do município.

Uma lei municipal cujo texto não casa com a lista para a migração com a lista do que corrigir; numa linha do
histórico, o texto que não casa fica anotado no motivo da alteração (nucleo/migracao_municipios.py;
docs/decisoes/0010-municipios-do-ibge.md).
"""

import django.db.models.deletion
from django.db import migrations, models
from localflavor.br.br_states import STATE_CHOICES

from nucleo.migracao_municipios import trocar_texto_por_codigo

AJUDA_UF = "Numa lei municipal, a do município (preenchida sozinha)."


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0005_sem_duvida_favorece"),
        ("nucleo", "0005_municipios_do_ibge"),
    ]

    operations = [
        *trocar_texto_por_codigo(
            "legislacao", "Lei", historico=True, remover_uf=False, descricao="Leis",
            descrever=lambda lei: f"lei {lei.slug} (versão {lei.versao}): «{lei.municipio}/{lei.uf}»",
            campo=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="leis",
                to="nucleo.municipio", verbose_name="município",
                help_text="Da lista do IBGE: a lei se aplica aos editais dos órgãos deste município, pelo código.")),
        *(migrations.AlterField(model_name=nome, name="uf", field=models.CharField(
            blank=True, choices=STATE_CHOICES, help_text=AJUDA_UF, max_length=2, verbose_name="UF"))
          for nome in ("lei", "historicallei")),
        migrations.AlterModelOptions(
            name="lei",
            options={"ordering": ["uf", "municipio__nome", "slug", "-versao"], "verbose_name": "lei",
                     "verbose_name_plural": "leis"},
        ),
    ]

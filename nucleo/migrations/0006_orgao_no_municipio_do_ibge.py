"""O município do órgão passa do texto digitado ao código do IBGE; a UF sai da tabela (vem do município).

Um órgão cujo texto não casa com a lista para a migração com a lista do que corrigir: nenhum fica sem município
nem ganha um por palpite (nucleo/migracao_municipios.py; docs/decisoes/0010-municipios-do-ibge.md).
"""

import django.db.models.deletion
from django.db import migrations, models

import nucleo.models
from nucleo.migracao_municipios import trocar_texto_por_codigo


class Migration(migrations.Migration):

    dependencies = [
        ("nucleo", "0005_municipios_do_ibge"),
    ]

    operations = [
        *trocar_texto_por_codigo(
            "nucleo", "Orgao", historico=False, remover_uf=True, descricao="Órgãos",
            descrever=lambda o: f"órgão {o.pk} ({o.nome}): «{o.municipio}/{o.uf}»",
            campo=models.ForeignKey(
                help_text="Da lista do IBGE. Decide a lei de reserva de vagas dos editais do órgão: a do município "
                          "do órgão que publica o edital.",
                on_delete=django.db.models.deletion.PROTECT, related_name="orgaos", to="nucleo.municipio",
                verbose_name="município")),
        migrations.AlterField(
            model_name="orgao",
            name="cnpj",
            field=models.CharField(blank=True, max_length=18, validators=[nucleo.models.validar_cnpj],
                                   verbose_name="CNPJ"),
        ),
        migrations.AlterModelOptions(
            name="orgao",
            options={"ordering": ["municipio__uf", "municipio__nome", "nome"],
                     "permissions": [("ver_todos_os_orgaos", "Vê e administra todos os órgãos da instalação")],
                     "verbose_name": "órgão ou entidade", "verbose_name_plural": "órgãos e entidades"},
        ),
    ]

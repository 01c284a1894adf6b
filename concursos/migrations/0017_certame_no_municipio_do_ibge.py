"""O município do certame passa do texto digitado ao código do IBGE, a UF sai da tabela (vem do município), e o
certame ganha o motivo de um município diferente do do órgão e a justificativa da publicação sem lei.

Um certame cujo texto não casa com a lista para a migração com a lista do que corrigir; numa linha do histórico, o
texto que não casa fica anotado no motivo da alteração. Um certame já em outro município que o do órgão não ganha
motivo inventado: o painel o aponta, e a publicação de um rascunho assim pede o motivo
(nucleo/migracao_municipios.py; docs/decisoes/0010-municipios-do-ibge.md).
"""

import django.db.models.deletion
from django.db import migrations, models

from nucleo.migracao_municipios import trocar_texto_por_codigo

AJUDA_MOTIVO = ("Só para um certame em município diferente do do órgão (p. ex. um consórcio intermunicipal): o "
                "motivo fica registrado, porque o município decide a lei aplicável.")
AJUDA_JUSTIFICATIVA = "Escrita por quem publicou o edital quando nenhuma lei de reserva de vagas se aplicava."


class Migration(migrations.Migration):

    dependencies = [
        ("concursos", "0016_atos_do_certame"),
        ("nucleo", "0006_orgao_no_municipio_do_ibge"),
    ]

    operations = [
        *trocar_texto_por_codigo(
            "concursos", "Certame", historico=True, remover_uf=True, descricao="Certames",
            descrever=lambda c: f"edital {c.numero_edital} (certame {c.pk}): «{c.municipio}/{c.uf}»",
            campo=models.ForeignKey(
                blank=True, on_delete=django.db.models.deletion.PROTECT, related_name="certames",
                to="nucleo.municipio", verbose_name="município",
                help_text="Em branco, o do órgão: a lei de reserva de vagas é a do município do órgão que publica o "
                          "edital.")),
        *(migrations.AddField(model_name=nome, name="motivo_municipio", field=models.TextField(
            blank=True, help_text=AJUDA_MOTIVO, verbose_name="por que outro município"))
          for nome in ("certame", "historicalcertame")),
        *(migrations.AddField(model_name=nome, name="justificativa_sem_lei", field=models.TextField(
            blank=True, editable=False, help_text=AJUDA_JUSTIFICATIVA, verbose_name="justificativa da publicação sem lei"))
          for nome in ("certame", "historicalcertame")),
    ]

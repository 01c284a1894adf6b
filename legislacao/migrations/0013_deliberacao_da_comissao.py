"""A forma de deliberação da comissão e a composição que a lei exige (decisão 0017).

As cinco leis municipais continuam a votar em cédulas (o padrão): Afonso Cláudio, em segredo, pelo art. 11, § 2º; as
demais não dizem como a comissão delibera. A Lei 15.142/2025 pede uma comissão com diversidade racial e de gênero
(art. 3º, II), e a IN Conjunta MGI/MIR/MPI nº 261/2025, que a regulamenta, 5 integrantes e 5 suplentes, cada um com a
sua avaliação registrada (os números dos artigos da IN não foram localizados: a regra cita a IN sem inventá-los). Os
editais da Lei 12.990/2014 seguiam a Portaria Normativa SGP/MP nº 4/2018, art. 6º: 5 membros e suplentes, com
diversidade de gênero e de cor; a deliberação, pela maioria, fica em cédulas, como antes.
"""

from django.db import migrations, models

IN_261 = "IN Conjunta MGI/MIR/MPI nº 261/2025"
PN_4 = "Portaria Normativa SGP/MP nº 4/2018, art. 6º"

DADOS = {
    "afonso-claudio-es-lei-2552-2023": {"artigo_forma_deliberacao": "art. 11, § 2º"},
    "federal-lei-15142-2025": {
        "forma_deliberacao": "individual", "artigo_forma_deliberacao": IN_261,
        "comissao_minimo_membros": 5, "artigo_comissao_membros": IN_261,
        "comissao_minimo_suplentes": 5, "artigo_comissao_suplentes": IN_261,
        "comissao_diversidade_genero": True, "comissao_diversidade_cor": True,
        "artigo_comissao_diversidade": f"art. 3º, II; {IN_261}",
        "artigo_comissao": f"art. 3º, II; {IN_261}",
    },
    "federal-lei-12990-2014": {
        "comissao_minimo_membros": 5, "artigo_comissao_membros": PN_4,
        "comissao_minimo_suplentes": 5, "artigo_comissao_suplentes": PN_4,
        "comissao_diversidade_genero": True, "comissao_diversidade_cor": True,
        "artigo_comissao_diversidade": f"{PN_4}, § 2º", "artigo_comissao": PN_4,
    },
}
PADRAO = {"forma_deliberacao": "votacao", "artigo_forma_deliberacao": "", "comissao_minimo_suplentes": None,
          "artigo_comissao_suplentes": "", "comissao_diversidade_genero": False, "comissao_diversidade_cor": False,
          "artigo_comissao_diversidade": ""}
# O que a migração muda e que já existia antes dela (para desfazê-la).
ANTES = {"federal-lei-15142-2025": {"comissao_minimo_membros": None, "artigo_comissao_membros": "",
                                    "artigo_comissao": ""},
         "federal-lei-12990-2014": {"comissao_minimo_membros": None, "artigo_comissao_membros": "",
                                    "artigo_comissao": ""}}


def preencher(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    for slug, dados in DADOS.items():
        Lei.objects.filter(slug=slug).update(**dados)


def desfazer(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    for slug in DADOS:
        Lei.objects.filter(slug=slug).update(**PADRAO, **ANTES.get(slug, {}))


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0012_documentos_aceitos'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='artigo_comissao_diversidade',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da diversidade da comissão'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_comissao_suplentes',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo do mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_forma_deliberacao',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da forma de deliberação'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_diversidade_cor',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de uma cor ou raça'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_diversidade_genero',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de um gênero'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_minimo_suplentes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='comissão: mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='forma_deliberacao',
            field=models.CharField(choices=[('votacao', 'Votação em cédulas (secreta, se a lei o exige)'), ('individual', 'Avaliação individual de cada membro, registrada e assinada')], db_default='votacao', default='votacao', help_text='Na avaliação individual, cada membro registra a sua avaliação motivada, e a ata a mostra com o nome: não cabe numa lei de votos secretos. A regra de decisão (maioria, unanimidade para indeferir, duas instâncias) é do edital.', max_length=12, verbose_name='forma de deliberação da comissão'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_comissao_diversidade',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da diversidade da comissão'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_comissao_suplentes',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo do mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_forma_deliberacao',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da forma de deliberação'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_diversidade_cor',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de uma cor ou raça'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_diversidade_genero',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de um gênero'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_minimo_suplentes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='comissão: mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='lei',
            name='forma_deliberacao',
            field=models.CharField(choices=[('votacao', 'Votação em cédulas (secreta, se a lei o exige)'), ('individual', 'Avaliação individual de cada membro, registrada e assinada')], db_default='votacao', default='votacao', help_text='Na avaliação individual, cada membro registra a sua avaliação motivada, e a ata a mostra com o nome: não cabe numa lei de votos secretos. A regra de decisão (maioria, unanimidade para indeferir, duas instâncias) é do edital.', max_length=12, verbose_name='forma de deliberação da comissão'),
        ),
        migrations.RunPython(preencher, desfazer),
    ]

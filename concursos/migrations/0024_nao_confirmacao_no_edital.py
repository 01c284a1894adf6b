"""O que o edital diz do candidato não confirmado na heteroidentificação, dentro do que a lei admite (issue 12, item 8;
decisão 0018).

Os certames já publicados congelaram o que a lei dizia (`regras["lei"]["nao_confirmacao"]`): a escolha do edital passa
a ser esse valor, e «a lei não dispõe» (o edital que nada disse) é a ampla concorrência, como as listas já faziam. Sem
o item do edital: o painel avisa onde a eliminação ficou sem ele, e a retificação o informa (ou muda a escolha, antes
da primeira decisão da comissão).
"""

from django.db import migrations, models
from django.utils import timezone

# O motivo no histórico cabe em 100 caracteres (django-simple-history).
MOTIVO = "Issue 12: o que acontece ao não confirmado passa ao edital; aqui, o congelado na publicação."


def da_publicacao(apps, schema_editor):
    Certame = apps.get_model("concursos", "Certame")
    HistoricalCertame = apps.get_model("concursos", "HistoricalCertame")
    campos = [f.attname for f in HistoricalCertame._meta.concrete_fields if not f.attname.startswith("history_")]
    for certame in Certame.objects.filter(regras__isnull=False, nao_confirmacao=""):
        congelada = (certame.regras.get("lei") or {}).get("nao_confirmacao")
        certame.nao_confirmacao = congelada if congelada in ("ampla", "eliminacao") else "ampla"
        certame.save(update_fields=["nao_confirmacao"])
        HistoricalCertame.objects.create(
            **{campo: getattr(certame, campo) for campo in campos}, history_date=timezone.now(), history_type="~",
            history_change_reason=MOTIVO)


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0023_documentos_apresentados'),
    ]

    operations = [
        migrations.AddField(
            model_name='certame',
            name='item_nao_confirmacao',
            field=models.CharField(blank=True, db_default='', help_text='P. ex. «item 7.12». Citado com o artigo da lei nas listas, nas atas e no quadro de vagas.', max_length=200, verbose_name='item do edital da não confirmação'),
        ),
        migrations.AddField(
            model_name='certame',
            name='nao_confirmacao',
            field=models.CharField(blank=True, db_default='', choices=[('ampla', 'Permanece só na ampla concorrência'), ('eliminacao', 'Eliminação do certame')], help_text='O que o edital diz de quem a comissão de heteroidentificação não confirma, dentro do que a lei admite. Em branco: o que a lei manda; se ela deixa ao edital, o candidato fica na ampla concorrência (a eliminação só com o item do edital que a prevê). Publicado o edital, muda só por retificação, antes da primeira decisão da comissão.', max_length=20, verbose_name='o candidato não confirmado'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='item_nao_confirmacao',
            field=models.CharField(blank=True, db_default='', help_text='P. ex. «item 7.12». Citado com o artigo da lei nas listas, nas atas e no quadro de vagas.', max_length=200, verbose_name='item do edital da não confirmação'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='nao_confirmacao',
            field=models.CharField(blank=True, db_default='', choices=[('ampla', 'Permanece só na ampla concorrência'), ('eliminacao', 'Eliminação do certame')], help_text='O que o edital diz de quem a comissão de heteroidentificação não confirma, dentro do que a lei admite. Em branco: o que a lei manda; se ela deixa ao edital, o candidato fica na ampla concorrência (a eliminação só com o item do edital que a prevê). Publicado o edital, muda só por retificação, antes da primeira decisão da comissão.', max_length=20, verbose_name='o candidato não confirmado'),
        ),
        migrations.RunPython(da_publicacao, migrations.RunPython.noop),
    ]

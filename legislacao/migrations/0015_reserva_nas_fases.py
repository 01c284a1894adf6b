"""A reserva em todas as fases do certame, também nas que têm nota de corte, passa a ser um dado de cada lei: o artigo
que o diz (issue 12, item 4). Ibatiba art. 3º e Lei 15.142/2025, art. 6º, lidos do texto em legislacao/dados/leis/; as
outras leis não falam das fases e ficam em branco (o corte aplica a reserva como o edital disser; decisão 0022). Todas
as versões de cada lei o recebem, também as congeladas: o texto da lei é o mesmo, e só o cadastro ganhou o campo. Na
Lei 15.142/2025, as observações deixam de dizer que o art. 6º não é aplicado pelo sistema."""

from django.db import migrations, models
from django.utils import timezone

ARTIGO_FASES = {"ibatiba-es-2024": "art. 3º", "federal-lei-15142-2025": "art. 6º"}
NAO_APLICADO = " — ainda não aplicado pelo sistema"
MOTIVO = "A reserva em todas as fases do certame, lida do texto da lei (campo novo)."


def preencher(apps, schema_editor):
    """Só o campo ainda em branco: uma lei editada antes desta migração fica como está."""
    Lei = apps.get_model("legislacao", "Lei")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    campos = [f.attname for f in HistoricalLei._meta.concrete_fields if not f.attname.startswith("history_")]
    for slug, artigo in ARTIGO_FASES.items():
        for lei in Lei.objects.filter(slug=slug, artigo_fases=""):
            lei.artigo_fases = artigo
            lei.observacoes = lei.observacoes.replace(NAO_APLICADO, "")
            lei.save(update_fields=["artigo_fases", "observacoes"])
            HistoricalLei.objects.create(**{campo: getattr(lei, campo) for campo in campos},
                                         history_date=timezone.now(), history_type="~",
                                         history_change_reason=MOTIVO)


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0014_sem_contratacao_temporaria_a_parte'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='artigo_fases',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: a reserva se aplica em todas as fases, também nas com nota de corte'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_fases',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: a reserva se aplica em todas as fases, também nas com nota de corte'),
        ),
        migrations.RunPython(preencher, migrations.RunPython.noop),
    ]

"""Dois dispositivos que as telas citavam de uma lei fixa passam a ser dados de cada lei: o que trava a
autodeclaração depois da inscrição e os nomes e artigos das listas de classificação (issue 12, itens 6 e 7).
As cinco leis de origem recebem os seus, lidos do texto em legislacao/dados/leis/; Ibatiba não tem dispositivo
sobre a autodeclaração, e a frase sai sem citação. Todas as versões de cada lei os recebem, também as congeladas:
o texto da lei é o mesmo, e só o cadastro ganhou o campo."""

from django.db import migrations, models
from django.utils import timezone

DADOS = {
    "vargem-alta-es-2023": {
        "artigo_autodeclaracao": "art. 3º",
        "artigo_lista_ampla": "art. 4º, caput",
    },
    "iuna-es": {
        "artigo_autodeclaracao": "art. 2º, I e II",
        "artigo_lista_ampla": "art. 5º, caput",
        "nome_lista_reserva": "Lista de reserva de vagas", "artigo_lista_reserva": "art. 2º, § 1º",
    },
    "ibatiba-es-2024": {
        "artigo_lista_ampla": "art. 4º, caput",
    },
    "ubatuba-sp-lei-3765-2014": {
        "artigo_autodeclaracao": "art. 3º",
        "nome_lista_ampla": "Lista da ampla concorrência", "artigo_lista_ampla": "art. 4º e art. 7º, § 3º",
    },
    "afonso-claudio-es-lei-2552-2023": {
        "artigo_autodeclaracao": "art. 2º",
        "nome_lista_geral": "Lista geral do concurso", "artigo_lista_geral": "art. 3º, caput",
        "artigo_lista_ampla": "art. 1º, § 3º, e art. 3º, caput",
        "nome_lista_reserva": "Lista específica de cotistas", "artigo_lista_reserva": "art. 3º, caput e § 1º",
    },
}
MOTIVO = "Dispositivos da autodeclaração e das listas de classificação, lidos do texto da lei (campos novos)."


def preencher(apps, schema_editor):
    """Só os campos ainda em branco: uma lei cadastrada ou editada antes desta migração fica como está."""
    Lei = apps.get_model("legislacao", "Lei")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    campos = [f.attname for f in HistoricalLei._meta.concrete_fields if not f.attname.startswith("history_")]
    for slug, dados in DADOS.items():
        for lei in Lei.objects.filter(slug=slug):
            mudou = [campo for campo, valor in dados.items() if not getattr(lei, campo)]
            if not mudou:
                continue
            for campo in mudou:
                setattr(lei, campo, dados[campo])
            lei.save(update_fields=mudou)
            HistoricalLei.objects.create(**{campo: getattr(lei, campo) for campo in campos},
                                         history_date=timezone.now(), history_type="~",
                                         history_change_reason=MOTIVO)


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0008_regras_de_ubatuba'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='artigo_autodeclaracao',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: a autodeclaração é feita na inscrição e não muda depois'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_lista_ampla',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: os cotistas concorrem também às vagas de ampla concorrência'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_lista_geral',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da lista geral'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_lista_reserva',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo das listas de reserva (em branco: o de quem pode concorrer, do grupo)'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='nome_lista_ampla',
            field=models.CharField(blank=True, help_text='Como a lei a chama; em branco, «Ampla concorrência». Os cotistas e as pessoas com deficiência estão nela.', max_length=120, verbose_name='nome da lista de ampla concorrência'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='nome_lista_geral',
            field=models.CharField(blank=True, help_text='Como a lei a chama; em branco, «Lista geral».', max_length=120, verbose_name='nome da lista geral'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='nome_lista_reserva',
            field=models.CharField(blank=True, help_text='Como a lei chama a lista de cada grupo, antes do nome do grupo (p. ex. «Lista específica de cotistas»); em branco, só o nome do grupo.', max_length=120, verbose_name='nome das listas de reserva'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_autodeclaracao',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: a autodeclaração é feita na inscrição e não muda depois'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_lista_ampla',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo: os cotistas concorrem também às vagas de ampla concorrência'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_lista_geral',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da lista geral'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_lista_reserva',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo das listas de reserva (em branco: o de quem pode concorrer, do grupo)'),
        ),
        migrations.AddField(
            model_name='lei',
            name='nome_lista_ampla',
            field=models.CharField(blank=True, help_text='Como a lei a chama; em branco, «Ampla concorrência». Os cotistas e as pessoas com deficiência estão nela.', max_length=120, verbose_name='nome da lista de ampla concorrência'),
        ),
        migrations.AddField(
            model_name='lei',
            name='nome_lista_geral',
            field=models.CharField(blank=True, help_text='Como a lei a chama; em branco, «Lista geral».', max_length=120, verbose_name='nome da lista geral'),
        ),
        migrations.AddField(
            model_name='lei',
            name='nome_lista_reserva',
            field=models.CharField(blank=True, help_text='Como a lei chama a lista de cada grupo, antes do nome do grupo (p. ex. «Lista específica de cotistas»); em branco, só o nome do grupo.', max_length=120, verbose_name='nome das listas de reserva'),
        ),
        migrations.AlterField(
            model_name='gruporeserva',
            name='documentos',
            field=models.TextField(blank=True, help_text='P. ex. a declaração de pertencimento étnico dos indígenas.', verbose_name='documentos exigidos'),
        ),
        migrations.AlterField(
            model_name='historicalgruporeserva',
            name='documentos',
            field=models.TextField(blank=True, help_text='P. ex. a declaração de pertencimento étnico dos indígenas.', verbose_name='documentos exigidos'),
        ),
        migrations.AlterField(
            model_name='historicallei',
            name='sem_maioria',
            field=models.CharField(choices=[('parecer_duvida', 'A comissão decide em parecer motivado: havendo dúvida razoável, prevalece a autodeclaração; senão, não se confirma'), ('nao_confirma', 'Não confirmada: só a maioria confirma a autodeclaração')], default='nao_confirma', help_text='A contagem nunca decide sozinha pela dúvida razoável: ela é uma conclusão da comissão, motivada no parecer.', max_length=20, verbose_name='se nenhum lado alcança a maioria'),
        ),
        migrations.AlterField(
            model_name='lei',
            name='sem_maioria',
            field=models.CharField(choices=[('parecer_duvida', 'A comissão decide em parecer motivado: havendo dúvida razoável, prevalece a autodeclaração; senão, não se confirma'), ('nao_confirma', 'Não confirmada: só a maioria confirma a autodeclaração')], default='nao_confirma', help_text='A contagem nunca decide sozinha pela dúvida razoável: ela é uma conclusão da comissão, motivada no parecer.', max_length=20, verbose_name='se nenhum lado alcança a maioria'),
        ),
        migrations.AlterField(
            model_name='historicallei',
            name='slug',
            field=models.SlugField(help_text='Nome curto e estável, usado nos comandos: o município, a UF e o ano, em minúsculas e com hífens.', max_length=100, verbose_name='identificador'),
        ),
        migrations.AlterField(
            model_name='lei',
            name='slug',
            field=models.SlugField(help_text='Nome curto e estável, usado nos comandos: o município, a UF e o ano, em minúsculas e com hífens.', max_length=100, verbose_name='identificador'),
        ),
        migrations.RunPython(preencher, migrations.RunPython.noop),
    ]

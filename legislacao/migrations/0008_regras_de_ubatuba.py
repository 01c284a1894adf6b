"""As regras de Ubatuba que passam de observação a regra (issue 12, item 5; decisão 0016): a equidade de gênero nas
vagas reservadas (art. 1º, parágrafo único, II; art. 2º, § 4º), as vagas PcD primeiro nos empregos públicos (art. 7º,
caput) e a escolha do local de exercício pela lista de ampla (art. 7º, § 3º). Uma versão congelada ganha uma versão
nova, como na 0007."""

from importlib import import_module

from django.db import migrations, models

_0007 = import_module("legislacao.migrations.0007_ordem_de_nomeacao_e_desempate")

UBATUBA = "ubatuba-sp-lei-3765-2014"
REGRAS = {
    "equidade_genero": True, "artigo_equidade_genero": "art. 1º, parágrafo único, II, e art. 2º, § 4º",
    "pcd_primeiro_nos_empregos": True, "artigo_pcd_primeiro_nos_empregos": "art. 7º, caput",
    "escolha_local_pela_ampla": True, "artigo_escolha_local": "art. 7º, § 3º",
    "observacoes": "A opção pela reserva é facultativa (art. 3º, § 1º). Vale também para os cargos em comissão e os "
                   "estágios (art. 1º, parágrafo único, I, e art. 8º). Comissão de monitoramento com relatório anual "
                   "em abril (art. 9º) e relatório conclusivo a cada dois anos (art. 13).",
}


def dados_atuais(dados: dict) -> dict:
    """Os dados de uma lei de origem com os campos desta migração, para quem os repõe (`carregar_demo`)."""
    return _0007.dados_atuais(dados) | (REGRAS if dados["slug"] == UBATUBA else {})


def aplicar(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    atual = Lei.objects.filter(slug=UBATUBA, versao_posterior__isnull=True).first()
    if atual is None:
        return
    if atual.congelada:
        atual = _0007._nova_versao(Lei, apps.get_model("legislacao", "GrupoReserva"), atual)
    for campo, valor in REGRAS.items():
        setattr(atual, campo, valor)
    atual.save()
    _0007._historico(apps.get_model("legislacao", "HistoricalLei"), atual,
                     "Issue 12: equidade de gênero, PcD primeiro nos empregos e escolha do local (decisão 0016).")


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0007_ordem_de_nomeacao_e_desempate'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='artigo_equidade_genero',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da equidade de gênero'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_escolha_local',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da escolha do local de exercício'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_pcd_primeiro_nos_empregos',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo das vagas PcD primeiro nos empregos'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='equidade_genero',
            field=models.BooleanField(default=False, help_text='As vagas reservadas de cada grupo se alternam entre mulheres e homens; sem candidatos de um gênero, revertem ao outro.', verbose_name='equidade de gênero nas vagas reservadas'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='escolha_local_pela_ampla',
            field=models.BooleanField(default=False, help_text='Quando o edital prevê a escolha do local de exercício, ela segue a ordem de classificação na lista de ampla concorrência.', verbose_name='escolha do local de exercício pela lista de ampla'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='pcd_primeiro_nos_empregos',
            field=models.BooleanField(default=False, help_text='Num cargo marcado como emprego público, as vagas PcD ocupam as primeiras posições da ordem de nomeação.', verbose_name='nos empregos públicos, as vagas PcD primeiro'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_equidade_genero',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da equidade de gênero'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_escolha_local',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da escolha do local de exercício'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_pcd_primeiro_nos_empregos',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo das vagas PcD primeiro nos empregos'),
        ),
        migrations.AddField(
            model_name='lei',
            name='equidade_genero',
            field=models.BooleanField(default=False, help_text='As vagas reservadas de cada grupo se alternam entre mulheres e homens; sem candidatos de um gênero, revertem ao outro.', verbose_name='equidade de gênero nas vagas reservadas'),
        ),
        migrations.AddField(
            model_name='lei',
            name='escolha_local_pela_ampla',
            field=models.BooleanField(default=False, help_text='Quando o edital prevê a escolha do local de exercício, ela segue a ordem de classificação na lista de ampla concorrência.', verbose_name='escolha do local de exercício pela lista de ampla'),
        ),
        migrations.AddField(
            model_name='lei',
            name='pcd_primeiro_nos_empregos',
            field=models.BooleanField(default=False, help_text='Num cargo marcado como emprego público, as vagas PcD ocupam as primeiras posições da ordem de nomeação.', verbose_name='nos empregos públicos, as vagas PcD primeiro'),
        ),
        migrations.RunPython(aplicar, migrations.RunPython.noop),
    ]

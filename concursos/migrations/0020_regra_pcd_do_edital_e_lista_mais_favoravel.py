"""A regra PcD do edital e o item do critério das posições (decisão 0014); a posição dada pela lista mais favorável
(decisão 0015). E as regras congeladas dos certames já publicados ganham as chaves das duas regras que substituem a
antiga `pcd_antes_da_reserva` com o mesmo valor, sem a proteção das posições fixadas na lei e sem a lista mais
favorável: o quadro e as chamadas deles continuam os que foram publicados (o painel avisa onde a correção mudaria uma
posição)."""

from decimal import Decimal

import django.core.validators
from django.db import migrations, models
from django.utils import timezone

import concursos.models

MOTIVO = "Issue 12: regras congeladas com as chaves novas, nos valores da publicação (decisão 0014)."


def converter(apps, schema_editor):
    Certame = apps.get_model("concursos", "Certame")
    HistoricalCertame = apps.get_model("concursos", "HistoricalCertame")
    campos = [f.attname for f in HistoricalCertame._meta.concrete_fields if not f.attname.startswith("history_")]
    for certame in Certame.objects.filter(regras__isnull=False):
        regras = certame.regras["motor"]
        if "pcd_antes_da_reserva" not in regras:
            continue
        antes = regras.pop("pcd_antes_da_reserva")
        regras["nomeacao_pcd_antes_da_reserva"] = regras["posicao_pcd_antes_da_reserva"] = antes
        regras["artigo_ordem_nomeacao"] = regras.pop("artigo_prioridade", "")
        regras.update(artigo_desempate="", posicoes_da_lei_protegidas=False, lista_mais_favoravel=False,
                      artigo_lista_mais_favoravel="")
        certame.save(update_fields=["regras"])
        HistoricalCertame.objects.create(
            **{campo: getattr(certame, campo) for campo in campos}, history_date=timezone.now(), history_type="~",
            history_change_reason=MOTIVO)


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0007_ordem_de_nomeacao_e_desempate"),
        ('concursos', '0019_causas_de_vacancia_e_provimento'),
    ]

    operations = [
        migrations.AddField(
            model_name='certame',
            name='item_criterio',
            field=models.CharField(blank=True, help_text='O item que adota o critério das posições que a lei deixa em aberto (uma vaga reservada que o padrão da lei não alcança no cargo, ou duas vagas na mesma posição): o quadro de vagas o cita.', max_length=200, verbose_name='item do edital do critério das posições'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_arredondamento',
            field=models.CharField(choices=[('meio_para_cima', '0,5 ou mais sobe; menos desce'), ('teto', 'Qualquer fração sobe (teto)'), ('piso', 'Qualquer fração desce (piso)')], default='teto', help_text='P. ex. no Decreto 9.508/2018 a fração sobe para o inteiro seguinte.', max_length=20, verbose_name='fração de vaga PcD'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_base',
            field=models.CharField(blank=True, help_text='O item do edital e a norma que o fundamenta, citados no quadro de vagas (p. ex. «item 4.1 do edital»).', max_length=200, verbose_name='item do edital das vagas PcD'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_intervalo',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Com posições informadas: depois da última, uma vaga PcD a cada tantas nomeações (p. ex. 20).', null=True, validators=[django.core.validators.MinValueValidator(1)], verbose_name='depois da última, uma a cada'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_minimo_vagas',
            field=models.PositiveSmallIntegerField(default=1, help_text='Número de vagas do cargo a partir do qual o percentual PcD se aplica.', validators=[django.core.validators.MinValueValidator(1)], verbose_name='vagas PcD a partir de'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_percentual',
            field=models.DecimalField(blank=True, decimal_places=2, help_text='O do edital (p. ex. 5%, como no Decreto 9.508/2018): as vagas PcD de cada cargo saem dele. Em branco, informe o número em cada cargo.', max_digits=5, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0.01')), django.core.validators.MaxValueValidator(Decimal('100'))], verbose_name='percentual das vagas PcD'),
        ),
        migrations.AddField(
            model_name='certame',
            name='pcd_posicoes',
            field=models.CharField(blank=True, help_text='As do edital, separadas por vírgula (p. ex. «5, 21, 41»). Em branco: pela contagem do percentual (ou, sem ele, na proporção das vagas PcD do cargo).', max_length=100, validators=[concursos.models.validar_posicoes], verbose_name='posições das vagas PcD'),
        ),
        migrations.AddField(
            model_name='convocacao',
            name='pela_lista',
            field=models.CharField(blank=True, help_text='O grupo cuja lista deu a posição ao cotista nomeado pela ampla, por lhe ser mais favorável.', max_length=12, verbose_name='posição dada pela lista'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='item_criterio',
            field=models.CharField(blank=True, help_text='O item que adota o critério das posições que a lei deixa em aberto (uma vaga reservada que o padrão da lei não alcança no cargo, ou duas vagas na mesma posição): o quadro de vagas o cita.', max_length=200, verbose_name='item do edital do critério das posições'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_arredondamento',
            field=models.CharField(choices=[('meio_para_cima', '0,5 ou mais sobe; menos desce'), ('teto', 'Qualquer fração sobe (teto)'), ('piso', 'Qualquer fração desce (piso)')], default='teto', help_text='P. ex. no Decreto 9.508/2018 a fração sobe para o inteiro seguinte.', max_length=20, verbose_name='fração de vaga PcD'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_base',
            field=models.CharField(blank=True, help_text='O item do edital e a norma que o fundamenta, citados no quadro de vagas (p. ex. «item 4.1 do edital»).', max_length=200, verbose_name='item do edital das vagas PcD'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_intervalo',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Com posições informadas: depois da última, uma vaga PcD a cada tantas nomeações (p. ex. 20).', null=True, validators=[django.core.validators.MinValueValidator(1)], verbose_name='depois da última, uma a cada'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_minimo_vagas',
            field=models.PositiveSmallIntegerField(default=1, help_text='Número de vagas do cargo a partir do qual o percentual PcD se aplica.', validators=[django.core.validators.MinValueValidator(1)], verbose_name='vagas PcD a partir de'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_percentual',
            field=models.DecimalField(blank=True, decimal_places=2, help_text='O do edital (p. ex. 5%, como no Decreto 9.508/2018): as vagas PcD de cada cargo saem dele. Em branco, informe o número em cada cargo.', max_digits=5, null=True, validators=[django.core.validators.MinValueValidator(Decimal('0.01')), django.core.validators.MaxValueValidator(Decimal('100'))], verbose_name='percentual das vagas PcD'),
        ),
        migrations.AddField(
            model_name='historicalcertame',
            name='pcd_posicoes',
            field=models.CharField(blank=True, help_text='As do edital, separadas por vírgula (p. ex. «5, 21, 41»). Em branco: pela contagem do percentual (ou, sem ele, na proporção das vagas PcD do cargo).', max_length=100, validators=[concursos.models.validar_posicoes], verbose_name='posições das vagas PcD'),
        ),
        migrations.AddField(
            model_name='historicalconvocacao',
            name='pela_lista',
            field=models.CharField(blank=True, help_text='O grupo cuja lista deu a posição ao cotista nomeado pela ampla, por lhe ser mais favorável.', max_length=12, verbose_name='posição dada pela lista'),
        ),
        migrations.RunPython(converter, migrations.RunPython.noop),
    ]

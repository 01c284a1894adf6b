"""Cédulas cifradas (AES-256-GCM), eleitores de cada votação, ocorrências da sessão, cotistas fora da
heteroidentificação, nova convocação por recurso contra a ausência e a publicação do resultado de cada candidato.

Os dados que já existiam: as votações eletrônicas abertas durante a atualização são anuladas (as cédulas, em claro,
destruídas sem leitura: cifrá-las no lugar deixaria o valor nas versões antigas das linhas), e a migração 0003 reescreve
as tabelas das cédulas no PostgreSQL; as sessões abertas ganham os participantes e os eleitores; as decisões publicadas
ganham a data da publicação; e as dúvidas que a apuração antiga escrevia sozinha, ainda sem parecer, voltam à comissão.
"""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.conf import settings
from django.db import migrations, models
from django.utils import timezone

CONCLUIDAS = ("concluida", "ausente")


def _anular_votacoes_eletronicas_abertas(apps) -> None:
    Avaliacao = apps.get_model("heteroidentificacao", "Avaliacao")
    Cedula = apps.get_model("heteroidentificacao", "Cedula")
    Participacao = apps.get_model("heteroidentificacao", "Participacao")
    Ocorrencia = apps.get_model("heteroidentificacao", "OcorrenciaSessao")
    agora = timezone.now()
    for avaliacao in Avaliacao.objects.filter(estado="votacao", forma_votacao="eletronica").select_related(
            "inscricao"):
        Cedula.objects.filter(avaliacao=avaliacao).delete()
        Participacao.objects.filter(avaliacao=avaliacao).delete()
        Ocorrencia.objects.create(
            sessao_id=avaliacao.sessao_id, avaliacao=avaliacao, tipo="anulacao", em=agora,
            descricao=f"Às {timezone.localtime(agora):%H:%M}, a votação da inscrição {avaliacao.inscricao.numero} foi "
                      "anulada antes da apuração, na atualização do sistema que passou a cifrar as cédulas. As "
                      "cédulas depositadas foram destruídas sem leitura.")
        Avaliacao.objects.filter(pk=avaliacao.pk).update(
            estado="aguardando" if avaliacao.recurso_id else "entrevista", forma_votacao="", votantes=None,
            maioria=None, membros_da_comissao=None)


def migrar_dados(apps, schema_editor):
    Sessao = apps.get_model("heteroidentificacao", "Sessao")
    Avaliacao = apps.get_model("heteroidentificacao", "Avaliacao")
    Comissao = apps.get_model("heteroidentificacao", "Comissao")
    _anular_votacoes_eletronicas_abertas(apps)
    for sessao in Sessao.objects.exclude(estado="agendada"):
        presentes = list(sessao.presentes.all())
        sessao.participantes.set(presentes)
        for avaliacao in Avaliacao.objects.filter(sessao=sessao, estado="votacao"):
            avaliacao.eleitores.set(presentes)
    # Só as decisões tomadas até a publicação saíram nela; as posteriores vão ao resultado complementar.
    for comissao in Comissao.objects.filter(resultado_provisorio_em__isnull=False):
        for avaliacao in Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True,
                                                  estado__in=CONCLUIDAS).select_related("sessao"):
            aberta_em = avaliacao.sessao.aberta_em
            if aberta_em is None or timezone.localdate(aberta_em) <= comissao.resultado_provisorio_em:
                Avaliacao.objects.filter(pk=avaliacao.pk).update(
                    resultado_publicado_em=comissao.resultado_provisorio_em)
    # A dúvida razoável é da comissão, no parecer (art. 6º, § 1º): a que a apuração antiga escrevia sozinha, ainda
    # sem parecer registrado, volta a esperar a conclusão da comissão.
    Avaliacao.objects.filter(estado="apurada", por_duvida=True).update(resultado="", por_duvida=False, parecer="")


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0005_palavras_da_nao_confirmacao'),
        ('heteroidentificacao', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Dispensa',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('motivo', models.TextField(verbose_name='motivo')),
                ('registrada_em', models.DateTimeField(auto_now_add=True, verbose_name='registrada em')),
            ],
            options={
                'verbose_name': 'cotista fora da heteroidentificação',
                'verbose_name_plural': 'cotistas fora da heteroidentificação',
                'ordering': ['comissao', 'inscricao__numero'],
            },
        ),
        migrations.CreateModel(
            name='HistoricalDispensa',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('motivo', models.TextField(verbose_name='motivo')),
                ('registrada_em', models.DateTimeField(blank=True, editable=False, verbose_name='registrada em')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
            ],
            options={
                'verbose_name': 'historical cotista fora da heteroidentificação',
                'verbose_name_plural': 'historical cotistas fora da heteroidentificação',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='OcorrenciaSessao',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='em')),
                ('tipo', models.CharField(choices=[('fora_da_data', 'Sessão aberta fora da data marcada'), ('saida', 'Saída de membro'), ('entrada', 'Entrada de membro'), ('anulacao', 'Votação anulada antes da apuração')], max_length=14, verbose_name='tipo')),
                ('descricao', models.TextField(verbose_name='descrição')),
            ],
            options={
                'verbose_name': 'ocorrência da sessão',
                'verbose_name_plural': 'ocorrências da sessão',
                'ordering': ['sessao', 'em', 'pk'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='avaliacao',
            name='avaliacao_primeira_unica',
        ),
        migrations.RemoveField(
            model_name='cedula',
            name='confirma',
        ),
        migrations.AddField(
            model_name='acessogravacao',
            name='julgamento',
            field=models.ForeignKey(blank=True, help_text='Preenchido quando o acesso é o exame da gravação pela comissão que julga o recurso: só esse faz a ata dizer que a comissão a examinou.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='exames_da_gravacao', to='heteroidentificacao.avaliacao', verbose_name='exame pela comissão no julgamento do recurso'),
        ),
        migrations.AddField(
            model_name='avaliacao',
            name='eleitores',
            field=models.ManyToManyField(blank=True, related_name='avaliacoes_como_eleitor', to='heteroidentificacao.membro', verbose_name='membros que votam'),
        ),
        migrations.AddField(
            model_name='avaliacao',
            name='iniciada_em',
            field=models.DateTimeField(blank=True, null=True, verbose_name='entrevista iniciada em'),
        ),
        migrations.AddField(
            model_name='avaliacao',
            name='nova_convocacao_por',
            field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='nova_avaliacao', to='heteroidentificacao.recurso', verbose_name='nova convocação determinada pelo recurso'),
        ),
        migrations.AddField(
            model_name='avaliacao',
            name='resultado_publicado_em',
            field=models.DateField(blank=True, null=True, verbose_name='resultado publicado em'),
        ),
        migrations.AddField(
            model_name='cedula',
            name='conteudo',
            field=models.BinaryField(default=b'', verbose_name='voto cifrado'),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name='comissao',
            name='tolerancia_ausencia_minutos',
            field=models.PositiveSmallIntegerField(default=15, help_text='Quanto o edital manda esperar depois do horário de cada candidato antes de registrar a ausência.', validators=[django.core.validators.MaxValueValidator(240)], verbose_name='tolerância para a ausência (minutos)'),
        ),
        migrations.AddField(
            model_name='historicalavaliacao',
            name='iniciada_em',
            field=models.DateTimeField(blank=True, null=True, verbose_name='entrevista iniciada em'),
        ),
        migrations.AddField(
            model_name='historicalavaliacao',
            name='nova_convocacao_por',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='heteroidentificacao.recurso', verbose_name='nova convocação determinada pelo recurso'),
        ),
        migrations.AddField(
            model_name='historicalavaliacao',
            name='resultado_publicado_em',
            field=models.DateField(blank=True, null=True, verbose_name='resultado publicado em'),
        ),
        migrations.AddField(
            model_name='historicalcomissao',
            name='tolerancia_ausencia_minutos',
            field=models.PositiveSmallIntegerField(default=15, help_text='Quanto o edital manda esperar depois do horário de cada candidato antes de registrar a ausência.', validators=[django.core.validators.MaxValueValidator(240)], verbose_name='tolerância para a ausência (minutos)'),
        ),
        migrations.AddField(
            model_name='sessao',
            name='participantes',
            field=models.ManyToManyField(blank=True, help_text='Todos os que estiveram presentes em algum momento: assinam a ata.', related_name='sessoes_participadas', to='heteroidentificacao.membro', verbose_name='membros que participaram'),
        ),
        migrations.AlterField(
            model_name='avaliacao',
            name='resultado',
            field=models.CharField(blank=True, choices=[('confirmado', 'Autodeclaração confirmada'), ('nao_confirmado', 'Autodeclaração não confirmada'), ('ausente', 'Ausente'), ('nova_convocacao', 'Nova convocação (ausência justificada)')], max_length=16, verbose_name='resultado'),
        ),
        migrations.AlterField(
            model_name='cedula',
            name='avaliacao',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='heteroidentificacao.avaliacao', verbose_name='avaliação'),
        ),
        migrations.AlterField(
            model_name='comissao',
            name='prazo_recurso_dias',
            field=models.PositiveSmallIntegerField(default=2, help_text='Contados da publicação do resultado de cada candidato (edital).', verbose_name='prazo de recurso (dias)'),
        ),
        migrations.AlterField(
            model_name='historicalavaliacao',
            name='resultado',
            field=models.CharField(blank=True, choices=[('confirmado', 'Autodeclaração confirmada'), ('nao_confirmado', 'Autodeclaração não confirmada'), ('ausente', 'Ausente'), ('nova_convocacao', 'Nova convocação (ausência justificada)')], max_length=16, verbose_name='resultado'),
        ),
        migrations.AlterField(
            model_name='historicalcomissao',
            name='prazo_recurso_dias',
            field=models.PositiveSmallIntegerField(default=2, help_text='Contados da publicação do resultado de cada candidato (edital).', verbose_name='prazo de recurso (dias)'),
        ),
        migrations.AlterField(
            model_name='historicalmembro',
            name='usuario',
            field=models.ForeignKey(blank=True, db_constraint=False, help_text='Uma conta criada para a comissão: sem acesso ao admin, sem superpoderes e sem grupo de acesso.', limit_choices_to=models.Q(('groups__isnull', True), ('is_staff', False), ('is_superuser', False)), null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='usuário (acesso à área da comissão)'),
        ),
        migrations.AlterField(
            model_name='membro',
            name='usuario',
            field=models.ForeignKey(blank=True, help_text='Uma conta criada para a comissão: sem acesso ao admin, sem superpoderes e sem grupo de acesso.', limit_choices_to=models.Q(('groups__isnull', True), ('is_staff', False), ('is_superuser', False)), null=True, on_delete=django.db.models.deletion.PROTECT, related_name='membros_comissao', to=settings.AUTH_USER_MODEL, verbose_name='usuário (acesso à área da comissão)'),
        ),
        migrations.AlterField(
            model_name='participacao',
            name='avaliacao',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='participacoes', to='heteroidentificacao.avaliacao', verbose_name='avaliação'),
        ),
        migrations.AlterField(
            model_name='participacao',
            name='membro',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='heteroidentificacao.membro', verbose_name='membro'),
        ),
        migrations.AlterField(
            model_name='sessao',
            name='presentes',
            field=models.ManyToManyField(blank=True, help_text='Quem está presente agora (entradas e saídas ficam nas ocorrências).', related_name='sessoes_presentes', to='heteroidentificacao.membro', verbose_name='membros presentes'),
        ),
        migrations.AddConstraint(
            model_name='avaliacao',
            constraint=models.UniqueConstraint(condition=models.Q(('nova_convocacao_por__isnull', True), ('recurso__isnull', True)), fields=('inscricao',), name='avaliacao_primeira_unica'),
        ),
        migrations.AddField(
            model_name='dispensa',
            name='comissao',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='dispensas', to='heteroidentificacao.comissao', verbose_name='comissão'),
        ),
        migrations.AddField(
            model_name='dispensa',
            name='inscricao',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='dispensas_heteroidentificacao', to='concursos.inscricao', verbose_name='inscrição'),
        ),
        migrations.AddField(
            model_name='dispensa',
            name='registrada_por',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='registrada por'),
        ),
        migrations.AddField(
            model_name='historicaldispensa',
            name='comissao',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='heteroidentificacao.comissao', verbose_name='comissão'),
        ),
        migrations.AddField(
            model_name='historicaldispensa',
            name='history_user',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='historicaldispensa',
            name='inscricao',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.inscricao', verbose_name='inscrição'),
        ),
        migrations.AddField(
            model_name='historicaldispensa',
            name='registrada_por',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='registrada por'),
        ),
        migrations.AddField(
            model_name='ocorrenciasessao',
            name='avaliacao',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='heteroidentificacao.avaliacao', verbose_name='avaliação'),
        ),
        migrations.AddField(
            model_name='ocorrenciasessao',
            name='membro',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='heteroidentificacao.membro', verbose_name='membro'),
        ),
        migrations.AddField(
            model_name='ocorrenciasessao',
            name='registrado_por',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='registrado por'),
        ),
        migrations.AddField(
            model_name='ocorrenciasessao',
            name='sessao',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ocorrencias_registradas', to='heteroidentificacao.sessao', verbose_name='sessão'),
        ),
        migrations.AddConstraint(
            model_name='dispensa',
            constraint=models.UniqueConstraint(fields=('comissao', 'inscricao'), name='dispensa_unica'),
        ),
        migrations.RunPython(migrar_dados, migrations.RunPython.noop),
    ]

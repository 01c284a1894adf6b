"""Cédulas cifradas (AES-256-GCM), eleitores de cada votação, ocorrências da sessão, cotistas fora da
heteroidentificação, nova convocação por recurso contra a ausência e a publicação do resultado de cada candidato."""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.conf import settings
from django.db import migrations, models


def cifrar_cedulas_abertas(apps, schema_editor):
    """Uma votação aberta durante a atualização: as cédulas que já estavam no banco passam a ser cifradas com a
    chave do servidor, como as novas (heteroidentificacao/urna.py)."""
    import uuid

    from heteroidentificacao import urna

    Cedula = apps.get_model("heteroidentificacao", "Cedula")
    for cedula in Cedula.objects.all():
        cedula.conteudo = urna.lacrar(cedula.confirma, chave=settings.CHAVE_CEDULAS, avaliacao_id=cedula.avaliacao_id,
                                      cedula_id=uuid.UUID(str(cedula.id)))
        cedula.save(update_fields=["conteudo"])


def preencher_datas_participantes_e_eleitores(apps, schema_editor):
    """As sessões já abertas: quem estava presente participou (e assina a ata); numa votação aberta durante a
    atualização, votam os presentes, como antes. E as decisões já publicadas no resultado provisório passam a ter a
    data da sua publicação, da qual corre o prazo de recurso de cada candidato."""
    Sessao = apps.get_model("heteroidentificacao", "Sessao")
    Avaliacao = apps.get_model("heteroidentificacao", "Avaliacao")
    Comissao = apps.get_model("heteroidentificacao", "Comissao")
    for comissao in Comissao.objects.filter(resultado_provisorio_em__isnull=False):
        Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True,
                                 estado__in=["concluida", "ausente"]).update(
            resultado_publicado_em=comissao.resultado_provisorio_em)
    for sessao in Sessao.objects.exclude(estado="agendada"):
        presentes = list(sessao.presentes.all())
        sessao.participantes.set(presentes)
        for avaliacao in Avaliacao.objects.filter(sessao=sessao, estado="votacao"):
            avaliacao.eleitores.set(presentes)


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
        migrations.RunPython(cifrar_cedulas_abertas, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='cedula',
            name='confirma',
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
        migrations.RunPython(preencher_datas_participantes_e_eleitores, migrations.RunPython.noop),
    ]

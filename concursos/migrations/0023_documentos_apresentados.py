"""O campo `Inscricao.documento_indigena` (o documento de pertencimento indígena de Iúna art. 2º, II, nunca importado
nem conferido) dá lugar aos documentos apresentados, conferidos um a um contra os que a lei congelada no certame
aceita (decisão 0021). Cada valor preenchido vira um documento apresentado «a conferir», registrado à mão (quem o
registrou não ficou guardado), no grupo de reserva dos indígenas da lei do certame, com uma observação que diz de
onde veio; o tipo é o da mesma alínea nos documentos que a lei de Iúna aceita (legislacao, migração 0012).
"""

import django.db.models.deletion
import django.utils.timezone
import simple_history.models
from django.conf import settings
from django.db import migrations, models

# O valor do campo antigo → o código e o nome do mesmo documento em Iúna art. 2º, II (legislacao, migração 0012).
TIPOS = {
    "declaracao": ("DECL", "Declaração de pertencimento étnico"),
    "registro_civil": ("RC", "Registro civil com a identificação étnica"),
    "rani": ("RANI", "Registro Nacional de Nascimento (RANI), expedido pela FUNAI"),
    "residencia": ("RES", "Comprovante de residência em área ou território indígena, demarcado ou não"),
    "nascimento": ("NASC", "Certidão de nascimento ou RG que expresse o local de nascimento"),
}
OBSERVACAO = ("Vindo do campo «documento de pertencimento indígena» da inscrição, anterior à conferência dos "
              "documentos: a conferir.")


def _grupo_indigena(apps, certame) -> str:
    """O grupo dos indígenas na lei do certame: a congelada na publicação; senão, a lei ligada ao certame; senão, a
    versão mais recente de uma lei do município. Sem nenhum, vazio (o documento fica registrado, fora de grupo)."""
    for grupo in ((certame.regras or {}).get("motor") or {}).get("grupos", []):
        if "indigena" in grupo.get("cores", ()):
            return grupo["codigo"]
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    grupos = GrupoReserva.objects.filter(indigena=True).order_by("ordem", "pk")
    if certame.lei_id:
        grupos = grupos.filter(lei_id=certame.lei_id)
    else:
        grupos = grupos.filter(lei__municipio_id=certame.municipio_id, lei__versao_posterior__isnull=True)
    return grupos.values_list("codigo", flat=True).first() or ""


def migrar_documento_indigena(apps, schema_editor):
    Inscricao = apps.get_model("concursos", "Inscricao")
    DocumentoApresentado = apps.get_model("concursos", "DocumentoApresentado")
    grupos = {}
    novos = []
    for inscricao in Inscricao.objects.exclude(documento_indigena="").select_related("certame").iterator():
        certame = inscricao.certame
        if certame.pk not in grupos:
            grupos[certame.pk] = _grupo_indigena(apps, certame)
        codigo, nome = TIPOS.get(inscricao.documento_indigena, (inscricao.documento_indigena.upper()[:12],
                                                                inscricao.documento_indigena))
        novos.append(DocumentoApresentado(inscricao_id=inscricao.pk, grupo=grupos[certame.pk], tipo=codigo, nome=nome,
                                          origem="manual", observacao=OBSERVACAO, conferencia="a_conferir"))
        if len(novos) >= 5_000:
            DocumentoApresentado.objects.bulk_create(novos)
            novos.clear()
    DocumentoApresentado.objects.bulk_create(novos)


def voltar_ao_campo(apps, schema_editor):
    Inscricao = apps.get_model("concursos", "Inscricao")
    DocumentoApresentado = apps.get_model("concursos", "DocumentoApresentado")
    antigos = {codigo: valor for valor, (codigo, _) in TIPOS.items()}
    for inscricao_id, tipo in (DocumentoApresentado.objects.filter(tipo__in=antigos)
                               .order_by("inscricao_id", "registrado_em", "pk").values_list("inscricao_id", "tipo")):
        Inscricao.objects.filter(pk=inscricao_id).update(documento_indigena=antigos[tipo])


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0022_resumo_com_listas_e_autodeclaracao'),
        ('legislacao', '0012_documentos_aceitos'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='HistoricalDocumentoApresentado',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('grupo', models.CharField(max_length=12, verbose_name='grupo de reserva')),
                ('tipo', models.CharField(blank=True, max_length=12, verbose_name='tipo')),
                ('nome', models.CharField(max_length=200, verbose_name='documento')),
                ('origem', models.CharField(choices=[('arquivo', 'Arquivo da banca'), ('manual', 'Registro à mão')], max_length=10, verbose_name='origem')),
                ('observacao', models.TextField(blank=True, verbose_name='observação')),
                ('registrado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='registrado em')),
                ('conferencia', models.CharField(choices=[('a_conferir', 'A conferir'), ('aceito', 'Aceito'), ('recusado', 'Recusado')], default='a_conferir', max_length=10, verbose_name='conferência')),
                ('motivo', models.TextField(blank=True, verbose_name='motivo da conferência')),
                ('conferido_em', models.DateTimeField(blank=True, null=True, verbose_name='conferido em')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('conferido_na_importacao', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.importacao', verbose_name='conferido no arquivo da banca')),
                ('conferido_por', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='conferido por')),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('importacao', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.importacao', verbose_name='importação de origem')),
                ('inscricao', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.inscricao', verbose_name='inscrição')),
                ('registrado_por', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='registrado por')),
            ],
            options={
                'verbose_name': 'historical documento apresentado',
                'verbose_name_plural': 'historical documentos apresentados',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='DocumentoApresentado',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('grupo', models.CharField(max_length=12, verbose_name='grupo de reserva')),
                ('tipo', models.CharField(blank=True, max_length=12, verbose_name='tipo')),
                ('nome', models.CharField(max_length=200, verbose_name='documento')),
                ('origem', models.CharField(choices=[('arquivo', 'Arquivo da banca'), ('manual', 'Registro à mão')], max_length=10, verbose_name='origem')),
                ('observacao', models.TextField(blank=True, verbose_name='observação')),
                ('registrado_em', models.DateTimeField(default=django.utils.timezone.now, verbose_name='registrado em')),
                ('conferencia', models.CharField(choices=[('a_conferir', 'A conferir'), ('aceito', 'Aceito'), ('recusado', 'Recusado')], default='a_conferir', max_length=10, verbose_name='conferência')),
                ('motivo', models.TextField(blank=True, verbose_name='motivo da conferência')),
                ('conferido_em', models.DateTimeField(blank=True, null=True, verbose_name='conferido em')),
                ('conferido_na_importacao', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='documentos_conferidos', to='concursos.importacao', verbose_name='conferido no arquivo da banca')),
                ('conferido_por', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='conferido por')),
                ('importacao', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='documentos_registrados', to='concursos.importacao', verbose_name='importação de origem')),
                ('inscricao', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='documentos', to='concursos.inscricao', verbose_name='inscrição')),
                ('registrado_por', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='registrado por')),
            ],
            options={
                'verbose_name': 'documento apresentado',
                'verbose_name_plural': 'documentos apresentados',
                'ordering': ['inscricao', 'registrado_em', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('conferencia', 'recusado'), _negated=True), models.Q(('motivo', ''), _negated=True), _connector='OR'), name='documento_recusado_com_motivo')],
            },
        ),
        migrations.RunPython(migrar_documento_indigena, voltar_ao_campo),
        migrations.RemoveField(
            model_name='inscricao',
            name='documento_indigena',
        ),
    ]

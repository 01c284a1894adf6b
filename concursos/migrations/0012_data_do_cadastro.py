"""A data do cadastro do candidato: sem inscrição nenhuma, é dela que se conta a guarda do órgão
(concursos/retencao.py).

Um cadastro que já existe fica com a data mais antiga em que se sabe que ele existia: a da primeira versão do
histórico de uma inscrição dele (a importação grava o cadastro e a inscrição juntos, e o histórico fica mesmo depois
de a inscrição ser apagada) ou a do registro do admin que o criou. Sem nenhuma das duas, a data desta migração: a
anonimização não se desfaz, e sem prova da idade do cadastro a guarda começa a contar agora.
"""

import django.utils.timezone
from django.contrib.admin.models import ADDITION
from django.db import migrations, models
from django.db.models import CharField, F, OuterRef, Subquery
from django.db.models.functions import Cast, Coalesce, Least


def datar_cadastros(apps, schema_editor):
    banco = schema_editor.connection.alias
    Candidato = apps.get_model("concursos", "Candidato")
    HistoricoInscricao = apps.get_model("concursos", "HistoricalInscricao")
    LogEntry = apps.get_model("admin", "LogEntry")
    ContentType = apps.get_model("contenttypes", "ContentType")

    def primeira(consulta, campo: str):
        return Coalesce(Subquery(consulta.order_by(campo).values(campo)[:1]), F("criado_em"))

    inscricao = primeira(HistoricoInscricao.objects.using(banco).filter(candidato_id=OuterRef("pk")), "history_date")
    tipo = ContentType.objects.using(banco).filter(app_label="concursos", model="candidato").first()
    # Num banco novo ainda não há o tipo de conteúdo, nem registro do admin, nem cadastro.
    admin = F("criado_em") if tipo is None else primeira(LogEntry.objects.using(banco).filter(
        content_type_id=tipo.pk, action_flag=ADDITION, object_id=Cast(OuterRef("pk"), CharField())), "action_time")
    Candidato.objects.using(banco).update(criado_em=Least(inscricao, admin))


class Migration(migrations.Migration):

    dependencies = [
        ("concursos", "0011_exportacao_vinda_de_documentos"),
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AddField(
            model_name="candidato",
            name="criado_em",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False, verbose_name="cadastrado em"),
        ),
        migrations.RunPython(datar_cadastros, migrations.RunPython.noop),
    ]

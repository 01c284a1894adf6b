"""Cada documento emitido com o órgão do seu certame, tirado do objeto a que ele se refere (recorte por órgão)."""

import django.db.models.deletion
from django.db import migrations, models

# Do objeto de referência até o órgão, para os documentos já emitidos.
CAMINHOS = {
    ("concursos", "certame"): "orgao_id",
    ("concursos", "cargo"): "certame__orgao_id",
    ("heteroidentificacao", "comissao"): "certame__orgao_id",
    ("heteroidentificacao", "sessao"): "comissao__certame__orgao_id",
    ("heteroidentificacao", "membro"): "comissao__certame__orgao_id",
}


def preencher(apps, schema_editor):
    Documento = apps.get_model("documentos", "DocumentoEmitido")
    for (app, modelo), caminho in CAMINHOS.items():
        tipo = apps.get_model("contenttypes", "ContentType").objects.filter(app_label=app, model=modelo).first()
        if tipo is None:
            continue
        orgaos = dict(apps.get_model(app, modelo).objects.values_list("pk", caminho))
        for documento in Documento.objects.filter(referencia_tipo=tipo).only("pk", "referencia_id"):
            Documento.objects.filter(pk=documento.pk).update(orgao_id=orgaos.get(documento.referencia_id))


class Migration(migrations.Migration):

    dependencies = [
        ('documentos', '0003_tarefas_em_segundo_plano'),
        ('nucleo', '0002_lotacoes_e_registro_de_acessos'),
        ('concursos', '0006_orgao_no_nucleo'),
        ('heteroidentificacao', '0003_reescrever_tabelas_das_cedulas'),
    ]

    operations = [
        migrations.AddField(
            model_name='documentoemitido',
            name='orgao',
            field=models.ForeignKey(blank=True, help_text='O órgão de cujo certame é o documento.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='nucleo.orgao', verbose_name='órgão'),
        ),
        migrations.RunPython(preencher, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='documentoemitido',
            name='tipo',
            field=models.CharField(choices=[('quadro_vagas', 'Quadro de vagas (anexo do edital)'), ('lista_classificacao', 'Lista de classificação'), ('convocacoes', 'Lista de convocações'), ('ata_sessao', 'Ata de sessão de heteroidentificação'), ('ata_recurso', 'Ata de julgamento de recursos'), ('resultado_provisorio', 'Resultado provisório da heteroidentificação'), ('resultado_final', 'Resultado final da heteroidentificação'), ('termo_confidencialidade', 'Termo de confidencialidade'), ('edital_convocacao', 'Edital de convocação para heteroidentificação'), ('relatorio_titular', 'Relatório do titular (LGPD art. 18)'), ('outro', 'Outro documento')], max_length=32, verbose_name='tipo'),
        ),
    ]

"""A tabela do órgão com o nome do núcleo, o tipo de conteúdo (e as permissões) que o acompanha, as lotações das
contas e o registro de acessos a dados sensíveis."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def mover_tipo_de_conteudo(apps, schema_editor):
    tipos = apps.get_model("contenttypes", "ContentType").objects
    if not tipos.filter(app_label="nucleo", model="orgao").exists():
        tipos.filter(app_label="concursos", model="orgao").update(app_label="nucleo")


def devolver_tipo_de_conteudo(apps, schema_editor):
    apps.get_model("contenttypes", "ContentType").objects.filter(app_label="nucleo", model="orgao").update(
        app_label="concursos")


class Migration(migrations.Migration):
    dependencies = [
        ("nucleo", "0001_orgao_vindo_de_concursos"),
        ("concursos", "0006_orgao_no_nucleo"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelTable(name="orgao", table=None),
        migrations.RunPython(mover_tipo_de_conteudo, devolver_tipo_de_conteudo),
        migrations.AlterModelOptions(
            name='orgao',
            options={'ordering': ['uf', 'municipio', 'nome'], 'permissions': [('ver_todos_os_orgaos', 'Vê e administra todos os órgãos da instalação')], 'verbose_name': 'órgão ou entidade', 'verbose_name_plural': 'órgãos e entidades'},
        ),
        migrations.CreateModel(
            name='AcessoSensivel',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('em', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='quando')),
                ('nome_usuario', models.CharField(help_text='O login de quem acessou, guardado mesmo se a conta for removida.', max_length=150, verbose_name='conta')),
                ('tipo', models.CharField(choices=[('ficha', 'Ficha aberta'), ('lista', 'Lista'), ('filtro', 'Lista filtrada por dado sensível'), ('exportacao', 'Exportação'), ('pdf', 'PDF'), ('previa', 'Prévia de importação'), ('relatorio_titular', 'Relatório do titular')], max_length=20, verbose_name='tipo de acesso')),
                ('tela', models.CharField(help_text='O endereço (sem os dados da busca) ou o comando.', max_length=200, verbose_name='tela')),
                ('descricao', models.CharField(max_length=300, verbose_name='o que foi acessado')),
                ('filtro', models.CharField(blank=True, help_text='Os filtros por dado sensível da lista, quando houver.', max_length=300, verbose_name='filtro')),
                ('quantidade', models.PositiveIntegerField(default=1, verbose_name='registros')),
                ('modelo', models.CharField(blank=True, max_length=100, verbose_name='modelo')),
                ('objeto_id', models.PositiveBigIntegerField(blank=True, null=True, verbose_name='id do registro')),
                ('titular_id', models.PositiveBigIntegerField(blank=True, help_text='O candidato a quem o dado se refere, num acesso a uma ficha (para o relatório do titular, LGPD art. 18).', null=True, verbose_name='id do titular')),
                ('finalidade', models.CharField(blank=True, max_length=300, verbose_name='finalidade')),
                ('orgao', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='nucleo.orgao', verbose_name='órgão')),
                ('usuario', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='usuário')),
            ],
            options={
                'verbose_name': 'acesso a dado sensível',
                'verbose_name_plural': 'registro de acessos a dados sensíveis',
                'ordering': ['-em'],
                'indexes': [models.Index(fields=['orgao', '-em'], name='acesso_orgao_em_idx'), models.Index(fields=['titular_id'], name='acesso_titular_idx')],
            },
        ),
        migrations.CreateModel(
            name='Lotacao',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('orgao', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lotacoes', to='nucleo.orgao', verbose_name='órgão ou entidade')),
                ('usuario', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lotacoes', to=settings.AUTH_USER_MODEL, verbose_name='usuário')),
            ],
            options={
                'verbose_name': 'lotação',
                'verbose_name_plural': 'lotações',
                'constraints': [models.UniqueConstraint(fields=('usuario', 'orgao'), name='lotacao_unica')],
            },
        ),
        migrations.AlterModelOptions(
            name='acessosensivel',
            options={'ordering': ['-em'], 'permissions': [('emitir_relatorio_titular', 'Emite o relatório do titular (LGPD art. 18)')], 'verbose_name': 'acesso a dado sensível', 'verbose_name_plural': 'registro de acessos a dados sensíveis'},
        ),
    ]

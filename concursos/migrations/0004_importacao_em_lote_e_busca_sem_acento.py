# Importação em lote mais leve e busca por nome sem acento (issue 3, itens 1 e 5).
#
# - Candidato: o nome normalizado (nome_busca) com um índice GIN de palavras no PostgreSQL, no lugar dos dois
#   índices de trigramas da 0003 (dezenas de entradas por nome, o índice mais caro da importação); CPF único e
#   índice do nome sem os índices varchar_pattern_ops que o Django cria junto e que nada usava.
# - Inscrição: sem os índices isolados das três chaves estrangeiras (as restrições e o índice do admin já
#   começam por elas); a importação de origem de cada inscrição; a unicidade (cargo, classificação) sem
#   condição e, no PostgreSQL, DEFERRABLE INITIALLY IMMEDIATE.
# - Histórico das inscrições: sem índices nas chaves estrangeiras copiadas.
# - Importação: o SHA-256 do arquivo.

import django.db.models.deletion
import localflavor.br.validators
from django.db import migrations, models

import concursos.busca
from concursos.busca import nome_para_busca

# Mesma expressão da consulta (concursos/busca.py, ContemPalavras.as_postgresql).
INDICE_BUSCA = ("CREATE INDEX candidato_nome_busca_idx ON concursos_candidato "
                "USING gin (to_tsvector('simple'::regconfig, nome_busca))")
TRIGRAMAS = [
    "CREATE INDEX IF NOT EXISTS candidato_nome_trgm_idx ON concursos_candidato "
    "USING gin (upper(nome::text) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS candidato_nome_social_trgm_idx ON concursos_candidato "
    "USING gin (upper(nome_social::text) gin_trgm_ops) WHERE nome_social <> ''",
]
CLASSIFICACAO = models.UniqueConstraint(fields=("cargo", "classificacao"), name="inscricao_classificacao_unica")


def preencher_nome_busca(apps, schema_editor):
    Candidato = apps.get_model("concursos", "Candidato")
    conexao = schema_editor.connection
    tabela = conexao.ops.quote_name(Candidato._meta.db_table)
    ultimo = 0
    while lote := list(Candidato.objects.using(conexao.alias).filter(pk__gt=ultimo).order_by("pk")
                       .values_list("pk", "nome", "nome_social")[:5000]):
        with conexao.cursor() as cursor:
            cursor.executemany(f"UPDATE {tabela} SET nome_busca = %s WHERE id = %s",
                               [(nome_para_busca(nome, social), pk) for pk, nome, social in lote])
        ultimo = lote[-1][0]


def trocar_indices_de_busca(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS candidato_nome_social_trgm_idx")
        schema_editor.execute("DROP INDEX IF EXISTS candidato_nome_trgm_idx")
        schema_editor.execute(INDICE_BUSCA)


def voltar_indices_de_busca(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS candidato_nome_busca_idx")
        for sql in TRIGRAMAS:
            schema_editor.execute(sql)


def criar_classificacao_unica(apps, schema_editor):
    """No PostgreSQL, conferida no fim do comando (como qualquer UNIQUE) e adiável com SET CONSTRAINTS: a
    importação de resultados troca posições gravando cada linha uma vez. O Django não cria restrição adiável
    no SQLite (e a pularia), por isso o modelo a declara comum e só o PostgreSQL recebe a versão adiável."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE concursos_inscricao ADD CONSTRAINT inscricao_classificacao_unica "
                              "UNIQUE (cargo_id, classificacao) DEFERRABLE INITIALLY IMMEDIATE")
    else:
        schema_editor.add_constraint(apps.get_model("concursos", "Inscricao"), CLASSIFICACAO)


def apagar_classificacao_unica(apps, schema_editor):
    schema_editor.remove_constraint(apps.get_model("concursos", "Inscricao"), CLASSIFICACAO)


class Migration(migrations.Migration):

    dependencies = [
        ('concursos', '0003_indices_admin'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='inscricao',
            name='inscricao_classificacao_unica',
        ),
        migrations.RemoveConstraint(
            model_name='inscricao',
            name='inscricao_candidato_unico_no_cargo',
        ),
        migrations.AddField(
            model_name='candidato',
            name='nome_busca',
            field=concursos.busca.CampoNomeBusca(blank=True, editable=False, help_text='Nome e nome social sem acentos, em minúsculas (concursos/busca.py); preenchido a cada gravação.', verbose_name='nome para a busca'),
        ),
        migrations.AddField(
            model_name='historicalinscricao',
            name='importacao',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, editable=False, help_text='O arquivo da banca que criou esta inscrição; vazio se foi cadastrada à mão.', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.importacao', verbose_name='importação de origem'),
        ),
        migrations.AddField(
            model_name='importacao',
            name='sha256',
            field=models.CharField(blank=True, editable=False, help_text='Identifica o arquivo importado: o mesmo arquivo sempre dá o mesmo código.', max_length=64, verbose_name='SHA-256 do arquivo'),
        ),
        migrations.AddField(
            model_name='inscricao',
            name='importacao',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, editable=False, help_text='O arquivo da banca que criou esta inscrição; vazio se foi cadastrada à mão.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='inscricoes_criadas', to='concursos.importacao', verbose_name='importação de origem'),
        ),
        migrations.AlterField(
            model_name='candidato',
            name='cpf',
            field=models.CharField(help_text='Só os 11 dígitos.', max_length=11, validators=[localflavor.br.validators.BRCPFValidator()], verbose_name='CPF'),
        ),
        migrations.AlterField(
            model_name='candidato',
            name='nome',
            field=models.CharField(max_length=200, verbose_name='nome'),
        ),
        migrations.AlterField(
            model_name='chamada',
            name='tipo',
            field=models.CharField(choices=[('inicial', 'Convocação inicial (vagas do edital)'), ('desistencia', 'Substituição de desistente'), ('novas_vagas', 'Novas vagas no prazo de validade'), ('anulacao', 'Substituição de nomeação anulada por fraude')], max_length=16, verbose_name='tipo'),
        ),
        migrations.AlterField(
            model_name='historicalinscricao',
            name='candidato',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.candidato', verbose_name='candidato'),
        ),
        migrations.AlterField(
            model_name='historicalinscricao',
            name='cargo',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.cargo', verbose_name='cargo'),
        ),
        migrations.AlterField(
            model_name='historicalinscricao',
            name='certame',
            field=models.ForeignKey(blank=True, db_constraint=False, db_index=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='concursos.certame', verbose_name='certame'),
        ),
        migrations.AlterField(
            model_name='inscricao',
            name='candidato',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='inscricoes', to='concursos.candidato', verbose_name='candidato'),
        ),
        migrations.AlterField(
            model_name='inscricao',
            name='cargo',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='inscricoes', to='concursos.cargo', verbose_name='cargo'),
        ),
        migrations.AlterField(
            model_name='inscricao',
            name='certame',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='inscricoes', to='concursos.certame', verbose_name='certame'),
        ),
        migrations.AddIndex(
            model_name='candidato',
            index=models.Index(fields=['nome'], name='candidato_nome_idx'),
        ),
        migrations.AddConstraint(
            model_name='candidato',
            constraint=models.UniqueConstraint(fields=('cpf',), name='candidato_cpf_unico'),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AddConstraint(model_name='inscricao', constraint=CLASSIFICACAO)],
            database_operations=[migrations.RunPython(criar_classificacao_unica, apagar_classificacao_unica)],
        ),
        migrations.AddConstraint(
            model_name='inscricao',
            constraint=models.UniqueConstraint(fields=('candidato', 'cargo'), name='inscricao_candidato_unico_no_cargo'),
        ),
        migrations.RunPython(preencher_nome_busca, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(trocar_indices_de_busca, voltar_indices_de_busca, elidable=False),
    ]

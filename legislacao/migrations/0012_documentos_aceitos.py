"""Os documentos exigidos pela lei deixam de ser um texto livre do grupo de reserva (`GrupoReserva.documentos`) e
passam a ser regras: os tipos que a lei aceita, cada um com o artigo, e a composição (basta um, ou todos). As cinco
leis de origem recebem os seus — Iúna art. 2º, II (a declaração de pertencimento étnico ou um dos documentos das
alíneas a a d, para os indígenas) e Ibatiba art. 2º (o documento oficial com a informação); as outras três não
exigem documento. Um texto que alguém tenha escrito noutra lei vira um documento só, com o texto como descrição: nada
do que foi cadastrado se perde.
"""

import django.core.validators
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

# Os documentos das leis de origem, pelo identificador da lei e o código do grupo (carregar_demo os repõe daqui).
DOCUMENTOS_DE_ORIGEM = {
    ("iuna-es", "IND"): {"regra": "um_dos", "artigo_documentos": "art. 2º, II", "tipos": [
        {"codigo": "DECL", "nome": "Declaração de pertencimento étnico", "artigo": "art. 2º, II",
         "descricao": "Expedida por caciques, ou tuxauas, ou lideranças indígenas de comunidades, ou associações e/ou "
                      "organizações representativas dos povos indígenas das respectivas regiões."},
        {"codigo": "RC", "nome": "Registro civil com a identificação étnica", "artigo": "art. 2º, II, a"},
        {"codigo": "RANI", "nome": "Registro Nacional de Nascimento (RANI), expedido pela FUNAI",
         "artigo": "art. 2º, II, b"},
        {"codigo": "RES", "nome": "Comprovante de residência em área ou território indígena, demarcado ou não",
         "artigo": "art. 2º, II, c"},
        {"codigo": "NASC", "nome": "Certidão de nascimento ou RG que expresse o local de nascimento",
         "artigo": "art. 2º, II, d"},
    ]},
    ("ibatiba-es-2024", "NPI"): {"regra": "um_dos", "artigo_documentos": "art. 2º", "tipos": [
        {"codigo": "DOC", "nome": "Documento oficial com a informação (pessoa negra, parda ou indígena)",
         "artigo": "art. 2º",
         "descricao": "«Poderá concorrer às vagas reservadas [...] aqueles que possui a informação inserida em "
                      "documentos oficiais.»"},
    ]},
    # Lei 15.142/2025, art. 3º, § 4º: a condição de indígena e a de quilombola têm confirmação complementar à
    # autodeclaração, por procedimento que o regulamento fixa (Decreto 12.536/2025); o edital diz os documentos.
    **{("federal-lei-15142-2025", codigo): {"regra": "um_dos", "artigo_documentos": "art. 3º, § 4º", "tipos": [
        {"codigo": "COMPL", "nome": f"Comprovação complementar da condição de {condicao}", "artigo": "art. 3º, § 4º",
         "descricao": "Confirmação complementar à autodeclaração, pelo procedimento que o regulamento fixa e o "
                      "edital detalha."},
    ]} for codigo, condicao in (("IND", "indígena"), ("QUI", "quilombola"))},
}
# Um texto livre de outra lei: um documento só, com o texto como descrição.
DOCUMENTO_DO_TEXTO = {"codigo": "DOC", "nome": "Documento exigido pela lei"}


def documentos_de_origem(slug: str, codigo: str) -> dict | None:
    return DOCUMENTOS_DE_ORIGEM.get((slug, codigo))


def estruturar(apps, schema_editor):
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    DocumentoAceito = apps.get_model("legislacao", "DocumentoAceito")
    for grupo in GrupoReserva.objects.select_related("lei").order_by("pk"):
        origem = documentos_de_origem(grupo.lei.slug, grupo.codigo)
        if origem is not None:
            tipos = origem["tipos"]
            grupo.documentos_regra = origem["regra"]
            grupo.artigo_documentos = grupo.artigo_documentos or origem["artigo_documentos"]
        elif grupo.documentos.strip():
            tipos = [dict(DOCUMENTO_DO_TEXTO, descricao=grupo.documentos.strip(), artigo=grupo.artigo_documentos)]
        else:
            continue
        grupo.save(update_fields=["documentos_regra", "artigo_documentos"])
        DocumentoAceito.objects.bulk_create(DocumentoAceito(grupo=grupo, ordem=ordem, **tipo)
                                            for ordem, tipo in enumerate(tipos, 1))


def voltar_ao_texto(apps, schema_editor):
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    for grupo in GrupoReserva.objects.filter(documentos_aceitos__isnull=False).distinct():
        aceitos = grupo.documentos_aceitos.order_by("ordem", "pk")
        grupo.documentos = "; ".join(d.nome + (f" ({d.artigo})" if d.artigo else "") for d in aceitos)
        grupo.save(update_fields=["documentos"])


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0011_leis_federais'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='gruporeserva',
            name='documentos_regra',
            field=models.CharField(choices=[('um_dos', 'Basta um dos documentos'), ('todos', 'Todos os documentos')], default='um_dos', help_text='Vale quando a lei aceita mais de um documento (em «Documentos aceitos», na página do grupo); sem documento cadastrado, o grupo não exige nenhum.', max_length=10, verbose_name='documentos: composição'),
        ),
        migrations.AddField(
            model_name='historicalgruporeserva',
            name='documentos_regra',
            field=models.CharField(choices=[('um_dos', 'Basta um dos documentos'), ('todos', 'Todos os documentos')], default='um_dos', help_text='Vale quando a lei aceita mais de um documento (em «Documentos aceitos», na página do grupo); sem documento cadastrado, o grupo não exige nenhum.', max_length=10, verbose_name='documentos: composição'),
        ),
        migrations.CreateModel(
            name='HistoricalDocumentoAceito',
            fields=[
                ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                ('ordem', models.PositiveSmallIntegerField(default=1, verbose_name='ordem')),
                ('codigo', models.CharField(help_text='Único na lei: é o valor da coluna «documento» do arquivo da banca (p. ex. DECL, RANI).', max_length=12, validators=[django.core.validators.RegexValidator('^[A-Z][A-Z0-9_]{0,11}$', 'Use de 1 a 12 letras maiúsculas, dígitos ou _, começando por letra (p. ex. DECL, RANI).')], verbose_name='código')),
                ('nome', models.CharField(max_length=200, verbose_name='nome')),
                ('descricao', models.TextField(blank=True, help_text='P. ex. quem o expede («caciques, tuxauas, lideranças indígenas…»).', verbose_name='como a lei o descreve')),
                ('artigo', models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo')),
                ('history_id', models.AutoField(primary_key=True, serialize=False)),
                ('history_date', models.DateTimeField(db_index=True)),
                ('history_change_reason', models.CharField(max_length=100, null=True)),
                ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                ('grupo', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='legislacao.gruporeserva', verbose_name='grupo de reserva')),
                ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'historical documento aceito pela lei',
                'verbose_name_plural': 'historical documentos aceitos pela lei',
                'ordering': ('-history_date', '-history_id'),
                'get_latest_by': ('history_date', 'history_id'),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name='DocumentoAceito',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('ordem', models.PositiveSmallIntegerField(default=1, verbose_name='ordem')),
                ('codigo', models.CharField(help_text='Único na lei: é o valor da coluna «documento» do arquivo da banca (p. ex. DECL, RANI).', max_length=12, validators=[django.core.validators.RegexValidator('^[A-Z][A-Z0-9_]{0,11}$', 'Use de 1 a 12 letras maiúsculas, dígitos ou _, começando por letra (p. ex. DECL, RANI).')], verbose_name='código')),
                ('nome', models.CharField(max_length=200, verbose_name='nome')),
                ('descricao', models.TextField(blank=True, help_text='P. ex. quem o expede («caciques, tuxauas, lideranças indígenas…»).', verbose_name='como a lei o descreve')),
                ('artigo', models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo')),
                ('grupo', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='documentos_aceitos', to='legislacao.gruporeserva', verbose_name='grupo de reserva')),
            ],
            options={
                'verbose_name': 'documento aceito pela lei',
                'verbose_name_plural': 'documentos aceitos pela lei',
                'ordering': ['grupo', 'ordem', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('grupo', 'codigo'), name='documento_codigo_unico_no_grupo')],
            },
        ),
        migrations.RunPython(estruturar, voltar_ao_texto),
        migrations.RemoveField(
            model_name='gruporeserva',
            name='documentos',
        ),
        migrations.RemoveField(
            model_name='historicalgruporeserva',
            name='documentos',
        ),
    ]

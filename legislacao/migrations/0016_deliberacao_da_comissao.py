"""A forma de deliberação da comissão e a composição que a lei exige (decisão 0017).

As cinco leis municipais continuam a votar em cédulas (o padrão): Afonso Cláudio, em segredo, pelo art. 11, § 2º; as
demais não dizem como a comissão delibera. A Lei 15.142/2025 pede uma comissão com diversidade racial e de gênero
(art. 3º, II), e a IN Conjunta MGI/MIR/MPI nº 261/2025, que a regulamenta, 5 integrantes e 5 suplentes, cada um com a
sua avaliação registrada (os números dos artigos da IN não foram localizados: a regra cita a IN sem inventá-los). Os
editais da Lei 12.990/2014 seguiam a Portaria Normativa SGP/MP nº 4/2018, art. 6º: 5 membros e suplentes, com
diversidade de gênero e de cor; a deliberação, pela maioria, fica em cédulas, como antes.
"""

from importlib import import_module

from django.db import migrations, models

_0007 = import_module("legislacao.migrations.0007_ordem_de_nomeacao_e_desempate")

IN_261 = "IN Conjunta MGI/MIR/MPI nº 261/2025"
PN_4 = "Portaria Normativa SGP/MP nº 4/2018, art. 6º"

DADOS = {
    "afonso-claudio-es-lei-2552-2023": {"artigo_forma_deliberacao": "art. 11, § 2º"},
    "federal-lei-15142-2025": {
        "forma_deliberacao": "individual", "artigo_forma_deliberacao": IN_261,
        "comissao_minimo_membros": 5, "artigo_comissao_membros": IN_261,
        "comissao_minimo_suplentes": 5, "artigo_comissao_suplentes": IN_261,
        "comissao_diversidade_genero": True, "comissao_diversidade_cor": True,
        "artigo_comissao_diversidade": f"art. 3º, II; {IN_261}",
        "artigo_comissao": f"art. 3º, II; {IN_261}",
    },
    "federal-lei-12990-2014": {
        "comissao_minimo_membros": 5, "artigo_comissao_membros": PN_4,
        "comissao_minimo_suplentes": 5, "artigo_comissao_suplentes": PN_4,
        "comissao_diversidade_genero": True, "comissao_diversidade_cor": True,
        "artigo_comissao_diversidade": f"{PN_4}, § 2º", "artigo_comissao": PN_4,
    },
}
# A forma de deliberar e a composição mudam o procedimento: uma versão congelada (usada por edital publicado) não as
# recebe, e ganha uma versão nova, como na 0007; o artigo da forma de votar de Afonso Cláudio só cita o que já valia,
# e vai a todas as versões.
SO_CITACAO = {"afonso-claudio-es-lei-2552-2023"}
MOTIVO = "Issue 12: a forma de deliberação e a composição da comissão (decisão 0017)."
PADRAO = {"forma_deliberacao": "votacao", "artigo_forma_deliberacao": "", "comissao_minimo_suplentes": None,
          "artigo_comissao_suplentes": "", "comissao_diversidade_genero": False, "comissao_diversidade_cor": False,
          "artigo_comissao_diversidade": "", "comissao_minimo_membros": None, "artigo_comissao_membros": "",
          "artigo_comissao": ""}


def _nova_versao(apps, atual):
    """A versão seguinte de uma lei congelada, com os grupos e os documentos que cada um aceita."""
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    DocumentoAceito = apps.get_model("legislacao", "DocumentoAceito")
    nova = _0007._nova_versao(apps.get_model("legislacao", "Lei"), GrupoReserva, atual)
    grupos = {g.codigo: g for g in GrupoReserva.objects.filter(lei=nova)}
    documentos = list(DocumentoAceito.objects.filter(grupo__lei=atual).select_related("grupo"))
    for documento in documentos:
        documento.pk, documento.grupo = None, grupos[documento.grupo.codigo]
    DocumentoAceito.objects.bulk_create(documentos)
    return nova


def preencher(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    for slug, dados in DADOS.items():
        if slug in SO_CITACAO:
            Lei.objects.filter(slug=slug).update(**dados)
            continue
        atual = Lei.objects.filter(slug=slug, versao_posterior__isnull=True).first()
        if atual is None:
            continue
        if atual.congelada:
            atual = _nova_versao(apps, atual)
        for campo, valor in dados.items():
            setattr(atual, campo, valor)
        atual.save()
        _0007._historico(apps.get_model("legislacao", "HistoricalLei"), atual, MOTIVO)
    _conferir_chaves_agora(schema_editor)


def desfazer(apps, schema_editor):
    """As versões que a migração criou saem, se ninguém as usou nem as editou depois; as demais voltam ao que eram."""
    Lei = apps.get_model("legislacao", "Lei")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    criadas = HistoricalLei.objects.filter(history_change_reason=MOTIVO, versao__gt=1).values_list("id", flat=True)
    for lei in Lei.objects.filter(pk__in=list(criadas), congelada=False, versao_posterior__isnull=True):
        if not HistoricalLei.objects.filter(id=lei.pk).exclude(history_change_reason=MOTIVO).exists():
            # Sem a cascata do ORM, de baixo para cima: os modelos da migração, nas outras apps que apontam para o
            # grupo, são de outra renderização, e a coleta da cascata os recusa. Nada mais aponta para uma versão que
            # nenhum edital usou (não congelada).
            for modelo, filtro in (("DocumentoAceito", {"grupo__lei_id": lei.pk}), ("GrupoReserva", {"lei_id": lei.pk}),
                                   ("Lei", {"pk": lei.pk})):
                linhas = apps.get_model("legislacao", modelo).objects.filter(**filtro)
                linhas._raw_delete(linhas.db)
    for slug, dados in DADOS.items():
        Lei.objects.filter(slug=slug).update(**{campo: PADRAO[campo] for campo in dados})
    _conferir_chaves_agora(schema_editor)


def _conferir_chaves_agora(schema_editor) -> None:
    """No PostgreSQL, as chaves estrangeiras conferidas só no fim da transação impediriam o ALTER TABLE que vem depois
    na mesma migração («pending trigger events»): confere-as já."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0015_reserva_nas_fases'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='artigo_comissao_diversidade',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da diversidade da comissão'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_comissao_suplentes',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo do mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_forma_deliberacao',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da forma de deliberação'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_diversidade_cor',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de uma cor ou raça'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_diversidade_genero',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de um gênero'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='comissao_minimo_suplentes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='comissão: mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='forma_deliberacao',
            field=models.CharField(choices=[('votacao', 'Votação em cédulas (secreta, se a lei o exige)'), ('individual', 'Avaliação individual de cada membro, registrada e assinada')], db_default='votacao', default='votacao', help_text='Na avaliação individual, cada membro registra a sua avaliação motivada, e a ata a mostra com o nome: não cabe numa lei de votos secretos. A regra de decisão (maioria, unanimidade para indeferir, duas instâncias) é do edital.', max_length=12, verbose_name='forma de deliberação da comissão'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_comissao_diversidade',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da diversidade da comissão'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_comissao_suplentes',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo do mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_forma_deliberacao',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo da forma de deliberação'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_diversidade_cor',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de uma cor ou raça'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_diversidade_genero',
            field=models.BooleanField(db_default=False, default=False, verbose_name='comissão: titulares de mais de um gênero'),
        ),
        migrations.AddField(
            model_name='lei',
            name='comissao_minimo_suplentes',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='comissão: mínimo de suplentes'),
        ),
        migrations.AddField(
            model_name='lei',
            name='forma_deliberacao',
            field=models.CharField(choices=[('votacao', 'Votação em cédulas (secreta, se a lei o exige)'), ('individual', 'Avaliação individual de cada membro, registrada e assinada')], db_default='votacao', default='votacao', help_text='Na avaliação individual, cada membro registra a sua avaliação motivada, e a ata a mostra com o nome: não cabe numa lei de votos secretos. A regra de decisão (maioria, unanimidade para indeferir, duas instâncias) é do edital.', max_length=12, verbose_name='forma de deliberação da comissão'),
        ),
        migrations.RunPython(preencher, desfazer),
    ]

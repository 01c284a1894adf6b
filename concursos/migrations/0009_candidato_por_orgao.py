"""Um cadastro de candidato por órgão (decisão 0005): cada órgão é o controlador dos dados dos seus certames.

O cadastro que já existe fica com o órgão dos certames em que a pessoa se inscreveu. Inscrita em mais de um órgão,
ela ganha uma cópia do cadastro em cada órgão a mais, e as inscrições, o histórico delas e o registro de acessos
daquele órgão passam a apontar a cópia. Um cadastro sem inscrição fica com o órgão de menor id; sem órgão nenhum
não pode haver certame nem inscrição, e ele é apagado.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Min, OuterRef, Subquery

CAMPOS_COPIADOS = ("nome", "nome_social", "nome_busca", "cpf", "data_nascimento", "genero", "cor_raca", "quilombola",
                   "pcd", "email", "telefone", "anonimizado_em")


def separar_por_orgao(apps, schema_editor):
    Candidato = apps.get_model("concursos", "Candidato")
    Inscricao = apps.get_model("concursos", "Inscricao")
    HistoricoInscricao = apps.get_model("concursos", "HistoricalInscricao")
    Orgao = apps.get_model("nucleo", "Orgao")
    AcessoSensivel = apps.get_model("nucleo", "AcessoSensivel")
    banco = schema_editor.connection.alias

    # O cadastro fica com o primeiro órgão (o de menor id) entre os dos certames da pessoa.
    primeiro = (Inscricao.objects.using(banco).filter(candidato_id=OuterRef("pk")).order_by()
                .values("candidato_id").annotate(orgao=Min("certame__orgao_id")).values("orgao"))
    Candidato.objects.using(banco).update(orgao_id=Subquery(primeiro))

    # Os outros órgãos de cada pessoa: uma cópia do cadastro em cada um.
    a_mais = sorted(Inscricao.objects.using(banco).exclude(certame__orgao_id=models.F("candidato__orgao_id"))
                    .values_list("candidato_id", "certame__orgao_id").distinct())
    if a_mais:
        originais = Candidato.objects.using(banco).in_bulk({candidato for candidato, _ in a_mais})
        copias = Candidato.objects.using(banco).bulk_create([
            Candidato(orgao_id=orgao, **{c: getattr(originais[candidato], c) for c in CAMPOS_COPIADOS})
            for candidato, orgao in a_mais], batch_size=1000)
        for (candidato, orgao), copia in zip(a_mais, copias, strict=True):
            if copia.pk is None:  # bancos sem RETURNING no bulk_create (não é o caso do PostgreSQL nem do SQLite)
                copia = Candidato.objects.using(banco).get(orgao_id=orgao, cpf=originais[candidato].cpf)
            inscricoes = list(Inscricao.objects.using(banco).filter(candidato_id=candidato, certame__orgao_id=orgao)
                              .values_list("pk", flat=True))
            Inscricao.objects.using(banco).filter(pk__in=inscricoes).update(candidato_id=copia.pk)
            HistoricoInscricao.objects.using(banco).filter(id__in=inscricoes, candidato_id=candidato).update(
                candidato_id=copia.pk)
            acessos = AcessoSensivel.objects.using(banco).filter(orgao_id=orgao)
            acessos.filter(titular_id=candidato).update(titular_id=copia.pk)
            acessos.filter(modelo="concursos.candidato", objeto_id=candidato).update(objeto_id=copia.pk)

    orfaos = Candidato.objects.using(banco).filter(orgao_id=None)
    menor = Orgao.objects.using(banco).order_by("pk").values_list("pk", flat=True).first()
    if menor is None:
        orfaos.delete()
    else:
        orfaos.update(orgao_id=menor)
    if schema_editor.connection.vendor == "postgresql":
        # As chaves conferidas agora, e não no commit: o ALTER TABLE seguinte recusa uma tabela com conferências
        # pendentes («pending trigger events»).
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def juntar_cadastros(apps, schema_editor):
    """Volta só se cada CPF tiver um cadastro: juntar os de órgãos diferentes misturaria os dados dos controladores."""
    Candidato = apps.get_model("concursos", "Candidato")
    repetidos = (Candidato.objects.using(schema_editor.connection.alias).values("cpf").order_by()
                 .annotate(n=models.Count("pk")).filter(n__gt=1))
    if repetidos.exists():
        raise RuntimeError("Há pessoas com cadastro em mais de um órgão: a migração não se desfaz sem juntar "
                           "os cadastros de controladores diferentes (decisão 0005).")


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0008_importacao_ultimo_sinal"),
        ("nucleo", "0003_guarda_dos_dados"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="candidato", name="candidato_cpf_unico"),
        migrations.AddField(
            model_name="candidato", name="orgao",
            field=models.ForeignKey(db_index=False, null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name="candidatos", to="nucleo.orgao", verbose_name="órgão ou entidade"),
        ),
        migrations.RunPython(separar_por_orgao, juntar_cadastros),
        migrations.AlterField(
            model_name="candidato", name="orgao",
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT,
                                    related_name="candidatos", to="nucleo.orgao", verbose_name="órgão ou entidade"),
        ),
        migrations.AddConstraint(
            model_name="candidato",
            constraint=models.UniqueConstraint(fields=("orgao", "cpf"), name="candidato_cpf_unico_no_orgao"),
        ),
    ]

"""Duas regras onde havia uma (issue 12; decisão 0014): `prioridade` decidia tanto quem fica com uma posição que a vaga
PcD e a reservada pedem juntas quanto a ordem de nomeação de quem está em mais de uma lista. Passa a
`ordem_nomeacao` (a segunda, Ubatuba art. 7º, § 1º; Ibatiba art. 5º) e ganha ao lado `desempate_posicoes` (a
primeira, que nenhuma lei fixa para as posições que ela mesma fixa). E a lista mais favorável (Iúna art. 5º, § 2º)
passa de observação a regra.

Os artigos antigos de `artigo_prioridade` citavam o padrão de nomeação (p. ex. Vargem Alta «art. 5º (alternância e
proporcionalidade)»), que já está em cada grupo: ficam só os que tratam da ordem de quem está em várias listas. A
correção de palavras entra no histórico de cada lei com o motivo; a regra nova de Iúna muda a lei só numa versão não
congelada (uma versão congelada, usada por edital publicado, ganha uma versão nova).
"""

from django.db import migrations, models
from django.utils import timezone

ARTIGO_AJUDA = "Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º»."
ORDEM = [("ampla_pcd_reserva", "Ampla concorrência → PcD → reserva racial"),
         ("ampla_reserva_pcd", "Ampla concorrência → reserva racial → PcD")]
DESEMPATE = [("pcd_antes", "A vaga PcD fica com a posição; a reservada vai à seguinte"),
             ("reserva_antes", "A vaga reservada fica com a posição; a PcD vai à seguinte")]

# As regras das leis de origem que esta migração cadastra, lidas dos textos (legislacao/dados/leis/).
CORRECOES = {
    "vargem-alta-es-2023": {"artigo_ordem_nomeacao": "", "artigo_desempate": ""},
    "iuna-es": {"artigo_ordem_nomeacao": "", "artigo_desempate": "", "lista_mais_favoravel": True,
                "artigo_lista_mais_favoravel": "art. 5º, §§ 1º e 2º",
                "observacoes": "O texto não traz a data de publicação: informe-a para que a lei se aplique a editais. "
                               "Presumem-se verdadeiras as informações da inscrição (art. 2º, § 4º)."},
    "ibatiba-es-2024": {"artigo_ordem_nomeacao": "art. 5º, I a III", "artigo_desempate": "art. 5º, I a III"},
    "ubatuba-sp-lei-3765-2014": {"artigo_ordem_nomeacao": "art. 7º, § 1º, I a III", "artigo_desempate": ""},
    "afonso-claudio-es-lei-2552-2023": {"artigo_ordem_nomeacao": "", "artigo_desempate": ""},
}
REGRAS = ("lista_mais_favoravel",)
MOTIVO = "Issue 12: a prioridade vira a ordem de nomeação e o desempate das posições (decisão 0014)."


def dados_atuais(dados: dict) -> dict:
    """Os dados de uma lei de origem (migrações 0002 e 0004) com os campos desta migração, para quem os repõe
    (`carregar_demo`)."""
    dados = dict(dados)
    dados.pop("artigo_prioridade", None)
    return dados | CORRECOES.get(dados["slug"], {})


def _historico(HistoricalLei, lei, motivo: str) -> None:
    campos = [f.attname for f in HistoricalLei._meta.concrete_fields if not f.attname.startswith("history_")]
    HistoricalLei.objects.create(**{campo: getattr(lei, campo) for campo in campos}, history_date=timezone.now(),
                                 history_type="~", history_change_reason=motivo)


def _nova_versao(Lei, GrupoReserva, atual):
    grupos = list(GrupoReserva.objects.filter(lei=atual))
    nova = Lei.objects.get(pk=atual.pk)
    nova.pk = None
    nova.versao, nova.versao_anterior, nova.congelada = atual.versao + 1, atual, False
    nova.save()
    for grupo in grupos:
        grupo.pk, grupo.lei = None, nova
    GrupoReserva.objects.bulk_create(grupos)
    return nova


def corrigir(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    for slug, correcao in CORRECOES.items():
        for lei in Lei.objects.filter(slug=slug).order_by("versao"):
            palavras = {c: v for c, v in correcao.items() if c not in REGRAS and c != "observacoes"}
            for campo, valor in palavras.items():
                setattr(lei, campo, valor)
            lei.save(update_fields=list(palavras))
            _historico(HistoricalLei, lei, MOTIVO)
        regras = {c: v for c, v in correcao.items() if c in REGRAS or c == "observacoes"}
        atual = Lei.objects.filter(slug=slug, versao_posterior__isnull=True).first()
        if not regras or atual is None:
            continue
        if atual.congelada:
            atual = _nova_versao(Lei, GrupoReserva, atual)
        for campo, valor in regras.items():
            setattr(atual, campo, valor)
        atual.save()
        _historico(HistoricalLei, atual, "Issue 12: a lista mais favorável (art. 5º, § 2º) passa a ser aplicada.")


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0006_lei_no_municipio_do_ibge"),
    ]

    operations = [
        *(migrations.RenameField(model_name=nome, old_name="prioridade", new_name="ordem_nomeacao")
          for nome in ("lei", "historicallei")),
        *(migrations.RenameField(model_name=nome, old_name="artigo_prioridade", new_name="artigo_ordem_nomeacao")
          for nome in ("lei", "historicallei")),
        *(op for nome in ("lei", "historicallei") for op in (
            migrations.AlterField(model_name=nome, name="ordem_nomeacao", field=models.CharField(
                choices=ORDEM, default="ampla_pcd_reserva", max_length=20,
                help_text="Por qual lista é nomeado o candidato classificado em mais de uma.",
                verbose_name="ordem de nomeação de quem está em várias listas")),
            migrations.AlterField(model_name=nome, name="artigo_ordem_nomeacao", field=models.CharField(
                blank=True, help_text=ARTIGO_AJUDA, max_length=120, verbose_name="artigo da ordem de nomeação")),
            migrations.AddField(model_name=nome, name="desempate_posicoes", field=models.CharField(
                choices=DESEMPATE, default="pcd_antes", max_length=20,
                help_text="Só nas posições que o padrão apenas deriva da proporção: uma posição que a lei fixa (toda "
                          "5ª, a 3ª…) é sempre do grupo da lei. Sem artigo, o edital adota o critério.",
                verbose_name="posição pedida pela vaga PcD e pela reservada")),
            migrations.AddField(model_name=nome, name="artigo_desempate", field=models.CharField(
                blank=True, help_text=ARTIGO_AJUDA, max_length=120, verbose_name="artigo do desempate das posições")),
            migrations.AddField(model_name=nome, name="lista_mais_favoravel", field=models.BooleanField(
                default=False,
                help_text="Nomeado na posição que a lista da reserva lhe daria, se anterior à da ampla, sem contar na "
                          "reserva.",
                verbose_name="cotista aprovado na ampla é nomeado pela lista mais favorável")),
            migrations.AddField(model_name=nome, name="artigo_lista_mais_favoravel", field=models.CharField(
                blank=True, help_text=ARTIGO_AJUDA, max_length=120, verbose_name="artigo da lista mais favorável")),
        )),
        migrations.RunPython(corrigir, migrations.RunPython.noop),
    ]

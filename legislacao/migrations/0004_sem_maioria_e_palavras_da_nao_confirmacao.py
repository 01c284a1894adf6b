from django.db import migrations, models
from django.utils import timezone

# «Declaração falsa» é o que só o procedimento de apuração de fraude reconhece (Afonso Cláudio art. 7º, com
# contraditório e ampla defesa); a não confirmação é uma avaliação fenotípica, e o artigo citado fica sem o rótulo.
ARTIGO_ANTIGO = "art. 7º (declaração falsa)"
ARTIGO_NOVO = "art. 7º"


def dados_atuais(dados: dict) -> dict:
    """Os dados de uma lei de origem (migração 0002) com os campos desta migração, para quem os repõe
    (`carregar_demo`)."""
    dados = dict(dados)
    dados["sem_maioria"] = "parecer_duvida" if dados.pop("duvida_favorece", False) else "nao_confirma"
    if dados.get("artigo_nao_confirmacao") == ARTIGO_ANTIGO:
        dados["artigo_nao_confirmacao"] = ARTIGO_NOVO
    return dados


def converter(apps, schema_editor):
    """A dúvida que «favorecia» a autodeclaração por si só passa a ser uma conclusão da comissão, motivada no
    parecer (art. 6º, § 1º); sem essa regra, a falta de maioria não confirma, como antes. No histórico, a conversão
    só traduz o campo antigo para o novo; o ajuste do artigo entra como uma versão nova, com o motivo, e as versões
    antigas ficam como eram."""
    Lei = apps.get_model("legislacao", "Lei")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    for modelo in (Lei, HistoricalLei):
        modelo.objects.filter(duvida_favorece=True).update(sem_maioria="parecer_duvida")
    campos = [f.attname for f in HistoricalLei._meta.concrete_fields if not f.attname.startswith("history_")]
    for lei in Lei.objects.filter(artigo_nao_confirmacao=ARTIGO_ANTIGO):
        lei.artigo_nao_confirmacao = ARTIGO_NOVO
        lei.save(update_fields=["artigo_nao_confirmacao"])
        HistoricalLei.objects.create(
            **{campo: getattr(lei, campo) for campo in campos}, history_date=timezone.now(), history_type="~",
            history_change_reason="Artigo da não confirmação sem o rótulo «declaração falsa» (só a fraude o é).")


def desfazer(apps, schema_editor):
    for nome in ("Lei", "HistoricalLei"):
        modelo = apps.get_model("legislacao", nome)
        modelo.objects.filter(sem_maioria="parecer_duvida").update(duvida_favorece=True)


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0003_regras_da_comissao"),
    ]

    operations = [
        migrations.AddField(
            model_name="lei",
            name="sem_maioria",
            field=models.CharField(
                choices=[("parecer_duvida", "A comissão decide em parecer motivado: havendo dúvida razoável, "
                                            "prevalece a autodeclaração; senão, não se confirma"),
                         ("nao_confirma", "Não confirmada: só a maioria confirma a autodeclaração")],
                default="nao_confirma",
                help_text="A contagem nunca decide sozinha pela dúvida razoável: ela é uma conclusão da comissão, "
                          "motivada no parecer (p. ex. Afonso Cláudio art. 6º, § 1º).",
                max_length=20, verbose_name="se nenhum lado alcança a maioria"),
        ),
        migrations.AddField(
            model_name="historicallei",
            name="sem_maioria",
            field=models.CharField(
                choices=[("parecer_duvida", "A comissão decide em parecer motivado: havendo dúvida razoável, "
                                            "prevalece a autodeclaração; senão, não se confirma"),
                         ("nao_confirma", "Não confirmada: só a maioria confirma a autodeclaração")],
                default="nao_confirma",
                help_text="A contagem nunca decide sozinha pela dúvida razoável: ela é uma conclusão da comissão, "
                          "motivada no parecer (p. ex. Afonso Cláudio art. 6º, § 1º).",
                max_length=20, verbose_name="se nenhum lado alcança a maioria"),
        ),
        migrations.RunPython(converter, desfazer),
    ]

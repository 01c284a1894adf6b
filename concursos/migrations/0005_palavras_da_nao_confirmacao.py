from django.db import migrations

# O mesmo ajuste de palavras de legislacao/0004 nas regras congeladas dos certames publicados: a não confirmação
# não é «declaração falsa», que só o procedimento de fraude reconhece. A regra (a eliminação e o artigo) não muda.
ARTIGO_ANTIGO = "art. 7º (declaração falsa)"
ARTIGO_NOVO = "art. 7º"


def ajustar(apps, schema_editor):
    Certame = apps.get_model("concursos", "Certame")
    for certame in Certame.objects.filter(regras__lei__artigo_nao_confirmacao=ARTIGO_ANTIGO).only("regras"):
        certame.regras["lei"]["artigo_nao_confirmacao"] = ARTIGO_NOVO
        certame.save(update_fields=["regras"])


class Migration(migrations.Migration):

    dependencies = [
        ("concursos", "0004_importacao_em_lote_e_busca_sem_acento"),
        ("legislacao", "0004_sem_maioria_e_palavras_da_nao_confirmacao"),
    ]

    operations = [migrations.RunPython(ajustar, migrations.RunPython.noop)]

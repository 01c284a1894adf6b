from django.db import migrations
from django.utils import timezone

# O mesmo ajuste de palavras de legislacao/0004 nas regras congeladas dos certames publicados: a não confirmação
# não é «declaração falsa», que só o procedimento de fraude reconhece. A regra (a eliminação e o artigo) não muda.
ARTIGO_ANTIGO = "art. 7º (declaração falsa)"
ARTIGO_NOVO = "art. 7º"


def ajustar(apps, schema_editor):
    """O ajuste entra no histórico do certame como uma versão nova, com o motivo; as antigas ficam como eram."""
    Certame = apps.get_model("concursos", "Certame")
    HistoricalCertame = apps.get_model("concursos", "HistoricalCertame")
    campos = [f.attname for f in HistoricalCertame._meta.concrete_fields if not f.attname.startswith("history_")]
    for certame in Certame.objects.filter(regras__lei__artigo_nao_confirmacao=ARTIGO_ANTIGO):
        certame.regras["lei"]["artigo_nao_confirmacao"] = ARTIGO_NOVO
        certame.save(update_fields=["regras"])
        HistoricalCertame.objects.create(
            **{campo: getattr(certame, campo) for campo in campos}, history_date=timezone.now(), history_type="~",
            history_change_reason="Artigo da não confirmação sem o rótulo «declaração falsa» (só a fraude o é).")


class Migration(migrations.Migration):

    dependencies = [
        ("concursos", "0004_importacao_em_lote_e_busca_sem_acento"),
        ("legislacao", "0004_sem_maioria_e_palavras_da_nao_confirmacao"),
    ]

    operations = [migrations.RunPython(ajustar, migrations.RunPython.noop)]

"""Remove o campo antigo da dúvida razoável, já convertido em `sem_maioria` pela migração 0004.

À parte da 0004 porque, no PostgreSQL, alterar a tabela do histórico na mesma transação em que ela recebeu linhas
(a versão nova de cada lei ajustada) falha: «pending trigger events».
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("legislacao", "0004_sem_maioria_e_palavras_da_nao_confirmacao"),
    ]

    operations = [
        migrations.RemoveField(model_name="lei", name="duvida_favorece"),
        migrations.RemoveField(model_name="historicallei", name="duvida_favorece"),
    ]

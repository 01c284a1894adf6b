"""O órgão passa de concursos para o núcleo (decisão 0005): aqui só o estado; a tabela continua a mesma até a 0002."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [("concursos", "0005_palavras_da_nao_confirmacao")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name="Orgao",
                fields=[
                    ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                               verbose_name="ID")),
                    ("nome", models.CharField(max_length=200, verbose_name="nome")),
                    ("sigla", models.CharField(blank=True, max_length=30, verbose_name="sigla")),
                    ("tipo", models.CharField(choices=[
                        ("direta", "Administração direta (Prefeitura, Câmara)"), ("autarquia", "Autarquia"),
                        ("fundacao", "Fundação pública"), ("empresa_publica", "Empresa pública"),
                        ("economia_mista", "Sociedade de economia mista")], default="direta", max_length=20,
                        verbose_name="natureza")),
                    ("municipio", models.CharField(max_length=100, verbose_name="município")),
                    ("uf", models.CharField(max_length=2, verbose_name="UF")),
                    ("cnpj", models.CharField(blank=True, max_length=18, verbose_name="CNPJ")),
                ],
                options={"verbose_name": "órgão ou entidade", "verbose_name_plural": "órgãos e entidades",
                         "ordering": ["uf", "municipio", "nome"], "db_table": "concursos_orgao"},
            ),
        ]),
    ]

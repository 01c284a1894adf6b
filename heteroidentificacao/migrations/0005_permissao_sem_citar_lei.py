"""O nome da permissão de ver os membros em sigilo sem citar uma lei: ela vale para as comissões de todos os
certames, e o dispositivo do sigilo é o da lei de cada um. O Django só cria permissões que faltam; o nome da que
já existe muda aqui."""

from django.db import migrations

NOME = ("Pode ver os nomes dos membros antes do resultado, onde a lei do certame os põe em sigilo (órgãos de "
        "controle)")
ANTIGO = "Pode ver os nomes dos membros antes do resultado (órgãos de controle; Afonso Cláudio art. 11, § 1º)"


def renomear(apps, schema_editor, de=ANTIGO, para=NOME):
    Permission = apps.get_model("auth", "Permission")
    Permission.objects.filter(content_type__app_label="heteroidentificacao", codename="ver_membros_em_sigilo",
                              name=de).update(name=para)


def desfazer(apps, schema_editor):
    renomear(apps, schema_editor, de=NOME, para=ANTIGO)


class Migration(migrations.Migration):

    dependencies = [
        ("heteroidentificacao", "0004_pdf_conferido_pelo_conteudo"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="comissao",
            options={"ordering": ["certame", "instancia"],
                     "permissions": [("ver_membros_em_sigilo", NOME)],
                     "verbose_name": "comissão de heteroidentificação",
                     "verbose_name_plural": "comissões de heteroidentificação"},
        ),
        migrations.RunPython(renomear, desfazer),
    ]

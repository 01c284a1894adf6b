"""O Poder do órgão (issue 12, item 8): a lei de reserva diz quais Poderes alcança (p. ex. Iúna art. 1º, «promovidos
pela Prefeitura»). A Câmara Municipal é o Poder Legislativo do município: o órgão cujo nome diz «Câmara» passa a
Legislativo; os demais ficam no Executivo, e o cadastro do órgão corrige o que não for assim."""

from django.db import migrations, models

from nucleo.municipios import chave_do_nome


def legislativo_pelo_nome(apps, schema_editor):
    Orgao = apps.get_model("nucleo", "Orgao")
    camaras = [pk for pk, nome in Orgao.objects.values_list("pk", "nome") if "camara" in chave_do_nome(nome).split()]
    Orgao.objects.filter(pk__in=camaras).update(poder="legislativo")


class Migration(migrations.Migration):

    dependencies = [
        ('nucleo', '0007_esfera_do_orgao'),
    ]

    operations = [
        migrations.AddField(
            model_name='orgao',
            name='poder',
            field=models.CharField(choices=[('executivo', 'Poder Executivo (Prefeitura, Governo, ministérios e a administração indireta)'), ('legislativo', 'Poder Legislativo (Câmara Municipal, Assembleia Legislativa, Congresso)')], db_default='executivo', default='executivo', help_text='A Câmara Municipal é do Legislativo; a Prefeitura e as entidades da administração indireta, do Executivo. A lei de reserva diz quais alcança.', max_length=12, verbose_name='Poder'),
        ),
        migrations.AlterField(
            model_name='orgao',
            name='tipo',
            field=models.CharField(choices=[('direta', 'Administração direta (Prefeitura, Câmara)'), ('autarquia', 'Autarquia'), ('fundacao', 'Fundação pública'), ('empresa_publica', 'Empresa pública'), ('economia_mista', 'Sociedade de economia mista')], default='direta', help_text='A natureza da entidade: a lei de reserva diz quais alcança.', max_length=20, verbose_name='natureza'),
        ),
        migrations.RunPython(legislativo_pelo_nome, migrations.RunPython.noop),
    ]

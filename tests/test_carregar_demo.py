from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from legislacao.models import Lei

SLUGS_DE_ORIGEM = {
    "vargem-alta-es-2023",
    "iuna-es",
    "ibatiba-es-2024",
    "ubatuba-sp-lei-3765-2014",
    "afonso-claudio-es-lei-2552-2023",
}

pytestmark = pytest.mark.django_db


def carregar_demo() -> str:
    saida = StringIO()
    call_command("carregar_demo", stdout=saida)
    return saida.getvalue()


def test_it_creates_the_demo_superuser_and_prints_the_credentials_with_a_warning():
    saida = carregar_demo()

    usuario = get_user_model().objects.get(username="demo")
    assert usuario.is_superuser and usuario.is_staff and usuario.is_active
    assert usuario.check_password("demo12345")
    assert "usuário: demo" in saida
    assert "senha:   demo12345" in saida
    assert "SÓ PARA DEMONSTRAÇÃO LOCAL" in saida
    assert "http://127.0.0.1:8000/admin/ " in saida
    assert "http://127.0.0.1:8000/admin/legislacao/lei/simulador/" in saida
    assert "simular_vagas --lei" in saida


def test_it_is_idempotent_and_resets_the_demo_password():
    carregar_demo()
    usuario = get_user_model().objects.get(username="demo")
    usuario.set_password("outra-senha-qualquer")
    usuario.is_superuser = False
    usuario.save()

    saida = carregar_demo()

    assert get_user_model().objects.filter(username="demo").count() == 1
    usuario.refresh_from_db()
    assert usuario.check_password("demo12345")
    assert usuario.is_superuser
    assert "senha redefinida" in saida
    assert Lei.objects.count() == len(SLUGS_DE_ORIGEM)


def test_it_restores_a_deleted_law_of_origin_with_its_groups():
    referencia = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    grupos = list(referencia.grupos.values("codigo", "percentual", "padrao", "intervalo"))
    referencia.delete()

    saida = carregar_demo()

    assert set(Lei.objects.values_list("slug", flat=True)) == SLUGS_DE_ORIGEM
    reposta = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    assert list(reposta.grupos.values("codigo", "percentual", "padrao", "intervalo")) == grupos
    assert reposta.texto.strip()
    assert "repostas: afonso-claudio-es-lei-2552-2023" in saida

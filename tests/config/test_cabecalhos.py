"""Os cabeçalhos que limitam o estrago de um script injetado (LGPD art. 46): CSP sem scripts inline nem de outro
endereço, e Permissions-Policy sem câmera, microfone ou localização, em toda página, no admin, na área da comissão
e nos PDFs."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

PAGINAS = ["admin:login", "comissao:entrar", "documentos:verificar"]


def diretivas(resposta) -> dict[str, list[str]]:
    politica = resposta["Content-Security-Policy"]
    return {partes[0]: partes[1:] for partes in (d.split() for d in politica.split(";") if d.strip())}


@pytest.mark.django_db
@pytest.mark.parametrize("pagina", PAGINAS)
def test_nenhum_script_inline_nem_de_fora_e_nenhuma_moldura(client, pagina):
    csp = diretivas(client.get(reverse(pagina)))
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"][0] == "'self'"
    assert all(valor == "'unsafe-hashes'" or valor.startswith("'sha256-") for valor in csp["script-src"][1:])
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["base-uri"] == ["'self'"]


@pytest.mark.django_db
@pytest.mark.parametrize("pagina", PAGINAS)
def test_camera_microfone_e_localizacao_negados(client, pagina):
    politica = {item.strip() for item in client.get(reverse(pagina))["Permissions-Policy"].split(",")}
    assert {"camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"} <= politica


@pytest.mark.django_db
def test_a_pagina_de_nao_encontrado_tambem_leva_os_cabecalhos(client):
    resposta = client.get("/comissao/sessao/999999/")
    assert "Content-Security-Policy" in resposta and "Permissions-Policy" in resposta


def test_nenhum_template_do_projeto_tem_script_inline_ou_atributo_de_evento():
    """A CSP recusaria o script inline: ele deixaria de funcionar calado. Todo JavaScript fica em arquivo estático."""
    raiz = Path(settings.BASE_DIR)
    templates = [*raiz.glob("templates/**/*.html"), *raiz.glob("*/templates/**/*.html")]
    assert templates
    for template in templates:
        texto = template.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", texto), f"script inline em {template}"
        assert not re.search(r"\son[a-z]+\s*=", texto), f"atributo de evento (onclick…) em {template}"
        assert "javascript:" not in texto, f"link javascript: em {template}"


def test_o_unico_evento_inline_liberado_e_o_que_o_import_export_ainda_usa():
    """A exceção da CSP some quando o django-import-export deixar de precisar dela."""
    import import_export

    export = Path(import_export.__file__).parent / "templates/admin/import_export/export.html"
    for codigo in settings.EVENTOS_INLINE_PERMITIDOS:
        assert f'="{codigo}"' in export.read_text(encoding="utf-8")

"""Todas as telas do admin em português: o superusuário abre cada página (o índice, o de cada app, e de cada modelo
registrado a lista, a inclusão, a ficha, o histórico e uma versão do histórico, e as páginas próprias) com os dados
de exemplo de tests/nucleo/conftest.py, e o texto visível (sem tags, scripts, estilos e atributos) não pode ter
palavras das bibliotecas em inglês, plurais com parênteses («(s)»), abreviações nem códigos crus.

O percurso é o do teste do recorte por órgão (tests/nucleo/test_recorte_por_orgao.py): uma página nova do admin entra
sozinha. Todas as falhas são juntadas e listadas de uma vez, com a página e a palavra.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client
from django.utils.text import capfirst

from tests.nucleo.test_recorte_por_orgao import urls_do_admin

pytestmark = pytest.mark.django_db

# Palavras (sem distinguir maiúsculas) que só aparecem quando uma biblioteca fala inglês.
INGLES = ["Resource", "Select all", "This exporter", "exporter", "Successful", "Ready", "Running", "Failed",
          "Change reason", "Changes", "Changed by", "None", "True", "False", "priority", "Enqueued", "Task",
          "Task name", "queue name", "backend name", "run after", "traceback", "return value", "worker", "Submit",
          "Export", "Format", "Date/time", "Object", "History", "Home", "View on site", "Add another"]
# Plurais e gêneros com parênteses, abreviações de coluna.
REMENDOS = ["(s)", "(a)", "(ns)", "(es)", "(ões)", "(as)", "(os)", "(is)", "preench.", "revert.", "outro(a)",
            "Nenhum(a)"]
# Um intervalo que é um número só («posições 3 a 3»).
INTERVALO_DE_UM = re.compile(r"\b(\d+) a \1\b")
# Valores de escolha crus no histórico («inscricoes_encerradas»): palavras com sublinhado depois de uma seta.
CODIGO_CRU = re.compile(r"(?:(?<=→)|(?<=→ ))[a-z]+(?:_[a-z]+)+\b|\b[a-z]+(?:_[a-z]+)+(?=\s*→)")

class _TextoVisivel(HTMLParser):
    """O texto que a pessoa lê: fora de <script>, <style> e <template>, sem os atributos."""

    OCULTOS = {"script", "style", "template", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.partes: list[str] = []
        self._ocultos = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.OCULTOS:
            self._ocultos += 1

    def handle_endtag(self, tag):
        if tag in self.OCULTOS and self._ocultos:
            self._ocultos -= 1

    def handle_data(self, data):
        if not self._ocultos:
            self.partes.append(data)


def texto_visivel(html: str) -> str:
    leitor = _TextoVisivel()
    leitor.feed(html)
    return re.sub(r"\s+", " ", " ".join(leitor.partes))


def problemas_no_texto(texto: str) -> list[tuple[str, str]]:
    """(o que se achou, o trecho em volta) de cada problema do texto."""
    achados = []
    for palavra in INGLES:
        achados += [(palavra, m.start()) for m in re.finditer(rf"(?<![\w/]){re.escape(palavra)}(?![\w/])", texto, re.I)]
    for remendo in REMENDOS:
        achados += [(remendo, m.start()) for m in re.finditer(re.escape(remendo), texto)]
    achados += [(f"«{m.group(0)}»", m.start()) for m in INTERVALO_DE_UM.finditer(texto)]
    achados += [(f"«{m.group(0)}»", m.start()) for m in CODIGO_CRU.finditer(texto)]
    for config in apps.get_app_configs():
        titulo = f"{capfirst(config.verbose_name)} administração"
        achados += [(titulo, m.start()) for m in re.finditer(re.escape(titulo), texto)]
    return [(achado, texto[max(0, inicio - 40):inicio + 40]) for achado, inicio in achados]


def test_o_texto_visivel_acha_ingles_e_remendos():
    html = ('<p title="Resource">Cor</p><script>var None = 1;</script><th>Change reason</th>'
            "<li>Situação: inscricoes_abertas → inscricoes_encerradas</li><p>280 linha(s), posições 3 a 3</p>")
    achados = [achado for achado, _ in problemas_no_texto(texto_visivel(html))]
    assert "Resource" not in achados and "None" not in achados
    assert {"Change reason", "(s)", "«3 a 3»", "«inscricoes_encerradas»"} <= set(achados)


def test_nenhuma_pagina_do_admin_mostra_ingles_nem_plural_com_parenteses(dois_orgaos, admin_user):
    falhas: list[str] = []
    urls = [url for url, _ in urls_do_admin(dois_orgaos.a.objetos, falhas)]
    cliente = Client(raise_request_exception=False)
    cliente.force_login(admin_user)
    visitadas = 0
    for url in dict.fromkeys(urls):
        resposta = cliente.get(url)
        if resposta.status_code >= 500:
            falhas.append(f"{url}: HTTP {resposta.status_code}")
            continue
        if resposta.status_code != 200 or not resposta.get("Content-Type", "").startswith("text/html"):
            continue
        visitadas += 1
        conteudo = b"".join(resposta.streaming_content) if resposta.streaming else resposta.content
        falhas += [f"{url}: {achado} (em «…{trecho}…»)"
                   for achado, trecho in problemas_no_texto(texto_visivel(conteudo.decode()))]
    assert visitadas > 3 * len(admin.site._registry), f"só {visitadas} páginas visitadas"
    assert not falhas, f"{len(falhas)} problemas:\n" + "\n".join(falhas)

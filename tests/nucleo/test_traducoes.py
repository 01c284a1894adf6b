"""As traduções do projeto (locale/pt_BR/LC_MESSAGES): o .mo que vai no repositório corresponde ao .po, e as frases
que o Django e as bibliotecas mostram saem no português do projeto."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override, pgettext

PASTA = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES"


def _entradas_do_po(caminho: Path) -> dict:
    """As entradas do .po como o catálogo do .mo as guarda: msgid (ou «contexto\\x04msgid») → msgstr, e
    (msgid, n) → msgstr[n] nos plurais."""
    entradas, atual, chave = {}, {}, None

    def fechar():
        if atual.get("msgid"):
            msgid = atual["msgid"] if "msgctxt" not in atual else f"{atual['msgctxt']}\x04{atual['msgid']}"
            if "msgid_plural" in atual:
                for n in range(2):
                    entradas[(msgid, n)] = atual[f"msgstr[{n}]"]
            else:
                entradas[msgid] = atual["msgstr"]
        atual.clear()

    for linha in caminho.read_text(encoding="utf-8").splitlines():
        linha = linha.strip()
        if not linha or linha.startswith("#"):
            continue
        if linha.startswith('"'):
            atual[chave] += ast.literal_eval(linha)
            continue
        chave, _, valor = linha.partition(" ")
        if chave in ("msgctxt", "msgid") and ("msgstr" in atual or "msgstr[0]" in atual):
            fechar()
        atual[chave] = ast.literal_eval(valor)
    fechar()
    return entradas


def test_o_mo_do_repositorio_corresponde_ao_po():
    entradas = _entradas_do_po(PASTA / "django.po")
    with open(PASTA / "django.mo", "rb") as arquivo:
        catalogo = gettext.GNUTranslations(arquivo)._catalog
    catalogo = {chave: valor for chave, valor in catalogo.items() if chave != ""}
    assert entradas == catalogo, "rode: python manage.py compilemessages -l pt_BR --ignore=.venv"


def test_as_frases_das_bibliotecas_saem_em_portugues():
    with override("pt-br"):
        assert _("Select all") == "Marcar todas"
        assert _("Change reason") == "Motivo"
        assert pgettext("Task", "Successful") == "Concluída"
        assert _("The {name} “{obj}” was changed successfully.").format(name="lei", obj="Lei 1") == (
            "Alterações salvas: lei “Lei 1”.")
        assert _("Add another %(verbose_name)s") % {"verbose_name": "cargo"} == "Adicionar cargo"
        assert ngettext("Export %(len)s selected item.", "Export %(len)s selected items.", 3) % {"len": 3} == (
            "Exportar os 3 itens marcados.")

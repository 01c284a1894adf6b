"""Células seguras para os CSV e XLSX que o sistema escreve e alguém abre no Excel ou no LibreOffice.

Um texto que começa com =, +, -, @, tab ou CR é lido como fórmula (injeção de fórmula, CWE-1236): um nome
«=HYPERLINK("http://…";"clique")» vindo do arquivo da banca viraria um link na lista de erros, e
«+cmd|' /C calc'!A0» um comando. A célula ganha um apóstrofo na frente (a planilha o mostra como texto e
o esconde); números de verdade, com sinal («-3», «-78,5», «+10»), continuam números. Os caracteres de
controle que o XLSX não aceita (o openpyxl recusaria a planilha inteira) viram «\N{REPLACEMENT CHARACTER}», para que
se veja que havia algo ali. As exportações do admin (concursos/exportacao/formatos_seguros.py) e a lista de erros da
importação usam as mesmas regras.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal

_INICIO_DE_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠")
_NUMERO_COM_SINAL = re.compile(r"[+-]\d+(?:[.,]\d+)?\Z", re.ASCII)
# Os que o XML do XLSX não admite (os mesmos de openpyxl.cell.cell.ILLEGAL_CHARACTERS_RE).
_ILEGAIS_NO_XLSX = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def texto_seguro(texto: str) -> str:
    """O texto com os caracteres que o XLSX não aceita trocados e, se parecer fórmula, com um apóstrofo na frente."""
    texto = _ILEGAIS_NO_XLSX.sub("\N{REPLACEMENT CHARACTER}", texto)
    if texto.startswith(_INICIO_DE_FORMULA) and not _NUMERO_COM_SINAL.match(texto):
        return "'" + texto
    return texto


def celula_segura(valor: object) -> object:
    """O valor de uma célula de planilha: números, datas e booleanos como estão, vazio para None e
    qualquer outra coisa como texto seguro (texto_seguro)."""
    if valor is None:
        return ""
    if isinstance(valor, (bool, int, float, Decimal, date, datetime)):
        return valor
    return texto_seguro(str(valor))

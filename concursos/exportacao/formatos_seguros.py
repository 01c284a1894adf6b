"""CSV, TSV e XLSX que dado hostil não quebra: nenhuma célula vira fórmula, nenhum caractere derruba a planilha.

Um nome como `=HYPERLINK("http://x","y")` ou `+cmd|' /C calc'!A0`, aberto no Excel ou no LibreOffice, seria
executado como fórmula (injeção de fórmula, OWASP «CSV Injection»); um caractere de controle (\\x07) faz o
openpyxl recusar a planilha inteira. Cada texto passa por `neutralizar` (as regras de nucleo/planilhas.py, as
mesmas da lista de erros da importação) antes de ir para o arquivo. Números, datas e vazios passam intactos.

O CSV segue a convenção das planilhas brasileiras (o Excel em português abre o arquivo já em colunas): «;» entre as
colunas, a vírgula decimal (os recursos escrevem as notas com vírgula, concursos/exportacao/recursos.py) e UTF-8 com
BOM.

As opções do django-import-export (IMPORT_EXPORT_ESCAPE_FORMULAE_ON_EXPORT) não bastam: tiram só um «=» do começo
(deixam +, -, @, tabulação e CR) e transformam toda célula em texto. Veja docs/decisoes/0004-exportacoes-seguras.md.
"""

from __future__ import annotations

import tablib
from import_export.formats import base_formats

from nucleo.planilhas import texto_seguro


def neutralizar(valor):
    """O valor como a planilha deve mostrá-lo (nucleo/planilhas.py); o que não é texto passa como está."""
    return texto_seguro(valor) if isinstance(valor, str) else valor


def neutralizar_linha(linha) -> list:
    return [neutralizar(valor) for valor in linha]


def _neutralizado(dataset: tablib.Dataset) -> tablib.Dataset:
    cabecalho = neutralizar_linha(dataset.headers) if dataset.headers else None
    return tablib.Dataset(*(neutralizar_linha(linha) for linha in dataset), headers=cabecalho, title=dataset.title)


class _Neutralizado:
    def export_data(self, dataset, **kwargs):
        return super().export_data(_neutralizado(dataset), **kwargs)


# O BOM faz o Excel abrir o arquivo como UTF-8 (sem ele, «Conceição» vira «ConceiÃ§Ã£o»).
BOM = "\ufeff"


class CSV(_Neutralizado, base_formats.CSV):
    """O CSV das planilhas brasileiras: «;» entre as colunas (a vírgula é a das casas decimais), UTF-8 com BOM."""

    def export_data(self, dataset, **kwargs):
        return BOM + super().export_data(dataset, **{"delimiter": ";", **kwargs})


class TSV(_Neutralizado, base_formats.TSV):
    def export_data(self, dataset, **kwargs):
        return BOM + super().export_data(dataset, **kwargs)


class XLSX(_Neutralizado, base_formats.XLSX):
    pass


# Os formatos oferecidos no admin, na ordem do formulário. JSON e HTML não são abertos como planilha e escapam o
# próprio conteúdo (o HTML do tablib escapa <, > e &).
FORMATOS = [CSV, XLSX, TSV, base_formats.JSON, base_formats.HTML]

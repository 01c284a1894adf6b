"""Os modelos para baixar, um por arquivo que o RH importa: o cabeçalho do leiaute, uma linha de exemplo e os valores
permitidos (no XLSX, numa segunda aba; no CSV, na página de importação e em docs/importacao.md). Saem do leiaute
(`leiaute_do_certame`): uma coluna nova no leiaute aparece no modelo sem mais nada."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from concursos.importacao.leiaute import (
    COLUNAS,
    COLUNAS_DOCUMENTO,
    COLUNAS_RESULTADO,
    OBRIGATORIAS_INSCRICAO,
    OPCIONAIS_INSCRICAO,
    leiaute_do_certame,
)
from concursos.models import Certame
from nucleo.planilhas import texto_seguro


@dataclass(frozen=True)
class Modelo:
    codigo: str
    nome: str
    colunas: tuple[str, ...]


MODELOS = {m.codigo: m for m in (
    Modelo("inscricoes", "Arquivo de inscrições",
           tuple(c for c in COLUNAS if c in OBRIGATORIAS_INSCRICAO + OPCIONAIS_INSCRICAO)),
    Modelo("resultados", "Arquivo de resultados", ("inscricao", *COLUNAS_RESULTADO)),
    Modelo("documentos", "Arquivo de documentos para a reserva", ("inscricao", *COLUNAS_DOCUMENTO)),
)}

# Uma pessoa inventada, com um CPF de dígitos verificadores certos (o dos exemplos da Receita).
_EXEMPLO = {
    "inscricao": "000123", "nome": "Maria da Silva", "nome_social": "", "cpf": "123.456.789-09",
    "data_nascimento": "31/12/1990", "genero": "feminino", "email": "maria@exemplo.org", "telefone": "(27) 99999-0000",
    "cor_raca": "parda", "quilombola": "nao", "pcd": "nao", "reserva": "sim", "autodeclaracao_em": "10/03/2026",
    "nota_final": "78,5", "classificacao": "1", "situacao": "habilitado", "documento_conferencia": "aceito",
    "documento_motivo": "",
}


def _linha_de_exemplo(certame: Certame, modelo: Modelo) -> list[str]:
    cargo = certame.cargos.order_by("codigo").values_list("codigo", flat=True).first() or "ADM"
    documentos = [t.codigo for exigencia in certame.exigencias_documentais().values() for t in exigencia.tipos]
    exemplo = {**_EXEMPLO, "cargo": cargo, "documento": documentos[0] if documentos else ""}
    if not documentos:
        exemplo["documento_conferencia"] = ""
    # O código do cargo é digitado pelo RH e os documentos vêm da lei: nada que comece como fórmula vai cru à planilha.
    return [texto_seguro(exemplo[c]) for c in modelo.colunas]


def valores_permitidos(certame: Certame, modelo: Modelo) -> list[tuple[str, str, str]]:
    """(coluna, obrigatória, formato e valores) das colunas do modelo; os documentos, os da lei do certame."""
    return [tuple(texto_seguro(str(v)) for v in linha)
            for linha in leiaute_do_certame(certame.exigencias_documentais()) if linha[0] in modelo.colunas]


def nome_do_arquivo(certame: Certame, modelo: Modelo, formato: str) -> str:
    return f"modelo-{modelo.codigo}-edital-{certame.numero_edital.replace('/', '-')}.{formato}"


def modelo_csv(certame: Certame, modelo: Modelo) -> bytes:
    return planilha_csv(modelo.colunas, _linha_de_exemplo(certame, modelo))


def modelo_xlsx(certame: Certame, modelo: Modelo) -> bytes:
    return planilha_xlsx(modelo.colunas, _linha_de_exemplo(certame, modelo), valores_permitidos(certame, modelo))


def planilha_csv(colunas: tuple[str, ...], exemplo: list[str]) -> bytes:
    """Separado por ponto e vírgula, com BOM: o Excel brasileiro o abre em colunas e com os acentos."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow(colunas)
    escritor.writerow(exemplo)
    return ("\ufeff" + saida.getvalue()).encode()


def planilha_xlsx(colunas: tuple[str, ...], exemplo: list[str], valores_das_colunas) -> bytes:
    """A primeira aba é o arquivo (o cabeçalho e a linha de exemplo, tudo como texto: o Excel não tira os zeros da
    inscrição nem do CPF); a segunda, os valores permitidos de cada coluna (a importação lê só a primeira)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    planilha = Workbook()
    dados = planilha.active
    dados.title = "arquivo"
    dados.append(list(colunas))
    dados.append(exemplo)
    for celula in dados[2]:
        celula.number_format = "@"
    for celula in dados[1]:
        celula.font = Font(bold=True)
    for i, coluna in enumerate(colunas):
        dados.column_dimensions[dados.cell(1, i + 1).column_letter].width = max(14, len(coluna) + 4)
    valores = planilha.create_sheet("valores permitidos")
    valores.append(["coluna", "obrigatória", "formato e valores permitidos"])
    for celula in valores[1]:
        celula.font = Font(bold=True)
    for linha in valores_das_colunas:
        valores.append(list(linha))
    valores.column_dimensions["A"].width = 24
    valores.column_dimensions["B"].width = 12
    valores.column_dimensions["C"].width = 100
    saida = io.BytesIO()
    planilha.save(saida)
    return saida.getvalue()

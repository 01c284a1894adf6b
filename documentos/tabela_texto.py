"""Tabelas longas dos PDFs (listas de classificação, convocações) como linhas de texto em fonte monoespaçada.

O WeasyPrint gasta cerca de meio milissegundo por célula de tabela (estilo, caixa, leiaute e desenho de cada
uma): uma lista de 1.000 candidatos em seis colunas levava 5 s. Aqui cada registro vira uma linha de texto, com as
colunas alinhadas por espaços numa fonte monoespaçada — alinhamento exato qualquer que seja o conteúdo (uma
inscrição «VA-000123», um CPF mascarado) —, e cada célula da tabela leva um bloco de cinco registros, com um fio
entre os blocos, como no papel pautado, para o olho não perder a linha. A última coluna (o nome, de tamanho livre)
é quebrada aqui mesmo, com recuo, na largura da página; o template usa `white-space: pre`, e o WeasyPrint não
precisa procurar onde quebrar. O cabeçalho é um <thead>, repetido em cada página.

Use com `documentos/pdf/_tabela_texto.html` (a tabela) e `documentos/pdf/tabela_texto.css` (8 pt).
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Caracteres por linha a 8 pt, com o respiro da célula (1,2 mm de cada lado). Nas fontes monoespaçadas do sistema
# (DejaVu Sans Mono, Liberation Mono) cada caractere tem 0,6 em = 4,8 pt. A4 em pé: 177,6 mm = 503 pt → 104;
# deitado: 264,6 mm = 750 pt → 156. A folga absorve diferenças de métrica entre as fontes.
LARGURA_RETRATO = 102
LARGURA_PAISAGEM = 153
POR_BLOCO = 5
SEPARADOR = "  "
# O nome nunca fica mais estreito que isto, ainda que as outras colunas sejam largas (inscrições de 30 sinais).
MINIMO_ULTIMA = 24


@dataclass(frozen=True)
class Coluna:
    rotulo: str
    direita: bool = False  # números: alinhados à direita, como nas tabelas de papel


@dataclass(frozen=True)
class TabelaTexto:
    cabecalho: str
    blocos: list[SafeString]


def _texto(valor) -> str:
    # Acentos compostos (NFD) contariam dois caracteres para uma só letra e desalinhariam a linha.
    return unicodedata.normalize("NFC", "" if valor is None else str(valor)).replace("\n", " ")


def tabela_texto(colunas: Sequence[Coluna], linhas: Iterable[Sequence], *, largura: int = LARGURA_RETRATO,
                 classes: Sequence[str] = (), por_bloco: int = POR_BLOCO) -> TabelaTexto:
    """Monta o cabeçalho e os blocos de linhas. A última coluna é texto livre, quebrado com recuo.

    `classes`, se dada, tem uma classe CSS por linha (vazia para nenhuma): a linha sai num <span> com ela, p. ex.
    para acinzentar quem desistiu. Cada valor é escapado; o resultado vai direto ao template.
    """
    linhas = [[_texto(v) for v in linha] for linha in linhas]
    fixas = colunas[:-1]
    larguras = [max([len(c.rotulo), *(len(linha[i]) for linha in linhas)]) for i, c in enumerate(fixas)]

    def prefixo(valores) -> str:
        return "".join((v.rjust(n) if c.direita else v.ljust(n)) + SEPARADOR
                       for c, v, n in zip(fixas, valores, larguras, strict=True))

    recuo = sum(larguras) + len(SEPARADOR) * len(fixas)
    livre = max(MINIMO_ULTIMA, largura - recuo)
    cabecalho = prefixo([c.rotulo for c in fixas]) + colunas[-1].rotulo
    textos = []
    for i, linha in enumerate(linhas):
        partes = textwrap.wrap(linha[-1], livre, break_on_hyphens=False) or [""]
        texto = escape(prefixo(linha[:-1]) + ("\n" + " " * recuo).join(partes))
        classe = classes[i] if i < len(classes) else ""
        textos.append(f'<span class="{escape(classe)}">{texto}</span>' if classe else texto)
    blocos = [mark_safe("\n".join(textos[i:i + por_bloco])) for i in range(0, len(textos), por_bloco)]
    return TabelaTexto(cabecalho, blocos)

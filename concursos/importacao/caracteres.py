"""Os caracteres que não se veem: de controle, invisíveis e os que invertem a direção do texto.

Num nome ou num número de inscrição, fariam dois valores iguais na tela serem diferentes no banco (e na
busca, na lista publicada, na ata), ou esconderiam um trecho do valor: «Maria\\u202eamlaS» aparece como
«MariaSalma». Um nome só de caracteres invisíveis passaria por preenchido. O arquivo com qualquer um
deles é recusado, com a linha, a coluna e o valor com esses caracteres escritos como \\u202e.
"""

from __future__ import annotations

import re
import unicodedata

# Controles C0 (menos o tab, aceito como espaço nos textos livres) e C1, DEL e os separadores de linha e
# de parágrafo do Unicode.
_CONTROLE = "\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029"
# Que mudam a direção da exibição (Trojan Source, CVE-2021-42574): LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI,
# PDI, LRM, RLM e o ALM árabe.
_DIRECAO = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# Sem largura nem traço: ZWSP, ZWNJ, ZWJ, WJ, BOM fora do começo do arquivo, hífen opcional, os
# «preenchimentos» do hangul (usados para nomes que parecem vazios), os separadores invisíveis de
# matemática, os de anotação e os de etiqueta (que escondem texto ASCII).
_INVISIVEIS = ("\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060-\u2064\u206a-\u206f\u3164\ufeff\uffa0"
               "\ufff9-\ufffb\U000e0000-\U000e007f")

# Tudo o que é recusado (o tab entra: no número de inscrição é recusado; nos textos livres vira espaço).
SUSPEITO = re.compile(f"[\t{_CONTROLE}{_DIRECAO}{_INVISIVEIS}]")
_SEM_O_TAB = re.compile(f"[{_CONTROLE}{_DIRECAO}{_INVISIVEIS}]")
_QUEBRA = re.compile("[\n\r\u2028\u2029\x0b\x0c\x85]")
_NA_DIRECAO = re.compile(f"[{_DIRECAO}]")
_SO_INVISIVEIS = re.compile(f"[\\s{_INVISIVEIS}]*\\Z")
# Letras do hangul que não desenham nada: são imprimíveis para o Unicode (a linha não cai no exame de
# caracteres suspeitos), e por isso o nome é conferido à parte.
PREENCHIMENTOS = "\u115f\u1160\u3164\uffa0 "
MOTIVO_SO_INVISIVEIS = "o valor só tem caracteres invisíveis ou espaços; informe o valor de verdade."
_ESCRITOS = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
# Nos erros, um valor enorme (um campo de 100 mil caracteres) fica só com o começo.
TAMANHO_NO_ERRO = 80


def visivel(valor: str) -> str:
    """O valor como aparece na mensagem de erro: cada caractere suspeito escrito como \\uXXXX (ou \\t, \\n,
    \\r), os demais como estão; valores longos cortados."""
    cortado = valor[:TAMANHO_NO_ERRO]
    escrito = SUSPEITO.sub(lambda achado: _escrito(achado.group()), cortado)
    return escrito + ("…" if len(valor) > TAMANHO_NO_ERRO else "")


def _escrito(caractere: str) -> str:
    if caractere in _ESCRITOS:
        return _ESCRITOS[caractere]
    codigo = ord(caractere)
    return f"\\u{codigo:04x}" if codigo <= 0xFFFF else f"\\U{codigo:08x}"


def motivo(valor: str, *, tab_e_espaco: bool) -> str | None:
    """Por que o valor é recusado (None se não é). `tab_e_espaco`: nos textos livres (nome, telefone), o tab
    é um espaço a mais, normalizado como os outros."""
    achado = (_SEM_O_TAB if tab_e_espaco else SUSPEITO).search(valor)
    if achado is None:
        return None
    if _QUEBRA.search(valor):
        return ("quebra de linha dentro do campo: um registro deve ficar numa linha só (confira as aspas; numa "
                "planilha, tire as quebras de linha da célula).")
    if _NA_DIRECAO.search(valor):
        return ("o valor tem caracteres que invertem a direção do texto (mostrados como \\u…), que fazem a tela "
                "exibir algo diferente do que está gravado; digite o valor de novo, sem copiá-lo de outro lugar.")
    if _SO_INVISIVEIS.match(valor):
        return MOTIVO_SO_INVISIVEIS
    if achado.group() == "\t":
        return "o valor tem um tab (mostrado como \\t), que não cabe neste campo; tire-o."
    tipo = "de controle" if unicodedata.category(achado.group()) == "Cc" else "invisíveis"
    return (f"o valor tem caracteres {tipo} (mostrados como \\u…); digite o valor de novo, sem copiá-lo de "
            "outro lugar.")

"""Importação dos arquivos da banca (inscrições e resultados) para um certame: tudo ou nada, em lote.

O leiaute está em docs/importacao.md. Um arquivo com as colunas da pessoa (nome, cpf…) é de
**inscrições** (cria ou atualiza candidatos e inscrições; as colunas de resultado são opcionais); um
arquivo só com `inscricao` e colunas de resultado é de **resultados** e atualiza as inscrições já
existentes pelo número.

Tudo numa única transação, com o certame travado (duas importações do mesmo certame não se cruzam), e
com o mesmo SQL e as mesmas mensagens em PostgreSQL e em SQLite:

1. **Leitura** em fluxo (módulo csv, ou openpyxl read_only: memória limitada), com a validação de cada
   valor por consultas a dicionários e expressões pré-compiladas, sem objeto de modelo por linha. Roda
   numa thread própria e entrega lotes; cada lote vai para uma tabela temporária de preparo (PostgreSQL:
   COPY; SQLite: executemany) e é casado com as inscrições já existentes.
2. **Gravação otimista**: enquanto o arquivo está sem erros, as linhas *novas* de cada lote já são
   gravadas (candidatos por INSERT … SELECT … ON CONFLICT (cpf); inscrições por INSERT … SELECT, cada uma
   apontando a Importacao que a criou), cada lote num savepoint. Assim o banco, que é o gargalo (índices,
   chaves estrangeiras), trabalha enquanto o Python lê o resto do arquivo.
3. **Validação do arquivo inteiro** em SQL sobre a tabela de preparo: repetições no arquivo, CPF já
   inscrito no cargo, classificação já usada, inscrição de outro certame, campos travados depois do
   encerramento das inscrições. Se todas as linhas entraram na etapa otimista, os índices únicos já
   provaram o que essas verificações provariam, e elas não rodam.
4. Com qualquer erro (ou na simulação), a transação é desfeita: nada do que foi gravado fica. Sem erros,
   grava o que esperava a validação (alterações de inscrições existentes, com um registro de histórico
   cada; resultados; lotes que não puderam ser gravados antes) e confirma.

Os erros seguem o estilo do simulador (legislacao/entrada.py): «Linha N, coluna «x», valor «v»: motivo»,
com a linha do arquivo (a do cabeçalho é a 1).
"""

from __future__ import annotations

import csv
import gc
import hashlib
import io
import itertools
import logging
import queue
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from operator import itemgetter
from pathlib import Path
from typing import BinaryIO

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from concursos.busca import SEPARADOR_SOCIAL, nome_para_busca
from concursos.models import Candidato, Cargo, Certame, EstadoImportacao, Importacao, Inscricao, formatar_cpf
from legislacao.entrada import Erro

logger = logging.getLogger(__name__)

# --- Leiaute -----------------------------------------------------------------------------------------

# Ordem do leiaute documentado (também a das exportações, em concursos/recursos.py).
COLUNAS = ("inscricao", "cargo", "nome", "nome_social", "cpf", "data_nascimento", "genero", "email", "telefone",
           "cor_raca", "quilombola", "pcd", "reserva", "autodeclaracao_em", "nota_final", "classificacao",
           "situacao")
OBRIGATORIAS_INSCRICAO = ("inscricao", "cargo", "nome", "cpf", "email", "cor_raca", "quilombola", "pcd", "reserva")
OPCIONAIS_INSCRICAO = ("nome_social", "data_nascimento", "genero", "telefone", "autodeclaracao_em")
COLUNAS_RESULTADO = ("nota_final", "classificacao", "situacao")
_DA_PESSOA = frozenset(OBRIGATORIAS_INSCRICAO + OPCIONAIS_INSCRICAO) - {"inscricao"}

# (coluna, obrigatória?, formato) — mostrado na tela de envio; docs/importacao.md traz os detalhes.
LEIAUTE = (
    ("inscricao", "sim", "número da inscrição na banca (até 30 caracteres); único no certame"),
    ("cargo", "sim*", "código do cargo no certame (p. ex. ADM)"),
    ("nome", "sim*", "nome civil (até 200 caracteres)"),
    ("nome_social", "não", "nome social, se houver"),
    ("cpf", "sim*", "11 dígitos, com ou sem pontuação (123.456.789-09)"),
    ("data_nascimento", "não", "dd/mm/aaaa"),
    ("genero", "não", "feminino, masculino, outro ou nao_informado"),
    ("email", "sim*", "e-mail de contato"),
    ("telefone", "não", "até 20 caracteres"),
    ("cor_raca", "sim*", "branca, preta, parda, amarela ou indigena (autodeclaração, quesito do IBGE)"),
    ("quilombola", "sim*", "sim ou nao"),
    ("pcd", "sim*", "sim ou nao (concorre às vagas de pessoa com deficiência)"),
    ("reserva", "sim*", "sim ou nao (optou pela reserva racial)"),
    ("autodeclaracao_em", "não", "dd/mm/aaaa (data da autodeclaração)"),
    ("nota_final", "não", "número com até 3 casas decimais, vírgula ou ponto (78,5)"),
    ("classificacao", "não", "inteiro a partir de 1, único no cargo (após os desempates da banca)"),
    ("situacao", "não", "habilitado, eliminado ou desistente"),
)

MODO_INSCRICOES = "inscricoes"
MODO_RESULTADOS = "resultados"

# Arquivos com mais erros que isto são quase sempre o arquivo errado: os primeiros ficam listados e os
# demais só contados, para que a lista caiba na tela e no registro da importação.
LIMITE_ERROS = 10_000
LINHAS_PREVIA = 10
LOTE_PREPARO = 25_000
# O primeiro lote é menor (e os seguintes dobram até LOTE_PREPARO): o banco começa a trabalhar logo.
PRIMEIRO_LOTE = 5_000
LOTE_GRAVACAO_MINIMO = 50_000
TROCA_DE_THREAD = 0.0005  # segundos (sys.setswitchinterval) durante a leitura em paralelo

SIM_NAO = {"sim": "1", "s": "1", "nao": "0", "não": "0", "n": "0"}
CORES = {"branca": "branca", "preta": "preta", "parda": "parda", "amarela": "amarela", "indigena": "indigena",
         "indígena": "indigena"}
GENEROS = {"feminino": "feminino", "f": "feminino", "masculino": "masculino", "m": "masculino", "outro": "outro",
           "nao_informado": "nao_informado", "não_informado": "nao_informado", "nao informado": "nao_informado",
           "não informado": "nao_informado", "prefere não informar": "nao_informado",
           "prefere nao informar": "nao_informado"}
SITUACOES = {"habilitado": "habilitado", "eliminado": "eliminado", "desistente": "desistente"}
# True e False são as chaves 1 e 0 (PostgreSQL devolve bool; SQLite, int).
_SIM_NAO_TEXTO = {"1": "sim", "0": "nao", 1: "sim", 0: "nao"}

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+\Z")
_NOTA = re.compile(r"\d{1,5}(?:[.,]\d{1,3})?\Z")
_DATA_BR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})\Z")
_DATA_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z")
_SEM_PONTUACAO_CPF = str.maketrans("", "", ".-/ ")
_MAIOR_INTEIRO = 2_147_483_647

MOTIVO_SIM_NAO = "valor desconhecido; use sim ou nao."


class ErroGravacao(Exception):
    """O banco recusou a gravação (nada foi gravado); a mensagem, em português, diz o que houve."""


@dataclass
class Resultado:
    """O que a importação leu, o que gravou (ou gravaria, na simulação) e os erros encontrados."""

    modo: str = ""
    linhas: int = 0
    candidatos_criados: int = 0
    candidatos_atualizados: int = 0
    inscricoes_criadas: int = 0
    inscricoes_atualizadas: int = 0
    inscricoes_sem_mudanca: int = 0
    erros: list[Erro] = field(default_factory=list)
    total_erros: int = 0
    colunas_ignoradas: list[str] = field(default_factory=list)
    colunas: list[str] = field(default_factory=list)
    gravado: bool = False
    segundos: float = 0.0
    importacao_id: int | None = None
    sha256: str = ""

    @property
    def linhas_por_segundo(self) -> float:
        return self.linhas / self.segundos if self.segundos else 0.0

    def resumo(self) -> str:
        """O resumo em português, o mesmo no comando e no admin."""
        tipo = "inscrições" if self.modo == MODO_INSCRICOES else "resultados"
        partes = [f"Arquivo de {tipo}: {mil(self.linhas)} linha(s) lida(s)."]
        if self.erros:
            partes.append(f"{mil(self.total_erros)} erro(s); nada foi gravado.")
            return " ".join(partes)
        verbo = "" if self.gravado else " (simulação: nada foi gravado)"
        if self.modo == MODO_INSCRICOES:
            partes.append(f"Candidatos: {mil(self.candidatos_criados)} novo(s), "
                          f"{mil(self.candidatos_atualizados)} atualizado(s).")
        partes.append(f"Inscrições: {mil(self.inscricoes_criadas)} nova(s), {mil(self.inscricoes_atualizadas)} "
                      f"atualizada(s), {mil(self.inscricoes_sem_mudanca)} sem alteração{verbo}.")
        if self.colunas_ignoradas:
            partes.append(f"Colunas ignoradas: {', '.join(self.colunas_ignoradas)}.")
        return " ".join(partes)


def mil(n: int) -> str:
    """Número com separador de milhar brasileiro (1.000.000)."""
    return f"{n:,}".replace(",", ".")


# --- Leitura do arquivo --------------------------------------------------------------------------------

class ErroCabecalho(Exception):
    def __init__(self, erros: list[Erro]):
        self.erros = erros
        super().__init__("\n".join(str(e) for e in erros))


# Grafias comuns nas planilhas das bancas para as colunas do leiaute.
SINONIMOS = {"e_mail": "email", "cor_ou_raca": "cor_raca", "raca_cor": "cor_raca", "data_de_nascimento":
             "data_nascimento", "nascimento": "data_nascimento", "numero_inscricao": "inscricao",
             "inscricao_numero": "inscricao", "codigo_cargo": "cargo"}


def _chave(nome: str) -> str:
    """Nome de coluna comparável: sem acento, minúsculo, espaços, barras e hífens como «_»."""
    import unicodedata

    sem_acento = unicodedata.normalize("NFKD", nome.removeprefix("\ufeff")).encode("ascii", "ignore").decode()
    chave = re.sub(r"[\s\-/]+", "_", sem_acento.strip().lower())
    return SINONIMOS.get(chave, chave)


def _eh_xlsx(inicio: bytes, nome: str) -> bool:
    return inicio.startswith(b"PK\x03\x04") or nome.lower().endswith((".xlsx", ".xlsm"))


def _celula(valor) -> str:
    """Valor de célula do XLSX como o texto que a mesma célula teria num CSV."""
    if valor is None:
        return ""
    if isinstance(valor, str):
        return valor
    if isinstance(valor, bool):
        return "sim" if valor else "nao"
    if isinstance(valor, int):
        return str(valor)
    if isinstance(valor, float):
        return str(int(valor)) if valor.is_integer() else repr(valor)
    if isinstance(valor, (datetime, date)):
        return valor.strftime("%d/%m/%Y")
    return str(valor)


@dataclass
class _Fonte:
    cabecalho: list[str]
    linhas: Iterator[tuple[int, list[str]]]
    fechar: Callable[[], None]


def _abrir(arquivo: BinaryIO, nome: str) -> _Fonte:
    """Abre CSV (UTF-8, vírgula ou ponto e vírgula) ou XLSX e devolve o cabeçalho e as linhas, em fluxo."""
    inicio = arquivo.read(4)
    arquivo.seek(0)
    if inicio.startswith(b"\xd0\xcf\x11\xe0") or nome.lower().endswith(".xls"):
        raise ErroCabecalho([Erro(1, "", "", "o formato .xls (Excel 97-2003) não é aceito; salve a planilha como "
                                             ".xlsx ou como «CSV UTF-8».")])
    if _eh_xlsx(inicio, nome):
        return _abrir_xlsx(arquivo)
    return _abrir_csv(arquivo)


def _abrir_csv(arquivo: BinaryIO) -> _Fonte:
    texto = io.TextIOWrapper(arquivo, encoding="utf-8-sig", newline="")
    try:
        primeira = texto.readline()
    except UnicodeDecodeError as exc:
        raise ErroCabecalho([_erro_utf8(1)]) from exc
    # O cabeçalho não tem vírgula nem ponto e vírgula nos nomes: o que aparecer nele é o separador.
    separador = ";" if primeira.count(";") > primeira.count(",") else ","
    leitor = csv.reader(itertools.chain([primeira], texto), delimiter=separador)
    try:
        cabecalho = next(leitor, None)
    except csv.Error as exc:
        raise ErroCabecalho([Erro(1, "", "", f"o cabeçalho não pôde ser lido ({exc}).")]) from exc

    def linhas() -> Iterator[tuple[int, list[str]]]:
        try:
            for campos in leitor:
                yield leitor.line_num, campos
        except UnicodeDecodeError as exc:
            raise ErroCabecalho([_erro_utf8(leitor.line_num + 1)]) from exc
        except csv.Error as exc:
            raise ErroCabecalho([Erro(leitor.line_num, "", "", f"a linha não pôde ser lida ({exc}); confira aspas "
                                                                "e separadores.")]) from exc

    return _Fonte(cabecalho or [], linhas(), lambda: texto.detach())


def _erro_utf8(linha: int) -> Erro:
    return Erro(linha, "", "", "o arquivo não está em UTF-8; salve-o como «CSV UTF-8» (ou envie o .xlsx).")


def _abrir_xlsx(arquivo: BinaryIO) -> _Fonte:
    import zipfile

    from openpyxl import load_workbook

    try:
        # read_only: as linhas são lidas do XML em fluxo, sem carregar a planilha inteira na memória.
        livro = load_workbook(arquivo, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise ErroCabecalho([Erro(1, "", "", "a planilha XLSX não pôde ser aberta (arquivo corrompido ou não é "
                                             ".xlsx).")]) from exc
    if not livro.worksheets:
        livro.close()
        raise ErroCabecalho([Erro(1, "", "", "a planilha não tem abas.")])
    valores = livro.worksheets[0].iter_rows(values_only=True)
    cabecalho = [_celula(v) for v in next(valores, ())]
    while cabecalho and not cabecalho[-1].strip():
        cabecalho.pop()

    chaves = [_chave(c) for c in cabecalho]
    coluna_cpf = chaves.index("cpf") if "cpf" in chaves else None

    def linhas() -> Iterator[tuple[int, list[str]]]:
        largura = len(cabecalho)
        for numero, celulas in enumerate(valores, 2):
            campos = [_celula(v) for v in celulas[:largura]]
            if coluna_cpf is not None and coluna_cpf < len(celulas) and isinstance(celulas[coluna_cpf], int):
                # CPF guardado como número: a planilha perdeu os zeros à esquerda.
                campos[coluna_cpf] = campos[coluna_cpf].zfill(11)
            if len(campos) < largura:
                campos.extend([""] * (largura - len(campos)))
            elif any(v is not None and str(v).strip() for v in celulas[largura:]):
                campos.append("")  # sobra preenchida além do cabeçalho: acusada como número de campos errado
            yield numero, campos

    return _Fonte(cabecalho, linhas(), livro.close)


def ler_previa(arquivo: BinaryIO, nome: str, quantidade: int = LINHAS_PREVIA) -> tuple[list[str], list[dict]]:
    """As primeiras linhas do arquivo como estão escritas (só as colunas do leiaute), para a prévia no admin."""
    try:
        fonte = _abrir(arquivo, nome)
    except ErroCabecalho:
        return [], []
    try:
        _, posicoes, _ = _mapear_cabecalho(fonte.cabecalho)
        colunas = [c for c in COLUNAS if c in posicoes]
        linhas = []
        for numero, campos in fonte.linhas:
            if not any(c.strip() for c in campos):
                continue
            campos.append("")
            linhas.append({"linha": numero} | {c: campos[min(posicoes[c], len(campos) - 1)].strip()
                                               for c in colunas})
            if len(linhas) >= quantidade:
                break
        return colunas, linhas
    except ErroCabecalho:
        return [], []
    finally:
        fonte.fechar()


def contar_linhas(arquivo: BinaryIO, nome: str) -> int | None:
    """Estimativa rápida das linhas de dados (sem o cabeçalho), para decidir se roda em segundo plano."""
    inicio = arquivo.read(4)
    arquivo.seek(0)
    try:
        if _eh_xlsx(inicio, nome):
            from openpyxl import load_workbook

            try:
                livro = load_workbook(arquivo, read_only=True)
                maximo = livro.worksheets[0].max_row if livro.worksheets else None
                livro.close()
            except Exception:  # o erro de verdade aparece na validação, com mensagem própria
                return None
            return max(0, maximo - 1) if maximo else None
        quebras, ultimo = 0, b"\n"
        while bloco := arquivo.read(1 << 20):
            quebras += bloco.count(b"\n")
            ultimo = bloco[-1:]
        return max(0, quebras - (1 if ultimo == b"\n" else 0))
    finally:
        arquivo.seek(0)


def _mapear_cabecalho(cabecalho: list[str]) -> tuple[str, dict[str, int], list[str]]:
    """Valida o cabeçalho; devolve o modo, a posição de cada coluna conhecida e as colunas ignoradas."""
    if not cabecalho or not any(c.strip() for c in cabecalho):
        raise ErroCabecalho([Erro(1, "", "", "o arquivo está vazio; a primeira linha deve ser o cabeçalho com as "
                                             "colunas do leiaute (veja docs/importacao.md).")])
    erros: list[Erro] = []
    posicoes: dict[str, int] = {}
    ignoradas: list[str] = []
    for i, bruto in enumerate(cabecalho):
        chave = _chave(bruto)
        if not chave:
            continue
        if chave in posicoes:
            erros.append(Erro(1, chave, bruto, f"coluna repetida no cabeçalho (já é a {posicoes[chave] + 1}ª)."))
        elif chave in COLUNAS:
            posicoes[chave] = i
        else:
            ignoradas.append(bruto.strip())
    if "inscricao" not in posicoes:
        erros.append(Erro(1, "inscricao", "", "coluna obrigatória ausente do cabeçalho."))
    if _DA_PESSOA & posicoes.keys():
        modo = MODO_INSCRICOES
        erros.extend(Erro(1, c, "", "coluna obrigatória ausente do cabeçalho (arquivo de inscrições)."
                             ) for c in OBRIGATORIAS_INSCRICAO if c not in posicoes and c != "inscricao")
    else:
        modo = MODO_RESULTADOS
        if not any(c in posicoes for c in COLUNAS_RESULTADO):
            erros.append(Erro(1, "", "", "faltam colunas: um arquivo de inscrições precisa de "
                                         f"{', '.join(OBRIGATORIAS_INSCRICAO)}; um arquivo só de resultados, de "
                                         f"inscricao e ao menos uma de {', '.join(COLUNAS_RESULTADO)}."))
    if erros:
        raise ErroCabecalho(erros)
    return modo, posicoes, ignoradas


# --- Validação de cada valor ----------------------------------------------------------------------------

def cpf_valido(digitos: str) -> bool:
    """Dígitos verificadores do CPF (mesma regra do BRCPFValidator do localflavor, sem exceções)."""
    if len(digitos) != 11 or not digitos.isdigit() or not digitos.isascii() or digitos == digitos[0] * 11:
        return False
    # Os códigos ASCII dos dígitos (48 a 57), sem laço: é o laço quente da leitura de um milhão de linhas.
    # Cada soma ponderada desconta 48 × a soma dos pesos (10…2 somam 54; 11…2, 65).
    a, b, c, d, e, f, g, h, i, j, k = digitos.encode()
    resto = (10 * a + 9 * b + 8 * c + 7 * d + 6 * e + 5 * f + 4 * g + 3 * h + 2 * i - 48 * 54) % 11
    if j - 48 != (0 if resto < 2 else 11 - resto):
        return False
    resto = (11 * a + 10 * b + 9 * c + 8 * d + 7 * e + 6 * f + 5 * g + 4 * h + 3 * i + 2 * j - 48 * 65) % 11
    return k - 48 == (0 if resto < 2 else 11 - resto)


class _Datas:
    """Converte dd/mm/aaaa em ISO, com memória: datas de nascimento se repetem muito num arquivo grande."""

    def __init__(self, *, minimo: date, maximo: date):
        self.minimo, self.maximo = minimo, maximo
        self.cache: dict[str, str | None] = {}

    def __call__(self, texto: str) -> str | None:
        try:
            return self.cache[texto]
        except KeyError:
            pass
        if len(self.cache) > 200_000:
            self.cache.clear()
        achado = _DATA_BR.match(texto)
        if achado:
            dia, mes, ano = map(int, achado.groups())
        elif achado := _DATA_ISO.match(texto):
            ano, mes, dia = map(int, achado.groups())
        else:
            self.cache[texto] = None
            return None
        try:
            valor = date(ano, mes, dia)
        except ValueError:
            valor = None
        iso = valor.isoformat() if valor and self.minimo <= valor <= self.maximo else None
        self.cache[texto] = iso
        return iso


# --- Tabela de preparo -----------------------------------------------------------------------------------

PREPARO = "importacao_preparo"
# (coluna, tipo no PostgreSQL, tipo no SQLite). As linhas chegam na ordem destas colunas.
_COLUNAS_PREPARO = (
    ("linha", "integer", "INTEGER"), ("inscricao", "text", "TEXT"), ("cargo_id", "bigint", "INTEGER"),
    ("nome", "text", "TEXT"), ("nome_social", "text", "TEXT"), ("cpf", "text", "TEXT"),
    ("data_nascimento", "date", "TEXT"), ("genero", "text", "TEXT"), ("email", "text", "TEXT"),
    ("telefone", "text", "TEXT"), ("cor_raca", "text", "TEXT"), ("quilombola", "boolean", "INTEGER"),
    ("pcd", "boolean", "INTEGER"), ("reserva", "boolean", "INTEGER"), ("autodeclaracao_em", "date", "TEXT"),
    ("nota_final", "numeric", "NUMERIC"), ("classificacao", "integer", "INTEGER"), ("situacao", "text", "TEXT"),
    ("nome_busca", "text", "TEXT"), ("ultima_do_cpf", "boolean", "INTEGER"),
)
# A posição de cada coluna de preparo nas linhas dos lotes.
_NO_LOTE = {nome: i for i, (nome, _, _) in enumerate(_COLUNAS_PREPARO)}
# Preenchidas ao casar cada lote com o banco: a inscrição existente (pelo número) e se a linha a altera.
_COLUNAS_CALCULADAS = (("inscricao_id", "bigint", "INTEGER"), ("muda", "boolean", "INTEGER"))


class _Preparo:
    """A tabela temporária de preparo: só esta conexão a vê, e ela some com a transação desfeita."""

    def __init__(self):
        self.postgres = connection.vendor == "postgresql"
        self.nulo = "\\N" if self.postgres else None

    def criar(self) -> None:
        indice = 1 if self.postgres else 2
        colunas = ", ".join(f"{c[0]} {c[indice]}" for c in _COLUNAS_PREPARO + _COLUNAS_CALCULADAS)
        with connection.cursor() as cursor:
            if self.postgres:
                # A tabela de preparo de um arquivo grande não cabe nos 8 MB padrão de buffers temporários.
                # Só dá para mudar antes do primeiro uso de tabela temporária na sessão; depois, fica como está.
                try:
                    with transaction.atomic():
                        cursor.execute("SET temp_buffers = '256MB'")
                except DatabaseError:
                    pass
            cursor.execute(f"DROP TABLE IF EXISTS {PREPARO}")
            cursor.execute(f"CREATE TEMP TABLE {PREPARO} ({colunas})")
            # Cada lote é lido e gravado por faixa de linhas: sem este índice, cada lote varreria a tabela toda.
            cursor.execute(f"CREATE INDEX {PREPARO}_linha ON {PREPARO} (linha)")
            if not self.postgres:
                # O SQLite não tem junção por hash: sem índices, as verificações seriam quadráticas.
                for nome, colunas in (("inscricao", "inscricao"), ("cpf", "cpf, cargo_id"),
                                      ("classificacao", "cargo_id, classificacao"), ("id", "inscricao_id")):
                    cursor.execute(f"CREATE INDEX {PREPARO}_{nome} ON {PREPARO} ({colunas})")

    def gravar(self, linhas: list) -> None:
        if not linhas:
            return
        with connection.cursor() as cursor:
            if self.postgres:
                # COPY em formato texto: as linhas já vêm como texto, com \N para nulo e barras escapadas.
                nomes = ", ".join(c[0] for c in _COLUNAS_PREPARO)
                with cursor.cursor.copy(f"COPY {PREPARO} ({nomes}) FROM STDIN") as copia:
                    for inicio in range(0, len(linhas), 10_000):
                        copia.write("".join("\t".join(r) + "\n" for r in linhas[inicio:inicio + 10_000]))
            else:
                marcas = ", ".join(["%s"] * len(_COLUNAS_PREPARO))
                cursor.executemany(f"INSERT INTO {PREPARO} VALUES ({marcas}, NULL, NULL)", linhas)

    def analisar(self) -> None:
        if self.postgres:
            # Tabelas temporárias não passam pelo autovacuum: sem estatísticas o planejador erra as junções.
            with connection.cursor() as cursor:
                # Uma amostra pequena basta para as junções (a padrão, de 30 mil linhas, custa mais).
                cursor.execute("SET LOCAL default_statistics_target = 10")
                cursor.execute(f"ANALYZE {PREPARO}")

    def remover(self) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {PREPARO}")
        except DatabaseError:  # a conexão pode ter caído; a tabela temporária some com ela
            logger.warning("Não foi possível remover a tabela de preparo da importação.", exc_info=True)


# --- Etapa 1: leitura e validação linha a linha -----------------------------------------------------------

@dataclass
class _Leitura:
    """O que a leitura sabe do arquivo; os totais ficam prontos quando o último lote sai."""

    modo: str
    presentes: frozenset[str]
    linhas: int = 0
    primeira: int = 0
    ultima: int = 0


@dataclass
class _Lote:
    linhas: list
    primeira: int
    ultima: int
    lidas: int
    limpo: bool  # nenhum erro no arquivo até o fim deste lote


class _Erros:
    def __init__(self, limite: int):
        self.lista: list[Erro] = []
        self.total = 0
        self.limite = limite

    def __call__(self, linha: int, coluna: str, valor: str, motivo: str) -> None:
        self.total += 1
        if len(self.lista) < self.limite:
            self.lista.append(Erro(linha, coluna, valor, motivo))

    @property
    def cheio(self) -> bool:
        return self.total >= self.limite


def _lotes(fonte: _Fonte, posicoes: dict[str, int], leitura: _Leitura, cargos: dict[str, int], nulo,
           erros: _Erros) -> Iterator[_Lote]:
    """Lê e valida cada linha e a entrega em lotes já no formato da tabela de preparo.

    É o laço quente (roda numa thread própria, em paralelo com o banco): nada de objetos de modelo nem de
    acesso ao banco por linha; consultas a dicionários e expressões regulares pré-compiladas.
    """
    largura = len(fonte.cabecalho)
    # Coluna ausente: lê um campo vazio acrescentado ao fim de cada linha.
    pega = itemgetter(*(posicoes.get(c, largura) for c in COLUNAS))
    escapar = nulo is not None
    hoje = timezone.localdate()
    datas_nascimento = _Datas(minimo=date(1900, 1, 1), maximo=hoje)
    datas = _Datas(minimo=date(1900, 1, 1), maximo=hoje + timedelta(days=366))
    codigos = ", ".join(list(cargos)[:10]) + (", …" if len(cargos) > 10 else "")
    # No COPY tudo vai como texto; no executemany, como o valor Python.
    cargos = {c: str(i) if escapar else i for c, i in cargos.items()}
    cargos_sem_caixa = {c.casefold(): i for c, i in cargos.items()}
    pessoa = leitura.modo == MODO_INSCRICOES
    tem_situacao = "situacao" in posicoes
    lote: list = []
    lidas = primeira_do_lote = 0
    erro = erros
    # Os primeiros lotes são menores e crescem: o banco começa logo e não espera a leitura do segundo.
    tamanho = min(PRIMEIRO_LOTE, LOTE_PREPARO)

    for linha, campos in fonte.linhas:
        if len(campos) != largura:
            if not any(c.strip() for c in campos):
                continue
            erro(linha, "", "", f"a linha tem {len(campos)} campos, e o cabeçalho {largura}; confira separadores "
                                "e aspas.")
            if erros.cheio:
                break
            continue
        campos.append("")
        (insc, cargo, nome, nome_social, cpf, nascimento, genero, email, telefone, cor, quilombola, pcd, reserva,
         autodeclaracao, nota, classificacao, situacao) = pega(campos)
        insc = insc.strip()
        if not insc:
            if not "".join(campos).strip():
                continue  # linha em branco (só separadores)
            erro(linha, "inscricao", insc, "a inscrição é obrigatória.")
            insc = nulo
        elif len(insc) > 30:
            erro(linha, "inscricao", insc, "a inscrição tem mais de 30 caracteres.")
            insc = nulo
        elif escapar and "\\" in insc:
            insc = insc.replace("\\", "\\\\")
        lidas += 1
        if not leitura.primeira:
            leitura.primeira = linha
        if not primeira_do_lote:
            primeira_do_lote = linha

        if pessoa:
            cargo = cargo.strip()
            cargo_id = cargos.get(cargo) or cargos_sem_caixa.get(cargo.casefold())
            if cargo_id is None:
                erro(linha, "cargo", cargo, f"cargo desconhecido neste certame; use um dos códigos: {codigos}.")
                cargo_id = nulo
            nome = " ".join(nome.split())
            if not nome:
                erro(linha, "nome", nome, "o nome é obrigatório.")
            elif len(nome) > 200:
                erro(linha, "nome", nome, "o nome tem mais de 200 caracteres.")
            elif escapar and "\\" in nome:
                nome = nome.replace("\\", "\\\\")
            if nome_social:
                nome_social = " ".join(nome_social.split())
                if len(nome_social) > 200:
                    erro(linha, "nome_social", nome_social, "o nome social tem mais de 200 caracteres.")
                elif escapar and "\\" in nome_social:
                    nome_social = nome_social.replace("\\", "\\\\")
            bruto = cpf
            cpf = cpf.translate(_SEM_PONTUACAO_CPF)
            if 9 <= len(cpf) < 11 and cpf.isdigit():
                cpf = cpf.zfill(11)  # a planilha tira os zeros à esquerda de um CPF guardado como número
            if len(cpf) != 11 or not cpf.isdigit() or not cpf.isascii():
                erro(linha, "cpf", bruto, "CPF inválido: informe os 11 dígitos, com ou sem pontuação.")
                cpf = nulo
            elif not cpf_valido(cpf):
                erro(linha, "cpf", bruto, "CPF inválido: os dígitos verificadores não conferem.")
                cpf = nulo
            if nascimento := nascimento.strip():
                bruto = nascimento
                nascimento = datas_nascimento(nascimento)
                if nascimento is None:
                    erro(linha, "data_nascimento", bruto, "data inválida; use dd/mm/aaaa (p. ex. 31/12/1990), "
                                                          "entre 1900 e hoje.")
                    nascimento = nulo
            else:
                nascimento = nulo
            if genero := genero.strip():
                bruto = genero
                genero = GENEROS.get(genero.lower())
                if genero is None:
                    erro(linha, "genero", bruto, "valor desconhecido; use feminino, masculino, outro ou "
                                                 "nao_informado.")
                    genero = nulo
            else:
                genero = "nao_informado"
            email = email.strip()
            if not email:
                erro(linha, "email", email, "o e-mail é obrigatório.")
            elif len(email) > 254 or not _EMAIL.match(email):
                erro(linha, "email", email, "e-mail inválido.")
            elif escapar and "\\" in email:
                email = email.replace("\\", "\\\\")
            if telefone:
                telefone = " ".join(telefone.split())
                if len(telefone) > 20:
                    erro(linha, "telefone", telefone, "o telefone tem mais de 20 caracteres.")
                elif escapar and "\\" in telefone:
                    telefone = telefone.replace("\\", "\\\\")
            bruto = cor
            cor = CORES.get(cor.strip().lower())
            if cor is None:
                erro(linha, "cor_raca", bruto, "valor desconhecido; use branca, preta, parda, amarela ou indigena.")
                cor = nulo
            bruto = quilombola
            quilombola = SIM_NAO.get(quilombola.strip().lower())
            if quilombola is None:
                erro(linha, "quilombola", bruto, MOTIVO_SIM_NAO)
                quilombola = nulo
            bruto = pcd
            pcd = SIM_NAO.get(pcd.strip().lower())
            if pcd is None:
                erro(linha, "pcd", bruto, MOTIVO_SIM_NAO)
                pcd = nulo
            bruto = reserva
            reserva = SIM_NAO.get(reserva.strip().lower())
            if reserva is None:
                erro(linha, "reserva", bruto, MOTIVO_SIM_NAO)
                reserva = nulo
            if autodeclaracao := autodeclaracao.strip():
                bruto = autodeclaracao
                autodeclaracao = datas(autodeclaracao)
                if autodeclaracao is None:
                    erro(linha, "autodeclaracao_em", bruto, "data inválida; use dd/mm/aaaa (p. ex. 15/03/2024).")
                    autodeclaracao = nulo
            else:
                autodeclaracao = nulo
            # Só letras e números: nada a escapar no COPY.
            busca = nome_para_busca(nome, nome_social)
        else:
            cargo_id = nome = nome_social = cpf = nascimento = genero = email = telefone = busca = nulo
            cor = quilombola = pcd = reserva = autodeclaracao = nulo

        if nota := nota.strip():
            if _NOTA.match(nota):
                nota = nota.replace(",", ".")
            else:
                erro(linha, "nota_final", nota, "use um número não negativo com até 5 dígitos inteiros e 3 casas "
                                                "decimais, com vírgula ou ponto (p. ex. 78,5).")
                nota = nulo
        else:
            nota = nulo
        if classificacao := classificacao.strip():
            if not (classificacao.isdigit() and classificacao.isascii()) or not (
                    1 <= int(classificacao) <= _MAIOR_INTEIRO):
                erro(linha, "classificacao", classificacao, "use um número inteiro a partir de 1 (1 = melhor "
                                                            "classificado).")
                classificacao = nulo
        else:
            classificacao = nulo
        if tem_situacao:
            bruto = situacao.strip()
            situacao = SITUACOES.get(bruto.lower())
            if situacao is None:
                erro(linha, "situacao", bruto, "valor desconhecido; use habilitado, eliminado ou desistente.")
                situacao = nulo
        else:
            situacao = nulo

        lote.append([str(linha) if escapar else linha, insc, cargo_id, nome, nome_social or "", cpf, nascimento,
                     genero, email, telefone or "", cor, quilombola, pcd, reserva, autodeclaracao, nota,
                     classificacao, situacao, busca, None])
        leitura.ultima = linha
        if len(lote) >= tamanho:
            yield _Lote(_marcar_ultima_do_cpf(lote, escapar), primeira_do_lote, linha, lidas, not erros.total)
            lote, primeira_do_lote = [], 0
            tamanho = min(LOTE_PREPARO, tamanho * 2)
        if erros.cheio:
            break
    leitura.linhas = lidas
    if lote:
        yield _Lote(_marcar_ultima_do_cpf(lote, escapar), primeira_do_lote, leitura.ultima, lidas, not erros.total)


def _marcar_ultima_do_cpf(lote: list[list], escapar: bool) -> list[list]:
    """Marca a última linha de cada CPF no lote: é a que vale para o cadastro da pessoa (o INSERT … ON
    CONFLICT não aceita o mesmo CPF duas vezes num comando)."""
    sim, nao = ("t", "f") if escapar else (1, 0)
    coluna_cpf, coluna_ultima = _NO_LOTE["cpf"], _NO_LOTE["ultima_do_cpf"]
    vistos = set()
    for linha in reversed(lote):
        cpf = linha[coluna_cpf]
        linha[coluna_ultima] = nao if cpf in vistos else sim
        vistos.add(cpf)
    return lote


def _em_paralelo(gerador: Iterator, maximo: int = 2) -> Iterator:
    """Consome o gerador numa thread: enquanto o banco grava um lote, o Python já lê e valida o seguinte.

    O driver do banco solta o GIL enquanto espera o servidor; só a thread principal usa a conexão.
    """
    fila: queue.Queue = queue.Queue(maxsize=maximo)
    parar = threading.Event()

    def produzir() -> None:
        try:
            for item in gerador:
                while not parar.is_set():
                    try:
                        fila.put(("lote", item), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if parar.is_set():
                    return
            fila.put(("fim", None))
        except BaseException as exc:  # levada à thread principal, que a relança
            fila.put(("fim", exc))

    thread = threading.Thread(target=produzir, name="importacao-leitura", daemon=True)
    # O COPY vai ao servidor em pedaços de 128 KB, e depois de cada um a thread principal espera o GIL de volta:
    # com a troca padrão (5 ms) o banco ficava parado à espera dos dados enquanto a leitura corria.
    troca, coleta = sys.getswitchinterval(), gc.isenabled()
    sys.setswitchinterval(min(troca, TROCA_DE_THREAD))
    # Centenas de milhares de listas novas, sem ciclos: o coletor de ciclos só gastaria tempo as percorrendo
    # (medido: 12% da CPU do Python). A contagem de referências continua liberando cada lote gravado.
    gc.disable()
    thread.start()
    try:
        while True:
            tipo, item = fila.get()
            if tipo == "fim":
                if item is not None:
                    raise item
                return
            yield item
    finally:
        parar.set()
        while thread.is_alive():
            try:
                fila.get(timeout=0.1)
            except queue.Empty:
                pass
        thread.join()
        sys.setswitchinterval(troca)
        if coleta:
            gc.enable()


# --- Etapa 2: validação contra o banco -------------------------------------------------------------------

def _q(modelo) -> str:
    return connection.ops.quote_name(modelo._meta.db_table)


def _texto_sim_nao(valor) -> str:
    return _SIM_NAO_TEXTO.get(valor, "" if valor is None else str(valor))


def _texto_data(valor) -> str:
    if valor is None:
        return ""
    if isinstance(valor, str):
        valor = date.fromisoformat(valor)
    return valor.strftime("%d/%m/%Y")


def _normal(valor):
    if isinstance(valor, bool):
        return int(valor)
    if isinstance(valor, date):
        return valor.isoformat()
    return valor


@dataclass(frozen=True)
class _Marcas:
    """Os maiores ids antes da importação: separam o que já existia do que esta importação criou."""

    candidato: int
    inscricao: int

    @classmethod
    def agora(cls) -> _Marcas:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT (SELECT max(id) FROM {_q(Candidato)}), (SELECT max(id) FROM {_q(Inscricao)})")
            candidato, inscricao = cursor.fetchone()
        return cls(candidato or 0, inscricao or 0)


def _casar(certame: Certame, leitura: _Leitura, marcas: _Marcas, de: int, ate: int) -> int:
    """Acha a inscrição já existente de cada linha do lote (pelo número, neste certame) e marca se a linha a
    altera. Devolve quantas linhas do lote já existiam."""
    presentes = leitura.presentes
    mudancas = []
    conjuntos = ["inscricao_id = i.id"]
    origem = _q(Inscricao) + " AS i"
    if leitura.modo == MODO_INSCRICOES:
        mudancas += [f"s.{c} IS DISTINCT FROM i.{c}" for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd")]
        mudancas += ["s.cpf IS DISTINCT FROM c.cpf",
                     "(s.autodeclaracao_em IS NOT NULL AND s.autodeclaracao_em IS DISTINCT FROM i.autodeclaracao_em)"]
        origem += f" JOIN {_q(Candidato)} AS c ON c.id = i.candidato_id"
    else:
        # Arquivo só de resultados: o cargo vem da inscrição (para conferir a classificação no cargo).
        conjuntos.append("cargo_id = i.cargo_id")
    mudancas += [f"s.{c} IS DISTINCT FROM i.{c}" for c in COLUNAS_RESULTADO if c in presentes]
    if "classificacao" not in presentes:
        # A classificação final é a que já está no banco: entra nas verificações de repetição.
        conjuntos.append("classificacao = i.classificacao")
    conjuntos.append(f"muda = ({' OR '.join(mudancas) if mudancas else '1 = 0'})")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {PREPARO} AS s SET {', '.join(conjuntos)} FROM {origem} "
            f"WHERE i.certame_id = %s AND i.numero = s.inscricao AND i.id <= %s AND s.linha >= %s AND s.linha <= %s",
            [certame.pk, marcas.inscricao, de, ate])
        return cursor.rowcount


class _Verificacao:
    """As verificações que dependem do banco ou do arquivo inteiro, em SQL sobre a tabela de preparo.

    «Está no arquivo» é decidido pelo número da inscrição (e não pelo id), para que as linhas já gravadas
    por esta mesma importação (etapa otimista) não contem como dados de fora do arquivo.
    """

    def __init__(self, certame: Certame, leitura: _Leitura, cargos: dict[int, str], erros: _Erros):
        self.certame = certame
        self.leitura = leitura
        self.cargos = cargos
        self.erros = erros
        self.pessoa = leitura.modo == MODO_INSCRICOES
        self.insc, self.cand, self.cert = _q(Inscricao), _q(Candidato), _q(Certame)

    def _linhas(self, sql: str, params=()) -> list[tuple]:
        with connection.cursor() as cursor:
            cursor.execute(sql, list(params))
            return cursor.fetchall()

    def _limite(self) -> int:
        return max(1, self.erros.limite - len(self.erros.lista) + 1)

    def executar(self) -> None:
        if not self.pessoa:
            self.inscricoes_desconhecidas()
        self.repetidas_no_arquivo()
        if self.pessoa:
            self.cpf_ja_inscrito_no_cargo()
        self.classificacao_ja_usada()
        if self.pessoa and self.certame.inscricoes_travadas:
            self.campos_travados()

    def inscricoes_desconhecidas(self) -> None:
        linhas = self._linhas(
            f"SELECT s.linha, s.inscricao, (SELECT min(ce.numero_edital) FROM {self.insc} AS o "
            f"JOIN {self.cert} AS ce ON ce.id = o.certame_id WHERE o.numero = s.inscricao AND o.certame_id <> %s) "
            f"FROM {PREPARO} AS s WHERE s.inscricao_id IS NULL AND s.inscricao IS NOT NULL "
            f"ORDER BY s.linha LIMIT %s", [self.certame.pk, self._limite()])
        for linha, numero, outro in linhas:
            if outro:
                motivo = (f"esta inscrição é do edital {outro}, não deste certame (edital "
                          f"{self.certame.numero_edital}); confira se escolheu o certame certo.")
            else:
                motivo = ("inscrição não encontrada neste certame; um arquivo só de resultados atualiza inscrições "
                          "já importadas.")
            self.erros(linha, "inscricao", numero, motivo)

    def _repetidas(self, chave: str, filtro: str) -> list[tuple]:
        colunas = chave.split(", ")
        return self._linhas(
            f"SELECT s.linha, {', '.join('s.' + c for c in colunas)}, d.primeira FROM {PREPARO} AS s "
            f"JOIN (SELECT {chave}, min(linha) AS primeira FROM {PREPARO} WHERE {filtro} GROUP BY {chave} "
            f"HAVING count(*) > 1) AS d ON {' AND '.join(f'd.{c} = s.{c}' for c in colunas)} "
            f"WHERE s.linha > d.primeira ORDER BY s.linha LIMIT %s", [self._limite()])

    def repetidas_no_arquivo(self) -> None:
        for linha, numero, primeira in self._repetidas("inscricao", "inscricao IS NOT NULL"):
            self.erros(linha, "inscricao", numero, f"inscrição repetida (já aparece na linha {primeira}).")
        if self.pessoa:
            for linha, cpf, cargo_id, primeira in self._repetidas("cpf, cargo_id",
                                                                  "cpf IS NOT NULL AND cargo_id IS NOT NULL"):
                self.erros(linha, "cpf", formatar_cpf(cpf),
                           f"CPF repetido no cargo {self.cargos.get(cargo_id, cargo_id)} (já aparece na linha "
                           f"{primeira}); uma pessoa tem uma só inscrição por cargo.")
        for linha, cargo_id, classificacao, primeira in self._repetidas(
                "cargo_id, classificacao", "classificacao IS NOT NULL AND cargo_id IS NOT NULL"):
            self.erros(linha, "classificacao", str(classificacao),
                       f"classificação repetida no cargo {self.cargos.get(cargo_id, cargo_id)} (já aparece na linha "
                       f"{primeira}); a banca deve aplicar os critérios de desempate.")

    def cpf_ja_inscrito_no_cargo(self) -> None:
        # Outra inscrição do mesmo cargo, fora do arquivo, com o mesmo CPF.
        linhas = self._linhas(
            f"SELECT s.linha, s.cpf, s.cargo_id, o.numero FROM {PREPARO} AS s "
            f"JOIN {self.cand} AS c ON c.cpf = s.cpf "
            f"JOIN {self.insc} AS o ON o.candidato_id = c.id AND o.cargo_id = s.cargo_id "
            f"WHERE o.numero <> s.inscricao "
            f"AND NOT EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.inscricao = o.numero) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, cpf, cargo_id, numero in linhas:
            self.erros(linha, "cpf", formatar_cpf(cpf),
                       f"este CPF já tem a inscrição {numero} no cargo {self.cargos.get(cargo_id, cargo_id)}; uma "
                       "pessoa tem uma só inscrição por cargo.")

    def classificacao_ja_usada(self) -> None:
        linhas = self._linhas(
            f"SELECT s.linha, s.classificacao, s.cargo_id, o.numero FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS o ON o.cargo_id = s.cargo_id AND o.classificacao = s.classificacao "
            f"WHERE o.numero <> s.inscricao "
            f"AND NOT EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.inscricao = o.numero) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, classificacao, cargo_id, numero in linhas:
            self.erros(linha, "classificacao", str(classificacao),
                       f"a classificação {classificacao} do cargo {self.cargos.get(cargo_id, cargo_id)} já é da "
                       f"inscrição {numero}, que não está no arquivo; envie as duas ou corrija a classificação.")

    def campos_travados(self) -> None:
        """Encerradas as inscrições, nenhuma nova entra e a autodeclaração não muda (Vargem Alta art. 3º)."""
        etapa = self.certame.get_status_display()
        for linha, numero in self._linhas(
                f"SELECT linha, inscricao FROM {PREPARO} WHERE inscricao_id IS NULL AND inscricao IS NOT NULL "
                f"ORDER BY linha LIMIT %s", [self._limite()]):
            self.erros(linha, "inscricao", numero, f"as inscrições estão encerradas (certame em «{etapa}»): não "
                                                   "se aceita inscrição nova.")
        comparacoes = (
            ("cargo", "s.cargo_id", "i.cargo_id", lambda v: self.cargos.get(v, str(v))),
            ("cpf", "s.cpf", "c.cpf", formatar_cpf),
            ("reserva", "s.reserva", "i.reserva", _texto_sim_nao),
            ("cor_raca", "s.cor_raca", "i.cor_raca", str),
            ("quilombola", "s.quilombola", "i.quilombola", _texto_sim_nao),
            ("pcd", "s.pcd", "i.pcd", _texto_sim_nao),
            ("autodeclaracao_em", "s.autodeclaracao_em", "i.autodeclaracao_em", _texto_data),
        )
        diferente = " OR ".join(f"({novo} IS NOT NULL AND {novo} IS DISTINCT FROM {antigo})"
                                for _, novo, antigo, _ in comparacoes)
        colunas = ", ".join(f"{novo}, {antigo}" for _, novo, antigo, _ in comparacoes)
        linhas = self._linhas(
            f"SELECT s.linha, {colunas} FROM {PREPARO} AS s JOIN {self.insc} AS i ON i.id = s.inscricao_id "
            f"JOIN {self.cand} AS c ON c.id = i.candidato_id WHERE s.muda AND ({diferente}) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, *valores in linhas:
            for (coluna, _, _, texto), novo, antigo in zip(comparacoes, valores[::2], valores[1::2], strict=True):
                if novo is None or _normal(novo) == _normal(antigo):
                    continue
                self.erros(linha, coluna, texto(novo),
                           f"as inscrições estão encerradas (certame em «{etapa}»): a autodeclaração, a opção pela "
                           f"reserva e o cargo não mudam mais (Vargem Alta art. 3º); valor registrado: "
                           f"«{texto(antigo)}».")


# --- Contagens --------------------------------------------------------------------------------------------

# Campos do candidato que um arquivo atualiza (a pessoa pode vir de outro certame: uma só linha por CPF).
# Vazio não apaga o que já está cadastrado; a autodeclaração fica na inscrição, e no cadastro da pessoa
# só preenche a cor ou raça que ainda estiver em branco.
def _atualizacao_candidato(novo: str, atual: str) -> dict[str, str]:
    return {
        "nome": f"{novo}.nome",
        "nome_social": f"CASE WHEN {novo}.nome_social <> '' THEN {novo}.nome_social ELSE {atual}.nome_social END",
        "data_nascimento": f"COALESCE({novo}.data_nascimento, {atual}.data_nascimento)",
        "genero": f"CASE WHEN {novo}.genero <> 'nao_informado' THEN {novo}.genero ELSE {atual}.genero END",
        "email": f"{novo}.email",
        "telefone": f"CASE WHEN {novo}.telefone <> '' THEN {novo}.telefone ELSE {atual}.telefone END",
        "cor_raca": f"CASE WHEN {atual}.cor_raca = '' THEN {novo}.cor_raca ELSE {atual}.cor_raca END",
    }


def _contar(resultado: Resultado, leitura: _Leitura, marcas: _Marcas, gravacao: _Gravacao | None) -> None:
    if gravacao is not None and gravacao.copiadas == leitura.linhas:
        # Tudo foi pelo COPY direto, que só grava pessoas novas: as contagens já são conhecidas.
        resultado.inscricoes_criadas = leitura.linhas
        resultado.candidatos_criados = gravacao.candidatos_afetados
        return
    cand = _q(Candidato)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), sum(CASE WHEN inscricao_id IS NULL THEN 1 ELSE 0 END), "
                       f"sum(CASE WHEN muda THEN 1 ELSE 0 END) FROM {PREPARO}")
        total, novas, mudam = (v or 0 for v in cursor.fetchone())
        resultado.inscricoes_criadas = novas
        resultado.inscricoes_atualizadas = mudam
        resultado.inscricoes_sem_mudanca = total - novas - mudam
        if leitura.modo != MODO_INSCRICOES:
            return
        cursor.execute(f"SELECT count(DISTINCT s.cpf) FROM {PREPARO} AS s WHERE NOT EXISTS "
                       f"(SELECT 1 FROM {cand} AS c WHERE c.cpf = s.cpf AND c.id <= %s)", [marcas.candidato])
        resultado.candidatos_criados = cursor.fetchone()[0]
        if gravacao is not None:
            # Depois da gravação, o banco já tem os dados novos: conta o que o ON CONFLICT de fato mudou.
            resultado.candidatos_atualizados = max(0, gravacao.candidatos_afetados - resultado.candidatos_criados)
            return
        campos = _atualizacao_candidato("s", "c")
        diferente = " OR ".join(f"c.{coluna} IS DISTINCT FROM ({expressao})" for coluna, expressao in campos.items())
        cursor.execute(f"SELECT count(*) FROM {PREPARO} AS s JOIN {cand} AS c ON c.cpf = s.cpf "
                       f"WHERE s.linha IN (SELECT max(linha) FROM {PREPARO} GROUP BY cpf) AND ({diferente})")
        resultado.candidatos_atualizados = cursor.fetchone()[0]


# --- Etapa 3: gravação -----------------------------------------------------------------------------------

def _padrao(campo):
    if getattr(campo, "auto_now", False) or getattr(campo, "auto_now_add", False):
        return timezone.now()
    return campo.get_db_prep_save(campo.get_default(), connection)


def _insercao(modelo, expressoes: dict[str, tuple[str, list]]) -> tuple[str, str, list]:
    """Colunas e expressões de um INSERT … SELECT: as informadas e, para os demais campos, o padrão do modelo
    (assim um campo novo no modelo, com padrão, não quebra a importação)."""
    colunas, selecao, params = [], [], []
    for campo in modelo._meta.concrete_fields:
        if campo.primary_key:
            continue
        colunas.append(connection.ops.quote_name(campo.column))
        if campo.column in expressoes:
            sql, valores = expressoes[campo.column]
            selecao.append(sql)
            params.extend(valores)
        else:
            selecao.append("%s")
            params.append(_padrao(campo))
    return ", ".join(colunas), ", ".join(selecao), params


def _texto_copy(valor) -> str:
    """Um valor Python no formato texto do COPY (nulo, booliano, barras e quebras escapadas). Outros tipos
    (um JSON, p. ex.) levantam TypeError: aí a importação fica com o INSERT … SELECT."""
    if valor is None:
        return "\\N"
    if isinstance(valor, bool):
        return "t" if valor else "f"
    if not isinstance(valor, (str, int, float, Decimal, date)):
        raise TypeError(f"sem formato de COPY para {type(valor).__name__}")
    return str(valor).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


class _CopiaDireta:
    """PostgreSQL: um lote só de pessoas e inscrições novas vai direto para as tabelas por COPY.

    O COPY grava as linhas em blocos por página (uma entrada de WAL por página, não por linha) e dispensa a
    junção pelo CPF do INSERT … SELECT da tabela de preparo: medido, a CPU do banco por 100.000 linhas caiu
    de ~3,6 s para ~3,0 s.
    Os ids dos candidatos vêm antes da sequência, para que as inscrições já os tragam. Um lote com algum CPF
    já cadastrado (a pessoa de outro certame) fica com o INSERT … ON CONFLICT, que o atualiza.
    """

    def __init__(self, certame: Certame, leitura: _Leitura, importacao_id: int | None):
        resultados = [c for c in COLUNAS_RESULTADO if c in leitura.presentes]
        self.candidatos = _Molde(Candidato, "id", {c: c for c in (
            "nome", "nome_social", "nome_busca", "cpf", "data_nascimento", "genero", "cor_raca", "quilombola", "pcd",
            "email", "telefone")})
        self.inscricoes = _Molde(Inscricao, "candidato_id", {
            "numero": "inscricao", **{c: c for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd",
                                                     "autodeclaracao_em", *resultados)}},
            certame_id=certame.pk, importacao_id=importacao_id)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [Candidato._meta.db_table])
            self.sequencia = cursor.fetchone()[0]

    def gravar(self, lote: _Lote) -> int | None:
        """Grava o lote e devolve quantos candidatos criou; None se algum CPF já está cadastrado."""
        linhas = lote.linhas
        cpf, ultima = _NO_LOTE["cpf"], _NO_LOTE["ultima_do_cpf"]
        novos = [linha for linha in linhas if linha[ultima] == "t"]
        with connection.cursor() as cursor:
            # O lote já está na tabela de preparo: a consulta não precisa levar os CPFs de novo.
            cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {PREPARO} AS s JOIN {_q(Candidato)} AS c ON c.cpf = s.cpf "
                           f"WHERE s.linha >= %s AND s.linha <= %s)", [lote.primeira, lote.ultima])
            if cursor.fetchone()[0]:
                return None
            # Os ids numa linha só, já como texto (o formato do COPY).
            cursor.execute("SELECT string_agg(nextval(%s::regclass)::text, ',') FROM generate_series(1, %s)",
                           [self.sequencia, len(novos)])
            ids = dict(zip((linha[cpf] for linha in novos), cursor.fetchone()[0].split(","), strict=True))
            self.candidatos.copiar(cursor, novos, ids)
            self.inscricoes.copiar(cursor, linhas, ids)
        return len(novos)


class _Molde:
    """O COPY de uma tabela a partir das linhas do lote: primeiro as colunas que vêm do lote (na ordem de
    `do_lote`: coluna da tabela → coluna de preparo), depois o id do candidato, depois as fixas (`fixas` e o
    padrão do modelo para os demais campos: um campo novo com padrão não quebra a importação)."""

    def __init__(self, modelo, coluna_do_id: str, do_lote: dict[str, str], **fixas):
        self.tabela = _q(modelo)
        self.pega = itemgetter(*(_NO_LOTE[c] for c in do_lote.values()))
        colunas = [*do_lote, coluna_do_id]
        sufixo = []
        for campo in modelo._meta.concrete_fields:
            if campo.column in colunas or campo.primary_key:
                continue
            colunas.append(campo.column)
            sufixo.append(_texto_copy(fixas[campo.column] if campo.column in fixas else _padrao(campo)))
        self.colunas = ", ".join(connection.ops.quote_name(c) for c in colunas)
        self.sufixo = "".join(f"\t{v}" for v in sufixo) + "\n"

    def copiar(self, cursor, linhas: list[list], ids: dict[str, str]) -> None:
        pega, sufixo, cpf, tab = self.pega, self.sufixo, _NO_LOTE["cpf"], "\t"
        # O COPY vai direto ao psycopg: o erro (uma chave repetida) precisa virar o IntegrityError do Django.
        with connection.wrap_database_errors, cursor.cursor.copy(
                f"COPY {self.tabela} ({self.colunas}) FROM STDIN") as copia:
            for inicio in range(0, len(linhas), 5_000):
                copia.write("".join(tab.join(pega(linha)) + tab + ids[linha[cpf]] + sufixo
                                    for linha in linhas[inicio:inicio + 5_000]))


class _Gravacao:
    """As escritas, por faixa de linhas da tabela de preparo, todas na transação da importação."""

    def __init__(self, certame: Certame, leitura: _Leitura, importacao_id: int | None, usuario, motivo: str):
        self.certame = certame
        self.leitura = leitura
        self.importacao_id = importacao_id
        self.usuario_id = getattr(usuario, "pk", None)
        self.motivo = motivo[:100]
        self.agora = timezone.now()
        self.pessoa = leitura.modo == MODO_INSCRICOES
        self.postgres = connection.vendor == "postgresql"
        self.insc, self.cand = _q(Inscricao), _q(Candidato)
        self.candidatos_afetados = 0
        self.copiadas = 0  # linhas gravadas pelo COPY direto: só pessoas e inscrições novas
        self.copia = None
        if self.postgres and self.pessoa and importacao_id is not None:
            try:
                self.copia = _CopiaDireta(certame, leitura, importacao_id)
            except TypeError:
                logger.warning("Campo sem formato de COPY; a importação grava por INSERT … SELECT.", exc_info=True)

    def _executar(self, sql: str, params) -> int:
        with connection.cursor() as cursor:
            cursor.execute(sql, list(params))
            return cursor.rowcount

    def _resultados(self) -> list[str]:
        return [c for c in COLUNAS_RESULTADO if c in self.leitura.presentes]

    def _nome_busca(self) -> str:
        """O nome_busca de um candidato atualizado (concursos/busca.py). Vazio no arquivo, o nome social
        cadastrado fica: o que segue o separador no nome_busca gravado é a parte dele, já normalizada."""
        atual = f"{self.cand}.nome_busca"
        if self.postgres:
            parte_social = f"split_part({atual}, '{SEPARADOR_SOCIAL}', 2)"
        else:
            parte_social = f"substr({atual}, instr({atual}, '{SEPARADOR_SOCIAL}') + {len(SEPARADOR_SOCIAL)})"
        return (f"CASE WHEN excluded.nome_social <> '' OR {self.cand}.nome_social = '' THEN excluded.nome_busca "
                f"ELSE excluded.nome_busca || '{SEPARADOR_SOCIAL}' || {parte_social} END")

    def candidatos(self, de: int, ate: int, *, lote_lido: bool = False) -> None:
        """Cria ou atualiza (pelo CPF) os candidatos das linhas `de` a `ate`. Com `lote_lido`, a faixa é um lote
        da leitura, que já marcou a última linha de cada CPF; senão, a faixa agrupa por CPF."""
        colunas, selecao, params = _insercao(Candidato, {c: (f"s.{c}", []) for c in (
            "nome", "nome_social", "nome_busca", "cpf", "data_nascimento", "genero", "cor_raca", "quilombola", "pcd",
            "email", "telefone")})
        campos = _atualizacao_candidato("excluded", self.cand)
        conjuntos = ", ".join([*(f"{c} = {e}" for c, e in campos.items()), f"nome_busca = {self._nome_busca()}"])
        diferente = " OR ".join(f"{self.cand}.{c} IS DISTINCT FROM ({e})" for c, e in campos.items())
        # A última linha de cada CPF na faixa prevalece (e, entre faixas, a seguinte): o ON CONFLICT
        # não aceita o mesmo CPF duas vezes no mesmo comando.
        if lote_lido:
            ultimas, extra = "s.ultima_do_cpf", []
        else:
            ultimas = (f"s.linha IN (SELECT max(linha) FROM {PREPARO} WHERE linha >= %s AND linha <= %s "
                       f"GROUP BY cpf)")
            extra = [de, ate]
        self.candidatos_afetados += self._executar(
            f"INSERT INTO {self.cand} ({colunas}) SELECT {selecao} FROM {PREPARO} AS s "
            f"WHERE s.linha >= %s AND s.linha <= %s AND {ultimas} "
            f"ON CONFLICT (cpf) DO UPDATE SET {conjuntos} WHERE {diferente}", [*params, de, ate, *extra])

    def criar_inscricoes(self, de: int, ate: int, *, otimista: bool) -> int:
        """Insere as inscrições novas do lote, cada uma apontando a importação que a criou. Na etapa otimista
        é um INSERT simples: uma colisão (número, CPF ou classificação repetidos) desfaz só o lote (savepoint),
        e a validação do arquivo inteiro a acusa depois. (Um ON CONFLICT DO NOTHING sem alvo confere os
        índices únicos antes de cada linha e custa cerca de 50% a mais.) Na etapa final, insere o que ainda
        não estiver gravado."""
        expressoes = {c: (f"s.{c}", []) for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd",
                                                   "autodeclaracao_em", *self._resultados())}
        expressoes["certame_id"] = ("%s", [self.certame.pk])
        expressoes["candidato_id"] = ("c.id", [])
        expressoes["numero"] = ("s.inscricao", [])
        expressoes["importacao_id"] = ("%s", [self.importacao_id])
        if "situacao" in expressoes:
            padrao = Inscricao._meta.get_field("situacao").get_default()
            expressoes["situacao"] = ("COALESCE(s.situacao, %s)", [padrao])
        colunas, selecao, params = _insercao(Inscricao, expressoes)
        filtro, extra = "", [de, ate]
        if not otimista:
            filtro = (f"AND NOT EXISTS (SELECT 1 FROM {self.insc} AS i WHERE i.certame_id = %s "
                      f"AND i.numero = s.inscricao)")
            extra.append(self.certame.pk)
        return self._executar(
            f"INSERT INTO {self.insc} ({colunas}) SELECT {selecao} FROM {PREPARO} AS s "
            f"JOIN {self.cand} AS c ON c.cpf = s.cpf "
            f"WHERE s.inscricao_id IS NULL AND s.linha >= %s AND s.linha <= %s {filtro}", [*params, *extra])

    def historico(self, de: int, ate: int) -> None:
        """Um registro de histórico (django-simple-history) por inscrição que o arquivo alterou. As criadas
        não ganham um: apontam a importação (Inscricao.importacao), o registro único do arquivo."""
        historico = Inscricao.history.model
        colunas, selecao, params = [], [], []
        especiais = {"history_date": ("%s", [self.agora]), "history_change_reason": ("%s", [self.motivo]),
                     "history_user_id": ("%s", [self.usuario_id]), "history_type": ("'~'", [])}
        for campo in historico._meta.concrete_fields:
            if campo.primary_key:
                continue
            colunas.append(connection.ops.quote_name(campo.column))
            sql, valores = especiais.get(campo.column, (f"i.{connection.ops.quote_name(campo.column)}", []))
            selecao.append(sql)
            params.extend(valores)
        self._executar(
            f"INSERT INTO {_q(historico)} ({', '.join(colunas)}) SELECT {', '.join(selecao)} FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS i ON i.id = s.inscricao_id WHERE s.muda AND s.linha >= %s AND s.linha <= %s",
            [*params, de, ate])

    def lote_otimista(self, lote: _Lote, existentes: int) -> bool:
        """Grava as linhas novas de um lote ainda sem erros, enquanto o resto do arquivo é lido. Devolve se
        todas entraram (se não, a etapa final completa)."""
        if self.copia is not None and not existentes:
            criados = self.copia.gravar(lote)
            if criados is not None:
                self.candidatos_afetados += criados
                self.copiadas += len(lote.linhas)
                return True
        self.candidatos(lote.primeira, lote.ultima, lote_lido=True)
        criadas = self.criar_inscricoes(lote.primeira, lote.ultima, otimista=True)
        return criadas == len(lote.linhas) - existentes

    def liberar_classificacoes(self) -> None:
        if self.postgres:
            # Adiada até o fim da gravação (a restrição é DEFERRABLE, migração 0004): numa troca de posições
            # (1 ↔ 2) cada inscrição é gravada uma vez, e a unicidade é conferida no conjunto final.
            self._executar("SET CONSTRAINTS inscricao_classificacao_unica DEFERRED", [])
            return
        # O SQLite confere a unicidade linha a linha: numa troca de posições a primeira atualização colidiria
        # com a segunda. Quem cede a posição a outra linha fica sem classificação antes das atualizações.
        self._executar(
            f"UPDATE {self.insc} SET classificacao = NULL WHERE id IN (SELECT i.id FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS i ON i.id = s.inscricao_id WHERE s.muda AND i.classificacao IS NOT NULL "
            f"AND EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.cargo_id = i.cargo_id "
            f"AND t.classificacao = i.classificacao AND t.linha <> s.linha))", [])

    def conferir_classificacoes(self) -> None:
        if self.postgres:
            # Confere agora o que foi adiado: uma violação vira erro da importação, não do commit.
            self._executar("SET CONSTRAINTS inscricao_classificacao_unica IMMEDIATE", [])

    def atualizar_inscricoes(self, de: int, ate: int) -> None:
        conjuntos = [f"{c} = s.{c}" for c in self._resultados()]
        juncao = ""
        if self.pessoa:
            conjuntos += ["cargo_id = s.cargo_id", "candidato_id = c.id", "reserva = s.reserva",
                          "cor_raca = s.cor_raca", "quilombola = s.quilombola", "pcd = s.pcd",
                          f"autodeclaracao_em = COALESCE(s.autodeclaracao_em, {self.insc}.autodeclaracao_em)"]
            juncao = f"JOIN {self.cand} AS c ON c.cpf = s.cpf"
        if conjuntos:
            self._executar(
                f"UPDATE {self.insc} SET {', '.join(conjuntos)} FROM {PREPARO} AS s {juncao} "
                f"WHERE {self.insc}.id = s.inscricao_id AND s.muda AND s.linha >= %s AND s.linha <= %s", [de, ate])

    def final(self, *, pendente: int | None, completar: bool, progresso: Callable[[str, int], None]) -> None:
        """O que a etapa otimista não gravou: candidatos e inscrições novas a partir da linha `pendente`
        (ou de todo o arquivo, com `completar`), as alterações de inscrições existentes e o histórico delas."""
        leitura = self.leitura
        passo = max(LOTE_GRAVACAO_MINIMO, -(-leitura.linhas // 10))
        faixas = [(de, min(de + passo - 1, leitura.ultima)) for de in range(leitura.primeira, leitura.ultima + 1,
                                                                              passo)]
        if self.pessoa and pendente is not None:
            for de, ate in faixas:
                if ate >= pendente:
                    self.candidatos(max(de, pendente), ate)
        self.liberar_classificacoes()
        feitas = 0
        for de, ate in faixas:
            self.atualizar_inscricoes(de, ate)
            self.historico(de, ate)
            if self.pessoa and (completar or (pendente is not None and ate >= pendente)):
                self.criar_inscricoes(de if completar else max(de, pendente), ate, otimista=False)
            feitas = min(leitura.linhas, feitas + passo)
            progresso("gravando", feitas)
        self.conferir_classificacoes()


# --- A importação -----------------------------------------------------------------------------------------

def _sem_progresso(etapa: str, linhas: int) -> None:
    return None


def importar(*, certame: Certame, arquivo: BinaryIO | str | Path, nome: str = "", gravar: bool = True,
             usuario=None, motivo: str = "", progresso: Callable[[str, int], None] | None = None,
             limite_erros: int = LIMITE_ERROS, importacao: Importacao | None = None) -> Resultado:
    """Valida o arquivo inteiro e, sem nenhum erro e com `gravar`, grava tudo numa transação só.

    Toda gravação fica registrada numa Importacao (a trilha de auditoria: quem, quando, o arquivo e o seu
    SHA-256), que cada inscrição criada aponta: a `importacao` informada (a do admin) ou, sem ela, uma
    criada na mesma transação (a da linha de comando). `motivo` vai para o histórico das inscrições
    alteradas; sem ele, «Importação nº N (arquivo)».

    `progresso(etapa, linhas)` é chamado a cada lote ("validando" na simulação, "gravando" na gravação),
    sempre fora de um COPY, para que quem acompanha possa gravar o andamento.
    Devolve o Resultado (com os erros, se houver). Levanta ErroGravacao se o banco recusar a gravação.
    """
    inicio = time.perf_counter()
    progresso = progresso or _sem_progresso
    if isinstance(arquivo, (str, Path)):
        # Um caminho pode ser lido duas vezes: o SHA-256 é calculado numa thread (o hashlib solta o GIL),
        # enquanto a importação lê o arquivo e o banco grava.
        sha256 = _sha256_em_paralelo(Path(arquivo)) if gravar else None
        with open(arquivo, "rb") as aberto:
            return _importar(certame, aberto, nome or str(arquivo), gravar, usuario, motivo, progresso,
                             limite_erros, importacao, sha256, inicio)
    return _importar(certame, arquivo, nome, gravar, usuario, motivo, progresso, limite_erros, importacao, None,
                     inicio)


def _importar(certame: Certame, arquivo: BinaryIO, nome: str, gravar: bool, usuario, motivo: str,
              progresso: Callable[[str, int], None], limite_erros: int, importacao: Importacao | None,
              sha256: Callable[[], str] | None, inicio: float) -> Resultado:
    resultado = Resultado()
    erros = _Erros(limite_erros)
    preparo = _Preparo()
    if gravar and sha256 is None:
        calculado = sha256_do_arquivo(arquivo)

        def sha256() -> str:
            return calculado

    try:
        fonte = _abrir(arquivo, nome)
        try:
            modo, posicoes, ignoradas = _mapear_cabecalho(fonte.cabecalho)
            resultado.modo = modo
            resultado.colunas_ignoradas = ignoradas
            resultado.colunas = [c for c in COLUNAS if c in posicoes]
            leitura = _Leitura(modo, frozenset(posicoes))
            registro = _Registro(importacao, Path(nome).name or "arquivo", usuario, motivo, sha256)
            _executar(certame, fonte, posicoes, leitura, preparo, erros, resultado, gravar, registro, progresso)
        finally:
            fonte.fechar()
    except ErroCabecalho as exc:
        for e in exc.erros:
            erros(e.linha, e.coluna, e.valor, e.motivo)
    finally:
        preparo.remover()
    if sha256 is not None:
        resultado.sha256 = sha256()
    if erros.total:
        resultado.gravado = False
    resultado.erros = sorted(erros.lista, key=lambda e: (e.linha, _ordem_coluna(e.coluna)))
    resultado.total_erros = erros.total
    resultado.segundos = time.perf_counter() - inicio
    return resultado


def _ordem_coluna(coluna: str) -> int:
    return COLUNAS.index(coluna) if coluna in COLUNAS else -1


def sha256_do_arquivo(arquivo: BinaryIO) -> str:
    """O SHA-256 do arquivo inteiro (em hexadecimal), lido do começo; o arquivo volta ao começo."""
    arquivo.seek(0)
    resumo = hashlib.sha256()
    while bloco := arquivo.read(1 << 20):
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()


def _sha256_em_paralelo(caminho: Path) -> Callable[[], str]:
    """Começa a calcular o SHA-256 de `caminho` numa thread; devolve a função que espera e dá o resultado."""
    calculado: list[str] = []

    def calcular() -> None:
        with open(caminho, "rb") as arquivo:
            calculado.append(sha256_do_arquivo(arquivo))

    thread = threading.Thread(target=calcular, name="importacao-sha256", daemon=True)
    thread.start()

    def obter() -> str:
        thread.join()
        return calculado[0]

    return obter


@dataclass
class _Registro:
    """A Importacao que registra a gravação: a recebida, ou uma criada dentro da transação da importação
    (some com ela, se nada for gravado)."""

    importacao: Importacao | None
    nome: str
    usuario: object
    motivo: str
    sha256: Callable[[], str] | None
    criado_aqui: bool = False

    def abrir(self, certame: Certame) -> Importacao:
        if self.importacao is None:
            self.importacao = Importacao.objects.create(
                certame=certame, nome_original=self.nome[:255], simulacao=False, estado=EstadoImportacao.GRAVANDO,
                criada_por=self.usuario)
            self.criado_aqui = True
        self.motivo = self.motivo or f"Importação nº {self.importacao.pk} ({self.nome})"
        return self.importacao

    def fechar(self, resultado: Resultado) -> None:
        if self.criado_aqui:
            Importacao.objects.filter(pk=self.importacao.pk).update(
                estado=EstadoImportacao.CONCLUIDA, sha256=self.sha256(), total_linhas=resultado.linhas,
                linhas_processadas=resultado.linhas, resumo=resultado.resumo(), concluida_em=timezone.now())


def _executar(certame: Certame, fonte: _Fonte, posicoes: dict[str, int], leitura: _Leitura, preparo: _Preparo,
              erros: _Erros, resultado: Resultado, gravar: bool, registro: _Registro,
              progresso: Callable[[str, int], None]) -> None:
    """Tudo numa transação: a leitura em lotes (com a gravação otimista das linhas novas enquanto o arquivo
    está sem erros), a validação do arquivo inteiro contra o banco e a gravação do restante. Qualquer erro
    desfaz tudo, inclusive o que a etapa otimista já tinha gravado."""
    etapa = "gravando" if gravar else "validando"
    try:
        with transaction.atomic():
            # Trava o certame: duas importações do mesmo certame não se cruzam, e o certame não muda de
            # etapa (encerramento das inscrições) no meio da gravação.
            certame = Certame.objects.select_for_update().get(pk=certame.pk)
            cargos = dict(Cargo.objects.filter(certame=certame).values_list("codigo", "pk"))
            if preparo.postgres:
                with connection.cursor() as cursor:
                    # Memória para as junções por hash de um arquivo grande, só nesta transação.
                    cursor.execute("SET LOCAL work_mem = '256MB'")
            marcas = _Marcas.agora()
            tem_inscricoes = Inscricao.objects.filter(certame=certame).exists()
            preparo.criar()
            # Só linhas novas de um arquivo de inscrições, com as inscrições abertas, podem ser gravadas
            # antes do fim da validação (as alterações e os resultados esperam a validação completa).
            otimista = gravar and leitura.modo == MODO_INSCRICOES and not certame.inscricoes_travadas
            importacao_id = registro.abrir(certame).pk if gravar else None
            gravacao = _Gravacao(certame, leitura, importacao_id, registro.usuario, registro.motivo)
            pendente: int | None = None
            completar = False
            # Cada linha entrou como inscrição nova pela etapa otimista: os índices únicos (número no certame,
            # CPF no cargo, classificação no cargo) já provaram o que as verificações de repetição e de
            # conflito com o banco provariam.
            todas_gravadas = otimista
            lotes = _lotes(fonte, posicoes, leitura, cargos, preparo.nulo, erros)
            for lote in _em_paralelo(lotes):
                preparo.gravar(lote.linhas)
                # Num certame ainda sem inscrições (a primeira importação), não há o que casar.
                existentes = _casar(certame, leitura, marcas, lote.primeira, lote.ultima) if tem_inscricoes else 0
                todas_gravadas &= otimista and lote.limpo and not existentes
                if otimista and lote.limpo:
                    afetados = gravacao.candidatos_afetados
                    try:
                        with transaction.atomic():
                            inteiro = gravacao.lote_otimista(lote, existentes)
                        completar |= not inteiro
                        todas_gravadas &= inteiro
                    except DatabaseError:
                        # Desfeito só este lote (savepoint); ele e os seguintes esperam a validação completa.
                        logger.warning("Gravação otimista recusada; o restante espera a validação.", exc_info=True)
                        gravacao.candidatos_afetados = afetados
                        otimista = todas_gravadas = False
                if pendente is None and not (otimista and lote.limpo):
                    pendente = lote.primeira
                    otimista = False
                progresso(etapa, lote.lidas)
            if leitura.linhas == 0 and not erros.total:
                erros(2, "", "", "o arquivo não tem nenhuma linha de dados depois do cabeçalho.")
            resultado.linhas = leitura.linhas
            if erros.cheio or not leitura.linhas:
                transaction.set_rollback(True)
                return
            if not todas_gravadas:
                preparo.analisar()
                _Verificacao(certame, leitura, {v: k for k, v in cargos.items()}, erros).executar()
            if erros.total or not gravar:
                _contar(resultado, leitura, marcas, None)
                transaction.set_rollback(True)
                return
            if not todas_gravadas:
                gravacao.final(pendente=pendente, completar=completar, progresso=progresso)
            _contar(resultado, leitura, marcas, gravacao)
            resultado.gravado = True
            resultado.importacao_id = importacao_id
            registro.fechar(resultado)
    except DatabaseError as exc:
        resultado.gravado = False
        logger.exception("Importação recusada pelo banco (certame %s).", certame.pk)
        raise ErroGravacao(f"O banco de dados recusou a gravação; nada foi gravado. Detalhe: {exc}") from exc


# --- A importação como tarefa (admin) ----------------------------------------------------------------------

class Acompanhamento:
    """Grava o andamento no registro da Importacao, para a barra de progresso de outra requisição.

    Durante a gravação, a transação ainda não terminou: o que se gravasse por esta conexão só
    apareceria no fim. No PostgreSQL, o andamento vai por uma segunda conexão, em autocommit; no SQLite
    (um escritor por vez) ele só é gravado fora da transação, isto é, durante a leitura.
    """

    INTERVALO = 0.5

    def __init__(self, importacao: Importacao):
        self.pk = importacao.pk
        self.etapa = ""
        self.ultimo = 0.0
        self.lateral = None
        self.sql = (f"UPDATE {_q(Importacao)} SET estado = %s, linhas_processadas = %s, ultimo_sinal = %s "
                    "WHERE id = %s")

    def __call__(self, etapa: str, linhas: int) -> None:
        agora = time.monotonic()
        if etapa == self.etapa and agora - self.ultimo < self.INTERVALO:
            return
        self.etapa, self.ultimo = etapa, agora
        estado = EstadoImportacao.GRAVANDO if etapa == "gravando" else EstadoImportacao.VALIDANDO
        params = [estado, linhas, connection.ops.adapt_datetimefield_value(timezone.now()), self.pk]
        if not connection.in_atomic_block:
            with connection.cursor() as cursor:
                cursor.execute(self.sql, params)
        elif connection.vendor == "postgresql":
            try:
                if self.lateral is None:
                    self.lateral = connection.get_new_connection(connection.get_connection_params())
                    self.lateral.autocommit = True
                self.lateral.execute(self.sql, params)
            except Exception:  # o andamento é só informativo; a importação continua
                logger.warning("Não foi possível gravar o andamento da importação %s.", self.pk, exc_info=True)

    def fechar(self) -> None:
        if self.lateral is not None:
            self.lateral.close()
            self.lateral = None


def executar_importacao(importacao: Importacao, *, acompanhar: bool = True) -> Importacao:
    """Valida (simulação) ou grava o arquivo de uma Importacao e registra o resultado nela.

    `acompanhar`: grava o andamento para a barra de progresso (desnecessário quando roda dentro da
    própria requisição, em que ninguém consulta a página enquanto isso)."""
    gravar = not importacao.simulacao
    Importacao.objects.filter(pk=importacao.pk).update(estado=EstadoImportacao.VALIDANDO, linhas_processadas=0,
                                                       ultimo_sinal=timezone.now())
    acompanhamento = Acompanhamento(importacao)
    campos = ["estado", "resumo", "erros", "total_linhas", "linhas_processadas", "concluida_em", "sha256"]
    try:
        with importacao.arquivo.open("rb") as arquivo:
            resultado = importar(
                certame=importacao.certame, arquivo=arquivo, nome=importacao.nome_original, gravar=gravar,
                usuario=importacao.criada_por, progresso=acompanhamento if acompanhar else None,
                importacao=importacao)
    except ErroGravacao as exc:
        importacao.estado = EstadoImportacao.FALHOU
        importacao.resumo = str(exc)
    except Exception:
        logger.exception("Falha inesperada na importação %s.", importacao.pk)
        importacao.estado = EstadoImportacao.FALHOU
        importacao.resumo = ("Falha inesperada ao processar o arquivo; nada foi gravado. O erro ficou registrado "
                             "no log do servidor.")
    else:
        importacao.estado = EstadoImportacao.COM_ERROS if resultado.erros else EstadoImportacao.CONCLUIDA
        importacao.resumo = resultado.resumo()
        if resultado.total_erros > len(resultado.erros):
            importacao.resumo += (f" Só os {mil(len(resultado.erros))} primeiros erros estão listados; corrija-os e "
                                  "envie o arquivo de novo.")
        importacao.erros = [{"linha": e.linha, "coluna": e.coluna, "valor": e.valor, "motivo": e.motivo}
                            for e in resultado.erros]
        importacao.total_linhas = resultado.linhas
        importacao.linhas_processadas = resultado.linhas
        importacao.sha256 = resultado.sha256 or importacao.sha256
    finally:
        acompanhamento.fechar()
    importacao.concluida_em = timezone.now()
    importacao.save(update_fields=campos)
    return importacao

"""A leitura do arquivo em fluxo (CSV pelo módulo csv; XLSX pelo openpyxl, read_only), a prévia, a contagem
rápida das linhas e a leitura numa thread própria, em paralelo com o banco."""

from __future__ import annotations

import csv
import gc
import io
import itertools
import logging
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import BinaryIO

from concursos.importacao.leiaute import COLUNAS, ErroCabecalho, chave_da_coluna, mapear_cabecalho
from legislacao.entrada import Erro

logger = logging.getLogger(__name__)


LINHAS_PREVIA = 10
TROCA_DE_THREAD = 0.0005  # segundos (sys.setswitchinterval) durante a leitura em paralelo



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
class Fonte:
    cabecalho: list[str]
    linhas: Iterator[tuple[int, list[str]]]
    fechar: Callable[[], None]


def abrir(arquivo: BinaryIO, nome: str) -> Fonte:
    """Abre CSV (UTF-8, vírgula ou ponto e vírgula) ou XLSX e devolve o cabeçalho e as linhas, em fluxo."""
    inicio = arquivo.read(4)
    arquivo.seek(0)
    if inicio.startswith(b"\xd0\xcf\x11\xe0") or nome.lower().endswith(".xls"):
        raise ErroCabecalho([Erro(1, "", "", "o formato .xls (Excel 97-2003) não é aceito; salve a planilha como "
                                             ".xlsx ou como «CSV UTF-8».")])
    if _eh_xlsx(inicio, nome):
        return _abrir_xlsx(arquivo)
    return _abrir_csv(arquivo)


def _abrir_csv(arquivo: BinaryIO) -> Fonte:
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

    return Fonte(cabecalho or [], linhas(), lambda: texto.detach())


def _erro_utf8(linha: int) -> Erro:
    return Erro(linha, "", "", "o arquivo não está em UTF-8; salve-o como «CSV UTF-8» (ou envie o .xlsx).")


def _abrir_xlsx(arquivo: BinaryIO) -> Fonte:
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

    chaves = [chave_da_coluna(c) for c in cabecalho]
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

    return Fonte(cabecalho, linhas(), livro.close)


def ler_previa(arquivo: BinaryIO, nome: str, quantidade: int = LINHAS_PREVIA) -> tuple[list[str], list[dict]]:
    """As primeiras linhas do arquivo como estão escritas (só as colunas do leiaute), para a prévia no admin."""
    try:
        fonte = abrir(arquivo, nome)
    except ErroCabecalho:
        return [], []
    try:
        _, posicoes, _ = mapear_cabecalho(fonte.cabecalho)
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



def em_paralelo(gerador: Iterator, maximo: int = 2) -> Iterator:
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

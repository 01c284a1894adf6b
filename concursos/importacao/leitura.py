"""A leitura do arquivo em fluxo (CSV pelo módulo csv; XLSX pelo openpyxl, read_only), a prévia, a contagem
rápida das linhas e a leitura numa thread própria, em paralelo com o banco."""

from __future__ import annotations

import csv
import gc
import io
import itertools
import logging
import queue
import re
import sys
import threading
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import BinaryIO

from concursos.importacao import caracteres, falhas
from concursos.importacao.leiaute import COLUNAS, ErroCabecalho, chave_da_coluna, mapear_cabecalho
from legislacao.entrada import Erro
from nucleo.texto import milhar

logger = logging.getLogger(__name__)


LINHAS_PREVIA = 10
# O cabeçalho do leiaute tem menos de 1 KB: uma primeira linha enorme (um arquivo sem quebras de linha) não
# é lida inteira para a memória.
LIMITE_CABECALHO = 64 * 1024
# XLSX: colunas lidas no cabeçalho, colunas além dele conferidas em cada linha (uma sobra preenchida é
# erro) e o tamanho descompactado aceito (a planilha de um milhão de linhas fica em torno de 600 MB; uma
# planilha normal se comprime de 5 a 20 vezes, uma bomba de zip mais de mil).
LIMITE_COLUNAS = 1_000
SOBRA_DE_COLUNAS = 50
LIMITE_XLSX_DESCOMPACTADO = 2 << 30
TAXA_MAXIMA_XLSX = 200
MINIMO_PARA_TAXA = 50 << 20
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
        primeira = texto.readline(LIMITE_CABECALHO)
    except UnicodeDecodeError as exc:
        raise ErroCabecalho([_erro_utf8(arquivo, ",", [])]) from exc
    if len(primeira) >= LIMITE_CABECALHO and not primeira.endswith(("\n", "\r")):
        raise ErroCabecalho([Erro(1, "", "", f"a primeira linha passa de {LIMITE_CABECALHO // 1024} KB: não é o "
                                             "cabeçalho de um arquivo do leiaute (veja docs/importacao.md).")])
    # O cabeçalho não tem vírgula nem ponto e vírgula nos nomes: o que aparecer nele é o separador.
    separador = ";" if primeira.count(";") > primeira.count(",") else ","
    # Um BOM no começo de cada linha (arquivos colados um no outro, ou gravados linha a linha com BOM) não
    # faz parte do primeiro campo.
    sem_bom = (linha[1:] if linha[:1] == "\ufeff" else linha for linha in texto)
    leitor = csv.reader(itertools.chain([primeira], sem_bom), delimiter=separador)
    try:
        cabecalho = next(leitor, None)
    except csv.Error as exc:
        raise ErroCabecalho([Erro(1, "", "", _motivo_csv(exc))]) from exc

    def linhas() -> Iterator[tuple[int, list[str]]]:
        # A linha de um registro é aquela em que ele começa (um campo entre aspas pode ocupar várias).
        fim = leitor.line_num
        try:
            for campos in leitor:
                yield fim + 1, campos
                fim = leitor.line_num
        except UnicodeDecodeError as exc:
            raise ErroCabecalho([_erro_utf8(arquivo, separador, cabecalho or [])]) from exc
        except csv.Error as exc:
            raise ErroCabecalho([Erro(fim + 1, "", "", _motivo_csv(exc))]) from exc

    return Fonte(cabecalho or [], linhas(), lambda: texto.detach())


def _motivo_csv(exc: csv.Error) -> str:
    """A mensagem do módulo csv, em português."""
    limite = re.search(r"field larger than field limit \((\d+)\)", str(exc))
    if limite:
        return (f"um campo passa de {milhar(int(limite.group(1)))} caracteres"
                + "; confira se as aspas de algum campo foram abertas e não fechadas.")
    return "a linha não pôde ser lida; confira as aspas e os separadores."


def _erro_utf8(arquivo: BinaryIO, separador: str, cabecalho: list[str]) -> Erro:
    """Acha o primeiro byte que não é UTF-8 (a decodificação trabalha em blocos e erra antes de chegar à linha
    dele) e diz a linha, a coluna e o valor, com o byte escrito como \\xNN."""
    motivo = ("o arquivo não está em UTF-8 (o valor mostra como \\xNN o que não é UTF-8; é o que o Excel grava "
              "em «CSV» comum); salve-o como «CSV UTF-8» ou envie o .xlsx.")
    arquivo.seek(0)
    linhas_antes, cauda, sobra = 0, b"", b""  # quebras de linha e começo da linha corrente antes de `dados`
    while True:
        bloco = arquivo.read(1 << 20)
        dados = sobra + bloco
        if not dados:
            return Erro(1, "", "", motivo)
        try:
            dados.decode("utf-8")
            validos, achado = len(dados), None
        except UnicodeDecodeError as exc:
            cortado = bloco and exc.reason == "unexpected end of data"  # sequência partida entre dois blocos
            validos, achado = exc.start, None if cortado else exc.start
        antes = dados[:validos]
        comeco = cauda + antes if b"\n" not in antes else antes[antes.rfind(b"\n") + 1:]
        if achado is not None:
            resto = dados[achado:]
            fim = resto.find(b"\n")
            bruta = (comeco + (resto if fim < 0 else resto[:fim]))[:8192].removeprefix(b"\xef\xbb\xbf")
            return _erro_utf8_na_linha(linhas_antes + antes.count(b"\n") + 1, bruta, separador, cabecalho, motivo)
        linhas_antes += antes.count(b"\n")
        cauda, sobra = comeco[-4096:], dados[validos:]
        if not bloco:
            return Erro(1, "", "", motivo)


def _erro_utf8_na_linha(linha: int, bruta: bytes, separador: str, cabecalho: list[str], motivo: str) -> Erro:
    sem_coluna = Erro(linha, "", "", motivo.replace("o valor mostra", "a mensagem mostra") + _trecho(bruta))
    if linha == 1:
        return sem_coluna
    try:
        campos = next(csv.reader([bruta.decode("utf-8", "replace")], delimiter=separador), [])
        escritos = next(csv.reader([bruta.decode("utf-8", "backslashreplace")], delimiter=separador), [])
    except csv.Error:  # a linha tem outros defeitos (um \r solto): fica só a linha
        return sem_coluna
    indice = next((i for i, campo in enumerate(campos) if "\ufffd" in campo), None)
    if indice is None or len(escritos) != len(campos):
        return sem_coluna
    coluna = chave_da_coluna(cabecalho[indice]) if indice < len(cabecalho) else ""
    return Erro(linha, coluna, caracteres.visivel(escritos[indice]), motivo)


def _trecho(bruta: bytes) -> str:
    # Os caracteres de controle escritos (\u0000), como nos valores: o PostgreSQL não guarda um NUL no JSON dos erros.
    return f" Trecho: «{caracteres.visivel(bruta[:60].decode('utf-8', 'backslashreplace'))}»."


def _abrir_xlsx(arquivo: BinaryIO) -> Fonte:
    from openpyxl import DEFUSEDXML, load_workbook

    if not DEFUSEDXML:
        # Sem o defusedxml, o openpyxl leria entidades XML (XXE, «billion laughs»): melhor não abrir.
        raise ErroCabecalho([Erro(1, "", "", "este servidor não está configurado para ler XLSX com segurança "
                                             "(falta o defusedxml); envie o arquivo como «CSV UTF-8».")])
    _conferir_zip(arquivo)
    try:
        # read_only: as linhas são lidas do XML em fluxo, sem carregar a planilha inteira na memória.
        livro = load_workbook(arquivo, read_only=True, data_only=True)
    except Exception as exc:
        raise ErroCabecalho([Erro(1, "", "", _motivo_xlsx(exc, "a planilha XLSX não pôde ser aberta"))]) from exc
    if not livro.worksheets:
        livro.close()
        raise ErroCabecalho([Erro(1, "", "", "a planilha não tem abas.")])
    aba = livro.worksheets[0]
    # As dimensões declaradas no XML (A1:XFD1048576 numa planilha hostil) fariam o openpyxl completar
    # milhões de células vazias: valem as células que de fato existem.
    aba.reset_dimensions()
    try:
        cabecalho = [_celula(v) for v in next(aba.iter_rows(max_row=1, max_col=LIMITE_COLUNAS, values_only=True),
                                              ())]
    except Exception as exc:
        livro.close()
        raise ErroCabecalho([Erro(1, "", "", _motivo_xlsx(exc, "a primeira linha da planilha não pôde ser lida"))]
                            ) from exc
    while cabecalho and not cabecalho[-1].strip():
        cabecalho.pop()

    chaves = [chave_da_coluna(c) for c in cabecalho]
    coluna_cpf = chaves.index("cpf") if "cpf" in chaves else None
    largura = len(cabecalho)

    def linhas() -> Iterator[tuple[int, list[str]]]:
        numero = 1
        try:
            for numero, celulas in enumerate(aba.iter_rows(min_row=2, max_col=largura + SOBRA_DE_COLUNAS,
                                                           values_only=True), 2):
                campos = [_celula(v) for v in celulas[:largura]]
                if coluna_cpf is not None and coluna_cpf < len(celulas) and isinstance(celulas[coluna_cpf], int):
                    # CPF guardado como número: a planilha perdeu os zeros à esquerda.
                    campos[coluna_cpf] = campos[coluna_cpf].zfill(11)
                if len(campos) < largura:
                    campos.extend([""] * (largura - len(campos)))
                elif any(v is not None and str(v).strip() for v in celulas[largura:]):
                    campos.append("")  # sobra preenchida além do cabeçalho: acusada como número de campos errado
                yield numero, campos
        except Exception as exc:
            raise ErroCabecalho([Erro(numero + 1, "", "", _motivo_xlsx(
                exc, "a planilha não pôde ser lida a partir desta linha"))]) from exc

    return Fonte(cabecalho, linhas(), livro.close)


def _conferir_zip(arquivo: BinaryIO) -> None:
    """Recusa, antes de abrir, o XLSX que não é um zip ou que descompactado ficaria enorme (bomba de zip)."""
    try:
        with zipfile.ZipFile(arquivo) as pacote:
            membros = pacote.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise ErroCabecalho([Erro(1, "", "", "a planilha XLSX não pôde ser aberta: o arquivo está corrompido, "
                                             "incompleto ou não é .xlsx.")]) from exc
    finally:
        arquivo.seek(0)
    total = sum(m.file_size for m in membros)
    comprimido = sum(m.compress_size for m in membros)
    anomala = total > MINIMO_PARA_TAXA and total > TAXA_MAXIMA_XLSX * max(comprimido, 1)
    if total > LIMITE_XLSX_DESCOMPACTADO or anomala:
        raise ErroCabecalho([Erro(1, "", "", f"a planilha XLSX descompactada teria {milhar(total // (1 << 20))} MB"
                                             ", muito mais do que os dados de um arquivo de "
                                             "inscrições: recusada para proteger o servidor (bomba de zip). "
                                             "Salve-a de novo no Excel ou envie «CSV UTF-8».")])


def _motivo_xlsx(exc: Exception, oque: str) -> str:
    logger.info("XLSX recusado: %s.", falhas.descricao(exc))
    causas = [exc, exc.__cause__, exc.__context__]
    if any(type(causa).__module__.startswith("defusedxml") for causa in causas if causa is not None):
        return (f"{oque}: o XML dela declara entidades ou DTD, que uma planilha de verdade não usa (recusado por "
                "segurança: ataques XXE e «billion laughs»). Salve-a de novo no Excel ou envie «CSV UTF-8».")
    return f"{oque}: o arquivo está corrompido ou não é .xlsx. Salve-a de novo no Excel ou envie «CSV UTF-8»."


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
            # Como os erros: os caracteres invisíveis escritos (\u202e), para que a prévia mostre o que há.
            linhas.append({"linha": numero} | {c: caracteres.visivel(campos[min(posicoes[c], len(campos) - 1)].strip())
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



def _produzir(gerador: Iterator, fila: queue.Queue, parar: threading.Event) -> None:
    """A thread de leitura: põe cada lote na fila (esperando vaga, salvo se mandarem parar) e, no fim, o aviso de
    fim com a exceção que a leitura levantou, se houve."""
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


def em_paralelo(gerador: Iterator, maximo: int = 2) -> Iterator:
    """Consome o gerador numa thread: enquanto o banco grava um lote, o Python já lê e valida o seguinte.

    O driver do banco solta o GIL enquanto espera o servidor; só a thread principal usa a conexão.
    """
    fila: queue.Queue = queue.Queue(maxsize=maximo)
    parar = threading.Event()
    thread = threading.Thread(target=_produzir, args=(gerador, fila, parar), name="importacao-leitura", daemon=True)
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

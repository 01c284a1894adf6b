"""Arquivos enviados: tamanho máximo por tipo, conteúdo conferido (não só a extensão) e o limite em fluxo.

Cada tipo tem o seu limite (LIMITE_ENVIO_*_MB, README): o PDF de um currículo ou de um termo, o arquivo da banca,
o PDF enviado à página pública de verificação e o CSV do simulador. O conteúdo é conferido pelo que o arquivo é:
um PDF começa com «%PDF-» e o pypdf o lê (um HTML com nome .pdf é recusado); um CSV se decodifica em UTF-8; um
XLSX é um zip com as partes de uma planilha. Na página pública, sem login, o envio grande é recusado antes de ser
lido: pelo Content-Length e, se ele mentir, por um upload handler que para no limite. Nos envios do admin, o mesmo
handler para de receber o arquivo que passa do limite (`limite_em_fluxo`): nada se grava, e o resto do corpo nem
é lido.
"""

from __future__ import annotations

import codecs
import zipfile
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.shortcuts import redirect
from django.views.decorators.csrf import csrf_exempt, csrf_protect

MB = 1024 * 1024
BLOCO = 64 * 1024
# As partes que toda planilha XLSX tem (ECMA-376): sem elas, é outro zip com o nome trocado.
PARTES_XLSX = ("[Content_Types].xml", "xl/workbook.xml")


def limite(tipo: str) -> int:
    """O limite em bytes de um tipo de envio: "pdf", "importacao", "verificacao" ou "simulador"."""
    return getattr(settings, f"LIMITE_ENVIO_{tipo.upper()}_MB") * MB


def conferir_tamanho(arquivo, tipo: str) -> None:
    maximo = limite(tipo)
    if arquivo.size > maximo:
        raise ValidationError(f"O arquivo tem {_mb(arquivo.size)} MB; o limite é {maximo // MB} MB.",
                              code="grande_demais")


def _mb(tamanho: int) -> str:
    return f"{tamanho / MB:.1f}".replace(".", ",")


def _inicio(arquivo, tamanho: int = 1024) -> bytes:
    arquivo.seek(0)
    inicio = arquivo.read(tamanho)
    arquivo.seek(0)
    return inicio


def parece_pdf(arquivo) -> bool:
    """A assinatura do PDF no começo do arquivo (o leitor de PDF a aceita até o byte 1024)."""
    return b"%PDF-" in _inicio(arquivo)


def conferir_pdf(arquivo) -> None:
    """Recusa o que não é um PDF legível: outro tipo com o nome trocado, PDF corrompido ou protegido por senha."""
    from pypdf import PdfReader

    if not parece_pdf(arquivo):
        raise ValidationError("O arquivo não é um PDF (o conteúdo é de outro tipo, só o nome termina em .pdf).",
                              code="nao_e_pdf")
    try:
        leitor = PdfReader(arquivo)
        if leitor.is_encrypted:
            raise ValidationError("O PDF está protegido por senha; envie-o sem a senha.", code="pdf_com_senha")
        paginas = len(leitor.pages)
    except ValidationError:
        raise
    except Exception as erro:  # o pypdf recusa um PDF corrompido com exceções de vários tipos
        raise ValidationError("O PDF está corrompido ou incompleto; gere-o de novo e envie outra vez.",
                              code="pdf_corrompido") from erro
    finally:
        arquivo.seek(0)
    if not paginas:
        raise ValidationError("O PDF não tem nenhuma página.", code="pdf_vazio")


def validar_pdf_enviado(arquivo) -> None:
    """Validador dos campos de PDF enviados pelo admin (currículo, termo assinado)."""
    if getattr(arquivo, "_committed", False):
        return  # já guardado: foi conferido quando chegou, e salvar a ficha de novo não o relê
    conferir_tamanho(arquivo, "pdf")
    conferir_pdf(arquivo)


def conferir_csv(arquivo) -> None:
    """Recusa o que não é um CSV em UTF-8 (p. ex. uma planilha ou um executável com o nome trocado).

    Confere o começo do arquivo: um byte inválido mais adiante o importador aponta com o número da linha."""
    decodificador = codecs.getincrementaldecoder("utf-8-sig")()
    try:
        bloco = _inicio(arquivo, BLOCO)
        if b"\0" in bloco:
            raise ValidationError("O arquivo não é um CSV: tem conteúdo binário (é uma planilha ou outro tipo de "
                                  "arquivo com o nome trocado?).", code="csv_binario")
        decodificador.decode(bloco, final=len(bloco) < BLOCO)
    except UnicodeDecodeError as erro:
        raise ValidationError("O CSV não está em UTF-8. No Excel, use «Salvar como» → «CSV UTF-8»; no LibreOffice, "
                              "escolha o conjunto de caracteres «Unicode (UTF-8)».", code="csv_codificacao") from erro


def conferir_xlsx(arquivo) -> None:
    """Recusa o XLSX que não é uma planilha: não é zip, ou é um zip sem as partes de uma pasta de trabalho."""
    arquivo.seek(0)
    try:
        with zipfile.ZipFile(arquivo) as pacote:
            nomes = set(pacote.namelist())
    except (zipfile.BadZipFile, OSError, ValueError) as erro:
        raise ValidationError("O arquivo não é uma planilha XLSX (o conteúdo é de outro tipo, só o nome termina em "
                              ".xlsx).", code="nao_e_xlsx") from erro
    finally:
        arquivo.seek(0)
    if not all(parte in nomes for parte in PARTES_XLSX):
        raise ValidationError("O arquivo é um zip, mas não uma planilha XLSX: faltam as partes de uma pasta de "
                              "trabalho. Salve a planilha de novo como «Pasta de Trabalho do Excel (.xlsx)».",
                              code="xlsx_incompleto")


class EnvioGrandeDemais(FileUploadHandler):
    """Para de receber o envio quando um arquivo passa do limite, sem ler o resto (o Content-Length pode mentir).

    O limite é de cada arquivo: a ficha da comissão leva o currículo e o termo de cada membro, cada um com o seu."""

    def __init__(self, maximo: int, request=None):
        super().__init__(request)
        self.maximo = maximo
        self.recebido = 0
        self.excedeu = False

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.recebido = 0

    def receive_data_chunk(self, raw_data, start):
        self.recebido += len(raw_data)
        if self.recebido > self.maximo:
            self.excedeu = True
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size):
        return None


def limitar_envio(request, tipo: str) -> EnvioGrandeDemais | None:
    """Antes de ler o corpo: None se o Content-Length já passa do limite; senão, o handler que vigia o resto.

    Tem de ser chamado antes de qualquer acesso a request.POST ou request.FILES (inclusive o do CSRF: a view
    fica csrf_exempt e aplica csrf_protect depois desta chamada)."""
    maximo = limite(tipo)
    try:
        declarado = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declarado = 0
    # O corpo tem, além do arquivo, os outros campos e as fronteiras do multipart: uma folga de 1 MB. O handler conta
    # só os bytes do arquivo.
    if declarado > maximo + MB:
        return None
    vigia = EnvioGrandeDemais(maximo, request)
    request.upload_handlers.insert(0, vigia)
    return vigia


def limite_em_fluxo(tipo: str) -> Callable:
    """Decorador das views do admin que recebem arquivos: cada arquivo para de ser recebido ao passar do limite do
    tipo, e a resposta volta à mesma página com a mensagem, sem gravar nada.

    O handler tem de entrar antes de o corpo ser lido, e o CSRF o lê: a view fica `csrf_exempt` para o middleware (e
    para o `admin_view`, que não acrescenta o seu `csrf_protect`) e o CSRF é conferido aqui, depois do handler — a
    receita da documentação do Django, a mesma de /verificar/."""

    def decorador(view: Callable) -> Callable:
        @csrf_protect
        def conferida(request, vigia: EnvioGrandeDemais, *args, **kwargs):
            if request.method == "POST":
                request.FILES  # noqa: B018 (o corpo é lido aqui, com o handler na frente, se o CSRF não o leu)
            if vigia.excedeu:
                messages.error(request, f"O arquivo passa do limite de {vigia.maximo // MB} MB e não foi recebido: "
                                        "nada foi gravado. Envie um arquivo menor.")
                return redirect(request.get_full_path())
            return view(request, *args, **kwargs)

        @csrf_exempt
        @wraps(view)
        def limitada(request, *args, **kwargs):
            vigia = EnvioGrandeDemais(limite(tipo), request)
            request.upload_handlers.insert(0, vigia)
            return conferida(request, vigia, *args, **kwargs)

        return limitada

    return decorador

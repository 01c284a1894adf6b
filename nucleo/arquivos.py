"""O SHA-256 de um arquivo, lido aos pedaços (hashlib.file_digest, que solta o GIL): o do arquivo da banca guardado na
importação, o de um PDF enviado à página de verificação, o de um arquivo que a guarda apaga. E a conferência do
brasão do órgão, uma imagem que vai embutida em todo PDF dele (decisão 0006: o conteúdo, não o nome)."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.exceptions import ValidationError


def sha256_do_arquivo(arquivo) -> str:
    """O SHA-256 (hexadecimal) do arquivo inteiro, lido do começo; o arquivo volta ao começo. Aceita um arquivo
    binário aberto ou um arquivo do Django (enviado ou de um FileField aberto), cujo `.file` é o arquivo de verdade."""
    bruto = getattr(arquivo, "file", arquivo)
    bruto.seek(0)
    try:
        return hashlib.file_digest(bruto, "sha256").hexdigest()
    finally:
        bruto.seek(0)


ASSINATURAS_DE_IMAGEM = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}
# Um brasão impresso com 25 mm não precisa de mais que isto; acima, a imagem só pesa em cada PDF (e uma imagem de
# poucos KB com dimensões enormes é a bomba de descompressão).
MAXIMO_DE_PIXELS = 4000 * 4000


def validar_brasao(arquivo) -> None:
    """O brasão é PNG ou JPEG de verdade, dentro do limite: a assinatura dos primeiros bytes, não a extensão, e o
    Pillow (que o WeasyPrint já usa) lê a imagem inteira. SVG é recusado: é XML que pode trazer script e endereços
    externos, e iria para dentro de documentos públicos."""
    if getattr(arquivo, "_committed", False):
        # O brasão já guardado, conferido quando chegou: salvar o órgão de novo não o relê (nem falha se o arquivo
        # sumiu do disco).
        return
    limite = settings.LIMITE_ENVIO_BRASAO_MB
    if arquivo.size > limite * 1024 * 1024:
        raise ValidationError(f"O brasão passa do limite de {limite} MB: envie uma imagem menor (PNG ou JPEG).",
                              code="grande_demais")
    bruto = getattr(arquivo, "file", arquivo)
    bruto.seek(0)
    inicio = bruto.read(16)
    bruto.seek(0)
    formato = next((nome for assinatura, nome in ASSINATURAS_DE_IMAGEM.items() if inicio.startswith(assinatura)), "")
    if not formato:
        svg = inicio.lstrip().startswith(b"<")
        raise ValidationError(
            "O brasão em SVG não é aceito: envie o brasão em PNG ou JPEG." if svg else
            "O arquivo não é uma imagem PNG nem JPEG: envie o brasão num desses formatos.", code="formato")
    _conferir_fim(bruto, formato)
    _conferir_imagem(bruto, formato)


# O último bloco de cada formato: o IEND do PNG (com o seu CRC) e o EOI do JPEG.
FIM_DA_IMAGEM = {"PNG": b"IEND\xaeB`\x82", "JPEG": b"\xff\xd9"}


def _conferir_fim(bruto, formato: str) -> None:
    """A imagem cortada é recusada pelo fim do arquivo, e não só pelo Pillow: o WeasyPrint, ao ser importado, liga no
    processo inteiro o ImageFile.LOAD_TRUNCATED_IMAGES, e o Pillow passa a completar calado o que falta."""
    bruto.seek(0, 2)
    tamanho = bruto.tell()
    bruto.seek(max(0, tamanho - 64))
    fim = bruto.read().rstrip(b"\0")
    bruto.seek(0)
    if not fim.endswith(FIM_DA_IMAGEM[formato]):
        raise ValidationError("A imagem do brasão está corrompida ou cortada: envie o arquivo de novo.",
                              code="corrompido")


def _conferir_imagem(bruto, formato: str) -> None:
    # Importado aqui: só quem envia um brasão paga o Pillow.
    from PIL import Image

    try:
        with Image.open(bruto, formats=[formato]) as imagem:
            largura, altura = imagem.size
            if largura * altura > MAXIMO_DE_PIXELS:
                raise ValidationError("O brasão tem pixels demais: envie uma imagem de até 4.000 × 4.000 pixels.",
                                      code="pixels")
            imagem.load()
    except ValidationError:
        raise
    except Exception:
        raise ValidationError("A imagem do brasão está corrompida ou cortada: envie o arquivo de novo.",
                              code="corrompido") from None
    finally:
        bruto.seek(0)

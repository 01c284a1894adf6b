"""O único caminho para emitir um PDF: template Django + contexto → HTML → WeasyPrint → PDF guardado e verificável.

Usado pelos certames (quadro de vagas, listas, convocações) e pela heteroidentificação (atas, resultados).
Os templates estendem «documentos/pdf/base.html», que põe em toda página o cabeçalho, o rodapé com
«Página X de Y» e o código de verificação, e na primeira o QR code da página pública.

O código precisa estar impresso antes de existir o hash dos bytes finais: sorteia-se o código,
renderiza-se o PDF com ele e só então se calcula e guarda o SHA-256 do que foi gerado.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import segno
from django.core.files.base import ContentFile
from django.db import models, transaction
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.utils.text import slugify

from documentos.codigos import novo_codigo
from documentos.models import DocumentoEmitido
from documentos.tipos import rotulo_do_tipo


def qr_code_svg(url: str) -> str:
    """QR code do endereço como data URI SVG: vetorial (nítido na impressão), sem arquivo nem rede."""
    # Correção de erro M (15%): aguenta dobra e mancha no papel sem crescer demais.
    return segno.make(url, error="m", micro=False).svg_data_uri(scale=4, border=0, dark="#000")


ESPACO_DE_ALGARISMO = "\u2007"


def largura_numerica(rotulo: str, valores) -> int:
    """Largura, em `ch`, de uma coluna de números que cabe o maior valor e o rótulo do cabeçalho (em negrito)."""
    palavra = max((len(p) for p in rotulo.split()), default=0)
    return max(6, max((len(str(v)) for v in valores), default=1) + 2, round(palavra * 1.35) + 1)


def numeros_alinhados(valores, larguras) -> str:
    """Várias colunas de números numa célula só, cada número alinhado à direita da sua coluna.

    O WeasyPrint gasta cerca de meio milissegundo por célula de tabela; num quadro de 200 cargos, cinco
    células numéricas por linha eram a maior parte do tempo. Os algarismos têm todos a mesma largura (1 ch)
    e o espaço de algarismo (U+2007) também, e não quebra a linha: preenchendo cada número até a largura da
    coluna (em `ch`, a mesma das <col> do cabeçalho), os números caem exatamente sob os rótulos. Cada coluna
    termina com um espaço de algarismo, o recuo direito que o cabeçalho tem de `padding-right: 1ch`.
    Use com fonte de algarismos tabulares (Liberation Sans, DejaVu Sans) e sem negrito nos números.
    """
    return "".join(ESPACO_DE_ALGARISMO * (largura - 1 - len(str(v))) + str(v) + ESPACO_DE_ALGARISMO
                   for v, largura in zip(valores, larguras, strict=True))


def _novo_codigo_livre() -> str:
    # 60 bits tornam a colisão desprezível; a conferência é barata e a restrição unique fica de guarda.
    while True:
        codigo = novo_codigo()
        if not DocumentoEmitido.objects.filter(codigo=codigo).exists():
            return codigo


def nome_do_arquivo(base: str, codigo: str) -> str:
    """Nome de download sem acentos nem espaços, terminando pelo código (liga o arquivo salvo ao documento)."""
    return f"{slugify(base.replace('/', '-'))[:150]}-{codigo}.pdf"


def renderizar_pdf(html: str) -> tuple[bytes, int]:
    pdf, paginas, _ = renderizar_pdf_com_campos(html)
    return pdf, paginas


PREFIXO_CAMPO = "campo-assinatura-"
# O WeasyPrint mede em px CSS (96 por polegada); o PDF, em pontos (72 por polegada).
PONTOS_POR_PX = 72 / 96


def renderizar_pdf_com_campos(html: str) -> tuple[bytes, int, dict[str, dict]]:
    """O PDF, o número de páginas e onde ficou cada linha de assinatura (`id="campo-assinatura-N"`), para o carimbo
    de cada assinatura cair no seu lugar: {"N": {"pagina": i, "caixa": [x1, y1, x2, y2]}}, em pontos do PDF, com a
    origem embaixo à esquerda (as âncoras do WeasyPrint vêm em px CSS, a partir do canto de cima à esquerda)."""
    # Importado aqui: o WeasyPrint carrega Pango e fontes, custo que só quem emite PDF deve pagar.
    from weasyprint import HTML

    documento = HTML(string=html, base_url=None).render()
    campos = {}
    for indice, pagina in enumerate(documento.pages):
        for nome, (x1, y1, x2, y2) in pagina.anchors.items():
            numero = nome.removeprefix(PREFIXO_CAMPO)
            if nome.startswith(PREFIXO_CAMPO) and numero.isdigit() and numero not in campos:
                campos[numero] = {"pagina": indice, "caixa": [
                    round(x1 * PONTOS_POR_PX, 2), round((pagina.height - y2) * PONTOS_POR_PX, 2),
                    round(x2 * PONTOS_POR_PX, 2), round((pagina.height - y1) * PONTOS_POR_PX, 2)]}
    return documento.write_pdf(), len(documento.pages), campos


def emitir_pdf(*, template: str, contexto: dict[str, Any], tipo: str, titulo: str, usuario=None,
               referencia: models.Model | None = None, nome_arquivo: str | None = None,
               orgao_id: int | None = None, chave: str = "", assinantes: Sequence | None = None) -> DocumentoEmitido:
    """Renderiza `template` com `contexto`, grava o PDF e devolve o documento com código e SHA-256.

    `nome_arquivo` é a base do nome de download (p. ex. «quadro de vagas edital 001/2024»); o código é
    acrescentado ao fim. Sem ela, usa-se o título. `chave` diz qual documento do objeto é este, quando ele tem mais de
    um do mesmo tipo (o código da lista do cargo), para que uma retificação o emita de novo.

    O template recebe, além do contexto, `documento` com: codigo, url_verificacao, qr_code (data URI),
    titulo, tipo, emitido_em e emitido_por.

    `assinantes` são as linhas de assinatura do fecho, na ordem (cada um com `nome`, `funcao` e, se houver, `cpf`;
    sem o argumento, as do contexto, `assinaturas`): o documento nasce com a ordem das assinaturas digitais, e a
    assinatura N vai para a linha N. Com o CPF, só o certificado dessa pessoa assina naquela linha.

    A renderização, que leva até segundos, fica fora de transação e não segura travas do banco; o registro e a ordem
    das assinaturas são gravados juntos, só depois de o PDF existir e ter o seu hash.
    """
    rotulo = rotulo_do_tipo(tipo)  # recusa o tipo não registrado antes de sortear o código e renderizar
    codigo = _novo_codigo_livre()
    documento = DocumentoEmitido(
        tipo=tipo, titulo=titulo[:300], codigo=codigo, emitido_em=timezone.now(),
        emitido_por=usuario if usuario is not None and usuario.is_authenticated else None,
        nome_arquivo=nome_do_arquivo(nome_arquivo or titulo, codigo), orgao_id=orgao_id, chave=chave,
    )
    if referencia is not None:
        documento.referencia = referencia
    dados = {
        "codigo": codigo, "url_verificacao": documento.url_verificacao,
        "qr_code": qr_code_svg(documento.url_verificacao), "titulo": titulo,
        "tipo": rotulo, "emitido_em": documento.emitido_em,
        "emitido_por": _nome(documento.emitido_por),
    }
    # Fora de uma requisição (comandos, benchmarks) o idioma ativo pode não ser o do sistema.
    with translation.override("pt-br"), timezone.override(timezone.get_default_timezone()):
        html = render_to_string(template, {**contexto, "documento": dados})
    pdf, paginas, documento.campos_assinatura = renderizar_pdf_com_campos(html)
    documento.sha256 = hashlib.sha256(pdf).hexdigest()
    documento.tamanho = len(pdf)
    documento.paginas = paginas
    documento.arquivo.save(documento.nome_arquivo, ContentFile(pdf), save=False)
    assinantes = contexto.get("assinaturas", ()) if assinantes is None else assinantes
    with transaction.atomic():
        documento.save()
        if assinantes:
            _ordem_das_assinaturas(documento, assinantes)
    return documento


def _ordem_das_assinaturas(documento: DocumentoEmitido, assinantes: Sequence) -> None:
    # Importado aqui: o módulo das assinaturas carrega o pyHanko, custo que só quem assina deve pagar.
    from documentos.assinatura_servicos import Signatario, assinaturas_definir_ordem

    def campo(assinante, nome: str) -> str:
        # Como o template os lê: objetos (documentos.timbre.Assinante) ou dicionários.
        return assinante.get(nome, "") if isinstance(assinante, dict) else getattr(assinante, nome, "")

    assinaturas_definir_ordem(documento=documento, usuario=documento.emitido_por, signatarios=[
        Signatario(campo(a, "nome"), campo(a, "funcao"), campo(a, "cpf")) for a in assinantes])


def _nome(usuario) -> str:
    if usuario is None:
        return ""
    return usuario.get_full_name() or usuario.get_username()


def resposta_pdf(documento: DocumentoEmitido, *, anexo: bool = False) -> HttpResponse:
    """O PDF guardado (os mesmos bytes do hash), aberto no navegador com um bom nome de arquivo."""
    resposta = HttpResponse(documento.conteudo(), content_type="application/pdf")
    resposta["Content-Disposition"] = content_disposition_header(anexo, documento.nome_arquivo)
    # Listas trazem nomes: nenhum cache intermediário deve guardar a resposta.
    resposta["Cache-Control"] = "private, no-store"
    resposta["X-Codigo-Verificacao"] = documento.codigo
    return resposta

"""Assinar um documento emitido, na ordem dos signatários, e conferir um PDF assinado contra o emitido.

Assinar é um ato: numa transação, com o documento travado (dois membros apertando «Assinar» ao mesmo tempo não
assinam a mesma revisão), com o usuário que registrou e o histórico. O PDF emitido nunca muda: cada assinatura grava
um arquivo novo, o anterior (ou o emitido) mais uma revisão incremental, e o último assinado é a versão vigente.
"""

from __future__ import annotations

import hashlib
import io
import logging
from dataclasses import dataclass

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from documentos.assinatura import (
    ALTURA_CAMPO,
    BASE_PADRAO,
    LARGURA_CAMPO,
    MARGEM_DIREITA_PADRAO,
    Carimbo,
    ErroDeAssinatura,
    ResultadoDaAssinatura,
    assinar_pdf,
    conferir_assinaturas,
    conferir_certificado_de_quem_assina,
    titular_do_certificado,
)
from documentos.models import AssinaturaDoDocumento, DocumentoEmitido
from nucleo.servicos import auditar

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Signatario:
    nome: str
    cargo: str = ""
    cpf: str = ""


@transaction.atomic
def assinaturas_definir_ordem(*, documento: DocumentoEmitido, signatarios: list[Signatario],
                              usuario) -> list[AssinaturaDoDocumento]:
    """Acrescenta, depois dos que já estão na ordem, quem ainda vai assinar (os membros da comissão numa ata)."""
    documento = DocumentoEmitido.objects.select_for_update().get(pk=documento.pk)
    ultima = documento.assinaturas.order_by("-ordem").values_list("ordem", flat=True).first() or 0
    criadas = []
    for ordem, signatario in enumerate(signatarios, ultima + 1):
        assinatura = AssinaturaDoDocumento(documento=documento, ordem=ordem, nome=signatario.nome[:200],
                                           cargo=signatario.cargo[:200], cpf=_so_digitos(signatario.cpf))
        auditar(assinatura, usuario, f"Signatário {ordem} do documento {documento.codigo}")
        assinatura.save()
        criadas.append(assinatura)
    return criadas


def _so_digitos(texto: str) -> str:
    return "".join(c for c in texto if c.isdigit())


def versao_vigente(documento: DocumentoEmitido) -> AssinaturaDoDocumento | None:
    """A última assinatura feita: o seu PDF tem todas as assinaturas até ela. Nenhuma: vale o PDF emitido."""
    return documento.assinaturas.filter(assinado_em__isnull=False).order_by("-ordem").first()


def proxima_assinatura(documento: DocumentoEmitido) -> AssinaturaDoDocumento | None:
    return documento.assinaturas.filter(assinado_em__isnull=True).order_by("ordem").first()


def _posicao(documento: DocumentoEmitido, ordem: int, pdf: bytes) -> tuple[int, tuple[float, float, float, float]]:
    """Onde vai o carimbo da assinatura `ordem`: no campo dela, se o template o pôs; senão, na última página, junto
    da margem direita e acima do rodapé, empilhando as assinaturas sem campo de baixo para cima."""
    campo = documento.campos_assinatura.get(str(ordem))
    if campo is not None:
        return campo["pagina"], tuple(campo["caixa"])
    from pypdf import PdfReader

    paginas = PdfReader(io.BytesIO(pdf)).pages
    largura = float(paginas[-1].mediabox.width)
    sem_campo = sum(1 for n in range(1, ordem) if str(n) not in documento.campos_assinatura)
    x2 = largura - MARGEM_DIREITA_PADRAO
    y1 = BASE_PADRAO + sem_campo * (ALTURA_CAMPO + 2 * 72 / 25.4)
    return len(paginas) - 1, (x2 - LARGURA_CAMPO, y1, x2, y1 + ALTURA_CAMPO)


@transaction.atomic
def documento_assinar(*, documento: DocumentoEmitido, assinador, usuario,
                      assinatura: AssinaturaDoDocumento | None = None, cargo: str = "") -> AssinaturaDoDocumento:
    """Assina o documento com `assinador` (documentos/assinatura.py: A1 ou token) na vez de `assinatura`, que tem de
    ser a próxima da ordem. Sem `assinatura`: a próxima da ordem, ou, se ninguém falta, uma assinatura a mais (a do
    órgão, p. ex.), com o nome do certificado e o `cargo` informado."""
    documento = DocumentoEmitido.objects.select_for_update().get(pk=documento.pk)
    if documento.substituido_por_id is not None:
        raise ErroDeAssinatura(f"O documento {documento.codigo} foi substituído e não vale mais: assine o que o "
                               "substitui.")
    if not documento.arquivo:
        raise ErroDeAssinatura("O PDF deste documento foi apagado pela guarda dos dados; não há o que assinar.")
    proxima = proxima_assinatura(documento)
    if assinatura is not None:
        assinatura = AssinaturaDoDocumento.objects.get(pk=assinatura.pk, documento=documento)
        if assinatura.assinada:
            raise ErroDeAssinatura(f"{assinatura.nome} já assinou este documento.")
        if proxima is not None and proxima.pk != assinatura.pk:
            raise ErroDeAssinatura(f"Ainda não é a vez de {assinatura.nome} (assinatura {assinatura.ordem}): antes, "
                                   f"falta a de {proxima.nome} (assinatura {proxima.ordem}).")
    conferir_certificado_de_quem_assina(assinador)
    titular = titular_do_certificado(assinador.signing_cert)
    if assinatura is None:
        assinatura = proxima or AssinaturaDoDocumento(
            documento=documento, ordem=(documento.assinaturas.count() + 1), nome=titular.nome[:200],
            cargo=cargo[:200])
    if assinatura.cpf and titular.cpf != assinatura.cpf:
        raise ErroDeAssinatura(f"O certificado é de {titular.nome} ({titular.documento or 'sem CPF'}), não de "
                               f"{assinatura.nome}, que é quem assina nesta posição.")
    anterior = versao_vigente(documento)
    base = anterior.conteudo() if anterior is not None else documento.conteudo()
    agora = timezone.now()
    pagina, caixa = _posicao(documento, assinatura.ordem, base)
    local = timezone.localtime(agora)
    carimbo = Carimbo(nome=titular.nome, documento=titular.documento, cargo=assinatura.cargo,
                      quando=f"{local:%d/%m/%Y} às {local:%H:%M}", icp_brasil=titular.icp_brasil, pagina=pagina,
                      caixa=caixa)
    assinado = assinar_pdf(base, assinador, campo=f"Assinatura {assinatura.ordem}", carimbo=carimbo,
                           motivo=f"Assinatura {assinatura.ordem} do documento {documento.codigo}")
    assinatura.titular = titular.nome[:200]
    assinatura.documento_do_titular = titular.documento
    assinatura.emissor = titular.emissor[:200]
    assinatura.icp_brasil = titular.icp_brasil
    assinatura.assinado_em = agora
    assinatura.assinado_por = usuario if usuario is not None and usuario.is_authenticated else None
    assinatura.sha256 = hashlib.sha256(assinado).hexdigest()
    assinatura.tamanho = len(assinado)
    assinatura.arquivo.save(f"{documento.codigo}-assinatura-{assinatura.ordem}.pdf", ContentFile(assinado),
                            save=False)
    auditar(assinatura, usuario, f"Assinatura {assinatura.ordem} do documento {documento.codigo}")
    assinatura.save()
    return assinatura


@dataclass(frozen=True)
class Conferencia:
    """O que a página de verificação diz de um PDF comparado com o documento emitido."""

    sha256: str
    identico: bool  # os mesmos bytes do emitido
    versao: AssinaturaDoDocumento | None  # os mesmos bytes de uma versão assinada registrada
    assinaturas: list[ResultadoDaAssinatura]

    @property
    def autentico(self) -> bool:
        return self.identico or self.versao is not None


def conferir_contra_o_emitido(documento: DocumentoEmitido, conteudo: bytes) -> Conferencia:
    """Compara um PDF com o emitido e com as versões assinadas registradas, só pelo SHA-256.

    O arquivo enviado nunca é aberto: autêntico é o que tem os mesmos bytes de um documento que o sistema emitiu ou
    assinou. Conferir as assinaturas de um PDF qualquer deixaria passar o que a análise de diferenças do pyHanko
    aceita depois de uma assinatura válida (um campo novo cuja aparência cobre a página, bytes acrescentados) e daria
    a quem não se identifica o trabalho de ler um PDF hostil. As assinaturas mostradas são as da versão registrada."""
    sha256 = hashlib.sha256(conteudo).hexdigest()
    if sha256 == documento.sha256:
        return Conferencia(sha256=sha256, identico=True, versao=None, assinaturas=[])
    versao = documento.assinaturas.filter(sha256=sha256, assinado_em__isnull=False).first()
    if versao is None:
        return Conferencia(sha256=sha256, identico=False, versao=None, assinaturas=[])
    return Conferencia(sha256=sha256, identico=False, versao=versao, assinaturas=assinaturas_da_versao(versao))


CACHE_DAS_CONFERENCIAS = 3600


def assinaturas_da_versao(versao: AssinaturaDoDocumento) -> list[ResultadoDaAssinatura]:
    """As assinaturas de uma versão registrada, conferidas pelo pyHanko. A versão não muda (o SHA-256 é a chave), e
    a conferência fica uma hora em cache: a página pública não refaz a conta a cada visita. Um arquivo guardado que
    não se deixa ler dá lista vazia, e a página diz que a conferência não foi possível."""
    if not versao.arquivo:
        return []
    chave = f"assinaturas:{versao.sha256}"
    resultado = cache.get(chave)
    if resultado is None:
        try:
            resultado = conferir_assinaturas(versao.conteudo())
        except Exception:  # o pyHanko recusa um PDF malformado com exceções de vários tipos
            logger.warning("A versão assinada %s do documento %s não pôde ser conferida.", versao.ordem,
                           versao.documento_id)
            return []
        cache.set(chave, resultado, CACHE_DAS_CONFERENCIAS)
    return resultado

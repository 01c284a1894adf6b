"""Assinar um documento emitido, na ordem dos signatários, e conferir um PDF assinado contra o emitido.

Assinar é um ato: numa transação, com o documento travado (dois membros apertando «Assinar» ao mesmo tempo não
assinam a mesma revisão), com o usuário que registrou e o histórico. O PDF emitido nunca muda: cada assinatura grava
um arquivo novo, o anterior (ou o emitido) mais uma revisão incremental, e o último assinado é a versão vigente.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

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
    so_assinaturas_ate,
    titular_do_certificado,
)
from documentos.models import AssinaturaDoDocumento, DocumentoEmitido
from nucleo.servicos import auditar


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
    revisao_do_emitido: bool  # começa pelos bytes do emitido, e o resto são assinaturas
    alterado_depois: bool  # começa pelo emitido, mas o que foi acrescentado não são só assinaturas
    assinaturas: list[ResultadoDaAssinatura]

    @property
    def autentico(self) -> bool:
        return self.identico or (self.revisao_do_emitido and all(a.valida for a in self.assinaturas))


def conferir_contra_o_emitido(documento: DocumentoEmitido, conteudo: bytes) -> Conferencia:
    """Compara um PDF com o emitido: os mesmos bytes, ou os bytes do emitido seguidos de assinaturas (cada assinatura
    é uma revisão incremental, e a primeira revisão do arquivo é o emitido, com o mesmo SHA-256)."""
    sha256 = hashlib.sha256(conteudo).hexdigest()
    if sha256 == documento.sha256:
        return Conferencia(sha256=sha256, identico=True, revisao_do_emitido=False, alterado_depois=False,
                           assinaturas=[])
    # Só um arquivo que começa pelos bytes do emitido é aberto pelo pyHanko: na página sem login, ler qualquer PDF
    # enviado seria trabalho de graça para quem quisesse ocupar o servidor.
    comeca_pelo_emitido = (len(conteudo) > documento.tamanho
                           and hashlib.sha256(conteudo[:documento.tamanho]).hexdigest() == documento.sha256)
    if not comeca_pelo_emitido:
        return Conferencia(sha256=sha256, identico=False, revisao_do_emitido=False, alterado_depois=False,
                           assinaturas=[])
    try:
        assinaturas = conferir_assinaturas(conteudo)
        so_assinaturas = bool(assinaturas) and so_assinaturas_ate(conteudo, assinaturas[0].revisao)
    except Exception:  # o pyHanko recusa um PDF malformado com exceções de vários tipos
        assinaturas, so_assinaturas = [], False
    return Conferencia(sha256=sha256, identico=False, revisao_do_emitido=so_assinaturas,
                       alterado_depois=not so_assinaturas, assinaturas=assinaturas)

"""A camada fina sobre o pyHanko: assinar um PDF (PAdES) e conferir as assinaturas de um PDF.

O pyHanko está em «beta»: a API pode mudar entre versões menores. Por isso a versão é fixada (requirements.txt), o
resto do projeto só chama as funções deste módulo, e os testes (tests/documentos/test_assinatura*.py) exercitam cada
coisa que usamos dele: carregar um A1, assinar com carimbo visível, assinar de novo em revisão incremental, conferir
integridade, cobertura, cadeia e alterações depois da assinatura (docs/decisoes/0026-assinatura-digital.md).

Nada aqui toca o banco: recebe bytes e devolve bytes ou resultados.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives.serialization import pkcs12
from django.conf import settings
from django.views.decorators.debug import sensitive_variables
from pyhanko.keys import load_certs_from_pemder
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields, signers
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.general import SigningError
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko.stamp import TextStampStyle
from pyhanko_certvalidator import CertificateValidator, ValidationContext
from pyhanko_certvalidator.errors import InvalidCertificateError, PathBuildingError, PathValidationError

from nucleo.servicos import ErroOperacao

MM = 72 / 25.4
# O campo de assinatura dos templates (documentos/pdf/base.html e os que o estendem): 80 mm × 22 mm.
LARGURA_CAMPO = 80 * MM
ALTURA_CAMPO = 22 * MM
# Sem campo no documento, o carimbo vai na última página, junto da margem direita, acima do rodapé; a segunda
# assinatura sem campo fica logo acima da primeira, e assim por diante.
MARGEM_DIREITA_PADRAO = 20 * MM
BASE_PADRAO = 28 * MM

# Os atributos do titular nos certificados ICP-Brasil (DOC-ICP-04): o «otherName» 2.16.76.1.3.1 traz a data de
# nascimento (8 algarismos) seguida do CPF (11); o 2.16.76.1.3.3, o CNPJ de um e-CNPJ.
OID_DADOS_PESSOA_FISICA = "2.16.76.1.3.1"
OID_CNPJ = "2.16.76.1.3.3"
_CN_COM_DOCUMENTO = re.compile(r"^(?P<nome>.+?):(?P<numero>\d{11}|\d{14})$")


class ErroDeAssinatura(ErroOperacao):
    """A assinatura não pôde ser feita; a mensagem, em português, diz por quê."""


@dataclass(frozen=True)
class Titular:
    """Quem o certificado identifica, como o certificado diz."""

    nome: str
    cpf: str
    cnpj: str
    emissor: str
    icp_brasil: bool
    valido_ate: datetime

    @property
    def documento(self) -> str:
        if self.cpf:
            return f"CPF {self.cpf[:3]}.{self.cpf[3:6]}.{self.cpf[6:9]}-{self.cpf[9:]}"
        if self.cnpj:
            c = self.cnpj
            return f"CNPJ {c[:2]}.{c[2:5]}.{c[5:8]}/{c[8:12]}-{c[12:]}"
        return ""

    @property
    def documento_publico(self) -> str:
        """O CPF mascarado como nas publicações oficiais (***.456.789-**); o CNPJ, inteiro."""
        if self.cpf:
            return f"CPF ***.{self.cpf[3:6]}.{self.cpf[6:9]}-**"
        return self.documento


def _outros_nomes(certificado: asn1_x509.Certificate) -> dict[str, str]:
    valores = {}
    nomes = certificado.subject_alt_name_value
    for nome in nomes or []:
        if nome.name != "other_name":
            continue
        outro = nome.chosen
        valor = outro["value"].parsed if outro["value"].parsed is not None else outro["value"]
        bruto = valor.native if hasattr(valor, "native") else None
        texto = bruto.decode("latin-1") if isinstance(bruto, bytes) else str(bruto or "")
        valores[outro["type_id"].dotted] = texto
    return valores


def titular_do_certificado(certificado: asn1_x509.Certificate) -> Titular:
    """Nome, CPF ou CNPJ e emissor. O CN de um e-CPF é «NOME:CPF»; o de um e-CNPJ, «RAZÃO SOCIAL:CNPJ»."""
    assunto = certificado.subject.native
    nome_comum = assunto.get("common_name", "")
    nome, cpf, cnpj = nome_comum, "", ""
    if casado := _CN_COM_DOCUMENTO.match(nome_comum):
        nome = casado["nome"]
        numero = casado["numero"]
        cpf, cnpj = (numero, "") if len(numero) == 11 else ("", numero)
    outros = _outros_nomes(certificado)
    if not cpf and len(digitos := re.sub(r"\D", "", outros.get(OID_DADOS_PESSOA_FISICA, ""))) >= 19:
        cpf = digitos[8:19]
    if not cnpj and len(digitos := re.sub(r"\D", "", outros.get(OID_CNPJ, ""))) == 14:
        cnpj = digitos
    emissor = certificado.issuer.native
    organizacoes = emissor.get("organization_name", "")
    # A organização da AC é exatamente «ICP-Brasil» (DOC-ICP-04), não um nome que a contenha («…, não é ICP-Brasil»).
    organizacoes = organizacoes if isinstance(organizacoes, list) else [organizacoes]
    return Titular(nome=nome, cpf=cpf, cnpj=cnpj, emissor=emissor.get("common_name", ""),
                   icp_brasil="ICP-Brasil" in organizacoes, valido_ate=certificado.not_valid_after)


@sensitive_variables("conteudo", "senha")
def assinador_a1(conteudo: bytes, senha: str) -> signers.SimpleSigner:
    """O assinador de um certificado A1 (PKCS#12, .p12 ou .pfx). A senha só é usada aqui, em memória."""
    try:
        pkcs12.load_key_and_certificates(conteudo, senha.encode())
    except ValueError as erro:
        raise ErroDeAssinatura("A senha do certificado está errada, ou o arquivo não é um certificado A1 (.p12 ou "
                               ".pfx). Confira a senha e o arquivo e tente de novo.") from erro
    try:
        assinador = signers.SimpleSigner.load_pkcs12_data(conteudo, other_certs=None, passphrase=senha.encode())
    except ValueError as erro:
        raise ErroDeAssinatura("O certificado A1 não tem uma chave privada que o sistema saiba usar.") from erro
    if assinador.signing_cert is None:
        raise ErroDeAssinatura("O arquivo não traz o certificado do titular, só a chave.")
    return assinador


@contextmanager
@sensitive_variables("pin")
def assinador_pkcs11(*, biblioteca: str, token: str, pin: str, rotulo: str) -> Iterator[signers.Signer]:
    """O assinador de um token ou HSM (PKCS#11): a chave não sai do dispositivo. A sessão fecha ao fim do bloco."""
    from pkcs11.exceptions import PKCS11Error
    from pyhanko.config.pkcs11 import TokenCriteria
    from pyhanko.sign.pkcs11 import PKCS11Signer, open_pkcs11_session

    if not Path(biblioteca).exists():
        raise ErroDeAssinatura(f"A biblioteca PKCS#11 {biblioteca} não existe neste servidor.")
    try:
        sessao = open_pkcs11_session(biblioteca, token_criteria=TokenCriteria(label=token), user_pin=pin)
    except PKCS11Error as erro:
        raise ErroDeAssinatura("O token não abriu: confira o PIN e se o token está conectado.") from erro
    except SigningError as erro:
        raise ErroDeAssinatura(f"Nenhum token com o rótulo «{token}» foi encontrado.") from erro
    try:
        yield PKCS11Signer(sessao, cert_label=rotulo, key_label=rotulo)
    finally:
        sessao.close()


@dataclass(frozen=True)
class Carimbo:
    """O que o carimbo visível diz, e onde fica (página a partir de 0; caixa em pontos, origem embaixo à esquerda)."""

    nome: str
    documento: str
    cargo: str
    quando: str
    icp_brasil: bool
    pagina: int
    caixa: tuple[float, float, float, float]


ESTILO_DO_CARIMBO = TextStampStyle(
    stamp_text="Assinado digitalmente por\n%(nome)s\n%(documento)s\n%(cargo)s\nem %(quando)s\n%(icp)s",
    border_width=1,
)


def assinar_pdf(pdf: bytes, assinador: signers.Signer, *, campo: str, carimbo: Carimbo, motivo: str) -> bytes:
    """Acrescenta ao PDF uma assinatura PAdES (revisão incremental: os bytes anteriores ficam como estavam), num
    campo novo com o carimbo visível."""
    escritor = IncrementalPdfFileWriter(io.BytesIO(pdf))
    metadados = signers.PdfSignatureMetadata(
        field_name=campo, md_algorithm="sha256", subfilter=fields.SigSeedSubFilter.PADES, reason=motivo,
        name=carimbo.nome,
    )
    caixa = tuple(round(v, 2) for v in carimbo.caixa)
    assinante = signers.PdfSigner(
        metadados, signer=assinador, stamp_style=ESTILO_DO_CARIMBO,
        new_field_spec=fields.SigFieldSpec(sig_field_name=campo, on_page=carimbo.pagina, box=caixa),
    )
    parametros = {"nome": carimbo.nome, "documento": carimbo.documento, "cargo": carimbo.cargo,
                  "quando": carimbo.quando, "icp": "ICP-Brasil" if carimbo.icp_brasil else ""}
    try:
        saida = assinante.sign_pdf(escritor, appearance_text_params=parametros)
    except SigningError as erro:
        raise ErroDeAssinatura("O certificado não conseguiu assinar o documento (a chave recusou a operação).",
                               ) from erro
    return saida.getvalue()


def raizes_confiaveis() -> list[asn1_x509.Certificate]:
    """As ACs raiz em que se confia (ASSINATURA_RAIZES: arquivos PEM/DER ou pastas com eles; em produção, as raízes
    da ICP-Brasil publicadas pelo ITI)."""
    arquivos: list[str] = []
    for caminho in settings.ASSINATURA_RAIZES:
        caminho = Path(caminho)
        if caminho.is_dir():
            arquivos.extend(str(p) for p in sorted(caminho.iterdir())
                            if p.suffix.lower() in {".pem", ".crt", ".cer", ".der"})
        elif caminho.exists():
            arquivos.append(str(caminho))
    return list(load_certs_from_pemder(arquivos)) if arquivos else []


@dataclass(frozen=True)
class ResultadoDaAssinatura:
    """Uma assinatura do PDF, conferida."""

    campo: str
    titular: Titular
    assinado_em: datetime | None
    integra: bool  # os bytes cobertos não mudaram e a assinatura confere com a chave do certificado
    confiavel: bool  # a cadeia chega a uma AC raiz configurada
    cobre_a_revisao: bool  # cobre a revisão inteira em que foi feita
    alterado_depois: bool  # depois dela houve mudanças que não são só outras assinaturas
    revisao: int  # a revisão do arquivo que ela assina (a primeira é 0)
    tamanho_assinado: int  # quantos bytes do arquivo ela cobre

    @property
    def valida(self) -> bool:
        return self.integra and self.confiavel and self.cobre_a_revisao and not self.alterado_depois

    @property
    def situacao(self) -> str:
        if not self.integra:
            return "Inválida: o documento foi alterado depois desta assinatura, ou a assinatura está corrompida."
        if self.alterado_depois or not self.cobre_a_revisao:
            return "Inválida: o arquivo recebeu alterações que esta assinatura não cobre."
        if not self.confiavel:
            return ("Íntegra, mas o certificado não é de uma autoridade certificadora em que este sistema confia: não "
                    "se sabe quem assinou.")
        return "Válida: o documento não mudou depois desta assinatura, e o certificado é de uma AC confiável."


def conferir_certificado_de_quem_assina(assinador: signers.Signer) -> None:
    """Recusa, antes de assinar, o certificado que a página de verificação não aceitaria: de uma AC em que o sistema
    não confia (ASSINATURA_RAIZES), vencido, revogado ou sem uso para assinatura. Sem isso, um certificado feito em
    casa com o nome e o CPF de um membro tomaria a vez dele na ordem das assinaturas."""
    validador = CertificateValidator(assinador.signing_cert, intermediate_certs=list(assinador.cert_registry),
                                     validation_context=_contexto_de_validacao(raizes_confiaveis()))
    try:
        asyncio.run(validador.async_validate_usage({"digital_signature"}))
    except InvalidCertificateError as erro:
        raise ErroDeAssinatura("O certificado não serve para assinar: está vencido, foi revogado ou não tem o uso de "
                               "assinatura digital.") from erro
    except PathBuildingError as erro:
        raise ErroDeAssinatura("O certificado não é de uma autoridade certificadora em que este sistema confia "
                               "(ASSINATURA_RAIZES): a assinatura não valeria.") from erro
    except PathValidationError as erro:
        raise ErroDeAssinatura("A cadeia do certificado não confere até uma AC em que o sistema confia: vencida, "
                               "revogada ou malformada.") from erro


def _contexto_de_validacao(raizes) -> ValidationContext:
    # Sem busca na rede por padrão: a página pública não deve depender de LCR ou OCSP de terceiros a cada envio.
    # Com ASSINATURA_CONSULTAR_REVOGACAO, o pyHanko busca as LCRs e o OCSP dos certificados (soft-fail: sem resposta,
    # não recusa).
    return ValidationContext(trust_roots=raizes, allow_fetching=settings.ASSINATURA_CONSULTAR_REVOGACAO,
                             revocation_mode="soft-fail")


def conferir_assinaturas(pdf: bytes, *, raizes=None) -> list[ResultadoDaAssinatura]:
    """Confere cada assinatura do PDF, na ordem em que foram feitas. Lista vazia: o PDF não tem assinatura."""
    raizes = raizes_confiaveis() if raizes is None else raizes
    leitor = PdfFileReader(io.BytesIO(pdf), strict=False)
    resultados = []
    for embutida in leitor.embedded_signatures:
        status = validate_pdf_signature(embutida, _contexto_de_validacao(raizes))
        modificacao = status.modification_level
        resultados.append(ResultadoDaAssinatura(
            campo=embutida.field_name, titular=titular_do_certificado(status.signing_cert),
            assinado_em=status.signer_reported_dt, integra=status.intact and status.valid, confiavel=status.trusted,
            cobre_a_revisao=status.coverage in (SignatureCoverageLevel.ENTIRE_REVISION,
                                                SignatureCoverageLevel.ENTIRE_FILE),
            alterado_depois=modificacao is None or modificacao not in (ModificationLevel.NONE,
                                                                       ModificationLevel.LTA_UPDATES,
                                                                       ModificationLevel.FORM_FILLING),
            revisao=embutida.signed_revision, tamanho_assinado=_fim_coberto(embutida),
        ))
    return resultados


def _fim_coberto(embutida) -> int:
    _inicio1, _tamanho1, inicio2, tamanho2 = embutida.byte_range
    return inicio2 + tamanho2


# O que uma revisão que só acrescenta uma assinatura muda nos objetos que já existiam: o catálogo ganha o formulário
# (/AcroForm) e a marca da extensão do PAdES (/Extensions), a página ganha a anotação do carimbo (/Annots), o
# formulário ganha o campo (/Fields), e as informações do documento, o programa e a data da mudança.

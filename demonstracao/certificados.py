"""Uma autoridade certificadora de demonstração e de teste, criada na hora (nenhuma chave fica no repositório): raiz →
certificado do titular com o CPF no CN e no «otherName» 2.16.76.1.3.1, como os e-CPF da ICP-Brasil.

Os testes a criam com a organização «ICP-Brasil» (para exercitar o carimbo de um certificado ICP-Brasil); a
demonstração, com uma organização que diz não ser: os certificados A1 que o `carregar_demo` grava servem para
experimentar a assinatura no `make run`, que confia só na raiz da demonstração (ASSINATURA_RAIZES)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from django.utils.text import slugify

OID_DADOS_PESSOA_FISICA = x509.ObjectIdentifier("2.16.76.1.3.1")


def _chave():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class AC:
    nome: str
    chave: rsa.RSAPrivateKey
    certificado: x509.Certificate

    @classmethod
    def criar(cls, nome: str = "AC Raiz de Teste", organizacao: str = "ICP-Brasil") -> AC:
        chave = _chave()
        assunto = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                             x509.NameAttribute(NameOID.ORGANIZATION_NAME, organizacao),
                             x509.NameAttribute(NameOID.COMMON_NAME, nome)])
        agora = dt.datetime.now(dt.UTC)
        certificado = (
            x509.CertificateBuilder().subject_name(assunto).issuer_name(assunto).public_key(chave.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(agora - dt.timedelta(days=1)).not_valid_after(agora + dt.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                         crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(chave.public_key()), critical=False)
            .sign(chave, hashes.SHA256())
        )
        return cls(nome=nome, chave=chave, certificado=certificado)

    def pem(self) -> bytes:
        return self.certificado.public_bytes(serialization.Encoding.PEM)

    def emitir(self, nome: str, cpf: str, *, nascimento: str = "01011980") -> tuple[rsa.RSAPrivateKey,
                                                                                 x509.Certificate]:
        chave = _chave()
        organizacao = self.certificado.subject.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)[0].value
        assunto = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                             x509.NameAttribute(NameOID.ORGANIZATION_NAME, organizacao),
                             x509.NameAttribute(NameOID.COMMON_NAME, f"{nome}:{cpf}")])
        agora = dt.datetime.now(dt.UTC)
        # O conteúdo do otherName é uma OCTET STRING (DER: 04, tamanho, bytes), como nos e-CPF.
        dados = f"{nascimento}{cpf}".encode()
        certificado = (
            x509.CertificateBuilder().subject_name(assunto).issuer_name(self.certificado.subject)
            .public_key(chave.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(agora - dt.timedelta(days=1)).not_valid_after(agora + dt.timedelta(days=365))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=True,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectAlternativeName([
                x509.OtherName(OID_DADOS_PESSOA_FISICA, bytes([0x04, len(dados)]) + dados)]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self.chave.public_key()),
                           critical=False)
            .sign(self.chave, hashes.SHA256())
        )
        return chave, certificado

    def a1(self, nome: str, cpf: str, senha: str) -> bytes:
        """O certificado A1 do titular (PKCS#12), com a cadeia, protegido pela senha."""
        chave, certificado = self.emitir(nome, cpf)
        return pkcs12.serialize_key_and_certificates(
            nome.encode(), chave, certificado, [self.certificado],
            serialization.BestAvailableEncryption(senha.encode()))


SENHA_DA_DEMONSTRACAO = "assinar12345"
RAIZ_DA_DEMONSTRACAO = "ac-raiz-da-demonstracao.pem"


def garantir_certificados_da_demo(pasta: Path, titulares: list[tuple[str, str]]) -> list[Path]:
    """A raiz da AC de demonstração (PEM) e um certificado A1 (.p12, senha SENHA_DA_DEMONSTRACAO) para cada titular
    (nome, CPF), em `pasta`. Só os cria se falta algum: a chave da raiz não é guardada, e refazer um refaz todos."""
    arquivos = [pasta / f"{slugify(nome)}.p12" for nome, _ in titulares]
    raiz = pasta / RAIZ_DA_DEMONSTRACAO
    if raiz.exists() and all(a.exists() for a in arquivos):
        return arquivos
    pasta.mkdir(parents=True, exist_ok=True)
    ac = AC.criar("AC Raiz da Demonstração (sem valor legal)", organizacao="Demonstração local")
    for arquivo, (nome, cpf) in zip(arquivos, titulares, strict=True):
        arquivo.write_bytes(ac.a1(nome, cpf, SENHA_DA_DEMONSTRACAO))
    raiz.write_bytes(ac.pem())
    return arquivos

"""Assinar com um token ou HSM (PKCS#11), com o SoftHSM2 no lugar do dispositivo: a chave é gerada dentro do token e
nunca sai dele. Pula onde a biblioteca do SoftHSM2 não está instalada (apt-get install softhsm2)."""

import datetime as dt
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509.oid import NameOID

from documentos.assinatura import ErroDeAssinatura, assinador_pkcs11, conferir_assinaturas
from documentos.assinatura_servicos import documento_assinar

BIBLIOTECAS = ["/usr/lib/softhsm/libsofthsm2.so", "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so",
               "/usr/local/lib/softhsm/libsofthsm2.so"]
BIBLIOTECA = next((b for b in BIBLIOTECAS if Path(b).exists()), None)
PIN, ROTULO, TOKEN = "1234", "assinatura", "token-de-teste"

pytestmark = pytest.mark.skipif(BIBLIOTECA is None or shutil.which("softhsm2-util") is None,
                                reason="SoftHSM2 não instalado")


@pytest.fixture(scope="module")
def token(ac, tmp_path_factory):
    import pkcs11
    from pkcs11 import Attribute, CertificateType, KeyType, ObjectClass

    pasta = tmp_path_factory.mktemp("softhsm")
    (pasta / "tokens").mkdir()
    configuracao = pasta / "softhsm2.conf"
    configuracao.write_text(f"directories.tokendir = {pasta / 'tokens'}\nobjectstore.backend = file\n")
    anterior = os.environ.get("SOFTHSM2_CONF")
    os.environ["SOFTHSM2_CONF"] = str(configuracao)
    subprocess.run(["softhsm2-util", "--init-token", "--free", "--label", TOKEN, "--pin", PIN, "--so-pin", "5678"],
                   check=True, capture_output=True)
    dispositivo = pkcs11.lib(BIBLIOTECA).get_token(token_label=TOKEN)
    with dispositivo.open(user_pin=PIN, rw=True) as sessao:
        publica, _privada = sessao.generate_keypair(KeyType.RSA, 2048, label=ROTULO, id=b"\x01", store=True)
        chave_publica = rsa.RSAPublicNumbers(int.from_bytes(publica[Attribute.PUBLIC_EXPONENT], "big"),
                                             int.from_bytes(publica[Attribute.MODULUS], "big")).public_key()
        agora = dt.datetime.now(dt.UTC)
        certificado = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil"),
                                     x509.NameAttribute(NameOID.COMMON_NAME, "PREFEITURA DE TESTE:12345678000199")]))
            .issuer_name(ac.certificado.subject).public_key(chave_publica).serial_number(x509.random_serial_number())
            .not_valid_before(agora - dt.timedelta(days=1)).not_valid_after(agora + dt.timedelta(days=365))
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=False,
                                         crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .sign(ac.chave, hashes.SHA256())
        )
        sessao.create_object({Attribute.CLASS: ObjectClass.CERTIFICATE,
                              Attribute.CERTIFICATE_TYPE: CertificateType.X_509, Attribute.TOKEN: True,
                              Attribute.LABEL: ROTULO, Attribute.ID: b"\x01",
                              Attribute.SUBJECT: certificado.subject.public_bytes(),
                              Attribute.ISSUER: certificado.issuer.public_bytes(),
                              Attribute.VALUE: certificado.public_bytes(Encoding.DER)})
    yield BIBLIOTECA
    if anterior is None:
        os.environ.pop("SOFTHSM2_CONF", None)
    else:
        os.environ["SOFTHSM2_CONF"] = anterior


def test_assinar_com_o_token(token, ata, admin_user, raiz_configurada):
    with assinador_pkcs11(biblioteca=token, token=TOKEN, pin=PIN, rotulo=ROTULO) as assinador:
        assinatura = documento_assinar(documento=ata, assinador=assinador, usuario=admin_user, cargo="Prefeitura")
    assert assinatura.titular == "PREFEITURA DE TESTE"
    assert assinatura.documento_do_titular == "CNPJ 12.345.678/0001-99"
    [resultado] = conferir_assinaturas(assinatura.conteudo())
    assert resultado.valida


def test_pin_errado_do_token(token):
    with pytest.raises(ErroDeAssinatura, match="confira o PIN"), \
            assinador_pkcs11(biblioteca=token, token=TOKEN, pin="0000", rotulo=ROTULO):
        pass

"""Os PDFs emitidos nos testes vão para uma pasta temporária, nunca para media/ da árvore; a AC de teste e os
certificados A1 das assinaturas são criados na hora."""

from pathlib import Path

import pytest

from demonstracao.certificados import AC
from documentos.pdf import emitir_pdf
from documentos.tipos import OUTRO

TEMPLATES_TESTE = Path(__file__).parent / "templates"


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def templates_de_teste(settings):
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEMPLATES_TESTE]}]


SENHA = "senha-do-teste"


@pytest.fixture(scope="module")
def ac():
    return AC.criar()


@pytest.fixture
def raiz_configurada(ac, settings, tmp_path):
    caminho = tmp_path / "raiz.pem"
    caminho.write_bytes(ac.pem())
    settings.ASSINATURA_RAIZES = [str(caminho)]
    settings.ASSINATURA_CONSULTAR_REVOGACAO = False
    return caminho


@pytest.fixture(scope="module")
def certificados(ac):
    return {"maria": ac.a1("MARIA DA SILVA", "12345678909", SENHA),
            "joao": ac.a1("JOAO SOUZA", "98765432100", SENHA)}


@pytest.fixture
def ata(db, templates_de_teste, admin_user):
    return emitir_pdf(template="documentos_teste/assinaturas.html",
                      contexto={"signatarios": ["Maria da Silva", "João Souza"]}, tipo=OUTRO,
                      titulo="Ata de teste", usuario=admin_user)

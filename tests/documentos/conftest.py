"""Os PDFs emitidos nos testes vão para uma pasta temporária, nunca para media/ da árvore."""

from pathlib import Path

import pytest

TEMPLATES_TESTE = Path(__file__).parent / "templates"


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def templates_de_teste(settings):
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEMPLATES_TESTE]}]

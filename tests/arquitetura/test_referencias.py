"""Toda referência a um documento aponta para dentro do repositório.

O código e os testes citam as regras de docs/dominio.md e os textos de legislacao/dados/leis/<slug>.txt; um nome de
arquivo que só existia fora do repositório (as notas de domínio antigas, uma pasta compartilhada) deixa o leitor sem
caminho. E um link relativo em Markdown que não leva a arquivo nenhum é o mesmo problema, só que clicável.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
# Pastas que não são do projeto: o ambiente virtual, o git, caches e o que a aplicação grava em execução.
FORA = {".venv", ".git", "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache", "media", "staticfiles",
        "test-results", "node_modules"}
# Montados por partes para que este arquivo não acuse a si mesmo.
PROIBIDOS = ("DOMINIO" + ".md", "shared" + "/")
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNO = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|#)", re.IGNORECASE)


def _arquivos(*sufixos: str) -> list[Path]:
    achados = []
    for pasta, subpastas, arquivos in os.walk(RAIZ):
        subpastas[:] = sorted(s for s in subpastas if s not in FORA)
        achados += [Path(pasta, a) for a in sorted(arquivos) if a.endswith(sufixos)]
    return achados


def _markdown_com_links() -> list[Path]:
    docs = RAIZ / "docs"
    return [RAIZ / "README.md", *sorted(docs.glob("*.md")), *sorted((docs / "decisoes").glob("*.md"))]


def links_quebrados(arquivo: Path, raiz: Path = RAIZ) -> list[str]:
    """Os alvos relativos dos links `](caminho)` de um Markdown que não existem dentro de `raiz`."""
    quebrados = []
    for alvo in LINK.findall(arquivo.read_text(encoding="utf-8")):
        if EXTERNO.match(alvo):
            continue
        caminho = alvo.split("#", 1)[0].split("?", 1)[0]
        destino = (arquivo.parent / caminho).resolve()
        if not destino.is_relative_to(raiz) or not destino.exists():
            quebrados.append(alvo)
    return quebrados


def test_nenhum_arquivo_cita_documentos_de_fora_do_repositorio():
    citacoes = []
    for arquivo in _arquivos(".py", ".md"):
        for numero, linha in enumerate(arquivo.read_text(encoding="utf-8").splitlines(), 1):
            citacoes += [f"{arquivo.relative_to(RAIZ)}:{numero}: {nome}" for nome in PROIBIDOS if nome in linha]
    assert not citacoes, ("Aponte para docs/dominio.md, docs/arquitetura.md ou legislacao/dados/leis/<slug>.txt:\n"
                          + "\n".join(citacoes))


@pytest.mark.parametrize("arquivo", _markdown_com_links(), ids=lambda p: str(p.relative_to(RAIZ)))
def test_links_relativos_do_markdown_levam_a_arquivos_que_existem(arquivo):
    assert links_quebrados(arquivo) == []


def test_a_conferencia_dos_links_acusa_o_que_nao_existe(tmp_path):
    """Contraprova: um link para um arquivo inexistente, ou para fora do repositório, é acusado; os externos e as
    âncoras, não."""
    raiz = tmp_path / "repositorio"
    (raiz / "docs").mkdir(parents=True)
    (raiz / "docs" / "existe.md").write_text("")
    (tmp_path / "fora.md").write_text("")
    doc = raiz / "docs" / "teste.md"
    doc.write_text("[a](existe.md) [b](existe.md#secao) [c](falta.md) [d](../../fora.md) [e](https://x.org/y) "
                   "[f](#secao) [g](mailto:a@b.org) [h](<existe.md> \"título\")")
    assert links_quebrados(doc, raiz) == ["falta.md", "../../fora.md"]


def test_os_documentos_que_o_readme_manda_ler_primeiro_existem():
    """O README abre a «Estrutura do projeto» com os três arquivos que um recém-chegado lê primeiro."""
    readme = (RAIZ / "README.md").read_text(encoding="utf-8")
    estrutura = readme.split("## Estrutura do projeto", 1)[1].split("\n## ", 1)[0]
    assert "Para começar, leia três arquivos" in estrutura
    for caminho in ("docs/dominio.md", "legislacao/motor.py", "tests/legislacao/test_motor_leis.py"):
        assert f"]({caminho})" in estrutura and (RAIZ / caminho).is_file()

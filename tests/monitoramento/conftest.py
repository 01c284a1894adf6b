"""A comissão de monitoramento de Ubatuba (Lei 3.765/2014, art. 9º): a Prefeitura, a lei como dado e os membros que
o § 1º pede — um servidor de cada uma das três secretarias (a de Cidadania e Assistência Social coordena) e um
representante de cada grupo étnico (negros, indígenas, quilombolas)."""

from __future__ import annotations

from datetime import date

import pytest

from legislacao.models import Lei
from monitoramento.models import ComissaoMonitoramento, Funcao, GrupoEtnico, MembroMonitoramento
from nucleo.models import Orgao
from tests.conftest import municipio

UBATUBA = "ubatuba-sp-lei-3765-2014"
CIDADANIA = "Secretaria Municipal de Cidadania e Assistência Social"
ADMINISTRACAO = "Secretaria Municipal de Administração"
JURIDICOS = "Secretaria Municipal de Assuntos Jurídicos"


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def ubatuba(leis_de_origem) -> Lei:
    return Lei.objects.vigentes_versoes().get(slug=UBATUBA)


@pytest.fixture
def prefeitura(db) -> Orgao:
    return Orgao.objects.create(nome="Prefeitura Municipal de Ubatuba", municipio=municipio("Ubatuba", "SP"))


def membro(comissao, nome: str, *, unidade: str = "", grupo: str = "", coordenador: bool = False,
           inicio: date = date(2024, 1, 10), **extra) -> MembroMonitoramento:
    return MembroMonitoramento.objects.create(
        comissao=comissao, nome=nome, unidade=unidade, grupo=grupo, inicio=inicio,
        funcao=Funcao.COORDENADOR if coordenador else Funcao.MEMBRO, **extra)


@pytest.fixture
def comissao(ubatuba, prefeitura) -> ComissaoMonitoramento:
    """A comissão completa, conforme o art. 9º, § 1º."""
    comissao = ComissaoMonitoramento.objects.create(orgao=prefeitura, lei=ubatuba, ato_numero="Decreto nº 7.001/2024",
                                                    ato_data=date(2024, 1, 5), inicio=date(2024, 1, 10))
    membro(comissao, "Helena Coordenadora", unidade=CIDADANIA, coordenador=True)
    membro(comissao, "Igor Administrador", unidade=ADMINISTRACAO)
    membro(comissao, "Júlia Procuradora", unidade=JURIDICOS)
    membro(comissao, "Kauã Representante", grupo=GrupoEtnico.NEGROS)
    membro(comissao, "Lia Guarani", grupo=GrupoEtnico.INDIGENAS)
    membro(comissao, "Moisés do Camburi", grupo=GrupoEtnico.QUILOMBOLAS)
    return comissao

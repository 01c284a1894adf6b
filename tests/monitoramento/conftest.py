"""Um certame pequeno de Vargem Alta (17% negros + 3% indígenas, a partir de 3 vagas; a 3ª posição é de negros, art.
5º), com uma reversão por não confirmação, uma desistência, uma confirmação por recurso provido e um cargo abaixo do
mínimo (art. 2º): os indicadores, o painel e a página pública são conferidos contra a conta feita à mão.

E a comissão de monitoramento de Ubatuba (Lei 3.765/2014, art. 9º): a Prefeitura, a lei como dado e os membros que
o § 1º pede — um servidor de cada uma das três secretarias (a de Cidadania e Assistência Social coordena) e um
representante de cada grupo étnico (negros, indígenas, quilombolas)."""

from datetime import date, time

import pytest

from concursos.models import Candidato, Heteroidentificacao
from concursos.services.chamadas import chamada_inicial, desistencia_registrar
from heteroidentificacao.models import Avaliacao, Comissao, Recurso, Resultado, Sessao
from legislacao.models import Lei
from monitoramento.models import ComissaoMonitoramento, Funcao, GrupoEtnico, MembroMonitoramento
from nucleo.models import Orgao
from tests.concursos.conftest import fazer_certame, inscrever, levar_ao_resultado, orgao  # noqa: F401
from tests.conftest import municipio


@pytest.fixture(autouse=True)
def cache_vazio():
    """O painel de muitos órgãos guarda os números no cache por alguns minutos: cada teste começa sem eles."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def certame_pequeno(leis_de_origem, fazer_certame, inscrever, levar_ao_resultado, admin_user):  # noqa: F811
    certame = fazer_certame(cargos=(("ADM", 5, 0), ("TEC", 3, 0), ("AUX", 2, 0)))
    adm, tec, aux = (certame.cargos.get(codigo=c) for c in ("ADM", "TEC", "AUX"))
    # ADM: A (parda, cotista) entra pela ampla; N1, a única outra cotista, não foi confirmada: a vaga de negros (3ª)
    # reverte à ampla e, na ordem da lista geral, fica com C; N1 continua na ampla (art. 4º) e fica com a 5ª. B
    # desiste depois e E, o próximo da ampla, assume a 2ª.
    inscrever(adm, [("A", "parda", True), ("B", "branca"), ("C", "branca"), ("D", "branca"), ("N1", "parda", True),
                    ("E", "branca"), ("F", "branca")])
    # TEC: P1 (preta, cotista) foi confirmada no recurso e ocupa a 3ª posição, a de negros.
    inscrever(tec, [("X1", "branca"), ("X2", "branca"), ("P1", "preta", True)])
    inscrever(aux, [("Y1", "branca"), ("Y2", "branca")])
    certame.inscricoes.filter(numero__in=["A", "P1"]).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    certame.inscricoes.filter(numero="N1").update(heteroidentificacao=Heteroidentificacao.NAO_CONFIRMADO)
    Candidato.objects.filter(inscricoes__numero__in=["A", "C", "N1", "P1", "X2"]).update(genero="feminino")
    Candidato.objects.filter(inscricoes__numero__in=["B", "D", "E", "F", "X1", "Y1", "Y2"]).update(genero="masculino")
    _recurso_provido(certame, certame.inscricoes.get(numero="P1"))
    certame = levar_ao_resultado(certame)
    for cargo in (adm, tec, aux):
        chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Decreto nº 1/2024", usuario=admin_user)
    b = adm.convocacoes.get(inscricao__numero="B")
    desistencia_registrar(convocacao=b, data=date(2024, 9, 10), ato="Termo de desistência", usuario=admin_user)
    return certame


def _recurso_provido(certame, inscricao):
    comissao = Comissao.objects.create(certame=certame, ato_designacao="Portaria 1/2024",
                                       data_designacao=date(2024, 3, 20))
    primeira = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=time(9),
                                     local="Sala 1")
    julgamento = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 30), inicio=time(9),
                                       local="Sala 1")
    avaliacao = Avaliacao.objects.create(sessao=primeira, inscricao=inscricao, horario=time(9),
                                         resultado=Resultado.NAO_CONFIRMADO)
    recurso = Recurso.objects.create(avaliacao=avaliacao, protocolado_em=date(2024, 4, 15), fundamentos="Fenótipo.")
    Avaliacao.objects.create(sessao=julgamento, inscricao=inscricao, horario=time(10), recurso=recurso,
                             resultado=Resultado.CONFIRMADO)


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

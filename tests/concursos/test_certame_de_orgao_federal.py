"""O edital de um órgão federal segue a lei federal da data do edital (Lei 15.142/2025, art. 11: antes de 04/06/2025, a
Lei 12.990/2014), congelada na publicação com a reserva única do Decreto 12.536/2025; o município não decide a lei."""

from datetime import date

import pytest

from concursos.documentos import base_legal, contexto_quadro
from concursos.models import Cargo, Certame
from concursos.selectors.painel import leis_posteriores
from concursos.services.certame import certame_publicar
from demonstracao.management.commands.carregar_demo import Command
from legislacao import motor
from legislacao.models import Lei
from nucleo.models import Esfera, Orgao
from tests.concursos.conftest import prazos_do_edital
from tests.conftest import municipio

pytestmark = pytest.mark.django_db


@pytest.fixture
def universidade_federal(leis_de_origem):
    return Orgao.objects.create(nome="Universidade Federal do Espírito Santo", sigla="UFES", esfera=Esfera.FEDERAL,
                                tipo="autarquia", municipio=municipio("Vitória"))


def _certame(orgao: Orgao, data_edital: date, **campos) -> Certame:
    certame = Certame.objects.create(orgao=orgao, numero_edital=campos.pop("numero", "10/2025"), titulo="Concurso",
                                     data_edital=data_edital, **{**prazos_do_edital(data_edital), **campos})
    Cargo.objects.create(certame=certame, codigo="PROF", nome="Professor do magistério superior", vagas=50)
    return certame


def test_edital_federal_de_junho_de_2025_congela_a_lei_15142_com_a_reserva_unica(universidade_federal, admin_user):
    """Lei 15.142/2025 e Decreto 12.536/2025: a publicação congela 25% + 3% + 2% a partir de 2 vagas e a regra de que
    quem é elegível a várias reservas concorre só na de maior percentual."""
    certame = certame_publicar(certame=_certame(universidade_federal, date(2025, 6, 4)), usuario=admin_user)
    assert certame.lei.slug == "federal-lei-15142-2025"
    assert certame.motivo_lei.startswith("Órgão federal: vale a lei federal.")
    regras = certame.regras_motor()
    assert regras.uma_reserva_so and regras.minimo_vagas == 2
    assert certame.regras["lei"]["nao_confirmacao"] == "ampla"
    normas = {n.tema: n for n in base_legal(regras, certame.regras["lei"], certame, heteroidentificacao=True)}
    assert normas["Reserva única"].artigo.startswith("Decreto nº 12.536/2025")
    assert "IND → QUI, PP; QUI → IND, PP" in normas["Reversão"].texto


def test_edital_federal_da_vespera_congela_a_lei_12990_art_11(universidade_federal, admin_user):
    """Lei 15.142/2025, art. 11: o edital de 03/06/2025 continua regido pela Lei 12.990/2014 (20%, de 3 vagas)."""
    certame = certame_publicar(certame=_certame(universidade_federal, date(2025, 6, 3)), usuario=admin_user)
    assert certame.lei.slug == "federal-lei-12990-2014"
    quadro = motor.calcular_quadro(certame.regras_motor(), 50)
    assert {r.codigo: r.vagas for r in quadro.reservas} == {"NEG": 10}


def test_o_municipio_do_certame_federal_nao_pede_motivo_nem_muda_a_lei(universidade_federal, admin_user):
    """O município decide a lei só num órgão municipal: o concurso da universidade federal em Vargem Alta (que tem lei
    municipal) segue a lei federal, sem motivo a registrar."""
    certame = _certame(universidade_federal, date(2025, 7, 1), municipio=municipio("Vargem Alta"))
    assert not certame.fora_do_municipio_do_orgao
    certame.full_clean()
    certame = certame_publicar(certame=certame, usuario=admin_user)
    assert certame.lei.slug == "federal-lei-15142-2025"


def test_o_quadro_de_edital_federal_sem_lei_diz_que_nao_ha_lei_federal(universidade_federal, admin_user):
    """Lei 12.990/2014, art. 6º: vigora desde 10/06/2014; o edital de 02/06/2014 não tem reserva."""
    certame = certame_publicar(certame=_certame(universidade_federal, date(2014, 6, 2)), usuario=admin_user,
                               justificativa="Edital anterior à Lei 12.990/2014.")
    assert certame.lei is None
    assert contexto_quadro(certame)["sem_reserva"].startswith(
        "Nenhuma lei federal de reserva de vagas se aplica a este edital, publicado em 02/06/2014")


def test_lei_federal_cadastrada_depois_do_edital_federal_e_apontada(universidade_federal, admin_user):
    """O painel aponta a lei cadastrada depois que alcança a data do edital — entre as leis da esfera do órgão."""
    Lei.objects.filter(esfera=Esfera.FEDERAL).delete()
    certame = certame_publicar(certame=_certame(universidade_federal, date(2025, 7, 1)), usuario=admin_user,
                               justificativa="Sem lei federal cadastrada.")
    assert leis_posteriores([certame]) == {}
    Command()._garantir_leis()
    assert leis_posteriores([certame])[certame.pk].lei.slug == "federal-lei-15142-2025"

"""O cadastro de leis descreve também o modelo federal (Lei 15.142/2025; docs/dominio.md, «Os modelos federais»)
sem código novo."""

from datetime import date
from decimal import Decimal

import pytest

from legislacao import motor
from legislacao.models import Consequencia, Esfera, GrupoReserva, Lei

pytestmark = pytest.mark.django_db


@pytest.fixture
def federal():
    lei = Lei(slug="federal-lei-15142-2025", esfera=Esfera.FEDERAL, uf="DF", numero="15.142/2025",
              ementa="Lei nº 15.142, de 3 de junho de 2025", data_publicacao=date(2025, 6, 4),
              texto="(texto integral a cadastrar)", minimo_vagas=2, artigo_minimo="Lei 15.142/2025",
              aplica_emprego_publico=True, aplica_temporario=True, exige_heteroidentificacao=True,
              nao_confirmacao=Consequencia.AMPLA, artigo_nao_confirmacao="Lei 15.142/2025")
    lei.full_clean()
    lei.save()
    grupos = [
        dict(ordem=1, codigo="PP", nome="Pretos e pardos", percentual=Decimal("25"), preta=True, parda=True),
        dict(ordem=2, codigo="IND", nome="Indígenas", percentual=Decimal("3"), indigena=True,
             reverte_para="QUI, PP"),
        dict(ordem=3, codigo="QUI", nome="Quilombolas", percentual=Decimal("2"), quilombola=True,
             reverte_para="IND,PP"),
    ]
    for dados in grupos:
        grupo = GrupoReserva(lei=lei, artigo="Lei 15.142/2025", **dados)
        grupo.full_clean()
        grupo.save()
    return lei


def test_reserva_de_30_por_cento_a_partir_de_2_vagas(federal):
    regras = federal.regras()
    assert {r.codigo: r.vagas for r in motor.calcular_quadro(regras, 1).reservas} == {"PP": 0, "IND": 0, "QUI": 0}
    assert {r.codigo: r.vagas for r in motor.calcular_quadro(regras, 2).reservas} == {"PP": 1, "IND": 0, "QUI": 0}
    assert {r.codigo: r.vagas for r in motor.calcular_quadro(regras, 50).reservas} == {"PP": 13, "IND": 2, "QUI": 1}


def test_vagas_indigenas_sem_candidato_passam_a_quilombolas_e_depois_a_pretos_e_pardos(federal):
    regras = federal.regras()
    quadro = motor.calcular_quadro(regras, 50)
    candidatos = [motor.Candidato(f"A{i}", i) for i in range(1, 61)]
    candidatos += [motor.Candidato(f"P{i}", 60 + i, "parda", reserva=True) for i in range(1, 30)]
    candidatos += [motor.Candidato("Q1", 90, "parda", quilombola=True, reserva=True),
                   motor.Candidato("Q2", 91, "preta", quilombola=True, reserva=True)]
    convocados = motor.convocar(regras, quadro, candidatos)
    indigenas = [c for c in convocados if c.vaga == "IND"]
    assert [c.lista for c in indigenas] == ["QUI", "PP"]
    # A lista quilombola ocupa as suas posições (a própria e a indígena recebida) na ordem da lista.
    assert sorted(c.vaga for c in convocados if c.lista == "QUI") == ["IND", "QUI"]
    assert [c.inscricao for c in convocados if c.lista == "QUI"] == ["Q1", "Q2"]


def test_codigo_reservado_e_grupo_sem_elegiveis_sao_recusados(federal):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as erro:
        GrupoReserva(lei=federal, codigo="AC", nome="x", percentual=Decimal("1")).full_clean()
    assert "reservado" in str(erro.value) and "Marque ao menos um grupo" in str(erro.value)

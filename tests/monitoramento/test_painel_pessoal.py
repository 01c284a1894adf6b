"""O painel de indicadores com os cargos em comissão e os estágios de Ubatuba: a participação dos grupos da lei contra o
piso de 20% (art. 8º; art. 1º, parágrafo único, I) e a composição dos servidores (art. 10)."""

from datetime import date

import pytest
from django.test import Client

from nucleo.models import Orgao
from pessoal.services import estagio_contratar, nomeacao_registrar
from tests.conftest import municipio


@pytest.fixture
def ubatuba(leis_de_origem, admin_user):
    orgao = Orgao.objects.create(nome="Prefeitura de Ubatuba", municipio=municipio("Ubatuba", "SP"))
    for i, cor in enumerate(["preta", "branca", "branca", "branca", "branca"]):
        nomeacao_registrar(orgao=orgao, nome=f"Pessoa {i}", cargo="Assessor", nomeado_em=date(2023, 2, 1),
                           ato=f"Portaria {i}/2023", usuario=admin_user, cor_raca=cor,
                           autodeclaracao_em=date(2023, 2, 1))
    estagio_contratar(orgao=orgao, nome="Estagiária", inicio=date(2023, 3, 1), termino_previsto=date(2024, 3, 1),
                      ato="Termo 1/2023", usuario=admin_user, cor_raca="parda", autodeclaracao_em=date(2023, 3, 1))
    return orgao


def test_o_painel_mostra_a_participacao_contra_o_piso_e_avisa_quando_fica_abaixo(ubatuba, admin_user):
    cliente = Client()
    cliente.force_login(admin_user)
    html = cliente.get(f"/admin/indicadores/?orgao={ubatuba.pk}&ano=2023").content.decode()
    assert "Cargos em comissão, estágios e servidores" in html
    # 1 de 5 nomeados (20,0%): no piso, sem aviso; o estágio, 1 de 1.
    assert "Situação em 31/12/2023" in html
    assert "20,0%" in html and "art. 8º" in html
    assert "Participação dos grupos da lei nos cargos em comissão e nos estágios" in html
    assert "errornote" not in html.split("Cargos em comissão, estágios e servidores")[1].split("</section>")[0]

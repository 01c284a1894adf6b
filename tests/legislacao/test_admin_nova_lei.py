"""Uma lei de um novo município entra pelo admin, sem código, e passa a valer no motor e nos comandos."""

import json
from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from legislacao.models import Lei
from legislacao.selectors import lei_aplicavel
from nucleo.models import Municipio

pytestmark = pytest.mark.django_db
ADICIONAR = reverse("admin:legislacao_lei_add")


def formulario(grupos: list[dict]) -> dict:
    dados = {
        "slug": "cachoeiro-es-2025", "esfera": "municipal", "municipio": "3201209",
        "numero": "9.999/2025", "ementa": "Lei nº 9.999/2025 de Cachoeiro de Itapemirim/ES",
        "data_publicacao": "02/01/2025", "artigo_vigor": "art. 9º", "artigo_irretroatividade": "art. 8º",
        "texto": "Art. 1º Fica reservado aos negros 25% das vagas...", "minimo_vagas": "2",
        "artigo_minimo": "art. 2º", "arredondamento": "meio_para_cima", "artigo_arredondamento": "art. 2º, § 1º",
        "ordem_nomeacao": "ampla_pcd_reserva", "desempate_posicoes": "pcd_antes", "aplica_concurso": "on",
        "nao_confirmacao": "ampla",
        "ausencia": "eliminacao", "maioria": "absoluta_membros", "sem_maioria": "parecer_duvida",
        "recurso": "recursal", "forma_deliberacao": "votacao",
        "grupos-TOTAL_FORMS": str(len(grupos)), "grupos-INITIAL_FORMS": "0", "grupos-MIN_NUM_FORMS": "0",
        "grupos-MAX_NUM_FORMS": "1000",
    }
    for i, grupo in enumerate(grupos):
        dados.update({f"grupos-{i}-{campo}": valor for campo, valor in grupo.items()})
    return dados


NEGROS = {"ordem": "1", "codigo": "NEG", "nome": "Negros", "percentual": "25", "artigo": "art. 1º",
          "preta": "on", "parda": "on", "padrao": "proporcional", "artigo_padrao": "art. 4º"}
QUILOMBOLAS = {"ordem": "2", "codigo": "QUI", "nome": "Quilombolas", "percentual": "5", "artigo": "art. 1º, II",
               "quilombola": "on", "padrao": "a_cada", "intervalo": "20", "artigo_padrao": "art. 4º, § 1º",
               "reverte_para": "NEG"}


def test_nova_lei_municipal_cadastrada_no_admin_vale_no_motor_e_nos_comandos(admin_client):
    resposta = admin_client.post(ADICIONAR, formulario([NEGROS, QUILOMBOLAS]))
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    lei = Lei.objects.get(slug="cachoeiro-es-2025")
    assert lei.data_publicacao == date(2025, 1, 2)
    # O município é o da lista do IBGE (Cachoeiro de Itapemirim/ES, 3201209), e a UF vem dele.
    assert (str(lei.municipio), lei.uf) == ("Cachoeiro de Itapemirim/ES", "ES")
    cachoeiro = Municipio.objects.get(pk=3201209)
    assert lei_aplicavel(municipio=cachoeiro, data_edital=date(2025, 3, 1)).lei == lei
    saida = StringIO()
    call_command("simular_vagas", "--lei", "cachoeiro-es-2025", "--vagas", "20", "--json", stdout=saida)
    dados = json.loads(saida.getvalue())
    assert [(r["grupo"], r["vagas"], r["artigo"]) for r in dados["reservas"]] == [
        ("NEG", 5, "art. 1º"), ("QUI", 1, "art. 1º, II")]
    assert [i + 1 for i, v in enumerate(dados["ordem"]) if v == "QUI"] == [20]


def test_reversao_para_grupo_que_a_lei_nao_tem_e_recusada(admin_client):
    resposta = admin_client.post(ADICIONAR, formulario([dict(QUILOMBOLAS, reverte_para="IND")]))
    assert resposta.status_code == 200
    assert "O grupo QUI reverte para IND, que não é grupo desta lei" in resposta.content.decode()
    assert not Lei.objects.filter(slug="cachoeiro-es-2025").exists()


def test_percentuais_acima_de_100_sao_recusados(admin_client):
    resposta = admin_client.post(ADICIONAR, formulario([dict(NEGROS, percentual="98"), QUILOMBOLAS]))
    assert "Os percentuais dos grupos somam 103" in resposta.content.decode()


def test_codigo_repetido_e_recusado(admin_client):
    resposta = admin_client.post(ADICIONAR, formulario([NEGROS, dict(QUILOMBOLAS, codigo="NEG", reverte_para="")]))
    assert "corrija o valor duplicado para codigo" in resposta.content.decode()

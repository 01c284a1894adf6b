"""Listas de classificação lidas do banco, página a página: quem está em cada lista (com o efeito da
heteroidentificação que a lei manda), a posição na lista em qualquer página, e o mesmo número de consultas
para um cargo pequeno ou grande."""

from datetime import date

import pytest
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from concursos.models import Inscricao
from concursos.selectors.listas import listas_do_cargo

# A lei de Afonso Cláudio, com a data de publicação informada (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("afonso_claudio_publicada")]

# (inscrição, cor, reserva, pcd, quilombola, situação, heteroidentificação)
CENARIO = [
    ("A", "parda", True, False, False, "habilitado", "confirmado"),
    ("B", "parda", True, False, False, "habilitado", "nao_confirmado"),
    ("C", "preta", True, False, False, "habilitado", "ausente"),
    ("D", "indigena", True, False, False, "habilitado", "confirmado"),
    ("E", "branca", False, True, False, "habilitado", "nao_se_aplica"),
    ("F", "parda", True, True, False, "habilitado", "pendente"),
    ("G", "branca", False, False, False, "eliminado", "nao_se_aplica"),
    ("H", "parda", False, False, False, "habilitado", "nao_se_aplica"),
]


@pytest.fixture
def cargo_do_cenario(fazer_certame, inscrever, levar_ao_resultado):
    def fazer(**lei):
        certame = fazer_certame(**lei)
        cargo = certame.cargos.get()
        inscrever(cargo, [linha[:6] for linha in CENARIO])
        for numero, *_, hetero in CENARIO:
            Inscricao.objects.filter(cargo=cargo, numero=numero).update(heteroidentificacao=hetero)
        levar_ao_resultado(certame)
        cargo.refresh_from_db()
        return cargo
    return fazer


def _numeros(cargo) -> dict[str, list[str]]:
    return {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo)}


def test_nao_confirmado_sai_da_reserva_e_fica_na_ampla_quando_a_lei_nao_elimina(cargo_do_cenario):
    """Vargem Alta não prevê eliminação: quem não é confirmado (ou falta) sai da reserva e concorre só na ampla,
    onde estão também os cotistas e as pessoas com deficiência (art. 4º, caput)."""
    listas = _numeros(cargo_do_cenario())
    assert listas == {"GERAL": ["A", "B", "C", "D", "E", "F", "H"], "AC": ["A", "B", "C", "D", "E", "F", "H"],
                      "PCD": ["E", "F"], "NEG": ["A", "F"], "IND": ["D"]}


def test_nao_confirmado_e_ausente_sao_eliminados_quando_a_lei_e_o_edital_mandam(cargo_do_cenario):
    """Afonso Cláudio art. 9º, § 9º: a ausência elimina; a não confirmação, porque o edital o escolheu, como a lei lhe
    deixa (art. 9º, § 10; decisão 0018); os cotistas confirmados concorrem também na ampla (art. 1º, § 3º)."""
    listas = _numeros(cargo_do_cenario(municipio="Afonso Cláudio", cargos=(("ADM", 8, 1),),
                                       nao_confirmacao="eliminacao", item_nao_confirmacao="item 7.12"))
    assert listas == {"GERAL": ["A", "D", "E", "F", "H"], "AC": ["A", "D", "E", "F", "H"], "PCD": ["E", "F"],
                      "PP": ["A", "F"]}


def test_as_contagens_das_abas_sao_as_das_listas(cargo_do_cenario, admin_client):
    cargo = cargo_do_cenario()
    resposta = admin_client.get(reverse("admin:concursos_cargo_painel", args=[cargo.pk]), {"aba": "NEG"})
    assert {lista.codigo: lista.total for lista in resposta.context["listas"]} == {
        "GERAL": 7, "AC": 7, "PCD": 2, "NEG": 2, "IND": 1}
    assert [(linha.posicao, linha.numero, linha.classificacao) for linha in resposta.context["pagina"]] == [
        (1, "A", 1), (2, "F", 6)]


@pytest.fixture
def cargo_grande(fazer_certame, inscrever, levar_ao_resultado):
    def fazer(quantidade: int):
        certame = fazer_certame(numero=f"{quantidade:03d}/2024", cargos=(("ADM", 10, 1),))
        cargo = certame.cargos.get()
        # Um em cada três é cotista pardo; um em cada dez, eliminado.
        inscrever(cargo, [(f"N{i:04d}", "parda" if i % 3 == 0 else "branca", i % 3 == 0, False, False,
                           "eliminado" if i % 10 == 0 else "habilitado") for i in range(1, quantidade + 1)])
        levar_ao_resultado(certame)
        cargo.refresh_from_db()
        return cargo
    return fazer


def test_a_posicao_continua_de_uma_pagina_para_a_outra(cargo_grande, admin_client):
    cargo = cargo_grande(400)
    esperados = [f"N{i:04d}" for i in range(1, 401) if i % 3 == 0 and i % 10 != 0]
    url = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    pagina = admin_client.get(url, {"aba": "NEG", "p": 2}).context["pagina"]
    assert pagina.paginator.count == len(esperados) == 120
    assert [(linha.posicao, linha.numero) for linha in pagina] == list(enumerate(esperados[100:], 101))
    html = admin_client.get(url, {"aba": "NEG", "p": 2}).content.decode()
    assert "página 2 de 2 (101–120 de 120)" in html


def test_pagina_inexistente_mostra_a_ultima(cargo_grande, admin_client):
    cargo = cargo_grande(150)
    pagina = admin_client.get(reverse("admin:concursos_cargo_painel", args=[cargo.pk]),
                              {"aba": "GERAL", "p": 99}).context["pagina"]
    assert pagina.number == 2 and pagina[0].posicao == 101


def test_as_consultas_nao_crescem_com_o_cargo(cargo_grande, admin_client, admin_user):
    from django.db import connection

    from concursos.services.chamadas import chamada_inicial

    contagens = []
    for quantidade in (30, 300):
        cargo = cargo_grande(quantidade)
        chamada_inicial(cargo=cargo, data=date(2025, 9, 2), ato="Edital 1", usuario=admin_user)
        url = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
        por_aba = []
        for aba in ("ordem", "GERAL", "NEG"):
            with CaptureQueriesContext(connection) as consultas:
                assert admin_client.get(url, {"aba": aba, "p": 2}).status_code == 200
            por_aba.append(len(consultas))
        contagens.append(por_aba)
    assert contagens[0] == contagens[1]
    assert max(contagens[1]) <= 15


def test_a_lista_inteira_lida_em_lotes_e_a_mesma_das_paginas(cargo_grande, admin_client, monkeypatch):
    from concursos.selectors import listas

    cargo = cargo_grande(400)
    monkeypatch.setattr(listas, "LOTE_LEITURA", 7)
    neg = next(lista for lista in listas_do_cargo(cargo) if lista.codigo == "NEG")
    inteira = [(linha.posicao, linha.numero, linha.cpf_mascarado) for linha in neg.linhas]
    url = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    paginas = [(linha.posicao, linha.numero, linha.cpf_mascarado)
               for p in (1, 2) for linha in admin_client.get(url, {"aba": "NEG", "p": p}).context["pagina"]]
    assert inteira == paginas and len(inteira) == neg.total == 120

"""O admin da comissão de monitoramento: constituída a comissão, os membros se escolhem entre as unidades da lei e os
representantes dos grupos étnicos (Ubatuba art. 9º, § 1º), e a ficha mostra o que ainda falta."""

from __future__ import annotations

import pytest

from monitoramento.models import ComissaoMonitoramento, Funcao, GrupoEtnico
from tests.monitoramento.conftest import ADMINISTRACAO, CIDADANIA

pytestmark = pytest.mark.django_db

LISTA = "/admin/monitoramento/comissaomonitoramento/"


def test_constituida_a_comissao_a_ficha_abre_com_uma_linha_por_unidade_e_por_grupo(admin_client, ubatuba,
                                                                                    prefeitura):
    resposta = admin_client.post(f"{LISTA}add/", {
        "orgao": prefeitura.pk, "lei": ubatuba.pk, "ato_numero": "Decreto nº 7.002/2025", "ato_data": "05/01/2025",
        "inicio": "10/01/2025"})
    comissao = ComissaoMonitoramento.objects.get()
    assert resposta.status_code == 302 and resposta["Location"] == f"{LISTA}{comissao.pk}/change/"
    ficha = admin_client.get(resposta["Location"])
    formset = ficha.context["inline_admin_formsets"][0].formset
    assert len(formset.forms) == 6
    opcoes = dict(formset.forms[0].fields["indicacao"].choices)
    assert opcoes[CIDADANIA] == CIDADANIA
    assert opcoes["grupo:quilombolas"] == "Representante dos quilombolas"
    conteudo = ficha.content.decode()
    assert "Falta o representante dos quilombolas (art. 9º, § 1º)." in conteudo


def test_os_membros_gravam_a_unidade_ou_o_grupo_escolhido(admin_client, comissao):
    dados = {"orgao": comissao.orgao_id, "ato_numero": comissao.ato_numero, "ato_data": "05/01/2024",
             "inicio": "10/01/2024", "membros-TOTAL_FORMS": 2, "membros-INITIAL_FORMS": 0,
             "membros-MIN_NUM_FORMS": 0, "membros-MAX_NUM_FORMS": 1000}
    for i, (nome, indicacao) in enumerate([("Paula Suplente", ADMINISTRACAO), ("Rui Suplente", "grupo:negros")]):
        dados |= {f"membros-{i}-nome": nome, f"membros-{i}-indicacao": indicacao, f"membros-{i}-funcao": "membro",
                  f"membros-{i}-titularidade": "suplente", f"membros-{i}-inicio": "01/02/2025"}
    comissao.membros.all().delete()
    resposta = admin_client.post(f"{LISTA}{comissao.pk}/change/", dados)
    assert resposta.status_code == 302, resposta.context["errors"] if resposta.context else resposta
    assert set(comissao.membros.values_list("nome", "unidade", "grupo")) == {
        ("Paula Suplente", ADMINISTRACAO, ""), ("Rui Suplente", "", GrupoEtnico.NEGROS)}


def test_a_lista_mostra_a_situacao_da_composicao(admin_client, comissao):
    assert "Conforme a lei" in admin_client.get(LISTA).content.decode()
    comissao.membros.filter(funcao=Funcao.COORDENADOR).delete()
    assert "2 pendências legais" in admin_client.get(LISTA).content.decode()


def test_a_conta_do_membro_precisa_estar_lotada_no_orgao_da_comissao(admin_client, comissao, django_user_model):
    conta = django_user_model.objects.create_user("sem_lotacao", password="senha-forte-123")
    dados = {"orgao": comissao.orgao_id, "ato_numero": comissao.ato_numero, "ato_data": "05/01/2024",
             "inicio": "10/01/2024", "membros-TOTAL_FORMS": 1, "membros-INITIAL_FORMS": 0,
             "membros-MIN_NUM_FORMS": 0, "membros-MAX_NUM_FORMS": 1000, "membros-0-nome": "Sara",
             "membros-0-indicacao": ADMINISTRACAO, "membros-0-funcao": "membro", "membros-0-titularidade": "suplente",
             "membros-0-inicio": "01/02/2025", "membros-0-usuario": conta.pk}
    resposta = admin_client.post(f"{LISTA}{comissao.pk}/change/", dados)
    assert resposta.status_code == 200
    assert "A conta sem_lotacao não está lotada em Prefeitura Municipal de Ubatuba" in resposta.content.decode()
    assert not comissao.membros.filter(nome="Sara").exists()

"""Chamadas e convocações no admin: histórico só de consulta (nunca se edita nem se apaga), órgãos e cargos."""

from datetime import date

import pytest
from django.urls import reverse

from concursos.models import Chamada, Convocacao
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import chamada_inicial

pytestmark = pytest.mark.django_db


@pytest.fixture
def chamada(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    certame = fazer_certame(cargos=(("ADM", 3, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [("A", "parda", True), ("B", "branca"), ("C", "preta", True), ("D", "branca")])
    levar_ao_resultado(certame)
    return chamada_inicial(cargo=cargo, data=date(2025, 9, 2), ato="Edital de convocação 1", usuario=admin_user)


def test_chamadas_e_convocacoes_aparecem_nas_listas(admin_client, chamada):
    html = admin_client.get(reverse("admin:concursos_chamada_changelist")).content.decode()
    assert "Edital de convocação 1" in html and "1ª chamada" in html
    html = admin_client.get(reverse("admin:concursos_convocacao_changelist")).content.decode()
    assert "Candidato A" in html and "Aguarda nomeação" in html and "Em exercício" not in html
    html = admin_client.get(reverse("admin:concursos_chamada_change", args=[chamada.pk])).content.decode()
    assert "convocados nesta chamada" in html.lower() and "Candidato C" in html


@pytest.mark.parametrize("modelo", ["chamada", "convocacao"])
def test_o_historico_nao_se_cria_nem_se_altera_nem_se_apaga(admin_client, chamada, modelo):
    objeto = chamada if modelo == "chamada" else Convocacao.objects.filter(chamada=chamada).first()
    assert admin_client.get(reverse(f"admin:concursos_{modelo}_add")).status_code == 403
    assert admin_client.get(reverse(f"admin:concursos_{modelo}_delete", args=[objeto.pk])).status_code == 403
    ficha = admin_client.get(reverse(f"admin:concursos_{modelo}_change", args=[objeto.pk]))
    assert ficha.status_code == 200 and 'name="_save"' not in ficha.content.decode()
    resposta = admin_client.post(reverse(f"admin:concursos_{modelo}_change", args=[objeto.pk]), {"ato": "outro"})
    assert resposta.status_code == 403
    lista = admin_client.get(reverse(f"admin:concursos_{modelo}_changelist")).content.decode()
    assert "delete_selected" not in lista
    assert Chamada.objects.get(pk=chamada.pk).ato == "Edital de convocação 1"


def test_lista_de_convocacoes_sem_n_mais_1(admin_client, chamada, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        admin_client.get(reverse("admin:concursos_convocacao_changelist"))
    with django_assert_max_num_queries(8):
        admin_client.get(reverse("admin:concursos_chamada_changelist"))


def test_orgaos_e_cargos(admin_client, fazer_certame, admin_user):
    certame = fazer_certame()
    assert "Vargem Alta/ES" in admin_client.get(reverse("admin:nucleo_orgao_changelist")).content.decode()
    cargo = certame.cargos.get()
    html = admin_client.get(reverse("admin:concursos_cargo_changelist")).content.decode()
    assert reverse("admin:concursos_cargo_painel", args=[cargo.pk]) in html
    assert "prévia no painel" in html
    certame_publicar(certame=certame, usuario=admin_user)
    assert "NEG 1, IND 0" in admin_client.get(reverse("admin:concursos_cargo_changelist")).content.decode()
    ficha = admin_client.get(reverse("admin:concursos_cargo_change", args=[cargo.pk]))
    assert {"vagas", "vagas_pcd"} <= set(ficha.context["adminform"].readonly_fields)
    assert admin_client.get(reverse("admin:concursos_cargo_delete", args=[cargo.pk])).status_code == 403

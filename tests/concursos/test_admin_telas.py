"""Telas que servem a quem as usa: o horário legal dito uma vez, «Ver o site» na página pública e cada certame com o
seu órgão."""

from datetime import date

import pytest
from django.urls import reverse

from concursos.models import Certame
from nucleo.models import Orgao
from tests.concursos.conftest import prazos_do_edital
from tests.conftest import municipio

pytestmark = pytest.mark.django_db


def test_ver_o_site_leva_a_pagina_publica_e_nao_ao_login(admin_client):
    html = admin_client.get(reverse("admin:index")).content.decode()
    assert f'<a href="{reverse("transparencia:indice")}">' in html
    assert admin_client.get(reverse("transparencia:indice")).status_code == 200


def test_o_rodape_diz_uma_vez_que_as_horas_sao_as_de_brasilia_e_o_aviso_de_fuso_sai(admin_client, fazer_certame):
    certame = fazer_certame()
    html = admin_client.get(reverse("admin:concursos_certame_change", args=[certame.pk])).content.decode()
    assert html.count("horário de Brasília") == 1
    # Sem script inline (CSP): o aviso do DateTimeShortcuts sai por um arquivo carregado com defer.
    assert '<script src="/static/nucleo/horario.js" defer></script>' in html


def test_o_certame_se_mostra_com_o_seu_orgao_sem_uma_consulta_por_certame(fazer_certame, django_assert_num_queries):
    fazer_certame()
    outro = Orgao.objects.create(nome="Câmara Municipal de Vargem Alta", municipio=municipio("Vargem Alta"))
    Certame.objects.create(orgao=outro, numero_edital="001/2024", titulo="Outro", municipio=outro.municipio,
                           data_edital=date(2024, 3, 1), **prazos_do_edital(date(2024, 3, 1)))
    with django_assert_num_queries(1):
        nomes = sorted(str(c) for c in Certame.objects.all())
    assert nomes == ["Edital nº 001/2024 — Câmara Municipal de Vargem Alta",
                     "Edital nº 001/2024 — Prefeitura Municipal de Vargem Alta"]


def test_as_listas_dizem_o_orgao_de_cada_edital(admin_client, fazer_certame):
    fazer_certame(cargos=(("ADM", 5, 0), ("MED", 2, 0)))
    html = admin_client.get(reverse("admin:concursos_cargo_changelist")).content.decode()
    assert html.count('<span class="orgao-do-edital">Prefeitura Municipal de Vargem Alta</span>') == 2

"""Os modelos do arquivo da banca para baixar: o cabeçalho do leiaute, uma linha de exemplo e os valores permitidos."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from concursos.importacao.leiaute import leiaute_do_certame
from tests.concursos.importacao.conftest import rodar

pytestmark = pytest.mark.django_db


def url(certame, tipo, formato):
    return reverse("admin:concursos_certame_importar_modelo", args=[certame.pk, tipo, formato])


def test_a_pagina_de_importacao_leva_aos_modelos(admin_client, certame):
    html = admin_client.get(reverse("admin:concursos_certame_importar", args=[certame.pk])).content.decode()
    for tipo in ("inscricoes", "resultados", "documentos"):
        for formato in ("csv", "xlsx"):
            assert f'href="{url(certame, tipo, formato)}"' in html


@pytest.mark.parametrize("formato", ["csv", "xlsx"])
def test_o_modelo_de_inscricoes_e_aceito_pela_propria_importacao(admin_client, certame, formato):
    resposta = admin_client.get(url(certame, "inscricoes", formato))
    assert resposta.status_code == 200
    assert f'filename="modelo-inscricoes-edital-001-2024.{formato}"' in resposta["Content-Disposition"]
    resultado = rodar(certame, resposta.content, nome=f"modelo.{formato}", gravar=False)
    assert resultado.erros == [] and resultado.linhas == 1, resultado.erros


def test_o_csv_tem_o_cabecalho_e_o_exemplo_separados_por_ponto_e_virgula(admin_client, certame):
    texto = admin_client.get(url(certame, "resultados", "csv")).content.decode()
    assert texto.startswith("\ufeff")
    assert texto.lstrip("\ufeff").splitlines() == ["inscricao;nota_final;classificacao;situacao",
                                                   "000123;78,5;1;habilitado"]


def test_o_xlsx_tem_os_valores_permitidos_numa_segunda_aba(admin_client, certame):
    planilha = load_workbook(io.BytesIO(admin_client.get(url(certame, "inscricoes", "xlsx")).content))
    assert planilha.sheetnames == ["arquivo", "valores permitidos"]
    valores = {linha[0]: linha[2] for linha in planilha["valores permitidos"].iter_rows(min_row=2, values_only=True)}
    assert valores["cor_raca"] == dict((c, f) for c, _, f in leiaute_do_certame({}))["cor_raca"]
    assert "nota_final" not in valores
    assert planilha["arquivo"]["A2"].value == "000123"


def test_modelo_desconhecido_e_pagina_inexistente(admin_client, certame):
    assert admin_client.get(url(certame, "outro", "csv")).status_code == 404
    assert admin_client.get(url(certame, "inscricoes", "pdf")).status_code == 404

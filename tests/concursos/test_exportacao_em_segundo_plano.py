"""Exportações grandes: acima do limite vão para a fila de tarefas (nos testes, o backend imediato), o usuário acompanha
o andamento e baixa o arquivo depois; o arquivo é o mesmo da exportação imediata; só quem pediu baixa, e só enquanto
pode ver aquela versão (CPF completo e autodeclaração exigem a permissão de dados sensíveis)."""

import csv
import io
import os
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from concursos.exportacao import geracao as exportacoes
from concursos.models import EstadoExportacao, Exportacao
from tests.concursos.exportacoes import EXPORTAR, baixar, cliente_rh, pedir
from tests.conftest import lotar_em_todos

pytestmark = pytest.mark.django_db

MINHAS = reverse("admin:concursos_inscricao_exportacoes")


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def limite_baixo(monkeypatch):
    """Com o limite em 3 linhas, as listas dos testes já são «grandes»."""
    monkeypatch.setattr(exportacoes, "LIMITE_NA_HORA", 3)


@pytest.fixture
def inscricoes(fazer_certame, inscrever):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    linhas = [(f"{i:08d}", "parda" if i % 2 else "branca", bool(i % 2)) for i in range(101, 109)]
    feitas = inscrever(certame.cargos.get(), linhas)
    outro = fazer_certame(numero="002/2024")
    inscrever(outro.cargos.get(), [("OUTRO-1", "branca"), ("OUTRO-2", "preta", True)])
    return feitas


def linhas_csv(conteudo: bytes) -> list[list[str]]:
    # O CSV das planilhas brasileiras: UTF-8 com BOM e «;» entre as colunas.
    assert conteudo.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))


def test_exportacao_pequena_continua_na_hora(inscricoes):
    cliente = cliente_rh()
    formulario = cliente.get(EXPORTAR).content.decode()
    assert "Até 20.000 linhas, o arquivo sai na hora" in formulario and MINHAS in formulario
    resposta = pedir(cliente)
    assert resposta.status_code == 200 and resposta["Content-Type"].startswith("text/csv")
    assert not Exportacao.objects.exists()


def test_exportacao_grande_vai_para_a_fila_e_o_arquivo_baixa_com_as_linhas_filtradas(inscricoes, limite_baixo):
    cliente = cliente_rh()
    resposta = pedir(cliente, filtro=f"certame={inscricoes[0].certame_id}")
    exportacao = Exportacao.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("admin:concursos_inscricao_exportacao", args=[exportacao.pk])
    assert exportacao.estado == EstadoExportacao.PRONTA and exportacao.total_linhas == 8

    pagina = cliente.get(resposta["Location"]).content.decode()
    assert "Arquivo pronto" in pagina and exportacao.nome_arquivo in pagina

    arquivo = baixar(cliente, exportacao)
    assert arquivo.status_code == 200 and "attachment" in arquivo["Content-Disposition"]
    assert "private" in arquivo["Cache-Control"] and "no-store" in arquivo["Cache-Control"]
    linhas = linhas_csv(b"".join(arquivo.streaming_content))
    assert linhas[0] == ["inscricao", "cargo", "nome", "cpf", "nota_final", "classificacao", "situacao"]
    assert [linha[0] for linha in linhas[1:]] == [i.numero for i in inscricoes]
    for inscricao, linha in zip(inscricoes, linhas[1:], strict=True):
        cpf = inscricao.candidato.cpf
        assert linha[3] == f"***.{cpf[3:6]}.{cpf[6:9]}-**"
    assert "OUTRO-1" not in str(linhas)


def test_o_arquivo_da_fila_e_igual_ao_da_exportacao_imediata(inscricoes, monkeypatch, admin_client):
    imediato = pedir(admin_client, recurso=0).content
    monkeypatch.setattr(exportacoes, "LIMITE_NA_HORA", 3)
    pedir(admin_client, recurso=0)
    arquivo = baixar(admin_client, Exportacao.objects.get())
    assert b"".join(arquivo.streaming_content) == imediato
    assert "parda" in imediato.decode()


def test_xlsx_grande_sai_em_planilha_com_o_cabecalho(inscricoes, limite_baixo):
    from openpyxl import load_workbook

    cliente = cliente_rh()
    pedir(cliente, formato="xlsx")
    exportacao = Exportacao.objects.get()
    planilha = load_workbook(io.BytesIO(b"".join(baixar(cliente, exportacao).streaming_content))).active
    linhas = list(planilha.iter_rows(values_only=True))
    assert linhas[0] == ("inscricao", "cargo", "nome", "cpf", "nota_final", "classificacao", "situacao")
    assert len(linhas) == 1 + 10
    assert exportacao.nome_arquivo.endswith(".xlsx")


def test_so_quem_pediu_ve_e_baixa(inscricoes, limite_baixo):
    dono = cliente_rh("dona")
    pedir(dono)
    exportacao = Exportacao.objects.get()
    outro = cliente_rh("outro")
    assert outro.get(reverse("admin:concursos_inscricao_exportacao", args=[exportacao.pk])).status_code == 404
    assert baixar(outro, exportacao).status_code == 404
    assert exportacao.nome_arquivo not in outro.get(MINHAS).content.decode()
    assert exportacao.nome_arquivo in dono.get(MINHAS).content.decode()


def test_sem_login_vai_para_a_entrada_do_admin(inscricoes, limite_baixo):
    pedir(cliente_rh())
    exportacao = Exportacao.objects.get()
    resposta = Client().get(reverse("admin:concursos_inscricao_exportacao_arquivo", args=[exportacao.pk]))
    assert resposta.status_code == 302 and "/admin/login/" in resposta["Location"]


def test_sem_permissao_de_ver_inscricoes_nao_exporta(inscricoes):
    cliente = Client()
    cliente.force_login(get_user_model().objects.create_user("estagiario", password="senha-123-abc", is_staff=True))
    assert cliente.get(EXPORTAR).status_code == 403
    assert cliente.get(MINHAS).status_code == 403


def test_versao_sensivel_deixa_de_baixar_quando_a_permissao_e_retirada(inscricoes, limite_baixo):
    cliente = cliente_rh("rh-sensivel", "ver_dados_sensiveis")
    pedir(cliente, recurso=0)
    exportacao = Exportacao.objects.get()
    assert exportacao.recurso == "InscricaoResource"
    assert baixar(cliente, exportacao).status_code == 200
    usuario = exportacao.criada_por
    usuario.user_permissions.remove(Permission.objects.get(codename="ver_dados_sensiveis"))
    cliente.force_login(get_user_model().objects.get(pk=usuario.pk))
    assert baixar(cliente, exportacao).status_code == 403


def test_a_fila_confere_a_permissao_de_novo_antes_de_gerar(inscricoes):
    sem_permissao = get_user_model().objects.create_user("ex-rh", password="senha-123-abc", is_staff=True)
    lotar_em_todos(sem_permissao)
    sem_permissao.user_permissions.set(Permission.objects.filter(codename="view_inscricao"))
    exportacao = Exportacao.objects.create(criada_por=sem_permissao, modelo="concursos.inscricao",
                                           recurso="InscricaoResource", formato="CSV", descricao="Inscrições")
    exportacoes.gerar(exportacao)
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.FALHOU and not exportacao.arquivo
    assert "permissão" in exportacao.erro


def test_na_fila_a_pagina_mostra_o_andamento_e_se_atualiza(inscricoes):
    cliente = cliente_rh()
    usuario = get_user_model().objects.get(username="rh")
    exportacao = Exportacao.objects.create(criada_por=usuario, modelo="concursos.inscricao",
                                           recurso="InscricaoPublicacaoResource", formato="CSV",
                                           descricao="Inscrições — publicação (CSV)", estado=EstadoExportacao.GERANDO,
                                           total_linhas=1_000_000, linhas_processadas=250_000)
    pagina = cliente.get(reverse("admin:concursos_inscricao_exportacao", args=[exportacao.pk])).content.decode()
    assert "Preparando o arquivo: 25%" in pagina and "250.000 de 1.000.000 linhas" in pagina
    assert 'http-equiv="refresh"' in pagina
    assert baixar(cliente, exportacao).status_code == 404
    assert "Preparando o arquivo (25%)" in cliente.get(MINHAS).content.decode()


def test_exportacoes_vencidas_sao_apagadas_com_o_arquivo(inscricoes, limite_baixo):
    cliente = cliente_rh()
    pedir(cliente)
    antiga = Exportacao.objects.get()
    caminho = antiga.arquivo.path
    Exportacao.objects.filter(pk=antiga.pk).update(criada_em=timezone.now() - timedelta(days=8))
    pedir(cliente)
    assert not Exportacao.objects.filter(pk=antiga.pk).exists()
    assert not os.path.exists(caminho)
    assert Exportacao.objects.get().estado == EstadoExportacao.PRONTA


def test_candidatos_tambem_exportam_em_segundo_plano(inscricoes, limite_baixo):
    cliente = cliente_rh()
    url = reverse("admin:concursos_candidato_export")
    form = cliente.get(url).context["form"]
    indice = next(i for i, rotulo in form.fields["format"].choices if str(rotulo).lower() == "csv")
    dados = {"format": indice, "resource": 0, "export_items": []}
    dados.update({nome: "on" for nome in form.fields if nome.startswith("candidatoresource_")})
    resposta = cliente.post(url, dados)
    exportacao = Exportacao.objects.get(modelo="concursos.candidato")
    assert resposta["Location"] == reverse("admin:concursos_candidato_exportacao", args=[exportacao.pk])
    arquivo = cliente.get(reverse("admin:concursos_candidato_exportacao_arquivo", args=[exportacao.pk]))
    assert len(linhas_csv(b"".join(arquivo.streaming_content))) == 1 + 10

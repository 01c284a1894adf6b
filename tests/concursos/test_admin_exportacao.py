"""Exportação pelo admin (django-import-export): quem não pode ver dados sensíveis só exporta a versão de
publicação (CPF mascarado, sem cor ou raça nem deficiência); o leiaute completo, só com a permissão."""

import csv
import io
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify

from tests.conftest import lotar_em_todos

pytestmark = pytest.mark.django_db

EXPORTAR = reverse("admin:concursos_inscricao_export")


@pytest.fixture
def inscricoes(fazer_certame, inscrever):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    return inscrever(certame.cargos.get(), [("00000101", "parda", True), ("00000102", "branca")])


def cliente_rh(*extras: str) -> Client:
    usuario = get_user_model().objects.create_user(f"rh{len(extras)}", password="senha-rh-123", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.set(Permission.objects.filter(
        content_type__app_label="concursos", codename__in=["view_inscricao", "view_candidato", *extras]))
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def exportar_csv(cliente: Client, recurso: int = 0, filtro: str = "") -> str:
    url = f"{EXPORTAR}?{filtro}" if filtro else EXPORTAR
    form = cliente.get(url).context["form"]
    formato = next(i for i, rotulo in form.fields["format"].choices if str(rotulo).lower() == "csv")
    classe = form.resources[recurso]
    dados = {"format": formato, "resource": recurso, "export_items": []}
    dados.update({nome: "on" for nome in form.fields if nome.startswith(classe.__name__.lower() + "_")})
    resposta = cliente.post(url, dados)
    assert resposta.status_code == 200, resposta.content[:2000]
    return resposta.content.decode("utf-8-sig")


def test_sem_permissao_so_a_versao_de_publicacao(inscricoes):
    cliente = cliente_rh()
    form = cliente.get(EXPORTAR).context["form"]
    assert [r.__name__ for r in form.resources] == ["InscricaoPublicacaoResource"]
    csv = exportar_csv(cliente)
    cpf = inscricoes[0].candidato.cpf
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in csv and cpf not in csv
    assert "parda" not in csv.lower() and "cor_raca" not in csv


def test_com_permissao_tambem_o_cadastro_completo(inscricoes):
    cliente = cliente_rh("ver_dados_sensiveis")
    form = cliente.get(EXPORTAR).context["form"]
    assert [r.__name__ for r in form.resources] == ["InscricaoResource", "InscricaoPublicacaoResource"]
    assert "parda" in exportar_csv(cliente, 0).lower()


def test_a_exportacao_respeita_o_filtro_da_lista(admin_client, inscricoes, fazer_certame, inscrever):
    outro = fazer_certame(numero="002/2024")
    inscrever(outro.cargos.get(), [("OUTRO-1", "branca")])
    assert admin_client.get(reverse("admin:concursos_inscricao_changelist")).context["has_export_permission"]
    assert "OUTRO-1" in exportar_csv(admin_client, 1)
    csv = exportar_csv(admin_client, 1, f"certame={inscricoes[0].certame_id}")
    assert "00000101" in csv and "OUTRO-1" not in csv


def test_candidatos_sem_permissao_exportam_sem_cor_raca_nem_deficiencia(inscricoes):
    exportar = reverse("admin:concursos_candidato_export")
    form = cliente_rh().get(exportar).context["form"]
    assert [r.__name__ for r in form.resources] == ["CandidatoResource"]
    form = cliente_rh("ver_dados_sensiveis").get(exportar).context["form"]
    assert [r.__name__ for r in form.resources] == ["CandidatoSensivelResource", "CandidatoResource"]


def test_o_csv_segue_a_convencao_das_planilhas_brasileiras(admin_client, inscricoes):
    """«;» entre as colunas, vírgula decimal e UTF-8 com BOM: o Excel em português abre o arquivo já em colunas."""
    inscricoes[0].nota_final = Decimal("76.770")
    inscricoes[0].save(update_fields=["nota_final"])
    url = f"{EXPORTAR}?certame={inscricoes[0].certame_id}"
    resposta = admin_client.post(url, {"format": "0", "resource": "1", "export_items": [], **{
        nome: "on" for nome in admin_client.get(url).context["form"].fields
        if nome.startswith("inscricaopublicacaoresource_")}})
    assert resposta.content.startswith("\ufeff".encode())
    linhas = list(csv.reader(io.StringIO(resposta.content.decode("utf-8-sig")), delimiter=";"))
    assert linhas[0] == ["inscricao", "cargo", "nome", "cpf", "nota_final", "classificacao", "situacao"]
    assert linhas[1][0] == "00000101" and linhas[1][4] == "76,770"


def test_o_nome_do_arquivo_diz_a_lista_o_edital_e_o_orgao(admin_client, inscricoes):
    certame = inscricoes[0].certame
    url = f"{EXPORTAR}?certame={certame.pk}"
    resposta = admin_client.post(url, {"format": "0", "resource": "1", "export_items": [], **{
        nome: "on" for nome in admin_client.get(url).context["form"].fields
        if nome.startswith("inscricaopublicacaoresource_")}})
    esperado = f"inscricoes-edital-001-2024-{slugify(certame.orgao.nome)}-{timezone.localdate():%Y-%m-%d}.csv"
    assert resposta["Content-Disposition"] == f'attachment; filename="{esperado}"'


def test_o_formulario_mostra_as_colunas_com_acento(admin_client, inscricoes):
    html = admin_client.get(EXPORTAR).content.decode()
    assert "Cor/Raça (cor_raca)" in html and "Autodeclaração em (autodeclaracao_em)" in html
    assert "Cor Raca" not in html and "Select all" not in html and "Marcar todas" in html

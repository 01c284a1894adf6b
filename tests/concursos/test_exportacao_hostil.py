"""Exportações que dado hostil não quebra: um nome de candidato nunca vira fórmula na planilha de quem a abre (OWASP
«CSV Injection»), um caractere de controle não derruba o XLSX do certame, e um endereço com filtros forjados recebe
400 com o motivo em português, não 500. Vale para cada formato do admin, na hora e em segundo plano."""

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from import_export.formats import base_formats
from openpyxl import load_workbook

from concursos.exportacao import geracao as exportacoes
from concursos.exportacao.formatos_seguros import neutralizar
from concursos.models import EstadoExportacao, Exportacao
from tests.concursos.exportacoes import EXPORTAR, baixar, pedir

pytestmark = pytest.mark.django_db

# Nome hostil → como deve aparecer na planilha: texto marcado com apóstrofo, nunca fórmula.
HOSTIS = {
    '=HYPERLINK("http://x","y")': '\'=HYPERLINK("http://x","y")',
    "+cmd|' /C calc'!A0": "'+cmd|' /C calc'!A0",
    "-2+3": "'-2+3",
    "@SUM(A1)": "'@SUM(A1)",
    "\t=1+1 João": "'\t=1+1 João",
    "\r=1+1 Maria": "'\r=1+1 Maria",
    "Ana\x07Souza": "Ana\N{REPLACEMENT CHARACTER}Souza",
}


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def hostis(fazer_certame, inscrever):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    inscricoes = inscrever(certame.cargos.get(), [(f"{i:08d}", "parda", True) for i in range(1, len(HOSTIS) + 1)])
    for inscricao, nome in zip(inscricoes, HOSTIS, strict=True):
        inscricao.candidato.nome = nome
        inscricao.candidato.save(update_fields=["nome"])
    return inscricoes


def em_segundo_plano(monkeypatch):
    monkeypatch.setattr(exportacoes, "LIMITE_NA_HORA", 3)


def conteudo(cliente, resposta) -> bytes:
    if resposta.status_code == 302:
        exportacao = Exportacao.objects.get()
        assert exportacao.estado == EstadoExportacao.PRONTA, exportacao.erro
        resposta = baixar(cliente, exportacao)
        return b"".join(resposta.streaming_content)
    assert resposta.status_code == 200, resposta.content[:500]
    return resposta.content


def celulas(formato: str, dados: bytes) -> list[list]:
    if formato == "xlsx":
        planilha = load_workbook(io.BytesIO(dados)).active
        assert all(c.data_type != "f" for linha in planilha.iter_rows() for c in linha), "célula com fórmula"
        return [list(linha) for linha in planilha.iter_rows(values_only=True)]
    texto = dados.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(texto, newline=""), delimiter="\t" if formato == "tsv" else ";"))


def assert_sem_formula(linhas: list[list], formato: str) -> None:
    for linha in linhas:
        for valor in linha:
            if isinstance(valor, str):
                assert neutralizar(valor) == valor, f"célula perigosa: {valor!r}"
    esperados = set(HOSTIS.values())
    if formato == "xlsx":
        # O XML do XLSX guarda o CR como fim de linha: quem lê a planilha recebe \n (e o apóstrofo continua lá).
        esperados = {nome.replace("\r", "\n") for nome in esperados}
    assert esperados <= {valor for linha in linhas for valor in linha}


@pytest.mark.parametrize("recurso", [0, 1], ids=["leiaute-completo", "publicacao"])
@pytest.mark.parametrize("formato", ["csv", "tsv", "xlsx"])
@pytest.mark.parametrize("onde", ["na-hora", "em-segundo-plano"])
def test_nome_hostil_nao_vira_formula_na_planilha(hostis, monkeypatch, admin_client, onde, formato, recurso):
    if onde == "em-segundo-plano":
        em_segundo_plano(monkeypatch)
    dados = conteudo(admin_client, pedir(admin_client, formato=formato, recurso=recurso))
    assert_sem_formula(celulas(formato, dados), formato)


@pytest.mark.parametrize("onde", ["na-hora", "em-segundo-plano"])
def test_json_e_html_tambem_saem_com_os_nomes_hostis(hostis, monkeypatch, admin_client, onde):
    if onde == "em-segundo-plano":
        em_segundo_plano(monkeypatch)
    dados = conteudo(admin_client, pedir(admin_client, formato="json", recurso=1))
    assert {linha["nome"] for linha in json.loads(dados)} >= {n for n in HOSTIS if "\x07" not in n}
    Exportacao.objects.all().delete()
    html = conteudo(admin_client, pedir(admin_client, formato="html", recurso=1)).decode()
    assert '<td>=HYPERLINK("http://x","y")</td>' in html


def test_candidatos_com_nome_hostil_tambem_saem_neutralizados(hostis, admin_client):
    url = reverse("admin:concursos_candidato_export")
    form = admin_client.get(url).context["form"]
    indice = next(i for i, rotulo in form.fields["format"].choices if str(rotulo).lower() == "xlsx")
    dados = {"format": indice, "resource": 0, "export_items": []}
    dados.update({nome: "on" for nome in form.fields if nome.startswith("candidatosensivelresource_")})
    assert_sem_formula(celulas("xlsx", conteudo(admin_client, admin_client.post(url, dados))), "xlsx")


def test_o_arquivo_da_fila_continua_igual_ao_da_hora_com_nomes_hostis(hostis, monkeypatch, admin_client):
    imediato = pedir(admin_client, formato="tsv").content
    em_segundo_plano(monkeypatch)
    assert conteudo(admin_client, pedir(admin_client, formato="tsv")) == imediato


def test_numeros_com_sinal_continuam_numeros():
    assert neutralizar("-2,5") == "-2,5" and neutralizar("+10") == "+10" and neutralizar(-3) == -3
    assert neutralizar(None) is None and neutralizar("Maria-José") == "Maria-José"


@pytest.mark.parametrize("consulta", [
    "foo=1",                          # campo que não existe
    "candidato__senha=1",             # busca que não é campo
    "candidato__cpf=12345678909",     # busca que a lista não oferece, num dado pessoal (lookup_allowed)
    "certame__id__in=a,b",            # valor do tipo errado
    "pcd__exact=talvez",              # filtro da lista com valor inválido
    "autodeclaracao_em__gte=ontem",   # data inválida
])
def test_filtros_forjados_no_endereco_recebem_400_em_portugues(hostis, admin_client, consulta):
    for resposta in (admin_client.get(f"{EXPORTAR}?{consulta}"),
                     admin_client.post(f"{EXPORTAR}?{consulta}", {"format": 0, "resource": 0})):
        assert resposta.status_code == 400
        pagina = resposta.content.decode()
        assert "Os filtros do endereço não correspondem aos da lista" in pagina
        assert "Cannot resolve" not in pagina and "Traceback" not in pagina
    assert not Exportacao.objects.exists()


def test_filtros_forjados_nao_param_na_fila(hostis, admin_user):
    exportacao = Exportacao.objects.create(criada_por=admin_user, modelo="concursos.inscricao",
                                           recurso="InscricaoResource", formato="CSV", descricao="Inscrições",
                                           filtros="foo=1")
    exportacoes.gerar(exportacao)
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.FALHOU
    assert "Os filtros do endereço não correspondem aos da lista" in exportacao.erro


def test_sem_permissao_o_endereco_forjado_continua_403(hostis):
    cliente = Client()
    cliente.force_login(get_user_model().objects.create_user("estagiaria", password="senha-123-abc", is_staff=True))
    assert cliente.get(f"{EXPORTAR}?foo=1").status_code == 403


def test_falha_ao_escrever_o_arquivo_vem_em_portugues(hostis, admin_client, monkeypatch):
    def recusa(self, dataset, **kwargs):
        raise ValueError("export failed due to IllegalCharacterError")

    monkeypatch.setattr(base_formats.XLSX, "export_data", recusa)
    resposta = pedir(admin_client, formato="xlsx")
    pagina = resposta.content.decode()
    assert resposta.status_code == 200 and "Não foi possível gerar o arquivo" in pagina
    assert "export failed" not in pagina.lower()

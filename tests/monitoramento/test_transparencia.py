"""A página pública de transparência (sem login) e os seus dados abertos: os números com as contagens de pessoas
pequenas suprimidas (LGPD, art. 5º, II, e art. 11), nenhum dado de pessoa, os documentos que o edital manda publicar e
o cache."""

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client

from concursos.models import Candidato, Certame, EstadoCertame
from documentos.models import DocumentoEmitido
from monitoramento import dados_abertos
from monitoramento.dados_abertos import CERTAME, ORGAO_NO_ANO, publicar
from nucleo.models import Orgao
from tests.concursos.conftest import municipio_do_ibge

RAIZ = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def cache_vazio():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def anonimo():
    return Client()


def _csv(resposta) -> list[dict]:
    texto = resposta.content.decode("utf-8")
    assert texto.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(texto[1:]), delimiter=";"))


def test_a_pagina_do_orgao_mostra_os_numeros_com_a_supressao(certame_pequeno, anonimo):
    resposta = anonimo.get(f"/transparencia/{certame_pequeno.orgao_id}/?ano=2024")
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert '<html lang="pt-BR">' in html and html.count("<h1>") == 1
    assert 'href="#conteudo" accesskey="1"' in html
    # 10 vagas em 3 cargos; 1 reservada a negros (a 3ª do ADM; TEC, com 3 vagas, reserva 1; AUX, abaixo do mínimo).
    assert "<dt>Vagas oferecidas</dt><dd>10</dd>" in html
    assert "<dt>Reservadas aos grupos</dt><dd>2</dd>" in html
    # P1 preencheu a vaga de negros do TEC: 1 pessoa sai «menos de 5», e as revertidas com ela (as reservadas menos
    # as revertidas a revelariam).
    assert "<dt>Preenchidas pelas listas dos grupos</dt><dd>menos de 5</dd>" in html
    assert "<dt>Revertidas à ampla concorrência</dt><dd>suprimido</dd>" in html
    # A única não confirmada (N1) nunca aparece como «1».
    assert "Autodeclaração não confirmada: 1" not in html
    assert "Cargos abaixo do mínimo legal</dt><dd>1</dd>" in html
    assert "Edital nº 001/2024" in html
    assert "abaixo de 5" in html and "LGPD, art. 5º, II, e art. 11" in html
    assert resposta["Cache-Control"] == "public, max-age=300" or set(resposta["Cache-Control"].split(", ")) == {
        "public", "max-age=300"}
    _nenhum_dado_de_pessoa(certame_pequeno, anonimo)
    _a_lista_de_orgaos_leva_a_pagina_de_quem_publicou(certame_pequeno, anonimo)
    _as_linhas_da_pagina_sao_as_dos_dados_abertos(certame_pequeno, anonimo, html)


def _a_lista_de_orgaos_leva_a_pagina_de_quem_publicou(certame_pequeno, anonimo):
    Orgao.objects.create(nome="Câmara Municipal de Iúna", municipio=municipio_do_ibge("Iúna"))
    html = anonimo.get("/transparencia/").content.decode()
    assert f'href="/transparencia/{certame_pequeno.orgao_id}/"' in html
    assert "Prefeitura Municipal de Vargem Alta" in html and "Iúna" not in html


def _nenhum_dado_de_pessoa(certame_pequeno, anonimo):
    """Nenhum nome, CPF ou cor ou raça das pessoas do certame, na página nem nos dados abertos."""
    orgao = certame_pequeno.orgao_id
    textos = [anonimo.get(f"/transparencia/{orgao}/{sufixo}").content.decode("utf-8")
              for sufixo in ("", "?ano=2024", "dados.csv", "dados.json")]
    pessoas = Candidato.objects.filter(inscricoes__certame=certame_pequeno)
    assert pessoas.count() == 12
    for texto in textos:
        for nome, cpf in pessoas.values_list("nome", "cpf"):
            assert nome not in texto and cpf not in texto
        for cor in ("parda", "preta", "branca", "Parda", "Preta", "Branca"):
            assert cor not in texto


def test_o_csv_segue_o_padrao_das_planilhas_e_o_json_bate_com_ele(certame_pequeno, anonimo):
    resposta = anonimo.get(f"/transparencia/{certame_pequeno.orgao_id}/dados.csv")
    assert resposta["Content-Type"] == "text/csv; charset=utf-8"
    assert resposta["Content-Disposition"] == (
        'attachment; filename="indicadores-reserva-de-vagas-prefeitura-municipal-de-vargem-alta.csv"')
    assert resposta.content.startswith(b"\xef\xbb\xbf")
    primeira = resposta.content.decode("utf-8")[1:].split("\r\n")[0]
    assert primeira == ";".join(dados_abertos.NOMES)
    linhas = _csv(resposta)
    # Vargem Alta: negros e indígenas; uma linha de cada grupo pelo total de 2024 e uma pelo certame.
    assert [(linha["nivel"], linha["grupo"]) for linha in linhas] == [
        (ORGAO_NO_ANO, "NEG"), (ORGAO_NO_ANO, "IND"), (CERTAME, "NEG"), (CERTAME, "IND")]
    negros = linhas[2]
    assert negros["edital"] == "001/2024" and negros["vagas"] == "10" and negros["reservadas"] == "2"
    assert negros["percentual_reservado"] == "20,0"
    assert negros["preenchidas_pela_lista"] == "" and negros["revertidas"] == ""
    assert negros["revertidas_nao_confirmado"] == "" and negros["suprimido"] == "sim"
    assert linhas[3]["reservadas"] == "0" and linhas[3]["suprimido"] == "não"
    _o_json_traz_os_suprimidos_como_null_e_bate_com_o_csv(certame_pequeno, anonimo)


def _o_json_traz_os_suprimidos_como_null_e_bate_com_o_csv(certame_pequeno, anonimo):
    orgao = certame_pequeno.orgao_id
    resposta = anonimo.get(f"/transparencia/{orgao}/dados.json")
    assert resposta["Content-Type"] == "application/json; charset=utf-8"
    assert "indicadores-reserva-de-vagas-prefeitura-municipal-de-vargem-alta.json" in resposta["Content-Disposition"]
    dados = json.loads(resposta.content)
    assert dados["limiar_de_supressao"] == 5 and "LGPD" in dados["nota"]
    assert [c["nome"] for c in dados["colunas"]] == list(dados_abertos.NOMES)
    negros = dados["linhas"][2]
    assert negros["preenchidas_pela_lista"] is None and negros["revertidas_nao_confirmado"] is None
    assert negros["suprimido"] is True and negros["percentual_reservado"] == 20.0
    linhas_csv = _csv(anonimo.get(f"/transparencia/{orgao}/dados.csv"))
    for linha_json, linha_csv in zip(dados["linhas"], linhas_csv, strict=True):
        for nome in ("nivel", "ano_edital", "grupo", "vagas", "reservadas", "preenchidas_pela_lista", "revertidas",
                     "cotistas_na_ampla", "desistencias"):
            valor = linha_json[nome]
            assert ("" if valor is None else str(valor)) == linha_csv[nome]


def _as_linhas_da_pagina_sao_as_dos_dados_abertos(certame_pequeno, anonimo, html):
    orgao = certame_pequeno.orgao_id
    dados = json.loads(anonimo.get(f"/transparencia/{orgao}/dados.json").content)
    negros = dados["linhas"][2]
    linha = (f'<tr><th scope="row">{negros["grupo_nome"]}</th><td class="num">{negros["reservadas"]}</td>'
             '<td class="num">20,0%</td><td class="num">menos de 5</td><td class="num">suprimido</td>'
             '<td class="num">menos de 5</td>')
    assert linha in html


def test_um_orgao_sem_certames_publicados_tem_a_pagina_vazia(leis_de_origem, anonimo):
    orgao = Orgao.objects.create(nome="Câmara Municipal de Iúna", municipio=municipio_do_ibge("Iúna"))
    html = anonimo.get(f"/transparencia/{orgao.pk}/").content.decode()
    assert "Este órgão ainda não publicou nenhum certame." in html
    assert _csv(anonimo.get(f"/transparencia/{orgao.pk}/dados.csv")) == []
    assert json.loads(anonimo.get(f"/transparencia/{orgao.pk}/dados.json").content)["linhas"] == []
    assert anonimo.get("/transparencia/999999/").status_code == 404


@pytest.mark.usefixtures("leis_de_origem")
def test_um_rascunho_nao_aparece(fazer_certame, anonimo):
    rascunho = fazer_certame(numero="077/2024")
    assert rascunho.estado == EstadoCertame.RASCUNHO
    assert f"/transparencia/{rascunho.orgao_id}/" not in anonimo.get("/transparencia/").content.decode()
    html = anonimo.get(f"/transparencia/{rascunho.orgao_id}/").content.decode()
    assert "077/2024" not in html and "ainda não publicou" in html
    assert "077/2024" not in anonimo.get(f"/transparencia/{rascunho.orgao_id}/dados.csv").content.decode()


def test_so_os_documentos_publicos_e_vigentes_tem_link(certame_pequeno, anonimo):
    def emitir(tipo, codigo, referencia, **extra):
        return DocumentoEmitido.objects.create(
            tipo=tipo, titulo=f"Documento {codigo}", codigo=codigo, sha256="0" * 64, arquivo="x.pdf",
            nome_arquivo="x.pdf", tamanho=1, paginas=1, emitido_em="2024-09-03T10:00:00-03:00",
            orgao_id=certame_pequeno.orgao_id, referencia=referencia, **extra)

    cargo = certame_pequeno.cargos.get(codigo="ADM")
    novo = emitir("quadro_vagas", "QUAD-0002-NOVO", certame_pequeno)
    emitir("quadro_vagas", "QUAD-0001-VELH", certame_pequeno, substituido_por=novo)
    emitir("convocacoes", "CONV-0001-ADM1", cargo)
    emitir("relatorio_titular", "TITU-0001-LGPD", certame_pequeno)
    emitir("ata_sessao", "ATAS-0001-SESS", certame_pequeno)
    html = anonimo.get(f"/transparencia/{certame_pequeno.orgao_id}/").content.decode()
    assert 'href="/verificar/QUAD-0002-NOVO/"' in html and 'href="/verificar/CONV-0001-ADM1/"' in html
    assert "QUAD-0001-VELH" not in html and "TITU-0001-LGPD" not in html and "ATAS-0001-SESS" not in html


def test_o_cache_devolve_o_mesmo_conteudo_sem_consultar_o_banco(certame_pequeno, anonimo,
                                                                django_assert_max_num_queries):
    orgao = certame_pequeno.orgao_id
    for endereco in (f"/transparencia/{orgao}/?ano=2024", f"/transparencia/{orgao}/dados.csv",
                     f"/transparencia/{orgao}/dados.json"):
        primeira = anonimo.get(endereco).content
        # Um certame novo só aparece quando o cache expira (5 minutos): a página não muda no meio do caminho.
        Certame.objects.filter(pk=certame_pequeno.pk).update(titulo="Outro título")
        with django_assert_max_num_queries(1):
            assert anonimo.get(endereco).content == primeira
        Certame.objects.filter(pk=certame_pequeno.pk).update(titulo="Concurso de teste")


def test_o_dicionario_documenta_todas_as_colunas(anonimo):
    html = anonimo.get("/transparencia/dicionario/").content.decode()
    documento = (RAIZ / "docs" / "dados-abertos.md").read_text()
    for coluna in dados_abertos.COLUNAS:
        assert f"<code>{coluna.nome}</code>" in html
        assert f"`{coluna.nome}`" in documento
    assert "Quadro de vagas (anexo do edital)" in html
    assert "o relatório do titular (o cadastro de uma pessoa) não aparecem" in html


def test_a_supressao_complementar_protege_o_certame_pelo_total_do_ano():
    """Dois certames no ano: o de 3 preenchidas sai suprimido, e o de 10 também, senão o total (13) menos 10 o
    revelaria; o total do ano sai."""
    def linha(nivel, preenchidas, edital=""):
        return {"nivel": nivel, "ano_edital": 2024, "grupo": "NEG", "edital": edital,
                "preenchidas_pela_lista": preenchidas, "revertidas": 0, "revertidas_fraude": 0,
                "revertidas_nao_confirmado": 0, "revertidas_ausente": 0, "revertidas_sem_candidato": 0,
                "cotistas_na_ampla": 0, "desistencias": 0}

    total, pequeno, grande = publicar([linha(ORGAO_NO_ANO, 13), linha(CERTAME, 3, "1"), linha(CERTAME, 10, "2")])
    assert total["preenchidas_pela_lista"] == 13
    assert pequeno["preenchidas_pela_lista"] is None and grande["preenchidas_pela_lista"] is None
    assert dados_abertos.texto(pequeno, "preenchidas_pela_lista") == "menos de 5"
    assert dados_abertos.texto(grande, "preenchidas_pela_lista") == "suprimido"


def test_uma_causa_de_reversao_suprimida_leva_outra_junto():
    """As causas somam as revertidas: com só a não confirmação (2) suprimida, a falta de candidato (7) sai também."""
    (linha,) = publicar([{"nivel": CERTAME, "ano_edital": 2024, "grupo": "NEG", "preenchidas_pela_lista": 20,
                          "revertidas": 9, "revertidas_fraude": 0, "revertidas_nao_confirmado": 2,
                          "revertidas_ausente": 0, "revertidas_sem_candidato": 7, "cotistas_na_ampla": 0,
                          "desistencias": 0}])
    assert linha["revertidas"] == 9
    assert linha["revertidas_nao_confirmado"] is None and linha["revertidas_sem_candidato"] is None

"""Contrato de linha de comando: `simular_vagas` e `simular_convocacao` (JSON, texto e erros).

As leis vêm da migração legislacao/0002_cinco_leis.py; os artigos citados nos docstrings são os
das leis em legislacao/dados/leis/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

RAIZ = Path(__file__).resolve().parents[2]
VARGEM = "vargem-alta-es-2023"
IUNA = "iuna-es"
IBATIBA = "ibatiba-es-2024"
UBATUBA = "ubatuba-sp-lei-3765-2014"
AFONSO = "afonso-claudio-es-lei-2552-2023"
CABECALHO = "inscricao,classificacao,cor_raca,quilombola,pcd,reserva,situacao"
CHAVES_OBRIGATORIAS = {"lei", "vagas", "pcd", "ampla", "reservas", "ordem"}


def rodar(comando: str, *args: str) -> tuple[str, str]:
    saida, erros = StringIO(), StringIO()
    call_command(comando, *args, stdout=saida, stderr=erros)
    return saida.getvalue(), erros.getvalue()


def vagas_json(*args: str) -> dict:
    saida, _ = rodar("simular_vagas", *args, "--json")
    return json.loads(saida)


def posicoes_de(ordem: list[str], tipo: str) -> list[int]:
    return [p for p, t in enumerate(ordem, 1) if t == tipo]


def escrever_csv(pasta: Path, linhas: list[str], cabecalho: str = CABECALHO, nome: str = "inscricoes.csv") -> str:
    caminho = pasta / nome
    caminho.write_text("\n".join([cabecalho, *linhas]) + "\n", encoding="utf-8")
    return str(caminho)


def convocacao_json(lei: str, vagas: int, arquivo: str, *extra: str) -> dict:
    saida, _ = rodar("simular_convocacao", "--lei", lei, "--vagas", str(vagas), "--inscricoes", arquivo, "--json",
                     *extra)
    return json.loads(saida)


def erro_de(comando: str, *args: str) -> str:
    """Roda esperando CommandError; confere que nada foi escrito na saída padrão; devolve a mensagem."""
    saida = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command(comando, *args, stdout=saida, stderr=StringIO())
    assert saida.getvalue() == ""
    return str(exc.value)


# A primeira linha é a do cabeçalho; a classificação 1 é a melhor.
EXEMPLO_DOMINIO = [  # docs/dominio.md, «Quem ocupa cada vaga»: 20%, 5 vagas; A e G cotistas
    "A,1,preta,nao,nao,sim,habilitado",
    "B,2,branca,nao,nao,nao,habilitado",
    "C,3,branca,nao,nao,nao,habilitado",
    "D,4,branca,nao,nao,nao,habilitado",
    "E,5,branca,nao,nao,nao,habilitado",
    "F,6,branca,nao,nao,nao,habilitado",
    "G,7,parda,nao,nao,sim,habilitado",
]


# --- simular_vagas: o contrato JSON nas cinco leis ---------------------------------------------------------------

@pytest.mark.django_db
def test_vargem_alta_50_vagas_reserva_9_negros_e_2_indigenas():
    """Vargem Alta, art. 1º, I e II: 17% negros e 3% indígenas; art. 2º, § 1º: fração de 0,5 sobe
    (50 × 17% = 8,5 → 9; 50 × 3% = 1,5 → 2); art. 5º: alternância e proporcionalidade."""
    dados = vagas_json("--lei", VARGEM, "--vagas", "50")
    assert CHAVES_OBRIGATORIAS <= dados.keys()
    assert (dados["lei"], dados["vagas"], dados["pcd"], dados["ampla"]) == (VARGEM, 50, 0, 39)
    assert dados["reservas"] == [
        {"grupo": "NEG", "nome": "Negros (pretos e pardos)", "percentual": "17.00", "vagas": 9,
         "artigo": "art. 1º, I"},
        {"grupo": "IND", "nome": "Indígenas", "percentual": "3.00", "vagas": 2, "artigo": "art. 1º, II"},
    ]
    ordem = dados["ordem"]
    assert len(ordem) == 50
    assert (ordem.count("AC"), ordem.count("NEG"), ordem.count("IND")) == (39, 9, 2)
    assert posicoes_de(ordem, "NEG") == [3, 9, 15, 21, 27, 33, 39, 45, 50]
    # A 2ª vaga indígena e a 9ª de negros cairiam ambas na 50ª: a garantia põe a indígena na 49ª, com o motivo.
    assert posicoes_de(ordem, "IND") == [17, 49]
    assert [(a["posicao"], a["vaga"]) for a in dados["ajustes"]] == [(49, "IND")]
    assert "posição 50" in dados["ajustes"][0]["motivo"]
    assert dados["minimo_vagas"] == 3


@pytest.mark.django_db
def test_afonso_claudio_8_vagas_json_exato():
    """Afonso Cláudio, art. 1º, caput: 20% (8 × 20% = 1,6 → 2, art. 1º, § 2º); art. 3º, § 1º: a cada 5
    nomeações uma é de cotista. A 2ª vaga (a 10ª pelo padrão) fica dentro das 8 pela garantia, na 8ª."""
    dados = vagas_json("--lei", AFONSO, "--vagas", "8")
    assert {k: dados[k] for k in CHAVES_OBRIGATORIAS} == {
        "lei": AFONSO,
        "vagas": 8,
        "pcd": 0,
        "ampla": 6,
        "reservas": [{"grupo": "PP", "nome": "Pretos e pardos", "percentual": "20.00", "vagas": 2,
                      "artigo": "art. 1º, caput"}],
        "ordem": ["AC", "AC", "AC", "AC", "PP", "AC", "AC", "PP"],
    }
    assert dados["minimo_vagas"] == 5
    [ajuste] = dados["ajustes"]
    assert (ajuste["posicao"], ajuste["vaga"]) == (8, "PP")
    assert "posição 10" in ajuste["motivo"] and "art. 3º, § 1º" in ajuste["motivo"]


@pytest.mark.django_db
def test_iuna_10_vagas_negros_na_3a_e_8a_indigena_na_10a():
    """Iúna, art. 3º, I e II (20% negros, 5% indígenas) e § 1º: a reserva se aplica quando a convocação
    alcança a 3ª vaga (negros) e a 10ª (indígenas)."""
    dados = vagas_json("--lei", IUNA, "--vagas", "10")
    assert [(r["grupo"], r["percentual"], r["vagas"], r["artigo"]) for r in dados["reservas"]] == [
        ("NEG", "20.00", 2, "art. 3º, I"), ("IND", "5.00", 1, "art. 3º, II")]
    assert dados["ampla"] == 7
    assert posicoes_de(dados["ordem"], "NEG") == [3, 8]
    assert posicoes_de(dados["ordem"], "IND") == [10]
    assert dados["ajustes"] == []


@pytest.mark.django_db
def test_ibatiba_grupo_unico_e_pcd_antes_da_reserva():
    """Ibatiba, art. 1º: 20% para negros, pardos e indígenas, um só grupo; art. 5º: ordem universal →
    PcD → negro (a PcD tem prioridade sobre a reserva racial)."""
    dados = vagas_json("--lei", IBATIBA, "--vagas", "10", "--vagas-pcd", "1")
    assert (dados["vagas"], dados["pcd"], dados["ampla"]) == (10, 1, 7)
    assert [(r["grupo"], r["percentual"], r["vagas"], r["artigo"]) for r in dados["reservas"]] == [
        ("NPI", "20.00", 2, "art. 1º")]
    assert posicoes_de(dados["ordem"], "NPI") == [3, 8]
    assert posicoes_de(dados["ordem"], "PCD") == [5]


@pytest.mark.django_db
def test_ubatuba_15_vagas():
    """Ubatuba, art. 1º: 20% para negros, índios e quilombolas; art. 7º: alternância e proporcionalidade
    (3ª, 8ª, 13ª vagas)."""
    dados = vagas_json("--lei", UBATUBA, "--vagas", "15")
    assert [(r["grupo"], r["nome"], r["percentual"], r["vagas"], r["artigo"]) for r in dados["reservas"]] == [
        ("NIQ", "Negros, índios e quilombolas", "20.00", 3, "art. 1º")]
    assert dados["ampla"] == 12
    assert posicoes_de(dados["ordem"], "NIQ") == [3, 8, 13]


@pytest.mark.django_db
@pytest.mark.parametrize("lei", [VARGEM, IUNA, IBATIBA, UBATUBA, AFONSO])
@pytest.mark.parametrize("vagas", [1, 3, 5, 8, 37, 100])
def test_ordem_respeita_as_contagens_em_todas_as_leis(lei, vagas):
    """Garantia (todas as leis: o edital publica o total reservado por cargo): dentro das N posições
    cada tipo tem exatamente a sua contagem."""
    dados = vagas_json("--lei", lei, "--vagas", str(vagas))
    ordem = dados["ordem"]
    assert len(ordem) == vagas
    assert ordem.count("AC") == dados["ampla"]
    assert dados["ampla"] + dados["pcd"] + sum(r["vagas"] for r in dados["reservas"]) == vagas
    for r in dados["reservas"]:
        assert ordem.count(r["grupo"]) == r["vagas"]
        assert len(r["percentual"].split(".")[1]) == 2


@pytest.mark.django_db
def test_abaixo_do_minimo_nao_reserva_e_o_texto_cita_o_artigo():
    """Afonso Cláudio, art. 1º, § 1º: só há reserva a partir de 5 vagas."""
    dados = vagas_json("--lei", AFONSO, "--vagas", "4")
    assert dados["reservas"][0]["vagas"] == 0
    assert dados["ordem"] == ["AC"] * 4
    texto, _ = rodar("simular_vagas", "--lei", AFONSO, "--vagas", "4")
    assert "mínimo de 5" in texto
    assert "art. 1º, § 1º" in texto


@pytest.mark.django_db
def test_posicoes_alem_das_vagas_continuam_o_padrao():
    """Iúna, art. 7º, § 2º: o cadastro de reserva e as novas vagas seguem o mesmo padrão; as 10 primeiras
    posições não mudam."""
    dez = vagas_json("--lei", IUNA, "--vagas", "10")
    vinte = vagas_json("--lei", IUNA, "--vagas", "10", "--posicoes", "20")
    assert vinte["vagas"] == 10
    assert len(vinte["ordem"]) == 20
    assert vinte["ordem"][:10] == dez["ordem"]
    assert posicoes_de(vinte["ordem"], "NEG") == [3, 8, 13, 18]
    assert vinte["reservas"] == dez["reservas"]


@pytest.mark.django_db
def test_posicoes_alem_das_vagas_em_afonso_claudio():
    """Afonso Cláudio, art. 3º, § 1º: a cada 5 nomeações; depois das 8 vagas, a próxima reservada é a 15ª."""
    dados = vagas_json("--lei", AFONSO, "--vagas", "8", "--posicoes", "15")
    assert posicoes_de(dados["ordem"], "PP") == [5, 8, 15]


@pytest.mark.django_db
def test_posicoes_menos_que_as_vagas():
    dados = vagas_json("--lei", IUNA, "--vagas", "10", "--posicoes", "4")
    assert dados["ordem"] == ["AC", "AC", "NEG", "AC"]
    assert dados["vagas"] == 10


@pytest.mark.django_db
def test_vagas_pcd():
    """Vargem Alta, art. 5º: alternância; a PcD (vagas do edital) tem prioridade sobre a reserva racial, e
    a vaga de negros que cairia na 9ª, ocupada pela PcD, vai à 10ª."""
    dados = vagas_json("--lei", VARGEM, "--vagas", "50", "--vagas-pcd", "3")
    assert (dados["pcd"], dados["ampla"]) == (3, 36)
    assert posicoes_de(dados["ordem"], "PCD") == [9, 25, 42]
    assert dados["ordem"].count("NEG") == 9
    assert 10 in posicoes_de(dados["ordem"], "NEG")
    assert {(a["posicao"], a["vaga"]) for a in dados["ajustes"]} == {(10, "NEG"), (49, "IND")}


@pytest.mark.django_db
def test_simular_vagas_em_texto():
    texto, erros = rodar("simular_vagas", "--lei", VARGEM, "--vagas", "50")
    assert erros == ""
    assert "Lei municipal de Vargem Alta/ES" in texto
    assert "Negros (pretos e pardos) (NEG)" in texto and "art. 1º, I" in texto and "17,00%" in texto
    assert "Indígenas (IND)" in texto and "art. 1º, II" in texto
    assert "1–2 AC, 3 NEG, 4–8 AC" in texto
    assert "Posição 49 (IND)" in texto
    assert not texto.lstrip().startswith("{")


@pytest.mark.django_db
def test_texto_avisa_lei_expirada():
    """Ubatuba, art. 13: vigência de 10 anos a partir de 16/06/2014."""
    texto, _ = rodar("simular_vagas", "--lei", UBATUBA, "--vagas", "10")
    assert "16/06/2024" in texto and "art. 13" in texto


# --- simular_convocacao ------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_convocacao_exemplo_do_dominio(tmp_path):
    """Ibatiba, art. 1º (20%) e art. 4º, § 1º: o cotista classificado na ampla ocupa vaga de ampla e não
    conta na reserva; a vaga reservada (3ª) vai ao melhor cotista restante. Resultado: A, B, G, C, D."""
    arquivo = escrever_csv(tmp_path, EXEMPLO_DOMINIO)
    dados = convocacao_json(IBATIBA, 5, arquivo)
    assert CHAVES_OBRIGATORIAS <= dados.keys()
    assert dados["ordem"] == ["AC", "AC", "NPI", "AC", "AC"]
    assert dados["convocacao"] == [
        {"posicao": 1, "inscricao": "A", "vaga": "AC", "lista": "AC"},
        {"posicao": 2, "inscricao": "B", "vaga": "AC", "lista": "AC"},
        {"posicao": 3, "inscricao": "G", "vaga": "NPI", "lista": "NPI"},
        {"posicao": 4, "inscricao": "C", "vaga": "AC", "lista": "AC"},
        {"posicao": 5, "inscricao": "D", "vaga": "AC", "lista": "AC"},
    ]


@pytest.mark.django_db
def test_vaga_reservada_sem_cotista_reverte_a_ampla(tmp_path):
    """Ibatiba, art. 4º, § 3º: a vaga reservada sem candidato reverte à ampla concorrência (vaga=NPI,
    lista=AC)."""
    linhas = [linha.replace(",sim,", ",nao,") for linha in EXEMPLO_DOMINIO]
    dados = convocacao_json(IBATIBA, 5, escrever_csv(tmp_path, linhas))
    assert dados["convocacao"][2] == {"posicao": 3, "inscricao": "C", "vaga": "NPI", "lista": "AC"}
    assert [c["inscricao"] for c in dados["convocacao"]] == ["A", "B", "C", "D", "E"]


@pytest.mark.django_db
def test_afonso_claudio_indigena_nao_concorre_a_reserva(tmp_path):
    """Afonso Cláudio, art. 2º: a reserva é de pretos e pardos; um indígena que optou pela reserva não a
    ocupa, e a vaga reverte à ampla (art. 5º)."""
    linhas = [f"I{n},{n},branca,nao,nao,nao,habilitado" for n in range(1, 10)] + [
        "X,10,indigena,nao,nao,sim,habilitado"]
    dados = convocacao_json(AFONSO, 5, escrever_csv(tmp_path, linhas))
    assert dados["convocacao"][4] == {"posicao": 5, "inscricao": "I5", "vaga": "PP", "lista": "AC"}


@pytest.mark.django_db
def test_ubatuba_quilombola_concorre_a_reserva(tmp_path):
    """Ubatuba, art. 1º e art. 3º: negros, índios e quilombolas concorrem à mesma reserva."""
    linhas = [f"I{n},{n},branca,nao,nao,nao,habilitado" for n in range(1, 10)] + [
        "Q,10,branca,sim,nao,sim,habilitado"]
    dados = convocacao_json(UBATUBA, 5, escrever_csv(tmp_path, linhas))
    assert dados["convocacao"][2] == {"posicao": 3, "inscricao": "Q", "vaga": "NIQ", "lista": "NIQ"}


@pytest.mark.django_db
def test_eliminados_e_desistentes_nao_contam_e_posicao_sem_candidato(tmp_path):
    """Só os habilitados concorrem; a posição que ninguém pode ocupar sai com inscricao e lista nulas."""
    linhas = ["A,1,branca,nao,nao,nao,eliminado", "B,2,branca,nao,nao,nao,desistente",
              "C,3,branca,nao,nao,nao,habilitado", "D,4,parda,nao,nao,sim,habilitado"]
    dados = convocacao_json(IBATIBA, 5, escrever_csv(tmp_path, linhas))
    assert dados["convocacao"] == [
        {"posicao": 1, "inscricao": "C", "vaga": "AC", "lista": "AC"},
        {"posicao": 2, "inscricao": "D", "vaga": "AC", "lista": "AC"},
        {"posicao": 3, "inscricao": None, "vaga": "NPI", "lista": None},
        {"posicao": 4, "inscricao": None, "vaga": "AC", "lista": None},
        {"posicao": 5, "inscricao": None, "vaga": "AC", "lista": None},
    ]


@pytest.mark.django_db
def test_vaga_pcd_vai_ao_melhor_pcd_restante(tmp_path):
    """Ibatiba, art. 5º: universal, depois PcD, depois negro. A PcD e a reserva disputam a 3ª posição: fica
    com a PcD, e a vaga reservada passa à 4ª."""
    linhas = [f"I{n},{n},branca,nao,nao,nao,habilitado" for n in range(1, 9)] + [
        "P,9,branca,nao,sim,nao,habilitado", "N,10,preta,nao,nao,sim,habilitado"]
    dados = convocacao_json(IBATIBA, 5, escrever_csv(tmp_path, linhas), "--vagas-pcd", "1")
    assert dados["ordem"] == ["AC", "AC", "PCD", "NPI", "AC"]
    assert [(a["posicao"], a["vaga"]) for a in dados["ajustes"]] == [(4, "NPI")]
    assert [(c["inscricao"], c["vaga"], c["lista"]) for c in dados["convocacao"]] == [
        ("I1", "AC", "AC"), ("I2", "AC", "AC"), ("P", "PCD", "PCD"), ("N", "NPI", "NPI"), ("I3", "AC", "AC")]


@pytest.mark.django_db
def test_posicoes_alem_das_vagas_nao_mudam_o_lote_inicial(tmp_path):
    """docs/dominio.md, «Chamadas depois do lote inicial»: depois do lote inicial, as convocações são eventos
    que não reescrevem o passado; Ibatiba, art. 4º, § 1º: as N primeiras posições não podem depender de quantas
    posições se pedem (--posicoes)."""
    arquivo = escrever_csv(tmp_path, EXEMPLO_DOMINIO)
    cinco = convocacao_json(IBATIBA, 5, arquivo)
    nove = convocacao_json(IBATIBA, 5, arquivo, "--posicoes", "9")
    assert nove["convocacao"][:5] == cinco["convocacao"]


@pytest.mark.django_db
def test_colunas_em_qualquer_ordem(tmp_path):
    cabecalho = "situacao,reserva,pcd,quilombola,cor_raca,classificacao,inscricao"
    linhas = [",".join(reversed(linha.split(","))) for linha in EXEMPLO_DOMINIO]
    dados = convocacao_json(IBATIBA, 5, escrever_csv(tmp_path, linhas, cabecalho))
    assert [c["inscricao"] for c in dados["convocacao"]] == ["A", "B", "G", "C", "D"]


@pytest.mark.django_db
def test_simular_convocacao_em_texto(tmp_path):
    arquivo = escrever_csv(tmp_path, [linha.replace(",sim,", ",nao,") for linha in EXEMPLO_DOMINIO])
    texto, erros = rodar("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo)
    assert erros == ""
    assert "Convocação (5 posições)" in texto
    assert "vaga NPI revertida à lista AC" in texto
    assert "art. 4º, § 3º" in texto


# --- erros: mensagem em português com linha, coluna e valor; nada na saída padrão --------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize(("linhas", "esperado"), [
    (["A,1,verde,nao,nao,sim,habilitado"], ["Linha 2", "cor_raca", "verde"]),
    (["A,1,preta,talvez,nao,sim,habilitado"], ["Linha 2", "quilombola", "talvez"]),
    (["A,1,preta,nao,nao,sim,aprovado"], ["Linha 2", "situacao", "aprovado"]),
    (["A,1,preta,nao,nao,sim,habilitado", "B,zero,preta,nao,nao,sim,habilitado"],
     ["Linha 3", "classificacao", "zero"]),
    (["A,1,preta,nao,nao,sim,habilitado", "A,2,preta,nao,nao,sim,habilitado"],
     ["Linha 3", "inscricao", "«A»", "linha 2"]),
    (["A,1,preta,nao,nao,sim,habilitado", "B,1,preta,nao,nao,sim,habilitado"],
     ["Linha 3", "classificacao", "«1»", "linha 2"]),
], ids=["cor", "quilombola", "situacao", "classificacao", "inscricao-repetida", "classificacao-repetida"])
def test_erro_de_valor_no_csv(tmp_path, linhas, esperado):
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--json",
                       "--inscricoes", escrever_csv(tmp_path, linhas))
    for trecho in esperado:
        assert trecho in mensagem


@pytest.mark.django_db
def test_erro_coluna_ausente(tmp_path):
    arquivo = escrever_csv(tmp_path, ["A,1,preta,nao,nao,sim"], cabecalho=CABECALHO.removesuffix(",situacao"))
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo)
    assert "Linha 1" in mensagem and "situacao" in mensagem and "ausente" in mensagem


@pytest.mark.django_db
def test_erro_arquivo_inexistente(tmp_path):
    arquivo = str(tmp_path / "nao-existe.csv")
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo)
    assert arquivo in mensagem and "não encontrado" in mensagem


@pytest.mark.django_db
def test_erro_arquivo_fora_de_utf8(tmp_path):
    caminho = tmp_path / "latin1.csv"
    caminho.write_bytes((CABECALHO + "\nA,1,preta,nao,nao,sim,habilitado\nB,2,parda,nao,não,sim,habilitado\n")
                        .encode("latin-1"))
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", str(caminho))
    assert "Linha 3" in mensagem and "UTF-8" in mensagem


@pytest.mark.django_db
def test_erro_pasta_no_lugar_do_arquivo(tmp_path):
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", str(tmp_path))
    assert "pasta" in mensagem


@pytest.mark.django_db
def test_erro_classificacao_com_digito_que_int_recusa(tmp_path):
    """«²» passa em str.isdigit mas não em int(): a mensagem ainda diz linha, coluna e valor."""
    arquivo = escrever_csv(tmp_path, ["A,1,preta,nao,nao,sim,habilitado", "B,²,preta,nao,nao,sim,habilitado"])
    mensagem = erro_de("simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo)
    assert "Linha 3" in mensagem and "classificacao" in mensagem and "«²»" in mensagem


@pytest.mark.django_db
@pytest.mark.parametrize("comando", ["simular_vagas", "simular_convocacao"])
@pytest.mark.parametrize(("args", "esperado"), [
    (["--lei", "nao-existe", "--vagas", "5"], ["--lei", "nao-existe", "não encontrada", VARGEM]),
    (["--lei", IUNA, "--vagas", "0"], ["--vagas", "«0»"]),
    (["--lei", IUNA, "--vagas", "-3"], ["--vagas", "«-3»"]),
    (["--lei", IUNA, "--vagas", "5", "--vagas-pcd", "-1"], ["--vagas-pcd", "«-1»"]),
    (["--lei", IUNA, "--vagas", "5", "--posicoes", "0"], ["--posicoes", "«0»"]),
    (["--lei", IUNA, "--vagas", "5", "--vagas-pcd", "5"], ["5 vagas PcD", "1 vagas reservadas", "excedem"]),
    (["--lei", IUNA, "--vagas", "abc"], ["--vagas", "«abc»", "número inteiro"]),
], ids=["lei", "vagas-zero", "vagas-negativas", "pcd-negativo", "posicoes-zero", "pcd-mais-reserva", "nao-numero"])
def test_erro_de_parametros(tmp_path, comando, args, esperado):
    """Iúna, art. 3º, I: com 5 vagas 1 é de negros; 5 PcD + 1 reservada excedem as 5 vagas."""
    if comando == "simular_convocacao":
        args = [*args, "--inscricoes", escrever_csv(tmp_path, EXEMPLO_DOMINIO)]
    mensagem = erro_de(comando, *args, "--json")
    for trecho in esperado:
        assert trecho in mensagem


# --- pelo manage.py de verdade: código de saída, saída de erro e saída padrão vazia ------------------------------

@pytest.fixture(scope="module")
def ambiente(tmp_path_factory):
    """Um banco SQLite próprio, migrado (as cinco leis vêm da migração), para os subprocessos."""
    banco = tmp_path_factory.mktemp("banco") / "comandos.sqlite3"
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{banco}", "PYTHONIOENCODING": "utf-8"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=RAIZ, env=env, check=True,
                   capture_output=True)
    return env


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=RAIZ, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def test_subprocesso_sucesso_json(ambiente):
    r = manage(ambiente, "simular_vagas", "--lei", AFONSO, "--vagas", "8", "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert dados["ordem"] == ["AC", "AC", "AC", "AC", "PP", "AC", "AC", "PP"]


@pytest.mark.parametrize(("args", "esperado"), [
    (["simular_vagas", "--lei", "nao-existe", "--vagas", "5", "--json"], ["«nao-existe»", "não encontrada"]),
    (["simular_vagas", "--lei", IUNA, "--vagas", "0", "--json"], ["--vagas", "«0»"]),
    (["simular_vagas", "--lei", IUNA, "--vagas", "5", "--vagas-pcd", "5", "--json"], ["excedem"]),
    (["simular_vagas", "--lei", IUNA, "--vagas", "muitas", "--json"], ["--vagas", "«muitas»"]),
    (["simular_vagas", "--lei", IUNA, "--json"], ["faltam os argumentos obrigatórios", "--vagas"]),
], ids=["lei", "vagas-zero", "pcd-mais-reserva", "nao-numero", "falta-vagas"])
def test_subprocesso_erro_de_parametros(ambiente, args, esperado):
    r = manage(ambiente, *args)
    assert r.returncode != 0
    assert r.stdout == ""
    for trecho in esperado:
        assert trecho in r.stderr


def test_subprocesso_erro_no_csv(ambiente, tmp_path):
    arquivo = escrever_csv(tmp_path, ["A,1,preta,nao,nao,sim,habilitado", "B,2,roxa,nao,nao,sim,habilitado"])
    r = manage(ambiente, "simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo, "--json")
    assert r.returncode == 1
    assert r.stdout == ""
    assert "Linha 3, coluna «cor_raca», valor «roxa»" in r.stderr


def test_subprocesso_convocacao_json(ambiente, tmp_path):
    arquivo = escrever_csv(tmp_path, EXEMPLO_DOMINIO)
    r = manage(ambiente, "simular_convocacao", "--lei", IBATIBA, "--vagas", "5", "--inscricoes", arquivo, "--json")
    assert r.returncode == 0, r.stderr
    assert [c["inscricao"] for c in json.loads(r.stdout)["convocacao"]] == ["A", "B", "G", "C", "D"]


# --- issue 12: as posições que a lei fixa, a regra PcD do edital e a lista mais favorável -------------------------

@pytest.mark.django_db
def test_afonso_claudio_10_vagas_1_pcd_a_quinta_e_dos_pretos_e_pardos_art_3_par_1():
    """Afonso Cláudio art. 3º, § 1º: a 5ª vaga é do preto ou pardo. Antes da correção, este comando dava «5 PCD,
    6 PP»; a vaga PcD, que a lei não posiciona, vai à 6ª, e cada colocação traz a sua base."""
    dados = vagas_json("--lei", AFONSO, "--vagas", "10", "--vagas-pcd", "1")
    assert posicoes_de(dados["ordem"], "PP") == [5, 10] and posicoes_de(dados["ordem"], "PCD") == [6]
    colocacoes = {c["posicao"]: c for c in dados["colocacoes"]}
    assert colocacoes[5] == {"posicao": 5, "vaga": "PP", "base": "art. 3º, § 1º", "fixada_na_lei": True,
                             "ajustada": False}
    assert colocacoes[6]["ajustada"] and colocacoes[6]["base"] == "art. 3º, § 1º"
    [ajuste] = dados["ajustes"]
    assert ajuste["posicao"] == 6 and ajuste["base"] == "art. 3º, § 1º"


@pytest.mark.django_db
@pytest.mark.parametrize(("vagas", "pcd", "fixada", "grupo"), [(20, 1, 10, "IND"), (10, 2, 3, "NEG")])
def test_iuna_a_pcd_nunca_toma_a_3a_nem_a_10a_art_3_par_1(vagas, pcd, fixada, grupo):
    """Iúna art. 3º, § 1º: a 3ª vaga é dos negros, a 10ª dos indígenas. Antes: 20 vagas e 1 PcD davam «10 PCD,
    11 IND»; 10 vagas e 2 PcD, «3 PCD, 4 NEG»."""
    dados = vagas_json("--lei", IUNA, "--vagas", str(vagas), "--vagas-pcd", str(pcd))
    assert dados["ordem"][fixada - 1] == grupo and dados["ordem"][fixada] == "PCD"


@pytest.mark.django_db
def test_regra_pcd_do_edital_pela_linha_de_comando():
    """O percentual do edital dá as vagas PcD (5%, fração para cima: 21 vagas → 2) e as posições do edital, com a
    base citada; o texto diz a base de cada posição e não cita registro de decisão."""
    dados = vagas_json("--lei", IBATIBA, "--vagas", "21", "--pcd-percentual", "5", "--pcd-posicoes", "5,21",
                       "--pcd-base", "item 4.1 do edital")
    assert dados["pcd"] == 2 and posicoes_de(dados["ordem"], "PCD") == [5, 21]
    assert {c["base"] for c in dados["colocacoes"] if c["vaga"] == "PCD"} == {"item 4.1 do edital"}
    texto, _ = rodar("simular_vagas", "--lei", AFONSO, "--vagas", "8", "--item-criterio", "item 5.3 do edital")
    assert "PP 5ª (art. 3º, § 1º; fixada na lei); PP 8ª (art. 1º, caput; item 5.3 do edital)" in texto
    assert "decisoes" not in texto
    assert "--pcd-posicoes" in erro_de("simular_vagas", "--lei", IBATIBA, "--vagas", "5", "--pcd-posicoes", "0,x")


@pytest.mark.django_db
def test_iuna_convocacao_pela_lista_mais_favoravel_art_5_par_2(tmp_path):
    """Iúna art. 5º, § 2º: X, 7º da geral e 1º dos negros, é nomeado na 3ª (pela ampla, sem contar na reserva, art.
    5º, § 1º) e não na 9ª; o JSON marca `pela_lista`."""
    linhas = [f"A{i},{i},branca,nao,nao,nao,habilitado" for i in range(1, 7)]
    linhas += ["X,7,parda,nao,nao,sim,habilitado", "Y,8,preta,nao,nao,sim,habilitado",
               "Z,9,parda,nao,nao,sim,habilitado"]
    linhas += [f"A{i},{i + 3},branca,nao,nao,nao,habilitado" for i in range(7, 10)]
    dados = convocacao_json(IUNA, 10, escrever_csv(tmp_path, linhas), "--vagas-pcd", "0")
    terceira = dados["convocacao"][2]
    assert terceira == {"posicao": 3, "inscricao": "X", "vaga": "AC", "lista": "AC", "pela_lista": "NEG"}
    assert [c["inscricao"] for c in dados["convocacao"]][:4] == ["A1", "A2", "X", "Y"]
    assert all("pela_lista" not in c for c in dados["convocacao"][3:])

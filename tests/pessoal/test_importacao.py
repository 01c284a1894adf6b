"""A importação do arquivo do RH (pessoal/importacao.py): tudo ou nada, com o erro na linha, na coluna e no valor; a
autodeclaração do recadastramento acrescentada ao histórico (Ubatuba art. 10); nomeações e estágios pelo mesmo
caminho."""

from __future__ import annotations

import io
from datetime import date

import pytest
from openpyxl import Workbook

from pessoal.importacao import ErroImportacao, criar_importacao, importar
from pessoal.models import (
    AtoPessoal,
    AutodeclaracaoServidor,
    ContratoEstagio,
    ImportacaoRH,
    NomeacaoComissao,
    Servidor,
    TipoArquivoRH,
)

pytestmark = pytest.mark.django_db

CABECALHO = "matricula;nome;cargo;vinculo;genero;cor_raca;quilombola;data_autodeclaracao"
HOJE = date(2023, 4, 20)


def _csv(*linhas: str, cabecalho: str = CABECALHO) -> bytes:
    return ("\n".join([cabecalho, *linhas]) + "\n").encode()


def _importar(orgao, usuario, conteudo: bytes, tipo=TipoArquivoRH.SERVIDORES, nome="rh.csv", simular=False):
    registro = criar_importacao(orgao=orgao, tipo=tipo, nome=nome, conteudo=conteudo, usuario=usuario)
    return importar(importacao=registro, usuario=usuario, simular=simular, hoje=HOJE)


def _servidores(n: int, inicio: int = 1) -> list[str]:
    return [f"{i};Servidora {i};Professora;efetivo;feminino;parda;não;01/04/2023" for i in range(inicio, inicio + n)]


def test_uma_linha_ruim_no_meio_e_nada_e_gravado(ubatuba, rh):
    linhas = [*_servidores(10), "11;Servidor 11;Guarda;efetivoo;masculino;;;", *_servidores(5, 12)]
    with pytest.raises(ErroImportacao) as erro:
        _importar(ubatuba, rh, _csv(*linhas))
    assert [str(e) for e in erro.value.erros] == [
        "Linha 12, coluna vinculo: “efetivoo” não é um vínculo conhecido (efetivo, comissionado, empregado_publico, "
        "temporario, estagiario)."]
    assert not Servidor.objects.exists()
    assert not AutodeclaracaoServidor.objects.exists()


def test_todos_os_erros_de_uma_vez_com_linha_coluna_e_valor(ubatuba, rh):
    linhas = ["1;Ana;Professora;efetivo;feminina;;;", "2;;Professora;efetivo;feminino;negra;;",
              "3;Caio;Guarda;temporario;masculino;;talvez;31/02/2023", "1;Ana de novo;Professora;efetivo;;;;"]
    with pytest.raises(ErroImportacao) as erro:
        _importar(ubatuba, rh, _csv(*linhas))
    assert [str(e) for e in erro.value.erros] == [
        "Linha 2, coluna genero: “feminina” não é um gênero conhecido (feminino, masculino, outro, nao_informado).",
        "Linha 3, coluna nome: está vazia, e a coluna é obrigatória.",
        "Linha 3, coluna cor_raca: “negra” não é uma cor ou raça do IBGE: informe «preta» ou «parda» (as duas formam "
        "a população negra).",
        "Linha 4, coluna quilombola: “talvez” não é «sim» nem «não».",
        "Linha 4, coluna data_autodeclaracao: “31/02/2023” não é uma data no formato dd/mm/aaaa.",
        "Linha 5, coluna matricula: “1” repete o registro da linha 2."]


def test_o_cabecalho_sem_uma_coluna_obrigatoria_e_recusado(ubatuba, rh):
    with pytest.raises(ErroImportacao, match="faltam as colunas vinculo"):
        _importar(ubatuba, rh, _csv("1;Ana;Professora;feminino", cabecalho="matricula;nome;cargo;genero"))


def test_a_simulacao_nao_grava_nada(ubatuba, rh):
    resultado = _importar(ubatuba, rh, _csv(*_servidores(3)), simular=True)
    assert (resultado.criados, resultado.autodeclaracoes, resultado.simulada) == (3, 3, True)
    assert "seriam gravados" in resultado.resumo
    assert not Servidor.objects.exists()
    assert ImportacaoRH.objects.get().confirmada_em is None


def test_a_gravacao_guarda_o_sha256_e_descarta_o_conteudo(ubatuba, rh):
    _importar(ubatuba, rh, _csv(*_servidores(2)))
    registro = ImportacaoRH.objects.get()
    assert registro.confirmada_em is not None and bytes(registro.conteudo) == b"" and len(registro.sha256) == 64
    assert Servidor.objects.get(matricula="1").history.first().history_user == rh


def test_o_recadastramento_acrescenta_a_autodeclaracao_sem_apagar_a_anterior_art_10(ubatuba, rh):
    _importar(ubatuba, rh, _csv("7;Ana;Professora;efetivo;feminino;branca;não;01/04/2022"))
    _importar(ubatuba, rh, _csv("7;Ana;Professora;efetivo;feminino;parda;não;01/04/2023"))
    # O mesmo arquivo de novo não duplica nada.
    resultado = _importar(ubatuba, rh, _csv("7;Ana;Professora;efetivo;feminino;parda;não;01/04/2023"))
    assert (resultado.criados, resultado.inalterados, resultado.autodeclaracoes) == (0, 1, 0)
    servidor = Servidor.objects.get(matricula="7")
    assert list(servidor.autodeclaracoes.values_list("data", "cor_raca")) == [
        (date(2023, 4, 1), "parda"), (date(2022, 4, 1), "branca")]


def test_sem_cor_ou_raca_no_arquivo_a_autodeclaracao_anterior_continua(ubatuba, rh):
    _importar(ubatuba, rh, _csv("7;Ana;Professora;efetivo;feminino;preta;;01/04/2022"))
    resultado = _importar(ubatuba, rh, _csv("7;Ana Maria;Diretora;comissionado;feminino;;;"))
    assert (resultado.atualizados, resultado.autodeclaracoes) == (1, 0)
    servidor = Servidor.objects.get()
    assert (servidor.nome, servidor.vinculo, servidor.autodeclaracoes.count()) == ("Ana Maria", "comissionado", 1)


def test_a_planilha_xlsx_passa_pelo_mesmo_caminho(ubatuba, rh):
    livro = Workbook()
    aba = livro.active
    aba.append(CABECALHO.split(";"))
    aba.append(["10", "Bia", "Agente", "Empregado público", "F", "indígena", "sim", date(2023, 4, 1)])
    arquivo = io.BytesIO()
    livro.save(arquivo)
    _importar(ubatuba, rh, arquivo.getvalue(), nome="rh.xlsx")
    servidor = Servidor.objects.get()
    assert (servidor.vinculo, servidor.genero) == ("empregado_publico", "feminino")
    assert servidor.autodeclaracoes.values_list("cor_raca", "quilombola", "data").get() == (
        "indigena", True, date(2023, 4, 1))


def test_o_csv_que_nao_e_utf8_e_recusado_com_a_linha(ubatuba, rh):
    conteudo = _csv("1;Conceição;Professora;efetivo;feminino;;;").decode().encode("latin-1")
    with pytest.raises(ErroImportacao, match=r"Linha 2: .*Concei\\xe7\\xe3o.*não está em UTF-8"):
        _importar(ubatuba, rh, conteudo)


NOMEACOES = "nome;cpf;genero;cargo;simbolo;data_nomeacao;ato_nomeacao;data_exoneracao;ato_exoneracao;cor_raca"


def test_as_nomeacoes_e_as_exoneracoes_entram_pelo_arquivo_com_o_aviso_do_piso(ubatuba, rh):
    linhas = [f"Pessoa {i};;feminino;Assessora;CC-3;01/03/2023;Portaria {i}/2023;;;branca" for i in range(4)]
    linhas.append("Pessoa 4;;masculino;Diretor;CC-1;01/03/2023;Portaria 4/2023;10/04/2023;Portaria 40/2023;parda")
    resultado = _importar(ubatuba, rh, _csv(*linhas, cabecalho=NOMEACOES), tipo=TipoArquivoRH.COMISSAO)
    assert (resultado.criados, resultado.encerramentos) == (5, 1)
    assert resultado.avisos == [
        "Com este arquivo, hoje, 0 de 4 cargos em comissão (0,0%) são ocupados por pessoas negras, indígenas ou "
        "quilombolas autodeclaradas; o piso da lei é 20% (art. 8º)."]
    assert NomeacaoComissao.objects.get(nome="Pessoa 4").exonerado_em == date(2023, 4, 10)
    assert AtoPessoal.objects.count() == 6
    # O mesmo arquivo de novo: nada muda.
    de_novo = _importar(ubatuba, rh, _csv(*linhas, cabecalho=NOMEACOES), tipo=TipoArquivoRH.COMISSAO)
    assert (de_novo.criados, de_novo.inalterados, AtoPessoal.objects.count()) == (0, 5, 6)


def test_o_arquivo_nao_muda_uma_exoneracao_registrada(ubatuba, rh):
    linha = "Pessoa;;feminino;Assessora;;01/03/2023;Portaria 1/2023;10/04/2023;Portaria 2/2023;"
    _importar(ubatuba, rh, _csv(linha, cabecalho=NOMEACOES), tipo=TipoArquivoRH.COMISSAO)
    with pytest.raises(ErroImportacao, match="Linha 2, coluna data_exoneracao: “11/04/2023” difere da data já"):
        _importar(ubatuba, rh, _csv(linha.replace("10/04", "11/04"), cabecalho=NOMEACOES),
                  tipo=TipoArquivoRH.COMISSAO)
    assert NomeacaoComissao.objects.get().exonerado_em == date(2023, 4, 10)


def test_os_contratos_de_estagio_entram_pelo_arquivo(ubatuba, rh):
    cabecalho = "nome;cpf;genero;instituicao;curso;inicio;termino_previsto;ato_contratacao;cor_raca;quilombola"
    linhas = ["Estagiária;;feminino;USP;Direito;01/02/2023;31/01/2024;Termo 1/2023;preta;não",
              "Estagiário;;masculino;;;01/02/2023;31/01/2022;Termo 2/2023;;"]
    with pytest.raises(ErroImportacao, match="Linha 3, coluna termino_previsto: o término previsto é anterior"):
        _importar(ubatuba, rh, _csv(*linhas, cabecalho=cabecalho), tipo=TipoArquivoRH.ESTAGIO)
    assert not ContratoEstagio.objects.exists()
    linhas[1] = linhas[1].replace("31/01/2022", "31/01/2024")
    resultado = _importar(ubatuba, rh, _csv(*linhas, cabecalho=cabecalho), tipo=TipoArquivoRH.ESTAGIO)
    assert resultado.criados == 2
    assert ContratoEstagio.objects.get(nome="Estagiária").autodeclaracao_em == HOJE

"""Dados pessoais do arquivo nunca vão para o log do servidor (LGPD art. 46; cor ou raça é dado sensível,
art. 11): os erros dizem linha e coluna, e as falhas o tipo da exceção e onde ocorreram.

O log é capturado no nível DEBUG, de todos os loggers, pelo serviço, pelo admin e pelo comando, com um
arquivo recusado, uma recusa do banco e uma falha inesperada cuja mensagem traz a linha inteira.
"""

from __future__ import annotations

import logging

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError
from django.urls import reverse

from concursos.importacao import gravacao, validacao
from concursos.importacao.servico import ErroGravacao
from concursos.models import Candidato, EstadoImportacao, Importacao, Inscricao, formatar_cpf
from tests.concursos.conftest import cpf_valido
from tests.concursos.importacao.conftest import csv_de, linha, rodar

NOME, EMAIL, TELEFONE, NASCIMENTO = "Joana Dark Quilombo", "joana.sigilo@exemplo.org", "(27) 98765-4321", "07/09/1988"
COR = "preta"


@pytest.fixture
def cpf():
    return cpf_valido(777_001)


@pytest.fixture
def arquivo(cpf) -> bytes:
    """Uma linha com todos os dados pessoais e um erro (a cor ou raça) e outra, válida, com os mesmos."""
    return csv_de(linha("0001", cpf, nome=NOME, email=EMAIL, telefone=TELEFONE, nascimento=NASCIMENTO, cor=COR),
                  linha("0002", cpf_valido(777_002), nome=NOME, email=EMAIL, telefone=TELEFONE,
                        nascimento=NASCIMENTO, cor="roxa"))


@pytest.fixture
def log(caplog):
    caplog.set_level(logging.DEBUG)
    return caplog


def sem_dados_pessoais(texto: str, cpf: str) -> None:
    for dado in (cpf, formatar_cpf(cpf), NOME, EMAIL, TELEFONE, NASCIMENTO, "1988-09-07", COR, "roxa", "Joana"):
        assert dado not in texto, f"«{dado}» foi para o log"


@pytest.mark.parametrize("debug", [False, True])
def test_arquivo_recusado_pelo_servico(certame, arquivo, cpf, log, settings, debug):
    """Com DEBUG (e o log django.db.backends ligado), o Django registra cada consulta com os parâmetros."""
    settings.DEBUG = debug
    log.set_level(logging.DEBUG, logger="django.db.backends")
    resultado = rodar(certame, arquivo)
    assert [(e.linha, e.coluna) for e in resultado.erros] == [(3, "cor_raca")]
    assert debug == any(registro.name == "django.db.backends" for registro in log.records)
    sem_dados_pessoais(log.text, cpf)


def test_recusa_do_banco_com_a_linha_na_mensagem(certame, arquivo, cpf, log, monkeypatch):
    """O PostgreSQL põe a linha do COPY no CONTEXT e a chave no DETAIL: nada disso vai ao log nem à tela."""
    valido = csv_de(linha("0001", cpf, nome=NOME, email=EMAIL, telefone=TELEFONE, nascimento=NASCIMENTO))

    def recusar(*args, **kwargs):
        raise IntegrityError(f'duplicate key value violates unique constraint\nDETAIL: Key (cpf)=({cpf}) already '
                             f'exists.\nCONTEXT: COPY importacao_preparo, line 1: "2\t0001\t1\t{NOME}\t\t{cpf}\t'
                             f'1988-09-07\tfeminino\t{EMAIL}\t{TELEFONE}\t{COR}"')

    monkeypatch.setattr(gravacao.Gravacao, "lote_otimista", recusar)
    monkeypatch.setattr(gravacao.Gravacao, "final", recusar)
    with pytest.raises(ErroGravacao) as erro:
        rodar(certame, valido)
    sem_dados_pessoais(str(erro.value), cpf)
    assert "IntegrityError" in log.text
    sem_dados_pessoais(log.text, cpf)
    assert not Inscricao.objects.exists()


def test_falha_inesperada_com_a_linha_na_mensagem(client, operador, certame, arquivo, cpf, log, monkeypatch):
    def quebrar(*args, **kwargs):
        raise ValueError(f"linha inesperada: {NOME};{cpf};{NASCIMENTO};{EMAIL};{TELEFONE};{COR}")

    monkeypatch.setattr(validacao, "ler_lotes", quebrar)
    monkeypatch.setattr("concursos.importacao.servico.ler_lotes", quebrar)
    client.force_login(operador)
    client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]),
                {"arquivo": SimpleUploadedFile("banca.csv", arquivo, content_type="text/csv")})
    registro = Importacao.objects.get()
    assert registro.estado == EstadoImportacao.FALHOU
    assert "ValueError" in log.text and "ler_lotes" in log.text  # o tipo e onde; não a mensagem
    sem_dados_pessoais(log.text, cpf)
    sem_dados_pessoais(registro.resumo, cpf)


def test_comando_com_arquivo_recusado_e_com_falha_inesperada(certame, arquivo, cpf, log, tmp_path, capsys,
                                                             monkeypatch):
    caminho = tmp_path / "banca.csv"
    caminho.write_bytes(arquivo)
    with pytest.raises(CommandError):
        call_command("importar_inscricoes", str(certame.pk), str(caminho))
    # Na tela de quem rodou o comando, a linha, a coluna e o valor recusado (a pessoa tem acesso ao arquivo).
    assert "Linha 3, coluna «cor_raca», valor «roxa»" in capsys.readouterr().err

    def quebrar(*args, **kwargs):
        raise ValueError(f"linha inesperada: {NOME};{cpf}")

    monkeypatch.setattr("concursos.importacao.servico.ler_lotes", quebrar)
    with pytest.raises(CommandError, match="Falha inesperada ao processar o arquivo; nada foi gravado") as erro:
        call_command("importar_inscricoes", str(certame.pk), str(caminho))
    sem_dados_pessoais(str(erro.value), cpf)
    sem_dados_pessoais(log.text, cpf)
    assert not Candidato.objects.exists()

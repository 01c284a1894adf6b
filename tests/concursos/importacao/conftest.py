"""O que os testes da importação partilham: o arquivo da banca linha a linha, o certame e CPFs válidos."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from concursos.importacao import gravacao, validacao
from concursos.importacao.servico import importar
from tests.concursos.conftest import cpf_valido
from tests.conftest import lotar_em_todos

CABECALHO = ("inscricao,cargo,nome,nome_social,cpf,data_nascimento,genero,email,telefone,cor_raca,quilombola,pcd,"
             "reserva,autodeclaracao_em")
RESULTADOS = ",nota_final,classificacao,situacao"


def linha(numero, cpf, *, cargo="ADM", nome=None, nome_social="", cor="parda", quilombola="nao", pcd="nao",
          reserva="sim", nascimento="31/12/1990", email=None, telefone="(27) 99999-0000", resultado=()):
    campos = [numero, cargo, nome or f"Pessoa {numero}", nome_social, cpf, nascimento, "feminino",
              email or f"p{numero}@exemplo.org", telefone, cor, quilombola, pcd, reserva, "10/03/2024", *resultado]
    return ",".join(campos)


def csv_de(*linhas, cabecalho=CABECALHO) -> bytes:
    return ("\n".join([cabecalho, *linhas]) + "\n").encode()


def rodar(certame, conteudo: bytes, nome="banca.csv", **kwargs):
    return importar(certame=certame, arquivo=io.BytesIO(conteudo), nome=nome, **kwargs)


def mensagens(resultado) -> list[str]:
    return [str(e) for e in resultado.erros]


@pytest.fixture(autouse=True)
def _midia_temporaria(settings, tmp_path):
    """Os arquivos enviados pelo admin vão para uma pasta temporária, não para media/ da árvore."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def lotes_pequenos(monkeypatch):
    """Lotes de 2 linhas: exercita a leitura em paralelo e a gravação otimista em vários lotes."""
    monkeypatch.setattr(validacao, "LOTE_PREPARO", 2)
    monkeypatch.setattr(gravacao, "LOTE_GRAVACAO_MINIMO", 2)


@pytest.fixture
def certame(fazer_certame):
    return fazer_certame(cargos=(("ADM", 5, 1), ("MED", 3, 0)))


@pytest.fixture
def cpfs():
    return [cpf_valido(900_000 + i) for i in range(40)]


def conta_que_importa(nome: str = "operador"):
    """Quem importa pelo admin: o envio, a validação e a confirmação, sem ser superusuário, lotado nos órgãos."""
    usuario = get_user_model().objects.create_user(nome, password="senha-de-teste-1", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.add(*Permission.objects.filter(
        codename__in=["add_inscricao", "view_certame", "view_inscricao"]))
    return usuario


@pytest.fixture
def operador(db, certame):
    return conta_que_importa()

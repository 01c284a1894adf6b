"""Um órgão de Ubatuba/SP (a lei 3.765/2014 estende o piso de 20% aos cargos em comissão, art. 8º, e aos estágios de
cada órgão, art. 1º, parágrafo único, I), um de Vargem Alta/ES (a lei de lá não fala de um nem de outro) e as contas do
RH, com e sem a permissão de ver cor ou raça."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from nucleo.models import Lotacao, Orgao
from pessoal import services
from tests.conftest import municipio

# Ubatuba vigorou por dez anos a partir de 16/06/2014 (art. 13): os casos ficam dentro da vigência.
DIA = date(2023, 3, 1)


@pytest.fixture
def ubatuba(leis_de_origem) -> Orgao:
    return Orgao.objects.create(nome="Prefeitura de Ubatuba", municipio=municipio("Ubatuba", "SP"))


@pytest.fixture
def vargem_alta(leis_de_origem) -> Orgao:
    return Orgao.objects.create(nome="Prefeitura de Vargem Alta", municipio=municipio("Vargem Alta"))


PERMISSOES = ("view_servidor", "add_servidor", "change_servidor", "view_nomeacaocomissao", "add_nomeacaocomissao",
              "change_nomeacaocomissao", "view_contratoestagio", "add_contratoestagio", "change_contratoestagio",
              "view_importacaorh")


def conta(nome: str, orgao: Orgao, *, sensiveis: bool):
    usuario = get_user_model().objects.create_user(nome, password="senha-forte-123", is_staff=True)
    for codigo in (*PERMISSOES, *(["ver_autodeclaracao_do_pessoal"] if sensiveis else [])):
        usuario.user_permissions.add(Permission.objects.get(content_type__app_label="pessoal", codename=codigo))
    Lotacao.objects.create(usuario=usuario, orgao=orgao)
    return get_user_model().objects.get(pk=usuario.pk)


@pytest.fixture
def rh(ubatuba):
    return conta("rh_ubatuba", ubatuba, sensiveis=True)


@pytest.fixture
def rh_sem_sensiveis(ubatuba):
    return conta("rh_sem_sensiveis", ubatuba, sensiveis=False)


def nomear(orgao, usuario, quantos: int, cor: str = "", *, dia: date = DIA, quilombola: bool = False,
           genero: str = "feminino") -> list:
    return [services.nomeacao_registrar(
        orgao=orgao, nome=f"Pessoa {cor or 'sem cor'} {i}", cargo="Assessor", nomeado_em=dia,
        ato=f"Portaria {i}/2023", usuario=usuario, cor_raca=cor, quilombola=quilombola, genero=genero,
        autodeclaracao_em=dia if cor or quilombola else None).objeto for i in range(quantos)]


def contratar(orgao, usuario, quantos: int, cor: str = "", *, dia: date = DIA) -> list:
    return [services.estagio_contratar(
        orgao=orgao, nome=f"Estagiária {cor or 'sem cor'} {i}", inicio=dia, termino_previsto=date(dia.year + 1, 2, 28),
        ato=f"Termo {i}/2023", usuario=usuario, cor_raca=cor, genero="feminino").objeto for i in range(quantos)]

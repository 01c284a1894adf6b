"""Busca por nome sem acento e sem caixa (concursos/busca.py): o nome_busca, o lookup `palavras` e o admin."""

from __future__ import annotations

import pytest
from django.db import connection
from django.urls import reverse

from concursos.busca import nome_para_busca, normalizar, palavras
from concursos.models import Candidato, Inscricao
from nucleo.models import Orgao
from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio

INSCRICOES = reverse("admin:concursos_inscricao_changelist")
CANDIDATOS = reverse("admin:concursos_candidato_changelist")


@pytest.mark.parametrize(("texto", "normalizado"), [
    ("João", "joao"),
    ("JOÃO DA CONCEIÇÃO", "joao da conceicao"),
    ("  Ágata   D'Ávila-Sá ", "agata d avila sa"),
    ("Iúna Tupinambá Güeiros", "iuna tupinamba gueiros"),
    ("Straße", "strasse"),
    ("Maria\u0301 Aparecida", "maria aparecida"),  # acento combinante, como vem de alguns sistemas
])
def test_normalizar(texto, normalizado):
    assert normalizar(texto) == normalizado


def test_nome_social_depois_do_separador():
    assert nome_para_busca("João Pedro Silva", "") == "joao pedro silva"
    assert nome_para_busca("João Pedro Silva", "Joana Silva") == "joao pedro silva / joana silva"


def test_palavras_do_termo():
    assert palavras("  José  de JOSÉ, Antônio! ") == ["jose", "de", "antonio"]
    assert palavras("!!!") == []


def _orgao() -> Orgao:
    return Orgao.objects.get_or_create(nome="Prefeitura Municipal de Vargem Alta",
                                       municipio=municipio("Vargem Alta", "ES"))[0]


def _candidato(nome: str, nome_social: str = "") -> Candidato:
    return Candidato.objects.create(orgao=_orgao(), nome=nome, nome_social=nome_social, cpf=cpf_valido())


@pytest.mark.django_db
class TestNomeBuscaSempreAtualizado:
    def test_create_e_save(self):
        candidato = _candidato("Antônio Sérgio")
        assert candidato.nome_busca == "antonio sergio"
        candidato.nome_social = "Antônia"
        candidato.save(update_fields=["nome_social"])
        candidato.refresh_from_db()
        assert candidato.nome_busca == "antonio sergio / antonia"

    def test_bulk_create(self):
        Candidato.objects.bulk_create([Candidato(orgao=_orgao(), nome="Conceição Araújo", cpf=cpf_valido())])
        assert Candidato.objects.get().nome_busca == "conceicao araujo"

    def test_update_e_bulk_update(self):
        ana, bia = _candidato("Ana"), _candidato("Bia")
        Candidato.objects.filter(pk=ana.pk).update(nome="Ána Lúcia")
        ana.refresh_from_db()
        assert ana.nome_busca == "ana lucia"
        bia.nome_social = "Beatriz Íris"
        Candidato.objects.bulk_update([bia], ["nome_social"])
        bia.refresh_from_db()
        assert bia.nome_busca == "bia / beatriz iris"


@pytest.mark.django_db
class TestPalavras:
    @pytest.fixture(autouse=True)
    def pessoas(self):
        self.joao = _candidato("João da Silva Pereira")
        self.joana = _candidato("Joana Conceição", "Jô Ribeiro")
        self.antonio = _candidato("ANTONIO JOAO FALQUETO")

    def achados(self, termo: str) -> set[str]:
        return set(Candidato.objects.filter(nome_busca__palavras=termo).values_list("nome", flat=True))

    def test_sem_acento_acha_com_acento_e_vice_versa(self):
        assert self.achados("Joao Pereira") == {self.joao.nome}
        assert self.achados("joão falqueto") == {self.antonio.nome}
        assert self.achados("CONCEICAO") == {self.joana.nome}

    def test_comeco_de_cada_palavra_em_qualquer_ordem(self):
        assert self.achados("jo") == {self.joao.nome, self.joana.nome, self.antonio.nome}
        assert self.achados("pereira jo") == {self.joao.nome}
        assert self.achados("silv pere") == {self.joao.nome}

    def test_o_meio_de_uma_palavra_nao_conta(self):
        assert self.achados("oao") == set()
        assert self.achados("ereira") == set()

    def test_nome_social(self):
        assert self.achados("ribeiro") == {self.joana.nome}
        assert self.achados("jo ribeiro") == {self.joana.nome}

    @pytest.mark.skipif(connection.vendor != "postgresql", reason="O índice GIN é do PostgreSQL.")
    def test_a_consulta_usa_o_indice_gin(self):
        consulta = Candidato.objects.filter(nome_busca__palavras="joao pereira")
        with connection.cursor() as cursor:
            # Com três linhas o planejador leria a tabela; desligado isso, tem de achar o índice da migração 0004.
            cursor.execute("SET LOCAL enable_seqscan = off")
        assert "candidato_nome_busca_idx" in consulta.explain()


@pytest.mark.django_db
class TestAdmin:
    @pytest.fixture
    def inscricoes(self, fazer_certame, inscrever):
        cargo = fazer_certame().cargos.get()
        lista = inscrever(cargo, [("0001",), ("0002",), ("0003",)])
        for inscricao, nome, social in zip(lista, ["João Araújo", "Joao Araujo Neto", "Maria José"],
                                           ["", "", "Zé Araújo"], strict=True):
            inscricao.candidato.nome, inscricao.candidato.nome_social = nome, social
            inscricao.candidato.save()
        return lista

    def numeros(self, resposta) -> list[str]:
        return sorted(i.numero for i in resposta.context["cl"].result_list)

    @pytest.mark.parametrize(("termo", "esperados"), [
        ("Joao", ["0001", "0002"]),
        ("JOÃO", ["0001", "0002"]),
        ("joão araújo", ["0001", "0002"]),
        ("araujo", ["0001", "0002", "0003"]),
        ("araujo neto", ["0002"]),
        ("ze", ["0003"]),
        ("?!", []),
    ])
    def test_lista_de_inscricoes(self, admin_client, inscricoes, termo, esperados):
        assert self.numeros(admin_client.get(INSCRICOES, {"q": termo})) == esperados

    def test_lista_de_candidatos_e_autocomplete(self, admin_client, inscricoes):
        resposta = admin_client.get(CANDIDATOS, {"q": "joao"})
        assert sorted(c.nome for c in resposta.context["cl"].result_list) == ["Joao Araujo Neto", "João Araújo"]
        autocomplete = admin_client.get(reverse("admin:autocomplete"), {
            "app_label": "concursos", "model_name": "inscricao", "field_name": "candidato", "term": "JOAO NETO"})
        assert [r["text"] for r in autocomplete.json()["results"]] == ["Joao Araujo Neto"]

    def test_nome_alterado_no_admin_e_achado(self, admin_client, inscricoes):
        candidato = inscricoes[0].candidato
        candidato.nome = "Joaquim Brás"
        candidato.save()
        assert self.numeros(admin_client.get(INSCRICOES, {"q": "bras"})) == ["0001"]
        assert Inscricao.objects.filter(candidato__nome_busca__palavras="joao").count() == 1

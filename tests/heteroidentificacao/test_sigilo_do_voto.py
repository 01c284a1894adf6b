"""Sigilo do voto (Afonso Cláudio art. 11, § 2º): depois da apuração, nenhuma tabela liga um membro ao seu
voto. Decisão em docs/decisoes/0003-sigilo-do-voto.md."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import connection, models

from heteroidentificacao import apuracao, services
from heteroidentificacao.models import Avaliacao, Cedula, Participacao
from heteroidentificacao.selectors import cotistas_a_convocar

pytestmark = pytest.mark.django_db


class UrnaOrdenada:
    """Uma ordem de abertura fixa e independente do banco: as duas apurações abrem as cédulas na mesma
    ordem, e só o que o banco guarda poderia distingui-las."""

    @staticmethod
    def shuffle(urna):
        urna.sort()


def _votar(avaliacao, votos, presidente):
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    for membro, confirma in votos:
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    return services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)


VOLATEIS = (models.DateTimeField, models.DateField, models.TimeField, models.UUIDField, models.AutoField,
            models.BigAutoField)


def _linhas_da_avaliacao(avaliacao: Avaliacao) -> dict[str, list[tuple]]:
    """Todas as linhas de todas as tabelas (inclusive o histórico) que se referem à avaliação, sem as
    colunas que só dizem quando ou qual linha (datas, horas, chaves)."""
    linhas = {}
    for modelo in apps.get_models(include_auto_created=True):
        campos = [f for f in modelo._meta.concrete_fields]
        referencias = [f for f in campos if f.is_relation and f.related_model is Avaliacao]
        if modelo.__name__ == "HistoricalAvaliacao":
            referencias = [modelo._meta.get_field("id")]
        if modelo is Avaliacao:
            referencias = [modelo._meta.pk]
        for referencia in referencias:
            comparaveis = [f.attname for f in campos if not isinstance(f, VOLATEIS) and f is not referencia
                           and f.attname not in {"inscricao_id", "history_id", "history_change_reason"}]
            valores = modelo._base_manager.filter(**{referencia.attname: avaliacao.pk}).values_list(*comparaveis)
            linhas[f"{modelo._meta.db_table}.{referencia.attname}"] = sorted(map(repr, valores))
    return linhas


def test_banco_depois_da_apuracao_e_o_mesmo_seja_quem_for_o_voto_divergente(
        sessao, comissao, presidente, admin_user, monkeypatch):
    """Duas avaliações: na primeira, Carla diverge; na segunda, Bruno. Depois das apurações, as linhas que
    o banco guarda das duas são idênticas: nada permite saber quem divergiu."""
    monkeypatch.setattr(apuracao, "_sorteio", UrnaOrdenada)
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:2], usuario=admin_user)
    ana, bruno, carla = (comissao.membros.get(nome__startswith=n) for n in ("Ana", "Bruno", "Carla"))
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla], usuario=ana.usuario)
    primeira, segunda = sessao.avaliacoes.order_by("horario")
    primeira = _votar(primeira, [(ana, True), (bruno, True), (carla, False)], presidente)
    segunda = _votar(segunda, [(carla, True), (ana, True), (bruno, False)], presidente)

    assert primeira.votos_abertos_texto == segunda.votos_abertos_texto == "3 votos (2 a 1)"
    assert not Cedula.objects.exists()
    assert Participacao.objects.filter(avaliacao=primeira).count() == 3
    assert _linhas_da_avaliacao(primeira) == _linhas_da_avaliacao(segunda)


def test_nenhuma_tabela_guarda_cedula_depois_da_apuracao(sessao, comissao, presidente, admin_user):
    """Varredura crua de todas as tabelas: a tabela de cédulas fica vazia e nenhuma outra tabela tem,
    ao mesmo tempo, um membro e um valor de voto."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    titulares = list(comissao.membros.filter(papel="titular"))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    _votar(sessao.avaliacoes.get(), [(m, True) for m in titulares], presidente)

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {Cedula._meta.db_table}")
        assert cursor.fetchone() == (0,)
    for modelo in apps.get_models(include_auto_created=True):
        nomes = {f.attname for f in modelo._meta.concrete_fields}
        liga_membro = any(f.is_relation and f.related_model is not None
                          and f.related_model._meta.label == "heteroidentificacao.Membro"
                          for f in modelo._meta.concrete_fields)
        assert not (liga_membro and nomes & {"confirma", "voto", "valor"}), modelo._meta.label


def test_participacao_e_cedula_nao_guardam_hora_nem_ordem():
    """Sem hora e com chave aleatória: nem a ordem dos votos fica registrada."""
    for modelo in (Participacao, Cedula):
        campos = modelo._meta.concrete_fields
        assert not any(isinstance(f, (models.DateTimeField, models.DateField, models.TimeField)) for f in campos)
        assert isinstance(modelo._meta.pk, models.UUIDField)
    assert not hasattr(Cedula, "history") and not hasattr(Participacao, "history")

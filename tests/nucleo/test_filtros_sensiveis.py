"""Ataque aos filtros pela URL: o órgão de controle (sem `concursos.ver_dados_sensiveis`) tenta filtrar cada lista
do admin — e cada exportação — por um dado sensível (cor ou raça, quilombola, PcD, a conferência do documento
apresentado para a reserva, opção pela reserva), no próprio modelo ou através de uma ou duas relações, com cada
consulta que o campo aceita (`field.get_lookups()`): a resposta é sempre HTTP 400, nunca uma lista filtrada.
Genérico: um admin, um campo ou uma relação nova entram sozinhos. Controle positivo: o RH com a permissão filtra as
inscrições por cor ou raça.
"""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import models
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, reverse

pytestmark = pytest.mark.django_db

# A conferência de um documento apresentado para a reserva diz que a pessoa concorre a ela (e a que grupo).
SENSIVEIS = frozenset({"cor_raca", "quilombola", "pcd", "conferencia", "reserva"})


def caminhos_sensiveis(modelo, profundidade: int = 2, prefixo: str = "", vistos: frozenset = frozenset()):
    """(caminho, campo) de cada campo sensível do modelo e dos modelos a até `profundidade` relações dele (chaves
    estrangeiras nos dois sentidos, um-para-um e M2M)."""
    for campo in modelo._meta.get_fields():
        if not campo.is_relation and campo.name in SENSIVEIS:
            yield f"{prefixo}{campo.name}", campo
    if profundidade == 0:
        return
    for campo in modelo._meta.get_fields():
        if not campo.is_relation or campo.related_model is None or campo.related_model in vistos:
            continue
        if getattr(campo, "hidden", False) or not getattr(campo, "name", ""):
            continue
        yield from caminhos_sensiveis(campo.related_model, profundidade - 1, f"{prefixo}{campo.name}__",
                                      vistos | {modelo})


def valor_para(campo, consulta: str) -> str:
    if consulta == "isnull":
        return "False"
    if isinstance(campo, models.BooleanField):
        return "1" if consulta not in ("in", "range") else "1,0"
    return {"in": "preta,parda", "range": "parda,preta"}.get(consulta, "indigena")


def parametros_de_ataque(modelo):
    for caminho, campo in caminhos_sensiveis(modelo):
        yield caminho, valor_para(campo, "exact")
        for consulta in campo.get_lookups():
            yield f"{caminho}__{consulta}", valor_para(campo, consulta)


def _cliente(usuario) -> Client:
    cliente = Client(raise_request_exception=False)
    cliente.force_login(usuario)
    return cliente


def _urls_de_lista(modelo) -> list[str]:
    info = f"{modelo._meta.app_label}_{modelo._meta.model_name}"
    urls = [reverse(f"admin:{info}_changelist")]
    try:
        urls.append(reverse(f"admin:{info}_export"))
    except NoReverseMatch:
        pass
    return urls


def test_controle_nao_filtra_nenhuma_lista_por_dado_sensivel(dois_orgaos):
    controle = dois_orgaos.controle_a
    cliente = _cliente(controle)
    requisicao = RequestFactory().get("/admin/")
    requisicao.user = controle
    falhas, tentativas = [], 0
    for modelo, model_admin in admin.site._registry.items():
        pode_ver = model_admin.has_view_or_change_permission(requisicao)
        for url in _urls_de_lista(modelo):
            for parametro, valor in parametros_de_ataque(modelo):
                tentativas += 1
                resposta = cliente.get(url, {parametro: valor})
                esperado = {400} if pode_ver else {302, 403}
                if resposta.status_code not in esperado:
                    falhas.append(f"GET {url}?{parametro}={valor}: HTTP {resposta.status_code}")
    assert tentativas > 1000  # o percurso achou os campos sensíveis (diretos e pelas relações)
    assert not falhas, f"{len(falhas)} de {tentativas} filtros sensíveis aceitos:\n" + "\n".join(falhas)


def test_busca_de_nenhuma_lista_alcanca_dado_sensivel(dois_orgaos):
    """A busca (?q=) também filtra: nenhum campo de busca de admin nenhum chega a um dado sensível, para ninguém."""
    falhas = []
    for conta in (dois_orgaos.controle_a, dois_orgaos.rh_a):
        requisicao = RequestFactory().get("/admin/")
        requisicao.user = conta
        for modelo, model_admin in admin.site._registry.items():
            for campo in model_admin.get_search_fields(requisicao):
                if SENSIVEIS & set(campo.lstrip("^=@").split("__")):
                    falhas.append(f"{modelo._meta.label}: busca por «{campo}»")
    assert not falhas, falhas


def test_busca_com_truques_nao_filtra_por_dado_sensivel(dois_orgaos):
    """?q= com o valor de um dado sensível, com os prefixos da busca do admin ou junto de um filtro: a lista do
    controle de A é a mesma de sem busca nenhuma, ou vazia — nunca só os pardos, os pretos ou os indígenas."""
    cliente = _cliente(dois_orgaos.controle_a)
    url = reverse("admin:concursos_inscricao_changelist")
    for termo in ("parda", "preta", "indigena", "=parda", "^preta", "@indigena", "cor_raca:parda", "cor_raca=parda",
                  "parda preta", "1"):
        resposta = cliente.get(url, {"q": termo})
        assert resposta.status_code in (200, 400), termo
        if resposta.status_code == 200:
            assert resposta.context["cl"].result_count == 0, termo
    for truque in ({"q": "", "cor_raca": "parda"}, {"q": "parda", "q__cor_raca": "parda"},
                   {"cor_raca__exact": "parda", "_changelist_filters": "x"}, {"CoR_RaCa__exact": "parda"},
                   {"candidato__cor_raca__exact": "parda"}, {"reserva": "1"}, {"o": "cor_raca"}):
        resposta = cliente.get(url, truque)
        if resposta.status_code == 200:
            cl = resposta.context["cl"]
            assert cl.result_count == cl.full_result_count or cl.full_result_count is None, truque
            assert cl.result_count in (0, cl.queryset.model.objects.filter(certame__orgao=dois_orgaos.a.orgao).count()
                                       ), truque
        else:
            assert resposta.status_code in (302, 400), truque


def test_controle_positivo_o_rh_com_a_permissao_filtra_por_cor_ou_raca(dois_orgaos):
    cliente = _cliente(dois_orgaos.rh_a)
    resposta = cliente.get(reverse("admin:concursos_inscricao_changelist"), {"cor_raca__exact": "parda"})
    assert resposta.status_code == 200
    numeros = {i.numero for i in resposta.context["cl"].result_list}
    assert numeros == {i.numero for i in dois_orgaos.a.inscricoes if i.cor_raca == "parda"} and numeros
    # O mesmo filtro por outro caminho, que a lista não oferece, continua recusado mesmo para o RH.
    assert cliente.get(reverse("admin:concursos_inscricao_changelist"),
                       {"candidato__cor_raca__exact": "parda"}).status_code == 400

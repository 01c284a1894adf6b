"""Os documentos que a lei exige para concorrer à reserva como regras do cadastro da lei: por grupo, os tipos aceitos
(cada um com o artigo) e a composição; as cinco leis de origem vêm preenchidas (Iúna art. 2º, II, a a d; Ibatiba
art. 2º), uma lei nova os recebe pelo admin, sem código, e a lei usada por edital publicado não muda."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from legislacao.comprovacao import Regra
from legislacao.models import DocumentoAceito, GrupoReserva
from legislacao.selectors import lei_por_slug
from legislacao.services import lei_congelar, lei_nova_versao

pytestmark = pytest.mark.django_db


def _exigencias(slug: str) -> dict:
    return {e.grupo: e for e in lei_por_slug(slug).exigencias_documentais()}


def test_iuna_art_2_ii_a_declaracao_ou_um_dos_documentos_das_alineas_a_a_d(leis_de_origem):
    exigencias = _exigencias("iuna-es")
    assert list(exigencias) == ["IND"]  # os negros (art. 2º, I) só se autodeclaram
    indigenas = exigencias["IND"]
    assert (indigenas.regra, indigenas.artigo) == (Regra.UM_DOS, "art. 2º, II")
    assert [(t.codigo, t.artigo) for t in indigenas.tipos] == [
        ("DECL", "art. 2º, II"), ("RC", "art. 2º, II, a"), ("RANI", "art. 2º, II, b"), ("RES", "art. 2º, II, c"),
        ("NASC", "art. 2º, II, d")]
    assert "caciques, ou tuxauas" in indigenas.tipos[0].descricao


def test_ibatiba_art_2_o_documento_oficial_para_todo_o_grupo(leis_de_origem):
    exigencias = _exigencias("ibatiba-es-2024")
    assert list(exigencias) == ["NPI"]
    assert [(t.codigo, t.artigo) for t in exigencias["NPI"].tipos] == [("DOC", "art. 2º")]


@pytest.mark.parametrize("slug", ["vargem-alta-es-2023", "ubatuba-sp-lei-3765-2014",
                                  "afonso-claudio-es-lei-2552-2023"])
def test_as_outras_tres_leis_de_origem_nao_exigem_documento(leis_de_origem, slug):
    assert _exigencias(slug) == {}


def test_uma_lei_nova_recebe_os_documentos_pelo_admin_na_pagina_do_grupo(leis_de_origem, admin_client):
    lei = lei_nova_versao(lei=lei_por_slug("vargem-alta-es-2023"))
    grupo = lei.grupos.get(codigo="IND")
    url = reverse("admin:legislacao_gruporeserva_change", args=[grupo.pk])
    # O grupo abre pelo «Alterar» do grupo na ficha da lei.
    assert url in admin_client.get(reverse("admin:legislacao_lei_change", args=[lei.pk])).content.decode()
    formulario = {
        "documentos_regra": "todos", "artigo_documentos": "art. 3º, § 1º",
        "documentos_aceitos-TOTAL_FORMS": "2", "documentos_aceitos-INITIAL_FORMS": "0",
        "documentos_aceitos-MIN_NUM_FORMS": "0", "documentos_aceitos-MAX_NUM_FORMS": "1000",
        "documentos_aceitos-0-ordem": "1", "documentos_aceitos-0-codigo": "DECL",
        "documentos_aceitos-0-nome": "Declaração da liderança", "documentos_aceitos-0-artigo": "art. 3º, § 1º, I",
        "documentos_aceitos-1-ordem": "2", "documentos_aceitos-1-codigo": "RANI",
        "documentos_aceitos-1-nome": "RANI", "documentos_aceitos-1-artigo": "art. 3º, § 1º, II",
    }
    resposta = admin_client.post(url, formulario)
    assert resposta.status_code == 302, resposta.content.decode()[:3000]
    exigencia = {e.grupo: e for e in lei.exigencias_documentais()}["IND"]
    assert (exigencia.regra, exigencia.artigo, [t.codigo for t in exigencia.tipos]) == (
        Regra.TODOS, "art. 3º, § 1º", ["DECL", "RANI"])


def test_o_codigo_do_documento_e_unico_na_lei(leis_de_origem, admin_client):
    """É a chave da coluna «documento» do arquivo da banca: dois grupos da mesma lei não o repetem."""
    lei = lei_nova_versao(lei=lei_por_slug("iuna-es"))
    negros = lei.grupos.get(codigo="NEG")
    documento = DocumentoAceito(grupo=negros, codigo="DECL", nome="Outra declaração")
    with pytest.raises(ValidationError, match="DECL já é de um documento de outro grupo"):
        documento.full_clean()


def test_a_lei_congelada_nao_muda_os_documentos_e_a_nova_versao_os_copia(leis_de_origem, admin_client):
    lei = lei_congelar(lei=lei_por_slug("iuna-es"))
    indigenas = lei.grupos.get(codigo="IND")
    with pytest.raises(ValidationError, match="crie uma nova versão"):
        DocumentoAceito(grupo=indigenas, codigo="OUTRO", nome="Outro").full_clean()
    url = reverse("admin:legislacao_gruporeserva_change", args=[indigenas.pk])
    assert admin_client.post(url, {"documentos_regra": "todos"}).status_code == 403
    assert GrupoReserva.objects.get(pk=indigenas.pk).documentos_regra == "um_dos"
    nova = lei_nova_versao(lei=lei)
    assert nova.exigencias_documentais() == lei.exigencias_documentais()
    assert set(DocumentoAceito.objects.filter(grupo__lei=nova).values_list("grupo__lei", flat=True)) == {nova.pk}

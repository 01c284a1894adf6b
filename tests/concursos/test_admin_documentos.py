"""Os documentos para a reserva na ficha da inscrição e nas páginas de registro e conferência (Iúna art. 2º, II).

Revelam a etnia declarada (LGPD art. 11): só quem tem a permissão de ver dados sensíveis os vê, e cada página aberta
vai ao registro de acessos (art. 37), com o titular; quem não a tem não os vê nem os grava, nem por POST forjado.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from concursos.models import DocumentoApresentado, Heteroidentificacao, Inscricao
from concursos.services.inscricao import documento_registrar
from legislacao.models import Lei
from nucleo.models import AcessoSensivel, TipoAcesso

pytestmark = pytest.mark.django_db

VER = ("concursos.view_inscricao", "concursos.view_certame", "concursos.view_cargo")
CONFERIR = (*VER, "concursos.change_inscricao", "concursos.ver_dados_sensiveis")


@pytest.fixture
def indigena(leis_de_origem, fazer_certame, inscrever, levar_ao_resultado, admin_user) -> Inscricao:
    """I1, indígena cotista num edital de Iúna com o resultado publicado, com uma declaração de pertencimento a
    conferir."""
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="060/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [*((f"B{i}", "branca") for i in range(1, 10)), ("I1", "indigena", True)])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    levar_ao_resultado(certame)
    inscricao = Inscricao.objects.select_related("certame").get(cargo=cargo, numero="I1")
    documento_registrar(inscricao=inscricao, grupo="IND", tipo="DECL", usuario=admin_user,
                        observacao="Protocolo 123/2024")
    return inscricao


def _ficha(inscricao) -> str:
    return reverse("admin:concursos_inscricao_change", args=[inscricao.pk])


def test_a_ficha_mostra_os_documentos_a_quem_ve_dados_sensiveis_e_registra_o_acesso(indigena, cliente_com):
    rh = cliente_com(*CONFERIR)
    html = rh.get(_ficha(indigena)).content.decode()
    assert "Documentos exigidos pela lei para a reserva" in html
    assert "a lei aceita um destes documentos: Declaração de pertencimento étnico" in html
    assert "Protocolo 123/2024" in html and "documento a conferir" in html
    documento = indigena.documentos.get()
    assert reverse("admin:concursos_documento_conferir", args=[documento.pk]) in html
    assert reverse("admin:concursos_inscricao_documentos", args=[indigena.pk]) in html
    acesso = AcessoSensivel.objects.order_by("-pk").first()
    assert (acesso.tipo, acesso.titular_id, acesso.modelo) == (TipoAcesso.FICHA, indigena.candidato_id,
                                                               "concursos.inscricao")


def test_sem_a_permissao_nem_a_ficha_nem_as_paginas_mostram_ou_gravam_documentos(indigena, cliente_com):
    rh = cliente_com(*VER, "concursos.change_inscricao")
    html = rh.get(_ficha(indigena)).content.decode()
    assert "Documentos exigidos" not in html and "pertencimento" not in html and "Protocolo 123" not in html
    documento = indigena.documentos.get()
    conferir = reverse("admin:concursos_documento_conferir", args=[documento.pk])
    registrar = reverse("admin:concursos_inscricao_documentos", args=[indigena.pk])
    assert rh.get(conferir).status_code == 403 and rh.get(registrar).status_code == 403
    assert rh.post(conferir, {"resultado": "aceitar"}).status_code == 403
    assert rh.post(registrar, {"documento": "IND:RANI"}).status_code == 403
    assert list(indigena.documentos.values_list("tipo", "conferencia")) == [("DECL", "a_conferir")]
    # Ver dados sensíveis sem poder alterar inscrições: vê na ficha, mas não confere.
    leitor = cliente_com(*VER, "concursos.view_candidato", "concursos.ver_dados_sensiveis")
    assert "Protocolo 123/2024" in leitor.get(_ficha(indigena)).content.decode()
    assert leitor.post(conferir, {"resultado": "aceitar"}).status_code == 403


def test_o_rh_confere_na_pagina_propria_e_o_acesso_fica_registrado(indigena, cliente_com):
    rh = cliente_com(*CONFERIR)
    documento = indigena.documentos.get()
    url = reverse("admin:concursos_documento_conferir", args=[documento.pk])
    pagina = rh.get(url)
    assert pagina.status_code == 200 and "Conferir «Declaração de pertencimento étnico»" in pagina.content.decode()
    acesso = AcessoSensivel.objects.order_by("-pk").first()
    assert (acesso.descricao, acesso.titular_id) == ("Documentos da inscrição I1", indigena.candidato_id)
    recusa_sem_motivo = rh.post(url, {"resultado": "recusar", "motivo": ""})
    assert "Informe o motivo da recusa" in recusa_sem_motivo.content.decode()
    resposta = rh.post(url, {"resultado": "aceitar"})
    assert resposta.status_code == 302 and resposta["Location"] == _ficha(indigena)
    documento.refresh_from_db()
    assert documento.conferencia == "aceito" and documento.conferido_por.username.startswith("rh")


def test_o_rh_registra_o_documento_apresentado_ou_que_nada_foi_apresentado(indigena, cliente_com):
    rh = cliente_com(*CONFERIR)
    url = reverse("admin:concursos_inscricao_documentos", args=[indigena.pk])
    pagina = rh.get(url).content.decode()
    assert "Registro civil com a identificação étnica (art. 2º, II, a)" in pagina
    assert rh.post(url, {"documento": "IND:RANI", "observacao": ""}).status_code == 302
    sem_motivo = rh.post(url, {"documento": "IND:", "observacao": ""})
    assert "Informe o motivo" in sem_motivo.content.decode()
    assert rh.post(url, {"documento": "IND:", "observacao": "Prazo do item 8 encerrado."}).status_code == 302
    assert list(indigena.documentos.order_by("pk").values_list("tipo", "origem", "conferencia")) == [
        ("DECL", "manual", "a_conferir"), ("RANI", "manual", "a_conferir"), ("", "manual", "recusado")]
    # Um grupo que não é o da inscrição (POST forjado) é recusado pelo formulário: nada se grava.
    rh.post(url, {"documento": "NEG:DECL"})
    assert DocumentoApresentado.objects.filter(inscricao=indigena).count() == 3


def test_a_previa_da_convocacao_avisa_e_leva_a_ficha(indigena, cliente_com):
    rh = cliente_com(*CONFERIR, "concursos.add_chamada")
    url = reverse("admin:concursos_certame_convocacao_inicial", args=[indigena.certame_id])
    html = rh.post(url, {"cargo": indigena.cargo_id, "data": "02/09/2024", "ato": "Edital nº 1/2024"}
                   ).content.decode()
    assert "exige documento para ocupar vaga reservada" in html
    assert f'href="{_ficha(indigena)}"' in html and "Indígenas: documento a conferir" in html


def test_o_painel_do_certame_diz_o_documento_que_a_lei_congelada_exige(indigena, admin_client):
    html = admin_client.get(reverse("admin:concursos_certame_painel", args=[indigena.certame_id])).content.decode()
    assert ("Documento para concorrer à reserva de Indígenas: um destes documentos: Declaração de pertencimento "
            "étnico") in html
    assert "(art. 2º, II, a)" in html and "(art. 2º, II)." in html

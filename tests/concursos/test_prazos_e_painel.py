"""As datas do edital valem para as etapas, e o painel conta todas as chamadas.

Não se publica um edital sem o período de inscrição, nem se encerram as inscrições antes do fim dele; não se homologa
sem o prazo de validade (Constituição Federal, art. 37, III) nem antes do resultado. O painel do certame conta todas
as posições chamadas — as do edital e as das novas vagas, no mesmo padrão (Iúna art. 7º, § 2º) —, com os totais de
cada tipo de vaga e as chamadas de cada tipo.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from concursos.models import Certame, Convocacao, EstadoCertame, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.chamadas import chamada_inicial, desistencia_registrar, novas_vagas_chamar
from nucleo.servicos import ErroOperacao

pytestmark = pytest.mark.django_db
DIA = date(2025, 9, 2)


# ---- as datas das etapas ----


def test_sem_periodo_de_inscricao_o_edital_nao_se_publica(fazer_certame, admin_user):
    certame = fazer_certame()
    Certame.objects.filter(pk=certame.pk).update(inscricoes_inicio=None, inscricoes_fim=None)
    with pytest.raises(ErroOperacao, match=r"^Confira os prazos do edital antes de publicá-lo: informe o início e o "
                                           r"fim das inscrições\.$"):
        certame_publicar(certame=certame, usuario=admin_user)
    assert Certame.objects.get(pk=certame.pk).estado == EstadoCertame.RASCUNHO


def test_prazos_trocados_sao_ditos_todos_de_uma_vez(fazer_certame, admin_user):
    certame = fazer_certame(data_edital=date(2024, 3, 1))
    Certame.objects.filter(pk=certame.pk).update(inscricoes_inicio=date(2024, 2, 20), inscricoes_fim=date(2024, 2, 10))
    with pytest.raises(ErroOperacao) as erro:
        certame_publicar(certame=certame, usuario=admin_user)
    assert str(erro.value) == (
        "Confira os prazos do edital antes de publicá-lo: o fim das inscrições (10/02/2024) é anterior ao início "
        "(20/02/2024); as inscrições começariam (20/02/2024) antes da publicação do edital (01/03/2024).")


def test_as_inscricoes_nao_se_encerram_antes_do_fim_do_periodo(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(data_edital=date(2024, 3, 1)), usuario=admin_user)
    assert certame.inscricoes_fim == date(2024, 4, 7)
    with pytest.raises(ErroOperacao, match=r"^As inscrições vão até 07/04/2024: elas só se encerram depois desse dia "
                                           r"\(data do ato: 07/04/2024\)\.$"):
        certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 4, 7))
    certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 4, 8))
    assert certame.estado == EstadoCertame.INSCRICOES_ENCERRADAS


def test_sem_prazo_de_validade_nao_se_homologa(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    certame = fazer_certame()
    Certame.objects.filter(pk=certame.pk).update(validade_meses=None)
    inscrever(certame.cargos.get(), [("B1", "branca")])
    certame = levar_ao_resultado(Certame.objects.get(pk=certame.pk))
    with pytest.raises(ErroOperacao, match=r"não diz o prazo de validade .*art. 37, III\): informe-o por retificação"):
        certame_avancar(certame=certame, usuario=admin_user)


def test_a_homologacao_nao_vem_antes_do_resultado(fazer_certame, inscrever, admin_user):
    certame = fazer_certame()
    inscrever(certame.cargos.get(), [("B1", "branca")])
    certame = certame_publicar(certame=certame, usuario=admin_user)
    certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 5, 1))
    certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 6, 1))
    with pytest.raises(ErroOperacao, match=r"A homologação \(31/05/2024\) não pode ser anterior à publicação do "
                                           r"resultado \(01/06/2024\)"):
        certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 5, 31))


# ---- o painel conta todas as chamadas ----


@pytest.fixture
def chamado(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Vargem Alta, ADM com 5 vagas (a 3ª de negros), convocação inicial, uma desistência e 3 vagas novas."""
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [("A", "parda", True), *((f"B{i}", "branca") for i in range(1, 10)), ("N", "preta", True)])
    certame = levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=DIA, ato="Edital 1", usuario=admin_user)
    desistencia_registrar(convocacao=Convocacao.objects.get(inscricao__numero="B1"), data=DIA, ato="Termo 1",
                          usuario=admin_user)
    novas_vagas_chamar(cargo=cargo, quantidade=3, data=DIA, ato="Portaria 2", usuario=admin_user)
    return certame


def test_o_painel_conta_as_novas_vagas_e_os_totais_de_cada_tipo(admin_client, chamado):
    resposta = admin_client.get(reverse("admin:concursos_certame_painel", args=[chamado.pk]))
    (linha,) = resposta.context["pagina"].object_list
    assert linha.novas_vagas == 3
    posicoes = {r.codigo: (r.reservadas, r.preenchidas, r.revertidas) for r in linha.celulas}
    assert sum(p for p, _, _ in posicoes.values()) == 8
    ocupadas = Convocacao.objects.filter(cargo=linha.cargo, desistiu_em=None, inscricao__isnull=False).count()
    assert sum(p + r for _, p, r in posicoes.values()) == ocupadas == 8
    totais = resposta.context["totais"]
    assert sum(t["posicoes"] for t in totais["andamento"]) == 8 and totais["novas_vagas"] == 3
    pagina = resposta.content.decode()
    assert "+ 3 novas" in pagina and "Posições chamadas (com 3 vagas novas)" in pagina
    por_tipo = {c.tipo: (c.chamadas, c.convocados) for c in resposta.context["chamadas_por_tipo"]}
    assert por_tipo == {"inicial": (1, 5), "desistencia": (1, 1), "novas_vagas": (1, 3)}
    assert "Novas vagas no prazo de validade: 1 chamada, 3 pessoas chamadas" in pagina


def test_o_resumo_do_cargo_e_o_do_painel_concordam(admin_client, chamado):
    from concursos.selectors.chamadas import resumo_do_cargo

    cargo = chamado.cargos.get()
    resposta = admin_client.get(reverse("admin:concursos_certame_painel", args=[chamado.pk]))
    (linha,) = resposta.context["pagina"].object_list
    assert resumo_do_cargo(cargo) == linha.resumo
    assert Inscricao.objects.filter(cargo=cargo).count() == 11

"""As causas de vacância (Iúna art. 7º, I), todas pela regra da mesma lista (art. 7º, § 1º), e o caminho do provimento
— convocação, nomeação, posse, exercício — com os prazos do edital e a nomeação tornada sem efeito (issue 11, item 8;
decisão 0013)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine

from concursos.models import (
    CAUSAS_DEPOIS_DA_POSSE,
    CAUSAS_DO_REGISTRO,
    CausaVacancia,
    Certame,
    Convocacao,
    Situacao,
    TipoChamada,
)
from concursos.selectors.painel import avisos_do_certame, lei_do_certame
from concursos.services.certame import certame_avancar
from concursos.services.chamadas import desistencia_registrar, vacancia_registrar
from concursos.services.nomeacao import (
    exercicio_registrar,
    nomeacao_registrar,
    nomeacao_tornar_sem_efeito,
    posse_registrar,
)
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import posicao


def empossar(convocacao: Convocacao, usuario, *, exercicio: bool = True) -> Convocacao:
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=usuario)
    posse_registrar(convocacao=convocacao, data=date(2024, 9, 30), usuario=usuario)
    if exercicio:
        exercicio_registrar(convocacao=convocacao, data=date(2024, 10, 7), usuario=usuario)
    convocacao.refresh_from_db()
    return convocacao


@pytest.mark.parametrize("causa", CAUSAS_DO_REGISTRO)
@pytest.mark.parametrize(("n", "lista", "proximo"), [(1, "AC", "B5"), (3, "NEG", "N2")])
def test_cada_causa_do_art_7_I_de_iuna_chama_o_proximo_da_mesma_lista_art_7_p1(iuna_convocado, admin_user, causa,
                                                                               n, lista, proximo):
    saindo = posicao(iuna_convocado, n)
    assert saindo.lista == lista
    if causa in CAUSAS_DEPOIS_DA_POSSE:
        saindo = empossar(saindo, admin_user)
    chamada = vacancia_registrar(convocacao=saindo, causa=causa, data=date(2025, 2, 3), ato="Portaria nº 9/2025",
                                 usuario=admin_user)
    saindo.refresh_from_db()
    rotulo = CausaVacancia(causa).label
    assert (saindo.causa_vacancia, saindo.desistiu_em, saindo.ato_desistencia) == (causa, date(2025, 2, 3),
                                                                                   "Portaria nº 9/2025")
    assert saindo.etapa == f"{rotulo} em 03/02/2025"
    entrou = chamada.convocacoes.select_related("inscricao").get()
    assert (entrou.posicao, entrou.lista, entrou.inscricao.numero, entrou.substitui) == (n, lista, proximo, saindo)
    assert entrou.etapa == "Aguarda nomeação"
    if causa == CausaVacancia.DESISTENCIA:
        assert chamada.tipo == TipoChamada.DESISTENCIA
        assert saindo.inscricao.situacao == Situacao.DESISTENTE
    else:
        # Quem saiu depois da posse (ou faleceu) foi aprovado e provido: não é «desistente» (decisão 0013).
        assert chamada.tipo == TipoChamada.VACANCIA
        assert f"{rotulo}: {saindo.inscricao.numero} na posição {n}." in chamada.observacao
        assert "A mesma lista (art. 7º, § 1º)." in chamada.observacao
        saindo.inscricao.refresh_from_db()
        assert saindo.inscricao.situacao == Situacao.HABILITADO
    assert saindo.history.first().history_change_reason.startswith(f"{rotulo} na posição {n}")


@pytest.mark.parametrize("causa", sorted(CAUSAS_DEPOIS_DA_POSSE))
def test_as_causas_apos_a_posse_do_art_7_I_sao_recusadas_antes_dela(iuna_convocado, admin_user, causa):
    convocacao = posicao(iuna_convocado, 2)
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao,
                       match=r"é de quem já tomou posse.*ainda não tomou posse \(«Nomeação em 10/09/2024»\)"):
        vacancia_registrar(convocacao=convocacao, causa=causa, data=date(2024, 9, 20), ato="Portaria",
                           usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.desistiu_em is None and iuna_convocado.chamadas.count() == 1


def test_depois_da_posse_a_saida_a_pedido_e_exoneracao_nao_desistencia(iuna_convocado, admin_user):
    convocacao = empossar(posicao(iuna_convocado, 2), admin_user, exercicio=False)
    with pytest.raises(ErroOperacao, match="tomou posse em 30/09/2024: depois da posse, a saída a pedido é a "
                                           "exoneração a pedido"):
        desistencia_registrar(convocacao=convocacao, data=date(2024, 10, 1), ato="Termo", usuario=admin_user)


def test_o_falecimento_antes_da_posse_deixa_a_posicao_sem_dizer_desistencia(iuna_convocado, admin_user):
    convocacao = posicao(iuna_convocado, 4)
    chamada = vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.FALECIMENTO, data=date(2024, 9, 5),
                                 ato="Certidão de óbito", usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.etapa == "Falecimento em 05/09/2024"
    assert chamada.convocacoes.get().inscricao.numero == "B5"


def test_a_nomeacao_sem_efeito_e_a_anulacao_tem_os_seus_proprios_atos(iuna_convocado, admin_user):
    for causa in (CausaVacancia.SEM_EFEITO, CausaVacancia.ANULACAO, CausaVacancia.ELIMINACAO):
        with pytest.raises(ErroOperacao, match="tem o seu próprio ato"):
            vacancia_registrar(convocacao=posicao(iuna_convocado, 1), causa=causa, data=date(2024, 9, 5), ato="X",
                               usuario=admin_user)


def test_a_vacancia_se_registra_uma_vez_e_nao_antes_do_ultimo_passo(iuna_convocado, admin_user):
    convocacao = empossar(posicao(iuna_convocado, 1), admin_user)
    with pytest.raises(ErroOperacao, match=r"anterior ao último passo registrado.*07/10/2024"):
        vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.APOSENTADORIA, data=date(2024, 10, 1),
                           ato="Portaria", usuario=admin_user)
    vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.APOSENTADORIA, data=date(2024, 11, 1),
                       ato="Portaria", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já deixou"):
        vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.APOSENTADORIA, data=date(2024, 11, 1),
                           ato="Portaria", usuario=admin_user)
    assert iuna_convocado.chamadas.count() == 2


# --- o caminho do provimento -------------------------------------------------------------------------------------

def test_o_passo_de_cada_titular_convocado_nomeado_empossado_em_exercicio(iuna_convocado, admin_user):
    convocacao = posicao(iuna_convocado, 1)
    assert convocacao.etapa == "Aguarda nomeação"
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    convocacao.refresh_from_db()
    assert (convocacao.etapa, convocacao.ato_nomeacao) == ("Nomeação em 10/09/2024", "Decreto nº 7/2024")
    posse_registrar(convocacao=convocacao, data=date(2024, 9, 30), usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.etapa == "Posse em 30/09/2024"
    exercicio_registrar(convocacao=convocacao, data=date(2024, 10, 7), usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.etapa == "Em exercício desde 07/10/2024"
    motivos = [h.history_change_reason for h in convocacao.history.order_by("history_id")]
    assert motivos == ["Nomeação na posição 1 (Decreto nº 7/2024).", "Posse na posição 1.",
                       "Entrada em exercício na posição 1."]
    assert {h.history_user for h in convocacao.history.all()} == {admin_user}


def test_os_passos_vem_na_ordem_e_nao_se_repetem(iuna_convocado, admin_user):
    convocacao = posicao(iuna_convocado, 1)
    with pytest.raises(ErroOperacao, match="Não há posse sem a nomeação"):
        posse_registrar(convocacao=convocacao, data=date(2024, 9, 10), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="Não há entrada em exercício sem a posse"):
        exercicio_registrar(convocacao=convocacao, data=date(2024, 9, 10), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="A nomeação \\(01/09/2024\\) não pode ser anterior à convocação"):
        nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 1), ato="Decreto", usuario=admin_user)
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já foi nomeado em 10/09/2024"):
        nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 11), ato="Decreto nº 8/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="A posse \\(09/09/2024\\) não pode ser anterior à nomeação"):
        posse_registrar(convocacao=convocacao, data=date(2024, 9, 9), usuario=admin_user)
    posse_registrar(convocacao=convocacao, data=date(2024, 9, 12), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="A posse do titular da posição 1 já foi registrada"):
        posse_registrar(convocacao=convocacao, data=date(2024, 9, 13), usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.empossado_em == date(2024, 9, 12)


def test_a_posse_depois_do_prazo_do_edital_e_recusada_e_pede_a_nomeacao_sem_efeito(iuna_convocado, admin_user):
    convocacao = posicao(iuna_convocado, 1)
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="O prazo da posse terminou em 10/10/2024 \\(30 dias da nomeação, pelo "
                                           "edital\\): a nomeação deve ser tornada sem efeito"):
        posse_registrar(convocacao=convocacao, data=date(2024, 10, 11), usuario=admin_user)
    posse_registrar(convocacao=convocacao, data=date(2024, 10, 10), usuario=admin_user)


def test_o_exercicio_depois_do_prazo_do_edital_e_recusado(iuna_convocado, admin_user):
    convocacao = empossar(posicao(iuna_convocado, 1), admin_user, exercicio=False)
    with pytest.raises(ErroOperacao, match=r"O prazo da entrada em exercício terminou em 15/10/2024 \(15 dias da "
                                           r"posse.*exoneração de ofício"):
        exercicio_registrar(convocacao=convocacao, data=date(2024, 10, 16), usuario=admin_user)


def test_sem_prazo_no_edital_a_posse_nao_vence(iuna_convocado, admin_user):
    Certame.objects.filter(pk=iuna_convocado.certame_id).update(prazo_posse_dias=None)
    convocacao = posicao(iuna_convocado, 1)
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="O edital não fixa o prazo da posse"):
        nomeacao_tornar_sem_efeito(convocacao=convocacao, data=date(2025, 9, 10), ato="Decreto", usuario=admin_user)
    posse_registrar(convocacao=convocacao, data=date(2025, 1, 10), usuario=admin_user)


def test_tornar_sem_efeito_so_depois_do_prazo_e_chama_o_proximo_da_mesma_lista(iuna_convocado, admin_user):
    convocacao = posicao(iuna_convocado, 3)
    with pytest.raises(ErroOperacao, match="Só a nomeação sem posse se torna sem efeito"):
        nomeacao_tornar_sem_efeito(convocacao=convocacao, data=date(2024, 12, 1), ato="Decreto", usuario=admin_user)
    nomeacao_registrar(convocacao=convocacao, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="O prazo da posse corre até 10/10/2024"):
        nomeacao_tornar_sem_efeito(convocacao=convocacao, data=date(2024, 10, 10), ato="Decreto nº 9/2024",
                                   usuario=admin_user)
    chamada = nomeacao_tornar_sem_efeito(convocacao=convocacao, data=date(2024, 10, 11), ato="Decreto nº 9/2024",
                                         usuario=admin_user)
    convocacao.refresh_from_db()
    assert convocacao.causa_vacancia == CausaVacancia.SEM_EFEITO
    assert convocacao.etapa == "Nomeação tornada sem efeito (sem posse no prazo) em 11/10/2024"
    assert convocacao.inscricao.situacao == Situacao.DESISTENTE
    entrou = chamada.convocacoes.get()
    assert (chamada.tipo, entrou.posicao, entrou.lista, entrou.inscricao.numero) == (TipoChamada.VACANCIA, 3, "NEG",
                                                                                      "N2")
    assert "A mesma lista (art. 7º, § 1º)." in chamada.observacao


def test_depois_da_validade_a_nomeacao_e_recusada_e_a_vacancia_nao_chama_ninguem_cf_art_37_III(
        iuna_convocado, admin_user):
    certame = certame_avancar(certame=iuna_convocado.certame, usuario=admin_user, data=date(2024, 9, 1))
    fim = certame.fim_da_validade
    with pytest.raises(ErroOperacao, match="O prazo de validade do certame terminou"):
        nomeacao_registrar(convocacao=posicao(iuna_convocado, 1), data=fim + timedelta(days=1),
                           ato="Decreto", usuario=admin_user)
    convocacao = empossar(posicao(iuna_convocado, 2), admin_user)
    depois = date(fim.year + 1, 1, 1)
    assert vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.EXONERACAO_A_PEDIDO, data=depois,
                              ato="Portaria nº 1/2027", usuario=admin_user) is None
    convocacao.refresh_from_db()
    assert convocacao.causa_vacancia == CausaVacancia.EXONERACAO_A_PEDIDO
    assert iuna_convocado.chamadas.count() == 1


def test_o_painel_avisa_as_nomeacoes_que_passaram_do_prazo_de_posse(iuna_convocado, admin_user):
    for n in (1, 2):
        nomeacao_registrar(convocacao=posicao(iuna_convocado, n), data=date(2024, 9, 10), ato="Decreto nº 7/2024",
                           usuario=admin_user)
    certame = Certame.objects.get(pk=iuna_convocado.certame_id)
    cargos = list(certame.cargos.all())
    with time_machine.travel("2024-10-10 12:00 -03:00", tick=False):
        assert not [a for a in avisos_do_certame(certame, lei_do_certame(certame), cargos) if "posse" in a.titulo]
    with time_machine.travel("2024-10-11 12:00 -03:00", tick=False):
        (aviso,) = [a for a in avisos_do_certame(certame, lei_do_certame(certame), cargos) if "posse" in a.titulo]
    assert aviso.titulo == "2 nomeações passaram do prazo de posse"
    assert "torne-as sem efeito" in aviso.texto and "30 dias para a posse" in aviso.texto

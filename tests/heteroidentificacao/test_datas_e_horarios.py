"""Datas e horários do procedimento: a sessão abre na data marcada (ou com o motivo na ata), e a ausência, que elimina
(Afonso Cláudio art. 9º, § 9º), só se registra depois do horário do candidato mais a tolerância do edital."""

from __future__ import annotations

import re
from datetime import date, time

import pytest

from heteroidentificacao import services
from heteroidentificacao.models import EstadoAvaliacao, Papel, TipoOcorrencia
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.heteroidentificacao.conftest import DIA_DA_SESSAO

pytestmark = pytest.mark.django_db


def _titulares(comissao):
    return list(comissao.membros.filter(papel=Papel.TITULAR))


def test_sessao_em_outra_data_so_abre_com_o_motivo_que_vai_a_ata(sessao, comissao, presidente, relogio):
    relogio.ir(date(2024, 4, 12))
    esperado = ("Registre o motivo da abertura em 12/04/2024, fora da data marcada (10/04/2024) (ao menos 10 "
                "caracteres): ele vai à ata.")
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario,
                          motivo_data="Falta de energia no auditório no dia marcado; candidatos avisados por edital.")
    ocorrencia = sessao.ocorrencias_registradas.get()
    assert ocorrencia.tipo == TipoOcorrencia.FORA_DA_DATA
    assert ocorrencia.descricao.startswith("A sessão, marcada para 10/04/2024, foi aberta em 12/04/2024. Motivo: "
                                           "Falta de energia")


def test_na_data_marcada_nao_se_pede_motivo(sessao, comissao, presidente):
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)
    assert not sessao.ocorrencias_registradas.exists()


@pytest.fixture
def aberta_de_manha(sessao, comissao, presidente, admin_user, relogio):
    """A sessão abre às 8h50 do dia marcado; o primeiro candidato foi convocado para as 9h00."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    relogio.ir(DIA_DA_SESSAO, time(8, 50))
    return services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)


def test_ausencia_antes_do_horario_mais_a_tolerancia_e_recusada(aberta_de_manha, presidente, relogio):
    """A tolerância é a do edital (15 minutos por padrão): às 9h10, o convocado das 9h00 ainda não faltou."""
    avaliacao = aberta_de_manha.avaliacoes.order_by("horario").first()
    relogio.ir(DIA_DA_SESSAO, time(9, 10))
    esperado = ("O candidato foi convocado para as 09:00: a ausência só pode ser registrada a partir das 09:15 de "
                "10/04/2024, passada a tolerância de 15 minutos do edital.")
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    relogio.ir(DIA_DA_SESSAO, time(9, 16))
    avaliacao = services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    assert avaliacao.estado == EstadoAvaliacao.AUSENTE


def test_presenca_se_registra_a_qualquer_hora(aberta_de_manha, presidente):
    avaliacao = aberta_de_manha.avaliacoes.order_by("horario").last()
    avaliacao = services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    assert avaliacao.estado == EstadoAvaliacao.ENTREVISTA


def test_tolerancia_e_a_do_edital(aberta_de_manha, comissao, presidente, relogio):
    type(comissao).objects.filter(pk=comissao.pk).update(tolerancia_ausencia_minutos=30)
    avaliacao = aberta_de_manha.avaliacoes.order_by("horario").first()
    relogio.ir(DIA_DA_SESSAO, time(9, 20))
    with pytest.raises(ErroOperacao, match="a partir das 09:30 de 10/04/2024, passada a tolerância de 30 minutos"):
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)


def test_sessao_aberta_antes_da_data_nao_registra_ausencia_antes_do_dia_marcado(sessao, comissao, presidente,
                                                                                 admin_user, relogio):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    relogio.ir(date(2024, 4, 9), time(10, 0))
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario,
                          motivo_data="Antecipada por decisão da comissão organizadora.")
    avaliacao = sessao.avaliacoes.order_by("horario").first()
    with pytest.raises(ErroOperacao, match="a partir das 09:15 de 10/04/2024"):
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)

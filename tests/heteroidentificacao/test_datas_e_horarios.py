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


def test_sessao_aberta_depois_do_dia_marcado_nao_da_ninguem_como_ausente_e_o_rh_transfere(
        sessao, comissao, presidente, admin_user, relogio):
    """Art. 9º, §§ 8º e 9º: a convocação é por edital, para um dia e uma hora, e a ausência elimina; quem não veio à
    sessão aberta noutro dia não faltou à convocação: o RH o transfere para outra sessão, com nova convocação."""
    from heteroidentificacao.models import Sessao

    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    relogio.ir(date(2024, 4, 11), time(10, 0))
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario,
                          motivo_data="Falta de energia no dia marcado; a sessão continuou no dia seguinte.")
    avaliacao = sessao.avaliacoes.order_by("horario").first()
    with pytest.raises(ErroOperacao, match=r"não pode ser dado como ausente \(art\. 9º, § 7º e § 8º\)"):
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    segunda = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 18), inicio=time(9, 0),
                                    local="Auditório")
    with pytest.raises(ErroOperacao, match="motivo da transferência"):
        services.avaliacao_transferir(avaliacao=avaliacao, sessao=segunda, horario=time(9, 0), motivo="",
                                      usuario=admin_user)
    avaliacao = services.avaliacao_transferir(avaliacao=avaliacao, sessao=segunda, horario=time(9, 0),
                                              motivo="Não compareceu à sessão aberta no dia seguinte.",
                                              usuario=admin_user)
    assert (avaliacao.sessao_id, avaliacao.estado) == (segunda.pk, EstadoAvaliacao.AGUARDANDO)
    assert "Transferida da 1ª sessão (10/04/2024) para a 2ª sessão (18/04/2024)" in (
        avaliacao.history.first().history_change_reason)
    with pytest.raises(ErroOperacao, match="precisa estar agendada"):
        services.avaliacao_transferir(avaliacao=avaliacao, sessao=sessao, horario=time(9, 0),
                                      motivo="Tentativa de voltar à sessão já aberta.", usuario=admin_user)


def test_horarios_nao_passam_da_meia_noite(comissao, admin_user):
    """A convocação é para um dia (art. 9º, § 8º): um horário depois da meia-noite seria outro dia, antes do início."""
    from heteroidentificacao.models import Sessao

    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=DIA_DA_SESSAO, inicio=time(23, 40),
                                   local="Auditório")
    with pytest.raises(ErroOperacao, match="passariam da meia-noite de 10/04/2024 a partir da inscrição"):
        services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    assert not sessao.avaliacoes.exists()

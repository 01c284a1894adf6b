"""O procedimento de uma sessão, do edital de convocação ao efeito na inscrição (Afonso Cláudio arts. 6º–11)."""

from __future__ import annotations

import re
from datetime import time

import pytest

from concursos.models import Heteroidentificacao, Inscricao
from heteroidentificacao import services
from heteroidentificacao.models import Avaliacao, Cedula, EstadoAvaliacao, FormaVotacao, Resultado
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.heteroidentificacao.procedimento import PARECER_NAO_CONFIRMA, gravar

pytestmark = pytest.mark.django_db


@pytest.fixture
def sessao_aberta(sessao, comissao, presidente, admin_user):
    cotistas = list(cotistas_a_convocar(comissao))
    services.sessao_convocar(sessao=sessao, inscricoes=cotistas, usuario=admin_user)
    titulares = list(comissao.membros.filter(papel="titular"))
    return services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)


def _votar_todos(avaliacao, comissao, votos):
    for membro, confirma in zip(comissao.membros.filter(papel="titular").order_by("nome"), votos, strict=True):
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)


def _ate_a_votacao(avaliacao, presidente):
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    gravar(avaliacao, presidente)
    return services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)


def test_convocacao_lista_so_os_cotistas_habilitados_com_horarios_sucessivos(sessao, comissao, admin_user):
    """Art. 9º, § 7º: convocam-se os cotistas aprovados até então."""
    avaliacoes = services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)),
                                          usuario=admin_user)
    assert [(a.inscricao.numero, a.horario) for a in avaliacoes] == [
        ("002", time(9, 0)), ("003", time(9, 15)), ("005", time(9, 30))]
    assert set(Inscricao.objects.filter(reserva=True).values_list("heteroidentificacao", flat=True)) == {
        Heteroidentificacao.PENDENTE}
    assert not cotistas_a_convocar(comissao).exists()


def test_votacao_so_abre_depois_que_o_candidato_deixa_a_sala(sessao_aberta, presidente):
    """Art. 9º, § 6º: é vedado deliberar na presença do candidato."""
    avaliacao = sessao_aberta.avaliacoes.first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match=r"deixou a sala.*art\. 9º, § 6º"):
        services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=False, usuario=presidente.usuario)


def test_tres_a_zero_fica_registrado_como_dois_votos(sessao_aberta, comissao, presidente):
    """Art. 11, § 2º: a ata registra só os votos abertos até a decisão, nunca a unanimidade."""
    avaliacao = _ate_a_votacao(sessao_aberta.avaliacoes.first(), presidente)
    _votar_todos(avaliacao, comissao, [True, True, True])
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    assert (avaliacao.cedulas_abertas, avaliacao.resultado, avaliacao.votos_abertos_texto) == (
        2, Resultado.CONFIRMADO, "2 votos")
    assert not Cedula.objects.exists()


def test_membro_nao_vota_duas_vezes(sessao_aberta, comissao, presidente):
    avaliacao = _ate_a_votacao(sessao_aberta.avaliacoes.first(), presidente)
    services.voto_registrar(avaliacao=avaliacao, usuario=presidente.usuario, confirma=True)
    with pytest.raises(ErroOperacao, match="já votou"):
        services.voto_registrar(avaliacao=avaliacao, usuario=presidente.usuario, confirma=False)
    assert Cedula.objects.count() == 1


def test_nao_confirmacao_exige_tracos_fenotipicos_em_afonso_claudio(sessao_aberta, comissao, presidente):
    """Art. 9º, § 3º (só o fenótipo): o parecer genérico é recusado. O que acontece ao não confirmado, o edital
    escolhe (art. 9º, § 10; tests/concursos/test_nao_confirmacao_do_edital.py)."""
    avaliacao = _ate_a_votacao(sessao_aberta.avaliacoes.first(), presidente)
    _votar_todos(avaliacao, comissao, [False, False, False])
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="traços fenotípicos"):
        services.parecer_registrar(avaliacao=avaliacao, parecer="Não confirmado.", caracteristicas=[],
                                   usuario=presidente.usuario)
    services.parecer_registrar(avaliacao=avaliacao, caracteristicas=["pele", "cabelo"], usuario=presidente.usuario,
                               parecer=PARECER_NAO_CONFIRMA)
    inscricao = Inscricao.objects.get(pk=avaliacao.inscricao_id)
    assert inscricao.heteroidentificacao == Heteroidentificacao.NAO_CONFIRMADO


def test_ausente_e_eliminado_sem_votacao(sessao_aberta, presidente):
    """Art. 9º, § 9º: quem não comparece é eliminado."""
    avaliacao = services.avaliacao_registrar_presenca(avaliacao=sessao_aberta.avaliacoes.first(), compareceu=False,
                                                      usuario=presidente.usuario)
    assert avaliacao.estado == EstadoAvaliacao.AUSENTE
    assert "art. 9º, § 9º" in avaliacao.parecer
    assert Inscricao.objects.get(pk=avaliacao.inscricao_id).heteroidentificacao == Heteroidentificacao.AUSENTE


def test_apuracao_em_papel_para_quando_a_maioria_se_forma(sessao_aberta, presidente):
    avaliacao = sessao_aberta.avaliacoes.first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.PAPEL, candidato_saiu=True,
                           usuario=presidente.usuario)
    services.cedula_papel_abrir(avaliacao=avaliacao, confirma=True, usuario=presidente.usuario)
    avaliacao = services.cedula_papel_abrir(avaliacao=avaliacao, confirma=True, usuario=presidente.usuario)
    assert (avaliacao.estado, avaliacao.votos_abertos_texto) == (EstadoAvaliacao.APURADA, "2 votos")
    with pytest.raises(ErroOperacao):
        services.cedula_papel_abrir(avaliacao=avaliacao, confirma=False, usuario=presidente.usuario)


def test_so_o_presidente_conduz(sessao_aberta, comissao):
    outro = comissao.membros.filter(presidente=False, papel="titular").first()
    with pytest.raises(ErroOperacao, match="presidente"):
        services.avaliacao_registrar_presenca(avaliacao=sessao_aberta.avaliacoes.first(), compareceu=True,
                                              usuario=outro.usuario)


def test_sessao_nao_abre_com_composicao_irregular(sessao, comissao, presidente):
    """Art. 8º, II: ao menos dois servidores efetivos estáveis."""
    comissao.membros.filter(nome="Bruno Segundo").update(estavel=False)
    esperado = "1 titular servidor efetivo estável; a lei exige ao menos 2 (art. 8º, II)"
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel="titular")),
                              usuario=presidente.usuario)
    assert Avaliacao.objects.count() == 0


def test_decisao_exige_a_gravacao_registrada_onde_a_lei_manda_filmar(sessao_aberta, comissao, presidente):
    """Art. 9º, § 2º: o procedimento é filmado; sem a referência e o SHA-256 da gravação, não há parecer."""
    avaliacao = sessao_aberta.avaliacoes.first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    _votar_todos(avaliacao, comissao, [True, True, True])
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match=r"gravação.*SHA-256.*art\. 9º, § 2º"):
        services.parecer_registrar(avaliacao=avaliacao, parecer="Traços pardos.", caracteristicas=[],
                                   usuario=presidente.usuario)
    services.gravacao_registrar_na_sessao(avaliacao=avaliacao, referencia="Cartão SD 2, arquivo 002.mp4",
                                          sha256="CD" * 32, usuario=presidente.usuario)
    avaliacao = services.parecer_registrar(avaliacao=avaliacao, parecer="Traços pardos.", caracteristicas=[],
                                           usuario=presidente.usuario)
    assert (avaliacao.gravacao_sha256, avaliacao.estado) == ("cd" * 32, EstadoAvaliacao.CONCLUIDA)


def test_entrevista_registra_a_hora_real_em_que_comecou(sessao_aberta, presidente):
    avaliacao = services.avaliacao_registrar_presenca(avaliacao=sessao_aberta.avaliacoes.first(), compareceu=True,
                                                      usuario=presidente.usuario)
    assert avaliacao.iniciada_em is not None

"""Depois do resultado publicado, o destino de um candidato muda só por ato (decisão 0012): a eliminação e a
retificação da classificação, cada uma com o ato, a data, o motivo e quem a registrou, e com os seus efeitos nas
chamadas — quem ocupa uma posição e é eliminado a deixa ao próximo da mesma lista (Vargem Alta art. 4º, § 2º; Iúna
art. 7º, § 1º; Afonso Cláudio art. 3º, § 2º), com a porta da heteroidentificação e a validade do certame (CF art. 37,
III)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.db import connection

from concursos.models import (
    AtoDoResultado,
    Chamada,
    Convocacao,
    Heteroidentificacao,
    Inscricao,
    Situacao,
    TipoAtoDoResultado,
    TipoChamada,
)
from concursos.services.resultado import classificacao_retificar, eliminacao_registrar
from nucleo.servicos import ErroOperacao
from tests.concursos.simultaneos import RECUSADO, ao_mesmo_tempo

ATO = "Portaria nº 5/2026"


@pytest.fixture
def homologado(vargem_alta_homologado):
    return vargem_alta_homologado


def _inscricao(certame, numero) -> Inscricao:
    return Inscricao.objects.get(certame=certame, numero=numero)


def _eliminar(certame, numero, usuario, *, data=date(2025, 6, 2), motivo="Não apresentou os documentos na posse."):
    return eliminacao_registrar(inscricao=_inscricao(certame, numero), data=data, ato=ATO, motivo=motivo,
                                usuario=usuario)


def test_eliminado_o_nomeado_da_reserva_a_posicao_vai_ao_proximo_da_mesma_lista_art_4_par_2(homologado, admin_user):
    """Vargem Alta art. 4º, § 2º: a vaga de N1 (negros) vai a N2, o próximo cotista — não a B3, o próximo da geral."""
    ato = _eliminar(homologado, "N1", admin_user)
    terceira = Convocacao.objects.get(cargo__certame=homologado, posicao=3, desistiu_em__isnull=True)
    assert (terceira.inscricao.numero, terceira.lista, terceira.substitui.inscricao.numero) == ("N2", "NEG", "N1")
    assert terceira.chamada.tipo == TipoChamada.ELIMINACAO
    assert (terceira.chamada.ato, terceira.chamada.data, terceira.chamada.criada_por) == (ATO, date(2025, 6, 2),
                                                                                          admin_user)
    assert "Motivo: Não apresentou os documentos na posse." in terceira.chamada.observacao
    saiu = terceira.substitui
    assert (saiu.desistiu_em, saiu.ato_desistencia) == (date(2025, 6, 2), ATO)
    n1 = _inscricao(homologado, "N1")
    assert n1.situacao == Situacao.ELIMINADO
    registro = n1.history.first()
    assert registro.history_user == admin_user
    assert registro.history_change_reason == (
        "Eliminação na posição 3 (Portaria nº 5/2026): Não apresentou os documentos na posse.")
    assert (ato.tipo, ato.ato, ato.data, ato.motivo, ato.criado_por, ato.chamada) == (
        TipoAtoDoResultado.ELIMINACAO, ATO, date(2025, 6, 2), "Não apresentou os documentos na posse.", admin_user,
        terceira.chamada)
    assert ato.efeito == ("Deixa a posição 3 do cargo ADM, que foi para a inscrição N2, a seguinte da mesma lista, "
                          "«Negros (pretos e pardos)» (art. 4º, § 2º), na 2ª chamada.")


def test_eliminado_o_nomeado_da_ampla_a_posicao_vai_ao_proximo_da_geral(homologado, admin_user):
    _eliminar(homologado, "B2", admin_user)
    segunda = Convocacao.objects.get(cargo__certame=homologado, posicao=2, desistiu_em__isnull=True)
    assert (segunda.inscricao.numero, segunda.lista) == ("B3", "AC")


def test_esgotada_a_lista_de_negros_a_vaga_reverte_a_ampla_art_4_par_3(homologado, admin_user):
    """Vargem Alta art. 4º, § 3º: sem outro cotista depois de N2, a 3ª posição vai a B3, da lista geral."""
    _eliminar(homologado, "N1", admin_user)
    ato = _eliminar(homologado, "N2", admin_user)
    terceira = Convocacao.objects.get(cargo__certame=homologado, posicao=3, desistiu_em__isnull=True)
    assert (terceira.inscricao.numero, terceira.vaga, terceira.lista) == ("B3", "NEG", "AC")
    assert ato.efeito == ("Deixa a posição 3 do cargo ADM, que foi para a inscrição B3, da lista «Ampla "
                          "concorrência»: a lista «Negros (pretos e pardos)» se esgotou e a vaga reverteu (art. 4º, "
                          "§ 3º), na 3ª chamada.")


@pytest.mark.parametrize(("ato", "motivo", "mensagem"), [
    (ATO, "   ", "Informe o motivo"),
    ("", "Decisão judicial.", "Informe o ato publicado"),
])
def test_eliminar_sem_motivo_ou_sem_ato_e_recusado_e_nada_muda(homologado, admin_user, ato, motivo, mensagem):
    with pytest.raises(ErroOperacao, match=mensagem):
        eliminacao_registrar(inscricao=_inscricao(homologado, "N1"), data=date(2025, 6, 2), ato=ato, motivo=motivo,
                             usuario=admin_user)
    assert _inscricao(homologado, "N1").situacao == Situacao.HABILITADO
    assert Chamada.objects.filter(cargo__certame=homologado).count() == 1
    assert not AtoDoResultado.objects.exists()


def test_depois_da_validade_a_eliminacao_fica_registrada_e_ninguem_e_chamado(homologado, admin_user):
    """Constituição Federal, art. 37, III: validade até 10/03/2026; ninguém é nomeado depois dela."""
    ato = _eliminar(homologado, "N1", admin_user, data=date(2026, 3, 11))
    terceira = Convocacao.objects.get(cargo__certame=homologado, posicao=3)
    assert terceira.desistiu_em == date(2026, 3, 11)
    assert not Convocacao.objects.filter(substitui=terceira).exists()
    assert Chamada.objects.filter(cargo__certame=homologado).count() == 1
    assert _inscricao(homologado, "N1").situacao == Situacao.ELIMINADO
    assert ato.chamada is None
    assert "terminou em 10/03/2026: ninguém é chamado para ela (Constituição Federal, art. 37, III)" in ato.efeito


def test_eliminar_quem_nao_foi_chamado_so_registra_a_eliminacao(homologado, admin_user):
    ato = _eliminar(homologado, "B3", admin_user)
    assert _inscricao(homologado, "B3").situacao == Situacao.ELIMINADO
    assert ato.efeito == "Eliminada; não ocupava posição nas chamadas."
    assert Chamada.objects.filter(cargo__certame=homologado).count() == 1


def test_a_segunda_eliminacao_da_mesma_inscricao_e_recusada(homologado, admin_user):
    _eliminar(homologado, "N1", admin_user)
    with pytest.raises(ErroOperacao, match="A inscrição N1 já está «eliminado»"):
        _eliminar(homologado, "N1", admin_user)
    assert Convocacao.objects.filter(cargo__certame=homologado, posicao=3).count() == 2


def test_a_eliminacao_recusa_se_outra_chamada_entrou_depois_da_previa(homologado, admin_user):
    _eliminar(homologado, "B2", admin_user)
    with pytest.raises(ErroOperacao, match=r"Outra chamada \(a 2ª\) foi registrada no cargo ADM"):
        eliminacao_registrar(inscricao=_inscricao(homologado, "N1"), data=date(2025, 6, 2), ato=ATO,
                             motivo="Decisão judicial.", usuario=admin_user, ultima_chamada=1)
    assert _inscricao(homologado, "N1").situacao == Situacao.HABILITADO


def test_antes_do_resultado_nao_ha_eliminacao_por_ato(fazer_certame, inscrever, admin_user):
    certame = fazer_certame()
    (inscricao,) = inscrever(certame.cargos.get(), [("B1", "branca")])
    with pytest.raises(ErroOperacao, match="ainda não foi publicado"):
        eliminacao_registrar(inscricao=inscricao, data=date(2025, 6, 2), ato=ATO, motivo="x", usuario=admin_user)


def test_a_eliminacao_passa_pela_porta_da_heteroidentificacao_afonso_claudio(afonso_claudio_nomeado, admin_user):
    """Afonso Cláudio art. 3º, § 2º, e art. 6º: a 5ª posição (reservada) de P1 iria a P2, que a comissão não
    confirmou — a eliminação inteira espera, e nada fica registrado (decisão 0009)."""
    certame = afonso_claudio_nomeado
    cargo = certame.cargos.get()
    with pytest.raises(ErroOperacao, match=r"exige a heteroidentificação para ocupar vaga reservada \(art. 6º e "
                                           r"art. 9º\).*P2 \(não se aplica\)"):
        _eliminar(certame, "P1", admin_user)
    assert _inscricao(certame, "P1").situacao == Situacao.HABILITADO
    assert Convocacao.objects.get(cargo=cargo, posicao=5).desistiu_em is None
    assert not AtoDoResultado.objects.exists()
    Inscricao.objects.filter(numero="P2").update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    ato = _eliminar(certame, "P1", admin_user)
    assert "a seguinte da mesma lista, «Pretos e pardos» (art. 3º, § 2º)" in ato.efeito


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="travas do PostgreSQL")
def test_duas_eliminacoes_simultaneas_do_mesmo_nomeado_chamam_um_substituto(homologado, admin_user):
    """Dois cliques (ou duas pessoas) eliminam N1 ao mesmo tempo: o cargo fica travado durante o ato, e o segundo
    encontra N1 já eliminado — uma substituição só (art. 4º, § 2º)."""
    resultados = ao_mesmo_tempo(2, lambda: _eliminar(homologado, "N1", admin_user))
    assert sorted("eliminou" if isinstance(r, AtoDoResultado) else r for r in resultados) == ["eliminou", RECUSADO]
    assert Chamada.objects.filter(cargo__certame=homologado, tipo=TipoChamada.ELIMINACAO).count() == 1
    assert Convocacao.objects.filter(cargo__certame=homologado, posicao=3).count() == 2
    assert AtoDoResultado.objects.count() == 1


# ---------------------------------------------------------------- retificação da classificação


def _retificar(certame, numero, usuario, classificacao, nota=None, motivo="Recurso acolhido: erro de soma."):
    return classificacao_retificar(inscricao=_inscricao(certame, numero), classificacao=classificacao,
                                   nota_final=nota, data=date(2025, 6, 2), ato=ATO, motivo=motivo, usuario=usuario)


def test_a_retificacao_da_classificacao_fica_registrada_com_o_ato_e_o_motivo(homologado, admin_user):
    ato = _retificar(homologado, "B5", admin_user, 8, Decimal("91.5"))
    b5 = _inscricao(homologado, "B5")
    assert (b5.classificacao, b5.nota_final) == (8, Decimal("91.5"))
    registro = b5.history.first()
    assert registro.history_user == admin_user
    assert registro.history_change_reason == "Retificação da classificação (Portaria nº 5/2026): Recurso acolhido: " \
                                             "erro de soma."
    assert (ato.tipo, ato.motivo) == (TipoAtoDoResultado.CLASSIFICACAO, "Recurso acolhido: erro de soma.")
    assert ato.efeito == "classificação 7, nota 93 → classificação 8, nota 91,5."


def test_quem_sobe_a_frente_de_chamados_nao_toma_posicao_e_entra_nas_chamadas_seguintes(homologado, admin_user):
    """A ordem de nomeação não se reescreve: B4, retificada para a 3ª classificação, fica à frente de N1 (4ª), já
    nomeada, sem tomar a posição dela; e é a próxima da ampla nas chamadas seguintes."""
    Inscricao.objects.filter(numero="B3").update(classificacao=30)
    ato = _retificar(homologado, "B4", admin_user, 3, Decimal("97.25"))
    assert ato.efeito == ("classificação 5, nota 95 → classificação 3, nota 97,25. Fica à frente de 1 inscrição já "
                          "chamada: as posições dadas não mudam, e esta inscrição entra nas chamadas seguintes pela "
                          "nova classificação.")
    assert Convocacao.objects.get(cargo__certame=homologado, posicao=3).inscricao.numero == "N1"
    _eliminar(homologado, "B2", admin_user)
    assert Convocacao.objects.get(cargo__certame=homologado, posicao=2, desistiu_em__isnull=True).inscricao.numero \
        == "B4"


def test_a_retificacao_recusa_a_classificacao_de_outra_inscricao(homologado, admin_user):
    with pytest.raises(ErroOperacao, match="A classificação 3 do cargo ADM já é da inscrição B3: para trocar "
                                           "posições, importe o arquivo de resultados retificado"):
        _retificar(homologado, "B5", admin_user, 3)
    assert _inscricao(homologado, "B5").classificacao == 7


def test_a_retificacao_recusa_quem_ocupa_uma_posicao_e_aponta_a_eliminacao(homologado, admin_user):
    with pytest.raises(ErroOperacao, match="A inscrição N1 ocupa a posição 3 do cargo ADM desde a 1ª chamada "
                                           r"\(Decreto nº 1/2025\).*registre a eliminação"):
        _retificar(homologado, "N1", admin_user, 9)


def test_quem_ja_deixou_a_posicao_pode_ser_retificado(homologado, admin_user):
    _eliminar(homologado, "N1", admin_user)
    _retificar(homologado, "N1", admin_user, 9, motivo="Retificação da banca.")
    assert _inscricao(homologado, "N1").classificacao == 9


def test_a_retificacao_sem_motivo_e_recusada(homologado, admin_user):
    with pytest.raises(ErroOperacao, match="Informe o motivo"):
        _retificar(homologado, "B5", admin_user, 8, motivo="")

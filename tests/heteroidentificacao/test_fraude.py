"""Declaração falsa: procedimento com contraditório e ampla defesa, eliminação, anulação da nomeação e
encaminhamento ao Ministério Público (Afonso Cláudio art. 7º; Iúna art. 2º, § 2º e § 3º)."""

from __future__ import annotations

from datetime import date

import pytest

from concursos.models import Convocacao, Heteroidentificacao, Inscricao, Situacao, TipoChamada
from concursos.services.chamadas import chamada_inicial
from heteroidentificacao import services
from heteroidentificacao.models import EstadoFraude
from heteroidentificacao.services import ErroOperacao

# A lei de Afonso Cláudio, com a data de publicação informada (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("afonso_claudio_publicada")]

DECISAO = ("Provado pelos documentos juntados que o candidato declarou cor diversa da sua em outros três "
           "concursos no mesmo ano, com intenção de obter vaga reservada.")


def _instaurar(inscricao, admin_user):
    return services.fraude_instaurar(inscricao=inscricao, data=date(2024, 6, 1), ato="Portaria nº 77/2024",
                                     fatos="Denúncia com documentos.", usuario=admin_user)


def test_decidir_sem_notificar_o_candidato_e_recusado(certame_afonso, admin_user):
    """Contraditório e ampla defesa antes de qualquer decisão (art. 7º, parágrafo único)."""
    procedimento = _instaurar(certame_afonso.inscricoes.get(numero="003"), admin_user)
    with pytest.raises(ErroOperacao, match="Notifique o candidato"):
        services.fraude_decidir(procedimento=procedimento, fraude=True, decisao=DECISAO, data=date(2024, 6, 20),
                                oficio_mp="Ofício nº 9/2024", usuario=admin_user)


def test_fraude_reconhecida_elimina_e_vai_ao_ministerio_publico(certame_afonso, admin_user):
    inscricao = certame_afonso.inscricoes.get(numero="003")
    procedimento = _instaurar(inscricao, admin_user)
    services.fraude_registrar_defesa(procedimento=procedimento, notificado_em=date(2024, 6, 3),
                                     defesa_em=date(2024, 6, 10), defesa="Nego.", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="Ministério Público"):
        services.fraude_decidir(procedimento=procedimento, fraude=True, decisao=DECISAO, data=date(2024, 6, 20),
                                usuario=admin_user)
    procedimento = services.fraude_decidir(procedimento=procedimento, fraude=True, decisao=DECISAO,
                                           data=date(2024, 6, 20), oficio_mp="Ofício nº 9/2024", usuario=admin_user)
    assert (procedimento.estado, procedimento.encaminhado_mp_em) == (EstadoFraude.FRAUDE, date(2024, 6, 20))
    assert Inscricao.objects.get(pk=inscricao.pk).situacao == Situacao.ELIMINADO


def test_fraude_de_quem_ja_foi_nomeado_anula_a_nomeacao_e_chama_o_proximo_da_lista(
        fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Art. 7º, parágrafo único: a nomeação é anulada e a posição vai ao próximo da mesma lista (art. 3º, § 2º)."""
    certame = fazer_certame(municipio="Afonso Cláudio", uf="ES", data_edital=date(2024, 3, 1),
                            cargos=(("ADM", 5, 0),), numero="009/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [("A1", "branca"), ("A2", "branca"), ("A3", "branca"), ("A4", "branca"), ("A5", "branca"),
                      ("P1", "parda", True), ("P2", "preta", True)])
    levar_ao_resultado(certame)
    # A comissão confirmou os dois cotistas antes da chamada (art. 6º: vaga reservada só com a heteroidentificação).
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    chamada_inicial(cargo=cargo, data=date(2024, 7, 1), ato="Decreto nº 1/2024", usuario=admin_user)
    nomeado = Convocacao.objects.get(cargo=cargo, inscricao__numero="P1")
    assert (nomeado.posicao, nomeado.vaga) == (5, "PP")
    procedimento = _instaurar(nomeado.inscricao, admin_user)
    services.fraude_registrar_defesa(procedimento=procedimento, notificado_em=date(2024, 8, 1), defesa_em=None,
                                     defesa="", usuario=admin_user)
    procedimento = services.fraude_decidir(procedimento=procedimento, fraude=True, decisao=DECISAO,
                                           data=date(2024, 8, 20), oficio_mp="Ofício nº 9/2024", usuario=admin_user)
    assert procedimento.nomeacao_anulada
    nomeado.refresh_from_db()
    assert nomeado.desistiu_em == date(2024, 8, 20)
    assert Inscricao.objects.get(pk=nomeado.inscricao_id).situacao == Situacao.ELIMINADO
    substituto = Convocacao.objects.get(substitui=nomeado)
    assert (substituto.inscricao.numero, substituto.posicao, substituto.chamada.tipo) == (
        "P2", 5, TipoChamada.ANULACAO)


def test_arquivado_nao_muda_a_inscricao(certame_afonso, admin_user):
    inscricao = certame_afonso.inscricoes.get(numero="003")
    procedimento = _instaurar(inscricao, admin_user)
    services.fraude_registrar_defesa(procedimento=procedimento, notificado_em=date(2024, 6, 3),
                                     defesa_em=date(2024, 6, 10), defesa="Juntei fotos e certidões.",
                                     usuario=admin_user)
    procedimento = services.fraude_decidir(
        procedimento=procedimento, fraude=False, data=date(2024, 6, 20), usuario=admin_user,
        decisao="A defesa comprovou a autodeclaração com documentos oficiais; não há indício de falsidade.")
    assert procedimento.estado == EstadoFraude.ARQUIVADO
    assert Inscricao.objects.get(pk=inscricao.pk).situacao == Situacao.HABILITADO

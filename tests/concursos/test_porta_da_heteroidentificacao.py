"""A porta da heteroidentificação e as chamadas que não se repetem.

Onde a lei do certame exige a heteroidentificação (Afonso Cláudio art. 6º e art. 9º; Iúna art. 2º, § 1º), nenhuma
chamada — a inicial, a substituição de quem desiste, as novas vagas — põe em vaga reservada um cotista sem a
autodeclaração confirmada pela comissão: a chamada é recusada inteira, dizendo quem falta (decisão 0009). Quem entra
pela ampla não passa pela porta. E um pedido de novas vagas repetido, em sequência ou ao mesmo tempo, chama uma vez só.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection

from concursos.models import Chamada, Convocacao, Heteroidentificacao, Inscricao
from concursos.services.chamadas import chamada_inicial, desistencia_registrar, novas_vagas_chamar
from nucleo.servicos import ErroOperacao
from tests.concursos.simultaneos import RECUSADO, ao_mesmo_tempo

HOJE = date(2024, 9, 2)
CONFIRMADO = Heteroidentificacao.CONFIRMADO


@pytest.fixture
def cargo_afonso(afonso_claudio_publicada, fazer_certame, inscrever, levar_ao_resultado):
    """Afonso Cláudio (20% pretos e pardos, a cada 5 nomeados a quinta vaga é do cotista, art. 3º, § 1º), 5 vagas:
    a 5ª posição é reservada. A1 é cotista e está entre os melhores: entra pela ampla."""
    certame = fazer_certame(municipio="Afonso Cláudio", uf="ES", data_edital=date(2024, 3, 1),
                            cargos=(("ADM", 5, 0),), numero="010/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [("A1", "preta", True), ("A2", "branca"), ("A3", "branca"), ("A4", "branca"), ("A5", "branca"),
                      ("A6", "branca"), ("A7", "branca"), ("A8", "branca"), ("P1", "parda", True),
                      ("P2", "preta", True), ("P3", "parda", True)])
    levar_ao_resultado(certame)
    return cargo


def _heteroidentificacao(cargo, **estados) -> None:
    for numero, estado in estados.items():
        Inscricao.objects.filter(cargo=cargo, numero=numero).update(heteroidentificacao=estado)


def test_a_convocacao_inicial_nao_poe_cotista_sem_heteroidentificacao_em_vaga_reservada(cargo_afonso, admin_user):
    with pytest.raises(ErroOperacao) as recusa:
        chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    mensagem = str(recusa.value)
    assert "exige a heteroidentificação para ocupar vaga reservada (art. 6º e art. 9º)" in mensagem
    assert "1 cotista seria chamado sem a autodeclaração confirmada pela comissão — P1 (não se aplica)" in mensagem
    # Nada foi gravado: nem a chamada, nem parte das posições.
    assert not Chamada.objects.filter(cargo=cargo_afonso).exists()
    assert not Convocacao.objects.filter(cargo=cargo_afonso).exists()


def test_pendente_tambem_nao_entra_e_confirmado_entra(cargo_afonso, admin_user):
    _heteroidentificacao(cargo_afonso, P1=Heteroidentificacao.PENDENTE)
    with pytest.raises(ErroOperacao, match=r"P1 \(pendente\)"):
        chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    ocupantes = dict(Convocacao.objects.filter(cargo=cargo_afonso).values_list("posicao", "inscricao__numero"))
    # A1, cotista entre os melhores, entrou pela ampla sem passar pela comissão; a 5ª (reservada) é de P1.
    assert ocupantes == {1: "A1", 2: "A2", 3: "A3", 4: "A4", 5: "P1"}


def test_nao_confirmado_sai_da_reserva_e_a_chamada_segue_com_o_proximo_confirmado(cargo_afonso, admin_user):
    _heteroidentificacao(cargo_afonso, P1=Heteroidentificacao.NAO_CONFIRMADO, P2=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    assert Convocacao.objects.get(cargo=cargo_afonso, posicao=5).inscricao.numero == "P2"


def test_no_modelo_federal_o_nao_confirmado_fica_na_lista_geral_e_pode_ser_chamado_pela_ampla(cargo_afonso,
                                                                                           admin_user):
    """Onde o não confirmado fica na ampla (a Lei federal 15.142/2025, art. 3º, § 2º, o manda; aqui, o edital o
    escolhe, como Afonso Cláudio art. 9º, § 10, deixa), ele sai da lista da reserva mas continua na geral: a porta não
    o barra numa vaga de ampla."""
    from concursos.models import Certame
    from concursos.selectors.listas import listas_do_cargo
    from legislacao.models import Consequencia

    assert Certame.objects.get(pk=cargo_afonso.certame_id).nao_confirmacao == Consequencia.AMPLA
    _heteroidentificacao(cargo_afonso, P1=Heteroidentificacao.NAO_CONFIRMADO, P2=CONFIRMADO, P3=CONFIRMADO)
    cargo_afonso.refresh_from_db()
    listas = {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo_afonso)}
    assert "P1" in listas["GERAL"] and "P1" not in listas["PP"]
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    # As vagas 6 a 9 são de ampla (A5 a A8), a 10ª é reservada (P3); na 11ª, de ampla, P1 entra pela lista geral.
    novas_vagas_chamar(cargo=cargo_afonso, quantidade=6, data=HOJE, ato="Portaria 2/2024", usuario=admin_user)
    ocupantes = dict(Convocacao.objects.filter(cargo=cargo_afonso).values_list("posicao", "inscricao__numero"))
    assert [ocupantes[p] for p in range(5, 12)] == ["P2", "A5", "A6", "A7", "A8", "P3", "P1"]


def test_a_substituicao_de_quem_desiste_tambem_passa_pela_porta(cargo_afonso, admin_user):
    """Art. 3º, § 2º: a vaga do cotista que desiste vai ao próximo cotista — se ele tiver a autodeclaração confirmada;
    senão, a desistência inteira espera (nem ela fica registrada), com a lista de quem falta."""
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    quinta = Convocacao.objects.get(cargo=cargo_afonso, posicao=5)
    with pytest.raises(ErroOperacao, match=r"P2 \(não se aplica\)"):
        desistencia_registrar(convocacao=quinta, data=HOJE, ato="Termo de desistência 1", usuario=admin_user)
    quinta.refresh_from_db()
    assert quinta.desistiu_em is None
    _heteroidentificacao(cargo_afonso, P2=CONFIRMADO)
    desistencia_registrar(convocacao=quinta, data=HOJE, ato="Termo de desistência 1", usuario=admin_user)
    assert Convocacao.objects.get(substitui=quinta).inscricao.numero == "P2"


def test_novas_vagas_passam_pela_porta(cargo_afonso, admin_user):
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    # Mais 5 vagas: da 6ª à 9ª, a ampla (A5 a A8); a 10ª é do cotista (art. 3º, § 1º), e P2 ainda não passou pela
    # comissão.
    with pytest.raises(ErroOperacao, match=r"P2 \(não se aplica\)"):
        novas_vagas_chamar(cargo=cargo_afonso, quantidade=5, data=HOJE, ato="Portaria 2/2024", usuario=admin_user)
    assert Chamada.objects.filter(cargo=cargo_afonso).count() == 1


def test_lei_que_nao_exige_heteroidentificacao_chama_sem_ela(fazer_certame, inscrever, levar_ao_resultado,
                                                              admin_user):
    """Vargem Alta (Lei de 2023) não prevê a comissão: a cotista entra na vaga reservada pela autodeclaração."""
    certame = fazer_certame(cargos=(("ADM", 3, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("B3", "branca"), ("N1", "parda", True)])
    levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    assert Convocacao.objects.get(cargo=cargo, posicao=3).inscricao.numero == "N1"


def test_pedido_repetido_de_novas_vagas_chama_uma_vez_so(cargo_afonso, admin_user):
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    novas_vagas_chamar(cargo=cargo_afonso, quantidade=1, data=HOJE, ato="Portaria 2/2024", usuario=admin_user,
                       ultima_chamada=1)
    with pytest.raises(ErroOperacao, match="Outra chamada \\(a 2ª\\) foi registrada no cargo ADM"):
        novas_vagas_chamar(cargo=cargo_afonso, quantidade=1, data=HOJE, ato="Portaria 2/2024", usuario=admin_user,
                           ultima_chamada=1)
    assert Convocacao.objects.filter(cargo=cargo_afonso).count() == 6


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="travas do PostgreSQL")
def test_dez_pedidos_simultaneos_de_uma_vaga_nova_chamam_uma_vez(cargo_afonso, admin_user):
    """Dez abas (ou um clique repetido) enviam ao mesmo tempo «chamar 1 vaga nova» com a página que viram: o cargo
    fica travado durante o ato e só o primeiro encontra a última chamada que viu; os outros nove são recusados."""
    _heteroidentificacao(cargo_afonso, P1=CONFIRMADO)
    chamada_inicial(cargo=cargo_afonso, data=HOJE, ato="Decreto nº 1/2024", usuario=admin_user)
    resultados = ao_mesmo_tempo(10, lambda: novas_vagas_chamar(
        cargo=cargo_afonso, quantidade=1, data=HOJE, ato="Portaria 2/2024", usuario=admin_user, ultima_chamada=1))
    assert resultados.count(RECUSADO) == 9 and len(resultados) == 10
    assert Chamada.objects.filter(cargo=cargo_afonso).count() == 2
    assert Convocacao.objects.filter(cargo=cargo_afonso).count() == 6


def test_a_previa_mostra_quem_seria_chamado_e_quem_falta_heteroidentificar(cargo_afonso):
    from concursos.models import Cargo
    from concursos.selectors.chamadas import previa_da_chamada

    previa = previa_da_chamada(Cargo.objects.select_related("certame__lei").get(pk=cargo_afonso.pk))
    assert [(x.posicao, x.numero) for x in previa.linhas] == [(1, "A1"), (2, "A2"), (3, "A3"), (4, "A4"), (5, "P1")]
    assert previa.linhas[4].motivo == "Vaga de Pretos e pardos: o próximo da lista dela."
    assert previa.sem_heteroidentificacao == [("P1", Heteroidentificacao.NAO_SE_APLICA)]
    assert not Chamada.objects.filter(cargo=cargo_afonso).exists()

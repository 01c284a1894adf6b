"""Chamadas como eventos: convocação inicial pelo motor, desistência pela mesma lista, novas vagas no mesmo padrão."""

from datetime import date

import pytest
from django.db.models import Q

from concursos.models import Chamada, Convocacao, EstadoCertame, Inscricao, Situacao
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import chamada_inicial, desistencia_registrar, novas_vagas_chamar
from nucleo.servicos import ErroOperacao

HOJE = date(2024, 9, 2)


def titulares(cargo):
    ativas = Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True).order_by("posicao")
    return [(c.posicao, c.inscricao.numero if c.inscricao else None, c.vaga, c.lista) for c in ativas]


@pytest.fixture
def cargo_vargem(fazer_certame, inscrever, levar_ao_resultado):
    """Vargem Alta (17% negros + 3% indígenas), 5 vagas: a 3ª posição é de negros (art. 5º)."""
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [("A", "parda", True), ("B", "branca", False), ("C", "branca", False), ("D", "branca", False),
                      ("E", "branca", False), ("F", "branca", False), ("G", "preta", True), ("H", "parda", True),
                      ("I", "branca", False)])
    levar_ao_resultado(certame)
    cargo.refresh_from_db()
    return cargo


def test_publicar_congela_a_lei_em_vigor_na_data_do_edital(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    assert certame.estado == EstadoCertame.PUBLICADO
    assert certame.lei.slug == "vargem-alta-es-2023" and certame.lei.congelada
    assert certame.regras["motor"]["grupos"][0]["codigo"] == "NEG"
    assert "art. 7º" in certame.motivo_lei
    assert certame.history.first().history_user == admin_user


def test_mudar_a_lei_depois_nao_muda_o_certame_publicado(fazer_certame, admin_user):
    from legislacao.services import lei_nova_versao

    certame = certame_publicar(certame=fazer_certame(cargos=(("ADM", 10, 0),)), usuario=admin_user)
    nova = lei_nova_versao(lei=certame.lei)
    nova.grupos.filter(codigo="NEG").update(percentual=50)
    cargo = certame.cargos.get()
    assert {r.codigo: r.vagas for r in cargo.quadro().reservas} == {"NEG": 2, "IND": 0}


def test_certame_sem_lei_aplicavel_publica_sem_reserva_e_diz_por_que(fazer_certame, admin_user):
    """Ubatuba art. 13: a lei vigorou dez anos; um edital de 2025 não tem reserva por ela."""
    certame = certame_publicar(certame=fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2025, 1, 6)),
                               usuario=admin_user, justificativa="A lei municipal expirou em 16/06/2024.")
    assert certame.lei is None
    assert "art. 13" in certame.motivo_lei
    assert certame.cargos.get().quadro().reservas == ()


def test_convocacao_inicial_segue_o_motor_e_o_cotista_da_ampla_nao_conta(cargo_vargem, admin_user):
    """Vargem Alta art. 4º, § 1º: A (parda, cotista) entra na ampla; a vaga de negros (3ª) vai a G."""
    chamada = chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    assert (chamada.numero, chamada.tipo, chamada.criada_por) == (1, "inicial", admin_user)
    assert titulares(cargo_vargem) == [(1, "A", "AC", "AC"), (2, "B", "AC", "AC"), (3, "G", "NEG", "NEG"),
                                       (4, "C", "AC", "AC"), (5, "D", "AC", "AC")]


def test_convocacao_inicial_so_uma_vez(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já tem convocação inicial"):
        chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 2/2024", usuario=admin_user)
    assert Chamada.objects.filter(cargo=cargo_vargem).count() == 1


def test_convocacao_exige_resultado(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="exige o resultado publicado"):
        chamada_inicial(cargo=certame.cargos.get(), data=HOJE, ato="x", usuario=admin_user)


def test_desistencia_de_cotista_chama_o_proximo_da_mesma_lista_vargem_alta_art_4_par_2(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    g = Convocacao.objects.get(cargo=cargo_vargem, posicao=3)
    chamada = desistencia_registrar(convocacao=g, data=HOJE, ato="Termo de desistência 1", usuario=admin_user)
    assert chamada.numero == 2 and chamada.tipo == "desistencia"
    assert titulares(cargo_vargem)[2] == (3, "H", "NEG", "NEG")
    assert Inscricao.objects.get(numero="G").situacao == Situacao.DESISTENTE
    # a história fica: a convocação de G continua registrada, com a desistência, e a de H a substitui
    g.refresh_from_db()
    assert g.desistiu_em == HOJE and g.substituida_por.inscricao.numero == "H"


def test_desistencia_na_ampla_chama_o_proximo_da_lista_geral(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    desistencia_registrar(convocacao=Convocacao.objects.get(cargo=cargo_vargem, posicao=1), data=HOJE,
                          ato="Termo 1", usuario=admin_user)
    # A desistiu; o próximo da lista geral ainda não chamado é E
    assert titulares(cargo_vargem)[0] == (1, "E", "AC", "AC")


def test_lista_esgotada_reverte_a_ampla_vargem_alta_art_4_par_3(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    for numero in ("G", "H"):
        desistencia_registrar(convocacao=Convocacao.objects.get(inscricao__numero=numero), data=HOJE,
                              ato=f"Termo {numero}", usuario=admin_user)
    assert titulares(cargo_vargem)[2] == (3, "E", "NEG", "AC")


def test_desistencia_registrada_duas_vezes_e_recusada(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    g = Convocacao.objects.get(cargo=cargo_vargem, posicao=3)
    desistencia_registrar(convocacao=g, data=HOJE, ato="Termo", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já foi registrada"):
        desistencia_registrar(convocacao=g, data=HOJE, ato="Termo", usuario=admin_user)


def test_novas_vagas_continuam_o_padrao_iuna_art_7_par_2(cargo_vargem, admin_user):
    """Com 5 vagas, as posições 6 a 9 seguem o padrão: a 9ª é a 2ª vaga de negros (R(9) = 2, art. 2º, § 1º).
    H (parda, cotista) alcança a 8ª pela lista geral e não conta na reserva (art. 4º, § 1º); sem cotista
    restante, a 9ª reverte à ampla (art. 4º, § 3º)."""
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    chamada = novas_vagas_chamar(cargo=cargo_vargem, quantidade=4, data=HOJE, ato="Portaria 9/2025",
                                 usuario=admin_user)
    assert chamada.tipo == "novas_vagas"
    assert titulares(cargo_vargem)[5:] == [(6, "E", "AC", "AC"), (7, "F", "AC", "AC"), (8, "H", "AC", "AC"),
                                           (9, "I", "NEG", "AC")]


def test_ninguem_e_chamado_duas_vezes_no_mesmo_cargo(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    novas_vagas_chamar(cargo=cargo_vargem, quantidade=4, data=HOJE, ato="Portaria 9/2025", usuario=admin_user)
    numeros = list(Convocacao.objects.filter(cargo=cargo_vargem).values_list("inscricao__numero", flat=True))
    assert len(numeros) == len(set(numeros)) == 9


def test_novas_vagas_alem_do_cadastro_sao_recusadas_sem_gravar_nada(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="Só há 4 candidato"):
        novas_vagas_chamar(cargo=cargo_vargem, quantidade=5, data=HOJE, ato="Portaria 9/2025", usuario=admin_user)
    assert Chamada.objects.filter(cargo=cargo_vargem).count() == 1


def test_desistencia_sem_ninguem_restante_deixa_a_posicao_vaga(cargo_vargem, admin_user):
    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    novas_vagas_chamar(cargo=cargo_vargem, quantidade=4, data=HOJE, ato="Portaria 9/2025", usuario=admin_user)
    resultado = desistencia_registrar(convocacao=Convocacao.objects.get(cargo=cargo_vargem, posicao=1), data=HOJE,
                                      ato="Termo", usuario=admin_user)
    assert resultado is None
    assert not Convocacao.objects.filter(Q(cargo=cargo_vargem, posicao=1, desistiu_em__isnull=True)).exists()


def test_listas_do_cargo_com_artigos_e_cpf_mascarado(cargo_vargem):
    """Vargem Alta: a lista de negros cita quem pode concorrer (art. 3º); a ampla traz os cotistas, que concorrem
    também a ela (art. 4º, caput)."""
    from concursos.selectors.listas import listas_do_cargo

    listas = {lista.codigo: lista for lista in listas_do_cargo(cargo_vargem)}
    assert list(listas) == ["GERAL", "AC", "PCD", "NEG", "IND"]
    assert [linha.numero for linha in listas["NEG"].linhas] == ["A", "G", "H"]
    assert listas["NEG"].artigo == "art. 3º"
    assert [linha.numero for linha in listas["AC"].linhas] == [linha.numero for linha in listas["GERAL"].linhas]
    assert listas["AC"].artigo == "art. 4º, caput"
    assert len(listas["GERAL"].linhas) == 9
    assert listas["GERAL"].linhas[0].cpf_mascarado.startswith("***.")


def test_resumo_conta_reservadas_preenchidas_e_revertidas(cargo_vargem, admin_user):
    from concursos.selectors.chamadas import resumo_do_cargo

    chamada_inicial(cargo=cargo_vargem, data=HOJE, ato="Portaria 1/2024", usuario=admin_user)
    for numero in ("G", "H"):
        desistencia_registrar(convocacao=Convocacao.objects.get(inscricao__numero=numero), data=HOJE,
                              ato=f"Termo {numero}", usuario=admin_user)
    resumo = {r.codigo: (r.reservadas, r.preenchidas, r.revertidas) for r in resumo_do_cargo(cargo_vargem)}
    assert resumo == {"AC": (4, 4, 0), "NEG": (1, 0, 1), "IND": (0, 0, 0)}


def test_convocacao_inicial_de_todos_os_cargos_num_ato(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    from concursos.services.chamadas import chamada_inicial_certame

    certame = fazer_certame(cargos=(("ADM", 3, 0), ("MED", 2, 0)))
    for cargo in certame.cargos.all():
        inscrever(cargo, [(f"{cargo.codigo}{i}", "branca", False) for i in range(4)])
    certame = levar_ao_resultado(certame)
    chamadas = chamada_inicial_certame(certame=certame, data=HOJE, ato="Edital de convocação 1", usuario=admin_user)
    assert [(c.cargo.codigo, c.convocacoes.count()) for c in chamadas] == [("ADM", 3), ("MED", 2)]
    with pytest.raises(ErroOperacao, match="já tiveram a convocação inicial"):
        chamada_inicial_certame(certame=certame, data=HOJE, ato="x", usuario=admin_user)

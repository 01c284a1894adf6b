"""O candidato que a comissão de heteroidentificação não confirma: a lei do certame diz o que admite, e o edital
escolhe, no seu item (decisão 0018).

Afonso Cláudio elimina quem mente (art. 7º: «Detectada a falsidade») e quem falta (art. 9º, § 9º); do não
confirmado não diz, e deixa ao edital os «demais procedimentos e critérios» (art. 9º, § 10): o edital o mantém na
ampla concorrência ou o elimina. Uma lei que dispõe (o modelo federal: fica na ampla, Lei 15.142/2025, art. 3º, § 2º)
manda no edital.
"""

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from concursos.documentos import contexto_quadro
from concursos.models import Certame, Heteroidentificacao, Inscricao
from concursos.selectors.listas import listas_do_cargo
from concursos.services.certame import certame_publicar
from concursos.services.retificacao_do_edital import certame_retificar
from heteroidentificacao.documentos import consequencia
from heteroidentificacao.models import Resultado
from legislacao.models import Consequencia, Lei
from legislacao.services import lei_nova_versao
from nucleo.servicos import ErroOperacao

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("afonso_claudio_publicada")]

AFONSO_CLAUDIO = "afonso-claudio-es-lei-2552-2023"
NAO_CONFIRMADO = Heteroidentificacao.NAO_CONFIRMADO
HOJE = date(2024, 9, 2)


@pytest.fixture
def cargo_afonso(fazer_certame, inscrever, levar_ao_resultado):
    """Afonso Cláudio, 5 vagas (a 5ª é dos pretos e pardos, art. 3º, § 1º): P1 não confirmada, P2 confirmada."""
    def fazer(**edital):
        certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 5, 0),), numero="050/2024", **edital)
        cargo = certame.cargos.get()
        inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("P1", "parda", True), ("B3", "branca"),
                          ("P2", "preta", True), ("B4", "branca")])
        levar_ao_resultado(certame)
        Inscricao.objects.filter(cargo=cargo, numero="P1").update(heteroidentificacao=NAO_CONFIRMADO)
        Inscricao.objects.filter(cargo=cargo, numero="P2").update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
        cargo.refresh_from_db()
        return cargo
    return fazer


def _listas(cargo) -> dict[str, list[str]]:
    cargo.certame.refresh_from_db()
    return {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo)}


def _retificar(certame, usuario, **dados):
    return certame_retificar(certame=certame, dados_certame=dados, dados_cargos={}, data=HOJE,
                             publicacao="Edital de retificação nº 1/2024", motivo="Heteroidentificação.",
                             usuario=usuario)


# ---- a escolha do edital e as listas ----


def test_o_edital_que_elimina_o_nao_confirmado_o_tira_de_todas_as_listas_art_9_par_10(cargo_afonso):
    cargo = cargo_afonso(nao_confirmacao=Consequencia.ELIMINACAO, item_nao_confirmacao="item 7.12")
    assert "P1" not in _listas(cargo)["GERAL"]
    assert cargo.certame.nao_confirmacao == Consequencia.ELIMINACAO


def test_o_edital_que_o_mantem_na_ampla_o_deixa_na_geral_fora_da_reserva(cargo_afonso):
    listas = _listas(cargo_afonso(nao_confirmacao=Consequencia.AMPLA, item_nao_confirmacao="item 7.12"))
    assert "P1" in listas["GERAL"] and listas["PP"] == ["P2"]


def test_o_edital_que_nada_diz_nao_elimina_e_a_publicacao_grava_a_ampla(cargo_afonso):
    """Sem o item que a preveja, não há eliminação: a lei deixou a escolha ao edital (art. 9º, § 10)."""
    cargo = cargo_afonso()
    assert cargo.certame.nao_confirmacao == Consequencia.AMPLA and cargo.certame.item_nao_confirmacao == ""
    assert "P1" in _listas(cargo)["GERAL"]


def test_a_eliminacao_sem_o_item_do_edital_e_recusada(fazer_certame, admin_user):
    certame = fazer_certame(municipio="Afonso Cláudio", nao_confirmacao=Consequencia.ELIMINACAO)
    with pytest.raises(ErroOperacao, match="só vale com o item do edital que a prevê"):
        certame_publicar(certame=certame, usuario=admin_user)
    with pytest.raises(ValidationError, match="só vale com o item do edital"):
        certame.full_clean()


def test_o_que_a_lei_nao_admite_e_recusado_com_o_artigo(fazer_certame, admin_user):
    """Uma lei que manda o não confirmado à ampla (como a Lei 15.142/2025, art. 3º, § 2º): o edital não o elimina."""
    Lei.objects.filter(slug=AFONSO_CLAUDIO).update(nao_confirmacao=Consequencia.AMPLA,
                                                   artigo_nao_confirmacao="art. 3º, § 2º")
    certame = fazer_certame(municipio="Afonso Cláudio", nao_confirmacao=Consequencia.ELIMINACAO,
                            item_nao_confirmacao="item 7.12")
    mensagem = ("admite, para o candidato não confirmado na heteroidentificação: permanece só na ampla concorrência "
                "(art. 3º, § 2º)")
    with pytest.raises(ErroOperacao, match=mensagem.replace("(", r"\(").replace(")", r"\)")):
        certame_publicar(certame=certame, usuario=admin_user)
    with pytest.raises(ValidationError, match="O edital não pode dispor «eliminação do certame»"):
        certame.full_clean()
    Certame.objects.filter(pk=certame.pk).update(nao_confirmacao="")
    assert certame_publicar(certame=certame, usuario=admin_user).nao_confirmacao == Consequencia.AMPLA


def test_o_painel_de_um_rascunho_diz_que_o_edital_nao_escolheu(admin_client, fazer_certame):
    from tests.concursos.test_admin_certame import avisos

    certame = fazer_certame(municipio="Afonso Cláudio")
    texto = avisos(admin_client, certame)["O edital não diz o que acontece ao não confirmado"]
    assert "A lei deixa ao edital (art. 9º, § 10)" in texto and "fica na ampla concorrência" in texto
    Certame.objects.filter(pk=certame.pk).update(nao_confirmacao=Consequencia.AMPLA, item_nao_confirmacao="item 7.12")
    assert "O edital não diz o que acontece ao não confirmado" not in avisos(admin_client, certame)


# ---- a retificação ----


def test_a_retificacao_muda_a_escolha_antes_da_primeira_decisao_da_comissao(fazer_certame, inscrever, admin_user):
    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio"), usuario=admin_user)
    ato = _retificar(certame, admin_user, nao_confirmacao=Consequencia.ELIMINACAO, item_nao_confirmacao="item 7.12")
    assert {(a["campo"], a["antes"], a["depois"]) for a in ato.alteracoes} == {
        ("o candidato não confirmado", "Permanece só na ampla concorrência", "Eliminação do certame"),
        ("item do edital da não confirmação", "—", "item 7.12")}
    certame.refresh_from_db()
    assert certame.nao_confirmacao == Consequencia.ELIMINACAO


def test_depois_da_primeira_decisao_a_escolha_nao_muda_mas_o_item_se_corrige(cargo_afonso, admin_user):
    cargo = cargo_afonso(nao_confirmacao=Consequencia.AMPLA, item_nao_confirmacao="item 7.12")
    with pytest.raises(ErroOperacao, match="já abriu a deliberação de candidatos deste certame"):
        _retificar(cargo.certame, admin_user, nao_confirmacao=Consequencia.ELIMINACAO)
    _retificar(cargo.certame, admin_user, item_nao_confirmacao="item 7.13")
    cargo.certame.refresh_from_db()
    assert (cargo.certame.nao_confirmacao, cargo.certame.item_nao_confirmacao) == (Consequencia.AMPLA, "item 7.13")


def test_a_retificacao_nao_elimina_sem_item_nem_deixa_a_escolha_em_branco(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio"), usuario=admin_user)
    with pytest.raises(ErroOperacao, match="só vale com o item do edital"):
        _retificar(certame, admin_user, nao_confirmacao=Consequencia.ELIMINACAO)
    with pytest.raises(ErroOperacao, match="Diga o que o edital dispõe"):
        _retificar(certame, admin_user, nao_confirmacao="")


def test_o_edital_congelado_com_a_eliminacao_da_lei_antiga_se_retifica_pela_leitura_corrigida(
        admin_client, fazer_certame, admin_user):
    """Antes da issue 12, Afonso Cláudio dava «eliminação» pelo art. 7º, e editais a congelaram sem item. Se a lei
    congelada é a única leitura, a retificação não pode fugir dela; a versão posterior da mesma lei (o mesmo texto,
    lido de novo: art. 9º, § 10) admite as duas."""
    from tests.concursos.test_admin_certame import avisos

    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio"), usuario=admin_user)
    certame.regras["lei"] |= {"nao_confirmacao": Consequencia.ELIMINACAO, "artigo_nao_confirmacao": "art. 7º"}
    Certame.objects.filter(pk=certame.pk).update(regras=certame.regras, nao_confirmacao=Consequencia.ELIMINACAO)
    certame.refresh_from_db()
    assert "(art. 7º)" in avisos(admin_client, certame)["Eliminação do não confirmado sem o item do edital"]
    with pytest.raises(ErroOperacao, match="admite, para o candidato não confirmado na heteroidentificação: "
                                           "eliminação do certame"):
        _retificar(certame, admin_user, nao_confirmacao=Consequencia.AMPLA)
    lei_nova_versao(lei=certame.lei)
    _retificar(certame, admin_user, nao_confirmacao=Consequencia.AMPLA)
    certame.refresh_from_db()
    assert certame.nao_confirmacao == Consequencia.AMPLA
    assert "Eliminação do não confirmado sem o item do edital" not in avisos(admin_client, certame)


# ---- onde a escolha aparece, com o artigo da lei do certame e o item do edital ----


def test_o_quadro_de_vagas_e_o_resultado_da_comissao_citam_o_artigo_e_o_item(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 5, 0),),
                                                     nao_confirmacao=Consequencia.ELIMINACAO,
                                                     item_nao_confirmacao="item 7.12"), usuario=admin_user)
    normas = {n.tema: (n.texto, n.artigo) for n in contexto_quadro(certame)["base_legal"]}
    assert normas["Heteroidentificação: não confirmação"] == ("eliminação do certame",
                                                              "art. 9º, § 10; edital, item 7.12")
    assert normas["Heteroidentificação: ausência"] == ("eliminação do certame", "art. 9º, § 9º")
    assert consequencia(certame.lei, Resultado.NAO_CONFIRMADO, certame) == (
        "Autodeclaração não confirmada: eliminação do certame, conforme o art. 9º, § 10; edital, item 7.12")

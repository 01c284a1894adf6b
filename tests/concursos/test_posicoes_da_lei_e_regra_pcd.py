"""Nos certames: a posição que a lei fixa é do grupo da lei e a vaga PcD segue a regra do edital (decisão 0014); o
cotista aprovado na ampla é nomeado pela lista mais favorável (Iúna art. 5º, § 2º; decisão 0015)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from concursos.documentos import contexto_convocacoes, contexto_quadro
from concursos.models import Cargo, Certame, Heteroidentificacao, Inscricao
from concursos.selectors.chamadas import previa_da_chamada
from concursos.selectors.painel import avisos_do_certame, lei_do_certame
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import chamada_inicial
from concursos.services.inscricao import documento_conferir, documento_registrar
from concursos.services.retificacao_do_edital import certame_retificar
from legislacao.models import Lei
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import posicao

# A lei de Afonso Cláudio, com a data de publicação informada (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("afonso_claudio_publicada")]
DIA = date(2024, 9, 2)


@pytest.fixture(autouse=True)
def iuna_com_data():
    # A lei de Iúna não traz a data de publicação (art. 10); aqui, informada, para que ela se aplique.
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))


def _cotistas_de_iuna(inscrever, cargo: Cargo, heteroidentificacao=Heteroidentificacao.CONFIRMADO):
    """10 vagas: negros na 3ª e na 8ª, indígena na 10ª (Iúna art. 3º, § 1º). X é o 7º da geral e o 1º dos negros."""
    inscrever(cargo, [("A1", "branca"), ("A2", "branca"), ("A3", "branca"), ("A4", "branca"), ("A5", "branca"),
                      ("A6", "branca"), ("X", "parda", True), ("A7", "branca"), ("A8", "branca"), ("A9", "branca"),
                      ("Y", "preta", True), ("Z", "parda", True), ("W", "indigena", True)])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=heteroidentificacao)


def test_chamada_inicial_nomeia_o_cotista_da_ampla_pela_lista_mais_favoravel_iuna_art_5_par_2(
        fazer_certame, inscrever, levar_ao_resultado, admin_user):
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="030/2024")
    cargo = certame.cargos.get()
    _cotistas_de_iuna(inscrever, cargo)
    levar_ao_resultado(certame)
    # Iúna art. 2º, II: o indígena concorre à reserva com a declaração de pertencimento étnico, conferida.
    documento = documento_registrar(inscricao=Inscricao.objects.get(cargo=cargo, numero="W"), grupo="IND",
                                    tipo="DECL", usuario=admin_user)
    documento_conferir(documento=documento, aceito=True, usuario=admin_user)
    previa = previa_da_chamada(cargo)
    assert "mais favorável" in previa.linhas[2].motivo and "art. 5º, §§ 1º e 2º" in previa.linhas[2].motivo
    chamada_inicial(cargo=cargo, data=DIA, ato="Edital de convocação nº 1/2024", usuario=admin_user)
    terceira, quarta = posicao(cargo, 3), posicao(cargo, 4)
    # X na 3ª, pela ampla e sem contar na reserva (art. 5º, § 1º); Y, o 1º cotista restante, na vaga dos negros.
    assert (terceira.inscricao.numero, terceira.vaga, terceira.lista, terceira.pela_lista) == ("X", "AC", "AC", "NEG")
    assert (quarta.inscricao.numero, quarta.vaga, quarta.lista, quarta.pela_lista) == ("Y", "NEG", "NEG", "")
    assert [posicao(cargo, p).inscricao.numero for p in range(1, 11)] == [
        "A1", "A2", "X", "Y", "A3", "A4", "A5", "A6", "Z", "W"]
    linhas = contexto_convocacoes(cargo)["tabela"]
    assert "na posição da lista NEG, mais favorável" in str(linhas)


def test_a_porta_da_heteroidentificacao_vale_para_quem_a_lista_do_grupo_adianta(
        fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Iúna art. 2º, § 1º: o autodeclarado é avaliado pela comissão para figurar na lista de reserva. A posição mais
    favorável vem dessa lista: sem a confirmação, a chamada é recusada, como para a vaga reservada (decisão 0009)."""
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="031/2024")
    cargo = certame.cargos.get()
    _cotistas_de_iuna(inscrever, cargo)
    Inscricao.objects.filter(cargo=cargo, numero="X").update(heteroidentificacao=Heteroidentificacao.PENDENTE)
    levar_ao_resultado(certame)
    cargo = Cargo.objects.select_related("certame__lei").get(pk=cargo.pk)
    assert ("X", Heteroidentificacao.PENDENTE) in previa_da_chamada(cargo).sem_heteroidentificacao
    with pytest.raises(ErroOperacao, match="X"):
        chamada_inicial(cargo=cargo, data=DIA, ato="Edital nº 1/2024", usuario=admin_user)
    assert not cargo.chamadas.exists()


def test_afonso_claudio_com_uma_vaga_pcd_a_quinta_e_dos_pretos_e_pardos_no_quadro_art_3_par_1(
        fazer_certame, admin_user):
    """Afonso Cláudio art. 3º, § 1º: «a quinta vaga ficará destinada a candidato preto ou pardo». O anexo põe a PcD
    na 6ª e cita, como base de cada posição, a lei e o item do edital — nunca um registro de decisão do sistema."""
    certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 10, 1),), numero="040/2024")
    Certame.objects.filter(pk=certame.pk).update(pcd_base="item 4.1 do edital; Decreto 9.508/2018",
                                                 item_criterio="item 5.3 do edital")
    certame = certame_publicar(certame=Certame.objects.get(pk=certame.pk), usuario=admin_user)
    (linha,) = contexto_quadro(certame)["linhas"]
    assert linha.ordem.replace("\u00a0", " ").replace("\u2060", "") == "1–4 AC, 5 PP, 6 PCD, 7–9 AC, 10 PP"
    assert "PP 5ª, 10ª (art. 3º, § 1º; fixadas na lei)" in linha.bases
    assert "PCD 6ª (art. 3º, § 1º)" in linha.bases
    contexto = contexto_quadro(certame)
    normas = {n.tema: n for n in contexto["base_legal"]}
    assert normas["Vagas PcD"].artigo == "item 4.1 do edital; Decreto 9.508/2018"
    assert "sempre do grupo da lei" in normas["Vaga PcD e vaga reservada na mesma posição"].texto


def test_o_percentual_pcd_do_edital_da_as_vagas_pcd_de_cada_cargo(fazer_certame, admin_user):
    """Com 5% e a fração para cima no edital (p. ex. Decreto 9.508/2018, art. 1º, § 1º e § 3º), um cargo de 21 vagas
    tem 2 PcD; o cadastro e a publicação recusam outro número, com a conta."""
    certame = fazer_certame(cargos=(("ADM", 21, 1),), numero="050/2024")
    Certame.objects.filter(pk=certame.pk).update(pcd_percentual=Decimal("5"), pcd_arredondamento="teto")
    certame = Certame.objects.get(pk=certame.pk)
    cargo = certame.cargos.get()
    with pytest.raises(ValidationError, match="um cargo com 21 vagas tem 2 vagas PcD, e não 1"):
        cargo.full_clean()
    with pytest.raises(ErroOperacao, match="Cargo ADM: Pelo percentual PcD do edital"):
        certame_publicar(certame=certame, usuario=admin_user)
    Cargo.objects.filter(pk=cargo.pk).update(vagas_pcd=2)
    certame_publicar(certame=certame, usuario=admin_user)


def _congelado_antes_da_correcao(certame: Certame) -> Certame:
    """Como a migração concursos/0020 deixa as regras dos editais publicados antes da correção."""
    certame.regras["motor"]["posicoes_da_lei_protegidas"] = False
    Certame.objects.filter(pk=certame.pk).update(regras=certame.regras)
    return Certame.objects.get(pk=certame.pk)


def test_edital_congelado_antes_da_correcao_mantem_o_quadro_e_o_painel_avisa(
        fazer_certame, admin_user, inscrever, levar_ao_resultado):
    certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 10, 1),), numero="041/2024")
    certame = _congelado_antes_da_correcao(certame_publicar(certame=certame, usuario=admin_user))
    cargo = certame.cargos.get()
    assert cargo.quadro().ordem[4] == "PCD"
    (aviso,) = [a for a in avisos_do_certame(certame, lei_do_certame(certame), [cargo])
                if a.titulo == "Vaga PcD numa posição que a lei fixa"]
    assert aviso.nivel == "erro" and "Aplicar as posições que a lei fixa" in aviso.texto
    ato = certame_retificar(certame=certame, dados_certame={}, dados_cargos={}, data=date(2024, 4, 1),
                            publicacao="Edital de retificação nº 1/2024", motivo="Decisão 0014.",
                            usuario=admin_user, aplicar_posicoes_da_lei=True)
    assert ato.alteracoes[0]["campo"] == "posições que a lei fixa"
    certame = Certame.objects.get(pk=certame.pk)
    assert certame.regras_motor().posicoes_da_lei_protegidas
    assert Cargo.objects.get(pk=cargo.pk).quadro().ordem[4:6] == ("PP", "PCD")


def test_depois_da_primeira_chamada_as_posicoes_nao_mudam_por_retificacao(
        fazer_certame, admin_user, inscrever, levar_ao_resultado):
    certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 5, 1),), numero="042/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [(f"A{i}", "branca", False, i == 3) for i in range(1, 8)])
    certame = _congelado_antes_da_correcao(levar_ao_resultado(certame))
    chamada_inicial(cargo=cargo, data=DIA, ato="Edital nº 1/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="a ordem de nomeação é permanente"):
        certame_retificar(certame=certame, dados_certame={}, dados_cargos={}, data=DIA, publicacao="Edital 2",
                          motivo="Correção.", usuario=admin_user, aplicar_posicoes_da_lei=True)
    with pytest.raises(ErroOperacao, match="a regra das vagas PcD não muda mais"):
        certame_retificar(certame=certame, dados_certame={"pcd_posicoes": "5"}, dados_cargos={}, data=DIA,
                          publicacao="Edital 2", motivo="Correção.", usuario=admin_user)


def test_painel_pede_o_item_do_edital_das_posicoes_em_aberto(fazer_certame, admin_user):
    """Afonso Cláudio com 8 vagas reserva 2 (art. 1º, § 2º), mas só a 5ª é múltipla de 5 (art. 3º, § 1º): a 2ª vaga
    vai à 8ª pelo critério do edital, que precisa do seu item para o quadro citar."""
    certame = fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 8, 0),), numero="043/2024")
    cargo = certame.cargos.get()
    avisos = avisos_do_certame(certame, lei_do_certame(certame), [cargo])
    assert any(a.titulo == "Posições que a lei deixa em aberto sem o item do edital" for a in avisos)
    Certame.objects.filter(pk=certame.pk).update(item_criterio="item 5.3 do edital")
    certame = Certame.objects.get(pk=certame.pk)
    avisos = avisos_do_certame(certame, lei_do_certame(certame), [cargo])
    assert not any(a.titulo == "Posições que a lei deixa em aberto sem o item do edital" for a in avisos)
    assert certame.cargos.get().quadro().ajustes[0].base == "art. 1º, caput; item 5.3 do edital"


def test_retificacao_pela_tela_oferece_aplicar_as_posicoes_so_no_edital_antigo(admin_client, fazer_certame,
                                                                                 admin_user):
    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio", cargos=(("ADM", 10, 1),),
                                                     numero="044/2024"), usuario=admin_user)
    url = reverse("admin:concursos_certame_retificar", args=[certame.pk])
    assert "Aplicar as posições que a lei fixa" not in admin_client.get(url).content.decode()
    _congelado_antes_da_correcao(certame)
    assert "Aplicar as posições que a lei fixa" in admin_client.get(url).content.decode()

"""Quem se senta para votar: a composição da lei conferida sobre os presentes, suplentes incluídos (Afonso Cláudio
art. 8º, I e II, § 3º), e o quórum do voto secreto, que nunca deixa a unanimidade se revelar (art. 11, § 2º)."""

from __future__ import annotations

import re

import pytest

from heteroidentificacao import services
from heteroidentificacao.models import Cedula, EstadoAvaliacao, Papel, Participacao, TipoOcorrencia
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.heteroidentificacao.procedimento import ate_a_votacao, votar

pytestmark = pytest.mark.django_db

CINCO_TITULARES = [
    ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
    ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
    ("Dora Quarta", "parda", "feminino", True, False, False, Papel.TITULAR),
    ("Enzo Quinto", "branca", "masculino", False, False, False, Papel.TITULAR),
    ("Fausto Suplente", "preta", "masculino", True, False, False, Papel.SUPLENTE),
]
SUPLENTES_SEM_REQUISITOS = [
    ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
    ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Carla Terceira", "parda", "feminino", True, False, False, Papel.TITULAR),
    ("Hugo Suplente", "branca", "masculino", False, False, False, Papel.SUPLENTE),
    ("Iara Suplente", "branca", "feminino", False, False, False, Papel.SUPLENTE),
]


def _membros(comissao, *nomes):
    return [comissao.membros.get(nome__startswith=nome) for nome in nomes]


@pytest.fixture
def cinco(certame_afonso, fazer_comissao, sessao_de, admin_user):
    comissao = fazer_comissao(certame_afonso, membros=CINCO_TITULARES)
    return comissao, sessao_de(comissao)



def test_com_tres_de_cinco_presentes_qualquer_decisao_seria_unanime_e_a_sessao_nao_abre(cinco):
    """Art. 9º, § 4º e art. 11, § 2º: a maioria de 5 é 3; com 3 presentes, «3 votos» só pode ser 3 a 0."""
    comissao, sessao = cinco
    presidente = comissao.membros.get(presidente=True)
    tres = _membros(comissao, "Ana", "Bruno", "Dora")
    esperado = ("Com 3 membros presentes e uma maioria de 3 votos, qualquer decisão seria unânime e revelaria o voto "
                "de cada membro: para votar em segredo, são precisos ao menos 4 presentes (convoque um suplente) "
                "(art. 11, § 2º).")
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.sessao_abrir(sessao=sessao, presentes=tres, usuario=presidente.usuario)
    sessao = services.sessao_abrir(sessao=sessao, presentes=tres + _membros(comissao, "Carla"),
                                   usuario=presidente.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.first(), presidente)
    assert (avaliacao.membros_da_comissao, avaliacao.votantes, avaliacao.maioria) == (5, 4, 3)


@pytest.mark.parametrize(("titulares", "necessarios"), [(3, 3), (4, 4), (5, 4), (6, 5), (7, 5)])
def test_presentes_necessarios_para_o_voto_secreto(titulares, necessarios):
    """Art. 11, § 2º: presentes acima da maioria absoluta dos membros (3 de 3, 4 de 4, 4 de 5)."""
    from heteroidentificacao.composicao import RegrasComissao, presentes_necessarios

    regras = RegrasComissao(minimo_membros=3, votacao_secreta=True)
    assert presentes_necessarios(regras, titulares) == necessarios


def test_presidente_e_dois_suplentes_sem_os_requisitos_nao_abrem_a_sessao(certame_afonso, fazer_comissao, sessao_de):
    """Art. 8º, I e II: a composição vale para quem delibera, não só para os titulares designados."""
    comissao = fazer_comissao(certame_afonso, membros=SUPLENTES_SEM_REQUISITOS)
    sessao = sessao_de(comissao)
    presidente = comissao.membros.get(presidente=True)
    with pytest.raises(ErroOperacao) as erro:
        services.sessao_abrir(sessao=sessao, presentes=_membros(comissao, "Ana", "Hugo", "Iara"),
                              usuario=presidente.usuario)
    mensagem = str(erro.value)
    assert ("Entre os presentes há 1 preto ou pardo; a lei exige ao menos 2 entre os que deliberam "
            "(art. 8º, I)") in mensagem
    assert ("Entre os presentes há 1 servidor efetivo estável; a lei exige ao menos 2 entre os que deliberam "
            "(art. 8º, II)") in mensagem
    assert not sessao.presentes.exists()


def test_presidente_ausente_nao_abre_a_sessao(comissao, sessao, presidente):
    with pytest.raises(ErroOperacao, match="presidente precisa estar entre os presentes"):
        services.sessao_abrir(sessao=sessao, presentes=_membros(comissao, "Bruno", "Carla", "Davi"),
                              usuario=presidente.usuario)


def test_suplente_so_entra_no_lugar_de_quem_saiu(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    services.sessao_abrir(sessao=sessao, presentes=_membros(comissao, "Ana", "Bruno", "Carla"),
                          usuario=presidente.usuario)
    [davi] = _membros(comissao, "Davi")
    with pytest.raises(ErroOperacao, match="só entra no lugar de quem saiu"):
        services.membro_registrar_entrada(sessao=sessao, membro=davi, usuario=presidente.usuario)


def test_saida_sem_quorum_impede_votar_ate_o_suplente_entrar(sessao, comissao, presidente, admin_user):
    """Art. 8º, caput e art. 11, § 2º: com 2 presentes de 3 titulares não se vota; o suplente restabelece o quórum,
    e a composição de quem vota (agora com ele) é conferida de novo (art. 8º, I e II)."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    ana, bruno, carla, davi = _membros(comissao, "Ana", "Bruno", "Carla", "Davi")
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla], usuario=presidente.usuario)
    services.membro_registrar_saida(sessao=sessao, membro=bruno, motivo="Passou mal e foi atendido.",
                                    usuario=presidente.usuario)
    avaliacao = sessao.avaliacoes.first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match=r"Sem quórum: 2 membros presentes; a comissão delibera com ao menos 3 "
                                           r"\(art\. 8º, caput\)"):
        services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    services.membro_registrar_entrada(sessao=sessao, membro=davi, usuario=presidente.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    assert set(avaliacao.eleitores.all()) == {ana, carla, davi}
    assert set(sessao.participantes.all()) == {ana, bruno, carla, davi}
    tipos = list(sessao.ocorrencias_registradas.values_list("tipo", flat=True))
    assert tipos == [TipoOcorrencia.SAIDA, TipoOcorrencia.ENTRADA]
    assert "deixou a sessão. Motivo: Passou mal e foi atendido." in sessao.ocorrencias_registradas.first().descricao


def test_quem_entra_com_a_votacao_aberta_nao_vota_nela(certame_afonso, fazer_comissao, sessao_de):
    comissao = fazer_comissao(certame_afonso, membros=CINCO_TITULARES)
    sessao = sessao_de(comissao)
    ana, bruno, carla, dora, enzo = _membros(comissao, "Ana", "Bruno", "Carla", "Dora", "Enzo")
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla, dora], usuario=ana.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.first(), ana)
    services.membro_registrar_entrada(sessao=sessao, membro=enzo, usuario=ana.usuario)
    with pytest.raises(ErroOperacao, match="Só votam os membros presentes quando a votação foi aberta"):
        services.voto_registrar(avaliacao=avaliacao, usuario=enzo.usuario, confirma=True)


def test_saida_de_quem_ja_votou_conta_o_voto_e_a_de_quem_nao_votou_o_tira_da_votacao(certame_afonso, fazer_comissao,
                                                                                      sessao_de):
    """Com 5 presentes de 5: quem votou e saiu tem o voto contado; quem sai sem votar deixa de votar, e a votação
    segue enquanto houver mais presentes do que a maioria (art. 11, § 2º)."""
    comissao = fazer_comissao(certame_afonso, membros=CINCO_TITULARES)
    sessao = sessao_de(comissao)
    ana, bruno, carla, dora, enzo = _membros(comissao, "Ana", "Bruno", "Carla", "Dora", "Enzo")
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla, dora, enzo], usuario=ana.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.first(), ana)
    votar(avaliacao, [(enzo, True)])
    assert not services.membro_registrar_saida(sessao=sessao, membro=enzo, motivo="Compromisso inadiável.",
                                               usuario=ana.usuario)
    assert not services.membro_registrar_saida(sessao=sessao, membro=carla, motivo="Compromisso inadiável.",
                                               usuario=ana.usuario)
    avaliacao.refresh_from_db()
    assert avaliacao.votantes == 4
    assert set(avaliacao.eleitores.all()) == {ana, bruno, dora, enzo}
    votar(avaliacao, [(ana, True), (bruno, False), (dora, True)])
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=ana.usuario)
    assert avaliacao.resultado == "confirmado"


def test_saida_que_deixa_a_votacao_sem_quorum_a_anula_e_destroi_as_cedulas(certame_afonso, fazer_comissao, sessao_de):
    comissao = fazer_comissao(certame_afonso, membros=CINCO_TITULARES)
    sessao = sessao_de(comissao)
    ana, bruno, carla, dora, fausto = _membros(comissao, "Ana", "Bruno", "Carla", "Dora", "Fausto")
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla, dora], usuario=ana.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.first(), ana)
    votar(avaliacao, [(ana, True), (bruno, False)])
    anuladas = services.membro_registrar_saida(sessao=sessao, membro=carla, motivo="Emergência familiar.",
                                               usuario=ana.usuario)
    assert [a.pk for a in anuladas] == [avaliacao.pk]
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.ENTREVISTA
    assert not Cedula.objects.exists() and not Participacao.objects.exists()
    anulacao = sessao.ocorrencias_registradas.get(tipo=TipoOcorrencia.VOTACAO_ANULADA)
    assert "saída de Carla Terceira antes de votar" in anulacao.descricao
    assert "destruídas sem leitura" in anulacao.descricao
    # O suplente entra e a votação reabre, com os presentes de agora, em papel se a comissão preferir.
    services.membro_registrar_entrada(sessao=sessao, membro=fausto, usuario=ana.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, forma="papel", candidato_saiu=True, usuario=ana.usuario)
    assert (avaliacao.votantes, avaliacao.forma_votacao) == (4, "papel")


def test_presidente_anula_a_votacao_com_motivo_e_a_reabre(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    ana, bruno, carla = _membros(comissao, "Ana", "Bruno", "Carla")
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla], usuario=presidente.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.first(), presidente)
    votar(avaliacao, [(bruno, False)])
    with pytest.raises(ErroOperacao, match="motivo da anulação"):
        services.votacao_anular(avaliacao=avaliacao, motivo="", usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="presidente"):
        services.votacao_anular(avaliacao=avaliacao, motivo="Tablet sem conexão.", usuario=bruno.usuario)
    services.votacao_anular(avaliacao=avaliacao, motivo="O tablet de um membro perdeu a conexão.",
                            usuario=presidente.usuario)
    assert not Cedula.objects.exists() and not Participacao.objects.exists()
    with pytest.raises(ErroOperacao, match="não está aberta"):
        services.voto_registrar(avaliacao=avaliacao, usuario=carla.usuario, confirma=True)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    votar(avaliacao, [(ana, True), (bruno, True), (carla, True)])
    assert services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario).votos_abertos_texto == "2 votos"


def test_votacao_apurada_ou_papel_ja_aberto_nao_se_anula(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    titulares = _membros(comissao, "Ana", "Bruno", "Carla")
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    primeira, segunda = sessao.avaliacoes.order_by("horario")[:2]
    primeira = ate_a_votacao(primeira, presidente)
    votar(primeira, [(m, True) for m in titulares])
    services.votacao_apurar(avaliacao=primeira, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="ainda não apurada"):
        services.votacao_anular(avaliacao=primeira, motivo="Arrependimento.", usuario=presidente.usuario)
    segunda = ate_a_votacao(segunda, presidente, forma="papel")
    services.cedula_papel_abrir(avaliacao=segunda, confirma=True, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="já começou"):
        services.votacao_anular(avaliacao=segunda, motivo="Cédula rasurada.", usuario=presidente.usuario)


def test_presidente_nao_sai_da_sessao(sessao, comissao, presidente, admin_user):
    services.sessao_abrir(sessao=sessao, presentes=_membros(comissao, "Ana", "Bruno", "Carla"),
                          usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="presidente conduz a sessão"):
        services.membro_registrar_saida(sessao=sessao, membro=presidente, motivo="Saída.", usuario=presidente.usuario)

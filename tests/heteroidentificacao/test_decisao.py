"""A decisão como a lei a diz: só a maioria absoluta dos membros reconhece a autodeclaração (Afonso Cláudio art. 9º,
§ 4º); sem maioria, a dúvida razoável é uma conclusão da comissão, motivada no parecer (art. 6º, § 1º), nunca um
resultado que o sistema escreve sozinho. A regra fica no cadastro da lei (`Lei.sem_maioria`)."""

from __future__ import annotations

import re

import pytest

from concursos.models import Heteroidentificacao, Inscricao
from heteroidentificacao import services
from heteroidentificacao.models import Papel, Resultado
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from legislacao.models import SemMaioria
from tests.heteroidentificacao.procedimento import PARECER_DUVIDA, PARECER_NAO_CONFIRMA, apurar

pytestmark = pytest.mark.django_db

QUATRO_TITULARES = [
    ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
    ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
    ("Dora Quarta", "parda", "feminino", True, False, False, Papel.TITULAR),
]


@pytest.fixture
def dividida(certame_afonso, fazer_comissao, sessao_de):
    """Quatro titulares presentes votam 2 a 2: nenhum lado alcança a maioria absoluta de 3 (art. 9º, § 4º)."""
    comissao = fazer_comissao(certame_afonso, membros=QUATRO_TITULARES)
    sessao = sessao_de(comissao, convocar=1)
    membros = list(comissao.membros.order_by("nome"))
    presidente = comissao.membros.get(presidente=True)
    services.sessao_abrir(sessao=sessao, presentes=membros, usuario=presidente.usuario)
    avaliacao = apurar(sessao.avaliacoes.get(), presidente, list(zip(membros, [True, False, True, False],
                                                                     strict=True)))
    return avaliacao, presidente


def test_sem_maioria_a_apuracao_nao_escreve_resultado_nem_parecer(dividida):
    avaliacao, _ = dividida
    assert (avaliacao.maioria, avaliacao.votos_abertos_texto) == (3, "4 votos (2 a 2)")
    assert avaliacao.sem_maioria
    assert (avaliacao.resultado, avaliacao.parecer, avaliacao.por_duvida) == ("", "", False)
    inscricao = Inscricao.objects.get(pk=avaliacao.inscricao_id)
    assert inscricao.heteroidentificacao == Heteroidentificacao.PENDENTE


def test_sem_maioria_o_parecer_precisa_dizer_se_ha_duvida_razoavel(dividida):
    avaliacao, presidente = dividida
    esperado = ("Nenhum lado alcançou a maioria de 3 votos (4 votos (2 a 2)): registre no parecer se a comissão "
                "reconhece dúvida razoável sobre o fenótipo, caso em que prevalece a autodeclaração (art. 6º, § 1º), "
                "ou não, caso em que ela não se confirma (art. 9º, § 4º).")
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_DUVIDA, caracteristicas=["pele"],
                                   usuario=presidente.usuario)


def test_duvida_razoavel_motivada_confirma_a_autodeclaracao(dividida):
    """Art. 6º, § 1º: a dúvida prevalece a favor da autodeclaração, motivada no parecer da comissão."""
    avaliacao, presidente = dividida
    with pytest.raises(ErroOperacao, match="fundamentam a dúvida razoável"):
        services.parecer_registrar(avaliacao=avaliacao, parecer="Dúvida.", caracteristicas=[], duvida=True,
                                   usuario=presidente.usuario)
    avaliacao = services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_DUVIDA, duvida=True,
                                           caracteristicas=["pele", "cabelo"], usuario=presidente.usuario)
    assert (avaliacao.resultado, avaliacao.por_duvida) == (Resultado.CONFIRMADO, True)
    assert avaliacao.parecer == PARECER_DUVIDA
    assert Inscricao.objects.get(pk=avaliacao.inscricao_id).heteroidentificacao == Heteroidentificacao.CONFIRMADO


def test_sem_duvida_razoavel_e_sem_maioria_a_autodeclaracao_nao_se_confirma(dividida):
    """Art. 9º, § 4º: só é considerado preto ou pardo quem a maioria absoluta reconhece."""
    avaliacao, presidente = dividida
    avaliacao = services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_NAO_CONFIRMA, caracteristicas=["pele"],
                                           duvida=False, usuario=presidente.usuario)
    assert (avaliacao.resultado, avaliacao.por_duvida) == (Resultado.NAO_CONFIRMADO, False)


def test_duvida_so_se_registra_quando_falta_maioria(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = apurar(sessao.avaliacoes.get(), presidente, [(m, False) for m in titulares])
    with pytest.raises(ErroOperacao, match="A maioria já decidiu"):
        services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_DUVIDA, caracteristicas=["pele"],
                                   duvida=True, usuario=presidente.usuario)


def test_lei_sem_a_regra_da_duvida_nao_confirma_sem_maioria(certame_afonso, fazer_comissao, sessao_de):
    """Outra lei pode escolher outra regra: `sem_maioria = nao_confirma` decide na apuração, e o parecer da comissão
    ainda precisa dos traços que a fundamentam."""
    type(certame_afonso.lei).objects.filter(pk=certame_afonso.lei_id).update(sem_maioria=SemMaioria.NAO_CONFIRMA)
    comissao = fazer_comissao(certame_afonso, membros=QUATRO_TITULARES)
    sessao = sessao_de(comissao, convocar=1)
    membros = list(comissao.membros.order_by("nome"))
    presidente = comissao.membros.get(presidente=True)
    services.sessao_abrir(sessao=sessao, presentes=membros, usuario=presidente.usuario)
    avaliacao = apurar(sessao.avaliacoes.get(), presidente, list(zip(membros, [True, False, True, False],
                                                                     strict=True)))
    assert (avaliacao.resultado, avaliacao.sem_maioria) == (Resultado.NAO_CONFIRMADO, False)
    with pytest.raises(ErroOperacao, match="traços fenotípicos"):
        services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_NAO_CONFIRMA, caracteristicas=[],
                                   usuario=presidente.usuario)

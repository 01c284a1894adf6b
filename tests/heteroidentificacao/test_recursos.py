"""Resultado provisório, recurso e resultado final (Afonso Cláudio art. 6º, § 2º; art. 11, § 1º)."""

from __future__ import annotations

from datetime import date, time

import pytest

from concursos.models import Heteroidentificacao, Inscricao
from heteroidentificacao import services
from heteroidentificacao.models import EstadoRecurso, Instancia, Resultado, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao

pytestmark = pytest.mark.django_db

PARECER = "Pele clara, cabelo liso e nariz afilado: no conjunto, traços que não correspondem ao fenótipo pardo."
RECURSAIS = [
    ("Elisa Recursal", "preta", "feminino", True, True, True, "titular"),
    ("Fábio Recursal", "parda", "masculino", True, False, False, "titular"),
    ("Gil Recursal", "branca", "masculino", False, False, False, "titular"),
]


def _decidir(avaliacao, presidente, votos, membros, parecer=PARECER, caracteristicas=("pele", "cabelo")):
    if not avaliacao.em_recurso:
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    for membro, confirma in zip(membros, votos, strict=False):
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    return services.parecer_registrar(avaliacao=avaliacao, parecer=parecer, caracteristicas=list(caracteristicas),
                                      usuario=presidente.usuario)


@pytest.fixture
def primeira_decidida(sessao, comissao, presidente, admin_user):
    """Uma sessão com um cotista não confirmado (3 a 0) e o resultado provisório publicado em 01/05/2024."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    titulares = list(comissao.membros.filter(papel="titular"))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = _decidir(sessao.avaliacoes.get(), presidente, [False] * 3, titulares)
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 5, 1), usuario=admin_user)
    return avaliacao


def test_sem_maioria_prevalece_a_autodeclaracao_com_parecer_que_diz_por_que(sessao, comissao, presidente,
                                                                                admin_user):
    """Art. 6º, § 1º e art. 9º, § 4º: com dois presentes divididos (1 a 1), ninguém alcança 2 de 3."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    comissao.membros.filter(nome="Davi Suplente").update(papel="titular")
    presentes = list(comissao.membros.filter(nome__in=["Ana Presidenta", "Bruno Segundo", "Carla Terceira"]))
    services.sessao_abrir(sessao=sessao, presentes=presentes, usuario=presidente.usuario)
    avaliacao = sessao.avaliacoes.get()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente.usuario)
    assert avaliacao.maioria == 3, "maioria absoluta dos 4 membros da comissão, não dos 3 presentes"
    for membro, confirma in zip(presentes, [True, False, True], strict=True):
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    assert (avaliacao.resultado, avaliacao.por_duvida) == (Resultado.CONFIRMADO, True)
    assert "prevalece a autodeclaração (art. 6º, § 1º)" in avaliacao.parecer
    assert avaliacao.votos_abertos_texto == "3 votos (2 a 1)"


def test_recurso_fora_do_prazo_nao_e_conhecido(primeira_decidida, admin_user):
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 4),
                                          fundamentos="Sou parda, conforme fotos.", usuario=admin_user)
    assert recurso.estado == EstadoRecurso.INTEMPESTIVO


def test_recurso_julgado_pela_comissao_recursal_muda_o_resultado(primeira_decidida, certame_afonso, fazer_comissao,
                                                                 admin_user):
    """Art. 6º, § 2º: ao menos um recurso; aqui, uma comissão recursal sem membros da primeira."""
    recurso = services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 3),
                                          fundamentos="Sou parda, conforme fotos.", usuario=admin_user)
    recursal = fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL, membros=RECURSAIS)
    sessao = Sessao.objects.create(comissao=recursal, numero=1, data=date(2024, 5, 10), inicio=time(14, 0),
                                   local="Sala de reuniões")
    with pytest.raises(ErroOperacao, match="comissão recursal"):
        services.recurso_pautar(recurso=recurso, sessao=primeira_decidida.sessao, horario=time(9, 0),
                                usuario=admin_user)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    presidente = recursal.membros.get(presidente=True)
    titulares = list(recursal.membros.all())
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="gravação"):
        services.votacao_abrir(avaliacao=julgamento, candidato_saiu=False, usuario=presidente.usuario)
    _decidir(julgamento, presidente, [True, True, False], titulares, parecer="Traços pardos no conjunto.",
             caracteristicas=())

    recurso.refresh_from_db()
    assert recurso.estado == EstadoRecurso.JULGADO
    inscricao = Inscricao.objects.get(pk=primeira_decidida.inscricao_id)
    assert inscricao.heteroidentificacao == Heteroidentificacao.CONFIRMADO
    with pytest.raises(ErroOperacao, match="prazo de recurso corre até 03/05/2024"):
        services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 3),
                                          usuario=admin_user)
    services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 20),
                                      usuario=admin_user)


def test_resultado_final_espera_os_recursos(primeira_decidida, admin_user):
    services.recurso_protocolar(avaliacao=primeira_decidida, protocolado_em=date(2024, 5, 2),
                                fundamentos="Sou parda.", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="1 recurso"):
        services.resultado_final_publicar(comissao=primeira_decidida.sessao.comissao, data=date(2024, 5, 20),
                                          usuario=admin_user)


def test_recursal_com_membro_da_primeira_nao_abre_sessao(primeira_decidida, certame_afonso, fazer_comissao):
    recursal = fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL, membros=RECURSAIS)
    comissao = primeira_decidida.sessao.comissao
    recursal.membros.filter(nome="Gil Recursal").update(cpf=comissao.membros.get(nome="Carla Terceira").cpf)
    sessao = Sessao.objects.create(comissao=recursal, numero=1, data=date(2024, 5, 10), inicio=time(14, 0),
                                   local="Sala")
    presidente = recursal.membros.get(presidente=True)
    with pytest.raises(ErroOperacao, match="primeira instância: Gil Recursal"):
        services.sessao_abrir(sessao=sessao, presentes=list(recursal.membros.all()), usuario=presidente.usuario)


def test_nao_confirmado_eliminado_sai_das_listas_do_certame(primeira_decidida, levar_ao_resultado, certame_afonso):
    """Afonso Cláudio art. 7º: a não confirmação elimina; o motor não o convoca."""
    from concursos.services import candidatos_do_cargo

    levar_ao_resultado(certame_afonso)
    numero = primeira_decidida.inscricao.numero
    candidato = next(c for c in candidatos_do_cargo(certame_afonso.cargos.get()) if c.inscricao == numero)
    assert (candidato.situacao, candidato.reserva) == ("eliminado", False)

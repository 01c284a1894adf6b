"""Votos em paralelo com a anulação, a saída de um membro e a apuração (PostgreSQL, conexões de verdade): nenhum
impasse, nenhum voto perdido, repetido ou que sobreviva à apuração ou à anulação. Um voto lento (um tablet numa rede
ruim, um servidor carregado) põe as duas operações uma sobre a outra."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections

from heteroidentificacao import services
from heteroidentificacao.models import Cedula, EstadoAvaliacao, Papel, Participacao
from heteroidentificacao.services import ErroOperacao
from heteroidentificacao.services import votacao as modulo_votacao
from tests.heteroidentificacao.procedimento import ate_a_votacao, votar
from tests.heteroidentificacao.test_quem_vota import CINCO_TITULARES

# serialized_rollback: as leis de origem (migração) voltam ao banco depois de cada teste com transações de verdade.
pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True),
              pytest.mark.skipif(connection.vendor != "postgresql", reason="travas do PostgreSQL")]


def em_paralelo(*funcoes) -> list[tuple[str, object]]:
    """Roda cada função numa thread, cada uma com a sua conexão; devolve («ok», valor) ou («recusa», mensagem). Um
    erro que não seja a recusa de um serviço (um impasse do banco, p. ex.) reprova o teste."""
    resultados: list = [None] * len(funcoes)

    def rodar(i, funcao):
        try:
            resultados[i] = ("ok", funcao())
        except ErroOperacao as erro:
            resultados[i] = ("recusa", str(erro))
        except Exception as erro:
            resultados[i] = ("erro", erro)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=rodar, args=(i, f)) for i, f in enumerate(funcoes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    erros = [valor for tipo, valor in resultados if tipo == "erro"]
    assert not erros, erros
    return resultados


def _depois(segundos, funcao):
    def atrasada():
        time.sleep(segundos)
        return funcao()
    return atrasada


@pytest.fixture
def voto_lento(monkeypatch):
    """O voto demora meio segundo entre conferir o eleitor e gravar: a outra operação chega no meio dele."""
    original = modulo_votacao.urna.lacrar

    def lento(*args, **kwargs):
        time.sleep(0.5)
        return original(*args, **kwargs)

    monkeypatch.setattr(modulo_votacao.urna, "lacrar", lento)


@pytest.fixture
def votacao_aberta(comissao, presidente, sessao_de):
    sessao = sessao_de(comissao, convocar=1)
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    return ate_a_votacao(sessao.avaliacoes.get(), presidente), titulares


def test_anulacao_durante_um_voto_lento_espera_o_voto_e_destroi_a_cedula(votacao_aberta, presidente, voto_lento):
    avaliacao, titulares = votacao_aberta
    voto, anulacao = em_paralelo(
        lambda: services.voto_registrar(avaliacao=avaliacao, usuario=titulares[1].usuario, confirma=True),
        _depois(0.2, lambda: services.votacao_anular(avaliacao=avaliacao, usuario=presidente.usuario,
                                                     motivo="Tablet sem conexão no meio do voto.")))
    assert (voto[0], anulacao[0]) == ("ok", "ok"), "o voto em curso termina; a anulação vem depois e o destrói"
    assert not Cedula.objects.exists() and not Participacao.objects.exists()
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.ENTREVISTA


def test_voto_que_chega_durante_a_anulacao_e_recusado(votacao_aberta, presidente, monkeypatch):
    avaliacao, titulares = votacao_aberta
    original = modulo_votacao.Cedula.objects.filter

    def anulacao_lenta(*args, **kwargs):
        time.sleep(0.5)
        return original(*args, **kwargs)

    monkeypatch.setattr(modulo_votacao.Cedula.objects, "filter", anulacao_lenta)
    anulacao, voto = em_paralelo(
        lambda: services.votacao_anular(avaliacao=avaliacao, usuario=presidente.usuario,
                                        motivo="O presidente anulou a votação."),
        _depois(0.2, lambda: services.voto_registrar(avaliacao=avaliacao, usuario=titulares[1].usuario,
                                                     confirma=True)))
    assert anulacao[0] == "ok"
    assert voto == ("recusa", "A votação desta avaliação não está aberta.")
    assert not Cedula.objects.exists() and not Participacao.objects.exists()


def test_saida_que_anula_durante_o_voto_de_outro_membro(certame_afonso, fazer_comissao, sessao_de, voto_lento):
    """Com 4 presentes de 5, a saída de quem não votou deixa 3 (sem quórum, art. 11, § 2º) e anula a votação, com o voto
    de outro membro em curso: sem impasse, e sem cédula que sobreviva."""
    comissao = fazer_comissao(certame_afonso, membros=CINCO_TITULARES)
    sessao = sessao_de(comissao, convocar=1)
    ana, bruno, carla, dora = (comissao.membros.get(nome__startswith=n) for n in ("Ana", "Bruno", "Carla", "Dora"))
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla, dora], usuario=ana.usuario)
    avaliacao = ate_a_votacao(sessao.avaliacoes.get(), ana)
    voto, saida = em_paralelo(
        lambda: services.voto_registrar(avaliacao=avaliacao, usuario=bruno.usuario, confirma=False),
        _depois(0.2, lambda: services.membro_registrar_saida(sessao=sessao, membro=dora, usuario=ana.usuario,
                                                             motivo="Passou mal durante a votação.")))
    assert (voto[0], saida[0]) == ("ok", "ok")
    assert [a.pk for a in saida[1]] == [avaliacao.pk]
    assert not Cedula.objects.exists() and not Participacao.objects.exists()


def test_clique_duplo_depois_da_apuracao_nao_deixa_cedula(votacao_aberta, presidente, voto_lento):
    """O segundo envio de um voto chega enquanto a apuração corre: espera, é recusado, e nada sobrevive à apuração."""
    avaliacao, titulares = votacao_aberta
    votar(avaliacao, [(m, True) for m in titulares[:2]])
    ultimo = titulares[2]

    def votar_ultimo():
        return services.voto_registrar(avaliacao=avaliacao, usuario=ultimo.usuario, confirma=True)

    primeiro, _ = em_paralelo(votar_ultimo, _depois(0.1, votar_ultimo))
    apuracao, atrasado = em_paralelo(
        lambda: services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario),
        _depois(0.05, votar_ultimo))
    assert primeiro[0] == "ok" and apuracao[0] == "ok"
    assert atrasado[0] == "recusa"
    assert not Cedula.objects.exists() and not Participacao.objects.exists()

"""O caminho do provimento de quem foi convocado: a nomeação, a posse e o exercício, cada um com a sua data, na ordem e
nos prazos do edital; e a nomeação tornada sem efeito quando o prazo da posse passa sem ela, que chama o próximo da
mesma lista (Iúna art. 7º, I e § 1º). Os prazos são dados do certame (`Certame.prazo_posse_dias`,
`prazo_exercicio_dias`), como o estatuto do município ou o edital os fixam — p. ex. Lei 8.112/1990, art. 13, § 1º
(30 dias para a posse) e art. 15, § 1º (15 dias para o exercício) —, nunca do sistema (decisão 0013).

Cada ato trava o cargo (como toda chamada) e depois a posição; repetido, é recusado sem gravar nada.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.db import transaction

from concursos.models import CausaVacancia, Certame, Chamada, Convocacao, Situacao
from concursos.services.certame import exigir_validade
from concursos.services.chamadas import Apresentacao, _vagar_posicao, travar_cargo
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br


def _travar(convocacao: Convocacao) -> Convocacao:
    travar_cargo(convocacao.cargo)
    convocacao = (Convocacao.objects.select_for_update(of=("self",))
                  .select_related("chamada", "cargo__certame", "inscricao").get(pk=convocacao.pk))
    if convocacao.desistiu_em is not None:
        raise ErroOperacao(f"O titular já deixou a posição {convocacao.posicao}: {convocacao.etapa.lower()}.")
    if convocacao.inscricao is None:
        raise ErroOperacao("Esta posição não tem titular.")
    return convocacao


def _exigir_depois(data: date, anterior: date, passo: str, de: str) -> None:
    if data < anterior:
        raise ErroOperacao(f"A {passo} ({data_br(data)}) não pode ser anterior à {de} ({data_br(anterior)}).")


def _gravar(convocacao: Convocacao, usuario, registro: str, **campos) -> Convocacao:
    for campo, valor in campos.items():
        setattr(convocacao, campo, valor)
    auditar(convocacao, usuario, registro)
    convocacao.save(update_fields=list(campos))
    return convocacao


@transaction.atomic
def nomeacao_registrar(*, convocacao: Convocacao, data: date, ato: str, usuario) -> Convocacao:
    """A nomeação de quem foi convocado, pelo ato publicado, no prazo de validade do certame (CF art. 37, III)."""
    convocacao = _travar(convocacao)
    if convocacao.nomeado_em is not None:
        raise ErroOperacao(f"O titular da posição {convocacao.posicao} já foi nomeado em "
                           f"{data_br(convocacao.nomeado_em)} ({convocacao.ato_nomeacao}).")
    _exigir_depois(data, convocacao.chamada.data, "nomeação", "convocação")
    exigir_validade(convocacao.cargo.certame, data)
    return _gravar(convocacao, usuario, f"Nomeação na posição {convocacao.posicao} ({ato}).", nomeado_em=data,
                   ato_nomeacao=ato)


def _registrar_passo(convocacao: Convocacao, data: date, usuario, *, campo: str, anterior: str, passo: str,
                     de: str, limite: Callable[[Certame, date], date | None], fora_do_prazo: str) -> Convocacao:
    """A posse ou o exercício: uma vez só, depois do passo `anterior`, não antes da data dele e no prazo do edital
    contado dele (`limite`). `fora_do_prazo`: o que fazer passado o prazo, para a mensagem."""
    convocacao = _travar(convocacao)
    feito, antes = getattr(convocacao, campo), getattr(convocacao, anterior)
    if feito is not None:
        raise ErroOperacao(f"A {passo} do titular da posição {convocacao.posicao} já foi registrada: "
                           f"{convocacao.etapa.lower()}.")
    if antes is None:
        raise ErroOperacao(f"Não há {passo} sem a {de}: registre primeiro a {de}.")
    _exigir_depois(data, antes, passo, de)
    certame = convocacao.cargo.certame
    fim = limite(certame, antes)
    if fim is not None and data > fim:
        raise ErroOperacao(f"O prazo da {passo} terminou em {data_br(fim)} ({(fim - antes).days} dias da {de}, pelo "
                           f"edital): {fora_do_prazo}")
    return _gravar(convocacao, usuario, f"{passo.capitalize()} na posição {convocacao.posicao}.", **{campo: data})


@transaction.atomic
def posse_registrar(*, convocacao: Convocacao, data: date, usuario) -> Convocacao:
    """A posse do nomeado, no prazo do edital contado da nomeação; passado o prazo, a nomeação é tornada sem efeito
    (`nomeacao_tornar_sem_efeito`)."""
    return _registrar_passo(convocacao, data, usuario, campo="empossado_em", anterior="nomeado_em", passo="posse",
                            de="nomeação", limite=Certame.posse_ate,
                            fora_do_prazo="a nomeação deve ser tornada sem efeito, e o próximo da mesma lista é "
                                          "chamado.")


@transaction.atomic
def exercicio_registrar(*, convocacao: Convocacao, data: date, usuario) -> Convocacao:
    """O início do exercício do empossado, no prazo do edital contado da posse; passado o prazo, o servidor é
    exonerado de ofício (a vacância com essa causa)."""
    return _registrar_passo(convocacao, data, usuario, campo="exercicio_em", anterior="empossado_em",
                            passo="entrada em exercício", de="posse", limite=Certame.exercicio_ate,
                            fora_do_prazo="registre a vacância por exoneração de ofício, que chama o próximo da "
                                          "mesma lista.")


@transaction.atomic
def nomeacao_tornar_sem_efeito(*, convocacao: Convocacao, data: date, ato: str, usuario,
                               apresentacao: Apresentacao | None = None) -> Chamada | None:
    """Torna sem efeito a nomeação de quem não tomou posse no prazo (como na Lei 8.112/1990, art. 13, § 6º): a
    posição vaga com essa causa, e o próximo da mesma lista é chamado para ela (Iúna art. 7º, I e § 1º). Só depois
    do prazo; terminada a validade, fica registrada e ninguém é chamado."""
    convocacao = _travar(convocacao)
    if convocacao.nomeado_em is None or convocacao.empossado_em is not None:
        raise ErroOperacao(f"Só a nomeação sem posse se torna sem efeito; o titular da posição {convocacao.posicao} "
                           f"está na situação «{convocacao.etapa}».")
    certame = convocacao.cargo.certame
    limite = certame.posse_ate(convocacao.nomeado_em)
    if limite is None:
        raise ErroOperacao("O edital não fixa o prazo da posse: informe-o no certame para tornar a nomeação sem "
                           "efeito, ou registre a desistência do nomeado.")
    if not convocacao.posse_vencida(certame, data):
        raise ErroOperacao(f"O prazo da posse corre até {data_br(limite)}: até lá, a nomeação vale e o nomeado pode "
                           "tomar posse.")
    return _vagar_posicao(convocacao, data, ato, usuario, situacao=Situacao.DESISTENTE,
                          causa=CausaVacancia.SEM_EFEITO, apresentacao=apresentacao)

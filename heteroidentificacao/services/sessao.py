"""Convocação dos cotistas, abertura e encerramento da sessão."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from concursos.models import Heteroidentificacao, Inscricao, Situacao
from concursos.services import ErroOperacao, auditar
from heteroidentificacao.models import (
    Avaliacao,
    EstadoAvaliacao,
    EstadoSessao,
    Instancia,
    Membro,
    Papel,
    Sessao,
)
from heteroidentificacao.selectors import conferencia_da_comissao
from heteroidentificacao.services.comum import exigir_presidente
from legislacao.models import citar


@transaction.atomic
def sessao_convocar(*, sessao: Sessao, inscricoes: list[Inscricao], intervalo_minutos: int = 15,
                    usuario) -> list[Avaliacao]:
    """Convoca cotistas para a sessão, com horários sucessivos a partir do início (art. 9º, § 7º e § 8º)."""
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    if sessao.comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("A comissão recursal julga recursos; os candidatos são convocados pela primeira instância.")
    if sessao.estado == EstadoSessao.ENCERRADA:
        raise ErroOperacao("A sessão já foi encerrada.")
    ultimo = sessao.avaliacoes.order_by("-horario").values_list("horario", flat=True).first()
    inicio = datetime.combine(sessao.data, ultimo or sessao.inicio)
    if ultimo:
        inicio += timedelta(minutes=intervalo_minutos)
    avaliacoes = []
    for i, inscricao in enumerate(inscricoes):
        if inscricao.certame_id != sessao.comissao.certame_id:
            raise ErroOperacao(f"A inscrição {inscricao.numero} é de outro certame.")
        if not inscricao.reserva:
            raise ErroOperacao(f"A inscrição {inscricao.numero} não optou pela reserva: não há o que "
                               "heteroidentificar.")
        if inscricao.situacao != Situacao.HABILITADO:
            raise ErroOperacao(f"A inscrição {inscricao.numero} não está habilitada "
                               f"({inscricao.get_situacao_display()}).")
        horario = (inicio + timedelta(minutes=i * intervalo_minutos)).time()
        avaliacoes.append(Avaliacao(sessao=sessao, inscricao=inscricao, horario=horario))
        inscricao.heteroidentificacao = Heteroidentificacao.PENDENTE
        auditar(inscricao, usuario, f"Convocada para a heteroidentificação: {sessao}, às {horario:%H:%M}.")
        inscricao.save(update_fields=["heteroidentificacao"])
    try:
        with transaction.atomic():
            return bulk_create_with_history(avaliacoes, Avaliacao, default_user=usuario,
                                            default_change_reason=f"Convocada para a {sessao}.")
    except IntegrityError as erro:
        raise ErroOperacao("Alguma das inscrições já foi convocada para heteroidentificação.") from erro


@transaction.atomic
def sessao_abrir(*, sessao: Sessao, presentes: list[Membro], usuario) -> Sessao:
    """Abre a sessão com os membros presentes: a composição deve atender à lei e haver quórum."""
    sessao = Sessao.objects.select_for_update(of=("self",)).select_related("comissao__certame__lei").get(pk=sessao.pk)
    exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.AGENDADA:
        raise ErroOperacao("A sessão já foi aberta.")
    comissao = sessao.comissao
    conferencia = conferencia_da_comissao(comissao)
    if not conferencia.regular:
        raise ErroOperacao("A composição da comissão não atende à lei: "
                           + "; ".join(str(f) for f in conferencia.falhas))
    presentes = list(presentes)
    if any(m.comissao_id != comissao.pk for m in presentes):
        raise ErroOperacao("Só membros desta comissão podem ser registrados como presentes.")
    titulares = comissao.membros.filter(papel=Papel.TITULAR).count()
    if len(presentes) > titulares:
        raise ErroOperacao(f"Votam no máximo {titulares} membros (os titulares ou os suplentes que os substituem).")
    lei = comissao.certame.lei
    # Sem regra na lei, a comissão delibera ao menos como colegiado de três.
    minimo = (lei.comissao_minimo_membros if lei else None) or 3
    if len(presentes) < minimo:
        raise ErroOperacao(f"Sem quórum: {len(presentes)} membro(s) presente(s); a comissão delibera com ao menos "
                           f"{minimo}{citar(lei.artigo_comissao_membros if lei else '')}.")
    if not any(m.presidente for m in presentes):
        raise ErroOperacao("O presidente precisa estar entre os presentes.")
    sessao.presentes.set(presentes)
    sessao.estado = EstadoSessao.ABERTA
    sessao.aberta_em = timezone.now()
    auditar(sessao, usuario, f"Sessão aberta com {len(presentes)} membros presentes.")
    sessao.save(update_fields=["estado", "aberta_em"])
    return sessao


@transaction.atomic
def sessao_encerrar(*, sessao: Sessao, ocorrencias: str = "", usuario) -> Sessao:
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("Só se encerra uma sessão aberta.")
    pendentes = sessao.avaliacoes.exclude(estado__in=[EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE]).count()
    if pendentes:
        raise ErroOperacao(f"Ainda há {pendentes} avaliação(ões) sem parecer nesta sessão.")
    sessao.estado = EstadoSessao.ENCERRADA
    sessao.encerrada_em = timezone.now()
    sessao.ocorrencias = ocorrencias
    auditar(sessao, usuario, "Sessão encerrada.")
    sessao.save(update_fields=["estado", "encerrada_em", "ocorrencias"])
    return sessao

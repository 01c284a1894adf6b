"""Convocação dos cotistas, abertura e encerramento da sessão."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from concursos.models import Heteroidentificacao, Inscricao, Situacao
from concursos.services.inscricao import heteroidentificacao_registrar
from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    Dispensa,
    EstadoRecurso,
    EstadoSessao,
    Instancia,
    Membro,
    Recurso,
    Resultado,
    Sessao,
    TipoOcorrencia,
)
from heteroidentificacao.selectors import CONCLUIDAS, conferencia_da_comissao
from heteroidentificacao.services.comum import exigir_motivo, exigir_presidente, exigir_quem_vota, registrar_ocorrencia
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural


def _recurso_que_reconvoca(inscricao: Inscricao) -> Recurso | None:
    """O recurso provido contra a ausência que manda convocar o candidato de novo, se ainda não foi atendido."""
    return (Recurso.objects.filter(avaliacao__inscricao=inscricao, estado=EstadoRecurso.JULGADO,
                                   julgamento__resultado=Resultado.NOVA_CONVOCACAO, nova_avaliacao__isnull=True)
            .first())


def _conferir_convocavel(inscricao: Inscricao, comissao: Comissao, dispensadas: set[int]) -> Recurso | None:
    """Levanta ErroOperacao se a inscrição não pode ser convocada por esta comissão; devolve o recurso provido que
    manda convocá-la de novo, se houver."""
    if inscricao.certame_id != comissao.certame_id:
        raise ErroOperacao(f"A inscrição {inscricao.numero} é de outro certame.")
    if not inscricao.reserva:
        raise ErroOperacao(f"A inscrição {inscricao.numero} não optou pela reserva: não há o que "
                           "heteroidentificar.")
    if inscricao.situacao != Situacao.HABILITADO:
        raise ErroOperacao(f"A inscrição {inscricao.numero} não está habilitada "
                           f"({inscricao.get_situacao_display()}).")
    if inscricao.pk in dispensadas:
        raise ErroOperacao(f"A inscrição {inscricao.numero} foi registrada como fora da heteroidentificação.")
    recurso = _recurso_que_reconvoca(inscricao)
    if comissao.resultado_provisorio_em and recurso is None:
        raise ErroOperacao(
            f"O resultado provisório foi publicado em {comissao.resultado_provisorio_em:%d/%m/%Y}: depois dele, "
            f"só se convoca quem um recurso contra a ausência mandou avaliar de novo (inscrição "
            f"{inscricao.numero}).")
    return recurso


@transaction.atomic
def sessao_convocar(*, sessao: Sessao, inscricoes: list[Inscricao], intervalo_minutos: int = 15,
                    usuario) -> list[Avaliacao]:
    """Convoca cotistas para a sessão, com horários sucessivos a partir do início (art. 9º, § 7º e § 8º).

    Publicado o resultado provisório, só se convoca quem um recurso contra a ausência mandou avaliar de novo: os
    demais cotistas já deviam ter sido convocados antes dele."""
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    comissao = sessao.comissao
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("A comissão recursal julga recursos; os candidatos são convocados pela primeira instância.")
    if sessao.estado == EstadoSessao.ENCERRADA:
        raise ErroOperacao("A sessão já foi encerrada.")
    if comissao.resultado_final_em:
        raise ErroOperacao("O resultado final da heteroidentificação já foi publicado: não há mais convocações.")
    dispensadas = set(Dispensa.objects.filter(comissao=comissao).values_list("inscricao_id", flat=True))
    ultimo = sessao.avaliacoes.order_by("-horario").values_list("horario", flat=True).first()
    inicio = datetime.combine(sessao.data, ultimo or sessao.inicio)
    if ultimo:
        inicio += timedelta(minutes=intervalo_minutos)
    avaliacoes = []
    for i, inscricao in enumerate(inscricoes):
        recurso = _conferir_convocavel(inscricao, comissao, dispensadas)
        momento = inicio + timedelta(minutes=i * intervalo_minutos)
        if momento.date() != sessao.data:
            raise ErroOperacao(f"Os horários passariam da meia-noite de {sessao.data:%d/%m/%Y} a partir da inscrição "
                               f"{inscricao.numero}: convoque os demais para outra sessão.")
        horario = momento.time()
        avaliacoes.append(Avaliacao(sessao=sessao, inscricao=inscricao, horario=horario, nova_convocacao_por=recurso))
        motivo = " (nova convocação por recurso provido)" if recurso else ""
        heteroidentificacao_registrar(
            inscricao=inscricao, estado=Heteroidentificacao.PENDENTE, usuario=usuario,
            motivo=f"Convocada para a heteroidentificação{motivo}: {sessao}, às {horario:%H:%M}.")
    try:
        with transaction.atomic():
            return bulk_create_with_history(avaliacoes, Avaliacao, default_user=usuario,
                                            default_change_reason=f"Convocada para a {sessao}.")
    except IntegrityError as erro:
        raise ErroOperacao("Alguma das inscrições já foi convocada para heteroidentificação.") from erro


@transaction.atomic
def sessao_abrir(*, sessao: Sessao, presentes: list[Membro], usuario, motivo_data: str = "") -> Sessao:
    """Abre a sessão com os membros presentes: a composição designada e a de quem se senta devem atender à lei
    (Afonso Cláudio art. 8º), com quórum para o voto secreto (art. 11, § 2º). Em data diferente da marcada, só
    com o motivo, que vai à ata."""
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
    hoje = timezone.localdate()
    motivo = ""
    if hoje != sessao.data:
        motivo = exigir_motivo(motivo_data, f"da abertura em {hoje:%d/%m/%Y}, fora da data marcada "
                                            f"({sessao.data:%d/%m/%Y})")
    exigir_quem_vota(comissao, presentes, data=hoje, recusa="A sessão não pode ser aberta")
    sessao.presentes.set(presentes)
    sessao.participantes.set(presentes)
    sessao.estado = EstadoSessao.ABERTA
    sessao.aberta_em = timezone.now()
    if motivo:
        registrar_ocorrencia(sessao, TipoOcorrencia.FORA_DA_DATA,
                             f"A sessão, marcada para {sessao.data:%d/%m/%Y}, foi aberta em {hoje:%d/%m/%Y}. "
                             f"Motivo: {motivo}", usuario)
    auditar(sessao, usuario, f"Sessão aberta com {plural(len(presentes), 'membro presente', 'membros presentes')}.")
    sessao.save(update_fields=["estado", "aberta_em"])
    return sessao


@transaction.atomic
def sessao_encerrar(*, sessao: Sessao, ocorrencias: str = "", usuario) -> Sessao:
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("Só se encerra uma sessão aberta.")
    pendentes = sessao.avaliacoes.exclude(estado__in=CONCLUIDAS).count()
    if pendentes:
        raise ErroOperacao(f"Ainda há {plural(pendentes, 'avaliação', 'avaliações')} sem parecer nesta sessão.")
    sessao.estado = EstadoSessao.ENCERRADA
    sessao.encerrada_em = timezone.now()
    sessao.ocorrencias = ocorrencias
    auditar(sessao, usuario, "Sessão encerrada.")
    sessao.save(update_fields=["estado", "encerrada_em", "ocorrencias"])
    return sessao

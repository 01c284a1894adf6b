"""A avaliação de um candidato: presença, notas da entrevista, parecer e o efeito na inscrição do certame."""

from __future__ import annotations

from datetime import time

from django.db import transaction
from django.utils import timezone

from concursos.models import Heteroidentificacao, Inscricao
from concursos.services.inscricao import heteroidentificacao_registrar
from heteroidentificacao.models import (
    Avaliacao,
    Caracteristica,
    EstadoAvaliacao,
    EstadoRecurso,
    EstadoSessao,
    Resultado,
    Sessao,
)
from heteroidentificacao.selectors import momento_da_ausencia
from heteroidentificacao.services.comum import (
    PARECER_MINIMO,
    exigir_motivo,
    exigir_presidente,
    exigir_sessao_aberta,
    travar_avaliacao,
)
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural


@transaction.atomic
def avaliacao_registrar_presenca(*, avaliacao: Avaliacao, compareceu: bool, usuario) -> Avaliacao:
    """Presente: começa a entrevista. Ausente: a consequência da lei (p. ex. eliminação, art. 9º, § 9º), nunca
    antes do horário do candidato mais a tolerância do edital."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    if avaliacao.em_recurso:
        raise ErroOperacao("No recurso a comissão decide sobre a decisão recorrida: não há chamada do candidato.")
    if avaliacao.estado != EstadoAvaliacao.AGUARDANDO:
        raise ErroOperacao("A presença deste candidato já foi registrada.")
    agora = timezone.now()
    if compareceu:
        avaliacao.estado = EstadoAvaliacao.ENTREVISTA
        avaliacao.iniciada_em = agora
        auditar(avaliacao, usuario, "Candidato presente: entrevista iniciada.")
        avaliacao.save(update_fields=["estado", "iniciada_em"])
        return avaliacao
    sessao = avaliacao.sessao
    lei = sessao.comissao.certame.lei
    aberta = timezone.localdate(sessao.aberta_em)
    if aberta > sessao.data:
        # A convocação é por edital, para um dia e uma hora (art. 9º, § 8º): quem não veio a uma sessão aberta noutro
        # dia não faltou à convocação, e a ausência elimina (art. 9º, § 9º).
        raise ErroOperacao(
            f"A sessão foi aberta em {aberta:%d/%m/%Y}, depois do dia para o qual o candidato foi convocado "
            f"({sessao.data:%d/%m/%Y}): ele não pode ser dado como ausente{citar(lei.artigo_momento if lei else '')}. "
            "Peça ao RH que o transfira para outra sessão, com nova convocação.")
    a_partir = momento_da_ausencia(avaliacao)
    if agora < a_partir:
        tolerancia = avaliacao.sessao.comissao.tolerancia_ausencia_minutos
        local = timezone.localtime(a_partir)
        raise ErroOperacao(
            f"O candidato foi convocado para as {avaliacao.horario:%H:%M}: a ausência só pode ser registrada a "
            f"partir das {local:%H:%M} de {local:%d/%m/%Y}, passada a tolerância de "
            f"{plural(tolerancia, 'minuto', 'minutos')} do edital.")
    avaliacao.estado = EstadoAvaliacao.AUSENTE
    avaliacao.resultado = Resultado.AUSENTE
    avaliacao.iniciada_em = agora
    avaliacao.parecer = ("O candidato não compareceu ao procedimento de heteroidentificação"
                         + (f": {lei.get_ausencia_display().lower()}{citar(lei.artigo_ausencia)}." if lei else "."))
    auditar(avaliacao, usuario, "Candidato ausente.")
    avaliacao.save(update_fields=["estado", "resultado", "parecer", "iniciada_em"])
    aplicar_na_inscricao(avaliacao, usuario)
    return avaliacao


@transaction.atomic
def avaliacao_anotar(*, avaliacao: Avaliacao, notas: str, usuario) -> Avaliacao:
    """As notas da entrevista (sigilosas: só a comissão as vê; art. 10, IV)."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado not in (EstadoAvaliacao.ENTREVISTA, EstadoAvaliacao.VOTACAO, EstadoAvaliacao.APURADA):
        raise ErroOperacao("As notas são registradas durante a entrevista e a deliberação.")
    avaliacao.notas_entrevista = notas
    avaliacao.save(update_fields=["notas_entrevista"])
    return avaliacao


def _exigir_fundamentacao(parecer: str, caracteristicas: list[str], lei, *, o_que: str) -> None:
    if not caracteristicas:
        raise ErroOperacao(f"Indique os traços fenotípicos que fundamentam {o_que}: só o fenótipo é avaliado"
                           f"{citar(lei.artigo_fenotipo if lei else '')}.")
    if len(parecer) < PARECER_MINIMO:
        raise ErroOperacao(f"Descreva no parecer, em ao menos {PARECER_MINIMO} caracteres, os traços observados e por "
                           f"que fundamentam {o_que}: decisões genéricas são anuladas.")


def _resultado_sem_maioria(avaliacao: Avaliacao, duvida: bool | None, lei) -> str:
    """Nenhum lado alcançou a maioria: a comissão conclui, no parecer, se há dúvida razoável sobre o fenótipo
    (prevalece a autodeclaração, art. 6º, § 1º) ou não (a autodeclaração não é reconhecida pela maioria, art. 9º,
    § 4º). O sistema nunca o decide sozinho."""
    if duvida is None:
        raise ErroOperacao(
            f"Nenhum lado alcançou a maioria de {avaliacao.maioria} votos ({avaliacao.votos_abertos_texto}): registre "
            "no parecer se a comissão reconhece dúvida razoável sobre o fenótipo, caso em que prevalece a "
            f"autodeclaração{citar(lei.artigo_duvida if lei else '')}, ou não, caso em que ela não se confirma"
            f"{citar(lei.artigo_maioria if lei else '')}.")
    return Resultado.CONFIRMADO if duvida else Resultado.NAO_CONFIRMADO


@transaction.atomic
def parecer_registrar(*, avaliacao: Avaliacao, parecer: str, caracteristicas: list[str], usuario,
                      duvida: bool | None = None) -> Avaliacao:
    """O parecer motivado, que fecha a avaliação e leva o resultado à inscrição.

    - a não confirmação diz os traços fenotípicos observados (art. 9º, § 3º);
    - sem maioria, o parecer diz se há dúvida razoável (`duvida`), com os traços que a fundamentam (art. 6º, § 1º);
    - onde a lei manda filmar, a decisão exige a gravação registrada (referência e SHA-256; art. 9º, § 2º);
    - no recurso contra a ausência não se avalia fenótipo: o parecer diz por que cabe, ou não, nova convocação.
    """
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.APURADA:
        raise ErroOperacao("O parecer é registrado depois da apuração dos votos.")
    parecer = parecer.strip()
    caracteristicas = sorted(set(caracteristicas))
    invalidas = set(caracteristicas) - set(Caracteristica.values)
    if invalidas:
        raise ErroOperacao(f"Traço fenotípico desconhecido: {', '.join(sorted(invalidas))}.")
    lei = avaliacao.sessao.comissao.certame.lei
    if avaliacao.recurso_contra_ausencia:
        if caracteristicas or duvida is not None:
            raise ErroOperacao("No recurso contra a ausência a comissão não viu o candidato e não avalia o fenótipo: o "
                               "parecer diz só se a ausência se justifica.")
        if len(parecer) < PARECER_MINIMO:
            raise ErroOperacao(f"Fundamente o parecer do recurso em ao menos {PARECER_MINIMO} caracteres.")
    else:
        if lei is not None and lei.gravacao and not avaliacao.em_recurso and not avaliacao.gravacao_sha256:
            raise ErroOperacao("Registre a gravação do procedimento (referência do arquivo e SHA-256) antes do "
                               f"parecer: a decisão se apoia nela{citar(lei.artigo_gravacao)}.")
        if avaliacao.sem_maioria:
            avaliacao.resultado = _resultado_sem_maioria(avaliacao, duvida, lei)
            avaliacao.por_duvida = bool(duvida)
            _exigir_fundamentacao(parecer, caracteristicas, lei,
                                  o_que="a dúvida razoável" if duvida else "a não confirmação")
        elif duvida is not None:
            raise ErroOperacao("A maioria já decidiu: a dúvida razoável só se registra quando nenhum lado alcança a "
                               "maioria.")
        elif avaliacao.resultado == Resultado.NAO_CONFIRMADO:
            _exigir_fundamentacao(parecer, caracteristicas, lei, o_que="a não confirmação")
        elif not parecer:
            raise ErroOperacao("Escreva o parecer.")
    avaliacao.parecer = parecer
    avaliacao.caracteristicas = caracteristicas
    avaliacao.estado = EstadoAvaliacao.CONCLUIDA
    auditar(avaliacao, usuario, f"Parecer: {avaliacao.get_resultado_display()}"
                                + (" (dúvida razoável)." if avaliacao.por_duvida else "."))
    avaliacao.save(update_fields=["parecer", "caracteristicas", "estado", "resultado", "por_duvida"])
    aplicar_na_inscricao(avaliacao, usuario)
    if avaliacao.em_recurso:
        recurso = avaliacao.recurso
        recurso.estado = EstadoRecurso.JULGADO
        auditar(recurso, usuario, f"Recurso julgado: {avaliacao.get_resultado_display()}.")
        recurso.save(update_fields=["estado"])
    return avaliacao


RESULTADO_NA_INSCRICAO = {
    Resultado.CONFIRMADO: Heteroidentificacao.CONFIRMADO,
    Resultado.NAO_CONFIRMADO: Heteroidentificacao.NAO_CONFIRMADO,
    Resultado.AUSENTE: Heteroidentificacao.AUSENTE,
    # A ausência justificada em recurso devolve o candidato à espera de uma nova avaliação.
    Resultado.NOVA_CONVOCACAO: Heteroidentificacao.PENDENTE,
}


def aplicar_na_inscricao(avaliacao: Avaliacao, usuario) -> None:
    """O efeito no certame: as listas e chamadas leem `Inscricao.heteroidentificacao` e aplicam a lei
    congelada (eliminação ou só ampla); a escrita é de concursos/services/inscricao.py."""
    instancia = "recurso" if avaliacao.em_recurso else "primeira instância"
    heteroidentificacao_registrar(
        inscricao=Inscricao.objects.select_for_update().get(pk=avaliacao.inscricao_id),
        estado=RESULTADO_NA_INSCRICAO[avaliacao.resultado], usuario=usuario,
        motivo=f"Heteroidentificação ({instancia}): {avaliacao.get_resultado_display()}.")


@transaction.atomic
def avaliacao_transferir(*, avaliacao: Avaliacao, sessao: Sessao, horario: time, motivo: str, usuario) -> Avaliacao:
    """Transfere para outra sessão agendada da mesma comissão quem ainda não foi chamado (p. ex. porque a sessão abriu
    noutro dia): a nova data e hora saem no edital de convocação (art. 9º, § 8º), e o motivo fica no histórico."""
    avaliacao = travar_avaliacao(avaliacao)
    destino = Sessao.objects.select_for_update().get(pk=sessao.pk)
    if avaliacao.estado != EstadoAvaliacao.AGUARDANDO:
        raise ErroOperacao("Só se transfere quem ainda não foi chamado na sessão.")
    if destino.comissao_id != avaliacao.sessao.comissao_id or destino.pk == avaliacao.sessao_id:
        raise ErroOperacao("Escolha outra sessão desta mesma comissão.")
    if destino.estado != EstadoSessao.AGENDADA:
        raise ErroOperacao("A sessão de destino precisa estar agendada, ainda não aberta.")
    motivo = exigir_motivo(motivo, "da transferência")
    origem = avaliacao.sessao
    avaliacao.sessao = destino
    avaliacao.horario = horario
    auditar(avaliacao, usuario, f"Transferida da {origem} para a {destino}, às {horario:%H:%M}: {motivo}")
    avaliacao.save(update_fields=["sessao", "horario"])
    return avaliacao

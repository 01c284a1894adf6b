"""A avaliação de um candidato: presença, notas da entrevista, parecer e o efeito na inscrição do certame."""

from __future__ import annotations

from django.db import transaction

from concursos.models import Heteroidentificacao, Inscricao
from concursos.services import ErroOperacao, auditar
from heteroidentificacao.models import (
    Avaliacao,
    Caracteristica,
    EstadoAvaliacao,
    EstadoRecurso,
    Resultado,
)
from heteroidentificacao.services.comum import PARECER_MINIMO, exigir_presidente, exigir_sessao_aberta, travar_avaliacao
from legislacao.models import citar


@transaction.atomic
def avaliacao_registrar_presenca(*, avaliacao: Avaliacao, compareceu: bool, usuario) -> Avaliacao:
    """Presente: começa a entrevista. Ausente: a consequência da lei (p. ex. eliminação, art. 9º, § 9º)."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    if avaliacao.em_recurso:
        raise ErroOperacao("No recurso a comissão examina a gravação: não há chamada do candidato.")
    if avaliacao.estado != EstadoAvaliacao.AGUARDANDO:
        raise ErroOperacao("A presença deste candidato já foi registrada.")
    if compareceu:
        avaliacao.estado = EstadoAvaliacao.ENTREVISTA
        auditar(avaliacao, usuario, "Candidato presente: entrevista iniciada.")
        avaliacao.save(update_fields=["estado"])
        return avaliacao
    lei = avaliacao.sessao.comissao.certame.lei
    avaliacao.estado = EstadoAvaliacao.AUSENTE
    avaliacao.resultado = Resultado.AUSENTE
    avaliacao.parecer = ("O candidato não compareceu ao procedimento de heteroidentificação"
                         + (f": {lei.get_ausencia_display().lower()}{citar(lei.artigo_ausencia)}." if lei else "."))
    auditar(avaliacao, usuario, "Candidato ausente.")
    avaliacao.save(update_fields=["estado", "resultado", "parecer"])
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


@transaction.atomic
def parecer_registrar(*, avaliacao: Avaliacao, parecer: str, caracteristicas: list[str], usuario) -> Avaliacao:
    """O parecer motivado; o da não confirmação diz os traços fenotípicos observados (art. 9º, § 3º)."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.APURADA:
        raise ErroOperacao("O parecer é registrado depois da apuração dos votos.")
    parecer = parecer.strip()
    invalidas = set(caracteristicas) - set(Caracteristica.values)
    if invalidas:
        raise ErroOperacao(f"Traço fenotípico desconhecido: {', '.join(sorted(invalidas))}.")
    lei = avaliacao.sessao.comissao.certame.lei
    if avaliacao.resultado == Resultado.NAO_CONFIRMADO:
        if not caracteristicas:
            raise ErroOperacao("Indique os traços fenotípicos que fundamentam a não confirmação: só o fenótipo é "
                               f"avaliado{citar(lei.artigo_fenotipo if lei else '')}.")
        if len(parecer) < PARECER_MINIMO:
            raise ErroOperacao(f"Descreva no parecer, em ao menos {PARECER_MINIMO} caracteres, por que os traços "
                               "observados não correspondem à autodeclaração: decisões genéricas são anuladas.")
    elif not parecer:
        raise ErroOperacao("Escreva o parecer.")
    avaliacao.parecer = parecer
    avaliacao.caracteristicas = sorted(set(caracteristicas))
    avaliacao.estado = EstadoAvaliacao.CONCLUIDA
    auditar(avaliacao, usuario, f"Parecer: {avaliacao.get_resultado_display()}.")
    avaliacao.save(update_fields=["parecer", "caracteristicas", "estado"])
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
}


def aplicar_na_inscricao(avaliacao: Avaliacao, usuario) -> None:
    """O efeito no certame: as listas e chamadas leem `Inscricao.heteroidentificacao` e aplicam a lei
    congelada (eliminação ou só ampla: concursos.services.candidatos_do_cargo)."""
    inscricao = Inscricao.objects.select_for_update().get(pk=avaliacao.inscricao_id)
    inscricao.heteroidentificacao = RESULTADO_NA_INSCRICAO[avaliacao.resultado]
    instancia = "recurso" if avaliacao.em_recurso else "primeira instância"
    auditar(inscricao, usuario, f"Heteroidentificação ({instancia}): {avaliacao.get_resultado_display()}.")
    inscricao.save(update_fields=["heteroidentificacao"])

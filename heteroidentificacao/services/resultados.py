"""A publicação dos resultados provisório e final da heteroidentificação, e os cotistas que ficam fora dela.

O resultado provisório só sai com todos os cotistas do certame convocados e avaliados (Afonso Cláudio art. 9º, § 7º:
convocam-se «todos os candidatos catistas aprovados até então»), salvo os registrados, com o motivo, como fora da
heteroidentificação. O prazo de recurso de cada candidato corre da publicação do resultado dele (art. 6º, § 2º):
quem é avaliado depois, por nova convocação, sai num resultado provisório complementar. O final exige tudo fechado.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from simple_history.utils import bulk_update_with_history

from concursos.models import Inscricao
from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    Dispensa,
    EstadoRecurso,
    Instancia,
    Recurso,
)
from heteroidentificacao.selectors import (
    avaliacoes_a_publicar,
    avaliacoes_pendentes,
    cotistas_a_convocar,
    prazo_recurso_fim,
)
from heteroidentificacao.services.comum import exigir_motivo
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural

# Quantos nomes uma recusa lista antes de resumir o resto.
LISTAR = 20


def _lista(rotulo: str, linhas: list[str]) -> str:
    mostradas = "; ".join(linhas[:LISTAR])
    resto = f"; e mais {len(linhas) - LISTAR}" if len(linhas) > LISTAR else ""
    return f"{rotulo}: {mostradas}{resto}."


def _inscricoes(inscricoes: QuerySet[Inscricao]) -> list[str]:
    return [f"{i.numero} — {i.candidato} ({i.cargo.codigo})" for i in inscricoes]


def _avaliacoes(avaliacoes: QuerySet[Avaliacao]) -> list[str]:
    return [f"{a.inscricao.numero} — {a.inscricao.candidato} ({a.get_estado_display().lower()})" for a in avaliacoes]


def _pendencias(comissao: Comissao) -> list[str]:
    """O que impede um resultado: cotistas sem convocação e avaliações ainda abertas, cada um pelo nome."""
    pendencias = []
    sem_convocacao = _inscricoes(cotistas_a_convocar(comissao))
    if sem_convocacao:
        pendencias.append(_lista(f"{plural(len(sem_convocacao), 'cotista sem convocação', 'cotistas sem convocação')} "
                                 "(convoque-os ou registre, com o motivo, que ficam fora da heteroidentificação)",
                                 sem_convocacao))
    abertas = _avaliacoes(avaliacoes_pendentes(comissao))
    if abertas:
        pendencias.append(_lista(f"{plural(len(abertas), 'avaliação sem parecer', 'avaliações sem parecer')}", abertas))
    return pendencias


@transaction.atomic
def cotista_dispensar(*, comissao: Comissao, inscricao: Inscricao, motivo: str, usuario) -> Dispensa:
    """Registra que um cotista fica fora da heteroidentificação, com o motivo (p. ex. eliminado numa fase anterior,
    ou fora do número de aprovados que o edital convoca): sem isso, o resultado provisório não sai."""
    comissao = Comissao.objects.select_for_update(of=("self",)).get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("Os cotistas são convocados pela comissão de primeira instância.")
    if inscricao.certame_id != comissao.certame_id or not inscricao.reserva:
        raise ErroOperacao(f"A inscrição {inscricao.numero} não é de um cotista deste certame.")
    if Avaliacao.objects.filter(inscricao=inscricao, recurso__isnull=True).exists():
        raise ErroOperacao(f"A inscrição {inscricao.numero} já foi convocada para a heteroidentificação.")
    if Dispensa.objects.filter(comissao=comissao, inscricao=inscricao).exists():
        raise ErroOperacao(f"A inscrição {inscricao.numero} já está registrada como fora da heteroidentificação.")
    dispensa = Dispensa(comissao=comissao, inscricao=inscricao, registrada_por=usuario,
                        motivo=exigir_motivo(motivo, "de deixar o cotista fora da heteroidentificação"))
    auditar(dispensa, usuario, "Cotista registrado como fora da heteroidentificação.")
    dispensa.save()
    return dispensa


@transaction.atomic
def resultado_provisorio_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    """Publica o resultado provisório: a partir da publicação corre o prazo de recurso de cada candidato, e os nomes
    dos membros deixam de ser sigilosos (art. 11, § 1º). Publicado, uma nova publicação é o resultado complementar
    dos avaliados depois (nova convocação)."""
    comissao = Comissao.objects.select_for_update(of=("self",)).get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("O resultado provisório é da comissão de primeira instância.")
    if comissao.resultado_final_em:
        raise ErroOperacao("O resultado final já foi publicado.")
    if data > timezone.localdate():
        raise ErroOperacao("A data da publicação não pode estar no futuro.")
    complementar = comissao.resultado_provisorio_em is not None
    if complementar and data < comissao.resultado_provisorio_em:
        raise ErroOperacao(f"O resultado provisório foi publicado em {comissao.resultado_provisorio_em:%d/%m/%Y}: o "
                           "complementar não pode ser anterior a ele.")
    if not complementar:
        if not Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True).exists():
            raise ErroOperacao("Nenhum candidato foi avaliado ainda.")
        pendencias = _pendencias(comissao)
        if pendencias:
            lei = comissao.certame.lei
            raise ErroOperacao("O resultado provisório só sai com todos os cotistas avaliados"
                               f"{citar(lei.artigo_momento if lei else '')}. " + " ".join(pendencias))
    publicar = list(avaliacoes_a_publicar(comissao))
    if not publicar:
        raise ErroOperacao("Não há resultado novo a publicar: todas as decisões concluídas já foram publicadas.")
    antes = [a for a in publicar if a.sessao.aberta_em and timezone.localdate(a.sessao.aberta_em) > data]
    if antes:
        raise ErroOperacao(f"A publicação não pode ser anterior à avaliação: a inscrição {antes[0].inscricao.numero} "
                           f"foi avaliada em {timezone.localdate(antes[0].sessao.aberta_em):%d/%m/%Y}.")
    etapa = "complementar " if complementar else ""
    for avaliacao in publicar:
        avaliacao.resultado_publicado_em = data
    bulk_update_with_history(publicar, Avaliacao, ["resultado_publicado_em"], default_user=usuario,
                             default_change_reason=f"Resultado provisório {etapa}publicado em {data:%d/%m/%Y}.")
    if not complementar:
        comissao.resultado_provisorio_em = data
    auditar(comissao, usuario, f"Resultado provisório {etapa}publicado: "
                               f"{plural(len(publicar), 'decisão', 'decisões')}.")
    comissao.save(update_fields=["resultado_provisorio_em"])
    return comissao


def prazo_recurso_da_avaliacao(avaliacao: Avaliacao) -> date | None:
    return prazo_recurso_fim(avaliacao.sessao.comissao, avaliacao.resultado_publicado_em)


@transaction.atomic
def resultado_final_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    """O resultado final: com todos os cotistas avaliados e publicados, todos os recursos julgados e o prazo de
    recurso de cada candidato encerrado. Não muda mais."""
    comissao = Comissao.objects.select_for_update(of=("self",)).get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("O resultado final é publicado pela comissão de primeira instância.")
    if comissao.resultado_provisorio_em is None:
        raise ErroOperacao("Publique antes o resultado provisório.")
    if comissao.resultado_final_em:
        raise ErroOperacao("O resultado final já foi publicado.")
    if data > timezone.localdate():
        raise ErroOperacao("A data da publicação não pode estar no futuro.")
    pendencias = _pendencias(comissao)
    julgadoras = Comissao.objects.filter(certame=comissao.certame_id, instancia=Instancia.RECURSAL)
    for recursal in julgadoras:
        pendencias += _pendencias_da_recursal(recursal)
    a_publicar = _avaliacoes(avaliacoes_a_publicar(comissao).select_related("inscricao__candidato"))
    if a_publicar:
        pendencias.append(_lista("Decisões ainda não publicadas (publique o resultado provisório complementar)",
                                 a_publicar))
    abertos = (Recurso.objects.filter(avaliacao__sessao__comissao=comissao, estado=EstadoRecurso.PROTOCOLADO)
               .select_related("avaliacao__inscricao__candidato").order_by("avaliacao__inscricao__numero"))
    if abertos:
        pendencias.append(_lista(f"{plural(len(abertos), 'recurso ainda não julgado', 'recursos ainda não julgados')}",
                                 [f"{r.avaliacao.inscricao.numero} — {r.avaliacao.inscricao.candidato}"
                                  for r in abertos]))
    if pendencias:
        raise ErroOperacao("O resultado final exige todas as avaliações e todos os recursos encerrados. "
                           + " ".join(pendencias))
    ultima = (Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True)
              .order_by(F("resultado_publicado_em").desc(nulls_last=True)).select_related("inscricao__candidato").first())
    fim = prazo_recurso_fim(comissao, ultima.resultado_publicado_em)
    if data <= fim:
        raise ErroOperacao(f"O prazo de recurso corre até {fim:%d/%m/%Y} (inscrição {ultima.inscricao.numero}, "
                           f"publicada em {ultima.resultado_publicado_em:%d/%m/%Y}): publique o resultado final "
                           "depois dele.")
    comissao.resultado_final_em = data
    auditar(comissao, usuario, "Resultado final publicado.")
    comissao.save(update_fields=["resultado_final_em"])
    return comissao


def _pendencias_da_recursal(recursal: Comissao) -> list[str]:
    abertas = _avaliacoes(avaliacoes_pendentes(recursal))
    return [_lista("Julgamentos de recurso sem parecer na comissão recursal", abertas)] if abertas else []

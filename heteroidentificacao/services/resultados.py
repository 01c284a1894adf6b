"""A publicação dos resultados provisório e final da heteroidentificação."""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction

from concursos.services import ErroOperacao, auditar
from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    EstadoAvaliacao,
    EstadoRecurso,
    Instancia,
    Recurso,
)


@transaction.atomic
def resultado_provisorio_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    """Publica o resultado provisório; a partir daqui correm os prazos de recurso e os nomes dos membros
    deixam de ser sigilosos (art. 11, § 1º)."""
    comissao = Comissao.objects.select_for_update().get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("O resultado provisório é da comissão de primeira instância.")
    if comissao.resultado_provisorio_em:
        raise ErroOperacao("O resultado provisório já foi publicado.")
    avaliacoes = Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True)
    if not avaliacoes.exists():
        raise ErroOperacao("Nenhum candidato foi avaliado ainda.")
    pendentes = avaliacoes.exclude(estado__in=[EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE]).count()
    if pendentes:
        raise ErroOperacao(f"Há {pendentes} avaliação(ões) sem parecer.")
    comissao.resultado_provisorio_em = data
    auditar(comissao, usuario, "Resultado provisório publicado.")
    comissao.save(update_fields=["resultado_provisorio_em"])
    return comissao


def prazo_recurso_fim(comissao: Comissao) -> date | None:
    if comissao.resultado_provisorio_em is None:
        return None
    return comissao.resultado_provisorio_em + timedelta(days=comissao.prazo_recurso_dias)


@transaction.atomic
def resultado_final_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    comissao = Comissao.objects.select_for_update().get(pk=comissao.pk)
    if comissao.resultado_provisorio_em is None:
        raise ErroOperacao("Publique antes o resultado provisório.")
    if comissao.resultado_final_em:
        raise ErroOperacao("O resultado final já foi publicado.")
    fim = prazo_recurso_fim(comissao)
    if data <= fim:
        raise ErroOperacao(f"O prazo de recurso corre até {fim:%d/%m/%Y}: publique o resultado final depois dele.")
    abertos = Recurso.objects.filter(avaliacao__sessao__comissao=comissao, estado=EstadoRecurso.PROTOCOLADO).count()
    if abertos:
        raise ErroOperacao(f"Há {abertos} recurso(s) ainda não julgado(s).")
    comissao.resultado_final_em = data
    auditar(comissao, usuario, "Resultado final publicado.")
    comissao.save(update_fields=["resultado_final_em"])
    return comissao

"""O fim da guarda na comissão (LGPD art. 16): nos certames vencidos, saem as notas sigilosas da entrevista e os traços
fenotípicos observados (dado de origem racial, art. 5º, II), também do histórico e das avaliações individuais dos
membros. O resultado, o parecer motivado e a fundamentação de cada membro ficam: são o ato da comissão, publicado na
ata; a assinatura de cada avaliação cobre o resumo dos traços, que fica, e continua a conferir."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from heteroidentificacao.models import Avaliacao, AvaliacaoIndividual


def anonimizar_avaliacoes(certames: list[int]) -> int:
    if not certames:
        return 0
    filtro = {"inscricao__certame_id__in": certames}
    with transaction.atomic():
        total = Avaliacao.objects.filter(**filtro).exclude(notas_entrevista="", caracteristicas=[]).update(
            notas_entrevista="", caracteristicas=[])
        Avaliacao.history.model.objects.filter(
            inscricao_id__in=Avaliacao.objects.filter(**filtro).values("inscricao_id")).update(caracteristicas=[])
        AvaliacaoIndividual.objects.filter(avaliacao__inscricao__certame_id__in=certames).exclude(
            caracteristicas=[]).update(caracteristicas=[], caracteristicas_apagadas_em=timezone.now())
    return total

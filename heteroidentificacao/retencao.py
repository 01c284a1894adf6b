"""O fim da guarda na comissão (LGPD art. 16): nos certames vencidos, saem as notas sigilosas da entrevista e os traços
fenotípicos observados (dado de origem racial, art. 5º, II), também do histórico. O resultado e o parecer motivado
ficam: são o ato da comissão, publicado na ata."""

from __future__ import annotations

from django.db import transaction

from heteroidentificacao.models import Avaliacao


def anonimizar_avaliacoes(certames: list[int]) -> int:
    if not certames:
        return 0
    filtro = {"inscricao__certame_id__in": certames}
    with transaction.atomic():
        total = Avaliacao.objects.filter(**filtro).exclude(notas_entrevista="", caracteristicas=[]).update(
            notas_entrevista="", caracteristicas=[])
        Avaliacao.history.model.objects.filter(
            inscricao_id__in=Avaliacao.objects.filter(**filtro).values("inscricao_id")).update(caracteristicas=[])
    return total

"""A substituição de um documento emitido por outro, quando um ato (a retificação de um edital) muda o que ele diz.

O documento substituído não é apagado nem deixa de ser autêntico — foi emitido e pode ter sido publicado —, mas a
página de verificação passa a dizer que ele não vale mais, por qual ato, e leva ao que o substitui.
"""

from __future__ import annotations

from django.db import transaction

from documentos.models import DocumentoEmitido


class JaSubstituido(ValueError):
    """O documento já foi substituído por outro."""


@transaction.atomic
def documento_substituir(*, antigo: DocumentoEmitido, novo: DocumentoEmitido, motivo: str) -> DocumentoEmitido:
    """Marca `antigo` como substituído por `novo`, com o motivo que a página pública mostra (p. ex. «Substituído
    pela retificação nº 1 de 05/12/2026»). Trava o antigo: duas reemissões simultâneas não o substituem duas vezes."""
    antigo = DocumentoEmitido.objects.select_for_update().get(pk=antigo.pk)
    if antigo.substituido_por_id is not None:
        raise JaSubstituido(f"O documento {antigo.codigo} já foi substituído pelo {antigo.substituido_por.codigo}.")
    antigo.substituido_por = novo
    antigo.motivo_substituicao = motivo[:200]
    antigo.save(update_fields=["substituido_por", "motivo_substituicao"])
    return antigo

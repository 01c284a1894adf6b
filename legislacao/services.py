"""Escritas sobre as leis: congelar a versão usada por um edital e criar uma nova versão."""

from __future__ import annotations

from django.db import transaction

from legislacao.models import GrupoReserva, Lei


@transaction.atomic
def lei_congelar(*, lei: Lei) -> Lei:
    """Marca a lei como usada por edital publicado: a partir daí as suas regras não mudam mais."""
    lei = Lei.objects.select_for_update().get(pk=lei.pk)
    if not lei.congelada:
        lei.congelada = True
        lei.save(update_fields=["congelada", "alterada_em"])
    return lei


@transaction.atomic
def lei_nova_versao(*, lei: Lei) -> Lei:
    """Copia a versão mais recente da lei (com os grupos) numa nova versão editável.

    Os editais publicados continuam ligados à versão que usaram; os novos passam a usar esta.
    """
    atual = Lei.objects.select_for_update().get(pk=lei.pk)
    if Lei.objects.filter(versao_anterior=atual).exists():
        raise ValueError(f"A versão {atual.versao} de {atual.slug} já tem versão posterior; parta da mais recente.")
    grupos = list(atual.grupos.all())
    nova = Lei.objects.get(pk=atual.pk)
    nova.pk = None
    nova.versao = atual.versao + 1
    nova.versao_anterior = atual
    nova.congelada = False
    nova.save()
    for grupo in grupos:
        grupo.pk = None
        grupo.lei = nova
    GrupoReserva.objects.bulk_create(grupos)
    return nova

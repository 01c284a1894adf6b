"""Escritas sobre as leis: congelar a versão usada por um edital, criar uma nova versão e informar a data de
publicação que o texto não traz."""

from __future__ import annotations

from datetime import date

from django.db import transaction

from legislacao.models import DocumentoAceito, GrupoReserva, Lei
from nucleo.servicos import ErroOperacao, auditar


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
    """Copia a versão mais recente da lei (com os grupos e os documentos que cada um aceita) numa nova versão
    editável.

    Os editais publicados continuam ligados à versão que usaram; os novos passam a usar esta.
    """
    atual = Lei.objects.select_for_update().get(pk=lei.pk)
    if Lei.objects.filter(versao_anterior=atual).exists():
        raise ValueError(f"A versão {atual.versao} de {atual.slug} já tem versão posterior; parta da mais recente.")
    grupos = list(atual.grupos.prefetch_related("documentos_aceitos"))
    nova = Lei.objects.get(pk=atual.pk)
    nova.pk = None
    nova.versao = atual.versao + 1
    nova.versao_anterior = atual
    nova.congelada = False
    nova.save()
    aceitos = [list(grupo.documentos_aceitos.all()) for grupo in grupos]
    for grupo in grupos:
        grupo.pk = None
        grupo.lei = nova
    # O bulk_create devolve os ids no PostgreSQL e no SQLite (RETURNING): os documentos vão aos grupos novos.
    GrupoReserva.objects.bulk_create(grupos)
    documentos = []
    for grupo, do_grupo in zip(grupos, aceitos, strict=True):
        for documento in do_grupo:
            documento.pk = None
            documento.grupo = grupo
            documentos.append(documento)
    DocumentoAceito.objects.bulk_create(documentos)
    return nova


@transaction.atomic
def lei_informar_publicacao(*, lei: Lei, data: date, usuario, motivo: str, observacao: str = "") -> Lei:
    """A data de publicação que o cadastro ainda não tinha (o texto de Iúna e o de Afonso Cláudio não a trazem): a lei
    passa a se aplicar aos editais publicados desde ela. Só enquanto desconhecida, também numa versão congelada
    (`CAMPOS_PERMITIDOS_CONGELADA`); `observacao` vai ao fim das observações da lei."""
    lei = Lei.objects.select_for_update().get(pk=lei.pk)
    if lei.data_publicacao is not None:
        raise ErroOperacao(f"A data de publicação de {lei.slug} já está informada ({lei.data_publicacao:%d/%m/%Y}).")
    lei.data_publicacao = data
    if observacao:
        lei.observacoes = f"{lei.observacoes} {observacao}".strip()
    auditar(lei, usuario, motivo)
    lei.save(update_fields=["data_publicacao", "observacoes", "alterada_em"])
    return lei

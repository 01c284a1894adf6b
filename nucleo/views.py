"""O «ver no site» do admin (/admin/r/<tipo>/<id>/) com o recorte por órgão.

O do Django (contenttypes.views.shortcut) redireciona para `get_absolute_url()` de qualquer registro, sem conferir se
a conta o vê: qualquer conta da equipe percorreria os ids e leria o código de verificação de cada documento emitido
por qualquer órgão. Aqui o registro precisa estar na lista do admin do modelo para a conta.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.contrib.contenttypes.views import shortcut
from django.core.exceptions import ValidationError
from django.http import Http404


def ver_no_site(request, content_type_id: int, object_id: str):
    tipo = ContentType.objects.filter(pk=content_type_id).first()
    modelo = tipo.model_class() if tipo is not None else None
    model_admin = admin.site._registry.get(modelo)
    if model_admin is None or not model_admin.has_view_or_change_permission(request):
        raise Http404
    try:
        visivel = model_admin.get_queryset(request).filter(pk=object_id).exists()
    except (ValueError, ValidationError) as erro:
        raise Http404 from erro
    if not visivel:
        raise Http404
    return shortcut(request, content_type_id, object_id)

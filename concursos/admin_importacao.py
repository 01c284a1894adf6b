"""Telas de importação do admin (envio, prévia, progresso). Provisório: as rotas serão implementadas."""

from django.http import HttpResponse
from django.urls import path


def _em_construcao(request, *args, **kwargs):
    return HttpResponse("Em construção.", status=501)


def urls(admin_site) -> list:
    return [
        path("certame/<int:certame_id>/importar/", admin_site.admin_view(_em_construcao),
             name="concursos_certame_importar"),
        path("importacao/<int:importacao_id>/", admin_site.admin_view(_em_construcao),
             name="concursos_importacao_progresso"),
    ]

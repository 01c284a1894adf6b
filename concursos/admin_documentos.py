"""Downloads dos PDFs no admin (quadro de vagas, listas, convocações). Provisório: as rotas serão implementadas."""

from django.http import HttpResponse
from django.urls import path


def _em_construcao(request, *args, **kwargs):
    return HttpResponse("Em construção.", status=501)


def urls(admin_site) -> list:
    return [
        path("certame/<int:certame_id>/quadro-de-vagas.pdf", admin_site.admin_view(_em_construcao),
             name="concursos_certame_quadro_pdf"),
        path("cargo/<int:cargo_id>/lista/<str:codigo>.pdf", admin_site.admin_view(_em_construcao),
             name="concursos_cargo_lista_pdf"),
        path("cargo/<int:cargo_id>/convocacoes.pdf", admin_site.admin_view(_em_construcao),
             name="concursos_cargo_convocacao_pdf"),
    ]

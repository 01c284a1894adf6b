from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from acesso.bloqueio import uma_tentativa_por_vez

admin.site.site_header = "Cotas raciais em concursos públicos"
admin.site.site_title = "Cotas raciais"
admin.site.index_title = "Administração"

urlpatterns = [
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
    path("admin/login/", uma_tentativa_por_vez(admin.site.login)),
    path("admin/", admin.site.urls),
    path("acesso/", include("acesso.urls")),
    path("verificar/", include("documentos.urls")),
    path("comissao/", include("heteroidentificacao.urls")),
]

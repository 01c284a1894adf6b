from django.contrib import admin
from django.urls import include, path, reverse_lazy
from django.views.generic import RedirectView

from acesso.bloqueio import uma_tentativa_por_vez
from nucleo.views import ver_no_site

admin.site.site_header = "Cotas raciais em concursos públicos"
admin.site.site_title = "Cotas raciais"
admin.site.index_title = "Administração"
# «Ver o site» leva à página pública (a de transparência), não de volta ao login do admin.
admin.site.site_url = reverse_lazy("transparencia:indice")

urlpatterns = [
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
    # Antes do admin: o «ver no site» do Django não recorta por órgão (nucleo/views.py).
    path("admin/r/<int:content_type_id>/<path:object_id>/", admin.site.admin_view(ver_no_site)),
    path("admin/login/", uma_tentativa_por_vez(admin.site.login)),
    path("admin/indicadores/", include("monitoramento.urls")),
    path("admin/", admin.site.urls),
    path("acesso/", include("acesso.urls")),
    path("verificar/", include("documentos.urls")),
    path("comissao/", include("heteroidentificacao.urls")),
    path("transparencia/", include("monitoramento.urls_publicas")),
]

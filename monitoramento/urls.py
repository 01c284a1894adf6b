from django.contrib import admin
from django.urls import path

from monitoramento.views import painel

app_name = "monitoramento"
urlpatterns = [
    path("", admin.site.admin_view(painel.painel_dos_orgaos), name="painel"),
    path("certame/<int:certame_id>/", admin.site.admin_view(painel.painel_do_certame), name="painel_do_certame"),
]

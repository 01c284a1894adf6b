from django.urls import path

from acesso import views

app_name = "acesso"

urlpatterns = [
    path("codigo/", views.codigo, name="codigo"),
    path("ativar/", views.ativar, name="ativar"),
]

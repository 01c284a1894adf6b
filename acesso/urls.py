from django.urls import path

from acesso import views
from acesso.bloqueio import uma_tentativa_por_vez

app_name = "acesso"

urlpatterns = [
    path("codigo/", uma_tentativa_por_vez(views.codigo), name="codigo"),
    path("ativar/", uma_tentativa_por_vez(views.ativar), name="ativar"),
]

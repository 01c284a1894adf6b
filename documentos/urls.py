from django.urls import path

from documentos import views

app_name = "documentos"

urlpatterns = [
    path("", views.verificar, name="verificar"),
    path("<str:codigo>/", views.verificar_codigo, name="verificar_codigo"),
]

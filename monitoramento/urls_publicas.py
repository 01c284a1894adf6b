from django.urls import path

from monitoramento.views import publicas

app_name = "transparencia"
urlpatterns = [
    path("", publicas.indice, name="indice"),
    path("dicionario/", publicas.dicionario, name="dicionario"),
    path("<int:orgao_id>/", publicas.orgao, name="orgao"),
    path("<int:orgao_id>/dados.csv", publicas.dados_csv, name="dados_csv"),
    path("<int:orgao_id>/dados.json", publicas.dados_json, name="dados_json"),
]

from django.apps import AppConfig


class LegislacaoConfig(AppConfig):
    name = "legislacao"
    verbose_name = "Legislação de reserva de vagas"

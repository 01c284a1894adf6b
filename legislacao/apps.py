from django.apps import AppConfig


class LegislacaoConfig(AppConfig):
    name = "legislacao"
    verbose_name = "Legislação de reserva de vagas"

    def ready(self) -> None:
        from legislacao.models import GrupoReserva, Lei
        from nucleo.orgaos import declarar_sem_orgao

        # A lei é do município (ou da União) e vale para todos os órgãos dele: a mesma para todas as contas.
        declarar_sem_orgao(Lei, GrupoReserva)

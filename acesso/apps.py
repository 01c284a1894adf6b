from django.apps import AppConfig


class AcessoConfig(AppConfig):
    name = "acesso"
    verbose_name = "Acesso"

    def ready(self) -> None:
        from acesso import sessoes  # noqa: F401 (liga o sinal de login)

from django.apps import AppConfig


class HeteroidentificacaoConfig(AppConfig):
    name = "heteroidentificacao"
    verbose_name = "Heteroidentificação"

    def ready(self) -> None:
        from heteroidentificacao import titular
        from nucleo.titular import fonte

        fonte(titular.secoes)

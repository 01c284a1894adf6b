from django.apps import AppConfig


class HeteroidentificacaoConfig(AppConfig):
    name = "heteroidentificacao"
    verbose_name = "Heteroidentificação"

    def ready(self) -> None:
        from heteroidentificacao import (
            documentos,  # noqa: F401 (importá-lo registra os tipos de documento do app)
            retencao,
            titular,
        )
        from nucleo.retencao import anonimizador
        from nucleo.titular import fonte

        fonte(titular.secoes)
        anonimizador("avaliações da comissão", retencao.anonimizar_avaliacoes)

from django.apps import AppConfig


class ConcursosConfig(AppConfig):
    name = "concursos"
    verbose_name = "Concursos e processos seletivos"

    def ready(self) -> None:
        from concursos import (
            documentos,  # noqa: F401 (importá-lo registra os tipos de documento do app)
            retencao,
            titular,
        )
        from nucleo.retencao import anonimizador
        from nucleo.titular import fonte

        fonte(titular.secoes, titulares=titular.titulares)
        anonimizador("candidatos", retencao.anonimizar_candidatos)

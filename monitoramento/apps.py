from django.apps import AppConfig


class MonitoramentoConfig(AppConfig):
    """Os indicadores da lei, a comissão de monitoramento, os relatórios e a página pública de transparência
    (Ubatuba arts. 9º a 13; Lei 15.142/2025, art. 3º, § 3º, e art. 10; decisão 0023)."""

    name = "monitoramento"
    verbose_name = "Monitoramento e transparência"

    def ready(self) -> None:
        from monitoramento import documentos  # noqa: F401 (importá-lo registra o tipo de documento do app)

from django.apps import AppConfig


class DemonstracaoConfig(AppConfig):
    """A camada de cima (docs/decisoes/0008): os perfis de acesso, que nomeiam as permissões de todos os apps, e
    os dados da demonstração local de `make run`. Nenhum outro app importa daqui."""

    name = "demonstracao"
    verbose_name = "Demonstração e perfis de acesso"

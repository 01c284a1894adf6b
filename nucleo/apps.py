from django.apps import AppConfig


class NucleoConfig(AppConfig):
    name = "nucleo"
    verbose_name = "Órgãos, usuários e proteção de dados"

    def ready(self) -> None:
        from django.contrib.auth.models import Group, Permission

        from nucleo.models import Municipio
        from nucleo.orgaos import declarar_sem_orgao

        # Os grupos e as permissões são os mesmos perfis em todos os órgãos: o órgão vem da lotação da conta; os
        # municípios são a lista do IBGE, a mesma para todos.
        declarar_sem_orgao(Group, Permission, Municipio)

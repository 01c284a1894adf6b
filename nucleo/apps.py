from django.apps import AppConfig


class NucleoConfig(AppConfig):
    name = "nucleo"
    verbose_name = "Órgãos, usuários e proteção de dados"

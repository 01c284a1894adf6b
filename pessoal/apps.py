from django.apps import AppConfig


class PessoalConfig(AppConfig):
    """O quadro de pessoal fora dos concursos: as nomeações para cargos em comissão, os contratos de estágio e o
    cadastro dos servidores com a autodeclaração do recadastramento (Ubatuba art. 1º, parágrafo único, I, e arts. 8º e
    10; decisão 0023)."""

    name = "pessoal"
    verbose_name = "Pessoal (cargos em comissão, estágios e servidores)"

    def ready(self) -> None:
        from nucleo.titular import fonte
        from pessoal import titular

        fonte(titular.secoes)

"""Base dos comandos de simulação: argumentos comuns, mensagens em português e o quadro de vagas.

Todo erro de entrada vira CommandError (saída 1, mensagem na saída de erro) ANTES de qualquer
escrita na saída padrão: quem consome o JSON nunca recebe meio resultado.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from legislacao.models import Lei
from legislacao.motor import ErroRegras, Quadro, Regras, calcular_quadro
from legislacao.saida import escrever_json
from legislacao.selectors import lei_por_slug

_TRADUCOES = (
    (re.compile(r"the following arguments are required: "), "faltam os argumentos obrigatórios: "),
    (re.compile(r"unrecognized arguments: "), "argumentos desconhecidos: "),
    (re.compile(r"^argument "), "argumento "),
    (re.compile(r"expected one argument"), "falta o valor"),
    (re.compile(r"ambiguous option: "), "opção ambígua: "),
)


def traduzir_erro_argparse(mensagem: str) -> str:
    for padrao, traducao in _TRADUCOES:
        mensagem = padrao.sub(traducao, mensagem)
    return mensagem


def inteiro(texto: str) -> int:
    """Tipo dos argumentos numéricos, com a mensagem de erro em português."""
    try:
        return int(str(texto).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"valor «{texto}» inválido: use um número inteiro.") from None


class ComandoSimulacao(BaseCommand):
    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        erro_original = parser.error

        def erro(mensagem: str):
            return erro_original(traduzir_erro_argparse(mensagem))

        parser.error = erro
        return parser

    def add_arguments(self, parser) -> None:
        parser.add_argument("--lei", required=True, metavar="SLUG",
                            help="Identificador da lei (p. ex. vargem-alta-es-2023); usa a versão mais recente.")
        parser.add_argument("--vagas", required=True, type=inteiro, metavar="N",
                            help="Vagas oferecidas no cargo (o lote da convocação inicial).")
        parser.add_argument("--vagas-pcd", type=inteiro, default=0, metavar="M",
                            help="Vagas para pessoas com deficiência, definidas pelo edital (padrão: 0).")
        parser.add_argument("--posicoes", type=inteiro, default=None, metavar="K",
                            help="Quantas posições da ordem de nomeação mostrar (padrão: N; além de N, o "
                                 "cadastro de reserva segue o padrão da lei).")
        parser.add_argument("--json", action="store_true", help="Saída como um único objeto JSON.")

    def quadro(self, options: dict[str, Any]) -> tuple[Lei, Regras, Quadro]:
        """A lei, as suas regras e o quadro de vagas; CommandError em português se algo não serve."""
        slug = options["lei"]
        for opcao, chave, minimo in (("--vagas", "vagas", 1), ("--vagas-pcd", "vagas_pcd", 0),
                                     ("--posicoes", "posicoes", 1)):
            valor = options[chave]
            if valor is not None and valor < minimo:
                raise CommandError(f"Argumento {opcao}, valor «{valor}»: deve ser ao menos {minimo}.")
        try:
            lei = lei_por_slug(slug)
        except Lei.DoesNotExist:
            cadastradas = sorted(set(Lei.objects.values_list("slug", flat=True)))
            lista = ", ".join(cadastradas) if cadastradas else "nenhuma"
            raise CommandError(
                f"Argumento --lei, valor «{slug}»: lei não encontrada. Leis cadastradas: {lista}.") from None
        regras = lei.regras()
        try:
            quadro = calcular_quadro(regras, options["vagas"], options["vagas_pcd"], options["posicoes"])
        except ErroRegras as exc:
            raise CommandError(f"Parâmetros impossíveis para a lei {slug} (--vagas {options['vagas']}, "
                               f"--vagas-pcd {options['vagas_pcd']}): {exc}") from exc
        return lei, regras, quadro

    def escrever_linhas(self, linhas) -> None:
        for linha in linhas:
            self.stdout.write(linha)

    def escrever_json(self, dados: dict[str, Any]) -> None:
        self.stdout.ending = ""
        try:
            escrever_json(dados, self.stdout)
        finally:
            self.stdout.ending = "\n"

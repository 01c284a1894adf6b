"""Base dos comandos de simulação: argumentos comuns, mensagens em português e o quadro de vagas.

Todo erro de entrada vira CommandError (saída 1, mensagem na saída de erro) ANTES de qualquer
escrita na saída padrão: quem consome o JSON nunca recebe meio resultado.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from legislacao.models import Lei
from legislacao.motor import (
    Arredondamento,
    ErroRegras,
    Quadro,
    RegraPcd,
    Regras,
    calcular_quadro,
    vagas_pcd_do_edital,
)
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


def percentual(texto: str) -> Decimal:
    """Percentual com vírgula ou ponto, de 0,01 a 100."""
    try:
        valor = Decimal(str(texto).strip().replace(",", "."))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"valor «{texto}» inválido: use um percentual, p. ex. 5 ou 2,5.") from None
    if not Decimal("0.01") <= valor <= 100:
        raise argparse.ArgumentTypeError(f"valor «{texto}» inválido: o percentual vai de 0,01 a 100.")
    return valor


def posicoes(texto: str) -> tuple[int, ...]:
    """Posições separadas por vírgula, cada uma a partir de 1."""
    try:
        valores = tuple(sorted({int(p) for p in str(texto).replace(" ", "").split(",") if p}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"valor «{texto}» inválido: use posições separadas por vírgula, p. ex. "
                                         "5,21,41.") from None
    if not valores or valores[0] < 1:
        raise argparse.ArgumentTypeError(f"valor «{texto}» inválido: as posições começam em 1.")
    return valores


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
        parser.add_argument("--vagas-pcd", type=inteiro, default=None, metavar="M",
                            help="Vagas para pessoas com deficiência, definidas pelo edital (padrão: as do "
                                 "--pcd-percentual, ou 0).")
        parser.add_argument("--posicoes", type=inteiro, default=None, metavar="K",
                            help="Quantas posições da ordem de nomeação mostrar (padrão: N; além de N, o "
                                 "cadastro de reserva segue o padrão da lei).")
        parser.add_argument("--pcd-percentual", type=percentual, default=None, metavar="P",
                            help="Percentual PcD do edital (p. ex. 5): as vagas PcD saem dele, se --vagas-pcd "
                                 "não for informado.")
        parser.add_argument("--pcd-arredondamento", choices=[a.value for a in Arredondamento],
                            default=Arredondamento.TETO.value,
                            help="Fração de vaga PcD com --pcd-percentual (padrão: teto, a fração sobe).")
        parser.add_argument("--pcd-posicoes", type=posicoes, default=(), metavar="P1,P2,...",
                            help="Posições PcD fixadas no edital (p. ex. 5,21,41).")
        parser.add_argument("--pcd-intervalo", type=inteiro, default=0, metavar="K",
                            help="Com --pcd-posicoes: depois da última, uma vaga PcD a cada K nomeações.")
        parser.add_argument("--pcd-base", default="", metavar="TEXTO",
                            help="Item do edital das vagas PcD, citado como base (p. ex. «item 4.1»).")
        parser.add_argument("--item-criterio", default="", metavar="TEXTO",
                            help="Item do edital que adota o critério das posições que a lei deixa em aberto.")
        parser.add_argument("--json", action="store_true", help="Saída como um único objeto JSON.")

    def quadro(self, options: dict[str, Any]) -> tuple[Lei, Regras, Quadro]:
        """A lei, as suas regras e o quadro de vagas; CommandError em português se algo não serve."""
        slug = options["lei"]
        for opcao, chave, minimo in (("--vagas", "vagas", 1), ("--vagas-pcd", "vagas_pcd", 0),
                                     ("--posicoes", "posicoes", 1), ("--pcd-intervalo", "pcd_intervalo", 0)):
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
        regra_pcd = RegraPcd(percentual=options["pcd_percentual"],
                             arredondamento=Arredondamento(options["pcd_arredondamento"]),
                             posicoes=options["pcd_posicoes"], intervalo=options["pcd_intervalo"],
                             artigo=options["pcd_base"])
        regras = replace(lei.regras(), pcd=regra_pcd, item_criterio=options["item_criterio"])
        vagas_pcd = options["vagas_pcd"]
        if vagas_pcd is None:
            vagas_pcd = vagas_pcd_do_edital(regra_pcd, options["vagas"]) or 0
        try:
            quadro = calcular_quadro(regras, options["vagas"], vagas_pcd, options["posicoes"])
        except ErroRegras as exc:
            raise CommandError(f"Parâmetros impossíveis para a lei {slug} (--vagas {options['vagas']}, "
                               f"--vagas-pcd {vagas_pcd}): {exc}") from exc
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

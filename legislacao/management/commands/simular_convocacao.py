"""Quem ocupa cada posição da ordem de nomeação, a partir do CSV de inscrições classificadas.

    python manage.py simular_convocacao --lei SLUG --vagas N [--vagas-pcd M] [--posicoes K]
        --inscricoes ARQUIVO.csv [--json]

Colunas do CSV (qualquer ordem): inscricao, classificacao, cor_raca, quilombola, pcd, reserva, situacao.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from django.core.management.base import CommandError

from legislacao.entrada import Erro, ErroEntrada, ler_candidatos
from legislacao.management.commands._simulacao import ComandoSimulacao
from legislacao.motor import Candidato, convocar
from legislacao.saida import convocacao_para_dict, linhas_convocacao
from nucleo.texto import plural


class _Contador:
    """Conta as linhas físicas já lidas, para situar erros que o leitor de CSV não localiza."""

    def __init__(self, arquivo: TextIO):
        self.arquivo, self.linhas = arquivo, 0

    def __iter__(self) -> Iterator[str]:
        for linha in self.arquivo:
            self.linhas += 1
            yield linha


def _linha_fora_de_utf8(caminho: Path) -> tuple[int, bytes]:
    with caminho.open("rb") as arquivo:
        for numero, linha in enumerate(arquivo, 1):
            try:
                linha.decode("utf-8")
            except UnicodeDecodeError as exc:
                return numero, linha[exc.start:exc.end]
    return 0, b""


def ler_arquivo(caminho: Path) -> list[Candidato]:
    """Lê o CSV de inscrições; CommandError em português, com linha, coluna e valor, se algo não serve."""
    rotulo = f"Arquivo «{caminho}»"
    try:
        with caminho.open(encoding="utf-8-sig", newline="") as arquivo:
            contador = _Contador(arquivo)
            try:
                return ler_candidatos(contador)
            except ErroEntrada as exc:
                raise CommandError(f"{rotulo}: {plural(len(exc.erros), 'erro')}:\n{exc}") from exc
            except UnicodeDecodeError:
                raise  # é um ValueError: tratado abaixo, com a linha exata
            except csv.Error as exc:
                raise CommandError(f"{rotulo}: {Erro(contador.linhas, '', '', f'CSV malformado ({exc}).')}") from exc
            except ValueError as exc:
                # entrada.py aceita em «classificacao» dígitos que int() recusa (p. ex. «²», str.isdigit);
                # sem esta guarda o erro sairia como traceback, sem a linha.
                valor = re.search(r": '(.*)'$", str(exc))
                erro = Erro(contador.linhas, "classificacao", valor.group(1) if valor else "",
                            "use um número inteiro a partir de 1 (1 = melhor classificado).")
                raise CommandError(f"{rotulo}: {erro}") from exc
    except UnicodeDecodeError as exc:
        numero, trecho = _linha_fora_de_utf8(caminho)
        erro = Erro(numero or 1, "", "", f"bytes {trecho!r} não são UTF-8; salve o arquivo como «CSV UTF-8».")
        raise CommandError(f"{rotulo}: {erro}") from exc
    except FileNotFoundError as exc:
        raise CommandError(f"{rotulo} (argumento --inscricoes): arquivo não encontrado.") from exc
    except IsADirectoryError as exc:
        raise CommandError(f"{rotulo} (argumento --inscricoes): é uma pasta, não um arquivo.") from exc
    except PermissionError as exc:
        raise CommandError(f"{rotulo} (argumento --inscricoes): sem permissão de leitura.") from exc
    except OSError as exc:
        raise CommandError(f"{rotulo} (argumento --inscricoes): não foi possível ler ({exc.strerror}).") from exc


class Command(ComandoSimulacao):
    help = ("Simula a convocação de um cargo: quem ocupa cada posição da ordem de nomeação (vaga, lista de "
            "origem, inscrição), a partir do CSV de inscrições classificadas.")

    def add_arguments(self, parser) -> None:
        super().add_arguments(parser)
        parser.add_argument("--inscricoes", required=True, metavar="ARQUIVO.csv",
                            help="CSV UTF-8 com as colunas inscricao, classificacao, cor_raca, quilombola, pcd, "
                                 "reserva, situacao.")

    def handle(self, *args, **options) -> None:
        lei, regras, quadro = self.quadro(options)
        candidatos = ler_arquivo(Path(options["inscricoes"]))
        convocados = convocar(regras, quadro, candidatos)
        del candidatos
        if options["json"]:
            self.escrever_json(convocacao_para_dict(lei, regras, quadro, convocados))
        else:
            self.escrever_linhas(linhas_convocacao(lei, regras, quadro, convocados))

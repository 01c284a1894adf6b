"""Leitura do CSV de candidatos do simulador (o mesmo leiaute das importações da banca).

Colunas, em qualquer ordem: inscricao, classificacao, cor_raca, quilombola, pcd, reserva, situacao.
Cada erro diz a linha (a do cabeçalho é a 1), a coluna e o valor; nada é aceito pela metade.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from legislacao.motor import CORES, SITUACOES, Candidato
from nucleo.texto import sem_acento

COLUNAS = ("inscricao", "classificacao", "cor_raca", "quilombola", "pcd", "reserva", "situacao")
SIM_NAO = {"sim": True, "s": True, "nao": False, "n": False}
MAXIMO_ERROS = 50


@dataclass(frozen=True)
class Erro:
    linha: int
    coluna: str
    valor: str
    motivo: str

    def __str__(self) -> str:
        if not self.coluna:
            return f"Linha {self.linha}: {self.motivo}"
        return f"Linha {self.linha}, coluna «{self.coluna}», valor «{self.valor}»: {self.motivo}"


class ErroEntrada(ValueError):
    """Erros do arquivo, todos de uma vez (até MAXIMO_ERROS), em português."""

    def __init__(self, erros: list[Erro]):
        self.erros = erros
        super().__init__("\n".join(str(e) for e in erros))


def _chave(texto: str) -> str:
    return sem_acento(texto).strip().lower()


def _linhas(fonte: str | bytes | Iterable[str]) -> Iterator[str]:
    if isinstance(fonte, bytes):
        try:
            fonte = fonte.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ErroEntrada([Erro(1, "", "", "o arquivo não está em UTF-8; salve-o como «CSV UTF-8».")]) from exc
    if isinstance(fonte, str):
        return iter(io.StringIO(fonte.removeprefix("\ufeff"), newline=""))
    return iter(fonte)


def ler_candidatos(fonte: str | bytes | Iterable[str]) -> list[Candidato]:
    """Lê e valida o CSV inteiro; devolve os candidatos ou levanta ErroEntrada com todos os erros."""
    leitor = csv.reader(_linhas(fonte))
    cabecalho = next(leitor, None)
    if not cabecalho or not any(c.strip() for c in cabecalho):
        raise ErroEntrada([Erro(1, "", "", "o arquivo está vazio; a primeira linha deve ser o cabeçalho com as "
                                           f"colunas {', '.join(COLUNAS)}.")])
    indice = {}
    for i, nome in enumerate(cabecalho):
        indice.setdefault(_chave(nome.removeprefix("\ufeff")), i)
    faltando = [c for c in COLUNAS if c not in indice]
    if faltando:
        raise ErroEntrada([Erro(1, c, "", "coluna obrigatória ausente do cabeçalho.") for c in faltando])
    erros: list[Erro] = []
    candidatos: list[Candidato] = []
    inscricoes: dict[str, int] = {}
    classificacoes: dict[int, int] = {}
    for linha in leitor:
        numero = leitor.line_num
        if not any(campo.strip() for campo in linha):
            continue
        if len(linha) != len(cabecalho):
            erros.append(Erro(numero, "", "", f"a linha tem {len(linha)} campos, e o cabeçalho {len(cabecalho)}; "
                                              "confira separadores e aspas."))
        else:
            candidato = _candidato(numero, {c: linha[indice[c]].strip() for c in COLUNAS}, erros)
            if candidato is not None:
                _unicidade(numero, candidato, inscricoes, classificacoes, erros)
                candidatos.append(candidato)
        if len(erros) >= MAXIMO_ERROS:
            erros.append(Erro(numero, "", "", f"leitura interrompida após {MAXIMO_ERROS} erros."))
            break
    if erros:
        raise ErroEntrada(erros)
    return candidatos


def _candidato(numero: int, campos: dict[str, str], erros: list[Erro]) -> Candidato | None:
    antes = len(erros)

    def erro(coluna: str, motivo: str) -> None:
        erros.append(Erro(numero, coluna, campos[coluna], motivo))

    if not campos["inscricao"]:
        erro("inscricao", "a inscrição é obrigatória.")
    classificacao = 0
    if not (campos["classificacao"].isascii() and campos["classificacao"].isdecimal()) \
            or int(campos["classificacao"]) < 1:
        erro("classificacao", "use um número inteiro a partir de 1 (1 = melhor classificado).")
    else:
        classificacao = int(campos["classificacao"])
    cor = _chave(campos["cor_raca"])
    if cor not in CORES:
        erro("cor_raca", f"valor desconhecido; use {', '.join(CORES)}.")
    booleanos = {}
    for coluna in ("quilombola", "pcd", "reserva"):
        valor = SIM_NAO.get(_chave(campos[coluna]))
        if valor is None:
            erro(coluna, "valor desconhecido; use sim ou nao.")
        booleanos[coluna] = valor
    situacao = _chave(campos["situacao"])
    if situacao not in SITUACOES:
        erro("situacao", f"valor desconhecido; use {', '.join(SITUACOES)}.")
    if len(erros) > antes:
        return None
    return Candidato(inscricao=campos["inscricao"], classificacao=classificacao, cor_raca=cor,
                     situacao=situacao, **booleanos)


def _unicidade(numero: int, c: Candidato, inscricoes: dict, classificacoes: dict, erros: list[Erro]) -> None:
    if c.inscricao in inscricoes:
        erros.append(Erro(numero, "inscricao", c.inscricao,
                          f"inscrição repetida (já aparece na linha {inscricoes[c.inscricao]})."))
    else:
        inscricoes[c.inscricao] = numero
    if c.classificacao in classificacoes:
        erros.append(Erro(numero, "classificacao", str(c.classificacao),
                          f"classificação repetida (já aparece na linha {classificacoes[c.classificacao]}); a "
                          "banca deve aplicar os critérios de desempate."))
    else:
        classificacoes[c.classificacao] = numero

"""Os documentos que a lei aceita para concorrer a uma reserva, e se os que o candidato apresentou bastam.

Python puro, como o motor: recebe as exigências de uma lei (cada grupo de reserva com os tipos de documento que ela
aceita, a regra de composição e o artigo) e os documentos apresentados com a sua conferência, e diz a situação do
candidato em cada grupo. Iúna art. 2º, II: o indígena apresenta a declaração de pertencimento étnico ou ao menos um
dos documentos das alíneas a a d (basta um); Ibatiba art. 2º: concorre quem tem a condição em documento oficial.

O que cada situação faz na chamada (quem ainda não foi conferido espera; quem teve o documento recusado sai da lista
do grupo) está em docs/decisoes/0021-documentos-exigidos-pela-lei.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

# O tipo de um registro de «nenhum documento apresentado» no prazo do edital: conta como recusa do grupo.
NENHUM = ""
NOME_NENHUM = "Nenhum documento apresentado no prazo do edital"


class Regra(StrEnum):
    """Como os documentos aceitos se compõem."""

    UM_DOS = "um_dos"
    TODOS = "todos"


class Conferencia(StrEnum):
    A_CONFERIR = "a_conferir"
    ACEITO = "aceito"
    RECUSADO = "recusado"


class Situacao(StrEnum):
    """A situação do candidato num grupo que exige documento."""

    ACEITA = "aceita"
    A_CONFERIR = "a_conferir"
    FALTA = "falta"
    RECUSADA = "recusada"


ROTULOS = {
    Situacao.ACEITA: "documento aceito",
    Situacao.A_CONFERIR: "documento a conferir",
    Situacao.FALTA: "nenhum documento registrado",
    Situacao.RECUSADA: "documento recusado",
}
# Quem ainda pode vir a ter o documento aceito: a chamada que o poria em vaga reservada espera (decisão 0021).
ESPERAM = frozenset({Situacao.A_CONFERIR, Situacao.FALTA})


@dataclass(frozen=True, slots=True)
class TipoDeDocumento:
    codigo: str
    nome: str
    artigo: str = ""
    descricao: str = ""


@dataclass(frozen=True, slots=True)
class Exigencia:
    """Os documentos que a lei aceita para um grupo de reserva, com a regra de composição e o artigo."""

    grupo: str
    regra: Regra
    artigo: str
    tipos: tuple[TipoDeDocumento, ...]

    def tipo(self, codigo: str) -> TipoDeDocumento | None:
        for tipo in self.tipos:
            if tipo.codigo == codigo:
                return tipo
        return None

    def descrever(self) -> str:
        """O que a lei aceita, para seguir «o candidato apresenta…»: «um destes documentos: A; B (alínea)», «todos
        estes documentos: A; B» ou, com um só, o nome dele."""
        nomes = "; ".join(t.nome + (f" ({t.artigo})" if t.artigo and t.artigo != self.artigo else "")
                          for t in self.tipos)
        if len(self.tipos) == 1:
            # «Documento oficial…» no meio da frase; uma sigla («RANI…») fica como está.
            return nomes[:1].lower() + nomes[1:] if nomes[1:2].islower() else nomes
        quantos = "um destes" if self.regra is Regra.UM_DOS else "todos estes"
        return f"{quantos} documentos: {nomes}"


def situacao(exigencia: Exigencia, apresentados: Iterable[tuple[str, str]]) -> Situacao:
    """A situação do candidato no grupo, pelos documentos apresentados: pares (tipo, conferência).

    Basta um (Iúna art. 2º, II): um aceito basta; senão, um a conferir espera a conferência; só recusas (ou o registro
    de que nada foi apresentado no prazo) são a recusa; nada registrado é a falta. Todos: cada tipo aceito; um tipo só
    com recusas (ou nada apresentado no prazo, sem outro a conferir) é a recusa.
    """
    por_tipo: dict[str, set[str]] = {}
    for tipo, conferencia in apresentados:
        por_tipo.setdefault(tipo, set()).add(conferencia)
    if exigencia.regra is Regra.UM_DOS:
        todas = set().union(*por_tipo.values()) if por_tipo else set()
        return _de_um_tipo(todas, nada_no_prazo=False)
    nada_no_prazo = Conferencia.RECUSADO in por_tipo.get(NENHUM, ())
    situacoes = {_de_um_tipo(por_tipo.get(t.codigo, set()), nada_no_prazo) for t in exigencia.tipos}
    for resultado in (Situacao.RECUSADA, Situacao.A_CONFERIR, Situacao.FALTA):
        if resultado in situacoes:
            return resultado
    return Situacao.ACEITA


def _de_um_tipo(conferencias: set[str], nada_no_prazo: bool) -> Situacao:
    if Conferencia.ACEITO in conferencias:
        return Situacao.ACEITA
    if Conferencia.A_CONFERIR in conferencias:
        return Situacao.A_CONFERIR
    if Conferencia.RECUSADO in conferencias or nada_no_prazo:
        return Situacao.RECUSADA
    return Situacao.FALTA


def exigencias_para_dict(exigencias: Iterable[Exigencia]) -> dict:
    """As exigências como dados JSON, para congelá-las com as regras do edital publicado (`exigencias_de_dict`)."""
    return {e.grupo: {"regra": e.regra.value, "artigo": e.artigo,
                      "tipos": [{"codigo": t.codigo, "nome": t.nome, "artigo": t.artigo, "descricao": t.descricao}
                                for t in e.tipos]}
            for e in exigencias}


def exigencias_de_dict(dados: Mapping | None) -> dict[str, Exigencia]:
    """As exigências congeladas, por grupo; sem a chave (um edital publicado antes delas), nenhuma."""
    return {grupo: Exigencia(grupo, Regra(e["regra"]), e["artigo"],
                             tuple(TipoDeDocumento(t["codigo"], t["nome"], t.get("artigo", ""), t.get("descricao", ""))
                                   for t in e["tipos"]))
            for grupo, e in (dados or {}).items() if e.get("tipos")}

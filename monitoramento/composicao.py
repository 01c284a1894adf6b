"""Conferência da composição da comissão de monitoramento contra a lei (Python puro, sem banco).

A composição é dado da lei (`Lei.monitoramento_unidades`, uma unidade por linha, a primeira coordena;
`Lei.monitoramento_representante_por_grupo`; o artigo em `Lei.artigo_composicao_monitoramento`), p. ex. Ubatuba
art. 9º, § 1º: servidores indicados por três secretarias — a de Cidadania e Assistência Social a coordena — e «um
representante de cada grupo étnico especificado nesta Lei». A lei diz «no mínimo»: a comissão pode ter mais membros,
e conta-se só o que falta.

Os grupos étnicos não são os grupos de reserva: Ubatuba reserva as vagas num grupo só («negros, índios e
quilombolas»), mas pede um representante de cada grupo étnico — os negros (pretos e pardos), os indígenas e os
quilombolas. Contam-se os componentes dos grupos de reserva (`grupos_etnicos`), não os grupos.

O formato das falhas é o da comissão de heteroidentificação (`heteroidentificacao.composicao.Problema`): a frase e o
dispositivo, que vem da lei e nunca do código.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from heteroidentificacao.composicao import Conferencia, Problema

# Os grupos étnicos, na ordem em que as leis os nomeiam: o código e o nome no plural («o representante dos …»).
GRUPOS_ETNICOS = (("negros", "negros"), ("indigenas", "indígenas"), ("quilombolas", "quilombolas"))
NOMES_DOS_GRUPOS = dict(GRUPOS_ETNICOS)


def grupos_etnicos(grupos_de_reserva: Iterable) -> tuple[str, ...]:
    """Os códigos dos grupos étnicos alcançados pelos grupos de reserva da lei (objetos com os atributos `preta`,
    `parda`, `indigena` e `quilombola`, como `legislacao.models.GrupoReserva`), na ordem de `GRUPOS_ETNICOS`: pretos e
    pardos são os negros (Estatuto da Igualdade Racial, Lei 12.288/2010, art. 1º, parágrafo único, IV)."""
    alcancados = set()
    for grupo in grupos_de_reserva:
        if grupo.preta or grupo.parda:
            alcancados.add("negros")
        if grupo.indigena:
            alcancados.add("indigenas")
        if grupo.quilombola:
            alcancados.add("quilombolas")
    return tuple(codigo for codigo, _ in GRUPOS_ETNICOS if codigo in alcancados)


def _feminino(unidade: str) -> bool:
    """Se o nome da unidade pede «a» («a Secretaria», «a Procuradoria», «a Fundação») ou «o» («o Gabinete», «o
    Conselho»): decide o primeiro substantivo, pelo fim dele."""
    primeira = unidade.split(maxsplit=1)[0].lower() if unidade.strip() else ""
    return primeira.endswith(("a", "ão", "ade", "agem"))


def pela(unidade: str) -> str:
    """«pela Secretaria Municipal de Administração», «pelo Gabinete do Prefeito»."""
    return f"{'pela' if _feminino(unidade) else 'pelo'} {unidade}"


def da(unidade: str) -> str:
    """«da Secretaria Municipal de Cidadania e Assistência Social», «do Gabinete do Prefeito»."""
    return f"{'da' if _feminino(unidade) else 'do'} {unidade}"


def unidades_da_lei(texto: str) -> tuple[str, ...]:
    """As unidades que indicam membros, uma por linha do campo da lei, sem linhas vazias; a primeira coordena."""
    return tuple(linha.strip() for linha in texto.splitlines() if linha.strip())


@dataclass(frozen=True)
class RegrasMonitoramento:
    unidades: tuple[str, ...] = ()
    """As unidades que indicam servidores, como a lei as nomeia; a primeira coordena a comissão."""
    grupos: tuple[str, ...] = ()
    """Os códigos dos grupos étnicos que precisam de um representante (vazio: a lei não o pede)."""
    artigo: str = ""


@dataclass(frozen=True)
class MembroMonitoramento:
    nome: str
    unidade: str
    """A unidade que o indicou, como a lei a nomeia; vazia no representante de um grupo."""
    grupo: str
    """O código do grupo étnico que representa; vazio no servidor indicado por uma unidade."""
    coordenador: bool
    titular: bool
    inicio: date
    fim: date | None = None

    def em_exercicio(self, data: date) -> bool:
        return self.inicio <= data and (self.fim is None or data <= self.fim)


def conferir(regras: RegrasMonitoramento, membros: list[MembroMonitoramento], *, data: date) -> Conferencia:
    """Confere a comissão na data `data`: contam os titulares em exercício nela (o suplente só substitui)."""
    falhas: list[Problema] = []
    titulares = [m for m in membros if m.titular and m.em_exercicio(data)]
    if not titulares:
        falhas.append(Problema(f"A comissão não tem titulares em exercício em {data:%d/%m/%Y}."))
    indicadas = {m.unidade for m in titulares if m.unidade}
    for unidade in regras.unidades:
        if unidade not in indicadas:
            falhas.append(Problema(f"Falta um servidor indicado {pela(unidade)}.", regras.artigo))
    representados = {m.grupo for m in titulares if m.grupo}
    for grupo in regras.grupos:
        if grupo not in representados:
            falhas.append(Problema(f"Falta o representante dos {NOMES_DOS_GRUPOS[grupo]}.", regras.artigo))
    falhas.extend(_coordenacao(regras, [m for m in membros if m.coordenador and m.em_exercicio(data)]))
    return Conferencia(tuple(falhas), ())


def _coordenacao(regras: RegrasMonitoramento, coordenadores: list[MembroMonitoramento]) -> list[Problema]:
    coordena = regras.unidades[0] if regras.unidades else ""
    if not coordenadores:
        texto = f"Designe o coordenador, indicado {pela(coordena)}." if coordena else "Designe o coordenador."
        return [Problema(texto, regras.artigo if coordena else "")]
    if len(coordenadores) > 1:
        nomes = ", ".join(sorted(m.nome for m in coordenadores))
        return [Problema(f"A comissão tem um coordenador só; estão designados {nomes}.")]
    coordenador = coordenadores[0]
    falhas = []
    if not coordenador.titular:
        falhas.append(Problema(f"O coordenador ({coordenador.nome}) precisa ser titular."))
    if coordena and coordenador.unidade != coordena:
        falhas.append(Problema(f"A coordenação é {da(coordena)}.", regras.artigo))
    return falhas

"""Os indicadores da lei, em Python puro sobre contagens já agregadas pelo banco (monitoramento/selectors/; decisão
0023).

O banco conta (por cargo: vagas, posições por tipo e lista, inscrições dos grupos por resultado da heteroidentificação,
vacâncias por causa); daqui sai o que o painel, o relatório e a página pública mostram: por grupo, as vagas reservadas,
as preenchidas pela própria lista, as revertidas e por quê, os cotistas nomeados pela ampla, as desistências; a
heteroidentificação; o gênero dentro de cada lista; os cargos abaixo do mínimo legal. Tudo O(n) no número de linhas
agregadas, nunca no de inscrições.

Por que uma vaga reservada reverteu: a lista do grupo se esgotou. Quem dela saiu pela anulação da nomeação por fraude,
pela não confirmação ou pela ausência na heteroidentificação teria ocupado uma das vagas que reverteram; as vagas
revertidas são atribuídas a essas causas nessa ordem, até o número de pessoas de cada uma, e o resto a «sem candidato»
(ninguém mais na lista). A soma das causas é sempre o número de vagas revertidas.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from statistics import median

AMPLA = "AC"
PCD = "PCD"


class Causa:
    FRAUDE = "fraude"
    NAO_CONFIRMADO = "nao_confirmado"
    AUSENTE = "ausente"
    SEM_CANDIDATO = "sem_candidato"


# A ordem da atribuição (acima) é a ordem em que as telas as mostram.
CAUSAS = (Causa.FRAUDE, Causa.NAO_CONFIRMADO, Causa.AUSENTE, Causa.SEM_CANDIDATO)
NOMES_DAS_CAUSAS = {
    Causa.FRAUDE: "nomeação anulada por fraude",
    Causa.NAO_CONFIRMADO: "autodeclaração não confirmada",
    Causa.AUSENTE: "ausência na heteroidentificação",
    Causa.SEM_CANDIDATO: "sem candidato na lista",
}


def causas_da_reversao(revertidas: int, *, anulados: int, nao_confirmados: int, ausentes: int) -> dict[str, int]:
    """As `revertidas` vagas de um grupo num cargo, por causa: cada pessoa que saiu da lista do grupo explica uma vaga,
    na ordem fraude, não confirmação, ausência; o que sobra é falta de candidato."""
    restante = max(revertidas, 0)
    causas = {}
    for causa, pessoas in ((Causa.FRAUDE, anulados), (Causa.NAO_CONFIRMADO, nao_confirmados),
                           (Causa.AUSENTE, ausentes)):
        causas[causa] = min(restante, max(pessoas, 0))
        restante -= causas[causa]
    causas[Causa.SEM_CANDIDATO] = restante
    return causas


@dataclass(frozen=True)
class GrupoDaLei:
    codigo: str
    nome: str


@dataclass(frozen=True)
class NumerosDoCargo:
    """O que o banco contou de um cargo. `posicoes`: (vaga, lista) → posições ocupadas hoje; `vacancias`: (lista, causa)
    → titulares que saíram; `saidas_da_lista`: (grupo, causa) → pessoas do grupo que saíram da lista dele
    (`Causa.NAO_CONFIRMADO`, `Causa.AUSENTE`); `reservadas`: grupo → vagas do grupo entre as do edital."""

    cargo_id: int
    vagas: int
    vagas_pcd: int
    minimo: int
    reservadas: dict[str, int]
    posicoes: Counter = field(default_factory=Counter)
    vacancias: Counter = field(default_factory=Counter)
    saidas_da_lista: Counter = field(default_factory=Counter)
    tem_reserva: bool = True


@dataclass
class IndicadoresDoGrupo:
    codigo: str
    nome: str
    reservadas: int = 0
    chamadas: int = 0
    preenchidas: int = 0
    revertidas: int = 0
    causas: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CAUSAS, 0))
    cotistas_na_ampla: int = 0
    desistencias: int = 0

    def somar(self, outro: IndicadoresDoGrupo) -> None:
        for nome in ("reservadas", "chamadas", "preenchidas", "revertidas", "cotistas_na_ampla", "desistencias"):
            setattr(self, nome, getattr(self, nome) + getattr(outro, nome))
        for causa, n in outro.causas.items():
            self.causas[causa] = self.causas.get(causa, 0) + n


@dataclass
class Heteroidentificacao:
    """Os resultados da comissão (por inscrição, o estado que a lista usa), os recursos e quanto tempo levaram."""

    confirmados: int = 0
    nao_confirmados: int = 0
    ausentes: int = 0
    pendentes: int = 0
    recursos: int = 0
    providos: int = 0
    dias_dos_recursos: list[int] = field(default_factory=list)

    @property
    def avaliados(self) -> int:
        return self.confirmados + self.nao_confirmados + self.ausentes

    @property
    def mediana_dias_recurso(self) -> float | None:
        return median(self.dias_dos_recursos) if self.dias_dos_recursos else None

    def somar(self, outro: Heteroidentificacao) -> None:
        for nome in ("confirmados", "nao_confirmados", "ausentes", "pendentes", "recursos", "providos"):
            setattr(self, nome, getattr(self, nome) + getattr(outro, nome))
        self.dias_dos_recursos = [*self.dias_dos_recursos, *outro.dias_dos_recursos]


@dataclass
class Indicadores:
    """Os números de um certame, ou a soma dos de vários (um órgão num ano, vários anos)."""

    certames: int = 0
    cargos: int = 0
    vagas: int = 0
    vagas_pcd: int = 0
    ampla_chamadas: int = 0
    pcd_chamadas: int = 0
    grupos: dict[str, IndicadoresDoGrupo] = field(default_factory=dict)
    desistencias: Counter = field(default_factory=Counter)  # lista → desistências (antes da posse)
    generos: dict[str, Counter] = field(default_factory=dict)  # lista → gênero → titulares hoje
    heteroidentificacao: Heteroidentificacao = field(default_factory=Heteroidentificacao)
    cargos_abaixo_do_minimo: int = 0
    vagas_abaixo_do_minimo: int = 0
    certames_com_fracionamento: int = 0

    @property
    def reservadas(self) -> int:
        return sum(g.reservadas for g in self.grupos.values())

    @property
    def preenchidas_pelos_grupos(self) -> int:
        return sum(g.preenchidas for g in self.grupos.values())

    @property
    def revertidas(self) -> int:
        return sum(g.revertidas for g in self.grupos.values())

    @property
    def total_desistencias(self) -> int:
        return sum(self.desistencias.values())

    @property
    def causas_da_reversao(self) -> dict[str, int]:
        return {c: sum(g.causas.get(c, 0) for g in self.grupos.values()) for c in CAUSAS}

    def grupo(self, grupo: GrupoDaLei) -> IndicadoresDoGrupo:
        if grupo.codigo not in self.grupos:
            self.grupos[grupo.codigo] = IndicadoresDoGrupo(grupo.codigo, grupo.nome)
        return self.grupos[grupo.codigo]

    def somar(self, outro: Indicadores) -> Indicadores:
        for nome in ("certames", "cargos", "vagas", "vagas_pcd", "ampla_chamadas", "pcd_chamadas",
                     "cargos_abaixo_do_minimo", "vagas_abaixo_do_minimo", "certames_com_fracionamento"):
            setattr(self, nome, getattr(self, nome) + getattr(outro, nome))
        for codigo, grupo in outro.grupos.items():
            self.grupo(GrupoDaLei(codigo, grupo.nome)).somar(grupo)
        self.desistencias.update(outro.desistencias)
        for lista, generos in outro.generos.items():
            self.generos.setdefault(lista, Counter()).update(generos)
        self.heteroidentificacao.somar(outro.heteroidentificacao)
        return self


DESISTENCIA = "desistencia"
ANULACAO = "anulacao"


def do_certame(grupos: list[GrupoDaLei], cargos: list[NumerosDoCargo], *,
               generos: dict[str, Counter] | None = None, heteroidentificacao: Heteroidentificacao | None = None,
               cotistas_na_ampla: Counter | None = None) -> Indicadores:
    """Os indicadores de um certame a partir dos números de cada cargo (as regras são as congeladas no edital: `grupos`,
    e em cada cargo o mínimo e as reservadas). `cotistas_na_ampla`: grupo → cotistas do grupo em vaga de ampla."""
    resultado = Indicadores(certames=1, cargos=len(cargos), generos=dict(generos or {}),
                            heteroidentificacao=heteroidentificacao or Heteroidentificacao())
    for grupo in grupos:
        resultado.grupo(grupo).cotistas_na_ampla = (cotistas_na_ampla or Counter()).get(grupo.codigo, 0)
    abaixo = []
    for cargo in cargos:
        resultado.vagas += cargo.vagas
        resultado.vagas_pcd += cargo.vagas_pcd
        if grupos and cargo.tem_reserva and cargo.vagas < cargo.minimo:
            abaixo.append(cargo)
        resultado.ampla_chamadas += sum(n for (vaga, _), n in cargo.posicoes.items() if vaga == AMPLA)
        resultado.pcd_chamadas += sum(n for (vaga, _), n in cargo.posicoes.items() if vaga == PCD)
        for (lista, causa), n in cargo.vacancias.items():
            if causa == DESISTENCIA:
                resultado.desistencias[lista or AMPLA] += n
        for grupo in grupos:
            _somar_grupo(resultado.grupos[grupo.codigo], grupo.codigo, cargo)
    resultado.cargos_abaixo_do_minimo = len(abaixo)
    resultado.vagas_abaixo_do_minimo = sum(c.vagas for c in abaixo)
    # O padrão que o STF advertiu na ADC 41: vários cargos abaixo do mínimo que, somados, o alcançariam.
    resultado.certames_com_fracionamento = int(len(abaixo) > 1 and resultado.vagas_abaixo_do_minimo >= abaixo[0].minimo)
    return resultado


def _somar_grupo(indicadores: IndicadoresDoGrupo, codigo: str, cargo: NumerosDoCargo) -> None:
    indicadores.reservadas += cargo.reservadas.get(codigo, 0)
    if not cargo.posicoes and not cargo.vacancias:
        return
    preenchidas = revertidas = 0
    for (vaga, lista), n in cargo.posicoes.items():
        if vaga == codigo:
            if lista == codigo:
                preenchidas += n
            else:
                revertidas += n
    indicadores.chamadas += preenchidas + revertidas
    indicadores.preenchidas += preenchidas
    indicadores.revertidas += revertidas
    causas = causas_da_reversao(
        revertidas, anulados=cargo.vacancias.get((codigo, ANULACAO), 0),
        nao_confirmados=cargo.saidas_da_lista.get((codigo, Causa.NAO_CONFIRMADO), 0),
        ausentes=cargo.saidas_da_lista.get((codigo, Causa.AUSENTE), 0))
    for causa, n in causas.items():
        indicadores.causas[causa] += n
    indicadores.desistencias += cargo.vacancias.get((codigo, DESISTENCIA), 0)


def somar(varios: list[Indicadores]) -> Indicadores:
    total = Indicadores()
    for indicadores in varios:
        total.somar(indicadores)
    return total


# Abaixo deste número, uma contagem da página pública sai como «menos de 5» (decisão 0023): num cargo com 1 indígena
# nomeado, o número e a lista publicada dizem quem é. O mesmo limiar das estatísticas oficiais de pequenas áreas.
LIMIAR_DE_SUPRESSAO = 5


def suprimir(valor: int, limiar: int = LIMIAR_DE_SUPRESSAO) -> int | None:
    """A contagem para publicar: None (suprimida) de 1 a `limiar` − 1; o zero e o que passa do limiar, como são."""
    return None if 0 < valor < limiar else valor


def suprimir_partes(partes: dict[str, int], limiar: int = LIMIAR_DE_SUPRESSAO) -> dict[str, int | None]:
    """As partes de um total que se publica (p. ex. os titulares de uma lista por gênero), suprimidas: as pequenas
    saem (`suprimir`) e, se só uma saiu, sai também a menor das outras não nulas — senão o total menos as publicadas a
    revelaria (a supressão complementar)."""
    publicadas: dict[str, int | None] = {chave: suprimir(valor, limiar) for chave, valor in partes.items()}
    fora = [chave for chave, valor in publicadas.items() if valor is None]
    if len(fora) == 1:
        outras = sorted((valor, chave) for chave, valor in publicadas.items() if valor)
        if outras:
            publicadas[outras[0][1]] = None
    return publicadas

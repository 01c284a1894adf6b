"""O corte de uma fase do certame: quem segue para a fase seguinte, por qual lista.

Python puro sobre valores simples, sem acesso ao banco, como o motor (legislacao/motor.py), de quem reutiliza as
regras congeladas da lei (`Regras`: grupos, percentuais, mínimo de vagas, arredondamento, ordem de nomeação) e o
arredondamento exato. A reserva se aplica em todas as fases, também nas que têm nota de corte (p. ex. Ibatiba art. 3º;
Lei 15.142/2025, art. 6º, «sempre que atingida a nota ou a pontuação mínima exigida em cada fase»):

1. Só seguem os aptos na fase com a nota mínima atingida, quando a fase a tem.
2. Sem «os K melhores», todos esses seguem, pela ampla.
3. Com K: a ampla leva os K melhores da fase, cotistas e PcD incluídos (quem passa pela ampla não ocupa lugar da
   reserva, como na chamada final); com o edital mandando, também os empatados na nota do K-ésimo.
4. Depois, na ordem de nomeação da lei (PcD antes ou depois da reserva), cada lista leva os seus melhores que ainda
   não seguem, até a proporção devida aplicada a K: nos grupos, o percentual da lei com o arredondamento da lei (zero
   se o cargo tem menos vagas que o mínimo legal: ali não há reserva); na PcD, a proporção das vagas PcD do cargo, com
   o arredondamento da regra PcD do edital. Empatados na última nota da lista seguem também, se o edital o diz.
5. Uma lista sem candidatos aptos bastantes não passa a vez a ninguém: a ampla já tem os seus K; a falta é mostrada.

As escolhas que a lei deixa em aberto estão em docs/decisoes/0022-fases-e-nota-de-corte.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from legislacao.motor import AMPLA, PCD, Arredondamento, ErroRegras, Grupo, Regras, arredondar


@dataclass(frozen=True, slots=True)
class RegraCorte:
    """A regra de corte da fase, do edital: a nota mínima e/ou «os K melhores seguem», com K fixo (`quantidade`) ou
    múltiplo das vagas do cargo (`multiplo_vagas`, fração para cima: 2,5 × 3 vagas = 8). `aplica_reserva` falso só
    quando a lei congelada não fala de fases e o edital não aplica a reserva no corte."""

    nota_minima: Decimal | None = None
    quantidade: int | None = None
    multiplo_vagas: Decimal | None = None
    empatados_seguem: bool = False
    aplica_reserva: bool = True

    def __post_init__(self) -> None:
        if self.quantidade is not None and self.multiplo_vagas is not None:
            raise ErroRegras("Informe o número dos que seguem ou o múltiplo das vagas do cargo, não os dois.")
        if self.quantidade is not None and self.quantidade < 0:
            raise ErroRegras("O número dos que seguem não pode ser negativo.")
        if self.multiplo_vagas is not None and self.multiplo_vagas <= 0:
            raise ErroRegras("O múltiplo das vagas do cargo tem de ser maior que zero.")

    def k(self, vagas: int) -> int | None:
        """Quantos seguem pela ampla no cargo; None quando a fase corta só pela nota mínima."""
        if self.quantidade is not None:
            return self.quantidade
        if self.multiplo_vagas is not None:
            return arredondar(Fraction(self.multiplo_vagas) * vagas, Arredondamento.TETO)
        return None


@dataclass(frozen=True, slots=True)
class NaFase:
    """Um candidato na fase: a nota (maior é melhor), se está apto (presente, não eliminado na fase nem no certame), as
    listas de reserva em que concorre (`grupos`: códigos dos grupos da lei) e se concorre às vagas PcD. `ordem`: o
    desempate da banca entre notas iguais (a classificação na fase; menor primeiro); depois, o número da inscrição."""

    inscricao: str
    nota: Decimal
    apto: bool = True
    grupos: frozenset[str] = frozenset()
    pcd: bool = False
    ordem: int = 0


@dataclass(frozen=True, slots=True)
class NumerosDaLista:
    """Os números de uma lista no corte: `devidos` (na ampla, K; nas outras, a proporção aplicada a K), quantos
    `seguem` por ela, a nota do último que seguiu por ela, e quantos `faltam` para a proporção (lista sem aptos)."""

    lista: str
    devidos: int
    seguem: int
    ultima_nota: Decimal | None
    faltam: int


@dataclass(frozen=True, slots=True)
class Corte:
    """O corte de um cargo: K (None sem «os K melhores»), quem segue e por qual lista, na ordem da fase, e os números
    de cada lista (ampla, depois na ordem em que as listas foram preenchidas)."""

    k: int | None
    seguem: tuple[tuple[str, str], ...]
    listas: tuple[NumerosDaLista, ...]

    def por_lista(self) -> dict[str, NumerosDaLista]:
        return {n.lista: n for n in self.listas}


def grupos_do_candidato(regras: Regras, cor_raca: str, quilombola: bool, reserva: bool,
                        fora_de: frozenset[str] = frozenset()) -> frozenset[str]:
    """As listas de reserva em que concorre quem optou pela reserva: as dos grupos de que a lei o diz elegível
    (`Regras.elegiveis`, com a reserva única quando a lei a tem), menos as de que saiu (documento recusado)."""
    if not reserva:
        return frozenset()
    par = (cor_raca, quilombola)
    return frozenset(g.codigo for g in regras.grupos if par in regras.elegiveis(g) and g.codigo not in fora_de)


def devidos_do_grupo(regras: Regras, grupo: Grupo, vagas: int, k: int) -> int:
    """A proporção da reserva aplicada a K, com o arredondamento da lei; zero se o cargo não alcança o mínimo legal de
    vagas (a reserva não existe nele, em fase nenhuma)."""
    if vagas < regras.minimo_vagas:
        return 0
    return arredondar(Fraction(grupo.percentual) * k / 100, regras.arredondamento)


def devidos_pcd(regras: Regras, vagas: int, vagas_pcd: int, k: int) -> int:
    """A proporção das vagas PcD do cargo aplicada a K, com o arredondamento da regra PcD do edital."""
    if vagas_pcd <= 0 or vagas <= 0:
        return 0
    return arredondar(Fraction(vagas_pcd, vagas) * k, regras.pcd.arredondamento)


def _chave(c: NaFase) -> tuple[Decimal, int, str]:
    return (-c.nota, c.ordem, c.inscricao)


def ordem_das_listas(regras: Regras) -> tuple[str, ...]:
    """As listas depois da ampla, na ordem de nomeação da lei (p. ex. Ibatiba art. 5º: universal, PcD, negro)."""
    grupos = tuple(g.codigo for g in regras.grupos)
    return (PCD, *grupos) if regras.nomeacao_pcd_antes_da_reserva else (*grupos, PCD)


def cortar(regras: Regras, regra: RegraCorte, vagas: int, vagas_pcd: int, candidatos: Iterable[NaFase]) -> Corte:
    """Quem segue da fase no cargo (`vagas` e `vagas_pcd` do quadro), por qual lista; O(n log n)."""
    minimo = regra.nota_minima
    aptos = sorted((c for c in candidatos if c.apto and (minimo is None or c.nota >= minimo)), key=_chave)
    k = regra.k(vagas)
    if k is None:
        ultima = aptos[-1].nota if aptos else None
        return Corte(None, tuple((c.inscricao, AMPLA) for c in aptos),
                     (NumerosDaLista(AMPLA, len(aptos), len(aptos), ultima, 0),))
    lista_de: list[str | None] = [None] * len(aptos)
    numeros = [_preencher(aptos, lista_de, AMPLA, k, regra.empatados_seguem, lambda c: True)]
    if regra.aplica_reserva:
        for lista in ordem_das_listas(regras):
            if lista == PCD:
                devidos, filtro = devidos_pcd(regras, vagas, vagas_pcd, k), _eh_pcd
            else:
                devidos = devidos_do_grupo(regras, regras.grupo(lista), vagas, k)
                filtro = _do_grupo(lista)
            if devidos:
                numeros.append(_preencher(aptos, lista_de, lista, devidos, regra.empatados_seguem, filtro))
    seguem = tuple((c.inscricao, lista) for c, lista in zip(aptos, lista_de, strict=True) if lista is not None)
    return Corte(k, seguem, tuple(numeros))


def _eh_pcd(c: NaFase) -> bool:
    return c.pcd


def _do_grupo(codigo: str):
    return lambda c: codigo in c.grupos


def _preencher(aptos: Sequence[NaFase], lista_de: list[str | None], lista: str, devidos: int, empatados: bool,
               filtro) -> NumerosDaLista:
    """Os `devidos` melhores da lista que ainda não seguem (e os empatados na nota do último, se o edital o diz)."""
    seguem, ultima = 0, None
    for i, c in enumerate(aptos):
        if lista_de[i] is not None or not filtro(c):
            continue
        if seguem >= devidos and not (empatados and c.nota == ultima):
            break
        lista_de[i] = lista
        seguem += 1
        ultima = c.nota
    return NumerosDaLista(lista, devidos, seguem, ultima, max(devidos - seguem, 0))

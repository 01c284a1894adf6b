"""A conta do piso nos cargos em comissão e nos estágios (Python puro, sem Django).

Ubatuba: o limite mínimo de 20% vale para o conjunto dos cargos em comissão (art. 8º) e para os estágios de cada órgão
(art. 1º, parágrafo único, I). A participação é a dos autodeclarados dos grupos da lei entre os ocupados numa data.
Quem não se autodeclarou conta como «não informado», mostrado à parte: nunca como fora dos grupos, que seria dizer
por ela a sua cor ou raça.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from nucleo.texto import milhar, percentual_br, plural


@dataclass(frozen=True)
class Regra:
    """Quem pertence a um grupo da lei (os campos de `legislacao.GrupoReserva`)."""

    preta: bool = False
    parda: bool = False
    indigena: bool = False
    quilombola: bool = False


@dataclass(frozen=True)
class Pessoa:
    """Uma ocupação: a cor ou raça autodeclarada («» quando não informada), se é quilombola e o gênero."""

    cor_raca: str = ""
    quilombola: bool = False
    genero: str = ""

    @property
    def informada(self) -> bool:
        return bool(self.cor_raca) or self.quilombola


def pertence(pessoa: Pessoa, regras: Iterable[Regra]) -> bool | None:
    """Se a pessoa é de algum dos grupos; None quando não se autodeclarou."""
    if not pessoa.informada:
        return None
    return any((pessoa.cor_raca and getattr(regra, pessoa.cor_raca, False)) or (pessoa.quilombola and regra.quilombola)
               for regra in regras)


@dataclass(frozen=True)
class Contagem:
    ocupados: int = 0
    dos_grupos: int = 0
    nao_informados: int = 0
    por_genero: dict[str, int] = field(default_factory=dict)

    @property
    def percentual(self) -> Decimal | None:
        """A participação dos grupos em %, com uma casa (meio para cima); None sem ninguém ocupando."""
        if not self.ocupados:
            return None
        return (Decimal(self.dos_grupos * 100) / self.ocupados).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)

    def abaixo_de(self, piso: Decimal) -> bool:
        """Se a participação fica abaixo do piso, na conta exata (sem o arredondamento da exibição)."""
        return self.ocupados > 0 and Decimal(self.dos_grupos * 100) < piso * self.ocupados


def contar(pessoas: Iterable[tuple[Pessoa, int]], regras: Iterable[Regra]) -> Contagem:
    """A contagem de pessoas agrupadas: cada par é (perfil, quantas pessoas com ele), como sai de um GROUP BY."""
    regras = tuple(regras)
    ocupados = dos_grupos = nao_informados = 0
    generos: Counter[str] = Counter()
    for pessoa, quantas in pessoas:
        ocupados += quantas
        generos[pessoa.genero] += quantas
        grupo = pertence(pessoa, regras)
        if grupo is None:
            nao_informados += quantas
        elif grupo:
            dos_grupos += quantas
    return Contagem(ocupados, dos_grupos, nao_informados, dict(sorted(generos.items())))


def descrever_grupos(regras: Iterable[Regra]) -> str:
    """«negras, indígenas ou quilombolas»: quem os grupos da lei alcançam, para a frase do aviso."""
    regras = tuple(regras)

    def algum(campo: str) -> bool:
        return any(getattr(r, campo) for r in regras)

    nomes = []
    if algum("preta") and algum("parda"):
        nomes.append("negras")
    else:
        nomes += [nome for campo, nome in (("preta", "pretas"), ("parda", "pardas")) if algum(campo)]
    nomes += [nome for campo, nome in (("indigena", "indígenas"), ("quilombola", "quilombolas")) if algum(campo)]
    return ", ".join(nomes[:-1]) + (" ou " if len(nomes) > 1 else "") + (nomes[-1] if nomes else "")


def formatar_percentual(valor: Decimal) -> str:
    """15.0 → «15,0%»: a participação, sempre com uma casa."""
    return f"{valor:.1f}".replace(".", ",") + "%"


# O que se conta e como a frase o diz.
QUADROS = {"comissao": ("cargo em comissão", "cargos em comissão"), "estagio": ("estágio", "estágios")}
ATOS = {"comissao": "Com esta nomeação", "estagio": "Com esta contratação"}


def aviso(contagem: Contagem, *, piso: Decimal, artigo: str, regras: Iterable[Regra], quadro: str,
          abertura: str | None = None) -> str | None:
    """A frase do aviso quando a participação fica abaixo do piso; None quando não fica (ou não há quem ocupe)."""
    if not contagem.abaixo_de(piso):
        return None
    singular, plural_ = QUADROS[quadro]
    verbo = "é ocupado" if contagem.dos_grupos == 1 else "são ocupados"
    texto = (f"{abertura or ATOS[quadro]}, {milhar(contagem.dos_grupos)} de "
             f"{plural(contagem.ocupados, singular, plural_)} ({formatar_percentual(contagem.percentual)}) {verbo} "
             f"por pessoas {descrever_grupos(regras)} autodeclaradas; o piso da lei é {percentual_br(piso)}"
             f"{f' ({artigo})' if artigo else ''}.")
    if contagem.nao_informados:
        texto += (f" {plural(contagem.nao_informados, 'pessoa não informou', 'pessoas não informaram')} a cor ou "
                  "raça (não contadas como fora dos grupos).")
    return texto

"""Apuração secreta dos votos da comissão (Python puro, sem banco).

Afonso Cláudio, Lei 2.552/2023:
- art. 9º, § 4º: confirma-se a autodeclaração reconhecida pela maioria absoluta dos membros da comissão;
- art. 11, § 2º: os votos são secretos e a ata registra só o número de votos abertos até a decisão se
  formar, para um lado ou para o outro, para que a unanimidade nunca apareça;
- art. 6º, § 1º: se nenhum lado alcança a maioria, a dúvida razoável é uma conclusão da comissão, motivada no
  parecer; aqui a apuração só diz que a maioria não se formou.

As cédulas são embaralhadas fechadas e abertas uma a uma, em ordem aleatória, até um lado alcançar a maioria; as
demais nunca são abertas (nem decifradas): quem chama esta função apaga todas, e só o resultado daqui é guardado.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

_sorteio = random.SystemRandom()
T = TypeVar("T")


class ErroApuracao(ValueError):
    """A votação não pode ser apurada como está; a mensagem diz por quê."""


@dataclass(frozen=True)
class Apuracao:
    maioria: int
    abertas: int
    confirmam: int
    nao_confirmam: int
    decisao: bool | None
    """True confirma, False não confirma, None quando nenhum lado alcançou a maioria."""

    @property
    def texto(self) -> str:
        return texto_votos(self.abertas, self.confirmam, self.nao_confirmam)


def texto_votos(abertas: int, confirmam: int, nao_confirmam: int) -> str:
    """Como a ata registra os votos abertos: «2 votos», «3 votos (2 a 1)»; nunca «3 a 0»."""
    rotulo = f"{abertas} voto{'s' if abertas != 1 else ''}"
    menor = min(confirmam, nao_confirmam)
    return f"{rotulo} ({max(confirmam, nao_confirmam)} a {menor})" if menor else rotulo


def maioria_absoluta(membros: int) -> int:
    """Mais da metade dos membros: 2 de 3, 3 de 4, 3 de 5."""
    if membros < 1:
        raise ErroApuracao("A comissão precisa de ao menos um membro para apurar votos.")
    return membros // 2 + 1


def apurar(cedulas: Sequence[T], *, maioria: int, abrir: Callable[[T], bool] = bool,
           embaralhar: Callable[[list[T]], None] | None = None) -> Apuracao:
    """Embaralha as cédulas fechadas e abre uma a uma (`abrir` lê o voto de uma cédula) até um lado somar `maioria`
    votos, e para ali: as restantes não são abertas.

    `maioria` é a da lei (p. ex. a absoluta dos membros da comissão, não só dos presentes). Se todas as
    cédulas forem abertas sem que um lado a alcance, `decisao` é None: quem chama aplica a regra da lei.
    """
    if not cedulas:
        raise ErroApuracao("Nenhuma cédula foi depositada.")
    if maioria < 1:
        raise ErroApuracao("A maioria precisa ser de ao menos um voto.")
    if len(cedulas) >= 2 * maioria:
        raise ErroApuracao(f"Há {len(cedulas)} cédulas para uma maioria de {maioria}: mais cédulas do que membros.")
    urna = list(cedulas)
    (embaralhar or _sorteio.shuffle)(urna)
    confirmam = nao_confirmam = 0
    for aberta, cedula in enumerate(urna, 1):
        if abrir(cedula):
            confirmam += 1
        else:
            nao_confirmam += 1
        if confirmam >= maioria or nao_confirmam >= maioria:
            return Apuracao(maioria, aberta, confirmam, nao_confirmam, confirmam >= maioria)
    return Apuracao(maioria, len(urna), confirmam, nao_confirmam, None)


def registrar_aberta(placar: tuple[int, int], confirma: bool, *, maioria: int) -> tuple[tuple[int, int], bool | None]:
    """Apuração em papel: o presidente tira uma cédula da urna e informa o valor; devolve o novo placar
    (confirmam, não confirmam) e a decisão, se já formada (aí as demais são destruídas sem abrir)."""
    confirmam, nao_confirmam = placar
    if confirmam >= maioria or nao_confirmam >= maioria:
        raise ErroApuracao("A decisão já se formou: as cédulas restantes devem ser destruídas sem abrir.")
    confirmam, nao_confirmam = (confirmam + 1, nao_confirmam) if confirma else (confirmam, nao_confirmam + 1)
    if confirmam >= maioria:
        return (confirmam, nao_confirmam), True
    if nao_confirmam >= maioria:
        return (confirmam, nao_confirmam), False
    return (confirmam, nao_confirmam), None

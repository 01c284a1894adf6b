"""O relatório do titular (LGPD art. 18, I e II): tudo o que o sistema guarda sobre um CPF nos órgãos da conta.

Cada app registra as suas fontes (`fonte`), no `ready()` do seu AppConfig; o núcleo só as reúne, na ordem do
registro, e não conhece nenhuma. Uma fonte recebe os 11 dígitos do CPF e os órgãos da conta (None: todos) e devolve
as suas seções, cada uma com as colunas e as linhas já em texto.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Secao:
    titulo: str
    colunas: tuple[str, ...]
    linhas: tuple[tuple[str, ...], ...]
    nota: str = ""


@dataclass(frozen=True)
class Relatorio:
    cpf: str
    titulares: tuple[int, ...]
    secoes: tuple[Secao, ...]

    def como_dict(self) -> dict:
        return {"cpf": self.cpf, "secoes": [asdict(secao) for secao in self.secoes]}


Fonte = Callable[[str, frozenset[int] | None], Iterable[Secao]]
_FONTES: list[tuple[Fonte, Callable[[str, frozenset[int] | None], Iterable[int]] | None]] = []


def fonte(funcao: Fonte, *, titulares: Callable[[str, frozenset[int] | None], Iterable[int]] | None = None) -> None:
    """Registra uma fonte do relatório; `titulares` (de uma só fonte) dá os ids dos cadastros desse CPF."""
    if all(registrada is not funcao for registrada, _ in _FONTES):
        _FONTES.append((funcao, titulares))


def relatorio_do_titular(cpf: str, orgaos: frozenset[int] | None) -> Relatorio:
    titulares = tuple(sorted({pk for _, ids in _FONTES if ids is not None for pk in ids(cpf, orgaos)}))
    secoes = tuple(secao for funcao, _ in _FONTES for secao in funcao(cpf, orgaos))
    return Relatorio(cpf=cpf, titulares=titulares, secoes=secoes)

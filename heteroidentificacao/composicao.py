"""Conferência da composição da comissão contra as regras da lei (Python puro, sem banco).

As regras vêm dos campos `comissao_*` da lei congelada no certame, cada uma com o seu artigo
(p. ex. Afonso Cláudio art. 8º). Cada falha diz o que falta e o dispositivo; os avisos seguem a prática
federal (Portaria Normativa SGP/MP nº 4/2018, art. 6º: diversidade de gênero e cor), que a lei
municipal não exige.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

PRETOS_PARDOS = {"preta", "parda"}


@dataclass(frozen=True)
class RegrasComissao:
    minimo_membros: int | None = None
    artigo_minimo_membros: str = ""
    minimo_pretos_pardos: int | None = None
    artigo_pretos_pardos: str = ""
    minimo_estaveis: int | None = None
    artigo_estaveis: str = ""
    presidente_carreira: bool = False
    artigo_presidente: str = ""
    reputacao: bool = False
    artigo_reputacao: str = ""
    residencia_anos: int | None = None
    artigo_residencia: str = ""
    escolaridade_minima: str = ""
    """O código da maior escolaridade exigida no edital (ordenável: «4_superior» > «2_medio»)."""
    escolaridade_minima_rotulo: str = ""
    artigo_escolaridade: str = ""
    confidencialidade: bool = False
    artigo_confidencialidade: str = ""


@dataclass(frozen=True)
class MembroComissao:
    nome: str
    titular: bool
    presidente: bool
    cor_raca: str
    genero: str
    estavel: bool
    servidor_carreira: bool
    reside_desde: date | None
    escolaridade: str
    reputacao_declarada: bool
    termo_assinado: bool
    cpf: str = ""


@dataclass(frozen=True)
class Enunciado:
    """Uma frase e o dispositivo da lei em que ela se apoia (vazio quando nenhum a sustenta)."""

    texto: str
    artigo: str = ""


class Problema(Enunciado):
    def __str__(self) -> str:
        return f"{self.texto.removesuffix('.')} ({self.artigo})." if self.artigo else self.texto


@dataclass(frozen=True)
class Conferencia:
    falhas: tuple[Problema, ...]
    avisos: tuple[Problema, ...]

    @property
    def regular(self) -> bool:
        return not self.falhas


def _anos_completos(desde: date, ate: date) -> int:
    return ate.year - desde.year - ((ate.month, ate.day) < (desde.month, desde.day))


def _plural(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


def conferir(regras: RegrasComissao, membros: list[MembroComissao], *, data: date,
             membros_da_outra_instancia: frozenset[str] = frozenset()) -> Conferencia:
    """Confere a comissão na data `data` (a da designação): composição dos titulares e requisitos de cada
    membro, titular ou suplente (o suplente pode tomar o lugar de qualquer titular)."""
    falhas: list[Problema] = []
    avisos: list[Problema] = []
    titulares = [m for m in membros if m.titular]

    if regras.minimo_membros and len(titulares) < regras.minimo_membros:
        falhas.append(Problema(
            f"A comissão tem {_plural(len(titulares), 'titular', 'titulares')}; a lei exige ao menos "
            f"{regras.minimo_membros}.", regras.artigo_minimo_membros))
    pretos_pardos = sum(m.cor_raca in PRETOS_PARDOS for m in titulares)
    if regras.minimo_pretos_pardos and pretos_pardos < regras.minimo_pretos_pardos:
        falhas.append(Problema(
            f"Há {_plural(pretos_pardos, 'titular preto ou pardo', 'titulares pretos ou pardos')}; a lei exige "
            f"ao menos {regras.minimo_pretos_pardos}.", regras.artigo_pretos_pardos))
    estaveis = sum(m.estavel for m in titulares)
    if regras.minimo_estaveis and estaveis < regras.minimo_estaveis:
        falhas.append(Problema(
            f"Há {_plural(estaveis, 'titular servidor efetivo estável', 'titulares servidores efetivos estáveis')}; "
            f"a lei exige ao menos {regras.minimo_estaveis}.", regras.artigo_estaveis))
    falhas.extend(_presidencia(regras, membros))
    for membro in membros:
        falhas.extend(_requisitos(regras, membro, data))
    cpfs_repetidos = sorted(m.nome for m in membros if m.cpf and m.cpf in membros_da_outra_instancia)
    if cpfs_repetidos:
        falhas.append(Problema(
            "A comissão recursal não pode ter quem julgou em primeira instância: " + ", ".join(cpfs_repetidos) + "."))

    if len({m.genero for m in titulares if m.genero in {"feminino", "masculino"}}) == 1 and len(titulares) > 1:
        avisos.append(Problema("Todos os titulares são do mesmo gênero: a prática federal recomenda diversidade "
                               "de gênero na comissão.", "Portaria Normativa SGP/MP nº 4/2018, art. 6º, § 2º"))
    if len({m.cor_raca for m in titulares}) == 1 and len(titulares) > 1:
        avisos.append(Problema("Todos os titulares têm a mesma cor ou raça: a prática federal recomenda "
                               "diversidade de cor.", "Portaria Normativa SGP/MP nº 4/2018, art. 6º, § 2º"))
    if titulares and not any(not m.titular for m in membros):
        avisos.append(Problema("A comissão não tem suplentes: a falta de um titular impede a sessão."))
    return Conferencia(tuple(falhas), tuple(avisos))


def _presidencia(regras: RegrasComissao, membros: list[MembroComissao]) -> list[Problema]:
    presidentes = [m for m in membros if m.presidente]
    if not presidentes:
        return [Problema("Designe o presidente da comissão.", regras.artigo_presidente)]
    presidente = presidentes[0]
    falhas = []
    if not presidente.titular:
        falhas.append(Problema(f"O presidente ({presidente.nome}) precisa ser titular."))
    if regras.presidente_carreira and not presidente.servidor_carreira:
        falhas.append(Problema(f"O presidente ({presidente.nome}) precisa ser servidor público de carreira.",
                               regras.artigo_presidente))
    return falhas


def _requisitos(regras: RegrasComissao, membro: MembroComissao, data: date) -> list[Problema]:
    falhas = []
    if regras.reputacao and not membro.reputacao_declarada:
        falhas.append(Problema(f"{membro.nome}: falta a declaração de reputação ilibada.", regras.artigo_reputacao))
    if regras.residencia_anos:
        if membro.reside_desde is None:
            falhas.append(Problema(f"{membro.nome}: informe desde quando reside no município.",
                                   regras.artigo_residencia))
        elif (anos := _anos_completos(membro.reside_desde, data)) < regras.residencia_anos:
            falhas.append(Problema(
                f"{membro.nome}: reside no município há {_plural(max(anos, 0), 'ano', 'anos')} "
                f"(desde {membro.reside_desde:%d/%m/%Y}); a lei exige ao menos {regras.residencia_anos}.",
                regras.artigo_residencia))
    if regras.escolaridade_minima and membro.escolaridade < regras.escolaridade_minima:
        falhas.append(Problema(
            f"{membro.nome}: a escolaridade é inferior à maior exigida no edital "
            f"({regras.escolaridade_minima_rotulo or regras.escolaridade_minima}).", regras.artigo_escolaridade))
    if regras.confidencialidade and not membro.termo_assinado:
        falhas.append(Problema(f"{membro.nome}: falta o termo de confidencialidade assinado.",
                               regras.artigo_confidencialidade))
    return falhas

"""Conferência da composição da comissão contra as regras da lei (Python puro, sem banco).

As regras vêm dos campos `comissao_*` da lei congelada no certame, cada uma com o seu artigo
(p. ex. Afonso Cláudio art. 8º). Cada falha diz o que falta e o dispositivo; os avisos seguem a prática
federal (Portaria Normativa SGP/MP nº 4/2018, art. 6º: diversidade de gênero e cor), que a lei
municipal não exige.

Duas conferências: a da comissão designada (`conferir`, os titulares e os requisitos de cada membro) e a de
quem de fato se senta para votar (`conferir_presentes`, suplentes incluídos), feita ao abrir a sessão, a cada
votação e a cada saída de membro: a composição que a lei exige vale para quem delibera, e o voto secreto
exige mais presentes do que a maioria, para que a unanimidade nunca se deduza (Afonso Cláudio art. 11, § 2º).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from heteroidentificacao.apuracao import maioria_absoluta
from nucleo.texto import plural

PRETOS_PARDOS = {"preta", "parda"}
# Sem regra na lei, a comissão delibera ao menos como colegiado de três.
COLEGIADO_MINIMO = 3


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
    votacao_secreta: bool = False
    artigo_votacao: str = ""
    maioria_dos_presentes: bool = False
    """A maioria conta os presentes, e não os membros da comissão (uma lei que diga «maioria dos presentes»)."""
    minimo_suplentes: int | None = None
    artigo_suplentes: str = ""
    diversidade_genero: bool = False
    diversidade_cor: bool = False
    artigo_diversidade: str = ""


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


def conferir(regras: RegrasComissao, membros: list[MembroComissao], *, data: date,
             membros_da_outra_instancia: frozenset[str] = frozenset()) -> Conferencia:
    """Confere a comissão na data `data` (a da designação): composição dos titulares e requisitos de cada
    membro, titular ou suplente (o suplente pode tomar o lugar de qualquer titular)."""
    falhas: list[Problema] = []
    avisos: list[Problema] = []
    titulares = [m for m in membros if m.titular]

    if regras.minimo_membros and len(titulares) < regras.minimo_membros:
        falhas.append(Problema(
            f"A comissão tem {plural(len(titulares), 'titular', 'titulares')}; a lei exige ao menos "
            f"{regras.minimo_membros}.", regras.artigo_minimo_membros))
    suplentes = len(membros) - len(titulares)
    if regras.minimo_suplentes and suplentes < regras.minimo_suplentes:
        falhas.append(Problema(
            f"A comissão tem {plural(suplentes, 'suplente', 'suplentes')}; a lei exige ao menos "
            f"{regras.minimo_suplentes}.", regras.artigo_suplentes))
    falhas.extend(_minimos(regras, titulares, entre_titulares=True))
    falhas.extend(_diversidade(regras, titulares, "Os titulares"))
    falhas.extend(_presidencia(regras, membros))
    for membro in membros:
        falhas.extend(requisitos(regras, membro, data))
    cpfs_repetidos = sorted(m.nome for m in membros if m.cpf and m.cpf in membros_da_outra_instancia)
    if cpfs_repetidos:
        falhas.append(Problema(
            "A comissão recursal não pode ter quem julgou em primeira instância: " + ", ".join(cpfs_repetidos) + "."))

    if (not regras.diversidade_genero and len(titulares) > 1
            and len({m.genero for m in titulares if m.genero in {"feminino", "masculino"}}) == 1):
        avisos.append(Problema("Todos os titulares são do mesmo gênero: a prática federal recomenda diversidade "
                               "de gênero na comissão.", "Portaria Normativa SGP/MP nº 4/2018, art. 6º, § 2º"))
    if not regras.diversidade_cor and len({m.cor_raca for m in titulares}) == 1 and len(titulares) > 1:
        avisos.append(Problema("Todos os titulares têm a mesma cor ou raça: a prática federal recomenda "
                               "diversidade de cor.", "Portaria Normativa SGP/MP nº 4/2018, art. 6º, § 2º"))
    necessarios = presentes_necessarios(regras, len(titulares))
    if titulares and not any(not m.titular for m in membros) and len(titulares) - 1 < necessarios:
        avisos.append(Problema(f"A comissão não tem suplentes e vota com ao menos {necessarios} presentes: a falta "
                               "de um titular impede a sessão."))
    return Conferencia(tuple(falhas), tuple(avisos))


def maioria_da_votacao(regras: RegrasComissao, *, titulares: int, presentes: int) -> int:
    """Os votos que formam a decisão: a maioria absoluta dos membros da comissão (Afonso Cláudio art. 9º, § 4º),
    ou a dos presentes, se a lei assim disser."""
    return maioria_absoluta(presentes if regras.maioria_dos_presentes else titulares)


def presentes_necessarios(regras: RegrasComissao, titulares: int) -> int:
    """Quantos precisam estar presentes para votar: o colegiado mínimo e, com voto secreto, mais do que a maioria
    dos membros (3 de 3, 4 de 4, 4 de 5), senão qualquer decisão seria unânime."""
    minimo = regras.minimo_membros or COLEGIADO_MINIMO
    if regras.votacao_secreta and not regras.maioria_dos_presentes and titulares:
        minimo = max(minimo, maioria_absoluta(titulares) + 1)
    return minimo


def conferir_presentes(regras: RegrasComissao, presentes: list[MembroComissao], *, titulares: int,
                       data: date) -> tuple[Problema, ...]:
    """Confere quem se senta para votar na data `data`, suplentes incluídos: quantos (o máximo é o número de
    titulares), o colegiado mínimo, a composição (Afonso Cláudio art. 8º, I e II), a presidência (art. 8º, § 3º),
    os requisitos de cada um (art. 8º, § 2º; termo, art. 11) e o quórum do voto secreto (art. 11, § 2º)."""
    falhas: list[Problema] = []
    n = len(presentes)
    if n > titulares:
        falhas.append(Problema(f"Há {plural(n, 'membro presente', 'membros presentes')} e a comissão tem "
                               f"{plural(titulares, 'titular', 'titulares')}: votam no máximo {titulares}, os "
                               "titulares ou os suplentes que os substituem."))
    minimo = regras.minimo_membros or COLEGIADO_MINIMO
    if n < minimo:
        falhas.append(Problema(f"Sem quórum: {plural(n, 'membro presente', 'membros presentes')}; a comissão "
                               f"delibera com ao menos {minimo}.", regras.artigo_minimo_membros))
    falhas.extend(_minimos(regras, presentes, entre_titulares=False))
    falhas.extend(_diversidade(regras, presentes, "Os presentes"))
    presidente = next((m for m in presentes if m.presidente), None)
    if presidente is None:
        falhas.append(Problema("O presidente precisa estar entre os presentes: é ele quem conduz a sessão."))
    elif regras.presidente_carreira and not presidente.servidor_carreira:
        falhas.append(Problema(f"O presidente ({presidente.nome}) precisa ser servidor público de carreira.",
                               regras.artigo_presidente))
    for membro in presentes:
        falhas.extend(requisitos(regras, membro, data))
    maioria = maioria_da_votacao(regras, titulares=titulares, presentes=n) if (titulares or n) else 0
    if regras.votacao_secreta and minimo <= n <= maioria:
        falhas.append(Problema(
            f"Com {plural(n, 'membro presente', 'membros presentes')} e uma maioria de {maioria} votos, qualquer "
            "decisão seria unânime e revelaria o voto de cada membro: para votar em segredo, são precisos ao menos "
            f"{maioria + 1} presentes (convoque um suplente).", regras.artigo_votacao))
    return tuple(falhas)


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


def _diversidade(regras: RegrasComissao, membros: list[MembroComissao], quem: str) -> list[Problema]:
    """A diversidade de gênero e de cor que a lei exige (p. ex. Lei 15.142/2025, art. 3º, II: «diversidade racial e
    de gênero»), entre os titulares designados ou entre os que deliberam."""
    falhas = []
    generos = {m.genero for m in membros if m.genero in {"feminino", "masculino"}}
    if regras.diversidade_genero and len(membros) > 1 and len(generos) < 2:
        falhas.append(Problema(f"{quem} precisam incluir mulheres e homens: a lei exige diversidade de gênero na "
                               "comissão.", regras.artigo_diversidade))
    if regras.diversidade_cor and len(membros) > 1 and len({m.cor_raca for m in membros}) < 2:
        falhas.append(Problema(f"{quem} têm todos a mesma cor ou raça: a lei exige diversidade de cor na comissão.",
                               regras.artigo_diversidade))
    return falhas


# Os mínimos do art. 8º, I e II: o campo das regras, o do artigo, quem conta, e o nome no singular e no plural.
_MINIMOS = (
    ("minimo_pretos_pardos", "artigo_pretos_pardos", lambda m: m.cor_raca in PRETOS_PARDOS, "preto ou pardo",
     "pretos ou pardos"),
    ("minimo_estaveis", "artigo_estaveis", lambda m: m.estavel, "servidor efetivo estável",
     "servidores efetivos estáveis"),
)


def _minimos(regras: RegrasComissao, membros: list[MembroComissao], *, entre_titulares: bool) -> list[Problema]:
    """Os mínimos de pretos ou pardos e de estáveis, contados entre os titulares designados ou entre os presentes."""
    falhas = []
    for campo, campo_artigo, conta, singular, plural_ in _MINIMOS:
        exigido, n = getattr(regras, campo), sum(conta(m) for m in membros)
        if not exigido or n >= exigido:
            continue
        if entre_titulares:
            texto = f"Há {plural(n, f'titular {singular}', f'titulares {plural_}')}; a lei exige ao menos {exigido}."
        else:
            texto = (f"Entre os presentes há {plural(n, singular, plural_)}; a lei exige ao menos {exigido} entre os "
                     "que deliberam.")
        falhas.append(Problema(texto, getattr(regras, campo_artigo)))
    return falhas


def requisitos(regras: RegrasComissao, membro: MembroComissao, data: date) -> list[Problema]:
    falhas = []
    if regras.reputacao and not membro.reputacao_declarada:
        falhas.append(Problema(f"{membro.nome}: falta a declaração de reputação ilibada.", regras.artigo_reputacao))
    if regras.residencia_anos:
        if membro.reside_desde is None:
            falhas.append(Problema(f"{membro.nome}: informe desde quando reside no município.",
                                   regras.artigo_residencia))
        elif (anos := _anos_completos(membro.reside_desde, data)) < regras.residencia_anos:
            falhas.append(Problema(
                f"{membro.nome}: reside no município há {plural(max(anos, 0), 'ano', 'anos')} "
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

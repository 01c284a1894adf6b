"""Motor de reserva de vagas e de convocação.

Python puro sobre valores simples, sem acesso ao banco: recebe as regras de uma lei
(`Regras`), o número de vagas e os candidatos, e devolve quantas vagas cada grupo reserva,
quais posições da ordem de nomeação são reservadas e quem ocupa cada uma.

As regras que as leis deixam em aberto (onde pôr uma vaga reservada que o padrão da lei não
alcança dentro do lote, ou que colide com outra) estão descritas, com a justificativa, em
docs/decisoes/0001-posicoes-das-vagas-reservadas.md; cada vez que uma delas é aplicada o
motor devolve um `Ajuste` que o explica ao usuário.

Passa de 500 linhas de propósito: é o módulo puro que a arquitetura nomeia (docs/arquitetura.md), e as funções do
quadro, das posições e da convocação partilham as mesmas dataclasses e invariantes; dividi-lo obrigaria quem o lê a
seguir uma regra por vários arquivos.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from operator import attrgetter

AMPLA = "AC"
PCD = "PCD"
NOME_AMPLA = "Ampla concorrência"
NOME_PCD = "Pessoas com deficiência"
CORES = ("branca", "preta", "parda", "amarela", "indigena")
HABILITADO = "habilitado"
SITUACOES = (HABILITADO, "eliminado", "desistente")
DECISAO_POSICOES = "docs/decisoes/0001-posicoes-das-vagas-reservadas.md"


class ErroRegras(ValueError):
    """Parâmetros impossíveis para a lei (mensagem em português, pronta para o usuário)."""


class Arredondamento(StrEnum):
    MEIO_PARA_CIMA = "meio_para_cima"
    TETO = "teto"
    PISO = "piso"


class Padrao(StrEnum):
    PROPORCIONAL = "proporcional"
    A_CADA = "a_cada"
    POSICOES = "posicoes"


def arredondar(valor: Fraction, modo: Arredondamento) -> int:
    """Arredonda uma fração exata; meio para cima: 0,5 sobe (nunca o 'meio para o par' de round())."""
    return _arredondar_razao(valor.numerator, valor.denominator, modo)


def _arredondar_razao(a: int, b: int, modo: Arredondamento) -> int:
    if modo is Arredondamento.MEIO_PARA_CIMA:
        return (2 * a + b) // (2 * b)
    if modo is Arredondamento.TETO:
        return -(-a // b)
    return a // b


@dataclass(frozen=True, slots=True)
class Grupo:
    """Um grupo de reserva (negros, indígenas, quilombolas...) com o artigo de cada regra."""

    codigo: str
    nome: str
    percentual: Decimal
    cores: frozenset[str]
    quilombola: bool = False
    padrao: Padrao = Padrao.PROPORCIONAL
    intervalo: int = 0
    posicoes: tuple[int, ...] = ()
    reverte_para: tuple[str, ...] = ()
    artigo: str = ""
    artigo_padrao: str = ""

    def elegivel(self, cor_raca: str, quilombola: bool) -> bool:
        return cor_raca in self.cores or (self.quilombola and quilombola)

    def elegiveis(self) -> frozenset[tuple[str, bool]]:
        """Os pares (cor ou raça, quilombola) de quem pertence ao grupo: `elegivel` como dados, de onde saem a fila
        do grupo aqui e o filtro da lista no banco (concursos/selectors/listas.py, `elegiveis_do_grupo`)."""
        return frozenset((cor, q) for cor in CORES for q in (False, True) if self.elegivel(cor, q))


@dataclass(frozen=True, slots=True)
class Regras:
    """As regras de uma lei que o motor aplica, cada uma com o artigo que a estabelece."""

    slug: str
    grupos: tuple[Grupo, ...]
    minimo_vagas: int
    arredondamento: Arredondamento = Arredondamento.MEIO_PARA_CIMA
    pcd_antes_da_reserva: bool = True
    artigo_minimo: str = ""
    artigo_arredondamento: str = ""
    artigo_prioridade: str = ""
    artigo_reversao: str = ""
    artigo_ampla: str = ""

    def __post_init__(self) -> None:
        codigos = [g.codigo for g in self.grupos]
        if len(set(codigos)) != len(codigos):
            raise ErroRegras(f"Há grupos de reserva com o mesmo código: {', '.join(codigos)}.")
        for g in self.grupos:
            desconhecidos = [c for c in g.reverte_para if c not in codigos or c == g.codigo]
            if desconhecidos:
                raise ErroRegras(f"O grupo {g.codigo} reverte para {', '.join(desconhecidos)}, que não é outro grupo "
                                 f"desta lei (grupos: {', '.join(codigos)}).")

    def grupo(self, codigo: str) -> Grupo:
        for g in self.grupos:
            if g.codigo == codigo:
                return g
        raise KeyError(codigo)


def regras_para_dict(regras: Regras) -> dict:
    """As regras como dados JSON (para congelá-las num edital publicado); ver `regras_de_dict`."""
    return {
        "slug": regras.slug, "minimo_vagas": regras.minimo_vagas, "arredondamento": regras.arredondamento.value,
        "pcd_antes_da_reserva": regras.pcd_antes_da_reserva, "artigo_minimo": regras.artigo_minimo,
        "artigo_arredondamento": regras.artigo_arredondamento, "artigo_prioridade": regras.artigo_prioridade,
        "artigo_reversao": regras.artigo_reversao, "artigo_ampla": regras.artigo_ampla,
        "grupos": [
            {"codigo": g.codigo, "nome": g.nome, "percentual": str(g.percentual), "cores": sorted(g.cores),
             "quilombola": g.quilombola, "padrao": g.padrao.value, "intervalo": g.intervalo,
             "posicoes": list(g.posicoes), "reverte_para": list(g.reverte_para), "artigo": g.artigo,
             "artigo_padrao": g.artigo_padrao}
            for g in regras.grupos
        ],
    }


def regras_de_dict(dados: dict) -> Regras:
    grupos = tuple(
        Grupo(codigo=g["codigo"], nome=g["nome"], percentual=Decimal(g["percentual"]), cores=frozenset(g["cores"]),
              quilombola=g["quilombola"], padrao=Padrao(g["padrao"]), intervalo=g["intervalo"],
              posicoes=tuple(g["posicoes"]), reverte_para=tuple(g["reverte_para"]), artigo=g["artigo"],
              artigo_padrao=g["artigo_padrao"])
        for g in dados["grupos"]
    )
    campos = {k: v for k, v in dados.items() if k not in ("grupos", "arredondamento")}
    return Regras(grupos=grupos, arredondamento=Arredondamento(dados["arredondamento"]), **campos)


@dataclass(frozen=True, slots=True)
class Reserva:
    codigo: str
    nome: str
    percentual: Decimal
    vagas: int
    artigo: str


@dataclass(frozen=True, slots=True)
class Ajuste:
    """Uma vaga posta fora da posição que o padrão da lei indicaria, e por quê."""

    posicao: int
    vaga: str
    ordinal: int
    posicao_natural: int
    motivo: str


@dataclass(frozen=True, slots=True)
class Quadro:
    """Quadro de vagas de um cargo: contagens por tipo e a ordem das K primeiras posições."""

    vagas: int
    pcd: int
    ampla: int
    reservas: tuple[Reserva, ...]
    ordem: tuple[str, ...]
    ajustes: tuple[Ajuste, ...]
    abaixo_do_minimo: bool


@dataclass(frozen=True, slots=True)
class Candidato:
    inscricao: str
    classificacao: int
    cor_raca: str = "branca"
    quilombola: bool = False
    pcd: bool = False
    reserva: bool = False
    situacao: str = HABILITADO
    # Os grupos de cuja lista o candidato saiu, embora pertença a eles: p. ex. o documento que a lei exige foi
    # recusado (Iúna art. 2º, II; legislacao/comprovacao.py). Continua na geral, na ampla e nos outros grupos.
    fora_de: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Convocado:
    """Quem ocupa a posição: `vaga` é o tipo da vaga no padrão; `lista`, a lista de onde veio."""

    posicao: int
    vaga: str
    lista: str | None
    inscricao: str | None
    classificacao: int | None


def vagas_reservadas(regras: Regras, grupo: Grupo, vagas: int) -> int:
    """Vagas do grupo entre `vagas` oferecidas: zero abaixo do mínimo legal, senão o percentual arredondado."""
    if vagas < regras.minimo_vagas:
        return 0
    return arredondar(Fraction(grupo.percentual) * vagas / 100, regras.arredondamento)


class _Serie:
    """Quantas vagas de um tipo devem existir entre as n primeiras posições, pelo padrão da lei."""

    __slots__ = (
        "_den",
        "_intervalo",
        "_minimo",
        "_modo",
        "_num",
        "_padrao",
        "_posicoes",
        "artigo",
        "artigo_padrao",
        "codigo",
        "nome",
    )

    def __init__(self, codigo, nome, artigo, artigo_padrao, fracao: Fraction, modo, minimo, padrao,
                 intervalo=0, posicoes=()):
        self.codigo, self.nome, self.artigo, self.artigo_padrao = codigo, nome, artigo, artigo_padrao
        self._num, self._den = fracao.numerator, fracao.denominator
        self._modo, self._minimo, self._padrao = modo, minimo, padrao
        self._intervalo, self._posicoes = intervalo, tuple(sorted(posicoes))

    def ate(self, n: int) -> int:
        if n < self._minimo:
            return 0
        if self._padrao is Padrao.A_CADA:
            return n // self._intervalo
        proporcional = _arredondar_razao(n * self._num, self._den, self._modo)
        if self._padrao is Padrao.POSICOES:
            return max(proporcional, bisect_right(self._posicoes, n))
        return proporcional

    def posicao_natural(self, ordinal: int, apos: int) -> int:
        n = apos + 1
        while self.ate(n) < ordinal:
            n += 1
        return n


def _series(regras: Regras, vagas: int, vagas_pcd: int) -> list[_Serie]:
    grupos = [
        _Serie(g.codigo, g.nome, g.artigo, g.artigo_padrao, Fraction(g.percentual) / 100, regras.arredondamento,
               regras.minimo_vagas, g.padrao, g.intervalo, g.posicoes)
        for g in regras.grupos
    ]
    if not vagas_pcd:
        return grupos
    # As vagas PcD vêm do edital (outras leis); distribuem-se pela mesma regra cumulativa, na razão M/N.
    pcd = _Serie(PCD, NOME_PCD, "edital", "proporção do edital", Fraction(vagas_pcd, vagas),
                 Arredondamento.MEIO_PARA_CIMA, 0, Padrao.PROPORCIONAL)
    return [pcd, *grupos] if regras.pcd_antes_da_reserva else [*grupos, pcd]


def calcular_quadro(regras: Regras, vagas: int, vagas_pcd: int = 0, posicoes: int | None = None) -> Quadro:
    """Conta as vagas de cada tipo e dispõe as `posicoes` primeiras da ordem de nomeação (padrão: `vagas`).

    Dentro das `vagas` do lote cada tipo tem exatamente a sua contagem (garantia); as posições
    seguintes (cadastro de reserva, novas vagas) continuam o mesmo padrão (p. ex. Iúna art. 7º § 2º).
    """
    if vagas < 1:
        raise ErroRegras(f"O número de vagas deve ser ao menos 1 (recebido: {vagas}).")
    if vagas_pcd < 0:
        raise ErroRegras(f"O número de vagas PcD não pode ser negativo (recebido: {vagas_pcd}).")
    total = vagas if posicoes is None else posicoes
    if total < 1:
        raise ErroRegras(f"O número de posições deve ser ao menos 1 (recebido: {total}).")
    reservas = tuple(
        Reserva(g.codigo, g.nome, g.percentual, vagas_reservadas(regras, g, vagas), g.artigo) for g in regras.grupos
    )
    reservado = sum(r.vagas for r in reservas)
    if vagas_pcd + reservado > vagas:
        raise ErroRegras(
            f"As {vagas_pcd} vagas PcD somadas às {reservado} vagas reservadas pela lei excedem as {vagas} vagas "
            "oferecidas."
        )
    series = _series(regras, vagas, vagas_pcd)
    limite = {r.codigo: r.vagas for r in reservas} | {PCD: vagas_pcd}
    ampla = vagas - vagas_pcd - reservado
    ordem, ajustes = _dispor(series, [limite[s.codigo] for s in series], vagas, max(total, vagas), ampla > 0)
    return Quadro(
        vagas=vagas,
        pcd=vagas_pcd,
        ampla=ampla,
        reservas=reservas,
        ordem=tuple(ordem[:total]),
        ajustes=tuple(a for a in ajustes if a.posicao <= total),
        abaixo_do_minimo=vagas < regras.minimo_vagas,
    )


def _dispor(series: list[_Serie], limites: list[int], vagas: int, total: int,
            primeira_ampla: bool) -> tuple[list[str], list[Ajuste]]:
    """Dispõe as posições; havendo vaga de ampla, a primeira nomeação é dela (Ibatiba art. 5º, I)."""
    ordem = [AMPLA] * total
    colocadas = [0] * len(series)
    devidas = [0] * len(series)
    naturais: list[deque[int]] = [deque() for _ in series]
    ajustes: list[Ajuste] = []
    for n in range(1, total + 1):
        escolhida = -1
        for i, serie in enumerate(series):
            alvo = serie.ate(n)
            if n <= vagas and alvo > limites[i]:
                alvo = limites[i]
            while devidas[i] < alvo:
                naturais[i].append(n)
                devidas[i] += 1
            if escolhida < 0 and colocadas[i] < alvo:
                escolhida = i
        if escolhida >= 0 and not (n == 1 and primeira_ampla):
            serie = series[escolhida]
            ordem[n - 1] = serie.codigo
            colocadas[escolhida] += 1
            natural = naturais[escolhida].popleft()
            if natural != n:
                ajustes.append(Ajuste(n, serie.codigo, colocadas[escolhida], natural, _motivo_colisao(
                    serie, colocadas[escolhida], natural, n, ordem[natural - 1])))
        if n == vagas:
            _completar_lote(series, limites, colocadas, devidas, naturais, ordem, vagas, ajustes)
    return ordem, ajustes


def _completar_lote(series, limites, colocadas, devidas, naturais, ordem, vagas, ajustes) -> None:
    """Garantia: cada tipo tem a sua contagem dentro do lote.

    As vagas que o padrão não alcançou (por cair depois do lote ou por colisão) ocupam as últimas
    posições de ampla concorrência do lote, a de maior prioridade na mais cedo (decisão 0001).
    """
    faltantes = []
    for i, serie in enumerate(series):
        for _ in range(limites[i] - colocadas[i]):
            colocadas[i] += 1
            natural = naturais[i].popleft() if naturais[i] else serie.posicao_natural(colocadas[i], vagas)
            faltantes.append((i, colocadas[i], natural))
        devidas[i] = max(devidas[i], colocadas[i])
    if not faltantes:
        return
    livres = [p for p in range(vagas, 0, -1) if ordem[p - 1] == AMPLA][: len(faltantes)]
    for (i, ordinal, natural), posicao in zip(faltantes, sorted(livres), strict=True):
        serie = series[i]
        ordem[posicao - 1] = serie.codigo
        ajustes.append(Ajuste(posicao, serie.codigo, ordinal, natural, _motivo_lote(
            serie, ordinal, natural, posicao, vagas, limites[i], ordem)))
    ajustes.sort(key=attrgetter("posicao"))


def _motivo_colisao(serie: _Serie, ordinal: int, natural: int, posicao: int, ocupante: str) -> str:
    if ocupante == serie.codigo:
        return (
            f"A {ordinal}ª vaga de {serie.nome} cairia também na posição {natural}, onde a contagem do grupo sobe "
            f"mais de uma vez (o mínimo legal foi atingido); é nomeada logo depois, na posição {posicao}, a "
            "primeira disponível."
        )
    return (
        f"A {ordinal}ª vaga de {serie.nome} cairia na posição {natural}, já ocupada por uma vaga de prioridade "
        f"maior ({ocupante}); é nomeada logo depois, na posição {posicao}, a primeira disponível "
        "(ordem de prioridade entre as listas)."
    )


def _motivo_lote(serie: _Serie, ordinal: int, natural: int, posicao: int, vagas: int, limite: int,
                 ordem: list[str]) -> str:
    if natural > vagas:
        causa = (f"o padrão da lei ({serie.artigo_padrao}) a poria na posição {natural}, fora das {vagas} vagas "
                 "do lote")
    elif ordem[natural - 1] == serie.codigo:
        causa = f"a contagem sobe mais de uma vez na posição {natural}"
    else:
        causa = f"a posição {natural} é ocupada por uma vaga de prioridade maior ({ordem[natural - 1]})"
    return (
        f"A {ordinal}ª vaga de {serie.nome}: {causa}; como a lei reserva {limite} vaga(s) entre as {vagas} "
        f"({serie.artigo}), ela ocupa a posição {posicao}, a última de ampla concorrência disponível no lote."
    )


class _Fila:
    """Percorre a lista geral (já ordenada) devolvendo o próximo candidato livre que atende ao filtro."""

    __slots__ = ("_candidatos", "_filtro", "_i", "_tomado")

    def __init__(self, candidatos, tomado, filtro=None):
        self._candidatos, self._tomado, self._filtro, self._i = candidatos, tomado, filtro, 0

    def proximo(self) -> int | None:
        candidatos, tomado, filtro = self._candidatos, self._tomado, self._filtro
        i, fim = self._i, len(candidatos)
        while i < fim:
            if not tomado[i] and (filtro is None or filtro(candidatos[i])):
                tomado[i] = 1
                self._i = i + 1
                return i
            i += 1
        self._i = fim
        return None


def _filtro_grupo(grupo: Grupo):
    elegiveis, codigo = grupo.elegiveis(), grupo.codigo
    return lambda c: (c.reserva and (c.cor_raca, c.quilombola) in elegiveis
                      and not (c.fora_de and codigo in c.fora_de))


def convocar(regras: Regras, quadro: Quadro, candidatos: Iterable[Candidato]) -> tuple[Convocado, ...]:
    """Quem ocupa cada posição de `quadro.ordem`.

    O lote inicial (as `quadro.vagas` primeiras posições) é uma chamada só: 1. só contam os
    habilitados; 2. as vagas de ampla vão aos melhores da lista geral, cotistas incluídos (que não
    contam na reserva); 3. depois as vagas PcD e as de cada grupo, na ordem de prioridade da lei, aos
    melhores restantes de cada lista; 4. vagas sem candidato revertem pela cadeia do grupo e, por
    fim, à ampla; 5. cada lista ocupa as suas posições na ordem da lista. As posições seguintes são
    chamadas posteriores, uma a uma, que não mudam o lote (Iúna art. 7º, § 2º).
    """
    lote = quadro.ordem[: quadro.vagas]
    if len(lote) < quadro.vagas:
        lote = calcular_quadro(regras, quadro.vagas, quadro.pcd).ordem
    geral, filas = _filas(regras, candidatos)
    convocados = _convocar_lote(regras, lote, filas, geral)
    for p in range(len(lote) + 1, len(quadro.ordem) + 1):
        vaga = quadro.ordem[p - 1]
        lista, i = _primeiro_da_cadeia(filas, _cadeia(regras, vaga, propria=True))
        c = geral[i] if i is not None else None
        convocados.append(Convocado(p, vaga, lista, c and c.inscricao, c and c.classificacao))
    return tuple(convocados[: len(quadro.ordem)])


def chamar_seguintes(regras: Regras, listas: Sequence[str], candidatos: Iterable[Candidato],
                     ja_chamados: Collection[str]) -> tuple[tuple[str | None, Candidato | None], ...]:
    """Chamadas posteriores ao lote, uma vaga por vez, sem tocar em quem já foi chamado.

    Cada vaga vai ao melhor habilitado ainda não chamado da lista indicada: na desistência, a
    lista de quem desistiu (Vargem Alta art. 4º, § 2º; Iúna art. 7º, § 1º; Afonso Cláudio art. 3º,
    § 2º); em novas vagas, o tipo da posição no padrão (Iúna art. 7º, § 2º). Lista esgotada: segue
    a cadeia de reversão e, por fim, a ampla. Devolve (lista de origem, candidato) por vaga.
    """
    chamados = set(ja_chamados)
    geral, filas = _filas(regras, (c for c in candidatos if c.inscricao not in chamados))
    resultado = []
    for lista in listas:
        origem, i = _primeiro_da_cadeia(filas, _cadeia(regras, lista, propria=True))
        resultado.append((origem, geral[i] if i is not None else None))
    return tuple(resultado)


def _filas(regras: Regras, candidatos: Iterable[Candidato]) -> tuple[list[Candidato], dict[str, _Fila]]:
    geral = sorted((c for c in candidatos if c.situacao == HABILITADO), key=attrgetter("classificacao"))
    tomado = bytearray(len(geral))
    filas = {AMPLA: _Fila(geral, tomado), PCD: _Fila(geral, tomado, attrgetter("pcd"))}
    for g in regras.grupos:
        filas[g.codigo] = _Fila(geral, tomado, _filtro_grupo(g))
    return geral, filas


def _cadeia(regras: Regras, vaga: str, propria: bool = False) -> tuple[str, ...]:
    """Para onde vai uma vaga sem candidato: a cadeia do grupo (se houver) e, por fim, a ampla."""
    if vaga == AMPLA:
        return (AMPLA,)
    cadeia = (*(regras.grupo(vaga).reverte_para if vaga != PCD else ()), AMPLA)
    return (vaga, *cadeia) if propria else cadeia


def _convocar_lote(regras: Regras, lote: Sequence[str], filas: dict[str, _Fila], geral) -> list[Convocado]:
    posicoes: dict[str, list[int]] = {}
    for p, tipo in enumerate(lote, 1):
        posicoes.setdefault(tipo, []).append(p)
    lista_da_posicao: list[str | None] = list(lote)
    titulares: dict[str, list[int]] = {codigo: [] for codigo in filas}
    sem_titular: list[tuple[str, int]] = []

    def preencher(tipo: str) -> None:
        for p in posicoes.get(tipo, ()):
            i = filas[tipo].proximo()
            if i is None:
                sem_titular.append((tipo, p))
            else:
                titulares[tipo].append(i)

    preencher(AMPLA)
    for p in (p for tipo, p in sem_titular if tipo == AMPLA):
        lista_da_posicao[p - 1] = None
    sem_titular.clear()
    reservas = [g.codigo for g in regras.grupos]
    for tipo in [PCD, *reservas] if regras.pcd_antes_da_reserva else [*reservas, PCD]:
        preencher(tipo)
    for tipo, p in sem_titular:
        destino, i = _primeiro_da_cadeia(filas, _cadeia(regras, tipo))
        lista_da_posicao[p - 1] = destino
        if destino is not None:
            titulares[destino].append(i)
    return _dispor_titulares(lote, lista_da_posicao, titulares, geral)


def _primeiro_da_cadeia(filas: dict[str, _Fila], cadeia: Sequence[str]) -> tuple[str | None, int | None]:
    """O melhor candidato livre da primeira lista da cadeia que ainda tenha alguém."""
    for destino in cadeia:
        i = filas[destino].proximo()
        if i is not None:
            return destino, i
    return None, None


def _dispor_titulares(ordem, lista_da_posicao, titulares, geral) -> list[Convocado]:
    proximos = {lista: iter(sorted(indices)) for lista, indices in titulares.items()}
    resultado = []
    for p, (vaga, lista) in enumerate(zip(ordem, lista_da_posicao, strict=True), 1):
        i = next(proximos[lista], None) if lista is not None else None
        if i is None:
            resultado.append(Convocado(p, vaga, None, None, None))
        else:
            c = geral[i]
            resultado.append(Convocado(p, vaga, lista, c.inscricao, c.classificacao))
    return resultado

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
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from itertools import islice
from operator import attrgetter, itemgetter

from nucleo.texto import plural

AMPLA = "AC"
PCD = "PCD"
NOME_AMPLA = "Ampla concorrência"
NOME_PCD = "Pessoas com deficiência"
CORES = ("branca", "preta", "parda", "amarela", "indigena")
HABILITADO = "habilitado"
FEMININO = "feminino"
MASCULINO = "masculino"
GENEROS = (FEMININO, MASCULINO)
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


# O tipo de cada posição sai de uma contagem cumulativa por tipo de vaga; quando dois tipos pedem a mesma posição,
# uma posição que a lei fixa (Afonso Cláudio: toda 5ª; Iúna: a 3ª e a 10ª) é sempre do grupo da lei, e nas demais
# decide o desempate da lei ou do edital (decisões 0001 e 0014).


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
        """Os pares (cor ou raça, quilombola) de quem pertence ao grupo: `elegivel` como dados (a lista do grupo sai
        de `Regras.elegiveis`, que aplica também a reserva única)."""
        return frozenset((cor, q) for cor in CORES for q in (False, True) if self.elegivel(cor, q))


@dataclass(frozen=True, slots=True)
class RegraPcd:
    """A regra das vagas PcD, que é do edital (e das leis sobre pessoas com deficiência, p. ex. o Decreto
    9.508/2018), e não da lei de cotas: nenhuma das leis de cotas fixa posição para elas.

    A quantidade por cargo é uma entrada do motor (`vagas_pcd`); com `percentual`, o edital a calcula por
    `vagas_pcd_do_edital`. As posições: `posicoes` explícitas do edital (e, depois da última, uma a cada
    `intervalo`); sem elas, a contagem cumulativa do `percentual` com o seu arredondamento; sem percentual, a
    proporção M/N das vagas PcD do cargo, meio para cima. `artigo` é o item do edital (com a norma) que a define.
    """

    percentual: Decimal | None = None
    arredondamento: Arredondamento = Arredondamento.TETO
    minimo_vagas: int = 1
    posicoes: tuple[int, ...] = ()
    intervalo: int = 0
    artigo: str = ""
    primeiro: bool = False
    """As vagas PcD do lote nas primeiras posições, antes de qualquer outra (p. ex. Ubatuba art. 7º, caput, nos
    empregos públicos): posições que a lei fixa, que nenhuma vaga reservada toma."""


def vagas_pcd_do_edital(regra: RegraPcd, vagas: int) -> int | None:
    """As vagas PcD de um cargo pelo percentual do edital (p. ex. 5%, fração para cima); None se o edital não dá
    percentual (o número vem de cada cargo)."""
    if regra.percentual is None:
        return None
    if vagas < regra.minimo_vagas:
        return 0
    return arredondar(Fraction(regra.percentual) * vagas / 100, regra.arredondamento)


@dataclass(frozen=True, slots=True)
class Regras:
    """As regras que o motor aplica, cada uma com o artigo que a estabelece: as da lei e, em `pcd` e
    `item_criterio`, as do edital (que não se congelam com a lei: são do certame).

    Duas regras diferentes sobre PcD e reserva (issue 12): `posicao_pcd_antes_da_reserva` decide quem fica com
    uma posição que dois tipos pedem e que a lei não fixa; `nomeacao_pcd_antes_da_reserva`, a ordem de nomeação
    de quem está em mais de uma lista (Ubatuba art. 7º, § 1º; Ibatiba art. 5º). `posicoes_da_lei_protegidas`
    falso reproduz o quadro dos editais congelados antes da correção (uma vaga PcD podia tomar uma posição que a
    lei fixa): o que foi publicado não se reescreve (decisão 0014).
    """

    slug: str
    grupos: tuple[Grupo, ...]
    minimo_vagas: int
    arredondamento: Arredondamento = Arredondamento.MEIO_PARA_CIMA
    nomeacao_pcd_antes_da_reserva: bool = True
    posicao_pcd_antes_da_reserva: bool = True
    posicoes_da_lei_protegidas: bool = True
    lista_mais_favoravel: bool = False
    equidade_genero: bool = False
    pcd_primeiro_nos_empregos: bool = False
    artigo_minimo: str = ""
    artigo_arredondamento: str = ""
    artigo_ordem_nomeacao: str = ""
    artigo_desempate: str = ""
    artigo_reversao: str = ""
    artigo_ampla: str = ""
    artigo_lista_mais_favoravel: str = ""
    artigo_equidade_genero: str = ""
    artigo_pcd_primeiro_nos_empregos: str = ""
    uma_reserva_so: bool = False
    artigo_uma_reserva: str = ""
    pcd: RegraPcd = RegraPcd()
    item_criterio: str = ""

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

    def reserva_de(self, cor_raca: str, quilombola: bool) -> Grupo | None:
        """Com `uma_reserva_so`, o único grupo em que concorre quem é elegível a vários: o de maior percentual (p. ex.
        Decreto 12.536/2025: pessoa parda e quilombola fica em pretos e pardos, 25%, e não em quilombolas, 2%). No
        empate de percentuais, o que vem antes na ordem da lei — a mesma ordem que decide colisões entre grupos."""
        melhor = None
        for g in self.grupos:
            if g.elegivel(cor_raca, quilombola) and (melhor is None or g.percentual > melhor.percentual):
                melhor = g
        return melhor

    def elegiveis(self, grupo: Grupo) -> frozenset[tuple[str, bool]]:
        """Os pares (cor ou raça, quilombola) de quem concorre na lista do grupo: os elegíveis a ele e, com
        `uma_reserva_so`, só os que ficam nele (`reserva_de`). Daqui saem a fila do grupo no motor e o filtro da
        lista no banco (concursos/selectors/listas.py, `elegiveis_do_grupo`)."""
        pares = grupo.elegiveis()
        if not self.uma_reserva_so:
            return pares
        return frozenset(p for p in pares if self.reserva_de(*p) is grupo)


# As regras da lei que o certame congela na publicação; a regra PcD e o item do critério são do edital.
CAMPOS_DA_LEI = ("slug", "minimo_vagas", "nomeacao_pcd_antes_da_reserva", "posicao_pcd_antes_da_reserva",
                 "posicoes_da_lei_protegidas", "lista_mais_favoravel", "artigo_minimo", "artigo_arredondamento",
                 "artigo_ordem_nomeacao", "artigo_desempate", "artigo_reversao", "artigo_ampla",
                 "artigo_lista_mais_favoravel", "equidade_genero", "artigo_equidade_genero",
                 "pcd_primeiro_nos_empregos", "artigo_pcd_primeiro_nos_empregos", "uma_reserva_so",
                 "artigo_uma_reserva")
# Quem foi congelado antes de uma chave existir não a tem: vale o valor de então, o padrão da regra (a chave
# `posicoes_da_lei_protegidas` dos editais anteriores à issue 12 foi gravada pela migração concursos/0020).
_PADROES = {campo.name: campo.default for campo in fields(Regras) if campo.name in CAMPOS_DA_LEI}


def regras_para_dict(regras: Regras) -> dict:
    """As regras da lei como dados JSON (para congelá-las num edital publicado); ver `regras_de_dict`."""
    return {
        **{campo: getattr(regras, campo) for campo in CAMPOS_DA_LEI},
        "arredondamento": regras.arredondamento.value,
        "grupos": [
            {"codigo": g.codigo, "nome": g.nome, "percentual": str(g.percentual), "cores": sorted(g.cores),
             "quilombola": g.quilombola, "padrao": g.padrao.value, "intervalo": g.intervalo,
             "posicoes": list(g.posicoes), "reverte_para": list(g.reverte_para), "artigo": g.artigo,
             "artigo_padrao": g.artigo_padrao}
            for g in regras.grupos
        ],
    }


def regras_de_dict(dados: dict) -> Regras:
    """As regras congeladas num edital; as chaves que vieram depois (p. ex. `uma_reserva_so`) faltam nas regras de
    editais publicados antes delas, e valem o padrão do campo — a regra que esses editais aplicaram."""
    grupos = tuple(
        Grupo(codigo=g["codigo"], nome=g["nome"], percentual=Decimal(g["percentual"]), cores=frozenset(g["cores"]),
              quilombola=g["quilombola"], padrao=Padrao(g["padrao"]), intervalo=g["intervalo"],
              posicoes=tuple(g["posicoes"]), reverte_para=tuple(g["reverte_para"]), artigo=g["artigo"],
              artigo_padrao=g["artigo_padrao"])
        for g in dados["grupos"]
    )
    return Regras(grupos=grupos, arredondamento=Arredondamento(dados["arredondamento"]),
                  **{campo: dados.get(campo, _PADROES.get(campo)) for campo in CAMPOS_DA_LEI})


@dataclass(frozen=True, slots=True)
class Reserva:
    codigo: str
    nome: str
    percentual: Decimal
    vagas: int
    artigo: str


@dataclass(frozen=True, slots=True)
class Ajuste:
    """Uma vaga posta fora da posição que o padrão da lei indicaria, por quê, e a base da colocação: o artigo da
    lei ou o item do edital (nunca um registro de decisão do sistema)."""

    posicao: int
    vaga: str
    ordinal: int
    posicao_natural: int
    motivo: str
    base: str = ""


@dataclass(frozen=True, slots=True)
class Colocacao:
    """Uma posição que não é de ampla concorrência, com a base da colocação: o padrão da lei (`fixada_na_lei`
    quando a lei fixa a própria posição), a regra PcD do edital, ou o ajuste que a deslocou."""

    posicao: int
    vaga: str
    ordinal: int
    base: str
    fixada_na_lei: bool
    ajustada: bool


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
    genero: str = ""
    # Os grupos de cuja lista o candidato saiu, embora pertença a eles: p. ex. o documento que a lei exige foi
    # recusado (Iúna art. 2º, II; legislacao/comprovacao.py). Continua na geral, na ampla e nos outros grupos.
    fora_de: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Convocado:
    """Quem ocupa a posição: `vaga` é o tipo da vaga no padrão; `lista`, a lista de onde veio. `pela_lista`: o
    grupo cuja lista deu a posição a um cotista nomeado pela ampla, quando mais favorável (Iúna art. 5º, § 2º)."""

    posicao: int
    vaga: str
    lista: str | None
    inscricao: str | None
    classificacao: int | None
    pela_lista: str | None = None


def vagas_reservadas(regras: Regras, grupo: Grupo, vagas: int) -> int:
    """Vagas do grupo entre `vagas` oferecidas: zero abaixo do mínimo legal, senão o percentual arredondado."""
    if vagas < regras.minimo_vagas:
        return 0
    return arredondar(Fraction(grupo.percentual) * vagas / 100, regras.arredondamento)


class _Serie:
    """Quantas vagas de um tipo devem existir entre as n primeiras posições, pelo padrão da lei (ou do edital, nas
    vagas PcD), e se a lei fixa a posição n para o tipo."""

    __slots__ = (
        "_den",
        "_fixadas",
        "_intervalo",
        "_minimo",
        "_modo",
        "_num",
        "_padrao",
        "_posicoes",
        "artigo",
        "base",
        "codigo",
        "da_lei",
        "nome",
    )

    def __init__(self, codigo, nome, artigo, base, fracao: Fraction, modo, minimo, padrao, intervalo=0,
                 posicoes=(), da_lei=True):
        self.codigo, self.nome, self.artigo, self.base, self.da_lei = codigo, nome, artigo, base, da_lei
        self._num, self._den = fracao.numerator, fracao.denominator
        self._modo, self._minimo, self._padrao = modo, minimo, padrao
        self._intervalo, self._posicoes = intervalo, tuple(sorted(posicoes))
        self._fixadas = frozenset(self._posicoes) if da_lei else frozenset()

    def ate(self, n: int) -> int:
        if n < self._minimo:
            return 0
        if self._padrao is Padrao.A_CADA:
            return n // self._intervalo
        fixadas = bisect_right(self._posicoes, n)
        if self._padrao is Padrao.POSICOES and self._intervalo:
            ultima = self._posicoes[-1]
            return fixadas + (n - ultima) // self._intervalo if n > ultima else fixadas
        proporcional = _arredondar_razao(n * self._num, self._den, self._modo)
        if self._padrao is not Padrao.POSICOES:
            return proporcional
        if self.da_lei:
            return max(proporcional, fixadas)
        # Só as posições que o edital enumera e, depois da última, a proporção das vagas PcD do cargo.
        return max(proporcional, fixadas) if n > self._posicoes[-1] else fixadas

    def fixa(self, n: int) -> bool:
        """A lei fixa a posição n para este tipo (toda k-ésima, ou uma posição enumerada): nenhum outro tipo a
        toma. O padrão proporcional só deriva posições, e as do edital (PcD) não são da lei."""
        if not self.da_lei or n < self._minimo:
            return False
        if self._padrao is Padrao.A_CADA:
            return n % self._intervalo == 0
        return n in self._fixadas

    def posicao_natural(self, ordinal: int, apos: int) -> int:
        n = apos + 1
        while self.ate(n) < ordinal:
            n += 1
        return n


def _series(regras: Regras, vagas: int, vagas_pcd: int) -> list[_Serie]:
    """Uma série por tipo de vaga, na ordem de desempate: PcD antes ou depois dos grupos, que seguem a ordem da
    lei."""
    grupos = [
        _Serie(g.codigo, g.nome, g.artigo, g.artigo_padrao, Fraction(g.percentual) / 100, regras.arredondamento,
               regras.minimo_vagas, g.padrao, g.intervalo, g.posicoes)
        for g in regras.grupos
    ]
    if not vagas_pcd:
        return grupos
    pcd = _serie_pcd(regras.pcd, vagas, vagas_pcd)
    return [pcd, *grupos] if regras.posicao_pcd_antes_da_reserva else [*grupos, pcd]


def _serie_pcd(regra: RegraPcd, vagas: int, vagas_pcd: int) -> _Serie:
    base = regra.artigo or "edital"
    if regra.primeiro:
        # As M primeiras posições do lote; depois dele, a proporção M/N continua (cadastro de reserva).
        return _Serie(PCD, NOME_PCD, base, base, Fraction(vagas_pcd, vagas), Arredondamento.MEIO_PARA_CIMA, 0,
                      Padrao.POSICOES, posicoes=range(1, vagas_pcd + 1))
    if regra.posicoes:
        return _Serie(PCD, NOME_PCD, base, base, Fraction(vagas_pcd, vagas), Arredondamento.MEIO_PARA_CIMA, 0,
                      Padrao.POSICOES, regra.intervalo, regra.posicoes, da_lei=False)
    if regra.percentual is not None:
        return _Serie(PCD, NOME_PCD, base, base, Fraction(regra.percentual) / 100, regra.arredondamento,
                      regra.minimo_vagas, Padrao.PROPORCIONAL, da_lei=False)
    return _Serie(PCD, NOME_PCD, base, base, Fraction(vagas_pcd, vagas), Arredondamento.MEIO_PARA_CIMA, 0,
                  Padrao.PROPORCIONAL, da_lei=False)


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
    disposicao = _Disposicao(regras, series, [limite[s.codigo] for s in series], vagas, max(total, vagas))
    ordem, ajustes = disposicao.dispor(primeira_ampla=ampla > 0 and not (regras.pcd.primeiro and vagas_pcd))
    return Quadro(
        vagas=vagas,
        pcd=vagas_pcd,
        ampla=ampla,
        reservas=reservas,
        ordem=tuple(ordem[:total]),
        ajustes=tuple(a for a in ajustes if a.posicao <= total),
        abaixo_do_minimo=vagas < regras.minimo_vagas,
    )


class _Disposicao:
    """Dispõe as posições da ordem de nomeação, uma a uma (decisões 0001 e 0014).

    Em cada posição, o tipo cuja contagem pede uma vaga ali a recebe; se mais de um pede, fica primeiro o que tem a
    posição fixada na lei (nenhum tipo toma uma posição que a lei fixa para outro), depois o da ordem de desempate.
    Quem perde é nomeado na posição seguinte disponível. Terminado o lote, o que ainda falta ocupa as últimas
    posições de ampla do lote (garantia).
    """

    def __init__(self, regras: Regras, series: list[_Serie], limites: list[int], vagas: int, total: int):
        self.regras, self.series, self.limites, self.vagas, self.total = regras, series, limites, vagas, total
        self.protegidas = regras.posicoes_da_lei_protegidas
        self.ordem = [AMPLA] * total
        self.colocadas = [0] * len(series)
        self.devidas = [0] * len(series)
        self.naturais: list[deque[int]] = [deque() for _ in series]
        self.ajustes: list[Ajuste] = []
        self.por_codigo = {s.codigo: s for s in series}

    def dispor(self, primeira_ampla: bool) -> tuple[list[str], list[Ajuste]]:
        """Havendo vaga de ampla, a primeira nomeação é dela (Ibatiba art. 5º, I)."""
        for n in range(1, self.total + 1):
            escolhida = self._escolher(n)
            if escolhida >= 0 and not (n == 1 and primeira_ampla):
                self._colocar(escolhida, n)
            if n == self.vagas:
                self._completar_lote()
        return self.ordem, self.ajustes

    def _escolher(self, n: int) -> int:
        escolhida = fixada = -1
        for i, serie in enumerate(self.series):
            alvo = serie.ate(n)
            if n <= self.vagas and alvo > self.limites[i]:
                alvo = self.limites[i]
            while self.devidas[i] < alvo:
                self.naturais[i].append(n)
                self.devidas[i] += 1
            if self.colocadas[i] < alvo:
                if escolhida < 0:
                    escolhida = i
                # A posição n é fixada para o tipo quando a vaga que a lei põe nela é devida agora, ou quando uma vaga
                # de posição fixada ainda espera (deslocada por outra posição fixada).
                pendentes = self.naturais[i]
                if fixada < 0 and self.protegidas and (serie.fixa(pendentes[0])
                                                       or (pendentes[-1] == n and serie.fixa(n))):
                    fixada = i
        return fixada if fixada >= 0 else escolhida

    def _colocar(self, i: int, n: int) -> None:
        serie = self.series[i]
        self.ordem[n - 1] = serie.codigo
        self.colocadas[i] += 1
        natural = self.naturais[i].popleft()
        if natural != n:
            ocupante = self.por_codigo.get(self.ordem[natural - 1])
            motivo, base = _motivo_colisao(self.regras, serie, self.colocadas[i], natural, n, ocupante,
                                           self.protegidas)
            self.ajustes.append(Ajuste(n, serie.codigo, self.colocadas[i], natural, motivo, base))

    def _completar_lote(self) -> None:
        """Garantia: cada tipo tem a sua contagem dentro do lote.

        As vagas que o padrão não alcançou (por cair depois do lote ou por colisão) ocupam as últimas
        posições de ampla concorrência do lote, a de maior prioridade na mais cedo (decisão 0001).
        """
        faltantes = []
        for i, serie in enumerate(self.series):
            for _ in range(self.limites[i] - self.colocadas[i]):
                self.colocadas[i] += 1
                natural = (self.naturais[i].popleft() if self.naturais[i]
                           else serie.posicao_natural(self.colocadas[i], self.vagas))
                faltantes.append((i, self.colocadas[i], natural))
            self.devidas[i] = max(self.devidas[i], self.colocadas[i])
        if not faltantes:
            return
        livres = [p for p in range(self.vagas, 0, -1) if self.ordem[p - 1] == AMPLA][: len(faltantes)]
        for (i, ordinal, natural), posicao in zip(faltantes, sorted(livres), strict=True):
            serie = self.series[i]
            self.ordem[posicao - 1] = serie.codigo
            ocupante = self.por_codigo.get(self.ordem[natural - 1]) if natural <= self.vagas else None
            motivo = _motivo_lote(serie, ordinal, natural, posicao, self.vagas, self.limites[i], ocupante)
            self.ajustes.append(Ajuste(posicao, serie.codigo, ordinal, natural, motivo,
                                       _base_do_criterio(self.regras, serie.artigo)))
        self.ajustes.sort(key=attrgetter("posicao"))


def _base_do_criterio(regras: Regras, *artigos: str) -> str:
    """A base de uma colocação que a lei deixa em aberto: os artigos da lei que a regra cumpre e o item do edital
    que adota o critério; nunca um registro de decisão do sistema."""
    partes = [a for a in artigos if a]
    partes.append(regras.item_criterio or "critério do edital")
    return "; ".join(partes)


def _motivo_colisao(regras: Regras, serie: _Serie, ordinal: int, natural: int, posicao: int,
                    ocupante: _Serie | None, protegidas: bool) -> tuple[str, str]:
    inicio = f"A {ordinal}ª vaga de {serie.nome} cairia"
    fim = f"é nomeada logo depois, na posição {posicao}, a primeira disponível"
    if ocupante is None:
        return (f"{inicio} na posição {natural}, a primeira, que é de ampla concorrência quando o cargo tem vaga de "
                f"ampla; {fim}.", regras.artigo_ordem_nomeacao or _base_do_criterio(regras))
    if ocupante is serie:
        return (f"{inicio} também na posição {natural}, onde a contagem do grupo sobe mais de uma vez (o mínimo "
                f"legal foi atingido); {fim}.", _base_do_criterio(regras, serie.artigo))
    if ocupante is not None and protegidas and ocupante.fixa(natural):
        return (f"{inicio} na posição {natural}, que a lei fixa para {ocupante.nome} — {ocupante.base}; {fim}.",
                ocupante.base)
    nome = ocupante.nome
    desempate = regras.artigo_desempate or regras.item_criterio
    criterio = f" ({desempate})" if desempate else ""
    return (f"{inicio} na posição {natural}, que as duas contagens pedem; pelo desempate entre PcD e reserva"
            f"{criterio}, ela fica com {nome}, e a vaga de {serie.nome} {fim}.",
            regras.artigo_desempate or _base_do_criterio(regras))


def _motivo_lote(serie: _Serie, ordinal: int, natural: int, posicao: int, vagas: int, limite: int,
                 ocupante: _Serie | None) -> str:
    if natural > vagas:
        causa = f"o padrão ({serie.base}) a poria na posição {natural}, fora das {vagas} vagas do lote"
    elif ocupante is serie:
        causa = f"a contagem sobe mais de uma vez na posição {natural}"
    else:
        causa = f"a posição {natural} ficou com uma vaga de {ocupante.nome if ocupante else 'outro tipo'}"
    contagem = f" ({serie.artigo})" if serie.artigo else ""
    return (
        f"A {ordinal}ª vaga de {serie.nome}: {causa}; como o tipo tem {plural(limite, 'vaga')} entre as {vagas}"
        f"{contagem}, ela ocupa a posição {posicao}, a última de ampla concorrência disponível no lote."
    )


def colocacoes(regras: Regras, quadro: Quadro) -> list[Colocacao]:
    """Cada posição do quadro que não é de ampla, com a base da colocação (o simulador, o quadro de vagas e o JSON a
    mostram): o padrão da lei, a regra PcD do edital ou o ajuste que a deslocou."""
    series = {s.codigo: s for s in _series(regras, quadro.vagas, quadro.pcd)}
    ajustes = {a.posicao: a for a in quadro.ajustes}
    ordinais: dict[str, int] = {}
    resultado = []
    for p, vaga in enumerate(quadro.ordem, 1):
        if vaga == AMPLA:
            continue
        ordinais[vaga] = ordinais.get(vaga, 0) + 1
        serie, ajuste = series[vaga], ajustes.get(p)
        fixada = regras.posicoes_da_lei_protegidas and serie.fixa(p) and ajuste is None
        resultado.append(Colocacao(p, vaga, ordinais[vaga], ajuste.base if ajuste else serie.base, fixada,
                                   ajuste is not None))
    return resultado


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


def _filtro_grupo(regras: Regras, grupo: Grupo):
    elegiveis, codigo = regras.elegiveis(grupo), grupo.codigo
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
                     ja_chamados: Collection[str], feitas: dict[str, dict[str, int]] | None = None
                     ) -> tuple[tuple[str | None, Candidato | None], ...]:
    """Chamadas posteriores ao lote, uma vaga por vez, sem tocar em quem já foi chamado.

    Cada vaga vai ao melhor habilitado ainda não chamado da lista indicada: na desistência, a
    lista de quem desistiu (Vargem Alta art. 4º, § 2º; Iúna art. 7º, § 1º; Afonso Cláudio art. 3º,
    § 2º); em novas vagas, o tipo da posição no padrão (Iúna art. 7º, § 2º). Lista esgotada: segue
    a cadeia de reversão e, por fim, a ampla. Devolve (lista de origem, candidato) por vaga.

    `feitas`: com a equidade de gênero da lei, quantas vagas de cada grupo os titulares de agora ocupam por gênero
    (sem quem sai): cada vaga do grupo vai ao gênero devido (`genero_devido`) e, sem ninguém dele na lista, ao outro.
    """
    chamados = set(ja_chamados)
    geral, filas = _filas(regras, (c for c in candidatos if c.inscricao not in chamados))
    feitas = {codigo: dict(contagem) for codigo, contagem in (feitas or {}).items()}
    resultado = []
    for lista in listas:
        equidade = regras.equidade_genero and lista not in (AMPLA, PCD)
        do_grupo = feitas.setdefault(lista, {})
        i = _proximo_com_equidade(filas, lista, genero_devido(do_grupo)) if equidade else None
        origem, i = (lista, i) if i is not None else _primeiro_da_cadeia(filas, _cadeia(regras, lista, propria=True))
        if i is not None and origem == lista:
            do_grupo[geral[i].genero] = do_grupo.get(geral[i].genero, 0) + 1
        resultado.append((origem, geral[i] if i is not None else None))
    return tuple(resultado)


def _filas(regras: Regras, candidatos: Iterable[Candidato]) -> tuple[list[Candidato], dict[str, _Fila]]:
    """Uma fila por lista, sobre a lista geral, todas marcando quem já foi tomado; com a equidade de gênero, cada
    grupo ganha também uma fila por gênero (a chave é «código/gênero»)."""
    geral = sorted((c for c in candidatos if c.situacao == HABILITADO), key=attrgetter("classificacao"))
    tomado = bytearray(len(geral))
    filas = {AMPLA: _Fila(geral, tomado), PCD: _Fila(geral, tomado, attrgetter("pcd"))}
    for g in regras.grupos:
        filtro = _filtro_grupo(regras, g)
        filas[g.codigo] = _Fila(geral, tomado, filtro)
        if regras.equidade_genero:
            for genero in GENEROS:
                filas[_fila_do_genero(g.codigo, genero)] = _Fila(
                    geral, tomado, lambda c, filtro=filtro, genero=genero: c.genero == genero and filtro(c))
    return geral, filas


def _fila_do_genero(codigo: str, genero: str) -> str:
    return f"{codigo}/{genero}"


def genero_devido(feitas: dict[str, int]) -> str | None:
    """O gênero que a próxima vaga reservada do grupo deve ter para a equidade (p. ex. Ubatuba art. 1º, parágrafo
    único, II): o que tem menos vagas até aqui; empatados, nenhum (a vaga vai ao melhor da lista). Quem não se
    declarou feminino nem masculino não conta para nenhum dos dois (decisão 0016)."""
    mulheres, homens = feitas.get(FEMININO, 0), feitas.get(MASCULINO, 0)
    if mulheres == homens:
        return None
    return FEMININO if mulheres < homens else MASCULINO


def _proximo_com_equidade(filas: dict[str, _Fila], grupo: str, devido: str | None) -> int | None:
    """O melhor da lista do grupo com o gênero devido; sem ninguém dele, a vaga reverte ao outro gênero, na ordem de
    classificação (p. ex. Ubatuba art. 2º, § 4º)."""
    if devido is not None:
        i = filas[_fila_do_genero(grupo, devido)].proximo()
        if i is not None:
            return i
    return filas[grupo].proximo()


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
    titulares: dict[str, list[int]] = {codigo: [] for codigo in (AMPLA, PCD, *(g.codigo for g in regras.grupos))}
    sem_titular: list[tuple[str, int]] = []

    def preencher(tipo: str) -> None:
        equidade = regras.equidade_genero and tipo not in (AMPLA, PCD)
        feitas: dict[str, int] = {}
        for p in posicoes.get(tipo, ()):
            i = _proximo_com_equidade(filas, tipo, genero_devido(feitas)) if equidade else filas[tipo].proximo()
            if i is None:
                sem_titular.append((tipo, p))
            else:
                titulares[tipo].append(i)
                feitas[geral[i].genero] = feitas.get(geral[i].genero, 0) + 1

    preencher(AMPLA)
    for p in (p for tipo, p in sem_titular if tipo == AMPLA):
        lista_da_posicao[p - 1] = None
    sem_titular.clear()
    reservas = [g.codigo for g in regras.grupos]
    for tipo in [PCD, *reservas] if regras.nomeacao_pcd_antes_da_reserva else [*reservas, PCD]:
        preencher(tipo)
    for tipo, p in sem_titular:
        destino, i = _primeiro_da_cadeia(filas, _cadeia(regras, tipo))
        lista_da_posicao[p - 1] = destino
        if destino is not None:
            titulares[destino].append(i)
    convocados = _dispor_titulares(lote, lista_da_posicao, titulares, geral)
    return _pela_lista_mais_favoravel(regras, convocados, geral) if regras.lista_mais_favoravel else convocados


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


def _pela_lista_mais_favoravel(regras: Regras, lote: list[Convocado], geral: list[Candidato]) -> list[Convocado]:
    """O cotista que ocupa vaga de ampla no lote é nomeado na posição da lista que lhe for mais favorável, sem contar
    na reserva (p. ex. Iúna art. 5º, § 2º e § 1º; decisão 0015).

    A posição pela lista do grupo é a da r-ésima vaga do grupo no lote, sendo r o lugar do cotista nessa lista. Se
    for anterior à sua posição de ampla, ele é nomeado ali, logo antes de quem a ocupava, e cada nomeado entre as
    duas posições desce uma: a vaga reservada continua com o seu titular, uma posição depois, e nenhuma contagem
    muda.
    """
    posicoes_do_grupo: dict[str, list[int]] = {g.codigo: [] for g in regras.grupos}
    for c in lote:
        if c.vaga in posicoes_do_grupo:
            posicoes_do_grupo[c.vaga].append(c.posicao)
    # O lugar de um cotista na lista do grupo só depende de quem vem antes dele na geral: basta percorrê-la até o
    # último cotista com vaga de ampla, e só até o r-ésimo membro do grupo, se r é o número de vagas dele no lote.
    na_ampla = [c.classificacao for c in lote if c.vaga == AMPLA and c.lista == AMPLA]
    fim = bisect_right(geral, max(na_ampla, default=0), key=attrgetter("classificacao"))
    lugares: dict[str, dict[str, int]] = {}
    for g in regras.grupos:
        membros = islice(filter(_filtro_grupo(regras, g), islice(geral, fim)), len(posicoes_do_grupo[g.codigo]))
        for lugar, c in enumerate(membros, 1):
            lugares.setdefault(c.inscricao, {})[g.codigo] = lugar
    movidos = []
    for c in lote:
        if c.vaga == AMPLA and c.lista == AMPLA and c.inscricao in lugares:
            posicao, grupo = min((posicoes_do_grupo[g][r - 1], g) for g, r in lugares[c.inscricao].items())
            if posicao < c.posicao:
                movidos.append((posicao, c.classificacao, replace(c, pela_lista=grupo)))
    if not movidos:
        return lote
    # Cada movido entra logo antes de quem ocupava a sua posição (entre movidos, pela classificação); os demais
    # seguem na ordem do lote. Uma intercalação, sem reordenar o lote inteiro.
    movidos.sort(key=itemgetter(0, 1))
    saem = {c.inscricao for *_, c in movidos}
    ordem, j = [], 0
    for c in lote:
        if c.inscricao in saem:
            continue
        while j < len(movidos) and movidos[j][0] <= c.posicao:
            ordem.append(movidos[j][2])
            j += 1
        ordem.append(c)
    ordem.extend(c for *_, c in movidos[j:])
    # Só quem muda de posição ganha outro registro (o construtor direto: `replace` custa o dobro).
    return [c if c.posicao == p else Convocado(p, c.vaga, c.lista, c.inscricao, c.classificacao, c.pela_lista)
            for p, c in enumerate(ordem, 1)]

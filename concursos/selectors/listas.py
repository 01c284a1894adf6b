"""Leituras das listas de classificação de um cargo (geral, ampla, PcD e uma por grupo de reserva), cada uma com o
nome e o artigo que a lei congelada no certame lhe dá (docs/decisoes/0019-listas-com-os-nomes-da-lei.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet

from concursos import nao_confirmacao
from concursos.models import (
    Candidato,
    Cargo,
    Certame,
    Heteroidentificacao,
    Inscricao,
    Situacao,
    mascarar_cpf,
)
from concursos.selectors.comprovacao import recusados_no_cargo
from legislacao import motor
from legislacao.models import Consequencia

GERAL = "GERAL"
# Os nomes das listas quando a lei não lhes dá outro (Lei.nome_lista_*).
NOME_GERAL = "Lista geral"
# Linhas lidas por consulta quando a lista inteira é pedida (o PDF).
LOTE_LEITURA = 2_000
# Sem a junção com o candidato no recorte (nome e CPF vêm depois, só das linhas da página): com OFFSET alto, o
# banco juntaria também cada linha pulada.
CAMPOS_DA_LINHA = ("numero", "candidato_id", "nota_final", "classificacao")


@dataclass(frozen=True)
class LinhaLista:
    posicao: int
    numero: str
    nome: str
    cpf_mascarado: str
    nota_final: Decimal | None
    classificacao: int
    # Na lista de ampla, as outras listas (PcD, cada reserva) em que o candidato também está, quando pedidas.
    tambem: tuple[str, ...] = ()


class LinhasDaLista(Sequence):
    """As linhas de uma lista, lidas do banco só quando pedidas: uma página (o admin) ou todas (o PDF).

    Um cargo pode ter 100.000 inscritos: o banco filtra, ordena e recorta a página, e a posição na lista é o
    deslocamento da página mais a ordem dentro dela (as listas são contínuas, sem saltos). O total vem pronto
    (uma contagem de todas as listas numa consulta só), então o Paginator do Django não conta de novo.

    `outras`: o código e a consulta de cada outra lista; cada linha diz em quais delas o candidato está (`tambem`),
    lidas das mesmas consultas que montam essas listas — nunca mais do que elas publicam.
    """

    def __init__(self, consulta: QuerySet[Inscricao], total: int,
                 outras: dict[str, QuerySet[Inscricao]] | None = None):
        self.consulta = consulta
        self.total = total
        self.outras = outras or {}

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, indice):
        if isinstance(indice, slice):
            inicio, fim, passo = indice.indices(self.total)
            if passo != 1:
                raise ValueError("As linhas de uma lista só se leem em sequência.")
            return self._ler(inicio, fim)
        if indice < 0:
            indice += self.total
        if not 0 <= indice < self.total:
            raise IndexError(indice)
        return self._ler(indice, indice + 1)[0]

    def __iter__(self):
        # Em lotes, do ponto onde o anterior parou (a classificação é única no cargo): sem OFFSET crescente e sem
        # uma consulta com 100.000 parâmetros.
        posicao, ultima = 0, None
        while True:
            consulta = self.consulta if ultima is None else self.consulta.filter(classificacao__gt=ultima)
            lote = self._montar(posicao, consulta.values_list(*CAMPOS_DA_LINHA)[:LOTE_LEITURA])
            if not lote:
                return
            yield from lote
            posicao, ultima = posicao + len(lote), lote[-1].classificacao

    def _ler(self, inicio: int, fim: int) -> list[LinhaLista]:
        if fim <= inicio:
            return []
        return self._montar(inicio, self.consulta.values_list(*CAMPOS_DA_LINHA)[inicio:fim])

    def _montar(self, inicio: int, linhas) -> list[LinhaLista]:
        linhas = list(linhas)
        pessoas = {pk: (nome_social or nome, cpf) for pk, nome, nome_social, cpf in Candidato.objects.filter(
            pk__in=[candidato for _, candidato, _, _ in linhas]).values_list("pk", "nome", "nome_social", "cpf")}
        numeros = [numero for numero, _, _, _ in linhas]
        nas_outras = {codigo: set(consulta.filter(numero__in=numeros).values_list("numero", flat=True))
                      for codigo, consulta in self.outras.items()} if numeros else {}
        return [LinhaLista(inicio + i, numero, pessoas[candidato][0], mascarar_cpf(pessoas[candidato][1]), nota,
                           classificacao, tuple(codigo for codigo, estao in nas_outras.items() if numero in estao))
                for i, (numero, candidato, nota, classificacao) in enumerate(linhas, 1)]


@dataclass(frozen=True)
class Lista:
    codigo: str
    nome: str
    artigo: str
    descricao: str
    linhas: LinhasDaLista

    @property
    def total(self) -> int:
        return len(self.linhas)


# A heteroidentificação não confirmada e a ausência tiram o candidato da reserva (fica na ampla, modelo federal).
SEM_RESERVA = (Heteroidentificacao.NAO_CONFIRMADO, Heteroidentificacao.AUSENTE)


@dataclass(frozen=True)
class EfeitoDaHeteroidentificacao:
    """O efeito da heteroidentificação nas listas e nas chamadas, numa regra só, em duas formas: `no_candidato`
    (Python, para o motor: `candidatos_do_cargo`) e `eliminados`/`cotista` (filtros do banco, para as listas). Os
    dois leem SEM_RESERVA e `eliminam`; tests/concursos/test_regras_concordam.py confere que dizem o mesmo."""

    eliminam: tuple[str, ...]

    @classmethod
    def do_certame(cls, certame: Certame) -> EfeitoDaHeteroidentificacao:
        """A não confirmação elimina se o edital o escolheu, dentro do que a lei admite (concursos/nao_confirmacao.py);
        a ausência, se a lei congelada no certame assim manda (p. ex. Afonso Cláudio art. 9º, § 9º)."""
        eliminam = []
        if nao_confirmacao.do_certame(certame).elimina:
            eliminam.append(Heteroidentificacao.NAO_CONFIRMADO)
        if certame.resumo_lei.get("ausencia") == Consequencia.ELIMINACAO:
            eliminam.append(Heteroidentificacao.AUSENTE)
        return cls(tuple(eliminam))

    def no_candidato(self, situacao: str, reserva: bool, heteroidentificacao: str) -> tuple[str, bool]:
        """A situação e a opção pela reserva com que o candidato entra nas listas."""
        if heteroidentificacao in SEM_RESERVA:
            return (Situacao.ELIMINADO if heteroidentificacao in self.eliminam else situacao), False
        return situacao, reserva

    @staticmethod
    def cotista() -> Q:
        return Q(reserva=True) & ~Q(heteroidentificacao__in=SEM_RESERVA)


def efeito_no_cargo(cargo: Cargo) -> EfeitoDaHeteroidentificacao:
    return EfeitoDaHeteroidentificacao.do_certame(cargo.certame)


def habilitados_do_cargo(cargo: Cargo) -> QuerySet[Inscricao]:
    """As inscrições habilitadas e classificadas do cargo, na ordem da classificação, depois da heteroidentificação.

    O filtro pelo certame (redundante) deixa o banco ler a ordem do índice (certame, cargo, classificação).
    """
    eliminados = list(efeito_no_cargo(cargo).eliminam)
    consulta = Inscricao.objects.filter(certame_id=cargo.certame_id, cargo=cargo, classificacao__isnull=False,
                                        situacao=Situacao.HABILITADO)
    if eliminados:
        consulta = consulta.exclude(heteroidentificacao__in=eliminados)
    return consulta.order_by("classificacao")


def candidatos_do_cargo(cargo: Cargo, ate: int | None = None) -> list[motor.Candidato]:
    """As inscrições classificadas do cargo como o motor as vê, já com o efeito da heteroidentificação e dos
    documentos recusados (fora da lista do grupo: concursos/selectors/comprovacao.py).

    Com `ate` (as N primeiras posições da ordem de nomeação, como na convocação inicial), só quem está entre os N
    primeiros de alguma lista — a geral, a PcD ou a de um grupo, já filtradas como o motor as monta: quem o motor põe
    numa posição pela lista L só tem à frente, em L, gente já posta em outra posição; logo está entre os N primeiros
    de L. O resultado do motor é o mesmo (tests/concursos/test_regras_concordam.py), lendo N × listas linhas em vez
    do cargo inteiro."""
    efeito = efeito_no_cargo(cargo)
    recusados = recusados_no_cargo(cargo)
    fora = _fora_por_inscricao(recusados)
    candidatos = []
    consulta = Inscricao.objects.filter(cargo=cargo, classificacao__isnull=False)
    if ate is not None:
        consulta = consulta.filter(numero__in=_primeiros_de_cada_lista(cargo, ate, recusados))
    # O gênero (do cadastro da pessoa) só quando a lei manda a equidade de gênero: sem ela, nenhuma junção.
    genero = ("candidato__genero",) if cargo.certame.regras_motor().equidade_genero else ()
    linhas = (consulta.values_list("pk", "numero", "classificacao", "cor_raca", "quilombola", "pcd", "reserva",
                                   "situacao", "heteroidentificacao", *genero).order_by("classificacao")
              .iterator(chunk_size=5000))
    for pk, numero, classificacao, cor, quilombola, pcd, reserva, situacao, hetero, *sexo in linhas:
        situacao, reserva = efeito.no_candidato(situacao, reserva, hetero)
        candidatos.append(motor.Candidato(numero, classificacao, cor, quilombola, pcd, reserva, situacao,
                                          genero=sexo[0] if sexo else "", fora_de=fora.get(pk, frozenset())))
    return candidatos


def _fora_por_inscricao(recusados: dict[str, frozenset[int]]) -> dict[int, frozenset[str]]:
    fora: dict[int, set[str]] = {}
    for grupo, inscricoes in recusados.items():
        for inscricao in inscricoes:
            fora.setdefault(inscricao, set()).add(grupo)
    return {inscricao: frozenset(grupos) for inscricao, grupos in fora.items()}


def _primeiros_de_cada_lista(cargo: Cargo, n: int, recusados: dict[str, frozenset[int]]) -> set[str]:
    """Com a equidade de gênero, a vaga de um grupo vai ao melhor do gênero devido, que pode estar depois dos N
    primeiros do grupo: lêem-se também os N primeiros de cada gênero em cada grupo."""
    habilitados = habilitados_do_cargo(cargo)
    regras = cargo.certame.regras_motor()
    todas = filtros_das_listas(regras, recusados)
    filtros = [f for codigo, f in todas.items() if codigo != motor.AMPLA]
    if regras.equidade_genero:
        grupos = [filtro for codigo, filtro in todas.items() if codigo not in (GERAL, motor.AMPLA, motor.PCD)]
        filtros += [f & Q(candidato__genero=genero) for f in grupos for genero in motor.GENEROS]
    numeros: set[str] = set()
    for filtro in filtros:
        lista = habilitados if filtro is None else habilitados.filter(filtro)
        numeros.update(lista.values_list("numero", flat=True)[:n])
    return numeros


def elegiveis_do_grupo(regras: motor.Regras, grupo: motor.Grupo) -> Q:
    """Quem concorre na lista do grupo, como filtro do banco, montado dos pares (cor ou raça, quilombola) que o motor
    diz elegíveis (`Regras.elegiveis`, com a reserva única quando a lei a tem): a regra é a do motor, aqui só
    traduzida."""
    pares = regras.elegiveis(grupo)
    sem = sorted(cor for cor, quilombola in pares if not quilombola)
    com = sorted(cor for cor, quilombola in pares if quilombola)
    if sem == com:
        return Q(cor_raca__in=sem)
    if com == sorted(motor.CORES):
        return Q(cor_raca__in=sem) | Q(quilombola=True)
    # Um lado sem nenhuma cor (só quilombolas, ou só não quilombolas) não entra no filtro.
    ramos = [Q(quilombola=q, cor_raca__in=cores) for q, cores in ((False, sem), (True, com)) if cores]
    return ramos[0] | ramos[1] if len(ramos) == 2 else ramos[0]


def filtros_das_listas(regras: motor.Regras, recusados: dict[str, frozenset[int]] | None = None
                       ) -> dict[str, Q | None]:
    """O filtro de cada lista, na ordem das abas: geral (todos), ampla, PcD e um por grupo de reserva. `recusados`:
    por grupo, as inscrições com o documento exigido recusado, fora da lista do grupo (`recusados_no_cargo`).

    A ampla tem todos os habilitados, como a geral: quem optou pela reserva e quem concorre às vagas PcD concorre
    também às de ampla concorrência (p. ex. Vargem Alta art. 4º; Afonso Cláudio art. 1º, § 3º), e é por ela que o
    motor chama as vagas de ampla (`_primeiros_de_cada_lista` lê a geral)."""
    cotista = EfeitoDaHeteroidentificacao.cotista()
    filtros: dict[str, Q | None] = {GERAL: None, motor.AMPLA: None, motor.PCD: Q(pcd=True)}
    for grupo in regras.grupos:
        filtros[grupo.codigo] = cotista & elegiveis_do_grupo(regras, grupo)
        if fora := (recusados or {}).get(grupo.codigo):
            filtros[grupo.codigo] &= ~Q(pk__in=sorted(fora))
    return filtros


def nomes_das_listas(regras: motor.Regras, lei: dict) -> dict[str, tuple[str, str, str]]:
    """O nome, o artigo e o que cada lista traz, da lei congelada no certame (`lei` é `certame.regras["lei"]`): sem
    o dispositivo na lei, a lista sai sem citação — nunca com a de outra lei."""
    elegibilidade = lei.get("elegibilidade", {})
    prefixo = lei.get("nome_lista_reserva", "")
    nomes = {
        GERAL: (lei.get("nome_lista_geral") or NOME_GERAL, lei.get("artigo_lista_geral", ""),
                "Todos os habilitados, na ordem da classificação final da banca, após os desempates do edital."),
        motor.AMPLA: (lei.get("nome_lista_ampla") or motor.NOME_AMPLA, lei.get("artigo_lista_ampla", ""),
                      "Todos os habilitados, cotistas e pessoas com deficiência incluídos: quem optou pela reserva "
                      "ou pelas vagas PcD concorre também às vagas de ampla concorrência."),
        motor.PCD: (motor.NOME_PCD, "", "Os habilitados que concorrem às vagas PcD do edital."),
    }
    for grupo in regras.grupos:
        nomes[grupo.codigo] = (
            f"{prefixo} — {grupo.nome}" if prefixo else grupo.nome,
            lei.get("artigo_lista_reserva") or elegibilidade.get(grupo.codigo) or grupo.artigo,
            "Os habilitados que optaram pela reserva e podem concorrer a ela, depois da heteroidentificação.")
    return nomes


def listas_do_cargo(cargo: Cargo, *, com_outras_listas: bool = False) -> list[Lista]:
    """Lista geral, ampla, PcD e uma por grupo de reserva, só com os habilitados, na ordem da classificação.

    Cotistas e PcD aparecem também na geral e na ampla (concorrem concomitantemente). Com `com_outras_listas`,
    cada linha da ampla diz em que outras listas o candidato está (dado sensível: quem chama decide se pode mostrar
    e registra o acesso).

    Uma consulta conta todas as listas; as linhas só são lidas quando pedidas (ver LinhasDaLista).
    """
    certame = cargo.certame
    regras = certame.regras_motor()
    habilitados = habilitados_do_cargo(cargo)
    filtros = filtros_das_listas(regras, recusados_no_cargo(cargo))
    # Apelidos neutros: o código de um grupo vem dos dados da lei e não deve virar nome de coluna.
    contagem = habilitados.aggregate(**{f"n{i}": Count("pk", filter=filtro)
                                        for i, filtro in enumerate(filtros.values())})
    nomes = nomes_das_listas(regras, certame.resumo_lei)
    consultas = {codigo: habilitados.filter(filtro) if filtro is not None else habilitados
                 for codigo, filtro in filtros.items()}
    outras = {codigo: consulta for codigo, consulta in consultas.items() if codigo not in (GERAL, motor.AMPLA)}
    return [Lista(codigo, *nomes[codigo],
                  LinhasDaLista(consulta, contagem[f"n{i}"],
                                outras if com_outras_listas and codigo == motor.AMPLA else None))
            for i, (codigo, consulta) in enumerate(consultas.items())]

"""Leituras das chamadas de um cargo: o resumo das vagas (reservadas, preenchidas, revertidas) e a ordem de
nomeação, com desistentes e substitutos."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from django.db.models import Count, Max, QuerySet

from concursos.models import Cargo, Convocacao, Heteroidentificacao, Inscricao
from concursos.selectors.comprovacao import FaltaDeDocumento, cotistas_sem_documento
from concursos.selectors.listas import candidatos_do_cargo
from legislacao import motor
from legislacao.models import citar
from legislacao.rotulos import nomes_das_vagas


@dataclass(frozen=True)
class ResumoVagas:
    """Por tipo de vaga de um cargo: reservadas no edital, preenchidas e revertidas (a vaga foi a outra lista)."""

    codigo: str
    nome: str
    artigo: str
    reservadas: int
    preenchidas: int
    revertidas: int


def quadro_das_posicoes(regras: motor.Regras, cargo: Cargo, posicoes: int | None) -> motor.Quadro:
    """O quadro do cargo até a última posição já chamada: as vagas do edital e, depois delas, as novas vagas, que
    seguem o mesmo padrão (p. ex. Iúna art. 7º, § 2º)."""
    return cargo.quadro(max(posicoes or 0, cargo.vagas), regras)


def resumo_do_cargo(cargo: Cargo) -> list[ResumoVagas]:
    """Por tipo de vaga, todas as posições já chamadas do cargo — as do edital e as novas vagas."""
    ativas = Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True)
    quadro = quadro_das_posicoes(cargo.certame.regras_motor(), cargo, ativas.aggregate(m=Max("posicao"))["m"])
    preenchidas = Counter()
    revertidas = Counter()
    for vaga, lista in ativas.exclude(inscricao=None).values_list("vaga", "lista"):
        (preenchidas if vaga == lista else revertidas)[vaga] += 1
    return resumo_das_vagas(quadro, preenchidas, revertidas)


def resumo_das_vagas(quadro: motor.Quadro, preenchidas: Counter, revertidas: Counter) -> list[ResumoVagas]:
    """`reservadas`: as posições de cada tipo na ordem do quadro — as do edital e, com novas vagas, as seguintes."""
    posicoes = Counter(quadro.ordem)
    linhas = [ResumoVagas(motor.AMPLA, motor.NOME_AMPLA, "", posicoes[motor.AMPLA], preenchidas[motor.AMPLA], 0)]
    if quadro.pcd or posicoes[motor.PCD]:
        linhas.append(ResumoVagas(motor.PCD, motor.NOME_PCD, "edital", posicoes[motor.PCD], preenchidas[motor.PCD],
                                  revertidas[motor.PCD]))
    linhas += [ResumoVagas(r.codigo, r.nome, r.artigo, posicoes[r.codigo], preenchidas[r.codigo],
                           revertidas[r.codigo])
               for r in quadro.reservas]
    return linhas


def ordem_de_nomeacao(cargo: Cargo) -> QuerySet[Convocacao]:
    """Todas as convocações do cargo na ordem de nomeação, desistentes e substitutos incluídos (nada se apaga)."""
    return (Convocacao.objects.filter(cargo=cargo)
            .select_related("chamada", "inscricao__candidato", "substitui__inscricao",
                            "substituida_por__inscricao")
            .order_by("posicao", "chamada__numero", "pk"))


def generos_nas_reservas(cargo: Cargo, regras: motor.Regras) -> dict[str, dict[str, int]] | None:
    """Com a equidade de gênero da lei (p. ex. Ubatuba art. 1º, parágrafo único, II), quantos titulares de agora cada
    grupo tem por gênero, nas vagas que a lista do grupo ocupa; sem ela, None (nenhuma consulta)."""
    if not regras.equidade_genero:
        return None
    grupos = [g.codigo for g in regras.grupos]
    contagem: dict[str, dict[str, int]] = {}
    for lista, genero, n in (Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True, lista__in=grupos,
                                                       inscricao__isnull=False)
                             .values_list("lista", "inscricao__candidato__genero").annotate(n=Count("pk"))
                             .order_by()):
        contagem.setdefault(lista, {})[genero] = n
    return contagem


def ja_chamados(cargo: Cargo) -> set[str]:
    """Os números de inscrição de quem já foi chamado no cargo (em qualquer chamada): ninguém é chamado duas vezes."""
    return set(Convocacao.objects.filter(cargo=cargo, inscricao__isnull=False)
               .values_list("inscricao__numero", flat=True))


def cotistas_sem_heteroidentificacao(cargo: Cargo, titulares: list[tuple[str | None, str | None]]
                                     ) -> list[tuple[str, str]]:
    """(número, estado) de quem entraria em vaga reservada — pela lista de uma reserva — sem a autodeclaração
    confirmada, onde a lei do certame exige a heteroidentificação; vazio se a lei não a exige. `titulares`: (lista de
    onde vem, número da inscrição) de cada posição."""
    lei = cargo.certame.lei
    if lei is None or not lei.exige_heteroidentificacao:
        return []
    reservas = {g.codigo for g in cargo.certame.regras_motor().grupos}
    numeros = [n for lista, n in titulares if n is not None and lista in reservas]
    return list(Inscricao.objects.filter(cargo=cargo, numero__in=numeros)
                .exclude(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
                .order_by("classificacao", "numero").values_list("numero", "heteroidentificacao"))


@dataclass(frozen=True)
class LinhaDaPrevia:
    posicao: int
    vaga: str
    lista: str
    numero: str
    nome: str
    motivo: str


@dataclass(frozen=True)
class Previa:
    """Quem uma chamada nomearia, posição a posição, com o porquê — antes do ato, que não se desfaz."""

    cargo: Cargo
    linhas: list[LinhaDaPrevia]
    sem_heteroidentificacao: list[tuple[str, str]]
    # Quem a chamada poria em vaga de um grupo que exige documento sem o documento aceito (decisão 0021).
    sem_documento: list[FaltaDeDocumento]


def previa_da_chamada(cargo: Cargo, quantidade: int | None = None) -> Previa:
    """A prévia da convocação inicial (sem `quantidade`) ou de `quantidade` novas vagas: o motor roda sobre as listas
    de agora, sem gravar nada; o ato, quando confirmado, roda de novo dentro da sua transação."""
    regras = cargo.regras_motor()
    candidatos = candidatos_do_cargo(cargo, ate=cargo.vagas if quantidade is None else None)
    if quantidade is None:
        quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd)
        convocados = motor.convocar(regras, quadro, candidatos)
        titulares = [(c.posicao, c.vaga, c.lista, c.inscricao) for c in convocados]
        pela_lista = {c.inscricao: c.pela_lista for c in convocados if c.pela_lista}
        motivo = partial(_motivo_da_inicial, pela_lista, regras.artigo_lista_mais_favoravel)
        return _previa(cargo, regras, titulares, motivo, pela_lista)
    ultima = cargo.convocacoes.aggregate(m=Max("posicao"))["m"] or 0
    quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd, ultima + quantidade)
    vagas = quadro.ordem[ultima:]
    chamados = motor.chamar_seguintes(regras, vagas, candidatos, ja_chamados(cargo),
                                      generos_nas_reservas(cargo, regras))
    titulares = [(ultima + i, vaga, origem, c.inscricao if c else None)
                 for i, (vaga, (origem, c)) in enumerate(zip(vagas, chamados, strict=True), 1)]
    return _previa(cargo, regras, titulares, _motivo)


def previa_da_substituicao(convocacao: Convocacao) -> Previa:
    """Quem entraria na posição de quem sai (eliminado depois do resultado): o próximo ainda não chamado da mesma lista
    (Vargem Alta art. 4º, § 2º; Iúna art. 7º, § 1º; Afonso Cláudio art. 3º, § 2º) ou, esgotada ela, o da reversão —
    o mesmo cálculo do ato (concursos/services/chamadas.py, `_vagar_posicao`), sem gravar nada."""
    cargo = convocacao.cargo
    regras = cargo.regras_motor()
    lista = convocacao.lista or convocacao.vaga
    feitas = generos_nas_reservas(cargo, regras)
    if feitas and convocacao.desistiu_em is None and convocacao.lista in feitas and convocacao.inscricao_id:
        # Na prévia, quem sai ainda está na posição: não conta entre os titulares.
        genero = convocacao.inscricao.candidato.genero
        feitas[convocacao.lista][genero] = feitas[convocacao.lista].get(genero, 1) - 1
    ((origem, candidato),) = motor.chamar_seguintes(regras, [lista], candidatos_do_cargo(cargo), ja_chamados(cargo),
                                                    feitas)
    titulares = [(convocacao.posicao, convocacao.vaga, origem, candidato.inscricao if candidato else None)]
    return _previa(cargo, regras, titulares, partial(_motivo_da_substituicao, lista))


def _previa(cargo: Cargo, regras: motor.Regras, titulares: list[tuple[int, str, str | None, str | None]],
            motivo: Callable[[str, str | None, str | None, dict[str, str]], str],
            pela_lista: dict[str, str] | None = None) -> Previa:
    """`pela_lista`: por número, o grupo cuja lista deu a posição a quem é nomeado pela ampla (a porta da
    heteroidentificação vale para ele também)."""
    pela_lista = pela_lista or {}
    nomes = nomes_das_vagas(regras)
    pessoas = {numero: social or nome for numero, nome, social in Inscricao.objects.filter(
        cargo=cargo, numero__in=[n for *_, n in titulares if n]).values_list(
        "numero", "candidato__nome", "candidato__nome_social")}
    linhas = [LinhaDaPrevia(posicao, nomes.get(vaga, vaga), nomes.get(lista, lista or "—"), numero or "—",
                            pessoas.get(numero, ""), motivo(vaga, lista, numero, nomes))
              for posicao, vaga, lista, numero in titulares]
    vindos = [(pela_lista.get(n, lista), n) for _, _, lista, n in titulares]
    return Previa(cargo, linhas, cotistas_sem_heteroidentificacao(cargo, vindos), cotistas_sem_documento(cargo, vindos))


def _motivo_da_substituicao(lista: str, vaga: str, origem: str | None, numero: str | None,
                            nomes: dict[str, str]) -> str:
    if numero is None:
        return "Nenhum candidato habilitado restante: a posição fica vaga."
    if origem == lista:
        return f"O próximo ainda não chamado da lista {nomes.get(lista, lista)}, a mesma de quem sai."
    return (f"A lista {nomes.get(lista, lista)} se esgotou: a vaga reverte e vai ao próximo da lista "
            f"{nomes.get(origem, origem)}.")


def _motivo_da_inicial(pela_lista: dict[str, str], artigo: str, vaga: str, lista: str | None, numero: str | None,
                       nomes: dict[str, str]) -> str:
    if numero in pela_lista:
        grupo = nomes.get(pela_lista[numero], pela_lista[numero])
        return (f"Ampla concorrência, sem contar na reserva, na posição que a lista {grupo} lhe dá, mais favorável "
                f"que a da ampla{citar(artigo)}; os nomeados seguintes descem uma posição.")
    return _motivo(vaga, lista, numero, nomes)


def _motivo(vaga: str, lista: str | None, numero: str | None, nomes: dict[str, str]) -> str:
    if numero is None:
        return "Nenhum candidato habilitado disponível: a posição fica vaga."
    if lista == vaga == motor.AMPLA:
        return "Ampla concorrência: o próximo da classificação geral (cotistas incluídos)."
    if lista == vaga:
        return f"Vaga de {nomes.get(vaga, vaga)}: o próximo da lista dela."
    return (f"Vaga de {nomes.get(vaga, vaga)} sem candidato da própria lista: revertida, vai ao próximo da lista "
            f"{nomes.get(lista, lista)}.")


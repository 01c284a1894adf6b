"""Leituras dos certames: o quadro de vagas por cargo e as listas de classificação, cada uma com o artigo."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from concursos.models import Cargo, Certame, Convocacao, Inscricao, Situacao, mascarar_cpf
from concursos.services import candidatos_do_cargo
from legislacao import motor

GERAL = "GERAL"


@dataclass(frozen=True)
class LinhaLista:
    posicao: int
    numero: str
    nome: str
    cpf_mascarado: str
    nota_final: Decimal | None
    classificacao: int


@dataclass(frozen=True)
class Lista:
    codigo: str
    nome: str
    artigo: str
    linhas: list[LinhaLista]


def _artigos(certame: Certame) -> dict:
    return (certame.regras or {}).get("lei", {})


def listas_do_cargo(cargo: Cargo) -> list[Lista]:
    """Lista geral, ampla, PcD e uma por grupo de reserva, só com os habilitados, na ordem da classificação.

    Cotistas e PcD aparecem também na geral (concorrem concomitantemente: Vargem Alta art. 4º; Ibatiba
    art. 4º); a de ampla traz os inscritos só na ampla concorrência (Afonso Cláudio art. 3º).
    """
    certame = cargo.certame
    regras = certame.regras_motor()
    lei = _artigos(certame)
    elegibilidade = lei.get("elegibilidade", {})
    efetivos = {c.inscricao: c for c in candidatos_do_cargo(cargo)}
    dados = (Inscricao.objects.filter(cargo=cargo, classificacao__isnull=False, situacao=Situacao.HABILITADO)
             .order_by("classificacao")
             .values_list("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf", "nota_final",
                          "classificacao"))
    filtros = {GERAL: lambda c: True, motor.AMPLA: lambda c: not c.reserva and not c.pcd, motor.PCD: lambda c: c.pcd}
    for grupo in regras.grupos:
        filtros[grupo.codigo] = lambda c, g=grupo: c.reserva and g.elegivel(c.cor_raca, c.quilombola)
    linhas: dict[str, list[LinhaLista]] = {codigo: [] for codigo in filtros}
    for numero, nome, nome_social, cpf, nota, classificacao in dados:
        efetivo = efetivos.get(numero)
        if efetivo is None or efetivo.situacao != motor.HABILITADO:
            continue
        for codigo, filtro in filtros.items():
            if filtro(efetivo):
                lista = linhas[codigo]
                lista.append(LinhaLista(len(lista) + 1, numero, nome_social or nome, mascarar_cpf(cpf), nota,
                                        classificacao))
    nomes = {GERAL: ("Lista geral", "classificação final da banca, após os desempates do edital"),
             motor.AMPLA: ("Ampla concorrência", "inscritos só na ampla concorrência (Afonso Cláudio art. 3º)"),
             motor.PCD: ("Pessoas com deficiência", "vagas PcD do edital")}
    for grupo in regras.grupos:
        nomes[grupo.codigo] = (grupo.nome, elegibilidade.get(grupo.codigo) or grupo.artigo)
    return [Lista(codigo, *nomes[codigo], linhas[codigo]) for codigo in filtros]


@dataclass(frozen=True)
class ResumoVagas:
    """Por tipo de vaga de um cargo: reservadas no edital, preenchidas e revertidas (a vaga foi a outra lista)."""

    codigo: str
    nome: str
    artigo: str
    reservadas: int
    preenchidas: int
    revertidas: int


def resumo_do_cargo(cargo: Cargo, quadro: motor.Quadro | None = None) -> list[ResumoVagas]:
    quadro = quadro or cargo.quadro()
    ativas = Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True, posicao__lte=cargo.vagas)
    preenchidas = Counter()
    revertidas = Counter()
    for vaga, lista in ativas.exclude(inscricao=None).values_list("vaga", "lista"):
        (preenchidas if vaga == lista else revertidas)[vaga] += 1
    linhas = [ResumoVagas(motor.AMPLA, motor.NOME_AMPLA, "", quadro.ampla, preenchidas[motor.AMPLA], 0)]
    if quadro.pcd:
        linhas.append(ResumoVagas(motor.PCD, motor.NOME_PCD, "edital", quadro.pcd, preenchidas[motor.PCD],
                                  revertidas[motor.PCD]))
    linhas += [ResumoVagas(r.codigo, r.nome, r.artigo, r.vagas, preenchidas[r.codigo], revertidas[r.codigo])
               for r in quadro.reservas]
    return linhas

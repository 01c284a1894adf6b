"""Leituras das fases: a lista «Classificados para a fase seguinte» de um cargo, por lista, com os números do corte
gravados pelo ato (`Fase.numeros_do_corte`) e os nomes e artigos das listas da lei congelada no certame."""

from __future__ import annotations

from dataclasses import dataclass, field

from concursos.models import Cargo, Fase, ResultadoNaFase, mascarar_cpf
from concursos.selectors.listas import nomes_das_listas
from legislacao import motor


@dataclass(frozen=True)
class Classificado:
    inscricao: str
    nome: str
    cpf_mascarado: str
    nota: object
    classificacao_na_fase: int | None


@dataclass(frozen=True)
class ListaDaFase:
    """Uma lista no corte de um cargo: o nome e o artigo da lei (ou nenhum), os números e quem segue por ela."""

    codigo: str
    nome: str
    artigo: str
    devidos: int
    seguem: int
    faltam: int
    ultima_nota: str | None
    classificados: list[Classificado] = field(default_factory=list)


def classificados_da_fase(fase: Fase, cargo: Cargo) -> list[ListaDaFase]:
    """Quem segue no cargo, por lista (a ampla primeiro, depois na ordem em que o corte as preencheu), numa consulta."""
    numeros = (fase.numeros_do_corte or {}).get(cargo.codigo, {})
    nomes = nomes_das_listas(cargo.certame.regras_motor(), cargo.certame.resumo_lei)
    por_lista: dict[str, list[Classificado]] = {}
    linhas = (ResultadoNaFase.objects.filter(fase=fase, inscricao__cargo=cargo, segue=True)
              .order_by("-nota", "classificacao_na_fase", "inscricao__numero")
              .values_list("lista", "inscricao__numero", "inscricao__candidato__nome",
                           "inscricao__candidato__nome_social", "inscricao__candidato__cpf", "nota",
                           "classificacao_na_fase"))
    for lista, numero, nome, nome_social, cpf, nota, classificacao in linhas:
        por_lista.setdefault(lista, []).append(Classificado(numero, nome_social or nome, mascarar_cpf(cpf), nota,
                                                            classificacao))
    listas = []
    for n in numeros.get("listas", []):
        nome, artigo, _ = nomes.get(n["lista"], (n["lista"], "", ""))
        if n["lista"] == motor.AMPLA and numeros.get("k") is None:
            nome = "Todos os que atingiram a nota mínima"
        listas.append(ListaDaFase(n["lista"], nome, artigo, n["devidos"], n["seguem"], n["faltam"],
                                  n["ultima_nota"], por_lista.get(n["lista"], [])))
    return listas

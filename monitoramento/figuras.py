"""Os gráficos dos indicadores, os mesmos no painel do admin, no relatório em PDF e na página pública
(monitoramento/graficos.py desenha; aqui se escolhe o que cada um mostra).

`publico=True` suprime as contagens de pessoas pequenas (monitoramento/indicadores.py, `suprimir`): as vagas
oferecidas, reservadas e revertidas são posições, não pessoas, e saem como são; quem as ocupou, por grupo, gênero ou
resultado da heteroidentificação, não. Uma contagem suprimida fica fora do desenho (sem barra) e sai como «menos de 5»
na tabela.
"""

from __future__ import annotations

from collections.abc import Iterable

from monitoramento import graficos
from monitoramento.graficos import Grafico, Serie
from monitoramento.indicadores import (
    AMPLA,
    CAUSAS,
    LIMIAR_DE_SUPRESSAO,
    NOMES_DAS_CAUSAS,
    PCD,
    Indicadores,
    suprimir,
    suprimir_partes,
)
from monitoramento.selectors.indicadores import PorAno
from pessoal.models import Vinculo

NOMES_DOS_GENEROS = {"feminino": "Feminino", "masculino": "Masculino", "outro": "Outro",
                     "nao_informado": "Não informado"}
SUPRIMIDO = f"menos de {LIMIAR_DE_SUPRESSAO}"
NOMES_DAS_CAUSAS_EXIBIDOS = [(c, NOMES_DAS_CAUSAS[c].capitalize()) for c in CAUSAS]


def nome_da_lista(codigo: str, indicadores: Indicadores) -> str:
    if codigo == AMPLA:
        return "Ampla concorrência"
    if codigo == PCD:
        return "Pessoas com deficiência"
    grupo = indicadores.grupos.get(codigo)
    return grupo.nome if grupo else codigo


def _pessoas(valor: int, publico: bool) -> int | None:
    return suprimir(valor) if publico else valor


def reserva_por_grupo(indicadores: Indicadores, *, publico: bool = False) -> Grafico:
    grupos = list(indicadores.grupos.values())
    preenchidas = [_pessoas(g.preenchidas, publico) for g in grupos]
    # Com as preenchidas suprimidas, as revertidas também: as chamadas do grupo menos elas as revelariam.
    revertidas = [None if publico and p is None else g.revertidas for g, p in zip(grupos, preenchidas, strict=True)]
    return graficos.barras(
        "Vagas reservadas, preenchidas pela lista do grupo e revertidas à ampla",
        [g.nome for g in grupos],
        [Serie("Reservadas no edital", tuple(g.reservadas for g in grupos)),
         Serie("Preenchidas pela lista do grupo", tuple(preenchidas)),
         Serie("Revertidas à ampla concorrência", tuple(revertidas))],
        descricao="Por grupo de reserva: as vagas que os editais reservaram, as que a lista do grupo preencheu e as "
                  "que, sem candidato do grupo, foram para a ampla concorrência.")


def causas_da_reversao(indicadores: Indicadores, *, publico: bool = False) -> Grafico:
    causas = indicadores.causas_da_reversao
    valores = suprimir_partes(causas) if publico else causas
    return graficos.barras(
        "Por que as vagas reservadas reverteram", [NOMES_DAS_CAUSAS[c].capitalize() for c in CAUSAS],
        [Serie("Vagas revertidas", tuple(valores[c] for c in CAUSAS))], horizontal=True,
        descricao="Cada pessoa que saiu da lista do grupo (nomeação anulada por fraude, autodeclaração não "
                  "confirmada, ausência na heteroidentificação) explica uma vaga revertida; o resto é falta de "
                  "candidato na lista.")


def preenchidas_publicas(indicadores: Indicadores) -> int | None:
    """A soma das preenchidas pelos grupos para publicar: suprimida se a de algum grupo o é, senão a soma menos as
    publicadas por grupo (no gráfico por grupo, nos dados abertos) revelaria a suprimida."""
    partes = [g.preenchidas for g in indicadores.grupos.values()]
    return None if any(suprimir(n) is None for n in partes) else sum(partes)


def tendencia(anos: list[PorAno], *, publico: bool = False) -> Grafico:
    preenchidas = [preenchidas_publicas(a.indicadores) if publico else a.indicadores.preenchidas_pelos_grupos
                   for a in anos]
    return graficos.linhas(
        "Vagas reservadas, preenchidas e revertidas por ano", [str(a.ano) for a in anos],
        [Serie("Reservadas", tuple(a.indicadores.reservadas for a in anos)),
         Serie("Preenchidas pelas listas dos grupos", tuple(preenchidas)),
         # Como no gráfico por grupo: com as preenchidas suprimidas, as revertidas também.
         Serie("Revertidas à ampla", tuple(None if publico and p is None else a.indicadores.revertidas
                                           for a, p in zip(anos, preenchidas, strict=True)))],
        descricao="O ano é o da publicação do edital: tudo o que o certame produziu conta nesse ano.")


def generos_nas_listas(indicadores: Indicadores, *, publico: bool = False) -> Grafico:
    listas = sorted(indicadores.generos, key=lambda codigo: (codigo != AMPLA, codigo != PCD, codigo))
    generos = [g for g in NOMES_DOS_GENEROS if any(indicadores.generos[lista].get(g) for lista in listas)]
    linhas = {}
    for lista in listas:
        partes = {g: indicadores.generos[lista].get(g, 0) for g in generos}
        linhas[lista] = suprimir_partes(partes) if publico else partes
    return graficos.barras(
        "Gênero dos titulares em cada lista", [nome_da_lista(lista, indicadores) for lista in listas],
        [Serie(NOMES_DOS_GENEROS[g], tuple(linhas[lista][g] for lista in listas)) for g in generos],
        empilhadas=True, descricao="Quem ocupa hoje as posições chamadas, pela lista de onde veio, e o gênero do "
                                   "cadastro da pessoa.")


def heteroidentificacao(indicadores: Indicadores, *, publico: bool = False) -> Grafico:
    h = indicadores.heteroidentificacao
    resultados = {"Confirmadas": h.confirmados, "Não confirmadas": h.nao_confirmados, "Ausentes": h.ausentes,
                  "Aguardando a comissão": h.pendentes}
    recursos = {"Recursos": h.recursos, "Recursos providos": h.providos}
    if publico:
        resultados, recursos = suprimir_partes(resultados), {k: suprimir(v) for k, v in recursos.items()}
    rotulos = [*resultados, *recursos]
    return graficos.barras(
        "Heteroidentificação: resultados e recursos", rotulos,
        [Serie("Autodeclarações", tuple([*resultados.values(), *recursos.values()]))], horizontal=True,
        descricao="O resultado da comissão em cada autodeclaração de quem optou pela reserva, e os recursos contra "
                  "ele (providos: a autodeclaração confirmada, ou uma nova convocação do ausente).")


def _percentual(participacoes) -> float | None:
    ocupados = sum(p.ocupados for p in participacoes)
    return round(100 * sum(p.dos_grupos for p in participacoes) / ocupados, 1) if ocupados else None


def participacao_no_pessoal(anos: list[int], series: dict[str, dict[int, list]]) -> Grafico:
    """A participação dos grupos da lei nos cargos em comissão e nos estágios em 31/12 de cada ano, e o piso da lei
    (o maior dos órgãos do recorte, quando eles têm leis diferentes)."""
    piso_por_ano = [max((float(p.piso) for tipo in series for p in series[tipo][ano] if p.piso is not None),
                        default=None) for ano in anos]
    return graficos.linhas(
        "Participação dos grupos da lei nos cargos em comissão e nos estágios", [str(a) for a in anos],
        [s for s in (Serie("Cargos em comissão", tuple(_percentual(series["comissao"][a]) for a in anos)),
                     Serie("Estágios", tuple(_percentual(series["estagio"][a]) for a in anos)))
         if any(v is not None for v in s.valores)] + [Serie("Piso da lei", tuple(piso_por_ano), rotulos=False)],
        percentual=True,
        descricao="Dos ocupados em 31/12 de cada ano (no ano corrente, hoje), a parte que se autodeclarou de um dos "
                  "grupos da lei; quem não informou a cor ou raça conta entre os ocupados e não entre os dos grupos.")


NOMES_DAS_CORES = {"preta": "Preta", "parda": "Parda", "branca": "Branca", "amarela": "Amarela",
                   "indigena": "Indígena"}


def composicao_dos_servidores(composicoes: list) -> Grafico:
    """Os servidores por vínculo e pela cor ou raça vigente (a autodeclaração mais recente), somados os órgãos."""
    totais: dict[str, dict[str, int]] = {}
    for composicao in composicoes:
        for v in composicao.vinculos:
            linha = totais.setdefault(v.vinculo, dict.fromkeys([*NOMES_DAS_CORES, "nao_informada"], 0))
            for cor, n in v.por_cor_raca.items():
                linha[cor] = linha.get(cor, 0) + n
            linha["nao_informada"] += v.nao_informados
    vinculos = [v for v in Vinculo.values if v in totais]
    return graficos.barras(
        "Servidores por vínculo e cor ou raça autodeclarada", [Vinculo(v).label for v in vinculos],
        [*(Serie(nome, tuple(totais[v].get(cor, 0) for v in vinculos)) for cor, nome in NOMES_DAS_CORES.items()),
         Serie("Não informada", tuple(totais[v]["nao_informada"] for v in vinculos))],
        empilhadas=True, horizontal=True, categoria="Vínculo",
        descricao="A autodeclaração vigente de cada servidor (a mais recente, do recadastramento anual).")


def faixa(codigo_do_cargo: str, posicoes: Iterable[tuple[int, str, str]]) -> Grafico:
    """A ordem de nomeação de um cargo: (posição, tipo da vaga, rótulo)."""
    return graficos.faixa_de_nomeacao(
        f"Ordem de nomeação — {codigo_do_cargo}", list(posicoes),
        descricao="Cada quadrado é uma posição da ordem de nomeação, com o tipo da vaga escrito nele.")


def do_painel(indicadores: Indicadores, anos: list[PorAno], *, publico: bool = False) -> list[Grafico]:
    """Os gráficos de um órgão (ou de todos os da conta) num período: o painel, o relatório e a página pública."""
    figuras = [reserva_por_grupo(indicadores, publico=publico)]
    if indicadores.revertidas:
        figuras.append(causas_da_reversao(indicadores, publico=publico))
    if len(anos) > 1:
        figuras.append(tendencia(anos, publico=publico))
    if indicadores.generos:
        figuras.append(generos_nas_listas(indicadores, publico=publico))
    h = indicadores.heteroidentificacao
    if h.avaliados or h.pendentes or h.recursos:
        figuras.append(heteroidentificacao(indicadores, publico=publico))
    return figuras

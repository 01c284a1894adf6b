"""Apresentação dos resultados do motor: o dicionário do contrato JSON e o texto em português.

Usado pelos comandos `simular_vagas` e `simular_convocacao` e reaproveitável pelo simulador do
admin (a forma de dicionário). Nada aqui consulta o banco além dos campos da lei já carregada.

Contrato JSON (as chaves obrigatórias nunca mudam; "minimo_vagas", "ajustes", "colocacoes" e, na convocação,
"pela_lista" são extras):

    {"lei": SLUG, "vagas": N, "pcd": M, "ampla": A,
     "reservas": [{"grupo": COD, "nome": "...", "percentual": "17.00", "vagas": k, "artigo": "..."}],
     "ordem": ["AC", "PCD", COD, ...],
     "minimo_vagas": 3,
     "ajustes": [{"posicao": p, "vaga": COD, "motivo": "...", "base": "..."}],
     "colocacoes": [{"posicao": p, "vaga": COD, "base": "...", "fixada_na_lei": bool, "ajustada": bool}],
     "convocacao": [{"posicao": 1, "inscricao": "...", "vaga": "AC", "lista": "AC"}]}   # só na convocação

"colocacoes" traz cada posição que não é de ampla concorrência com a base da colocação: o artigo do padrão da lei, a
regra PcD do edital, ou o artigo e o item do edital do ajuste. Na convocação, "pela_lista" aparece no cotista nomeado
pela ampla na posição que a lista de um grupo lhe dava, por ser mais favorável (p. ex. Iúna art. 5º, § 2º).
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TextIO

from legislacao.motor import AMPLA, NOME_AMPLA, NOME_PCD, PCD, Convocado, Quadro, Regras, colocacoes
from nucleo.texto import data_br, milhar, plural

if TYPE_CHECKING:
    from legislacao.models import Lei

# Listas maiores que isto são escritas em lotes (cada lote pelo codificador em C do json).
LOTE_JSON = 10_000
LARGURA = 100


def percentual(valor: Decimal) -> str:
    """O percentual com duas casas e ponto decimal, como texto («17.00»): nunca float."""
    return f"{Decimal(valor):.2f}"


def _percentual_br(valor: Decimal) -> str:
    return percentual(valor).replace(".", ",") + "%"


# --- dicionários (contrato JSON) -------------------------------------------------------------------------------

def quadro_para_dict(lei: Lei, regras: Regras, quadro: Quadro) -> dict[str, Any]:
    """O quadro de vagas na forma do contrato JSON de `simular_vagas`."""
    return {
        "lei": lei.slug,
        "vagas": quadro.vagas,
        "pcd": quadro.pcd,
        "ampla": quadro.ampla,
        "reservas": [
            {"grupo": r.codigo, "nome": r.nome, "percentual": percentual(r.percentual), "vagas": r.vagas,
             "artigo": r.artigo}
            for r in quadro.reservas
        ],
        "ordem": list(quadro.ordem),
        "minimo_vagas": lei.minimo_vagas,
        "ajustes": [{"posicao": a.posicao, "vaga": a.vaga, "motivo": a.motivo, "base": a.base}
                    for a in quadro.ajustes],
        "colocacoes": [{"posicao": c.posicao, "vaga": c.vaga, "base": c.base, "fixada_na_lei": c.fixada_na_lei,
                        "ajustada": c.ajustada} for c in colocacoes(regras, quadro)],
    }


def convocado_para_dict(c: Convocado) -> dict[str, Any]:
    dados = {"posicao": c.posicao, "inscricao": c.inscricao, "vaga": c.vaga, "lista": c.lista}
    if c.pela_lista:
        dados["pela_lista"] = c.pela_lista
    return dados


def convocacao_para_dict(lei: Lei, regras: Regras, quadro: Quadro, convocados: Iterable[Convocado]
                         ) -> dict[str, Any]:
    """O quadro mais a lista `convocacao` (contrato JSON de `simular_convocacao`)."""
    dados = quadro_para_dict(lei, regras, quadro)
    dados["convocacao"] = [convocado_para_dict(c) for c in convocados]
    return dados


def escrever_json(dados: dict[str, Any], saida: TextIO, lote: int = LOTE_JSON) -> None:
    """Escreve `dados` como UM objeto JSON em `saida`, aos pedaços.

    As listas longas (ordem e convocação com 100 mil posições) saem em lotes codificados pelo
    json em C: nem um texto gigante na memória, nem milhões de escritas pequenas (json.dump usa o
    codificador em Python puro, várias vezes mais lento).
    """
    saida.write("{")
    for i, (chave, valor) in enumerate(dados.items()):
        saida.write((", " if i else "") + json.dumps(chave) + ": ")
        if isinstance(valor, list | tuple) and len(valor) > lote:
            saida.write("[")
            for inicio in range(0, len(valor), lote):
                pedaco = json.dumps(list(valor[inicio:inicio + lote]))
                saida.write((", " if inicio else "") + pedaco[1:-1])
            saida.write("]")
        else:
            saida.write(json.dumps(valor))
    saida.write("}\n")


# --- texto ------------------------------------------------------------------------------------------------------

def ordem_compacta(ordem: Sequence[str], inicio: int = 1) -> Iterator[str]:
    """Corridas da ordem de nomeação: «1–4 AC», «5 PP», «6–7 AC»..."""
    n = len(ordem)
    i = 0
    while i < n:
        j = i
        while j + 1 < n and ordem[j + 1] == ordem[i]:
            j += 1
        a, b = inicio + i, inicio + j
        yield f"{a} {ordem[i]}" if a == b else f"{a}–{b} {ordem[i]}"
        i = j + 1


def _quebrar(pedacos: Iterable[str], recuo: str = "  ", separador: str = ", ") -> Iterator[str]:
    linha = ""
    for pedaco in pedacos:
        candidata = f"{linha}{separador}{pedaco}" if linha else pedaco
        if linha and len(recuo) + len(candidata) > LARGURA:
            yield recuo + linha + separador.rstrip()
            linha = pedaco
        else:
            linha = candidata
    if linha:
        yield recuo + linha


def _base(artigo: str) -> str:
    return f" — {artigo}" if artigo else ""


def _paragrafo(texto: str, recuo: str = "") -> Iterator[str]:
    yield from textwrap.wrap(texto, LARGURA, initial_indent=recuo, subsequent_indent=recuo * 2)


def _tabela(cabecalho: Sequence[str], linhas: Sequence[Sequence[str]], direita: set[int]) -> Iterator[str]:
    larguras = [max(len(str(x)) for x in coluna) for coluna in zip(cabecalho, *linhas, strict=True)]

    def formatar(valores: Sequence[str]) -> str:
        celulas = [str(v).rjust(w) if i in direita else str(v).ljust(w)
                   for i, (v, w) in enumerate(zip(valores, larguras, strict=True))]
        return ("  " + "  ".join(celulas)).rstrip()

    yield formatar(cabecalho)
    for linha in linhas:
        yield formatar(linha)


def _avisos_vigencia(lei: Lei, hoje: date | None = None) -> Iterator[str]:
    hoje = hoje or date.today()
    if lei.data_publicacao is None:
        yield ("Atenção: a data de publicação desta lei não consta do cadastro; ela só será aplicada a editais "
               "depois de informada.")
    elif lei.ultimo_dia_vigencia is not None and lei.ultimo_dia_vigencia < hoje:
        yield (f"Atenção: esta lei {lei.como_terminou()}, até {data_br(lei.ultimo_dia_vigencia)} inclusive; "
               "confira a lei aplicável ao edital.")


def linhas_quadro(lei: Lei, regras: Regras, quadro: Quadro) -> Iterator[str]:
    """O quadro de vagas em texto, linha a linha (para escrever sem montar um texto enorme)."""
    yield lei.ementa
    yield f"Identificador: {lei.slug}"
    yield from _avisos_vigencia(lei)
    yield ""
    yield f"Quadro de vagas: {plural(quadro.vagas, 'vaga oferecida', 'vagas oferecidas')}"
    linhas = [[f"{NOME_AMPLA} ({AMPLA})", milhar(quadro.ampla), "", ""],
              [f"{NOME_PCD} ({PCD})", milhar(quadro.pcd), "", regras.pcd.artigo or "edital"]]
    linhas += [[f"{r.nome} ({r.codigo})", milhar(r.vagas), _percentual_br(r.percentual), r.artigo]
               for r in quadro.reservas]
    yield from _tabela(["Tipo de vaga", "Vagas", "Percentual", "Base legal"], linhas, direita={1, 2})
    yield ""
    yield f"Mínimo para haver reserva: {plural(lei.minimo_vagas, 'vaga')}{_base(lei.artigo_minimo)}."
    yield f"Fração de vaga: {lei.get_arredondamento_display()}{_base(lei.artigo_arredondamento)}."
    yield (f"Quem está em várias listas é nomeado nesta ordem: {lei.get_ordem_nomeacao_display()}"
           f"{_base(lei.artigo_ordem_nomeacao)}.")
    yield (f"Vaga PcD e vaga reservada na mesma posição, que a lei não fixa: {lei.get_desempate_posicoes_display()}"
           f"{_base(lei.artigo_desempate or regras.item_criterio)}. Uma posição que a lei fixa é sempre do grupo "
           "da lei.")
    if lei.lista_mais_favoravel:
        yield (f"Cotista aprovado na ampla: nomeado pela lista mais favorável, sem contar na reserva"
               f"{_base(lei.artigo_lista_mais_favoravel)}.")
    if lei.uma_reserva_so:
        yield ("Quem é elegível a mais de uma reserva concorre só na de maior percentual"
               f"{_base(lei.artigo_uma_reserva)}.")
    if quadro.abaixo_do_minimo:
        artigo = f" ({lei.artigo_minimo})" if lei.artigo_minimo else ""
        yield ""
        yield from _paragrafo(
            f"Nota: {plural(quadro.vagas, 'vaga')} é menos que o mínimo de {lei.minimo_vagas} exigido pela lei"
            f"{artigo}; por isso nenhuma das vagas oferecidas é reservada. As posições "
            "seguintes (cadastro de reserva, novas vagas) continuam o padrão da lei.")
    total = len(quadro.ordem)
    yield ""
    extra = ""
    if total > quadro.vagas:
        extra = f"; as posições após a {milhar(quadro.vagas)}ª são do cadastro de reserva"
    yield f"Ordem de nomeação ({plural(total, 'posição', 'posições')}{extra}):"
    yield from _quebrar(ordem_compacta(quadro.ordem))
    legenda = [f"{AMPLA} = {NOME_AMPLA.lower()}"]
    if PCD in quadro.ordem:
        legenda.append(f"{PCD} = {NOME_PCD.lower()}")
    legenda += [f"{r.codigo} = {r.nome}" for r in quadro.reservas]
    yield "  (" + "; ".join(legenda) + ")"
    yield ""
    yield "Base de cada posição que não é de ampla concorrência:"
    yield from _quebrar(bases_compactas(regras, quadro), separador="; ")
    if quadro.ajustes:
        yield ""
        yield "Posições que a lei deixa em aberto:"
        for a in quadro.ajustes:
            yield from _paragrafo(f"Posição {a.posicao} ({a.vaga}): {a.motivo} Base: {a.base}.", recuo="  ")


def bases_compactas(regras: Regras, quadro: Quadro) -> Iterator[str]:
    """As posições de cada tipo com a mesma base numa corrida só: «NEG 3ª (art. 3º, § 1º, I; fixada na lei)»,
    «NEG 8ª, 13ª (art. 6º)»."""
    corridas: list[tuple[str, str, bool, list[int]]] = []
    por_chave: dict[tuple[str, str, bool], list[int]] = {}
    for c in colocacoes(regras, quadro):
        chave = (c.vaga, c.base, c.fixada_na_lei)
        if chave not in por_chave:
            por_chave[chave] = []
            corridas.append((*chave, por_chave[chave]))
        por_chave[chave].append(c.posicao)
    for vaga, base, fixada, posicoes in corridas:
        marca = "; fixada na lei" if fixada and len(posicoes) == 1 else "; fixadas na lei" if fixada else ""
        yield f"{vaga} {', '.join(f'{p}ª' for p in posicoes)} ({base}{marca})"


def linhas_convocacao(lei: Lei, regras: Regras, quadro: Quadro, convocados: Sequence[Convocado]
                      ) -> Iterator[str]:
    """O quadro seguido de quem ocupa cada posição, em texto."""
    yield from linhas_quadro(lei, regras, quadro)
    yield ""
    yield f"Convocação ({plural(len(convocados), 'posição', 'posições')}):"
    linhas = []
    revertidas = sem_titular = 0
    for c in convocados:
        if c.inscricao is None:
            sem_titular += 1
            nota = "sem candidato"
        elif c.lista != c.vaga:
            revertidas += 1
            nota = f"vaga {c.vaga} revertida à lista {c.lista}"
        elif c.pela_lista:
            nota = f"na posição da lista {c.pela_lista}, mais favorável{_base(lei.artigo_lista_mais_favoravel)}"
        else:
            nota = ""
        linhas.append([str(c.posicao), c.vaga, c.lista or "—", "—" if c.classificacao is None else str(
            c.classificacao), c.inscricao or "—", nota])
    yield from _tabela(["Posição", "Vaga", "Lista", "Classificação", "Inscrição", "Observação"], linhas,
                       direita={0, 3})
    yield ""
    ocupadas = len(convocados) - sem_titular
    yield f"Posições ocupadas: {milhar(ocupadas)} de {milhar(len(convocados))}."
    if revertidas:
        artigo = f" ({lei.artigo_reversao})" if lei.artigo_reversao else ""
        yield (f"Vagas reservadas sem candidato da própria lista, revertidas{artigo}: {milhar(revertidas)} "
               "(coluna «Lista» diferente de «Vaga»).")
    if sem_titular:
        yield f"Posições sem nenhum candidato habilitado disponível: {milhar(sem_titular)}."

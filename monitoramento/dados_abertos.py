"""Os dados abertos da página pública de transparência (issue 13, item 6): o dicionário das colunas e a supressão das
contagens pequenas de pessoas, em Python puro sobre linhas já contadas (monitoramento/selectors/transparencia.py).

Uma linha por certame e grupo de reserva, e uma por órgão, ano do edital e grupo (o total do ano). O dicionário é
dado: o mesmo serve ao cabeçalho do CSV, às chaves do JSON, à página /transparencia/dicionario/ e a
docs/dados-abertos.md (um teste confere que o documento traz todas as colunas).

A supressão: uma contagem de pessoas de 1 a `LIMIAR_DE_SUPRESSAO` − 1 sai vazia (`suprimir`); e a supressão
complementar, para que nenhuma conta entre números publicados a revele: (1) com as preenchidas pela lista suprimidas,
as revertidas também (as reservadas menos as revertidas dariam as preenchidas, quando todas foram chamadas); (2) as
causas da reversão somam as revertidas: se só uma sai, sai também a menor das outras; (3) o total do ano é a soma dos
certames do ano: se só um certame tem a coluna suprimida, sai também a do menor dos outros. Repete-se até nada mudar.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from monitoramento.indicadores import LIMIAR_DE_SUPRESSAO, suprimir

CERTAME = "certame"
PEQUENOS = "_pequenos"
ORGAO_NO_ANO = "orgao_no_ano"


@dataclass(frozen=True)
class Coluna:
    nome: str
    tipo: str
    significado: str
    origem: str
    vazio: str = ""
    pessoas: bool = False  # contagem de pessoas: suprimida abaixo do limiar


_SUPRIMIDA = (f"Suprimida: de 1 a {LIMIAR_DE_SUPRESSAO - 1} pessoas, ou para que a conta com as outras colunas não "
              "revele uma suprimida.")

COLUNAS: tuple[Coluna, ...] = (
    Coluna("orgao", "texto", "Nome do órgão ou entidade que fez o concurso.", "Cadastro do órgão."),
    Coluna("municipio", "texto", "Município e UF do órgão.", "Cadastro do órgão (código do IBGE)."),
    Coluna("nivel", "texto", f"«{CERTAME}»: a linha é de um certame; «{ORGAO_NO_ANO}»: é a soma dos certames do "
                             "órgão com edital publicado naquele ano.", "Calculado."),
    Coluna("ano_edital", "inteiro", "Ano da publicação do edital. Tudo o que o certame produziu (chamadas, "
                                    "heteroidentificação, desistências) conta nesse ano.", "Data do edital."),
    Coluna("edital", "texto", "Número do edital (p. ex. 001/2025).", "Cadastro do certame.",
           "Vazio nas linhas do total do ano."),
    Coluna("certame", "texto", "Título do certame.", "Cadastro do certame.", "Vazio nas linhas do total do ano."),
    Coluna("lei", "texto", "Identificador da lei de reserva de vagas aplicada ao edital.", "Lei congelada no edital.",
           "Vazio nas linhas do total do ano e no certame sem lei aplicada."),
    Coluna("grupo", "texto", "Código do grupo de reserva (p. ex. NEG, IND).", "Regras da lei congeladas no edital."),
    Coluna("grupo_nome", "texto", "Nome do grupo de reserva, como a lei o chama.", "Regras da lei."),
    Coluna("certames", "inteiro", "Certames somados na linha (1 na linha de um certame).", "Calculado."),
    Coluna("cargos", "inteiro", "Cargos dos certames da linha.", "Cadastro dos cargos."),
    Coluna("vagas", "inteiro", "Vagas oferecidas nos editais (todas, não só as do grupo; repetida em cada grupo).",
           "Quadro de vagas dos cargos."),
    Coluna("cargos_abaixo_do_minimo", "inteiro", "Cargos com menos vagas do que o mínimo da lei para haver "
                                                 "reserva (o fracionamento que o STF advertiu na ADC 41).",
           "Vagas de cada cargo e o mínimo da lei."),
    Coluna("reservadas", "inteiro", "Vagas reservadas ao grupo nos editais (posições, não pessoas).",
           "Quadro de vagas calculado pela lei de cada edital."),
    Coluna("percentual_reservado", "decimal", "Reservadas ao grupo ÷ vagas oferecidas × 100, com uma casa decimal "
                                              "(no CSV com vírgula: 20,0).", "Calculado.",
           "Vazio quando não há vagas."),
    Coluna("preenchidas_pela_lista", "inteiro", "Vagas reservadas ao grupo ocupadas hoje por quem veio da lista do "
                                                "grupo.", "Convocações registradas.", _SUPRIMIDA, pessoas=True),
    Coluna("revertidas", "inteiro", "Vagas reservadas ao grupo que, sem candidato do grupo, foram para a ampla "
                                    "concorrência.", "Convocações registradas.",
           "Suprimida quando as preenchidas pela lista o são (as reservadas menos as revertidas as dariam)."),
    Coluna("revertidas_fraude", "inteiro", "Das revertidas: as explicadas por nomeação anulada por fraude.",
           "Vacâncias por anulação.", _SUPRIMIDA, pessoas=True),
    Coluna("revertidas_nao_confirmado", "inteiro", "Das revertidas: as explicadas por autodeclaração não confirmada "
                                                   "na heteroidentificação.",
           "Resultado da heteroidentificação.", _SUPRIMIDA, pessoas=True),
    Coluna("revertidas_ausente", "inteiro", "Das revertidas: as explicadas por ausência na heteroidentificação.",
           "Resultado da heteroidentificação.", _SUPRIMIDA, pessoas=True),
    Coluna("revertidas_sem_candidato", "inteiro", "Das revertidas: as que ficaram sem ninguém na lista do grupo.",
           "Calculado: as revertidas menos as outras causas.",
           "Suprimida com as revertidas, ou quando a conta com as outras causas revelaria uma suprimida."),
    Coluna("cotistas_na_ampla", "inteiro", "Cotistas do grupo nomeados pela classificação na ampla concorrência (não "
                                           "contam na reserva).", "Convocações registradas.", _SUPRIMIDA,
           pessoas=True),
    Coluna("desistencias", "inteiro", "Desistências de quem ocupava uma vaga reservada ao grupo.",
           "Vacâncias por desistência.", _SUPRIMIDA, pessoas=True),
    Coluna("suprimido", "lógico", "Se algum número da linha foi suprimido (vazio no CSV, null no JSON).",
           "Calculado."),
)
NOMES = tuple(c.nome for c in COLUNAS)
CAUSAS = ("revertidas_fraude", "revertidas_nao_confirmado", "revertidas_ausente", "revertidas_sem_candidato")
PESSOAS = tuple(c.nome for c in COLUNAS if c.pessoas)
SUPRIMIVEIS = (*PESSOAS, "revertidas", "revertidas_sem_candidato")


def texto(linha: dict, nome: str) -> str:
    """A célula como a página a mostra: 1.234; 20,0%; «menos de 5»; «suprimido»."""
    valor = linha[nome]
    if valor is None:
        if nome in linha.get(PEQUENOS, ()):
            return f"menos de {LIMIAR_DE_SUPRESSAO}"
        return "suprimido" if nome in SUPRIMIVEIS else "—"
    if isinstance(valor, Decimal):
        return str(valor).replace(".", ",") + "%"
    if isinstance(valor, int) and nome != "ano_edital":
        return f"{valor:,}".replace(",", ".")
    return str(valor)


def exibir(linha: dict) -> dict[str, str]:
    """A linha com cada coluna como a página a mostra (`texto`)."""
    return {nome: texto(linha, nome) for nome in NOMES}


def percentual(parte: int, todo: int) -> Decimal | None:
    """`parte` ÷ `todo` × 100 com uma casa, arredondado para cima do meio (20,05 → 20,1); None sem `todo`."""
    if not todo:
        return None
    return (Decimal(parte) * 100 / Decimal(todo)).quantize(Decimal("0.1"), ROUND_HALF_UP)


def publicar(linhas: list[dict]) -> list[dict]:
    """As linhas (certames e totais do ano, com as contagens inteiras) com as contagens suprimidas como None e a
    coluna `suprimido`; na ordem recebida. Em `linha[PEQUENOS]`, as colunas suprimidas por estarem abaixo do limiar
    (a página escreve «menos de 5»; as outras suprimidas, «suprimido»)."""
    publicadas = [dict(linha) for linha in linhas]
    for linha in publicadas:
        for nome in PESSOAS:
            linha[nome] = suprimir(linha[nome])
        linha[PEQUENOS] = frozenset(nome for nome in PESSOAS if linha[nome] is None)
    conjuntos = _conjuntos_do_ano(publicadas)
    mudou = True
    while mudou:
        mudou = any([_na_linha(linha) for linha in publicadas])
        for nome in SUPRIMIVEIS:
            for total, certames in conjuntos:
                if total[nome] is not None:
                    mudou |= _complementar(certames, nome, soma=(total, nome))
    for linha in publicadas:
        linha["suprimido"] = any(linha[nome] is None for nome in SUPRIMIVEIS)
    return publicadas


def _conjuntos_do_ano(linhas: list[dict]) -> list[tuple[dict, list[dict]]]:
    certames: dict[tuple, list[dict]] = defaultdict(list)
    for linha in linhas:
        if linha["nivel"] == CERTAME:
            certames[linha["ano_edital"], linha["grupo"]].append(linha)
    return [(linha, certames[linha["ano_edital"], linha["grupo"]]) for linha in linhas
            if linha["nivel"] == ORGAO_NO_ANO]


def _na_linha(linha: dict) -> bool:
    mudou = False
    if linha["preenchidas_pela_lista"] is None and linha["revertidas"] is not None:
        linha["revertidas"] = None
        mudou = True
    if linha["revertidas"] is None:
        for nome in CAUSAS:
            mudou |= linha[nome] is not None
            linha[nome] = None
        return mudou
    return _complementar([linha], *CAUSAS, soma=(linha, "revertidas")) or mudou


def _complementar(linhas: list[dict], *nomes: str, soma: tuple[dict, str]) -> bool:
    """Se só uma das células (`linhas` × `nomes`) está suprimida, suprime também a menor das outras não nulas: a soma,
    publicada, a revelaria. Sem outra não nula (as outras são zero), suprime a própria `soma` (linha, coluna)."""
    celulas = [(linha, nome) for linha in linhas for nome in nomes]
    if sum(linha[nome] is None for linha, nome in celulas) != 1:
        return False
    outras = [(linha[nome], i) for i, (linha, nome) in enumerate(celulas) if linha[nome]]
    if outras:
        linha, nome = celulas[min(outras)[1]]
        linha[nome] = None
        return True
    linha, nome = soma
    linha[nome] = None
    return True

"""Os gráficos dos indicadores (issue 13): SVG feito no servidor pelo pygal, o mesmo na página e no PDF do WeasyPrint,
sempre acompanhado da tabela com os mesmos números (para leitores de tela e para copiar).

O SVG sai sem script (a CSP do projeto não admite scripts de fora; config/settings.py) e determinístico: os mesmos
dados dão os mesmos bytes, o que deixa a página pública em cache e os PDFs reproduzíveis. Para isso trocam-se o uuid
que o pygal sorteia por um id tirado do SHA-256 do conteúdo e tiram-se os comentários com a data da geração.

Cores: tons da paleta de Okabe e Ito, feita para quem não distingue vermelho e verde. As barras são claras, com
contorno preto e números em preto (contraste ≥ 4,5:1 com a cor da barra e com o fundo branco; eMAG 3.1, WCAG 1.4.3 e
1.4.11); as linhas são escuras (≥ 3:1 com o branco) e cada série tem o seu tracejado, para não depender só da cor.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from collections import OrderedDict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from math import ceil

import pygal
from django.utils.safestring import SafeString, mark_safe
from pygal.etree import etree as arvore_do_pygal
from pygal.style import Style

from nucleo.texto import milhar, plural

# O pygal usa o lxml quando ele está instalado (o pyHanko o traz), e o SVG sairia com outra árvore: os gráficos são
# limpos e conferidos sobre a árvore da biblioteca padrão, a mesma em toda instalação.
arvore_do_pygal.to_etree()

SEM_DADOS = "Sem dados no período"
TRAVESSAO = "—"
FONTE = '"Liberation Sans", "DejaVu Sans", Arial, Helvetica, sans-serif'

PALETA_BARRAS = ("#56B4E9", "#E69F00", "#009E73", "#CC79A7", "#F0E442", "#D55E00", "#BBBBBB")
PALETA_LINHAS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#555555", "#8C6D00")
TRACEJADOS = ("", "8,4", "2,3", "8,3,2,3", "12,4", "4,4")
TEXTO = "#1A1A1A"
TEXTO_SUAVE = "#595959"
FUNDO = "#FFFFFF"

_ESTILO_BASE = dict(
    background=FUNDO, plot_background=FUNDO, foreground=TEXTO, foreground_strong="#000000",
    foreground_subtle=TEXTO_SUAVE, opacity="1", opacity_hover="1", transition="0ms", stroke_width="1",
    stroke_width_hover="1", font_family=FONTE, label_font_size=13, major_label_font_size=13, legend_font_size=14,
    value_font_size=13, value_label_font_size=13, title_font_size=16, tooltip_font_size=13, no_data_font_size=22,
    guide_stroke_color="#BFBFBF", major_guide_stroke_color="#8C8C8C",
)
# Contorno preto nas barras (a borda basta para o contraste de 3:1 com o fundo, WCAG 1.4.11) e números em preto.
_CSS_BARRAS = "#{id} .series .rect{{stroke:#000;stroke-width:1}}#{id} .text-overlay text.value{{fill:#000}}"


@dataclass(frozen=True)
class Serie:
    """Uma série de valores, um por categoria (ou por período); None é o dado que falta, não zero. `rotulos=False`:
    sem o valor escrito em cada ponto (p. ex. a linha do piso, igual em todos os anos; a tabela o traz)."""

    nome: str
    valores: tuple[float | int | None, ...]
    rotulos: bool = True


@dataclass(frozen=True)
class Tabela:
    """Os números do gráfico como texto já formatado (1.234; 12,5%; «—» onde falta o dado). As primeiras
    `colunas_de_texto` colunas são texto, alinhadas à esquerda (a primeira é o cabeçalho da linha); as outras, números,
    à direita."""

    cabecalho: tuple[str, ...]
    linhas: tuple[tuple[str, ...], ...]
    colunas_de_texto: int = 1


@dataclass(frozen=True)
class Grafico:
    """O que o template «monitoramento/_grafico.html» mostra: o título, a descrição, o SVG e a tabela."""

    titulo: str
    descricao: str
    svg: SafeString
    tabela: Tabela


def numero_br(valor: float | int | Decimal | None, unidade: str = "") -> str:
    """1234 → «1.234», 12.5 com unidade «%» → «12,5%», 3 com unidade «vagas» → «3 vagas», None → «—».

    Frações com uma casa decimal, arredondadas para cima a partir da metade, como os relatórios publicam; «%» vem
    colado ao número (como `nucleo.texto.percentual_br`, mas também com o ponto de milhar), outra unidade com espaço.
    """
    if valor is None:
        return TRAVESSAO
    arredondado = Decimal(str(valor)).quantize(Decimal("0.1"), ROUND_HALF_UP)
    inteiro, fracao = divmod(abs(arredondado), 1)
    texto = ("-" if arredondado < 0 else "") + milhar(int(inteiro))
    if fracao:
        texto += "," + str(fracao)[2:]
    if unidade == "%":
        return texto + "%"
    return f"{texto} {unidade}" if unidade else texto


def barras(titulo: str, categorias: list[str], series: list[Serie], *, descricao: str = "", empilhadas: bool = False,
           horizontal: bool = False, unidade: str = "", categoria: str = "Categoria") -> Grafico:
    """Barras por categoria (p. ex. por grupo: reservadas, preenchidas pela lista, revertidas à ampla).

    `categoria` é o cabeçalho da primeira coluna da tabela («Grupo», «Órgão»).
    """
    _conferir(categorias, series)
    tabela = _tabela(categoria, categorias, series, unidade)
    descricao = descricao or _resumo("Gráfico de barras", categorias, series)
    tipo = {(False, False): pygal.Bar, (True, False): pygal.StackedBar, (False, True): pygal.HorizontalBar,
            (True, True): pygal.HorizontalStackedBar}[empilhadas, horizontal]
    estilo = Style(**_ESTILO_BASE, colors=PALETA_BARRAS, value_colors=("#000000",) * len(PALETA_BARRAS))
    altura = max(360, 80 + 34 * len(categorias) * (1 if empilhadas else len(series))) if horizontal else 420
    opcoes = dict(style=estilo, print_values_position="center" if empilhadas else "top", height=altura)
    if not unidade and (marcas := _marcas_inteiras(series, empilhadas)):
        opcoes["y_labels"] = marcas
    return _montar(tipo, opcoes,
                   titulo, descricao, categorias, series, tabela, unidade, ("barras", empilhadas, horizontal),
                   css=_CSS_BARRAS)


def linhas(titulo: str, rotulos: list[str], series: list[Serie], *, descricao: str = "", percentual: bool = False,
           periodo: str = "Período") -> Grafico:
    """Uma linha por série ao longo dos `rotulos` (os anos), para as tendências; com `percentual`, os valores são
    porcentagens (12.5 → «12,5%») e o eixo vai de 0 a 100 (ou até o maior valor, se passar de 100). `periodo` é o
    cabeçalho da primeira coluna da tabela."""
    _conferir(rotulos, series)
    unidade = "%" if percentual else ""
    tabela = _tabela(periodo, rotulos, series, unidade)
    descricao = descricao or _resumo("Gráfico de linhas", rotulos, series)
    estilo = Style(**{**_ESTILO_BASE, "stroke_width": "3", "stroke_width_hover": "3"}, colors=PALETA_LINHAS,
                   value_colors=(TEXTO,) * len(PALETA_LINHAS))
    # À direita, espaço para o valor do último ponto, que o pygal escreve depois dele.
    escala = (0, max(100, *_valores(series))) if percentual else None
    return _montar(pygal.Line, dict(style=estilo, print_values_position="top", dots_size=4, height=420, margin_right=48,
                                    include_x_axis=True, range=escala),
                   titulo, descricao, rotulos, series, tabela, unidade, ("linhas",),
                   tracos=[{"width": 3, "dasharray": TRACEJADOS[i % len(TRACEJADOS)]} for i in range(len(series))])


def faixa_de_nomeacao(titulo: str, posicoes: list[tuple[int, str, str]], *, descricao: str = "") -> Grafico:
    """A ordem de nomeação como uma faixa de quadrados, um por posição, em fileiras de 20 (como num calendário: a
    fileira «21–40» e a coluna 3 são a 23ª posição): o código do tipo de vaga escrito dentro («AC», «PCD», «NEG»), a
    cor do tipo e a legenda dos tipos. Cada posição é (número, código do tipo, rótulo do tipo).

    Este é o único gráfico montado à mão, com o mesmo estilo dos outros. No pygal a cor segue a série, não o valor, e a
    legenda lista as séries: uma faixa precisaria de uma série por posição e a legenda listaria posições, não tipos;
    também não há como escrever o código em cada quadrado nem quebrar em fileiras uma ordem de 200 posições, que numa
    fileira só ficaria ilegível. O número de cada posição vem da régua, não de um texto por quadrado: o WeasyPrint
    leva uns 3 ms por texto de SVG, e a ordem de um concurso grande passaria de segundos no PDF.

    A tabela tem uma linha por tipo de vaga, com as posições dele: a mesma informação da faixa, em poucas linhas
    (uma linha por posição seria uma tabela de centenas de linhas no PDF e no leitor de tela).
    """
    tipos: dict[str, str] = {}
    numeros: dict[str, list[int]] = {}
    for numero, codigo, rotulo in posicoes:
        tipos.setdefault(codigo, rotulo)
        numeros.setdefault(codigo, []).append(numero)
    tabela = Tabela(("Vaga", "Tipo de vaga", "Posições", "Total"),
                    tuple((codigo, rotulo, ", ".join(map(milhar, numeros[codigo])), milhar(len(numeros[codigo])))
                          for codigo, rotulo in tipos.items()), colunas_de_texto=3)
    descricao = descricao or (
        f"Ordem de nomeação: {plural(len(posicoes), 'posição', 'posições')}; "
        + "; ".join(f"{codigo} ({rotulo}): {plural(len(numeros[codigo]), 'posição', 'posições')}"
                    for codigo, rotulo in tipos.items()) + "." if posicoes else SEM_DADOS + ".")
    uid = _id(("faixa", titulo, descricao, tuple(posicoes)))
    cores = {codigo: PALETA_BARRAS[i % len(PALETA_BARRAS)] for i, codigo in enumerate(tipos)}
    lado, passo, por_fileira, margem, rotulos = 32, 36, 20, 10, 64
    largura = margem * 2 + rotulos + por_fileira * passo
    raiz = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "id": uid, "class": "pygal-chart faixa"})
    _acessivel(raiz, uid, titulo, descricao)
    estilo = ET.SubElement(raiz, "style", {"type": "text/css"})
    estilo.text = (f"#{uid}{{font-family:{FONTE};font-size:13px}}#{uid} text{{fill:#000}}#{uid} .codigo{{"
                   f"font-size:12px;font-weight:bold;text-anchor:middle}}#{uid} .regua{{font-size:12px;"
                   f"text-anchor:middle;fill:{TEXTO_SUAVE}}}#{uid} .fileira{{text-anchor:end;fill:{TEXTO_SUAVE}}}"
                   f"#{uid} rect{{stroke:#000;stroke-width:1}}#{uid} .vazio{{font-size:22px;text-anchor:middle}}")
    if not posicoes:
        raiz.set("viewBox", f"0 0 {largura} 80")
        ET.SubElement(raiz, "text", {"x": str(largura // 2), "y": "48", "class": "vazio"}).text = SEM_DADOS
        return Grafico(titulo, descricao, _svg(raiz), tabela)
    x0 = margem + rotulos
    for coluna in range(min(por_fileira, len(posicoes))):
        ET.SubElement(raiz, "text", {"x": str(x0 + coluna * passo + lado // 2), "y": str(margem + 12),
                                     "class": "regua"}).text = str(coluna + 1)
    y = margem + 20
    for inicio in range(0, len(posicoes), por_fileira):
        fileira = posicoes[inicio:inicio + por_fileira]
        ET.SubElement(raiz, "text", {"x": str(x0 - 8), "y": str(y + lado // 2 + 5), "class": "fileira"}).text = \
            "–".join(dict.fromkeys((milhar(fileira[0][0]), milhar(fileira[-1][0]))))
        for coluna, (_, codigo, _) in enumerate(fileira):
            x = x0 + coluna * passo
            ET.SubElement(raiz, "rect", {"x": str(x), "y": str(y), "width": str(lado), "height": str(lado),
                                         "fill": cores[codigo], "class": "posicao"})
            ET.SubElement(raiz, "text", {"x": str(x + lado // 2), "y": str(y + lado // 2 + 4),
                                         "class": "codigo"}).text = codigo
        y += passo
    y += 10
    for codigo, rotulo in tipos.items():
        item = ET.SubElement(raiz, "g", {"class": "legenda"})
        ET.SubElement(item, "rect", {"x": str(x0), "y": str(y), "width": "32", "height": "22", "fill": cores[codigo]})
        ET.SubElement(item, "text", {"x": str(x0 + 16), "y": str(y + 15), "class": "codigo"}).text = codigo
        ET.SubElement(item, "text", {"x": str(x0 + 42), "y": str(y + 16)}).text = rotulo
        y += 28
    raiz.set("viewBox", f"0 0 {largura} {y + margem - 6}")
    return Grafico(titulo, descricao, _svg(raiz), tabela)


def _marcas_inteiras(series: list[Serie], empilhadas: bool) -> list[int] | None:
    """Contagens pequenas (até 20) com marcas inteiras no eixo: o pygal poria 0,2; 0,4… em «1 vaga revertida»."""
    valores = [v for s in series for v in s.valores if v is not None]
    if not valores or any(v != int(v) or v < 0 for v in valores):
        return None
    maior = max(sum(v or 0 for v in coluna) for coluna in zip(*(s.valores for s in series), strict=True)) \
        if empilhadas else max(valores)
    if not 0 < maior <= 20:
        return None
    passo = 1 if maior <= 10 else 2
    return list(range(0, int(maior) + passo, passo))


def _conferir(categorias: list[str], series: list[Serie]) -> None:
    for serie in series:
        if len(serie.valores) != len(categorias):
            raise ValueError(f"A série «{serie.nome}» tem {plural(len(serie.valores), 'valor', 'valores')}, "
                             f"mas há {plural(len(categorias), 'categoria')}.")


def _valores(series: list[Serie]) -> list[float | int]:
    return [v for serie in series for v in serie.valores if v is not None]


def _sem_dados(series: list[Serie]) -> bool:
    return not any(_valores(series))


def _tabela(primeira: str, categorias: list[str], series: list[Serie], unidade: str) -> Tabela:
    return Tabela((primeira, *(s.nome for s in series)),
                  tuple((categoria, *(numero_br(s.valores[i], unidade) for s in series))
                        for i, categoria in enumerate(categorias)))


def _resumo(tipo: str, categorias: list[str], series: list[Serie]) -> str:
    if _sem_dados(series):
        return f"{tipo}: {SEM_DADOS.lower()}."
    return (f"{tipo} com {plural(len(series), 'série')} ({', '.join(s.nome for s in series)}) "
            f"em {plural(len(categorias), 'categoria')} ({', '.join(categorias)}); os números estão na tabela.")


# O id vem do conteúdo inteiro (tipo, títulos, categorias e valores), e o mesmo conteúdo dá o mesmo SVG: os já
# desenhados ficam na memória do processo (os mais recentes), e o painel aberto de novo sem mudança nos números não
# chama o pygal (uns 20 a 40 ms por gráfico).
_DESENHADOS: OrderedDict[str, SafeString] = OrderedDict()
DESENHADOS_NA_MEMORIA = 256


def _montar(tipo, opcoes: dict, titulo: str, descricao: str, categorias: list[str], series: list[Serie],
            tabela: Tabela, unidade: str, chave: tuple, *, tracos: list[dict] | None = None, css: str = "") -> Grafico:
    uid = _id((chave, unidade, titulo, descricao, tuple(categorias), tuple(series)))
    if uid in _DESENHADOS:
        _DESENHADOS.move_to_end(uid)
        return Grafico(titulo, descricao, _DESENHADOS[uid], tabela)
    formatar = lambda valor: numero_br(valor, unidade)  # noqa: E731 — o pygal chama com um só argumento
    vazio = _sem_dados(series)
    colunas = max(1, min(3, len(series)))
    # O pygal reserva embaixo len(series) // colunas fileiras de legenda, menos uma: com 2 séries em 3 colunas, ou 4
    # séries, a legenda sairia cortada. A margem de baixo repõe as fileiras que ele não conta (16 é a margem, 21 a
    # altura de uma fileira de legenda de 14 px).
    faltam = ceil(len(series) / colunas) - len(series) // colunas
    # Sem dados, nem eixos nem legenda: só o aviso, em vez de um gráfico de zeros com a escala de 0 a 1.
    if vazio:
        opcoes["height"] = 160
    grafico = tipo(**opcoes, js=[], disable_xml_declaration=True, width=800, show_legend=not vazio,
                   show_x_labels=not vazio, show_y_labels=not vazio, show_y_guides=not vazio,
                   css=("file://style.css", "file://graph.css", "inline:" + css.format(id=uid)),
                   legend_at_bottom=True, legend_at_bottom_columns=colunas, margin_bottom=16 + 21 * faltam,
                   no_data_text=SEM_DADOS, print_values=True, value_formatter=formatar, formatter=formatar,
                   truncate_legend=-1, truncate_label=-1, margin=16)
    grafico.add_xml_filter(lambda raiz: _limpar(raiz, uid, titulo, descricao))
    # O pygal escreve «chart-<uuid>» no id e no CSS: com o id do conteúdo no lugar, o SVG não muda de uma vez a outra.
    grafico.uuid = uid.removeprefix("chart-")
    if not vazio:
        grafico.x_labels = categorias
        for i, serie in enumerate(series):
            extra = {"stroke_style": tracos[i]} if tracos else {}
            if not serie.rotulos:
                extra["formatter"] = lambda valor: ""
            grafico.add(serie.nome, list(serie.valores), **extra)
    _DESENHADOS[uid] = mark_safe(grafico.render())
    if len(_DESENHADOS) > DESENHADOS_NA_MEMORIA:
        _DESENHADOS.popitem(last=False)
    return Grafico(titulo, descricao, _DESENHADOS[uid], tabela)


def _id(conteudo: tuple) -> str:
    return "chart-" + hashlib.sha256(repr(conteudo).encode()).hexdigest()[:16]


def _limpar(raiz: ET.Element, uid: str, titulo: str, descricao: str) -> ET.Element:
    """Tira do SVG do pygal o que só serve ao JavaScript (o script de configuração, as dicas, os <desc> de cada
    barra e os ids repetidos da legenda) e os comentários com a data; põe o título, a descrição e os papéis ARIA."""
    for pai in list(raiz.iter()):
        for filho in list(pai):
            classes = filho.get("class", "").split()
            if (filho.tag in (ET.Comment, "script", "title") or "tooltip-overlay" in classes
                    or (filho.tag == "desc" and pai is not raiz)):
                pai.remove(filho)
            elif filho.get("id", "").startswith("activate-serie"):
                del filho.attrib["id"]
    _acessivel(raiz, uid, titulo, descricao)
    return raiz


def _acessivel(raiz: ET.Element, uid: str, titulo: str, descricao: str) -> None:
    raiz.set("role", "img")
    raiz.set("aria-labelledby", f"{uid}-titulo {uid}-descricao")
    elemento = ET.Element("title", {"id": f"{uid}-titulo"})
    elemento.text = titulo
    raiz.insert(0, elemento)
    elemento = ET.Element("desc", {"id": f"{uid}-descricao"})
    elemento.text = descricao
    raiz.insert(1, elemento)


def _svg(raiz: ET.Element) -> SafeString:
    return mark_safe(ET.tostring(raiz, encoding="unicode"))

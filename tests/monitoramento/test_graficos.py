"""Os gráficos dos indicadores (issue 13, item 5): SVG do servidor com texto em pt-BR, sem script, determinístico,
acessível, com a tabela dos mesmos números, e o mesmo trecho dentro do PDF do WeasyPrint."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template import engines
from django.template.loader import render_to_string

from documentos.pdf import qr_code_svg, renderizar_pdf
from monitoramento.graficos import (
    FUNDO,
    PALETA_BARRAS,
    PALETA_LINHAS,
    SEM_DADOS,
    TEXTO,
    TEXTO_SUAVE,
    Serie,
    barras,
    faixa_de_nomeacao,
    linhas,
    numero_br,
)
from tests.documentos.pdfs import texto

SVG = "{http://www.w3.org/2000/svg}"
GRUPOS = ["Negros", "Indígenas", "Pessoas com deficiência"]
VAGAS = [Serie("Reservadas", (1234, 5, 62)), Serie("Preenchidas pela lista", (1000, None, 12.5)),
         Serie("Revertidas à ampla", (234, 5, 0))]
ORDEM = [(1, "AC", "Ampla concorrência"), (2, "AC", "Ampla concorrência"), (3, "NEG", "Negros"),
         (4, "AC", "Ampla concorrência"), (5, "PCD", "Pessoa com deficiência")]


def vagas_por_grupo():
    return barras("Vagas por grupo", GRUPOS, VAGAS, categoria="Grupo")


def tendencia():
    return linhas("Nomeados negros por ano", ["2023", "2024", "2025"],
                  [Serie("Nomeados negros", (12.5, 18.25, None)), Serie("Inscritos negros", (30, 31, 1234.5))],
                  percentual=True, periodo="Ano")


def textos_do_svg(svg: str) -> list[str]:
    return [t.strip() for t in ET.fromstring(svg).itertext() if t.strip()]


def contraste(a: str, b: str) -> float:
    def luminancia(cor):
        canais = [int(cor[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in canais)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    claro, escuro = sorted((luminancia(a), luminancia(b)), reverse=True)
    return (claro + 0.05) / (escuro + 0.05)


@pytest.mark.parametrize(("valor", "unidade", "esperado"), [
    (1234, "", "1.234"), (1234567, "", "1.234.567"), (12.5, "%", "12,5%"), (17, "%", "17%"), (1234.5, "", "1.234,5"),
    (31.25, "%", "31,3%"), (3, "vagas", "3 vagas"), (None, "", "—"), (-1500, "", "-1.500"), (0, "", "0"),
])
def test_os_numeros_sao_escritos_como_no_brasil(valor, unidade, esperado):
    assert numero_br(valor, unidade) == esperado


def test_o_svg_das_barras_traz_o_titulo_os_rotulos_e_os_valores_em_portugues():
    textos = textos_do_svg(vagas_por_grupo().svg)
    assert "Vagas por grupo" in textos
    assert {"Negros", "Indígenas", "Pessoas com deficiência", "Reservadas", "Revertidas à ampla"} <= set(textos)
    assert {"1.234", "1.000", "12,5"} <= set(textos)
    assert "1234" not in textos and "12.5" not in textos


def test_o_svg_das_linhas_traz_os_percentuais_em_portugues():
    textos = textos_do_svg(tendencia().svg)
    assert {"Nomeados negros por ano", "2023", "2025", "12,5%", "18,3%", "1.234,5%", "0%", "100%"} <= set(textos)


def test_a_tabela_traz_os_mesmos_numeros_e_o_travessao_onde_falta_o_dado():
    grafico = vagas_por_grupo()
    assert grafico.tabela.cabecalho == ("Grupo", "Reservadas", "Preenchidas pela lista", "Revertidas à ampla")
    assert grafico.tabela.linhas == (("Negros", "1.234", "1.000", "234"), ("Indígenas", "5", "—", "5"),
                                     ("Pessoas com deficiência", "62", "12,5", "0"))
    numeros_do_svg = set(textos_do_svg(grafico.svg))
    assert {c for linha in grafico.tabela.linhas for c in linha[1:] if c != "—"} <= numeros_do_svg
    assert tendencia().tabela.linhas[2] == ("2025", "—", "1.234,5%")


@pytest.mark.parametrize("fazer", [vagas_por_grupo, tendencia, lambda: faixa_de_nomeacao("Ordem", ORDEM),
                                   lambda: barras("E", GRUPOS, VAGAS, empilhadas=True, horizontal=True)])
def test_o_mesmo_dado_da_o_mesmo_svg_byte_a_byte_sem_script_nem_data(fazer):
    primeiro, segundo = fazer().svg, fazer().svg
    assert primeiro == segundo
    assert "<script" not in primeiro and "<!--" not in primeiro and "<?xml" not in primeiro
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}", primeiro)  # nenhum uuid sorteado


def test_dados_diferentes_dao_ids_diferentes():
    outro = barras("Vagas por grupo", GRUPOS, [Serie("Reservadas", (1, 2, 3))])
    assert ET.fromstring(outro.svg).get("id") != ET.fromstring(vagas_por_grupo().svg).get("id")


@pytest.mark.parametrize("fazer", [vagas_por_grupo, tendencia, lambda: faixa_de_nomeacao("Ordem", ORDEM)])
def test_o_leitor_de_tela_encontra_o_titulo_e_a_descricao(fazer):
    raiz = ET.fromstring(fazer().svg)
    assert raiz.get("role") == "img"
    rotulos = raiz.get("aria-labelledby").split()
    assert [raiz[0].tag, raiz[1].tag] == [f"{SVG}title", f"{SVG}desc"]
    assert rotulos == [raiz[0].get("id"), raiz[1].get("id")]
    assert raiz[0].text and raiz[1].text
    assert [e.get("id") for e in raiz.iter() if e.get("id")] == [raiz.get("id"), *rotulos]  # sem ids repetidos


def test_a_fonte_nao_e_a_monospace_do_pygal():
    svg = vagas_por_grupo().svg
    assert "Liberation Sans" in svg and "Consolas" not in svg


def test_as_cores_tem_contraste_e_os_textos_tambem():
    # eMAG 3.1 / WCAG 1.4.3: texto ≥ 4,5:1. As barras levam número preto; as linhas têm de se ver no branco (1.4.11).
    assert contraste(TEXTO, FUNDO) >= 4.5 and contraste(TEXTO_SUAVE, FUNDO) >= 4.5
    assert all(contraste(cor, "#000000") >= 4.5 for cor in PALETA_BARRAS)
    assert all(contraste(cor, FUNDO) >= 3 for cor in PALETA_LINHAS)
    assert "stroke:#000" in vagas_por_grupo().svg  # o contorno preto separa a barra clara do fundo


def test_as_linhas_se_distinguem_pelo_tracejado_alem_da_cor():
    svg = tendencia().svg
    assert "stroke-dasharray:8,4" in svg and "stroke-width:3" in svg


@pytest.mark.parametrize("fazer", [
    lambda: barras("Vagas", GRUPOS, [Serie("Reservadas", (0, 0, 0))]),
    lambda: barras("Vagas", [], []),
    lambda: linhas("Tendência", ["2024"], [Serie("Nomeados", (None,))]),
    lambda: faixa_de_nomeacao("Ordem", []),
])
def test_sem_dados_mostra_o_aviso_em_vez_de_um_grafico_quebrado(fazer):
    textos = textos_do_svg(fazer().svg)
    assert SEM_DADOS in textos
    assert "0,1" not in textos  # nem a escala de 0 a 1 que o pygal desenharia


def test_a_serie_com_numero_errado_de_valores_e_recusada():
    with pytest.raises(ValueError, match="A série «Reservadas» tem 2 valores, mas há 3 categorias"):
        barras("Vagas", GRUPOS, [Serie("Reservadas", (1, 2))])


def test_a_faixa_distingue_os_tipos_pela_letra_alem_da_cor():
    raiz = ET.fromstring(faixa_de_nomeacao("Ordem de nomeação", ORDEM).svg)
    quadrados = [e for e in raiz.iter() if e.get("class") == "posicao"]
    codigos = [e.text for e in raiz.iter(f"{SVG}text") if e.get("class") == "codigo"]
    assert codigos[:5] == ["AC", "AC", "NEG", "AC", "PCD"]  # um código escrito em cada quadrado, na ordem
    cores = dict(zip(codigos, (q.get("fill") for q in quadrados), strict=False))
    assert len(quadrados) == 5 and len(set(cores.values())) == 3
    legenda = [[t.text for t in g.iter(f"{SVG}text")] for g in raiz.iter(f"{SVG}g") if g.get("class") == "legenda"]
    assert legenda == [["AC", "Ampla concorrência"], ["NEG", "Negros"], ["PCD", "Pessoa com deficiência"]]
    assert {"1", "5", "1–5"} <= set(textos_do_svg(ET.tostring(raiz, encoding="unicode")))  # a régua e a fileira


def test_a_fileira_de_uma_posicao_so_traz_um_numero():
    ordem = [(i, "AC", "Ampla concorrência") for i in range(1, 22)]
    assert {"1–20", "21"} <= set(textos_do_svg(faixa_de_nomeacao("Ordem", ordem).svg))


def test_a_tabela_da_faixa_traz_as_posicoes_de_cada_tipo():
    tabela = faixa_de_nomeacao("Ordem de nomeação", ORDEM).tabela
    assert tabela.cabecalho == ("Vaga", "Tipo de vaga", "Posições", "Total")
    assert tabela.linhas == (("AC", "Ampla concorrência", "1, 2, 4", "3"), ("NEG", "Negros", "3", "1"),
                             ("PCD", "Pessoa com deficiência", "5", "1"))


def test_a_faixa_longa_quebra_em_fileiras_de_vinte():
    ordem = [(i, "NEG" if i % 5 == 3 else "AC", "Negros" if i % 5 == 3 else "Ampla concorrência")
             for i in range(1, 1201)]
    grafico = faixa_de_nomeacao("Ordem", ordem)
    raiz = ET.fromstring(grafico.svg)
    assert len({e.get("y") for e in raiz.iter() if e.get("class") == "posicao"}) == 60
    assert {"1–20", "1.181–1.200"} <= set(textos_do_svg(grafico.svg))
    assert grafico.tabela.linhas[1][2].endswith("1.178, 1.183, 1.188, 1.193, 1.198")
    assert grafico.tabela.linhas[1][3] == "240"
    assert "1.200 posições" in grafico.descricao and "NEG (Negros): 240 posições" in grafico.descricao


def test_o_template_mostra_figura_legenda_svg_e_tabela_acessivel():
    html = render_to_string("monitoramento/_grafico.html", {"grafico": vagas_por_grupo()})
    assert html.count("<figure") == 1 and "<figcaption" in html and "<svg" in html
    assert "<caption" in html and 'scope="col"' in html and 'scope="row"' in html
    assert html.index("<svg") < html.index("<table")
    assert '<th scope="row" class="grafico-categoria">Negros</th><td class="grafico-numero">1.234</td>' in html


def test_o_titulo_com_marcacao_e_escapado_no_svg_e_no_template():
    grafico = barras("<b>Vagas</b> & cotas", ["<i>A</i>"], [Serie("x", (1,))])
    assert "<b>" not in grafico.svg and "&lt;b&gt;Vagas&lt;/b&gt; &amp; cotas" in grafico.svg
    assert "<i>A</i>" not in render_to_string("monitoramento/_grafico.html", {"grafico": grafico})


def test_o_grafico_incluido_no_pdf_do_weasyprint_tem_o_titulo_e_os_valores_como_texto():
    modelo = engines["django"].from_string(
        '{% extends "documentos/pdf/base.html" %}{% block conteudo %}'
        '{% include "monitoramento/_grafico.html" with grafico=barras %}'
        '{% include "monitoramento/_grafico.html" with grafico=faixa %}{% endblock %}')
    html = modelo.render({"barras": vagas_por_grupo(), "faixa": faixa_de_nomeacao("Ordem de nomeação", ORDEM),
                          "documento": {"codigo": "7KQ2-9XHM-4TPA", "titulo": "Relatório de monitoramento",
                                        "url_verificacao": "https://exemplo.gov.br/v/7KQ2-9XHM-4TPA",
                                        "qr_code": qr_code_svg("https://exemplo.gov.br/v/7KQ2-9XHM-4TPA")}})
    pdf, _ = renderizar_pdf(html)
    conteudo = texto(pdf)
    # O título vem da legenda da figura e da tabela; os números do eixo e das barras, do próprio SVG.
    assert "Vagas por grupo" in conteudo and "Ordem de nomeação" in conteudo
    linhas_do_pdf = conteudo.splitlines()
    assert linhas_do_pdf.count("1.234") >= 1 and linhas_do_pdf.count("12,5") >= 1  # valores desenhados no SVG
    assert "Negros 1.234 1.000 234" in conteudo  # a linha da tabela
    assert "PCD" in linhas_do_pdf and "NEG" in linhas_do_pdf  # as letras da faixa


@pytest.mark.parametrize("quantas", [1, 2, 3, 4, 5, 7])
def test_a_legenda_embaixo_cabe_no_desenho_com_qualquer_numero_de_series(quantas):
    series = [Serie(f"Série {i}", (i + 1, 2)) for i in range(quantas)]
    for grafico in (barras("Vagas", ["A", "B"], series), linhas("Por ano", ["2024", "2025"], series)):
        raiz = ET.fromstring(grafico.svg)
        altura = float(raiz.get("viewBox").split()[3])
        legendas = next(g for g in raiz.iter(f"{SVG}g") if g.get("class") == "legends" and len(g))
        topo = float(re.search(r"translate\([^,]+, ([\d.]+)\)", legendas.get("transform")).group(1))
        assert topo + max(float(t.get("y")) for t in legendas.iter(f"{SVG}text")) <= altura


def test_contagens_pequenas_tem_marcas_inteiras_no_eixo():
    """«1 vaga revertida» não se lê num eixo de 0,2 em 0,2."""
    import re

    from monitoramento.graficos import Serie, barras

    grafico = barras("Vagas revertidas", ["Fraude", "Sem candidato"], [Serie("Vagas", (0, 1))], horizontal=True)
    textos = re.findall(r"<text[^>]*>([^<]*)</text>", str(grafico.svg))
    assert "0,2" not in textos and "0,5" not in textos and "1" in textos


def test_a_serie_sem_rotulos_nao_escreve_os_valores_mas_a_tabela_os_traz():
    from monitoramento.graficos import Serie, linhas

    grafico = linhas("Participação", ["2022", "2023"], [Serie("Comissão", (12.5, 30.0)),
                                                         Serie("Piso", (17.3, 17.3), rotulos=False)],
                     percentual=True)
    assert ">17,3%<" not in str(grafico.svg)
    assert ("2022", "12,5%", "17,3%") in grafico.tabela.linhas

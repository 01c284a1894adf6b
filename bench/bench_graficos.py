"""Mede os gráficos dos indicadores (monitoramento/graficos.py): o SVG de cada tipo e o PDF com os gráficos incluídos.

Para cada tipo — barras por grupo, barras empilhadas horizontais por órgão, linhas por ano e a faixa da ordem de
nomeação — mostra o melhor tempo e a mediana de R rodadas (depois de uma de aquecimento) e o tamanho do SVG; ao fim,
o tempo do template «monitoramento/_grafico.html» com os quatro e o do WeasyPrint sobre o resultado, que é quanto um
relatório em PDF paga pelos gráficos, também gráfico a gráfico. Dados fixos, sem banco. Meta: cada SVG em até 50 ms
(o WeasyPrint, que desenha cada texto do SVG pelo Pango, custa bem mais do que o pygal).

Uso: python bench/bench_graficos.py [--rodadas R] [--posicoes N] [--salvar ARQUIVO.pdf]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from _comum import milhar  # também põe a raiz do repositório no sys.path

META_MS = 50.0
GRUPOS = ["Negros (pretos e pardos)", "Indígenas", "Quilombolas", "Pessoas com deficiência"]
ORGAOS = [f"Secretaria {i:02d}" for i in range(1, 13)]
ANOS = [str(ano) for ano in range(2014, 2026)]


def medir(fazer: Callable[[], object], rodadas: int) -> tuple[float, float, object]:
    """O melhor tempo e a mediana (ms) de `rodadas` chamadas, depois de uma de aquecimento, e o último resultado.
    Cada rodada desenha de novo: os gráficos já desenhados, que o processo guarda, saem antes."""
    from monitoramento.graficos import _DESENHADOS

    fazer()
    tempos, resultado = [], None
    for _ in range(rodadas):
        _DESENHADOS.clear()
        inicio = time.perf_counter()
        resultado = fazer()
        tempos.append((time.perf_counter() - inicio) * 1000)
    return min(tempos), statistics.median(tempos), resultado


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rodadas", type=int, default=20)
    argumentos.add_argument("--posicoes", type=int, default=200, help="posições da faixa da ordem de nomeação")
    argumentos.add_argument("--salvar", help="grava o PDF com os quatro gráficos neste arquivo")
    opcoes = argumentos.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "1"
    import django

    django.setup()
    from django.template.loader import render_to_string

    from documentos.pdf import qr_code_svg, renderizar_pdf
    from monitoramento.graficos import Serie, barras, faixa_de_nomeacao, linhas

    vagas = [Serie("Reservadas", (1234, 62, 8, 310)), Serie("Preenchidas pela lista", (1000, 41, None, 250)),
             Serie("Revertidas à ampla", (234, 21, 8, 60))]
    por_orgao = [Serie(nome, tuple((i * 37 + k * 11) % 90 + 5 for i in range(len(ORGAOS))))
                 for k, nome in enumerate(["Ampla concorrência", "Negros", "Pessoas com deficiência"])]
    tendencias = [Serie(nome, tuple(round(base + i * passo, 1) for i in range(len(ANOS))))
                  for nome, base, passo in [("Inscritos negros", 28, 0.9), ("Aprovados negros", 14, 0.7),
                                            ("Nomeados negros", 9, 1.1)]]
    codigos = {"AC": "Ampla concorrência", "NEG": "Negros", "PCD": "Pessoa com deficiência", "IND": "Indígenas"}
    ordem = [(i, codigo, codigos[codigo]) for i in range(1, opcoes.posicoes + 1)
             for codigo in ["NEG" if i % 5 == 3 else "PCD" if i % 20 == 5 else "IND" if i % 50 == 30 else "AC"]]
    tipos = {
        "barras por grupo (4 × 3)": lambda: barras("Vagas por grupo", GRUPOS, vagas, categoria="Grupo"),
        f"barras empilhadas horizontais ({len(ORGAOS)} × 3)": lambda: barras(
            "Nomeações por órgão", ORGAOS, por_orgao, empilhadas=True, horizontal=True, categoria="Órgão"),
        f"linhas por ano ({len(ANOS)} × 3, %)": lambda: linhas("Participação de negros", ANOS, tendencias,
                                                              percentual=True, periodo="Ano"),
        f"faixa da ordem de nomeação ({milhar(opcoes.posicoes)} posições)": lambda: faixa_de_nomeacao(
            "Ordem de nomeação", ordem),
    }
    print(f"Gráficos: melhor e mediana de {opcoes.rodadas} rodadas (meta: até {META_MS:.0f} ms cada)")
    graficos = []
    for nome, fazer in tipos.items():
        melhor, mediana, grafico = medir(fazer, opcoes.rodadas)
        graficos.append(grafico)
        situacao = "ok" if melhor <= META_MS else "ACIMA DA META"
        print(f"  {nome}: {melhor:.1f} ms (mediana {mediana:.1f} ms), SVG {len(grafico.svg) / 1024:.0f} KiB "
              f"— {situacao}")

    url = "https://exemplo.gov.br/verificar/7KQ2-9XHM-4TPA"
    documento = {"codigo": "7KQ2-9XHM-4TPA", "titulo": "Relatório de monitoramento", "url_verificacao": url,
                 "qr_code": qr_code_svg(url)}

    def html() -> str:
        corpo = "".join(render_to_string("monitoramento/_grafico.html", {"grafico": g}) for g in graficos)
        return render_to_string("documentos/pdf/base.html", {"documento": documento}).replace(
            '<div class="autenticacao">', corpo + '<div class="autenticacao">')

    rodadas_pdf = max(1, opcoes.rodadas // 4)
    print(f"WeasyPrint de cada gráfico com a tabela, numa página sem mais nada (melhor de {rodadas_pdf} rodadas):")
    vazio, _, _ = medir(lambda: renderizar_pdf("<html><body></body></html>"), rodadas_pdf)
    for nome, grafico in zip(tipos, graficos, strict=True):
        trecho = render_to_string("monitoramento/_grafico.html", {"grafico": grafico})
        melhor, mediana, _ = medir(lambda t=trecho: renderizar_pdf(f"<html><body>{t}</body></html>"), rodadas_pdf)
        print(f"  {nome}: {melhor:.0f} ms (mediana {mediana:.0f} ms; a página vazia leva {vazio:.0f} ms)")
    melhor, mediana, pagina = medir(html, opcoes.rodadas)
    print(f"Template dos quatro gráficos com a tabela: {melhor:.1f} ms (mediana {mediana:.1f} ms), "
          f"{len(pagina) / 1024:.0f} KiB de HTML")
    melhor, mediana, (pdf, paginas) = medir(lambda: renderizar_pdf(pagina), rodadas_pdf)
    print(f"WeasyPrint do PDF com os quatro gráficos: {melhor:.0f} ms (mediana {mediana:.0f} ms de {rodadas_pdf} "
          f"rodadas), {paginas} páginas, {len(pdf) / 1024:.0f} KiB")
    if opcoes.salvar:
        Path(opcoes.salvar).write_bytes(pdf)
        print(f"PDF gravado em {opcoes.salvar}")


if __name__ == "__main__":
    main()

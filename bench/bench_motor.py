"""Mede o motor de reserva de vagas (legislacao/motor.py) num único núcleo, sem Django.

Gera 1.000.000 de candidatos aleatórios (semente fixa) e mede, para as regras das leis montadas à mão, o quadro de
vagas (`calcular_quadro`, 100.000 vagas, 5.000 PcD) e a convocação (`convocar`): Vargem Alta/ES (17% + 3%,
proporcional), Ubatuba/SP (20%; e de novo com a equidade de gênero do art. 2º, § 4º), Afonso Cláudio/ES (a cada 5,
posição que a lei fixa e a PcD do edital a 5%, teto), Iúna/ES (a 3ª e a 10ª fixadas e a lista mais favorável do
art. 5º, § 2º) e a Lei 15.142/2025 com o Decreto 12.536/2025 (três reservas, a cascata e a reserva única). A geração
dos dados é medida à parte e não entra na conta. Meta: quadro + convocação em até 2 s por lei.

Uso: python bench/bench_motor.py [--candidatos N] [--vagas N] [--vagas-pcd M] [--rodadas R] [--perfil]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import random
import statistics
import sys
import time
from dataclasses import replace
from decimal import Decimal

from _comum import milhar  # também põe a raiz do repositório no sys.path

from legislacao import motor  # o motor é Python puro: não precisa de Django
from nucleo.texto import plural

META_SEGUNDOS = 2.0
SEMENTE = 20240616

LEIS = {
    "vargem-alta-es-2023": motor.Regras(
        slug="vargem-alta-es-2023",
        minimo_vagas=3,
        grupos=(
            motor.Grupo("NEG", "Negros (pretos e pardos)", Decimal("17"), frozenset({"preta", "parda"}),
                        artigo="art. 1º, I", artigo_padrao="art. 5º"),
            motor.Grupo("IND", "Indígenas", Decimal("3"), frozenset({"indigena"}),
                        artigo="art. 1º, II", artigo_padrao="art. 5º"),
        ),
    ),
    "ubatuba-sp-lei-3765-2014": motor.Regras(
        slug="ubatuba-sp-lei-3765-2014",
        minimo_vagas=3,
        grupos=(
            motor.Grupo("NIQ", "Negros, índios e quilombolas", Decimal("20"),
                        frozenset({"preta", "parda", "indigena"}), quilombola=True,
                        artigo="art. 1º", artigo_padrao="art. 7º"),
        ),
    ),
}
LEIS["ubatuba-sp-lei-3765-2014 (equidade de gênero)"] = replace(
    LEIS["ubatuba-sp-lei-3765-2014"], equidade_genero=True, artigo_equidade_genero="art. 2º, § 4º")
LEIS |= {
    "afonso-claudio-es-lei-2552-2023 (PcD do edital a 5%)": motor.Regras(
        slug="afonso-claudio-es-lei-2552-2023",
        minimo_vagas=5,
        grupos=(
            motor.Grupo("PP", "Pretos e pardos", Decimal("20"), frozenset({"preta", "parda"}),
                        padrao=motor.Padrao.A_CADA, intervalo=5, artigo="art. 1º", artigo_padrao="art. 3º, § 1º"),
        ),
        pcd=motor.RegraPcd(percentual=Decimal("5"), arredondamento=motor.Arredondamento.TETO, artigo="item 4.1"),
    ),
    "iuna-es (lista mais favorável)": motor.Regras(
        slug="iuna-es",
        minimo_vagas=3,
        lista_mais_favoravel=True,
        artigo_lista_mais_favoravel="art. 5º, § 2º",
        grupos=(
            motor.Grupo("NEG", "Negros (pretos e pardos)", Decimal("20"), frozenset({"preta", "parda"}),
                        padrao=motor.Padrao.POSICOES, posicoes=(3,), artigo="art. 3º, I",
                        artigo_padrao="art. 3º, § 1º"),
            motor.Grupo("IND", "Indígenas", Decimal("5"), frozenset({"indigena"}),
                        padrao=motor.Padrao.POSICOES, posicoes=(10,), artigo="art. 3º, II",
                        artigo_padrao="art. 3º, § 1º"),
        ),
    ),
    "federal-lei-15142-2025 (cascata e reserva única)": motor.Regras(
        slug="federal-lei-15142-2025",
        minimo_vagas=2,
        uma_reserva_so=True,
        grupos=(
            motor.Grupo("PP", "Pretos e pardos", Decimal("25"), frozenset({"preta", "parda"}), artigo="art. 2º, I"),
            motor.Grupo("IND", "Indígenas", Decimal("3"), frozenset({"indigena"}), reverte_para=("QUI", "PP"),
                        artigo="art. 2º, II"),
            motor.Grupo("QUI", "Quilombolas", Decimal("2"), frozenset(), quilombola=True, reverte_para=("IND", "PP"),
                        artigo="art. 2º, III"),
        ),
    ),
}


def gerar_candidatos(n: int, semente: int = SEMENTE) -> list[motor.Candidato]:
    """Candidatos com classificação embaralhada e proporções próximas das de um certame real.

    ~45% pretos ou pardos, ~1% indígenas, ~1% quilombolas, ~8% PcD; ~60% dos que podem optar pela
    reserva optam; ~5% eliminados ou desistentes.
    """
    rnd = random.Random(semente)
    # O gênero sai de outra sequência: os demais campos ficam os mesmos de antes dele.
    generos = random.Random(semente + 1)
    classificacoes = list(range(1, n + 1))
    rnd.shuffle(classificacoes)
    candidatos = []
    for i, classificacao in enumerate(classificacoes):
        r = rnd.random()
        if r < 0.10:
            cor = "preta"
        elif r < 0.45:
            cor = "parda"
        elif r < 0.46:
            cor = "indigena"
        elif r < 0.47:
            cor = "amarela"
        else:
            cor = "branca"
        quilombola = cor in ("preta", "parda") and rnd.random() < 0.02
        elegivel = cor in ("preta", "parda", "indigena") or quilombola
        s = rnd.random()
        situacao = "eliminado" if s < 0.03 else "desistente" if s < 0.05 else motor.HABILITADO
        candidatos.append(motor.Candidato(
            inscricao=f"{i + 1:07d}",
            classificacao=classificacao,
            cor_raca=cor,
            quilombola=quilombola,
            pcd=rnd.random() < 0.08,
            reserva=elegivel and rnd.random() < 0.60,
            situacao=situacao,
            genero="feminino" if generos.random() < 0.5 else "masculino",
        ))
    return candidatos


def fixar_um_nucleo() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "afinidade não disponível neste sistema"
    nucleo = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {nucleo})
    return f"processo fixado no núcleo {nucleo}"


def medir(regras, candidatos, vagas, vagas_pcd):
    gc.collect()
    t0 = time.perf_counter()
    quadro = motor.calcular_quadro(regras, vagas, vagas_pcd)
    t1 = time.perf_counter()
    convocados = motor.convocar(regras, quadro, candidatos)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, quadro, convocados


def resumo(quadro: motor.Quadro, convocados) -> str:
    reservas = ", ".join(f"{r.codigo} {r.vagas}" for r in quadro.reservas)
    por_lista: dict[str | None, int] = {}
    for c in convocados:
        por_lista[c.lista] = por_lista.get(c.lista, 0) + 1
    listas = ", ".join(f"{k or 'sem titular'} {v}" for k, v in sorted(por_lista.items(), key=lambda kv: str(kv[0])))
    return (f"quadro: ampla {quadro.ampla}, PcD {quadro.pcd}, {reservas}; {plural(len(quadro.ajustes), 'ajuste')}\n"
            f"      convocados por lista: {listas}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--candidatos", type=int, default=1_000_000)
    p.add_argument("--vagas", type=int, default=100_000)
    p.add_argument("--vagas-pcd", type=int, default=5_000)
    p.add_argument("--rodadas", type=int, default=5)
    p.add_argument("--perfil", action="store_true", help="perfila uma rodada de cada lei com cProfile")
    args = p.parse_args(argv)

    print(f"Benchmark do motor — Python {sys.version.split()[0]}; {fixar_um_nucleo()}")
    t0 = time.perf_counter()
    candidatos = gerar_candidatos(args.candidatos)
    print(f"Geração de {milhar(len(candidatos))} candidatos: {time.perf_counter() - t0:.2f} s (fora da medição)")
    print(f"Lote: {milhar(args.vagas)} vagas, {milhar(args.vagas_pcd)} PcD; {args.rodadas} rodadas por lei; "
          f"meta: quadro + convocação ≤ {META_SEGUNDOS:.1f} s\n")

    dentro_da_meta = True
    for slug, regras in LEIS.items():
        quadros, convocacoes, totais = [], [], []
        for _ in range(args.rodadas):
            tq, tc, quadro, convocados = medir(regras, candidatos, args.vagas, args.vagas_pcd)
            quadros.append(tq)
            convocacoes.append(tc)
            totais.append(tq + tc)
        melhor = min(totais)
        ok = melhor <= META_SEGUNDOS
        dentro_da_meta &= ok
        print(f"{slug}")
        print(f"      {resumo(quadro, convocados)}")
        print(f"  calcular_quadro   melhor {min(quadros):7.3f} s   mediana {statistics.median(quadros):7.3f} s")
        print(f"  convocar          melhor {min(convocacoes):7.3f} s   mediana {statistics.median(convocacoes):7.3f} s")
        print(f"  quadro+convocação melhor {melhor:7.3f} s   mediana {statistics.median(totais):7.3f} s   "
              f"{'DENTRO' if ok else 'FORA'} da meta ({META_SEGUNDOS:.1f} s)\n")
        if args.perfil:
            perfil = cProfile.Profile()
            perfil.enable()
            quadro = motor.calcular_quadro(regras, args.vagas, args.vagas_pcd)
            motor.convocar(regras, quadro, candidatos)
            perfil.disable()
            saida = io.StringIO()
            pstats.Stats(perfil, stream=saida).sort_stats("tottime").print_stats(15)
            print(saida.getvalue())

    print("Resultado: " + ("todas as leis dentro da meta." if dentro_da_meta else "há lei FORA da meta."))
    return 0


if __name__ == "__main__":
    sys.exit(main())

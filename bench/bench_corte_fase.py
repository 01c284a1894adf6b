"""Mede o corte de uma fase com 1.000.000 de inscrições em 500 cargos (issue 12, item 4; meta ≤ 30 s).

Duas medidas, com dados que o próprio benchmark monta (sorteio fixo): o corte puro em memória (legislacao/corte.py,
cargo a cargo, com as regras de Ibatiba/ES: 20% num grupo só, mínimo de 3 vagas) e, com `--banco`, o ato inteiro no
PostgreSQL (`aplicar_corte_da_fase`: a leitura dos resultados da fase com as inscrições, os documentos recusados, o
corte e a gravação de quem segue, numa transação), num banco próprio (`bench_corte_fase`, no servidor de DATABASE_URL
ou em 127.0.0.1:5432). A fase: os que seguem são o triplo das vagas de cada cargo, com nota mínima 40 e os empatados na
nota de corte.

Uso: python bench/bench_corte_fase.py [--inscricoes N] [--cargos C] [--banco]
"""

from __future__ import annotations

import argparse
import random
import time
from decimal import Decimal

from _comum import banco_postgres_proprio, copiar, milhar

META_SEGUNDOS = 30
BANCO = "bench_corte_fase"
NOTA_MINIMA = Decimal(40)
MULTIPLO = Decimal(3)


def _nota(sorteio: random.Random) -> Decimal:
    # Notas de 0 a 100 com uma casa decimal: muitos empates, como numa prova objetiva.
    return Decimal(sorteio.randint(0, 1000)).scaleb(-1)


def medir_em_memoria(inscricoes: int, cargos: int) -> None:
    from legislacao.corte import NaFase, RegraCorte, cortar
    from legislacao.motor import Grupo, Regras

    ibatiba = Regras(slug="ibatiba-es-2024", minimo_vagas=3, grupos=(
        Grupo("NPI", "Negros, pardos e indígenas", Decimal(20), frozenset({"preta", "parda", "indigena"})),))

    sorteio = random.Random(42)
    vagas = [sorteio.randint(1, 40) for _ in range(cargos)]
    por_cargo = inscricoes // cargos
    grupo = frozenset({"NPI"})
    inicio = time.perf_counter()
    candidatos = [[NaFase(f"{c:03d}{i:07d}", _nota(sorteio), sorteio.random() < 0.95,
                          grupo if sorteio.random() < 0.3 else frozenset(), sorteio.random() < 0.05, i)
                   for i in range(por_cargo)] for c in range(cargos)]
    print(f"Dados: {milhar(por_cargo * cargos)} candidatos em {cargos} cargos, montados em "
          f"{time.perf_counter() - inicio:.1f} s (fora da medição)")
    regra = RegraCorte(nota_minima=NOTA_MINIMA, multiplo_vagas=MULTIPLO, empatados_seguem=True)
    inicio = time.perf_counter()
    seguem = sum(len(cortar(ibatiba, regra, vagas[c], vagas[c] // 10, candidatos[c]).seguem) for c in range(cargos))
    decorrido = time.perf_counter() - inicio
    veredito = "DENTRO" if decorrido <= META_SEGUNDOS else "FORA"
    print(f"Corte puro em memória: {milhar(seguem)} seguem, em {decorrido:.2f} s — {veredito} da meta "
          f"({META_SEGUNDOS} s)")


def gravar_resultados(fase, sorteio: random.Random) -> None:
    from django.db import connection

    with connection.cursor() as django_cursor:
        cursor = django_cursor.cursor
        cursor.execute("SELECT id FROM concursos_inscricao WHERE certame_id = %s ORDER BY id", [fase.certame_id])
        ids = [linha[0] for linha in cursor.fetchall()]
        copiar(cursor, "concursos_resultadonafase", "fase_id, inscricao_id, nota, apto, lista",
               ((str(fase.pk), str(i), str(_nota(sorteio)), "t" if sorteio.random() < 0.95 else "f", "")
                for i in ids))
        cursor.execute("ANALYZE concursos_resultadonafase")


def medir_no_banco(inscricoes: int, cargos: int) -> None:
    banco_postgres_proprio(BANCO)
    from bench_chamada_inicial import gravar_certame

    from concursos.models import Fase, ResultadoNaFase
    from concursos.services.certame import certame_avancar, certame_publicar
    from concursos.services.fases import aplicar_corte_da_fase

    inicio = time.perf_counter()
    certame, usuario = gravar_certame(inscricoes, cargos, "Ibatiba")
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario)
    fase = Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva", nota_minima=NOTA_MINIMA,
                               seguem_multiplo_vagas=MULTIPLO, empatados_seguem=True)
    gravar_resultados(fase, random.Random(7))
    print(f"Lei: {certame.lei}; banco: {milhar(inscricoes)} inscrições e resultados da fase gravados em "
          f"{time.perf_counter() - inicio:.1f} s (fora da medição)")
    inicio = time.perf_counter()
    fase = aplicar_corte_da_fase(fase=fase, usuario=usuario, motivo="Benchmark do corte da fase.")
    decorrido = time.perf_counter() - inicio
    seguem = ResultadoNaFase.objects.filter(fase=fase, segue=True).count()
    veredito = "DENTRO" if decorrido <= META_SEGUNDOS else "FORA"
    print(f"Ato do corte no banco (leitura + corte + gravação): {milhar(seguem)} seguem, em {decorrido:.2f} s — "
          f"{veredito} da meta ({META_SEGUNDOS} s)")


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=1_000_000)
    argumentos.add_argument("--cargos", type=int, default=500)
    argumentos.add_argument("--banco", action="store_true", help="mede também o ato no PostgreSQL")
    opcoes = argumentos.parse_args()
    if opcoes.banco:
        medir_no_banco(opcoes.inscricoes, opcoes.cargos)
    medir_em_memoria(opcoes.inscricoes, opcoes.cargos)


if __name__ == "__main__":
    main()

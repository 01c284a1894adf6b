"""Mede a prévia de uma chamada (quem cada posição receberia, e por quê) num cargo de 100.000 inscrições e 500 vagas
(25 PcD), no PostgreSQL: o tempo do servidor para montar a prévia da convocação inicial (`previa_da_chamada`: leitura
das inscrições, motor, nomes e a porta da heteroidentificação), sem gravar nada. Lei de Afonso Cláudio/ES (com a
porta). Meta (issue 11): ≤ 500 ms (mediana de 7 execuções).

Uso: python bench/bench_previa.py [--inscricoes N] [--vagas V]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _comum import banco_postgres_proprio, milhar

META_MS = 500
BANCO = "bench_previa"


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=100_000)
    argumentos.add_argument("--vagas", type=int, default=500)
    opcoes = argumentos.parse_args()
    banco_postgres_proprio(BANCO)
    from bench_chamada_inicial import gravar_certame

    from concursos.models import Cargo
    from concursos.selectors.chamadas import previa_da_chamada
    from concursos.services.certame import certame_avancar, certame_publicar

    certame, usuario = gravar_certame(opcoes.inscricoes, 1)
    # Um cargo grande: 500 vagas, 25 PcD (a prévia mostra cada posição).
    Cargo.objects.filter(certame=certame).update(vagas=opcoes.vagas, vagas_pcd=opcoes.vagas // 20)
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario)
    tempos = []
    for _ in range(7):
        cargo = Cargo.objects.select_related("certame__lei").get(certame=certame)
        inicio = time.perf_counter()
        previa = previa_da_chamada(cargo)
        tempos.append((time.perf_counter() - inicio) * 1000)
    mediana = statistics.median(tempos)
    print(f"Prévia da convocação inicial: cargo com {milhar(opcoes.inscricoes)} inscrições e {cargo.vagas} vagas, "
          f"{len(previa.linhas)} posições; mediana {mediana:.0f} ms (mín. {min(tempos):.0f}, máx. {max(tempos):.0f}) — "
          f"{'DENTRO' if mediana <= META_MS else 'FORA'} da meta ({META_MS} ms)")


if __name__ == "__main__":
    main()

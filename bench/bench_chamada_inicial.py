"""Mede a convocação inicial de um certame com 1.000.000 de inscrições em 500 cargos, no PostgreSQL.

Cria um banco próprio (`bench_chamada`, no servidor de DATABASE_URL ou em 127.0.0.1:5432), aplica as
migrações, grava o certame com COPY, publica-o pelo serviço (que congela as regras) e mede
`chamada_inicial_certame`: leitura das inscrições, motor, a porta da heteroidentificação e a gravação das
convocações, numa transação. Por padrão a lei é a de Afonso Cláudio/ES (20%, exige a heteroidentificação: a porta
confere cada cotista que iria a vaga reservada; os cotistas vêm confirmados, para que a chamada aconteça);
`--lei vargem-alta` mede a de Vargem Alta (17% + 3%, sem a porta). Meta (issue 11): ≤ 30 s com a porta.

Uso: python bench/bench_chamada_inicial.py [--inscricoes N] [--cargos C] [--lei afonso-claudio|vargem-alta]
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from _comum import banco_postgres_proprio, copiar, milhar, prazos_do_edital

META_SEGUNDOS = 30
BANCO = "bench_chamada"


MUNICIPIOS = {"afonso-claudio": "Afonso Cláudio", "vargem-alta": "Vargem Alta"}


def gravar_certame(inscricoes: int, cargos: int, municipio: str = "Afonso Cláudio"):
    from django.contrib.auth import get_user_model
    from django.db import connection

    from concursos.busca import nome_para_busca
    from concursos.models import Cargo, Certame
    from nucleo.models import Municipio, Orgao

    sorteio = random.Random(42)
    orgao = Orgao.objects.create(nome=f"Prefeitura Municipal de {municipio}",
                                 municipio=Municipio.objects.pelo_nome(municipio, "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="001/2025", titulo="Concurso de benchmark",
                                     data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
    Cargo.objects.bulk_create([
        Cargo(certame=certame, codigo=f"C{i:03d}", nome=f"Cargo {i}", vagas=sorteio.randint(1, 40),
              vagas_pcd=0) for i in range(cargos)])
    ids_cargos = list(certame.cargos.order_by("codigo").values_list("pk", flat=True))
    cores = ["branca"] * 44 + ["preta"] * 10 + ["parda"] * 36 + ["amarela"] * 5 + ["indigena"] * 5
    with connection.cursor() as django_cursor:
        cursor = django_cursor.cursor
        copiar(cursor, "concursos_candidato",
               "orgao_id, nome, nome_social, nome_busca, cpf, genero, cor_raca, quilombola, pcd, email, telefone",
               ((str(orgao.pk), f"Candidato {i}", "", nome_para_busca(f"Candidato {i}", ""), f"{i:011d}",
                 "nao_informado", "branca", "f", "f", "", "") for i in range(1, inscricoes + 1)))
        cursor.execute("SELECT min(id) FROM concursos_candidato")
        primeiro = cursor.fetchone()[0]
        por_cargo = inscricoes // len(ids_cargos)

        def linhas():
            for i in range(inscricoes):
                cargo = ids_cargos[min(i // por_cargo, len(ids_cargos) - 1)]
                classificacao = i % por_cargo + 1 if i < por_cargo * len(ids_cargos) else por_cargo + i % por_cargo + 1
                cor = sorteio.choice(cores)
                reserva = "t" if cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6 else "f"
                situacao = "habilitado" if sorteio.random() < 0.95 else "eliminado"
                # Cotistas com a autodeclaração já confirmada pela comissão (a porta confere cada um).
                hetero = "confirmado" if reserva == "t" else "nao_se_aplica"
                yield (str(certame.pk), str(cargo), str(primeiro + i), f"{i + 1:08d}", reserva, cor, "f",
                       "t" if sorteio.random() < 0.05 else "f", str(classificacao), situacao, hetero)

        copiar(cursor, "concursos_inscricao",
               "certame_id, cargo_id, candidato_id, numero, reserva, cor_raca, quilombola, pcd, classificacao, "
               "situacao, heteroidentificacao", linhas())
        cursor.execute("ANALYZE")
    usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
    return certame, usuario


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=1_000_000)
    argumentos.add_argument("--cargos", type=int, default=500)
    argumentos.add_argument("--lei", choices=sorted(MUNICIPIOS), default="afonso-claudio")
    opcoes = argumentos.parse_args()
    banco_postgres_proprio(BANCO)
    from concursos.models import Convocacao
    from concursos.services.certame import certame_avancar, certame_publicar
    from concursos.services.chamadas import chamada_inicial_certame

    inicio = time.perf_counter()
    certame, usuario = gravar_certame(opcoes.inscricoes, opcoes.cargos, MUNICIPIOS[opcoes.lei])
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario)
    porta = "sim" if certame.lei.exige_heteroidentificacao else "não"
    print(f"Lei: {certame.lei} (porta da heteroidentificação: {porta})")
    print(f"Dados: {milhar(opcoes.inscricoes)} inscrições em {opcoes.cargos} cargos, gravados em "
          f"{time.perf_counter() - inicio:.1f} s (fora da medição)")
    inicio = time.perf_counter()
    chamadas = chamada_inicial_certame(certame=certame, data=date(2025, 9, 1), ato="Edital de convocação 1",
                                       usuario=usuario)
    decorrido = time.perf_counter() - inicio
    convocacoes = Convocacao.objects.filter(cargo__certame=certame).count()
    veredito = "DENTRO" if decorrido <= META_SEGUNDOS else "FORA"
    print(f"Convocação inicial: {len(chamadas)} chamadas, {milhar(convocacoes)} convocações em {decorrido:.2f} s — "
          f"{veredito} da meta ({META_SEGUNDOS} s)")


if __name__ == "__main__":
    main()

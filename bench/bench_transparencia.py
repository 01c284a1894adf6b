"""Mede a página pública de transparência de um órgão e os seus dados abertos (CSV, JSON), fria (cache vazio) e com
cache. Metas (issue 13): ≤ 1 s fria e ≤ 100 ms com cache, no cenário de 50 órgãos × 10 anos × 1.000.000 inscrições.

Grava O ÓRGÃOS, cada um com um certame de Vargem Alta/ES (17% negros + 3% indígenas) por ano em A anos, e N inscrições
ao todo, divididas entre os certames, em 5 cargos cada. O primeiro certame é publicado pelos serviços (congela a lei);
os outros copiam as regras congeladas dele e vão direto ao banco (bulk_create), com as convocações das vagas: a cada
5 posições uma de negros (às vezes revertida à ampla, às vezes com desistência), cotistas na ampla, não confirmados e
ausentes na heteroidentificação — o que as consultas agregadas dos indicadores leem. Semente fixa.

Mede pelo cliente de teste do Django (middleware, template, cache): para cada endereço, a primeira requisição com o
cache vazio (fria; a mediana de R órgãos diferentes) e a mediana de R requisições com cache.

Padrão pequeno, para rodar rápido (SQLite numa pasta temporária): 5 órgãos × 4 anos × 40.000 inscrições. O cenário
da issue, de preferência no PostgreSQL:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench python bench/bench_transparencia.py \\
        --orgaos 50 --anos 10 --inscricoes 1000000

Uso: python bench/bench_transparencia.py [--orgaos O] [--anos A] [--inscricoes N] [--rodadas R]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from datetime import date

from _comum import banco_temporario, cpf_valido, milhar, prazos_do_edital

META_FRIA_MS = 1000
META_CACHE_MS = 100
CARGOS = 5
ULTIMO_ANO = 2025  # os anos dos editais terminam aqui
LOTE = 10_000
CORES = ["branca"] * 40 + ["parda"] * 46 + ["preta"] * 11 + ["indigena"] * 2 + ["amarela"] * 1


def gravar_dados(orgaos: int, anos: int, inscricoes: int) -> None:
    from django.contrib.auth import get_user_model

    from concursos.models import Candidato, Cargo, Certame, Chamada, Convocacao, Inscricao
    from concursos.services.certame import certame_publicar
    from nucleo.models import Municipio, Orgao

    sorteio = random.Random(20251203)
    usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
    municipio = Municipio.objects.pelo_nome("Vargem Alta", "ES")
    todos = Orgao.objects.bulk_create(Orgao(nome=f"Secretaria {i:02d} de Vargem Alta", municipio=municipio)
                                      for i in range(1, orgaos + 1))
    # O primeiro certame, publicado pelos serviços, é o do último ano: a lei de Vargem Alta é de 19/05/2023 (art. 6º:
    # não alcança editais anteriores). Os outros copiam as regras congeladas, também os dos anos de antes (é um
    # benchmark: só contam os números).
    modelo = Certame.objects.create(orgao=todos[0], numero_edital=f"001/{ULTIMO_ANO}",
                                    titulo="Concurso público", data_edital=date(ULTIMO_ANO, 3, 1),
                                    **prazos_do_edital(date(ULTIMO_ANO, 3, 1)))
    Cargo.objects.create(certame=modelo, codigo="C1", nome="Cargo 1", vagas=20)
    modelo = certame_publicar(certame=modelo, usuario=usuario)
    por_certame = max(CARGOS * 40, inscricoes // (orgaos * anos))
    outros = Certame.objects.bulk_create(
        Certame(orgao=orgao, municipio=municipio, numero_edital=f"001/{ano}", titulo="Concurso público",
                estado="resultado",
                data_edital=date(ano, 3, 1), regras=modelo.regras, lei_id=modelo.lei_id,
                **prazos_do_edital(date(ano, 3, 1)))
        for o, orgao in enumerate(todos) for ano in range(ULTIMO_ANO - anos + 1, ULTIMO_ANO + 1)
        if (o, ano) != (0, ULTIMO_ANO))
    certames = [modelo, *outros]
    Certame.objects.filter(pk=modelo.pk).update(estado="resultado")
    Cargo.objects.filter(certame=modelo).delete()
    cargos = Cargo.objects.bulk_create(
        Cargo(certame=certame, codigo=f"C{c}", nome=f"Cargo {c}", vagas=sorteio.choice([2, 5, 10, 20, 40]))
        for certame in certames for c in range(1, CARGOS + 1))
    chamadas = Chamada.objects.bulk_create(Chamada(cargo=cargo, numero=1, tipo="inicial", data=date(2024, 9, 2),
                                                   ato="Edital de convocação nº 1") for cargo in cargos)
    por_cargo = por_certame // CARGOS
    candidatos = Candidato.objects.bulk_create(
        (Candidato(orgao_id=cargo.certame.orgao_id, nome=f"Pessoa {c}-{i}",
                   cpf=cpf_valido(300_000_000 + c * 100_000 + i))
         for c, cargo in enumerate(cargos) for i in range(por_cargo)), batch_size=LOTE)
    inscritas, convocacoes = [], []
    for c, cargo in enumerate(cargos):
        for i in range(por_cargo):
            cor = sorteio.choice(CORES)
            reserva = cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6
            hetero = ("nao_confirmado" if sorteio.random() < 0.05 else "ausente" if sorteio.random() < 0.03
                      else "confirmado") if reserva else "nao_se_aplica"
            inscritas.append(Inscricao(certame_id=cargo.certame_id, cargo=cargo,
                                       candidato=candidatos[c * por_cargo + i], numero=f"{c:05d}{i:06d}",
                                       reserva=reserva, cor_raca=cor, classificacao=i + 1,
                                       nota_final=f"{100 - i * 90 / por_cargo:.3f}", heteroidentificacao=hetero))
    Inscricao.objects.bulk_create(inscritas, batch_size=LOTE)
    for c, (cargo, chamada) in enumerate(zip(cargos, chamadas, strict=True)):
        for posicao in range(1, cargo.vagas + 1):
            inscricao = inscritas[c * por_cargo + posicao - 1]
            vaga = "NEG" if posicao % 5 == 3 else "AC"
            lista = "AC" if vaga == "NEG" and sorteio.random() < 0.15 else vaga
            desistiu = sorteio.random() < 0.04
            convocacoes.append(Convocacao(
                chamada=chamada, cargo=cargo, posicao=posicao, vaga=vaga, lista=lista, inscricao=inscricao,
                desistiu_em=date(2024, 10, 1) if desistiu else None, causa_vacancia="desistencia" if desistiu else ""))
    Convocacao.objects.bulk_create(convocacoes, batch_size=LOTE)
    print(f"Dados: {milhar(orgaos)} órgãos × {anos} anos = {milhar(len(certames))} certames, "
          f"{milhar(len(cargos))} cargos, {milhar(len(inscritas))} inscrições, {milhar(len(convocacoes))} convocações")


def medir(cliente, enderecos: list[str], rodadas: int) -> tuple[float, float, int]:
    """A mediana da primeira requisição de cada endereço com o cache vazio (fria) e a mediana de `rodadas`
    requisições com cache (ms), e o status da última."""
    from django.core.cache import cache

    frias, quentes, status = [], [], 200
    for endereco in enderecos:
        cache.clear()
        inicio = time.perf_counter()
        resposta = cliente.get(endereco)
        frias.append((time.perf_counter() - inicio) * 1000)
        status = resposta.status_code if resposta.status_code != 200 else status
        for _ in range(rodadas):
            inicio = time.perf_counter()
            cliente.get(endereco)
            quentes.append((time.perf_counter() - inicio) * 1000)
    return statistics.median(frias), statistics.median(quentes), status


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--orgaos", type=int, default=5)
    argumentos.add_argument("--anos", type=int, default=4)
    argumentos.add_argument("--inscricoes", type=int, default=40_000)
    argumentos.add_argument("--rodadas", type=int, default=5)
    opcoes = argumentos.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    with banco_temporario():
        from django.db import connection
        from django.test import Client

        from nucleo.models import Orgao

        inicio = time.perf_counter()
        gravar_dados(opcoes.orgaos, opcoes.anos, opcoes.inscricoes)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        print(f"gravados em {time.perf_counter() - inicio:.1f} s (fora da medição)")
        cliente = Client()
        cliente.get("/transparencia/")  # aquecimento: templates, módulos
        ids = list(Orgao.objects.order_by("pk").values_list("pk", flat=True))[:max(1, opcoes.rodadas)]
        cenarios = [
            ("página do órgão, todos os anos", "/transparencia/{}/"),
            (f"página do órgão, {ULTIMO_ANO}", f"/transparencia/{{}}/?ano={ULTIMO_ANO}"),
            ("dados abertos em CSV", "/transparencia/{}/dados.csv"),
            ("dados abertos em JSON", "/transparencia/{}/dados.json"),
        ]
        print(f"\n{'cenário':<34} {'fria':>10} {'com cache':>11}  meta (fria ≤ {META_FRIA_MS} ms, "
              f"com cache ≤ {META_CACHE_MS} ms)")
        dentro = True
        for nome, modelo in cenarios:
            fria, quente, status = medir(cliente, [modelo.format(pk) for pk in ids], opcoes.rodadas)
            ok = status == 200 and fria <= META_FRIA_MS and quente <= META_CACHE_MS
            dentro &= ok
            print(f"{nome:<34} {fria:>7.0f} ms {quente:>8.1f} ms  {'ok' if ok else 'FORA'}"
                  + ("" if status == 200 else f"  HTTP {status}"))
        print(f"\n{'DENTRO' if dentro else 'FORA'} da meta (mediana de {len(ids)} órgãos; com cache, de "
              f"{len(ids) * opcoes.rodadas} requisições).")


if __name__ == "__main__":
    main()

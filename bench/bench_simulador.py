"""Mede o tempo de servidor da página do simulador (admin) para N = 1.000 vagas, em cada uma das cinco leis.

Monta um banco próprio (SQLite temporário, ou o de DATABASE_URL), aplica as migrações (que carregam as
leis), entra como superusuário e envia o formulário pelo cliente de testes do Django, que percorre toda
a pilha do servidor (middlewares, admin, formulário, motor, templates) sem rede. Mede também a
simulação com um CSV de 5.000 candidatos. Meta: mediana ≤ 300 ms.

Uso: python bench/bench_simulador.py [--vagas N] [--rodadas R]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))
META_MS = 300
LEIS = ("vargem-alta-es-2023", "iuna-es", "ibatiba-es-2024", "ubatuba-sp-lei-3765-2014",
        "afonso-claudio-es-lei-2552-2023")


def preparar_django(pasta: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "1"
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{pasta}/bench.sqlite3")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def csv_candidatos(quantidade: int) -> bytes:
    sorteio = random.Random(7)
    cores = ["branca"] * 44 + ["preta"] * 10 + ["parda"] * 36 + ["amarela"] * 5 + ["indigena"] * 5
    linhas = ["inscricao,classificacao,cor_raca,quilombola,pcd,reserva,situacao"]
    for i in range(1, quantidade + 1):
        linhas.append(f"{100000 + i},{i},{sorteio.choice(cores)},{'sim' if sorteio.random() < 0.02 else 'nao'},"
                      f"{'sim' if sorteio.random() < 0.08 else 'nao'},{'sim' if sorteio.random() < 0.6 else 'nao'},"
                      f"{'habilitado' if sorteio.random() < 0.95 else 'eliminado'}")
    return "\n".join(linhas).encode()


def medir(cliente, url: str, dados: dict, rodadas: int, arquivo: bytes | None = None) -> tuple[list[float], int]:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tempos, consultas = [], 0
    for _ in range(rodadas + 1):
        envio = dict(dados)
        if arquivo is not None:
            envio["candidatos"] = SimpleUploadedFile("candidatos.csv", arquivo, content_type="text/csv")
        with CaptureQueriesContext(connection) as capturadas:
            inicio = time.perf_counter()
            resposta = cliente.post(url, envio)
            tempos.append((time.perf_counter() - inicio) * 1000)
        if resposta.status_code != 200 or b"faixa" not in resposta.content:
            raise SystemExit(f"Resposta inesperada ({resposta.status_code}) para {dados}")
        consultas = len(capturadas)
    return tempos[1:], consultas


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--vagas", type=int, default=1000)
    argumentos.add_argument("--rodadas", type=int, default=15)
    opcoes = argumentos.parse_args()
    with tempfile.TemporaryDirectory() as pasta:
        preparar_django(pasta)
        from _comum import entrar_no_admin
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.test.utils import setup_test_environment
        from django.urls import reverse

        setup_test_environment()
        usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
        cliente = Client()
        entrar_no_admin(cliente, usuario)
        url = reverse("admin:legislacao_simulador")
        print(f"Simulador do admin, N = {opcoes.vagas} vagas, {opcoes.rodadas} rodadas por caso "
              f"(banco: {os.environ['DATABASE_URL'].split(':', 1)[0]})")
        piores = []
        for slug in LEIS:
            tempos, consultas = medir(cliente, url, {"lei": slug, "vagas": opcoes.vagas, "vagas_pcd": 50},
                                      opcoes.rodadas)
            piores.append(statistics.median(tempos))
            print(f"  {slug:34} mediana {statistics.median(tempos):6.1f} ms  p90 "
                  f"{sorted(tempos)[int(len(tempos) * 0.9) - 1]:6.1f} ms  {consultas} consultas")
        arquivo = csv_candidatos(5000)
        tempos, consultas = medir(cliente, url, {"lei": LEIS[0], "vagas": opcoes.vagas, "vagas_pcd": 50},
                                  opcoes.rodadas, arquivo)
        print(f"  {LEIS[0]} + CSV de 5.000 candidatos: mediana {statistics.median(tempos):6.1f} ms  "
              f"{consultas} consultas")
        pior = max(piores)
        veredito = "DENTRO" if pior <= META_MS else "FORA"
        print(f"Pior mediana sem CSV: {pior:.1f} ms — {veredito} da meta ({META_MS} ms)")


if __name__ == "__main__":
    main()

"""Mede a importação de inscrições pelo comando `importar_inscricoes`, de ponta a ponta, no PostgreSQL.

Cria um banco próprio (`bench_importacao`, apagado no fim) no servidor de DATABASE_URL (ou em
postgres://postgres@127.0.0.1:5432/postgres), aplica as migrações, cria um certame com 500 cargos por
tamanho medido, gera um CSV de N linhas com CPFs válidos (a geração não entra na conta) e roda o
comando num subprocesso: o tempo é o do processo inteiro (início do Django, leitura, validação,
gravação e commit) e a memória é o pico (ru_maxrss) desse processo.

Metas (issue 3): 100.000 linhas a ≥ 20.000 linhas/s; 1.000.000 de linhas em ≤ 90 s com pico ≤ 1 GB.
Mede também a reimportação de resultados (arquivo só com inscricao, nota_final, classificacao, situacao).

Com --documentos, o edital é de Iúna (publicado) e o arquivo traz as colunas do documento apresentado para a reserva
(Iúna art. 2º, II): cada indígena cotista com a declaração de pertencimento, conferida pela banca (aceita ou, uma em
cada dez, recusada com o motivo).

Uso: python bench/bench_importacao.py [--linhas 100000 1000000] [--cargos 500] [--perfil] [--banco NOME]
[--documentos]
(--banco: outro nome para o banco próprio, para não apagar o de outra medição rodando no mesmo servidor)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from _comum import RAIZ, cpf_valido, milhar, nome_de_banco, prazos_do_edital

BANCO = "bench_importacao"
METAS = {100_000: ("linhas/s", 20_000), 1_000_000: ("segundos", 90)}
META_MEMORIA_MB = 1024
CORES = ["branca"] * 44 + ["preta"] * 10 + ["parda"] * 36 + ["amarela"] * 5 + ["indigena"] * 5
CABECALHO = ("inscricao,cargo,nome,nome_social,cpf,data_nascimento,genero,email,telefone,cor_raca,quilombola,pcd,"
             "reserva,autodeclaracao_em,nota_final,classificacao,situacao")
DOCUMENTOS = ",documento,documento_conferencia,documento_motivo"


def _documento(sorteio: random.Random, cor: str, reserva: str) -> str:
    if cor != "indigena" or reserva != "sim":
        return ",,,"
    return ",DECL,recusado,Declaração sem a assinatura da liderança" if sorteio.random() < 0.1 else ",DECL,aceito,"


def gerar_csv(caminho: Path, linhas: int, cargos: int, primeiro_cpf: int, documentos: bool = False) -> None:
    sorteio = random.Random(linhas)
    por_cargo = [0] * cargos
    with open(caminho, "w", encoding="utf-8", newline="") as saida:
        saida.write(CABECALHO + (DOCUMENTOS if documentos else "") + "\n")
        bloco = []
        for i in range(linhas):
            c = i % cargos
            por_cargo[c] += 1
            cor = sorteio.choice(CORES)
            reserva = "sim" if cor in ("preta", "parda", "indigena") and sorteio.random() < 0.7 else "nao"
            bloco.append(
                f"{i + 1:08d},C{c:03d},Candidata Número {i + 1},,{cpf_valido(primeiro_cpf + i)},"
                f"{sorteio.randint(1, 28):02d}/{sorteio.randint(1, 12):02d}/{sorteio.randint(1960, 2004)},feminino,"
                f"pessoa{i + 1}@exemplo.org,(27) 99999-{i % 10000:04d},{cor},"
                f"{'sim' if sorteio.random() < 0.02 else 'nao'},{'sim' if sorteio.random() < 0.08 else 'nao'},"
                f"{reserva},15/03/2024,{sorteio.randint(0, 100000) / 1000:.3f},{por_cargo[c]},"
                f"{'habilitado' if sorteio.random() < 0.95 else 'eliminado'}"
                f"{_documento(sorteio, cor, reserva) if documentos else ''}\n")
            if len(bloco) >= 50_000:
                saida.writelines(bloco)
                bloco.clear()
        saida.writelines(bloco)


def gerar_resultados(caminho: Path, linhas: int, cargos: int) -> None:
    """Resultados invertidos dentro de cada cargo: toda classificação muda (o pior caso das trocas)."""
    por_cargo = [0] * cargos
    for i in range(linhas):
        por_cargo[i % cargos] += 1
    vistos = [0] * cargos
    with open(caminho, "w", encoding="utf-8", newline="") as saida:
        saida.write("inscricao;nota_final;classificacao;situacao\n")
        for i in range(linhas):
            c = i % cargos
            vistos[c] += 1
            saida.write(f"{i + 1:08d};{(i % 1000) / 10:.1f}".replace(".", ",")
                        + f";{por_cargo[c] - vistos[c] + 1};habilitado\n")


def url_do_banco(base: str, nome: str) -> str:
    partes = urlsplit(base)
    return urlunsplit((partes.scheme, partes.netloc, f"/{nome}", partes.query, partes.fragment))


def recriar_banco(base: str, banco: str, apagar_so: bool = False) -> None:
    import psycopg

    with psycopg.connect(url_do_banco(base, "postgres"), autocommit=True) as conexao:
        conexao.execute(f"DROP DATABASE IF EXISTS {banco} WITH (FORCE)")
        if not apagar_so:
            conexao.execute(f"CREATE DATABASE {banco}")


def medir_comando(args: list[str], ambiente: dict) -> tuple[float, float, str]:
    """Tempo de parede e ru_maxrss (MB) do processo do comando, lido com os.wait4 só desse filho."""
    inicio = time.perf_counter()
    processo = subprocess.Popen(args, env=ambiente, cwd=RAIZ, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Lê as saídas antes de esperar (o comando escreve pouco; os canais não enchem).
    saida = processo.stdout.read().decode()
    erro = processo.stderr.read().decode()
    _, status, uso = os.wait4(processo.pid, 0)
    segundos = time.perf_counter() - inicio
    processo.returncode = os.waitstatus_to_exitcode(status)
    if processo.returncode != 0:
        raise SystemExit(f"Falhou ({processo.returncode}): {' '.join(args)}\n{saida}\n{erro[-3000:]}")
    return segundos, uso.ru_maxrss / 1024, saida


def preparar_certames(tamanhos: list[int], cargos: int, documentos: bool = False) -> dict[int, int]:
    from datetime import date

    from concursos.models import Cargo, Certame
    from concursos.services.certame import certame_publicar
    from legislacao.models import Lei
    from nucleo.models import Municipio, Orgao

    # Com os documentos, um edital de Iúna publicado (a lei exige documento dos indígenas e a coluna só vale com a
    # lei congelada); a data de publicação da lei, que o texto não traz, informada aqui.
    cidade = "Iúna" if documentos else "Vargem Alta"
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    orgao = Orgao.objects.create(nome=f"Prefeitura Municipal de {cidade}",
                                 municipio=Municipio.objects.pelo_nome(cidade, "ES"))
    ids = {}
    for n in tamanhos:
        certame = Certame.objects.create(orgao=orgao, numero_edital=f"{n}/2025", titulo=f"Benchmark {n}",
                                         data_edital=date(2025, 3, 1), **prazos_do_edital(date(2025, 3, 1)))
        Cargo.objects.bulk_create([Cargo(certame=certame, codigo=f"C{c:03d}", nome=f"Cargo {c}", vagas=10,
                                         vagas_pcd=1) for c in range(cargos)])
        if documentos:
            certame_publicar(certame=certame, usuario=None)
        ids[n] = certame.pk
    return ids


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--linhas", type=int, nargs="+", default=[100_000, 1_000_000])
    argumentos.add_argument("--cargos", type=int, default=500)
    argumentos.add_argument("--perfil", action="store_true", help="roda a menor importação no próprio processo, "
                                                                  "sob cProfile, e mostra as funções mais custosas")
    argumentos.add_argument("--banco", default=BANCO, type=nome_de_banco,
                            help=f"nome do banco próprio (padrão {BANCO}); é apagado no começo e no fim")
    argumentos.add_argument("--documentos", action="store_true",
                            help="edital de Iúna, com as colunas do documento para a reserva (art. 2º, II)")
    opcoes = argumentos.parse_args()
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith(("postgres://", "postgresql://")):
        base = "postgres://postgres@127.0.0.1:5432/postgres"
    url = url_do_banco(base, opcoes.banco)
    ambiente = {**os.environ, "DATABASE_URL": url, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    os.environ.update(DATABASE_URL=url, DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings")
    python = sys.executable
    manage = str(RAIZ / "manage.py")

    print(f"Benchmark da importação — PostgreSQL, banco {opcoes.banco}; {opcoes.cargos} cargos por certame"
          + ("; edital de Iúna, com as colunas do documento para a reserva" if opcoes.documentos else ""))
    recriar_banco(base, opcoes.banco)
    dentro = True
    try:
        subprocess.run([python, manage, "migrate", "--noinput", "-v", "0"], env=ambiente, cwd=RAIZ, check=True)
        import django

        django.setup()
        from django.db import connections

        certames = preparar_certames(sorted(opcoes.linhas), opcoes.cargos, opcoes.documentos)
        connections.close_all()
        primeiro_cpf = 100_000_000
        with tempfile.TemporaryDirectory() as pasta:
            for n in sorted(opcoes.linhas):
                arquivo = Path(pasta) / f"inscricoes_{n}.csv"
                inicio = time.perf_counter()
                gerar_csv(arquivo, n, opcoes.cargos, primeiro_cpf, opcoes.documentos)
                primeiro_cpf += n
                print(f"\n{milhar(n)} linhas: CSV de {arquivo.stat().st_size / 2**20:.0f} MiB gerado em "
                      f"{time.perf_counter() - inicio:.1f} s (fora da medição)")
                if opcoes.perfil and n == min(opcoes.linhas):
                    perfilar(certames[n], arquivo)
                    continue
                segundos, memoria, saida = medir_comando(
                    [python, manage, "importar_inscricoes", str(certames[n]), str(arquivo)], ambiente)
                taxa = n / segundos
                print("  " + saida.strip().replace("\n", "\n  "))
                print(f"  De ponta a ponta: {segundos:.1f} s, {milhar(taxa)} linhas/s, pico de memória "
                      f"{memoria:.0f} MB")
                unidade, meta = METAS.get(n, ("linhas/s", 20_000))
                ok = (taxa >= meta if unidade == "linhas/s" else segundos <= meta) and memoria <= META_MEMORIA_MB
                dentro &= ok
                alvo = f"≥ {milhar(meta)} linhas/s" if unidade == "linhas/s" else f"≤ {meta} s"
                print(f"  Meta: {alvo} e ≤ {META_MEMORIA_MB} MB — {'DENTRO' if ok else 'FORA'} da meta")
                resultados = Path(pasta) / f"resultados_{n}.csv"
                gerar_resultados(resultados, n, opcoes.cargos)
                segundos, memoria, saida = medir_comando(
                    [python, manage, "importar_inscricoes", str(certames[n]), str(resultados)], ambiente)
                print(f"  Reimportação de resultados (toda classificação muda): {segundos:.1f} s, "
                      f"{milhar(n / segundos)} linhas/s, pico {memoria:.0f} MB")
                arquivo.unlink()
                resultados.unlink()
    finally:
        from django.db import connections

        connections.close_all()
        recriar_banco(base, opcoes.banco, apagar_so=True)
    print("\nResultado: " + ("dentro das metas." if dentro else "FORA de alguma meta."))
    return 0 if dentro else 1


def _cpu_do_processo(pid: int) -> float:
    """Tempo de CPU (usuário + sistema) de um processo local, em segundos (Linux, /proc)."""
    try:
        campos = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(campos[11]) + int(campos[12])) / os.sysconf("SC_CLK_TCK")


def perfilar(certame_id: int, arquivo: Path) -> None:
    from django.db import connection

    from concursos.importacao.servico import importar
    from concursos.models import Certame

    lentos = []

    def cronometrar(executar, sql, params, many, contexto):
        inicio = time.perf_counter()
        try:
            return executar(sql, params, many, contexto)
        finally:
            lentos.append((time.perf_counter() - inicio, " ".join(sql.split())[:160]))

    perfil = cProfile.Profile()
    certame = Certame.objects.get(pk=certame_id)
    with connection.cursor() as cursor:
        if os.environ.get("BENCH_EXPLAIN"):
            # Planos dos comandos lentos no log do servidor PostgreSQL (auto_explain).
            cursor.execute("LOAD 'auto_explain'")
            cursor.execute("SET auto_explain.log_min_duration = 300")
            cursor.execute("SET auto_explain.log_analyze = on")
        cursor.execute("SELECT pg_backend_pid(), pg_current_wal_lsn()")
        pid, lsn = cursor.fetchone()
    cpu_banco = _cpu_do_processo(pid)
    inicio = time.perf_counter()
    with connection.execute_wrapper(cronometrar):
        perfil.enable()
        resultado = importar(certame=certame, arquivo=arquivo, nome=arquivo.name)
        perfil.disable()
    parede = time.perf_counter() - inicio
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), %s)", [lsn])
        wal = cursor.fetchone()[0]
    print(f"  Parede {parede:.1f} s; CPU do processo do PostgreSQL {_cpu_do_processo(pid) - cpu_banco:.1f} s; "
          f"WAL gerado {float(wal) / 2**20:.0f} MiB")
    agrupados: dict[str, list[float]] = {}
    for segundos, sql in lentos:
        agrupados.setdefault(sql[:90], []).append(segundos)
    print(f"  Comandos SQL (total {sum(s for s, _ in lentos):.1f} s; o resto é COPY, commit e Python):")
    for sql, tempos in sorted(agrupados.items(), key=lambda kv: -sum(kv[1]))[:15]:
        print(f"  {sum(tempos):7.2f} s  {len(tempos):3d}×  {sql}")
    print(f"  {resultado.resumo()} ({resultado.segundos:.1f} s)")
    saida = io.StringIO()
    pstats.Stats(perfil, stream=saida).sort_stats("tottime").print_stats(20)
    print(saida.getvalue())


if __name__ == "__main__":
    sys.exit(main())

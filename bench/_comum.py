"""Peças comuns aos benchmarks de bench/: o banco próprio, o tempo de emissão dos PDFs e das páginas do admin.

Cada benchmark roda sozinho (`python bench/bench_x.py`): o Python põe a pasta bench/ no sys.path, e este módulo
põe a raiz do repositório, de onde vêm o projeto Django e as apps.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
if str(RAIZ) not in sys.path:
    sys.path.insert(0, str(RAIZ))


def milhar(n: float) -> str:
    """O número arredondado, com ponto nos milhares («1.000.000»)."""
    return f"{round(n):,}".replace(",", ".")


def prazos_do_edital(data_edital):
    """Os prazos que a publicação e as etapas exigem: inscrições do 7º ao 37º dia depois do edital, validade de
    2 anos (Constituição Federal, art. 37, III)."""
    return {"inscricoes_inicio": data_edital + timedelta(days=7), "inscricoes_fim": data_edital + timedelta(days=37),
            "validade_meses": 24}


def cpf_valido(n: int) -> str:
    """Um CPF com dígitos verificadores válidos, a partir dos nove últimos dígitos de `n`."""
    digitos = [int(d) for d in f"{n % 10**9:09d}"]
    for tamanho in (9, 10):
        resto = sum(d * (tamanho + 1 - i) for i, d in enumerate(digitos[:tamanho])) % 11
        digitos.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, digitos))


def nome_de_banco(nome: str) -> str:
    """O nome de um banco próprio do benchmark (vai cru no DROP/CREATE DATABASE): letras minúsculas, algarismos e _."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", nome):
        raise argparse.ArgumentTypeError(f"nome de banco inválido: {nome!r} (letras minúsculas, algarismos e _)")
    return nome


def banco_postgres_proprio(nome: str, *, manter: bool = False, cliente_de_teste: bool = False) -> bool:
    """Cria o banco `nome` no servidor PostgreSQL de DATABASE_URL (ou em 127.0.0.1:5432), configura o Django para
    ele e aplica as migrações; devolve se é preciso gravar os dados.

    Com `manter`, reaproveita o banco já gravado por uma execução anterior, se existir; sem, apaga-o e o recria.
    Com `cliente_de_teste`, aceita o host do cliente de teste do Django («testserver»). A URL do banco criado
    fica em os.environ["DATABASE_URL"].
    """
    import psycopg

    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
    if not base.startswith("postgres"):
        raise SystemExit("Este benchmark é do PostgreSQL: DATABASE_URL deve apontar para um servidor PostgreSQL.")
    servidor = base.rsplit("/", 1)[0]
    with psycopg.connect(base.replace("postgres://", "postgresql://"), autocommit=True) as conexao:
        existe = conexao.execute("SELECT 1 FROM pg_database WHERE datname = %s", [nome]).fetchone()
        gravar = not (manter and existe)
        if gravar:
            conexao.execute(f"DROP DATABASE IF EXISTS {nome}")
            conexao.execute(f"CREATE DATABASE {nome}")
    os.environ["DATABASE_URL"] = f"{servidor}/{nome}"
    os.environ["DEBUG"] = "1"
    if cliente_de_teste:
        os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1,localhost"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    return gravar


def copiar(cursor, tabela: str, colunas: str, linhas) -> None:
    """Grava as `linhas` (tuplas de textos) na `tabela` com COPY do psycopg, em blocos de 50.000."""
    with cursor.copy(f"COPY {tabela} ({colunas}) FROM STDIN") as copia:
        buffer = io.StringIO()
        for i, linha in enumerate(linhas, 1):
            buffer.write("\t".join(linha) + "\n")
            if i % 50_000 == 0:
                copia.write(buffer.getvalue())
                buffer = io.StringIO()
        copia.write(buffer.getvalue())


@contextmanager
def banco_temporario() -> Iterator[str]:
    """Configura o Django com um banco só do benchmark e devolve uma pasta temporária (para o MEDIA_ROOT).

    Com DATABASE_URL (p. ex. PostgreSQL), cria e migra um banco de testes ao lado («test_<nome>»), apagado ao
    fim, para não deixar tabelas nem dados no banco indicado; sem ela, um SQLite na pasta temporária.
    """
    with tempfile.TemporaryDirectory() as pasta:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["DEBUG"] = "1"
        proprio = "DATABASE_URL" in os.environ
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{pasta}/bench.sqlite3")
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        if not proprio:
            call_command("migrate", verbosity=0, interactive=False)
            yield pasta
            return
        original = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield pasta
        finally:
            connection.creation.destroy_test_db(original, verbosity=0)


def rodar_emissao(medir: Callable[[argparse.Namespace, str], None], descricao: str, *, tamanho: str, padrao: int,
                  ajuda_salvar: str) -> None:
    """Lê os argumentos comuns aos benchmarks de PDF (o `tamanho`, --rodadas, --perfil e --salvar) e roda
    `medir(opcoes, pasta)` com o banco temporário de `banco_temporario`."""
    argumentos = argparse.ArgumentParser(description=descricao)
    argumentos.add_argument(tamanho, type=int, default=padrao)
    argumentos.add_argument("--rodadas", type=int, default=5)
    argumentos.add_argument("--perfil", action="store_true", help="mostra as funções mais custosas (cProfile)")
    argumentos.add_argument("--salvar", help=ajuda_salvar)
    opcoes = argumentos.parse_args()
    with banco_temporario() as pasta:
        medir(opcoes, pasta)


def cronometrar(emitir: Callable[[], object], rodadas: int) -> tuple[list[float], list[float], object]:
    """Depois de uma emissão de aquecimento (fontes, templates, imports), o tempo de relógio e o de CPU do processo
    de cada rodada (numa máquina compartilhada o relógio inclui a espera pela CPU; o de CPU oscila menos), e o
    documento da última."""
    emitir()
    tempos, cpu, documento = [], [], None
    for _ in range(rodadas):
        inicio, inicio_cpu = time.perf_counter(), time.process_time()
        documento = emitir()
        tempos.append(time.perf_counter() - inicio)
        cpu.append(time.process_time() - inicio_cpu)
    return tempos, cpu, documento


def detalhar_emissao(documento, *, emitir: Callable[[], object], contexto: Callable[[], dict], template: str,
                     rotulo_contexto: str = "contexto (banco)", titulo: str = "Etapas", recuo: str = "",
                     destino: Path | None = None, perfil: bool = False) -> None:
    """Mostra quanto coube a cada etapa da emissão (contexto, template e WeasyPrint, medidos à parte), grava o PDF
    do `documento` em `destino` (--salvar) e, com `perfil` (--perfil), as funções mais custosas de uma emissão."""
    from django.template.loader import render_to_string

    import documentos.pdf as pdf

    inicio = time.perf_counter()
    dados = contexto()
    t_contexto = time.perf_counter() - inicio
    inicio = time.perf_counter()
    html = render_to_string(template, {**dados, "documento": {
        "codigo": documento.codigo, "url_verificacao": documento.url_verificacao,
        "qr_code": pdf.qr_code_svg(documento.url_verificacao), "titulo": documento.titulo,
        "tipo": documento.get_tipo_display(), "emitido_em": documento.emitido_em}})
    t_html = time.perf_counter() - inicio
    inicio = time.perf_counter()
    pdf.renderizar_pdf(html)
    t_pdf = time.perf_counter() - inicio
    print(f"{recuo}{titulo}: {rotulo_contexto} {t_contexto * 1000:.0f} ms; template {t_html * 1000:.0f} ms "
          f"({len(html) / 1024:.0f} KiB de HTML); WeasyPrint {t_pdf * 1000:.0f} ms")
    if destino:
        destino.write_bytes(documento.conteudo())
        print(f"{recuo}PDF gravado em {destino}")
    if perfil:
        import cProfile
        import pstats

        perfilador = cProfile.Profile()
        perfilador.enable()
        emitir()
        perfilador.disable()
        pstats.Stats(perfilador).sort_stats("cumulative").print_stats(30)


def medir_requisicoes(cliente, url: str, rodadas: int):
    """Depois de duas requisições de aquecimento (caches do banco e dos templates), a mediana do tempo no servidor
    (ms) e o número de consultas da maioria de `rodadas` requisições GET pelo cliente de teste (a moda), e a última
    resposta. A moda, e não o máximo: a cada acesso.sessoes.INTERVALO_DE_REGRAVACAO segundos a sessão regrava a
    última atividade (uma transação com o UPDATE), numa requisição qualquer — é da sessão, não da página."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(2):
        cliente.get(url)
    tempos, consultas, resposta = [], [], None
    for _ in range(rodadas):
        with CaptureQueriesContext(connection) as capturadas:
            inicio = time.perf_counter()
            resposta = cliente.get(url)
            tempos.append((time.perf_counter() - inicio) * 1000)
        consultas.append(len(capturadas))
    return statistics.median(tempos), statistics.mode(consultas), resposta


def usuario_rh(*permissoes: str, login: str = "rh"):
    """Um servidor do RH (equipe, não superusuário) só com estas permissões de concursos, lotado em todos os órgãos
    do banco: o caminho de permissões e do recorte por órgão (nucleo/orgaos.py) do não superusuário."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    from nucleo.models import Lotacao, Orgao

    usuario, _ = get_user_model().objects.get_or_create(username=login, defaults={"is_staff": True})
    usuario.user_permissions.set(Permission.objects.filter(content_type__app_label="concursos",
                                                           codename__in=permissoes))
    for orgao in Orgao.objects.all():
        Lotacao.objects.get_or_create(usuario=usuario, orgao=orgao)
    return usuario


def entrar_no_admin(cliente, usuario) -> None:
    """O login de quem mede: a sessão já verificada em duas etapas (acesso/segundo_fator.py), como depois de a
    pessoa digitar o código do aplicativo autenticador; o código em si não entra na medição."""
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from acesso.segundo_fator import exige_segundo_fator

    cliente.force_login(usuario)
    if exige_segundo_fator(usuario):
        dispositivo, _ = TOTPDevice.objects.get_or_create(user=usuario, confirmed=True, defaults={"name": "Bench"})
        sessao = cliente.session
        sessao[DEVICE_ID_SESSION_KEY] = dispositivo.persistent_id
        sessao.save()

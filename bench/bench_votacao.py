"""Mede trinta membros de comissão votando ao mesmo tempo contra o sistema servido pelo gunicorn no PostgreSQL.

Cria um banco próprio (`bench_votacao`, no servidor de DATABASE_URL ou em 127.0.0.1:5432), aplica as
migrações e monta seis certames de Afonso Cláudio (Lei 2.552/2023), cada um com uma comissão de cinco
titulares (a prática federal) e uma sessão aberta com 20 cotistas convocados: 30 membros. Sobe o gunicorn
em modo de produção (DEBUG=0, atrás de um proxy HTTPS simulado pelo cabeçalho X-Forwarded-Proto), faz o
login de cada membro pela página da comissão e, a cada rodada, o presidente de cada sessão abre a votação
de um candidato; os 30 membros votam juntos (uma barreira solta as 30 requisições no mesmo instante) e o
presidente apura. Mede o tempo de cada voto (POST até a resposta) e confere que nenhum voto se perdeu nem
foi contado duas vezes. Uma rodada final manda cada voto duas vezes ao mesmo tempo (clique duplo): só um
pode contar. Mede também o custo de cada voto no processo (consultas ao banco e o tempo de cifrar a cédula,
heteroidentificacao/urna.py). Meta: p95 ≤ 300 ms.

Uso: python bench/bench_votacao.py [--rodadas N] [--workers W] [--threads T]
"""

from __future__ import annotations

import argparse
import base64
import http.client
import os
import secrets
import statistics
import subprocess
import threading
import time
import urllib.parse
import uuid
from datetime import date
from datetime import time as hora

from _comum import RAIZ, banco_postgres_proprio, prazos_do_edital

BANCO = "bench_votacao"
SESSOES = 6
MEMBROS_POR_COMISSAO = 5
CANDIDATOS_POR_SESSAO = 20
SENHA = "bench-senha-123"
META_MS = 300


def montar_sessoes() -> list:
    """Seis certames, cada um com comissão de cinco titulares e uma sessão aberta com 20 cotistas."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from concursos.models import Candidato, Cargo, Certame, Inscricao
    from concursos.services.certame import certame_publicar
    from heteroidentificacao import services
    from heteroidentificacao.models import Comissao, Membro, Sessao
    from nucleo.models import Municipio, Orgao

    Usuario = get_user_model()
    rh = Usuario.objects.create_superuser("rh", password=SENHA)
    senha = make_password(SENHA)
    cpf = iter(range(100_000_000, 200_000_000))
    sessoes = []
    for s in range(SESSOES):
        orgao = Orgao.objects.create(nome=f"Órgão {s}", municipio=Municipio.objects.pelo_nome("Afonso Cláudio", "ES"))
        certame = Certame.objects.create(orgao=orgao, numero_edital=f"{s + 1:03d}/2025", titulo="Bench",
                                         data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
        cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Agente", vagas=20, escolaridade="2_medio")
        candidatos = Candidato.objects.bulk_create([
            Candidato(orgao=orgao, nome=f"Candidato {s}-{i}", cpf=f"{next(cpf):011d}")
            for i in range(CANDIDATOS_POR_SESSAO)])
        Inscricao.objects.bulk_create([
            Inscricao(certame=certame, cargo=cargo, candidato=c, numero=f"{s}-{i:03d}", reserva=True,
                      cor_raca="parda", classificacao=i + 1) for i, c in enumerate(candidatos)])
        certame_publicar(certame=certame, usuario=rh)
        comissao = Comissao.objects.create(certame=certame, ato_designacao=f"Portaria {s}/2025",
                                           data_designacao=date(2025, 3, 1))
        for m in range(MEMBROS_POR_COMISSAO):
            usuario = Usuario.objects.create(username=f"m{s}_{m}", password=senha)
            Membro.objects.create(
                comissao=comissao, usuario=usuario, presidente=m == 0, nome=f"Membro {s}-{m}",
                cpf=f"{next(cpf):011d}", cor_raca="parda" if m < 3 else "branca",
                genero="feminino" if m % 2 else "masculino", servidor_efetivo=True, estavel=True,
                servidor_carreira=True, reside_desde=date(2000, 1, 1), escolaridade="4_superior",
                reputacao_declarada_em=date(2025, 3, 1), termo_assinado_em=date(2025, 3, 1))
        sessao = Sessao.objects.create(comissao=comissao, numero=1, data=timezone.localdate(), inicio=hora(0, 0),
                                       local="Auditório")
        services.sessao_convocar(sessao=sessao, inscricoes=list(certame.inscricoes.order_by("numero")), usuario=rh)
        presidente = comissao.membros.get(presidente=True)
        services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.all()), usuario=presidente.usuario)
        sessoes.append(sessao)
    return sessoes


class Navegador:
    """Um membro num dispositivo: cookies próprios, atrás do proxy HTTPS (X-Forwarded-Proto)."""

    def __init__(self, porta: int):
        self.porta = porta
        self.origem = f"https://127.0.0.1:{porta}"
        self.cookies: dict[str, str] = {}

    def pedir(self, metodo: str, caminho: str, dados: dict | None = None) -> tuple[int, str]:
        conexao = http.client.HTTPConnection("127.0.0.1", self.porta, timeout=30)
        cabecalhos = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.porta}",
                      "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        corpo = None
        if dados is not None:
            corpo = urllib.parse.urlencode({**dados, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            cabecalhos.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origem,
                               "Referer": self.origem + caminho})
        conexao.request(metodo, caminho, body=corpo, headers=cabecalhos)
        resposta = conexao.getresponse()
        texto = resposta.read().decode("utf-8", "replace")
        for valor in resposta.headers.get_all("Set-Cookie") or []:
            nome, _, resto = valor.partition("=")
            self.cookies[nome.strip()] = resto.split(";", 1)[0]
        conexao.close()
        return resposta.status, texto

    def entrar(self, usuario: str) -> None:
        self.pedir("GET", "/comissao/entrar/")
        status, _ = self.pedir("POST", "/comissao/entrar/", {"username": usuario, "password": SENHA})
        if status != 302 or "sessionid" not in self.cookies:
            raise SystemExit(f"Login de {usuario} falhou (HTTP {status}).")


def subir_gunicorn(url: str, porta: int, workers: int, threads: int, chave: str) -> subprocess.Popen:
    ambiente = {**os.environ, "DATABASE_URL": url, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
                "CHAVE_CEDULAS": chave,
                "ALLOWED_HOSTS": "127.0.0.1", "SITE_URL": "https://127.0.0.1", "SECURE_SSL_REDIRECT": "0",
                "CONN_MAX_AGE": "60",
                "TASKS_BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}
    processo = subprocess.Popen(
        [str(RAIZ / ".venv/bin/gunicorn"), "config.wsgi:application", "--bind", f"127.0.0.1:{porta}",
         "--workers", str(workers), "--threads", str(threads), "--worker-class", "gthread",
         "--log-level", "warning"], cwd=RAIZ, env=ambiente)
    for _ in range(100):
        try:
            conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=1)
            conexao.request("GET", "/comissao/entrar/", headers={"X-Forwarded-Proto": "https"})
            if conexao.getresponse().status == 200:
                return processo
        except OSError:
            time.sleep(0.2)
    processo.terminate()
    raise SystemExit("O gunicorn não respondeu.")


def rodada(sessoes, navegadores, *, repetir: int = 1) -> tuple[list[float], list]:
    """Abre a votação de um candidato em cada sessão, solta os votos juntos e devolve as latências (ms)."""
    from heteroidentificacao import services
    from heteroidentificacao.models import EstadoAvaliacao

    alvos = {}
    for sessao in sessoes:
        avaliacao = sessao.avaliacoes.filter(estado=EstadoAvaliacao.AGUARDANDO).order_by("horario").first()
        presidente = sessao.comissao.membros.get(presidente=True).usuario
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente)
        services.gravacao_registrar(avaliacao=avaliacao, referencia="bench.mp4", sha256="ab" * 32, usuario=presidente)
        alvos[sessao.comissao_id] = services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True,
                                                           usuario=presidente)
    tarefas = [(navegador, alvos[comissao_id], n % 2 == 0)
               for comissao_id, grupo in navegadores.items() for n, navegador in enumerate(grupo)] * repetir
    barreira = threading.Barrier(len(tarefas))
    latencias, falhas = [], []

    def votar(navegador, avaliacao, confirma):
        caminho = f"/comissao/avaliacao/{avaliacao.pk}/votar/"
        dados = {"escolha": "sim" if confirma else "nao", "confirmado": "sim"}
        barreira.wait()
        inicio = time.perf_counter()
        status, _ = navegador.pedir("POST", caminho, dados)
        latencias.append((time.perf_counter() - inicio) * 1000)
        if status != 302:
            falhas.append(status)

    threads = [threading.Thread(target=votar, args=t) for t in tarefas]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if falhas:
        raise SystemExit(f"Respostas inesperadas: {falhas}")
    return latencias, list(alvos.values())


def conferir_e_apurar(avaliacoes) -> None:
    """Cada membro votou exatamente uma vez: 5 participações e 5 cédulas por avaliação, e a apuração fecha."""
    from heteroidentificacao import services
    from heteroidentificacao.models import Cedula

    for avaliacao in avaliacoes:
        participacoes = avaliacao.participacoes.count()
        cedulas = Cedula.objects.filter(avaliacao=avaliacao).count()
        if (participacoes, cedulas) != (MEMBROS_POR_COMISSAO, MEMBROS_POR_COMISSAO):
            raise SystemExit(f"Avaliação {avaliacao.pk}: {participacoes} participações e {cedulas} cédulas; "
                             f"esperadas {MEMBROS_POR_COMISSAO} de cada (voto perdido ou contado duas vezes).")
        presidente = avaliacao.sessao.comissao.membros.get(presidente=True).usuario
        services.votacao_apurar(avaliacao=avaliacao, usuario=presidente)


def custo_de_um_voto(sessao) -> tuple[int, float]:
    """Consultas ao banco de um voto pelo cliente de teste do Django, no próprio processo, e o tempo de cifrar uma
    cédula (mediana de 10.000)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from heteroidentificacao import services, urna
    from heteroidentificacao.models import EstadoAvaliacao

    avaliacao = sessao.avaliacoes.filter(estado=EstadoAvaliacao.AGUARDANDO).order_by("horario").first()
    presidente = sessao.comissao.membros.get(presidente=True).usuario
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente)
    services.gravacao_registrar(avaliacao=avaliacao, referencia="bench.mp4", sha256="ab" * 32, usuario=presidente)
    services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente)
    cliente = Client()
    cliente.force_login(presidente)
    with CaptureQueriesContext(connection) as consultas:
        resposta = cliente.post(f"/comissao/avaliacao/{avaliacao.pk}/votar/", {"escolha": "sim", "confirmado": "sim"},
                                secure=True)
    if resposta.status_code != 302:
        raise SystemExit(f"O voto de medida respondeu HTTP {resposta.status_code}.")
    chave, cedula, tempos = os.urandom(32), uuid.uuid4(), []
    for _ in range(10_000):
        inicio = time.perf_counter()
        urna.lacrar(True, chave=chave, avaliacao_id=avaliacao.pk, cedula_id=cedula)
        tempos.append(time.perf_counter() - inicio)
    return len(consultas), statistics.median(tempos) * 1e6


def percentil(valores: list[float], p: float) -> float:
    ordenados = sorted(valores)
    return ordenados[min(len(ordenados) - 1, round(p / 100 * (len(ordenados) - 1)))]


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--rodadas", type=int, default=15)
    argumentos.add_argument("--workers", type=int, default=3)
    argumentos.add_argument("--threads", type=int, default=8)
    opcoes = argumentos.parse_args()
    if opcoes.rodadas + 1 > CANDIDATOS_POR_SESSAO:
        raise SystemExit(f"No máximo {CANDIDATOS_POR_SESSAO - 1} rodadas.")

    # O processo do benchmark apura as cédulas que o gunicorn cifrou: os dois usam a mesma chave.
    chave = os.environ["CHAVE_CEDULAS"] = base64.urlsafe_b64encode(os.urandom(32)).decode()
    banco_postgres_proprio(BANCO, cliente_de_teste=True)
    url = os.environ["DATABASE_URL"]
    sessoes = montar_sessoes()
    porta = 8700 + secrets.randbelow(200)
    servidor = subir_gunicorn(url, porta, opcoes.workers, opcoes.threads, chave)
    try:
        navegadores = {}
        for sessao in sessoes:
            grupo = []
            for membro in sessao.comissao.membros.select_related("usuario"):
                navegador = Navegador(porta)
                navegador.entrar(membro.usuario.username)
                grupo.append(navegador)
            navegadores[sessao.comissao_id] = grupo
        total = sum(len(g) for g in navegadores.values())
        print(f"{total} membros em {len(sessoes)} sessões; gunicorn com {opcoes.workers} processos × "
              f"{opcoes.threads} threads; PostgreSQL.")
        latencias = []
        conferir_e_apurar(rodada(sessoes, navegadores)[1])  # aquecimento: conexões e caches dos processos
        for _ in range(opcoes.rodadas):
            medidas, avaliacoes = rodada(sessoes, navegadores)
            conferir_e_apurar(avaliacoes)
            latencias.extend(medidas)
        print(f"{len(latencias)} votos em {opcoes.rodadas} rodadas de {total} votos simultâneos: "
              f"mediana {statistics.median(latencias):.0f} ms, p95 {percentil(latencias, 95):.0f} ms, "
              f"máximo {max(latencias):.0f} ms (meta p95 ≤ {META_MS} ms). Nenhum voto perdido nem repetido.")
        medidas, avaliacoes = rodada(sessoes, navegadores, repetir=2)
        conferir_e_apurar(avaliacoes)
        print(f"Clique duplo: {len(medidas)} envios simultâneos ({total} membros × 2) → exatamente um voto por "
              f"membro contado (p95 {percentil(medidas, 95):.0f} ms).")
        consultas, cifrar_us = custo_de_um_voto(sessoes[0])
        print(f"Custo de um voto no processo: {consultas} consultas ao banco; cifrar a cédula (AES-256-GCM) leva "
              f"{cifrar_us:.0f} µs (mediana).")
    finally:
        servidor.terminate()
        servidor.wait(timeout=10)


if __name__ == "__main__":
    main()

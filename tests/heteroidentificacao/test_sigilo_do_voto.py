"""Sigilo do voto (Afonso Cláudio art. 11, § 2º), tentado como um DBA o tentaria: quem lê o banco inteiro — as
tabelas, as colunas de sistema (`xmin`, `ctid`), as tuplas mortas (`pageinspect`), o log de comandos — não recupera
o voto de nenhum membro, antes, durante nem depois da apuração. Decisão e ameaças: docs/decisoes/0003.

O princípio que os testes conferem: tudo o que o banco guarda (tabelas, WAL, backups, réplicas, logs) vem do que o
sistema lhe envia; e o que ele envia não depende do voto, a não ser o texto cifrado da cédula, que sem a chave do
servidor é indistinguível entre os dois votos."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from datetime import date, datetime
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection, models, transaction
from django.test import Client
from django.urls import reverse

from heteroidentificacao import apuracao, services, urna
from heteroidentificacao.models import Avaliacao, Cedula, Participacao
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.heteroidentificacao.procedimento import ate_a_votacao

pytestmark = pytest.mark.django_db

so_postgres = pytest.mark.skipif(connection.vendor != "postgresql", reason="colunas de sistema e páginas do PostgreSQL")


class UrnaOrdenada:
    """Uma ordem de abertura fixa e independente do banco (a cédula que não confirma primeiro): as apurações abrem as
    cédulas na mesma ordem de votos, e só o que o banco guarda poderia distingui-las."""

    def __init__(self, avaliacao_id: int):
        self.avaliacao_id = avaliacao_id

    def shuffle(self, cedulas):
        cedulas.sort(key=lambda c: urna.abrir(bytes(c[1]), chave=settings.CHAVE_CEDULAS,
                                              avaliacao_id=self.avaliacao_id, cedula_id=c[0]))


def _membros(comissao):
    return [comissao.membros.get(nome__startswith=n) for n in ("Ana", "Bruno", "Carla")]


@pytest.fixture
def duas_votacoes(sessao, comissao, presidente, admin_user):
    """Duas avaliações na mesma sessão, com os votos dados na mesma ordem (Ana, Bruno, Carla); na primeira diverge
    Carla, na segunda Bruno. A ata das duas é a mesma: «3 votos (2 a 1)»."""
    assert comissao.certame.lei is not None and comissao.certame.lei.votacao_secreta
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:2], usuario=admin_user)
    ana, bruno, carla = _membros(comissao)
    services.sessao_abrir(sessao=sessao, presentes=[ana, bruno, carla], usuario=presidente.usuario)
    primeira, segunda = sessao.avaliacoes.order_by("horario")
    return (primeira, [(ana, True), (bruno, True), (carla, False)]), (segunda, [(ana, True), (bruno, False),
                                                                                 (carla, True)])


def _votar_e_apurar(avaliacao, votos, presidente, monkeypatch):
    monkeypatch.setattr(apuracao, "_sorteio", UrnaOrdenada(avaliacao.pk))
    avaliacao = ate_a_votacao(avaliacao, presidente)
    for membro, confirma in votos:
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    return services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)


# --- a urna (Python, sem banco) ---------------------------------------------------------------------------------

def test_cedula_cifrada_tem_o_mesmo_tamanho_para_os_dois_votos_e_nunca_se_repete():
    chave, cedula = bytes(range(32)), uuid.uuid4()
    sim = [urna.lacrar(True, chave=chave, avaliacao_id=7, cedula_id=cedula) for _ in range(50)]
    nao = [urna.lacrar(False, chave=chave, avaliacao_id=7, cedula_id=cedula) for _ in range(50)]
    assert {len(c) for c in sim + nao} == {urna.TAMANHO}
    assert len(set(sim + nao)) == 100, "votos iguais nunca dão textos cifrados iguais (nonce aleatório)"
    assert all(urna.abrir(c, chave=chave, avaliacao_id=7, cedula_id=cedula) for c in sim)
    assert not any(urna.abrir(c, chave=chave, avaliacao_id=7, cedula_id=cedula) for c in nao)


def test_cedula_nao_abre_com_outra_chave_em_outra_avaliacao_nem_alterada():
    chave, cedula = bytes(range(32)), uuid.uuid4()
    cifrada = urna.lacrar(True, chave=chave, avaliacao_id=7, cedula_id=cedula)
    alterada = bytearray(cifrada)
    alterada[-1] ^= 1
    for conteudo, dados in ((cifrada, {"chave": bytes(32), "avaliacao_id": 7, "cedula_id": cedula}),
                            (cifrada, {"chave": chave, "avaliacao_id": 8, "cedula_id": cedula}),
                            (cifrada, {"chave": chave, "avaliacao_id": 7, "cedula_id": uuid.uuid4()}),
                            (bytes(alterada), {"chave": chave, "avaliacao_id": 7, "cedula_id": cedula}),
                            (cifrada[:-1], {"chave": chave, "avaliacao_id": 7, "cedula_id": cedula})):
        with pytest.raises(urna.CedulaInvalida):
            urna.abrir(conteudo, **dados)


# --- o banco depois da apuração ---------------------------------------------------------------------------------

VOLATEIS = (models.DateTimeField, models.DateField, models.TimeField, models.UUIDField, models.AutoField,
            models.BigAutoField)


def _posicao(ctid: str) -> tuple[int, int]:
    """«(0,10)» → (0, 10): a página e a linha, para ordenar como números, não como texto."""
    pagina, linha = ctid.strip("()").split(",")
    return int(pagina), int(linha)


def _linhas_da_avaliacao(avaliacao: Avaliacao) -> dict[str, list[tuple]]:
    """Todas as linhas de todas as tabelas (inclusive o histórico) que se referem à avaliação, sem as colunas que só
    dizem quando ou qual linha; no PostgreSQL, com as colunas de sistema trocadas pela sua posição relativa (a ordem
    das transações e das linhas), que é o que um DBA compararia."""
    linhas = {}
    for modelo in apps.get_models(include_auto_created=True):
        campos = list(modelo._meta.concrete_fields)
        referencias = [f for f in campos if f.is_relation and f.related_model is Avaliacao]
        if modelo.__name__ == "HistoricalAvaliacao":
            referencias = [modelo._meta.get_field("id")]
        if modelo is Avaliacao:
            referencias = [modelo._meta.pk]
        for referencia in referencias:
            comparaveis = [f.column for f in campos if not isinstance(f, VOLATEIS) and f is not referencia
                           and f.attname not in {"inscricao_id", "history_id", "history_change_reason"}]
            sistema = ["xmin::text::bigint", "ctid::text"] if connection.vendor == "postgresql" else []
            colunas = ", ".join([*sistema, *(connection.ops.quote_name(c) for c in comparaveis)]) or "1"
            tabela = connection.ops.quote_name(modelo._meta.db_table)
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT {colunas} FROM {tabela} WHERE {connection.ops.quote_name(referencia.column)}"
                               " = %s", [avaliacao.pk])
                valores = cursor.fetchall()
            if sistema:
                transacoes = sorted({v[0] for v in valores})
                posicoes = sorted({_posicao(v[1]) for v in valores})
                valores = [(transacoes.index(v[0]), posicoes.index(_posicao(v[1])), *v[2:]) for v in valores]
            linhas[f"{modelo._meta.db_table}.{referencia.attname}"] = sorted(map(repr, valores))
    return linhas


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_banco_depois_da_apuracao_e_o_mesmo_seja_quem_for_o_voto_divergente(duas_votacoes, presidente, monkeypatch):
    """Depois das apurações, as linhas que o banco guarda das duas avaliações, colunas de sistema incluídas (cada
    passo numa transação própria), são idênticas: nada permite saber quem divergiu."""
    (primeira, votos_1), (segunda, votos_2) = duas_votacoes
    primeira = _votar_e_apurar(primeira, votos_1, presidente, monkeypatch)
    segunda = _votar_e_apurar(segunda, votos_2, presidente, monkeypatch)
    assert primeira.votos_abertos_texto == segunda.votos_abertos_texto == "3 votos (2 a 1)"
    assert not Cedula.objects.exists()
    assert not Participacao.objects.exists(), "depois da apuração, nem a ordem em que votaram fica"
    assert primeira.eleitores.count() == 3
    assert _linhas_da_avaliacao(primeira) == _linhas_da_avaliacao(segunda)


def test_nenhuma_tabela_guarda_um_membro_ao_lado_de_um_voto():
    """Nenhum modelo tem, ao mesmo tempo, um membro e um valor de voto; a cédula só tem o texto cifrado."""
    for modelo in apps.get_models(include_auto_created=True):
        nomes = {f.attname for f in modelo._meta.concrete_fields}
        liga_membro = any(f.is_relation and f.related_model is not None
                          and f.related_model._meta.label == "heteroidentificacao.Membro"
                          for f in modelo._meta.concrete_fields)
        assert not (liga_membro and nomes & {"confirma", "voto", "valor", "conteudo"}), modelo._meta.label
    assert {f.name for f in Cedula._meta.concrete_fields} == {"id", "avaliacao", "conteudo"}
    assert isinstance(Cedula._meta.get_field("conteudo"), models.BinaryField)


def test_participacao_e_cedula_nao_guardam_hora_nem_ordem():
    """Sem hora e com chave aleatória, e sem histórico."""
    for modelo in (Participacao, Cedula):
        campos = modelo._meta.concrete_fields
        assert not any(isinstance(f, (models.DateTimeField, models.DateField, models.TimeField)) for f in campos)
        assert isinstance(modelo._meta.pk, models.UUIDField)
    assert not hasattr(Cedula, "history") and not hasattr(Participacao, "history")


# --- o que o sistema envia ao banco -----------------------------------------------------------------------------

class Escuta:
    """Cada comando e parâmetro que o sistema manda ao banco: é o que o log de comandos (`log_statement='all'`)
    registraria, e a origem de tudo o que o banco guarda (tabelas, WAL, backups, réplicas)."""

    def __init__(self):
        self.comandos: list[tuple[str, tuple]] = []

    def __call__(self, execute, sql, params, many, context):
        self.comandos.append((sql, tuple(params or ())))
        return execute(sql, params, many, context)

    def normalizados(self) -> list[tuple[str, tuple]]:
        """Sem o que muda de uma execução para outra sem nada dizer do voto: chaves aleatórias, horas, e o texto
        cifrado, que entra só pelo tamanho."""
        nomes: dict = {}

        def normal(valor):
            valor = getattr(valor, "obj", valor)  # o psycopg embrulha o bytea num `Binary`
            if isinstance(valor, (bytes, memoryview, bytearray)):
                return f"<cifrado de {len(bytes(valor))} bytes>"
            if isinstance(valor, (uuid.UUID, datetime, date)) or (isinstance(valor, str) and re.fullmatch(
                    r"[0-9a-f]{32}|[0-9a-f-]{36}|\d{4}-\d\d-\d\d[ T][\d:.+-]+", valor)):
                return nomes.setdefault(str(valor), f"<valor {len(nomes)}>")
            return valor

        def comando(sql):
            return re.sub(r'SAVEPOINT "[^"]+"', 'SAVEPOINT "<ponto>"', sql)

        return [(comando(sql), tuple(normal(v) for v in params)) for sql, params in self.comandos]


class Desfazer(Exception):
    """Desfaz o cenário inteiro, para que o outro parta do mesmo estado do banco."""


def test_o_banco_nao_recebe_nada_que_dependa_do_voto_alem_do_texto_cifrado(duas_votacoes, presidente, monkeypatch):
    """A mesma avaliação, do mesmo estado do banco, votada de duas maneiras (diverge Carla, ou diverge Bruno), na
    mesma ordem: a sequência de comandos e parâmetros enviados ao banco, do primeiro voto ao fim da apuração, é a
    mesma, salvo o texto cifrado de cada cédula, do mesmo tamanho."""
    (avaliacao, votos_1), (_, votos_2) = duas_votacoes
    avaliacao = ate_a_votacao(avaliacao, presidente)
    monkeypatch.setattr(apuracao, "_sorteio", UrnaOrdenada(avaliacao.pk))
    votos_2 = [(membro, confirma) for (membro, _), (_, confirma) in zip(votos_1, votos_2, strict=True)]
    for membro, _ in votos_1:
        membro.usuario  # noqa: B018 — carregado antes da escuta, igual nos dois cenários
    presidente.usuario  # noqa: B018
    enviados = []
    for votos in (votos_1, votos_2):
        escuta = Escuta()
        with pytest.raises(Desfazer), transaction.atomic():
            with connection.execute_wrapper(escuta):
                for membro, confirma in votos:
                    services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
                apurada = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
            assert apurada.votos_abertos_texto == "3 votos (2 a 1)"
            raise Desfazer
        enviados.append(escuta.normalizados())
    assert enviados[0] == enviados[1]
    cedulas = [params for sql, params in enviados[0] if sql.startswith('INSERT INTO "heteroidentificacao_cedula"')]
    assert len(cedulas) == 3 and all(f"<cifrado de {urna.TAMANHO} bytes>" in p for p in cedulas)
    assert not any(isinstance(v, bool) for params in cedulas for v in params)


# --- o DBA no PostgreSQL ----------------------------------------------------------------------------------------

def _tabelas_do_sistema() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return sorted(t for (t,) in cursor.fetchall())


def _linhas_por_xmin(xmins: set[int]) -> dict[str, list[tuple]]:
    """Junta por `xmin`, em todas as tabelas, as linhas gravadas nas transações dadas (o ataque do `xmin`)."""
    achadas = {}
    with connection.cursor() as cursor:
        for tabela in _tabelas_do_sistema():
            cursor.execute(f'SELECT xmin::text::bigint, * FROM "{tabela}" WHERE xmin::text::bigint = ANY(%s)',
                           [list(xmins)])
            linhas = cursor.fetchall()
            if linhas:
                achadas[tabela] = linhas
    return achadas


@so_postgres
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_dba_que_junta_por_xmin_e_ctid_durante_a_votacao_so_acha_texto_cifrado(duas_votacoes, presidente):
    """O ataque que a versão anterior não resistia: `SELECT … JOIN … ON c.xmin = p.xmin` enquanto a votação está
    aberta. Cada participação se liga à cédula da mesma transação (e pela posição, `ctid`), mas a cédula é um texto
    cifrado de tamanho fixo: sem a chave do servidor, nada separa quem confirmou de quem não confirmou."""
    (avaliacao, votos), _ = duas_votacoes
    avaliacao = ate_a_votacao(avaliacao, presidente)
    for membro, confirma in votos:
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    with connection.cursor() as cursor:
        cursor.execute("SELECT p.membro_id, c.conteudo FROM heteroidentificacao_participacao p "
                       "JOIN heteroidentificacao_cedula c ON c.xmin = p.xmin")
        por_xmin = {membro: bytes(conteudo) for membro, conteudo in cursor.fetchall()}
        cursor.execute("SELECT p.membro_id, c.conteudo FROM heteroidentificacao_participacao p "
                       "JOIN heteroidentificacao_cedula c ON c.ctid = p.ctid")
        por_ctid = {membro: bytes(conteudo) for membro, conteudo in cursor.fetchall()}
        cursor.execute("SELECT DISTINCT xmin::text::bigint FROM heteroidentificacao_participacao")
        transacoes = {x for (x,) in cursor.fetchall()}
    assert set(por_xmin) == {m.pk for m, _ in votos}, "o xmin liga cada membro a uma cédula..."
    ligadas = list(por_xmin.values()) + list(por_ctid.values())
    assert {len(c) for c in ligadas} == {urna.TAMANHO}, "...que tem o mesmo tamanho para os dois votos..."
    assert len(set(por_xmin.values())) == 3
    for conteudo in por_xmin.values():  # ...e que só abre com a chave do servidor, que não está no banco
        with pytest.raises(urna.CedulaInvalida):
            urna.abrir(conteudo, chave=bytes(32), avaliacao_id=avaliacao.pk,
                       cedula_id=Cedula.objects.get(conteudo=conteudo).pk)
    # Nas transações de voto, nenhuma outra tabela recebeu linha: nem histórico, nem auditoria, nem sessão.
    achadas = _linhas_por_xmin(transacoes)
    assert set(achadas) == {"heteroidentificacao_participacao", "heteroidentificacao_cedula"}
    for linha in achadas["heteroidentificacao_cedula"]:
        assert not any(isinstance(v, bool) for v in linha)


def _tuplas_da_tabela(cursor, tabela: str) -> list[tuple]:
    """Todas as versões de linha nas páginas da tabela, vivas e mortas (o que um DBA lê com `pageinspect`)."""
    cursor.execute("SELECT pg_relation_size(%s) / current_setting('block_size')::int", [tabela])
    (paginas,) = cursor.fetchone()
    tuplas = []
    for pagina in range(paginas):
        cursor.execute("SELECT t_xmin::text::bigint, t_xmax::text::bigint, t_data FROM heap_page_items("
                       "get_raw_page(%s, %s)) WHERE t_data IS NOT NULL", [tabela, pagina])
        tuplas += [(xmin, xmax, bytes(dados)) for xmin, xmax, dados in cursor.fetchall()]
    return tuplas


@so_postgres
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_dba_que_le_as_tuplas_mortas_depois_da_apuracao_so_acha_texto_cifrado(duas_votacoes, presidente):
    """Apagadas na apuração, as cédulas ficam nas páginas como tuplas mortas até o VACUUM (e no WAL). Lidas cruas com
    `pageinspect`, trazem o texto cifrado, do mesmo tamanho para os dois votos, e nada mais: nem o valor, nem o
    membro. Só quem tiver também a chave do servidor as abriria (o limite declarado na decisão 0003)."""
    (avaliacao, votos), _ = duas_votacoes
    with connection.cursor() as cursor:
        cursor.execute("CREATE EXTENSION IF NOT EXISTS pageinspect")
    avaliacao = ate_a_votacao(avaliacao, presidente)
    for membro, confirma in votos:
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    cifradas = {bytes(c) for c in Cedula.objects.values_list("conteudo", flat=True)}
    with connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT xmin::text::bigint FROM heteroidentificacao_participacao")
        transacoes_dos_votos = [x for (x,) in cursor.fetchall()]
    services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)
    assert not Cedula.objects.exists()
    # Nas tabelas vivas, nenhuma linha guarda a transação de um voto, nem em `xmin` nem em `xmax` (a trava do voto é
    # consultiva: um FOR UPDATE na linha do eleitor deixaria ali a transação de cada voto e a ordem em que votaram).
    with connection.cursor() as cursor:
        for tabela in _tabelas_do_sistema():
            cursor.execute(f'SELECT count(*) FROM "{tabela}" WHERE xmin::text::bigint = ANY(%s) '
                           "OR xmax::text::bigint = ANY(%s)", [transacoes_dos_votos, transacoes_dos_votos])
            assert cursor.fetchone() == (0,), tabela
    with connection.cursor() as cursor:
        tuplas = _tuplas_da_tabela(cursor, "heteroidentificacao_cedula")
    mortas = [dados for _xmin, xmax, dados in tuplas if xmax != 0]
    assert len(mortas) == 3, "apagadas, as três cédulas ainda estão nas páginas, como tuplas mortas"
    assert len({len(dados) for dados in mortas}) == 1, "todas do mesmo tamanho, seja qual for o voto"
    for dados in mortas:
        [cifrada] = [c for c in cifradas if c in dados]
        # O resto da tupla é a chave aleatória e a avaliação: nenhum byte de voto fora do texto cifrado.
        assert len(dados) - len(cifrada) <= 16 + 8 + 4
    # O que a apuração gravou na avaliação é o que a ata mostra, e nada sobre cada voto.
    avaliacao.refresh_from_db()
    assert avaliacao.votos_abertos_texto in {"2 votos", "3 votos (2 a 1)"}


@so_postgres
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_log_de_comandos_do_servidor_so_tem_o_texto_cifrado(duas_votacoes, presidente):
    """Com `log_statement = 'all'`, o servidor registra cada INSERT de cédula: o log traz o texto cifrado (bytea),
    nunca um valor de voto. Se o log do servidor não for legível daqui, o teste da escuta acima cobre o mesmo."""
    (avaliacao, votos), _ = duas_votacoes
    avaliacao = ate_a_votacao(avaliacao, presidente)
    marca = f"teste-sigilo-{uuid.uuid4().hex}"
    with connection.cursor() as cursor:
        cursor.execute("SET log_statement = 'all'")
        cursor.execute(f"SELECT '{marca}'")
    try:
        for membro, confirma in votos:
            services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET log_statement")
    log = _log_do_servidor()
    if log is None or marca not in log:
        pytest.skip("o log do PostgreSQL não é legível por esta conexão")
    depois = log[log.index(marca):]
    insercoes = [linha for linha in depois.splitlines() if "INSERT INTO \"heteroidentificacao_cedula\"" in linha]
    assert len(insercoes) == 3
    for linha in insercoes:
        hexa = 2 * (urna.TAMANHO - 1)
        assert re.search(rf"'\\+x01[0-9a-f]{{{hexa}}}'::bytea", linha), linha
        assert not re.search(r"\b(true|false)\b", linha, re.IGNORECASE)


def _log_do_servidor() -> str | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_logfile()")
        (arquivo,) = cursor.fetchone()
        candidatos = [arquivo] if arquivo else []
        cursor.execute("SELECT current_setting('server_version_num')::int / 10000")
        (versao,) = cursor.fetchone()
        candidatos.append(f"/var/log/postgresql/postgresql-{versao}-main.log")
        for caminho in candidatos:
            try:
                with connection.cursor() as leitor:
                    leitor.execute("SELECT pg_read_file(%s)", [caminho])
                    return leitor.fetchone()[0]
            except Exception:
                continue
    return None


# --- o que trafega --------------------------------------------------------------------------------------------

def test_nada_do_que_trafega_varia_com_o_voto(duas_votacoes, presidente, time_machine):
    """Corpo da requisição do mesmo tamanho para as duas escolhas, e a mesma resposta (status, cabeçalhos, destino e
    mensagem) para quem confirma e para quem não confirma (art. 11, § 2º)."""
    (avaliacao, _), _ = duas_votacoes
    avaliacao = ate_a_votacao(avaliacao, presidente)
    ana, bruno, _carla = _membros(avaliacao.sessao.comissao)
    # O cookie das mensagens é assinado com o segundo em que sai: os dois votos, no mesmo segundo (relógio parado).
    time_machine.move_to(datetime.now().astimezone(), tick=False)
    respostas = []
    for membro, escolha in ((ana, "sim"), (bruno, "nao")):
        cliente = Client(enforce_csrf_checks=True)
        cliente.force_login(membro.usuario)
        pagina = cliente.get(reverse("comissao:votacao", args=[avaliacao.sessao_id]))
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', pagina.text).group(1)
        valores = re.findall(r'name="escolha" value="([^"]+)"', pagina.text)
        assert sorted(valores) == ["nao", "sim"] and len(set(map(len, valores))) == 1
        corpo = urlencode({"csrfmiddlewaretoken": token, "escolha": escolha, "confirmado": "sim"})
        resposta = cliente.post(reverse("comissao:votar", args=[avaliacao.pk]), corpo,
                                content_type="application/x-www-form-urlencoded")
        respostas.append((len(corpo), resposta.status_code, resposta["Location"], resposta.content,
                          sorted((k, v) for k, v in resposta.headers.items()),
                          resposta.cookies["messages"].value))
    assert respostas[0] == respostas[1]
    assert "no-transform" in dict(respostas[0][4])["Cache-Control"]


# --- a chave ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("chave", "mensagem"), [
    ("", "Defina CHAVE_CEDULAS no ambiente"),
    ("curta", "CHAVE_CEDULAS"),
    ("ZGVzZW52b2x2aW1lbnRvLWxvY2FsLWluc2VndXJvISE=", "não pode ser a chave de desenvolvimento"),
    ("eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg=", "nem a SECRET_KEY"),
    ("ZGVzZW52b2x2aW1lbnRvLWxvY2FsLWluc2VndXJvISE==", "não é base64 válido"),
    ("ZGVzZW52b2x2aW1lbnRvLWxvY2FsLWluc2VndXJvISE", "não é base64 válido"),
])
def test_producao_recusa_subir_sem_uma_chave_propria_das_cedulas(chave, mensagem):
    """A chave fica só no ambiente do servidor, nunca no banco, e não é a SECRET_KEY; sem ela o sistema não sobe e
    diz como gerá-la."""
    ambiente = {**os.environ, "DEBUG": "0", "CHAVE_CEDULAS": chave,
                "SECRET_KEY": "eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHg=",
                "DJANGO_SETTINGS_MODULE": "config.settings"}
    saida = subprocess.run([sys.executable, "-c", "import django; django.setup()"], env=ambiente,
                           capture_output=True, text=True, cwd=settings.BASE_DIR, check=False)
    assert saida.returncode != 0
    assert mensagem in saida.stderr
    if not chave:
        assert "base64.urlsafe_b64encode(os.urandom(32))" in saida.stderr


def test_a_chave_das_cedulas_nao_e_a_secret_key():
    assert settings.CHAVE_CEDULAS != settings.SECRET_KEY.encode()
    assert len(settings.CHAVE_CEDULAS) == 32



def test_relatorio_de_erro_mascara_a_chave_das_cedulas():
    """Quem recebe um relatório de erro (a página de depuração, o e-mail aos administradores) não recebe a chave que
    abre os votos: o filtro do projeto esconde também os nomes em português («CHAVE»)."""
    from django.views.debug import get_default_exception_reporter_filter

    configuracoes = get_default_exception_reporter_filter().get_safe_settings()
    assert configuracoes["CHAVE_CEDULAS"] != settings.CHAVE_CEDULAS
    assert set(str(configuracoes["CHAVE_CEDULAS"])) == {"*"}

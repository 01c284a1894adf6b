"""A tabela temporária de preparo, onde vai cada lote lido (PostgreSQL: COPY; SQLite: executemany), e o
casamento de cada lote com as inscrições já existentes."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import DatabaseError, connection, transaction

from concursos.importacao import falhas
from concursos.importacao.leiaute import COLUNAS_RESULTADO, MODO_INSCRICOES
from concursos.models import Candidato, Certame, Inscricao

if TYPE_CHECKING:  # só nas anotações: validacao usa NO_LOTE daqui
    from concursos.importacao.validacao import Leitura

logger = logging.getLogger(__name__)


PREPARO = "importacao_preparo"
# (coluna, tipo no PostgreSQL, tipo no SQLite). As linhas chegam na ordem destas colunas.
_COLUNAS_PREPARO = (
    ("linha", "integer", "INTEGER"), ("inscricao", "text", "TEXT"), ("cargo_id", "bigint", "INTEGER"),
    ("nome", "text", "TEXT"), ("nome_social", "text", "TEXT"), ("cpf", "text", "TEXT"),
    ("data_nascimento", "date", "TEXT"), ("genero", "text", "TEXT"), ("email", "text", "TEXT"),
    ("telefone", "text", "TEXT"), ("cor_raca", "text", "TEXT"), ("quilombola", "boolean", "INTEGER"),
    ("pcd", "boolean", "INTEGER"), ("reserva", "boolean", "INTEGER"), ("autodeclaracao_em", "date", "TEXT"),
    ("nota_final", "numeric", "NUMERIC"), ("classificacao", "integer", "INTEGER"), ("situacao", "text", "TEXT"),
    ("nome_busca", "text", "TEXT"), ("ultima_do_cpf", "boolean", "INTEGER"),
    # O documento apresentado para a reserva: o código do tipo, o grupo a que ele serve, a conferência e o motivo.
    ("documento", "text", "TEXT"), ("documento_grupo", "text", "TEXT"), ("documento_conferencia", "text", "TEXT"),
    ("documento_motivo", "text", "TEXT"),
)
# A posição de cada coluna de preparo nas linhas dos lotes.
NO_LOTE = {nome: i for i, (nome, _, _) in enumerate(_COLUNAS_PREPARO)}
# Preenchidas ao casar cada lote com o banco: a inscrição existente (pelo número) e se a linha a altera.
_COLUNAS_CALCULADAS = (("inscricao_id", "bigint", "INTEGER"), ("muda", "boolean", "INTEGER"))
# O órgão do certame, o mesmo em todas as linhas: vem do padrão da coluna, não dos lotes (cadastro_da_linha).
_ORGAO = "orgao_id"


class Preparo:
    """A tabela temporária de preparo: só esta conexão a vê, e ela some com a transação desfeita."""

    def __init__(self):
        self.postgres = connection.vendor == "postgresql"
        self.nulo = "\\N" if self.postgres else None

    def criar(self, certame: Certame) -> None:
        indice = 1 if self.postgres else 2
        colunas = ", ".join([*(f"{c[0]} {c[indice]}" for c in _COLUNAS_PREPARO + _COLUNAS_CALCULADAS),
                             f"{_ORGAO} {'bigint' if self.postgres else 'INTEGER'} NOT NULL "
                             f"DEFAULT {int(certame.orgao_id)}"])
        with connection.cursor() as cursor:
            if self.postgres:
                # A tabela de preparo de um arquivo grande não cabe nos 8 MB padrão de buffers temporários.
                # Só dá para mudar antes do primeiro uso de tabela temporária na sessão; depois, fica como está.
                try:
                    with transaction.atomic():
                        cursor.execute("SET temp_buffers = '256MB'")
                except DatabaseError:
                    pass
            cursor.execute(f"DROP TABLE IF EXISTS {PREPARO}")
            cursor.execute(f"CREATE TEMP TABLE {PREPARO} ({colunas})")
            # Cada lote é lido e gravado por faixa de linhas: sem este índice, cada lote varreria a tabela toda.
            cursor.execute(f"CREATE INDEX {PREPARO}_linha ON {PREPARO} (linha)")
            if not self.postgres:
                # O SQLite não tem junção por hash: sem índices, as verificações seriam quadráticas.
                for nome, colunas in (("inscricao", "inscricao"), ("cpf", "cpf, cargo_id"),
                                      ("classificacao", "cargo_id, classificacao"), ("id", "inscricao_id")):
                    cursor.execute(f"CREATE INDEX {PREPARO}_{nome} ON {PREPARO} ({colunas})")

    def gravar(self, linhas: list) -> None:
        if not linhas:
            return
        # Direto ao driver, dentro de wrap_database_errors (um erro vira o DatabaseError do Django, que a
        # importação trata): com DEBUG, o cursor do Django registraria no log django.db.backends cada linha
        # do arquivo (CPF, nascimento, cor ou raça) como parâmetro do executemany (LGPD art. 46).
        with connection.cursor() as cursor, connection.wrap_database_errors:
            if self.postgres:
                # COPY em formato texto: as linhas já vêm como texto, com \N para nulo e barras escapadas.
                nomes = ", ".join(c[0] for c in _COLUNAS_PREPARO)
                with cursor.cursor.copy(f"COPY {PREPARO} ({nomes}) FROM STDIN") as copia:
                    for inicio in range(0, len(linhas), 10_000):
                        copia.write("".join("\t".join(r) + "\n" for r in linhas[inicio:inicio + 10_000]))
            else:
                nomes = ", ".join(c[0] for c in _COLUNAS_PREPARO)
                marcas = ", ".join(["%s"] * len(_COLUNAS_PREPARO))
                cursor.cursor.executemany(f"INSERT INTO {PREPARO} ({nomes}) VALUES ({marcas})", linhas)

    def analisar(self) -> None:
        if self.postgres:
            # Tabelas temporárias não passam pelo autovacuum: sem estatísticas o planejador erra as junções.
            with connection.cursor() as cursor:
                # Uma amostra pequena basta para as junções (a padrão, de 30 mil linhas, custa mais).
                cursor.execute("SET LOCAL default_statistics_target = 10")
                cursor.execute(f"ANALYZE {PREPARO}")

    def remover(self) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {PREPARO}")
        except DatabaseError as exc:  # a conexão pode ter caído; a tabela temporária some com ela
            falhas.registrar(logger, "Não foi possível remover a tabela de preparo da importação:", exc=exc,
                             nivel=logging.WARNING)



def tabela(modelo) -> str:
    return connection.ops.quote_name(modelo._meta.db_table)


def cadastro_da_linha(candidato: str = "c", linha: str = "s") -> str:
    """A condição que casa uma linha do preparo com o cadastro da pessoa: o CPF no órgão do certame. Cada órgão tem o
    seu cadastro (decisão 0005); o de outro órgão é de outro controlador, e a importação nunca o lê nem o muda.

    O órgão vem da coluna do preparo, e não como constante: com `c.orgao_id = 7` o PostgreSQL estima o que há do órgão
    pela estatística da tabela, que na primeira importação de um órgão (ou numa tabela ainda sem ANALYZE) diz quase
    nada, e escolhe uma junção em laço sem índice — medido, 32 s para um lote de 10.000 linhas contra 35.000
    cadastros. Com as duas colunas na junção, cada linha acha o seu cadastro pelo índice (órgão, CPF): 30 ms."""
    return f"{candidato}.orgao_id = {linha}.{_ORGAO} AND {candidato}.cpf = {linha}.cpf"



@dataclass(frozen=True)
class Marcas:
    """Os maiores ids antes da importação: separam o que já existia do que esta importação criou."""

    candidato: int
    inscricao: int

    @classmethod
    def agora(cls) -> Marcas:
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT (SELECT max(id) FROM {tabela(Candidato)}), "
                           f"(SELECT max(id) FROM {tabela(Inscricao)})")
            candidato, inscricao = cursor.fetchone()
        return cls(candidato or 0, inscricao or 0)


def casar(certame: Certame, leitura: Leitura, marcas: Marcas, de: int, ate: int) -> int:
    """Acha a inscrição já existente de cada linha do lote (pelo número, neste certame) e marca se a linha a
    altera. Devolve quantas linhas do lote já existiam."""
    presentes = leitura.presentes
    mudancas = []
    conjuntos = ["inscricao_id = i.id"]
    origem = tabela(Inscricao) + " AS i"
    if leitura.modo == MODO_INSCRICOES:
        mudancas += [f"s.{c} IS DISTINCT FROM i.{c}" for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd")]
        mudancas += ["s.cpf IS DISTINCT FROM c.cpf",
                     "(s.autodeclaracao_em IS NOT NULL AND s.autodeclaracao_em IS DISTINCT FROM i.autodeclaracao_em)"]
        origem += f" JOIN {tabela(Candidato)} AS c ON c.id = i.candidato_id"
    else:
        # Arquivo só de resultados: o cargo vem da inscrição (para conferir a classificação no cargo).
        conjuntos.append("cargo_id = i.cargo_id")
    mudancas += [f"s.{c} IS DISTINCT FROM i.{c}" for c in COLUNAS_RESULTADO if c in presentes]
    if "classificacao" not in presentes:
        # A classificação final é a que já está no banco: entra nas verificações de repetição.
        conjuntos.append("classificacao = i.classificacao")
    conjuntos.append(f"muda = ({' OR '.join(mudancas) if mudancas else '1 = 0'})")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {PREPARO} AS s SET {', '.join(conjuntos)} FROM {origem} "
            f"WHERE i.certame_id = %s AND i.numero = s.inscricao AND i.id <= %s AND s.linha >= %s AND s.linha <= %s",
            [certame.pk, marcas.inscricao, de, ate])
        return cursor.rowcount

"""A importação como tarefa do admin: o andamento gravado para a barra de progresso e o resultado
registrado na Importacao."""

from __future__ import annotations

import logging
import time

from django.db import connection
from django.utils import timezone

from concursos.importacao import falhas
from concursos.importacao.preparo import tabela
from concursos.importacao.servico import ErroGravacao, importar
from concursos.models import EstadoImportacao, Importacao
from nucleo.texto import milhar

logger = logging.getLogger(__name__)


class Acompanhamento:
    """Grava o andamento no registro da Importacao, para a barra de progresso de outra requisição.

    Durante a gravação, a transação ainda não terminou: o que se gravasse por esta conexão só
    apareceria no fim. No PostgreSQL, o andamento vai por uma segunda conexão, em autocommit; no SQLite
    (um escritor por vez) ele só é gravado fora da transação, isto é, durante a leitura.
    """

    INTERVALO = 0.5

    def __init__(self, importacao: Importacao):
        self.pk = importacao.pk
        self.etapa = ""
        self.ultimo = 0.0
        self.lateral = None
        self.sql = (f"UPDATE {tabela(Importacao)} SET estado = %s, linhas_processadas = %s, ultimo_sinal = %s "
                    "WHERE id = %s")

    def __call__(self, etapa: str, linhas: int) -> None:
        agora = time.monotonic()
        if etapa == self.etapa and agora - self.ultimo < self.INTERVALO:
            return
        self.etapa, self.ultimo = etapa, agora
        estado = EstadoImportacao.GRAVANDO if etapa == "gravando" else EstadoImportacao.VALIDANDO
        params = [estado, linhas, connection.ops.adapt_datetimefield_value(timezone.now()), self.pk]
        if not connection.in_atomic_block:
            with connection.cursor() as cursor:
                cursor.execute(self.sql, params)
        elif connection.vendor == "postgresql":
            try:
                if self.lateral is None:
                    self.lateral = connection.get_new_connection(connection.get_connection_params())
                    self.lateral.autocommit = True
                self.lateral.execute(self.sql, params)
            except Exception as exc:  # o andamento é só informativo; a importação continua
                falhas.registrar(logger, "Não foi possível gravar o andamento da importação %s:", self.pk, exc=exc,
                                 nivel=logging.WARNING)

    def fechar(self) -> None:
        if self.lateral is not None:
            self.lateral.close()
            self.lateral = None


def executar_importacao(importacao: Importacao, *, acompanhar: bool = True) -> Importacao:
    """Valida (simulação) ou grava o arquivo de uma Importacao e registra o resultado nela.

    `acompanhar`: grava o andamento para a barra de progresso (desnecessário quando roda dentro da
    própria requisição, em que ninguém consulta a página enquanto isso)."""
    gravar = not importacao.simulacao
    importacao.sinalizar(estado=EstadoImportacao.VALIDANDO, linhas_processadas=0)
    acompanhamento = Acompanhamento(importacao)
    campos = ["estado", "resumo", "erros", "avisos", "total_linhas", "linhas_processadas", "concluida_em", "sha256",
              "efeitos"]
    try:
        with importacao.arquivo.open("rb") as arquivo:
            resultado = importar(
                certame=importacao.certame, arquivo=arquivo, nome=importacao.nome_original, gravar=gravar,
                usuario=importacao.criada_por, progresso=acompanhamento if acompanhar else None,
                importacao=importacao)
    except ErroGravacao as exc:
        importacao.estado = EstadoImportacao.FALHOU
        importacao.resumo = str(exc)
    except Exception as exc:
        falhas.registrar(logger, "Falha inesperada na importação %s:", importacao.pk, exc=exc)
        importacao.estado = EstadoImportacao.FALHOU
        importacao.resumo = ("Falha inesperada ao processar o arquivo; nada foi gravado. O erro ficou registrado "
                             "no log do servidor.")
    else:
        importacao.estado = EstadoImportacao.COM_ERROS if resultado.erros else EstadoImportacao.CONCLUIDA
        importacao.resumo = resultado.resumo()
        if resultado.total_erros > len(resultado.erros):
            importacao.resumo += (f" Só os {milhar(len(resultado.erros))} primeiros erros estão listados; corrija-os e "
                                  "envie o arquivo de novo.")
        importacao.erros = [{"linha": e.linha, "coluna": e.coluna, "valor": e.valor, "motivo": e.motivo}
                            for e in resultado.erros]
        importacao.avisos = [{"linha": e.linha, "coluna": e.coluna, "valor": e.valor, "motivo": e.motivo}
                             for e in resultado.avisos]
        importacao.total_linhas = resultado.linhas
        importacao.linhas_processadas = resultado.linhas
        importacao.sha256 = resultado.sha256 or importacao.sha256
        importacao.efeitos = resultado.efeitos
    finally:
        acompanhamento.fechar()
    importacao.concluida_em = timezone.now()
    importacao.save(update_fields=campos)
    return importacao

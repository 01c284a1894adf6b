"""Publicado o resultado, o arquivo da banca que traz nota, classificação ou situação é uma retificação do resultado
(decisão 0012): um ato, com o número, a data e o motivo informados no envio. Quem ocupa uma posição e o arquivo
elimina a deixa ao próximo da mesma lista pela mesma eliminação das páginas do admin
(concursos/services/resultado.py, `eliminacao_aplicar`), com a porta da heteroidentificação e a validade do certame.

Tudo na transação da importação: uma recusa vira erro da linha e desfaz o arquivo inteiro. A validação ensaia a
gravação (e a desfaz) para que a prévia diga quem deixaria cada posição e quem entraria.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import connection

from concursos.importacao.leiaute import COLUNAS_RESULTADO
from concursos.importacao.preparo import PREPARO, tabela
from concursos.importacao.validacao import Erros, Leitura
from concursos.models import AtoDoResultado, Cargo, Certame, Convocacao, EstadoCertame, Importacao, Inscricao, Situacao
from concursos.services.resultado import eliminacao_aplicar
from nucleo.servicos import ErroOperacao
from nucleo.texto import data_br


@dataclass(frozen=True)
class AtoDaRetificacao:
    """O ato que retifica o resultado publicado: o número («Edital nº 3/2026 — retificação do resultado»), a data e o
    motivo."""

    ato: str = ""
    data: date | None = None
    motivo: str = ""

    @classmethod
    def da_importacao(cls, importacao: Importacao) -> AtoDaRetificacao:
        return cls(importacao.ato_retificacao, importacao.data_retificacao, importacao.motivo_retificacao)

    @property
    def completo(self) -> bool:
        return bool(self.ato.strip() and self.data and self.motivo.strip())


def retifica_o_resultado(certame: Certame, leitura: Leitura) -> bool:
    """Publicado o resultado, um arquivo com alguma coluna de resultado o retifica; só com o nome e o contato da
    pessoa, não."""
    return certame.alcancou(EstadoCertame.RESULTADO) and any(c in leitura.presentes for c in COLUNAS_RESULTADO)


@dataclass(frozen=True)
class _Saida:
    """Quem ocupa uma posição e o arquivo elimina."""

    linha: int
    inscricao_id: int


class Retificacao:
    """As conferências antes da gravação e os efeitos nas chamadas depois dela."""

    def __init__(self, leitura: Leitura, ato: AtoDaRetificacao, erros: Erros, usuario, *, ativa: bool):
        self.leitura = leitura
        self.ato = ato
        self.erros = erros
        self.usuario = usuario
        self.ativa = ativa  # o arquivo retifica o resultado (`retifica_o_resultado`); senão, nada a fazer aqui
        self.saidas: list[_Saida] = []

    def conferir(self) -> None:
        """O ato informado, e as linhas que mudam a situação de quem já foi chamado."""
        if not self.ativa:
            return
        if not self.ato.completo:
            self.erros(1, "", "", "o resultado deste certame já foi publicado: um arquivo com nota, classificação ou "
                                  "situação o retifica, e a retificação é um ato — informe no envio o ato publicado, "
                                  "a data e o motivo.")
            return
        if "situacao" in self.leitura.presentes:
            self._chamados()

    def _chamados(self) -> None:
        linhas = _consultar(
            f"SELECT s.linha, s.inscricao, s.situacao, i.id, cv.posicao, cv.desistiu_em, cv.ato_desistencia, "
            f"ca.codigo FROM {PREPARO} AS s JOIN {tabela(Inscricao)} AS i ON i.id = s.inscricao_id "
            f"JOIN {tabela(Convocacao)} AS cv ON cv.inscricao_id = i.id "
            f"JOIN {tabela(Cargo)} AS ca ON ca.id = cv.cargo_id "
            f"WHERE s.situacao IS DISTINCT FROM i.situacao ORDER BY ca.codigo, cv.posicao, s.linha")
        for linha, numero, situacao, inscricao_id, posicao, saiu_em, ato_da_saida, cargo in linhas:
            onde = f"a inscrição {numero} "
            if saiu_em is not None:
                self.erros(linha, "situacao", situacao or "",
                           f"{onde}deixou a posição {posicao} do cargo {cargo} em {data_br(_data(saiu_em))} "
                           f"({ato_da_saida}): a situação dela vem desse ato e não muda pelo arquivo.")
            elif situacao == Situacao.ELIMINADO:
                self.saidas.append(_Saida(linha, inscricao_id))
            else:
                self.erros(linha, "situacao", situacao or "",
                           f"{onde}ocupa a posição {posicao} do cargo {cargo}: a desistência de quem foi chamado se "
                           "registra na página do cargo, com o termo de desistência.")

    def aplicar(self, importacao_id: int | None) -> list[dict]:
        """Depois da gravação das linhas: a posição de cada eliminado vaga e vai ao próximo da mesma lista, em ordem de
        cargo e posição, já com a classificação retificada. Devolve o que aconteceu em cada posição."""
        importacao = Importacao.objects.get(pk=importacao_id) if importacao_id else None
        efeitos = []
        for saida in self.saidas:
            inscricao = Inscricao.objects.select_related("certame__lei", "cargo").get(pk=saida.inscricao_id)
            try:
                ato = eliminacao_aplicar(inscricao=inscricao, data=self.ato.data, ato=self.ato.ato.strip(),
                                         motivo=self.ato.motivo.strip(), usuario=self.usuario, importacao=importacao)
            except ErroOperacao as erro:
                self.erros(saida.linha, "situacao", Situacao.ELIMINADO, str(erro))
                continue
            efeitos.append(_efeito(inscricao, ato))
        return efeitos


def _efeito(inscricao: Inscricao, ato: AtoDoResultado) -> dict:
    entra = ato.chamada.convocacoes.values_list("inscricao__numero", flat=True).get() if ato.chamada else ""
    return {"cargo": inscricao.cargo.codigo, "sai": inscricao.numero, "entra": entra, "efeito": ato.efeito}


def _consultar(sql: str) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


def _data(valor) -> date:
    # O SQLite devolve a data como texto.
    return date.fromisoformat(valor) if isinstance(valor, str) else valor

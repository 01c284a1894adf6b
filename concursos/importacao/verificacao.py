"""As verificações do arquivo inteiro e contra o banco, em SQL sobre a tabela de preparo."""

from __future__ import annotations

import logging
from datetime import date

from django.db import connection

from concursos.importacao.leiaute import MODO_INSCRICOES
from concursos.importacao.preparo import PREPARO, cadastro_da_linha, tabela
from concursos.importacao.validacao import DocumentosDoCertame, Erros, Leitura
from concursos.models import Candidato, Certame, DocumentoApresentado, Inscricao, formatar_cpf

logger = logging.getLogger(__name__)


# True e False são as chaves 1 e 0 (PostgreSQL devolve bool; SQLite, int).
_SIM_NAO_TEXTO = {"1": "sim", "0": "nao", 1: "sim", 0: "nao"}



def _texto_sim_nao(valor) -> str:
    return _SIM_NAO_TEXTO.get(valor, "" if valor is None else str(valor))


def _texto_data(valor) -> str:
    if valor is None:
        return ""
    if isinstance(valor, str):
        valor = date.fromisoformat(valor)
    return valor.strftime("%d/%m/%Y")


def _normal(valor):
    if isinstance(valor, bool):
        return int(valor)
    if isinstance(valor, date):
        return valor.isoformat()
    return valor



class Verificacao:
    """As verificações que dependem do banco ou do arquivo inteiro, em SQL sobre a tabela de preparo.

    «Está no arquivo» é decidido pelo número da inscrição (e não pelo id), para que as linhas já gravadas
    por esta mesma importação (etapa otimista) não contem como dados de fora do arquivo.
    """

    def __init__(self, certame: Certame, leitura: Leitura, cargos: dict[int, str], erros: Erros,
                 documentos: DocumentosDoCertame | None = None):
        self.certame = certame
        self.leitura = leitura
        self.cargos = cargos
        self.erros = erros
        self.documentos = documentos or DocumentosDoCertame({})
        self.pessoa = leitura.modo == MODO_INSCRICOES
        self.insc, self.cand, self.cert = tabela(Inscricao), tabela(Candidato), tabela(Certame)
        self.doc = tabela(DocumentoApresentado)

    def _linhas(self, sql: str, params=()) -> list[tuple]:
        with connection.cursor() as cursor:
            cursor.execute(sql, list(params))
            return cursor.fetchall()

    def _limite(self) -> int:
        return max(1, self.erros.limite - len(self.erros.lista) + 1)

    def executar(self) -> None:
        if not self.pessoa:
            self.inscricoes_desconhecidas()
        self.repetidas_no_arquivo()
        if self.pessoa:
            self.cpf_ja_inscrito_no_cargo()
        self.classificacao_ja_usada()
        if self.pessoa and self.certame.inscricoes_travadas:
            self.campos_travados()
        if "documento" in self.leitura.presentes:
            if not self.pessoa:
                self.documento_de_outro_grupo()
            self.conferencia_ja_feita()

    def documento_de_outro_grupo(self) -> None:
        """Num arquivo sem a autodeclaração (só de resultados ou de documentos), o documento é de um grupo a que a
        inscrição gravada concorre: quem optou pela reserva e pertence ao grupo (num arquivo de inscrições, a
        validação da linha já conferiu com a autodeclaração dela)."""
        linhas = self._linhas(
            f"SELECT s.linha, s.documento, i.reserva, i.cor_raca, i.quilombola FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS i ON i.id = s.inscricao_id WHERE s.documento IS NOT NULL ORDER BY s.linha")
        for linha, documento, reserva, cor, quilombola in linhas:
            tipo = self.documentos.tipos[documento]
            if not reserva:
                self.erros(linha, "documento", documento, "esta inscrição não optou pela reserva: só quem concorre a "
                                                          "ela apresenta o documento.")
            elif (cor, "1" if quilombola else "0") not in tipo.elegiveis:
                self.erros(linha, "documento", documento, f"o documento é da reserva «{tipo.nome_grupo}», a que a "
                                                          "autodeclaração registrada nesta inscrição não pertence.")

    def conferencia_ja_feita(self) -> None:
        """O arquivo não refaz uma conferência: o documento do mesmo tipo já conferido de outro jeito (e nenhum a
        conferir) se confere de novo na ficha da inscrição, com o motivo — um ato com quem e por quê."""
        mesmo = "e.inscricao_id = d.inscricao_id AND e.grupo = d.grupo AND e.tipo = d.tipo"
        linhas = self._linhas(
            f"SELECT DISTINCT s.linha, s.documento, s.documento_conferencia, d.conferencia FROM {PREPARO} AS s "
            f"JOIN {self.doc} AS d ON d.inscricao_id = s.inscricao_id AND d.grupo = s.documento_grupo "
            f"AND d.tipo = s.documento "
            f"WHERE s.documento_conferencia <> 'a_conferir' AND d.conferencia <> 'a_conferir' "
            f"AND NOT EXISTS (SELECT 1 FROM {self.doc} AS e WHERE {mesmo} AND e.conferencia = 'a_conferir') "
            f"AND NOT EXISTS (SELECT 1 FROM {self.doc} AS e WHERE {mesmo} "
            f"AND e.conferencia = s.documento_conferencia) ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, documento, nova, conferencia in linhas:
            self.erros(linha, "documento_conferencia", nova,
                       f"o documento {documento} desta inscrição já foi conferido («{conferencia}»): uma nova "
                       "conferência se faz na ficha da inscrição, com o motivo.")

    def inscricoes_desconhecidas(self) -> None:
        linhas = self._linhas(
            f"SELECT s.linha, s.inscricao, (SELECT min(ce.numero_edital) FROM {self.insc} AS o "
            f"JOIN {self.cert} AS ce ON ce.id = o.certame_id WHERE o.numero = s.inscricao AND o.certame_id <> %s) "
            f"FROM {PREPARO} AS s WHERE s.inscricao_id IS NULL AND s.inscricao IS NOT NULL "
            f"ORDER BY s.linha LIMIT %s", [self.certame.pk, self._limite()])
        for linha, numero, outro in linhas:
            if outro:
                motivo = (f"esta inscrição é do edital {outro}, não deste certame (edital "
                          f"{self.certame.numero_edital}); confira se escolheu o certame certo.")
            else:
                motivo = ("inscrição não encontrada neste certame; um arquivo só de resultados atualiza inscrições "
                          "já importadas.")
            self.erros(linha, "inscricao", numero, motivo)

    def _repetidas(self, chave: str, filtro: str) -> list[tuple]:
        colunas = chave.split(", ")
        return self._linhas(
            f"SELECT s.linha, {', '.join('s.' + c for c in colunas)}, d.primeira FROM {PREPARO} AS s "
            f"JOIN (SELECT {chave}, min(linha) AS primeira FROM {PREPARO} WHERE {filtro} GROUP BY {chave} "
            f"HAVING count(*) > 1) AS d ON {' AND '.join(f'd.{c} = s.{c}' for c in colunas)} "
            f"WHERE s.linha > d.primeira ORDER BY s.linha LIMIT %s", [self._limite()])

    def repetidas_no_arquivo(self) -> None:
        for linha, numero, primeira in self._repetidas("inscricao", "inscricao IS NOT NULL"):
            self.erros(linha, "inscricao", numero, f"inscrição repetida (já aparece na linha {primeira}).")
        if self.pessoa:
            for linha, cpf, cargo_id, primeira in self._repetidas("cpf, cargo_id",
                                                                  "cpf IS NOT NULL AND cargo_id IS NOT NULL"):
                self.erros(linha, "cpf", formatar_cpf(cpf),
                           f"CPF repetido no cargo {self.cargos.get(cargo_id, cargo_id)} (já aparece na linha "
                           f"{primeira}); uma pessoa tem uma só inscrição por cargo.")
        for linha, cargo_id, classificacao, primeira in self._repetidas(
                "cargo_id, classificacao", "classificacao IS NOT NULL AND cargo_id IS NOT NULL"):
            self.erros(linha, "classificacao", str(classificacao),
                       f"classificação repetida no cargo {self.cargos.get(cargo_id, cargo_id)} (já aparece na linha "
                       f"{primeira}); a banca deve aplicar os critérios de desempate.")

    def cpf_ja_inscrito_no_cargo(self) -> None:
        # Outra inscrição do mesmo cargo, fora do arquivo, com o mesmo CPF.
        linhas = self._linhas(
            f"SELECT s.linha, s.cpf, s.cargo_id, o.numero FROM {PREPARO} AS s "
            f"JOIN {self.cand} AS c ON {cadastro_da_linha()} "
            f"JOIN {self.insc} AS o ON o.candidato_id = c.id AND o.cargo_id = s.cargo_id "
            f"WHERE o.numero <> s.inscricao "
            f"AND NOT EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.inscricao = o.numero) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, cpf, cargo_id, numero in linhas:
            self.erros(linha, "cpf", formatar_cpf(cpf),
                       f"este CPF já tem a inscrição {numero} no cargo {self.cargos.get(cargo_id, cargo_id)}; uma "
                       "pessoa tem uma só inscrição por cargo.")

    def classificacao_ja_usada(self) -> None:
        linhas = self._linhas(
            f"SELECT s.linha, s.classificacao, s.cargo_id, o.numero FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS o ON o.cargo_id = s.cargo_id AND o.classificacao = s.classificacao "
            f"WHERE o.numero <> s.inscricao "
            f"AND NOT EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.inscricao = o.numero) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, classificacao, cargo_id, numero in linhas:
            self.erros(linha, "classificacao", str(classificacao),
                       f"a classificação {classificacao} do cargo {self.cargos.get(cargo_id, cargo_id)} já é da "
                       f"inscrição {numero}, que não está no arquivo; envie as duas ou corrija a classificação.")

    def campos_travados(self) -> None:
        """Encerradas as inscrições, nenhuma nova entra e a autodeclaração não muda (p. ex. Vargem Alta art. 3º): a
        mensagem cita o dispositivo da lei congelada no certame."""
        etapa = self.certame.get_estado_display()
        artigo = self.certame.citar("artigo_autodeclaracao")
        for linha, numero in self._linhas(
                f"SELECT linha, inscricao FROM {PREPARO} WHERE inscricao_id IS NULL AND inscricao IS NOT NULL "
                f"ORDER BY linha LIMIT %s", [self._limite()]):
            self.erros(linha, "inscricao", numero, f"as inscrições estão encerradas (certame em «{etapa}»): não "
                                                   "se aceita inscrição nova.")
        comparacoes = (
            ("cargo", "s.cargo_id", "i.cargo_id", lambda v: self.cargos.get(v, str(v))),
            ("cpf", "s.cpf", "c.cpf", formatar_cpf),
            ("reserva", "s.reserva", "i.reserva", _texto_sim_nao),
            ("cor_raca", "s.cor_raca", "i.cor_raca", str),
            ("quilombola", "s.quilombola", "i.quilombola", _texto_sim_nao),
            ("pcd", "s.pcd", "i.pcd", _texto_sim_nao),
            ("autodeclaracao_em", "s.autodeclaracao_em", "i.autodeclaracao_em", _texto_data),
        )
        diferente = " OR ".join(f"({novo} IS NOT NULL AND {novo} IS DISTINCT FROM {antigo})"
                                for _, novo, antigo, _ in comparacoes)
        colunas = ", ".join(f"{novo}, {antigo}" for _, novo, antigo, _ in comparacoes)
        linhas = self._linhas(
            f"SELECT s.linha, {colunas} FROM {PREPARO} AS s JOIN {self.insc} AS i ON i.id = s.inscricao_id "
            f"JOIN {self.cand} AS c ON c.id = i.candidato_id WHERE s.muda AND ({diferente}) "
            f"ORDER BY s.linha LIMIT %s", [self._limite()])
        for linha, *valores in linhas:
            for (coluna, _, _, texto), novo, antigo in zip(comparacoes, valores[::2], valores[1::2], strict=True):
                if novo is None or _normal(novo) == _normal(antigo):
                    continue
                self.erros(linha, coluna, texto(novo),
                           f"as inscrições estão encerradas (certame em «{etapa}»): a autodeclaração, a opção pela "
                           f"reserva e o cargo não mudam mais{artigo}; valor registrado: «{texto(antigo)}».")

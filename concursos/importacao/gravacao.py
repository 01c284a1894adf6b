"""As escritas: a gravação otimista dos lotes novos (COPY direto ou INSERT … SELECT) e a gravação final do
que esperava a validação, tudo na transação da importação."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from operator import itemgetter

from django.db import connection
from django.utils import timezone

from concursos.busca import SEPARADOR_SOCIAL
from concursos.importacao.leiaute import COLUNAS_RESULTADO, MODO_INSCRICOES
from concursos.importacao.preparo import NO_LOTE, PREPARO, cadastro_da_linha, tabela
from concursos.importacao.validacao import DocumentosDoCertame, Leitura, Lote
from concursos.models import Candidato, Certame, DocumentoApresentado, Inscricao, OrigemDocumento

logger = logging.getLogger(__name__)


LOTE_GRAVACAO_MINIMO = 50_000



# Campos do candidato que um arquivo atualiza (a pessoa pode vir de outro certame do mesmo órgão: um cadastro por
# órgão e CPF; o de outro órgão é de outro controlador e nunca é tocado, decisão 0005).
# Vazio não apaga o que já está cadastrado; a autodeclaração fica na inscrição, e no cadastro da pessoa
# só preenche a cor ou raça que ainda estiver em branco.
def atualizacao_candidato(novo: str, atual: str) -> dict[str, str]:
    return {
        "nome": f"{novo}.nome",
        "nome_social": f"CASE WHEN {novo}.nome_social <> '' THEN {novo}.nome_social ELSE {atual}.nome_social END",
        "data_nascimento": f"COALESCE({novo}.data_nascimento, {atual}.data_nascimento)",
        "genero": f"CASE WHEN {novo}.genero <> 'nao_informado' THEN {novo}.genero ELSE {atual}.genero END",
        "email": f"{novo}.email",
        "telefone": f"CASE WHEN {novo}.telefone <> '' THEN {novo}.telefone ELSE {atual}.telefone END",
        "cor_raca": f"CASE WHEN {atual}.cor_raca = '' THEN {novo}.cor_raca ELSE {atual}.cor_raca END",
    }



def _padrao(campo):
    if getattr(campo, "auto_now", False) or getattr(campo, "auto_now_add", False):
        return timezone.now()
    return campo.get_db_prep_save(campo.get_default(), connection)


def _insercao(modelo, expressoes: dict[str, tuple[str, list]]) -> tuple[str, str, list]:
    """Colunas e expressões de um INSERT … SELECT: as informadas e, para os demais campos, o padrão do modelo
    (assim um campo novo no modelo, com padrão, não quebra a importação)."""
    colunas, selecao, params = [], [], []
    for campo in modelo._meta.concrete_fields:
        if campo.primary_key:
            continue
        colunas.append(connection.ops.quote_name(campo.column))
        if campo.column in expressoes:
            sql, valores = expressoes[campo.column]
            selecao.append(sql)
            params.extend(valores)
        else:
            selecao.append("%s")
            params.append(_padrao(campo))
    return ", ".join(colunas), ", ".join(selecao), params


def _texto_copy(valor) -> str:
    """Um valor Python no formato texto do COPY (nulo, booliano, barras e quebras escapadas). Outros tipos
    (um JSON, p. ex.) levantam TypeError: aí a importação fica com o INSERT … SELECT."""
    if valor is None:
        return "\\N"
    if isinstance(valor, bool):
        return "t" if valor else "f"
    if not isinstance(valor, (str, int, float, Decimal, date)):
        raise TypeError(f"sem formato de COPY para {type(valor).__name__}")
    return str(valor).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


class _CopiaDireta:
    """PostgreSQL: um lote só de pessoas e inscrições novas vai direto para as tabelas por COPY.

    O COPY grava as linhas em blocos por página (uma entrada de WAL por página, não por linha) e dispensa a
    junção pelo CPF do INSERT … SELECT da tabela de preparo: medido, a CPU do banco por 100.000 linhas caiu
    de ~3,6 s para ~3,0 s.
    Os ids dos candidatos vêm antes da sequência, para que as inscrições já os tragam. Um lote com algum CPF
    já cadastrado no órgão (a pessoa de outro certame dele) fica com o INSERT … ON CONFLICT, que o atualiza.
    """

    def __init__(self, certame: Certame, leitura: Leitura, importacao_id: int | None):
        resultados = [c for c in COLUNAS_RESULTADO if c in leitura.presentes]
        self.candidatos = _Molde(Candidato, "id", {c: c for c in (
            "nome", "nome_social", "nome_busca", "cpf", "data_nascimento", "genero", "cor_raca", "quilombola", "pcd",
            "email", "telefone")}, orgao_id=certame.orgao_id)
        self.do_cadastro = cadastro_da_linha()
        self.inscricoes = _Molde(Inscricao, "candidato_id", {
            "numero": "inscricao", **{c: c for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd",
                                                     "autodeclaracao_em", *resultados)}},
            certame_id=certame.pk, importacao_id=importacao_id)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [Candidato._meta.db_table])
            self.sequencia = cursor.fetchone()[0]

    def gravar(self, lote: Lote) -> int | None:
        """Grava o lote e devolve quantos candidatos criou; None se algum CPF já está cadastrado."""
        linhas = lote.linhas
        cpf, ultima = NO_LOTE["cpf"], NO_LOTE["ultima_do_cpf"]
        novos = [linha for linha in linhas if linha[ultima] == "t"]
        with connection.cursor() as cursor:
            # O lote já está na tabela de preparo: a consulta não precisa levar os CPFs de novo.
            cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {PREPARO} AS s JOIN {tabela(Candidato)} AS c "
                           f"ON {self.do_cadastro} WHERE s.linha >= %s AND s.linha <= %s)",
                           [lote.primeira, lote.ultima])
            if cursor.fetchone()[0]:
                return None
            # Os ids numa linha só, já como texto (o formato do COPY).
            cursor.execute("SELECT string_agg(nextval(%s::regclass)::text, ',') FROM generate_series(1, %s)",
                           [self.sequencia, len(novos)])
            ids = dict(zip((linha[cpf] for linha in novos), cursor.fetchone()[0].split(","), strict=True))
            self.candidatos.copiar(cursor, novos, ids)
            self.inscricoes.copiar(cursor, linhas, ids)
        return len(novos)


class _Molde:
    """O COPY de uma tabela a partir das linhas do lote: primeiro as colunas que vêm do lote (na ordem de
    `do_lote`: coluna da tabela → coluna de preparo), depois o id do candidato, depois as fixas (`fixas` e o
    padrão do modelo para os demais campos: um campo novo com padrão não quebra a importação)."""

    def __init__(self, modelo, coluna_do_id: str, do_lote: dict[str, str], **fixas):
        self.tabela = tabela(modelo)
        self.pega = itemgetter(*(NO_LOTE[c] for c in do_lote.values()))
        colunas = [*do_lote, coluna_do_id]
        sufixo = []
        for campo in modelo._meta.concrete_fields:
            if campo.column in colunas or campo.primary_key:
                continue
            colunas.append(campo.column)
            sufixo.append(_texto_copy(fixas[campo.column] if campo.column in fixas else _padrao(campo)))
        self.colunas = ", ".join(connection.ops.quote_name(c) for c in colunas)
        self.sufixo = "".join(f"\t{v}" for v in sufixo) + "\n"

    def copiar(self, cursor, linhas: list[list], ids: dict[str, str]) -> None:
        pega, sufixo, cpf, tab = self.pega, self.sufixo, NO_LOTE["cpf"], "\t"
        # O COPY vai direto ao psycopg: o erro (uma chave repetida) precisa virar o IntegrityError do Django.
        with connection.wrap_database_errors, cursor.cursor.copy(
                f"COPY {self.tabela} ({self.colunas}) FROM STDIN") as copia:
            for inicio in range(0, len(linhas), 5_000):
                copia.write("".join(tab.join(pega(linha)) + tab + ids[linha[cpf]] + sufixo
                                    for linha in linhas[inicio:inicio + 5_000]))


class Gravacao:
    """As escritas, por faixa de linhas da tabela de preparo, todas na transação da importação."""

    def __init__(self, certame: Certame, leitura: Leitura, importacao_id: int | None, usuario, motivo: str):
        self.certame = certame
        self.leitura = leitura
        self.importacao_id = importacao_id
        self.usuario_id = getattr(usuario, "pk", None)
        self.motivo = motivo[:100]
        self.agora = timezone.now()
        self.pessoa = leitura.modo == MODO_INSCRICOES
        self.postgres = connection.vendor == "postgresql"
        self.insc, self.cand = tabela(Inscricao), tabela(Candidato)
        self.do_cadastro = cadastro_da_linha()
        self.candidatos_afetados = 0
        self.copiadas = 0  # linhas gravadas pelo COPY direto: só pessoas e inscrições novas
        self.copia = None
        if self.postgres and self.pessoa and importacao_id is not None:
            try:
                self.copia = _CopiaDireta(certame, leitura, importacao_id)
            except TypeError:
                logger.warning("Campo sem formato de COPY; a importação grava por INSERT … SELECT.", exc_info=True)

    def _executar(self, sql: str, params) -> int:
        with connection.cursor() as cursor:
            cursor.execute(sql, list(params))
            return cursor.rowcount

    def _resultados(self) -> list[str]:
        return [c for c in COLUNAS_RESULTADO if c in self.leitura.presentes]

    def _nome_busca(self) -> str:
        """O nome_busca de um candidato atualizado (concursos/busca.py). Vazio no arquivo, o nome social
        cadastrado fica: o que segue o separador no nome_busca gravado é a parte dele, já normalizada."""
        atual = f"{self.cand}.nome_busca"
        if self.postgres:
            parte_social = f"split_part({atual}, '{SEPARADOR_SOCIAL}', 2)"
        else:
            parte_social = f"substr({atual}, instr({atual}, '{SEPARADOR_SOCIAL}') + {len(SEPARADOR_SOCIAL)})"
        return (f"CASE WHEN excluded.nome_social <> '' OR {self.cand}.nome_social = '' THEN excluded.nome_busca "
                f"ELSE excluded.nome_busca || '{SEPARADOR_SOCIAL}' || {parte_social} END")

    def candidatos(self, de: int, ate: int, *, lote_lido: bool = False) -> None:
        """Cria ou atualiza (pelo CPF, no órgão do certame) os candidatos das linhas `de` a `ate`. Com `lote_lido`, a
        faixa é um lote da leitura, que já marcou a última linha de cada CPF; senão, a faixa agrupa por CPF."""
        expressoes = {c: (f"s.{c}", []) for c in ("nome", "nome_social", "nome_busca", "cpf", "data_nascimento",
                                                   "genero", "cor_raca", "quilombola", "pcd", "email", "telefone")}
        expressoes["orgao_id"] = ("%s", [self.certame.orgao_id])
        colunas, selecao, params = _insercao(Candidato, expressoes)
        campos = atualizacao_candidato("excluded", self.cand)
        conjuntos = ", ".join([*(f"{c} = {e}" for c, e in campos.items()), f"nome_busca = {self._nome_busca()}"])
        diferente = " OR ".join(f"{self.cand}.{c} IS DISTINCT FROM ({e})" for c, e in campos.items())
        # A última linha de cada CPF na faixa prevalece (e, entre faixas, a seguinte): o ON CONFLICT
        # não aceita o mesmo CPF duas vezes no mesmo comando.
        if lote_lido:
            ultimas, extra = "s.ultima_do_cpf", []
        else:
            ultimas = (f"s.linha IN (SELECT max(linha) FROM {PREPARO} WHERE linha >= %s AND linha <= %s "
                       f"GROUP BY cpf)")
            extra = [de, ate]
        self.candidatos_afetados += self._executar(
            f"INSERT INTO {self.cand} ({colunas}) SELECT {selecao} FROM {PREPARO} AS s "
            f"WHERE s.linha >= %s AND s.linha <= %s AND {ultimas} "
            f"ON CONFLICT (orgao_id, cpf) DO UPDATE SET {conjuntos} WHERE {diferente}", [*params, de, ate, *extra])

    def criar_inscricoes(self, de: int, ate: int, *, otimista: bool) -> int:
        """Insere as inscrições novas do lote, cada uma apontando a importação que a criou. Na etapa otimista
        é um INSERT simples: uma colisão (número, CPF ou classificação repetidos) desfaz só o lote (savepoint),
        e a validação do arquivo inteiro a acusa depois. (Um ON CONFLICT DO NOTHING sem alvo confere os
        índices únicos antes de cada linha e custa cerca de 50% a mais.) Na etapa final, insere o que ainda
        não estiver gravado."""
        expressoes = {c: (f"s.{c}", []) for c in ("cargo_id", "reserva", "cor_raca", "quilombola", "pcd",
                                                   "autodeclaracao_em", *self._resultados())}
        expressoes["certame_id"] = ("%s", [self.certame.pk])
        expressoes["candidato_id"] = ("c.id", [])
        expressoes["numero"] = ("s.inscricao", [])
        expressoes["importacao_id"] = ("%s", [self.importacao_id])
        if "situacao" in expressoes:
            padrao = Inscricao._meta.get_field("situacao").get_default()
            expressoes["situacao"] = ("COALESCE(s.situacao, %s)", [padrao])
        colunas, selecao, params = _insercao(Inscricao, expressoes)
        filtro, extra = "", [de, ate]
        if not otimista:
            filtro = (f"AND NOT EXISTS (SELECT 1 FROM {self.insc} AS i WHERE i.certame_id = %s "
                      f"AND i.numero = s.inscricao)")
            extra.append(self.certame.pk)
        return self._executar(
            f"INSERT INTO {self.insc} ({colunas}) SELECT {selecao} FROM {PREPARO} AS s "
            f"JOIN {self.cand} AS c ON {self.do_cadastro} "
            f"WHERE s.inscricao_id IS NULL AND s.linha >= %s AND s.linha <= %s {filtro}", [*params, *extra])

    def historico(self, de: int, ate: int) -> None:
        """Um registro de histórico (django-simple-history) por inscrição que o arquivo alterou. As criadas
        não ganham um: apontam a importação (Inscricao.importacao), o registro único do arquivo."""
        historico = Inscricao.history.model
        colunas, selecao, params = [], [], []
        especiais = {"history_date": ("%s", [self.agora]), "history_change_reason": ("%s", [self.motivo]),
                     "history_user_id": ("%s", [self.usuario_id]), "history_type": ("'~'", [])}
        for campo in historico._meta.concrete_fields:
            if campo.primary_key:
                continue
            colunas.append(connection.ops.quote_name(campo.column))
            sql, valores = especiais.get(campo.column, (f"i.{connection.ops.quote_name(campo.column)}", []))
            selecao.append(sql)
            params.extend(valores)
        self._executar(
            f"INSERT INTO {tabela(historico)} ({', '.join(colunas)}) SELECT {', '.join(selecao)} FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS i ON i.id = s.inscricao_id WHERE s.muda AND s.linha >= %s AND s.linha <= %s",
            [*params, de, ate])

    def lote_otimista(self, lote: Lote, existentes: int) -> bool:
        """Grava as linhas novas de um lote ainda sem erros, enquanto o resto do arquivo é lido. Devolve se
        todas entraram (se não, a etapa final completa)."""
        if self.copia is not None and not existentes:
            criados = self.copia.gravar(lote)
            if criados is not None:
                self.candidatos_afetados += criados
                self.copiadas += len(lote.linhas)
                return True
        self.candidatos(lote.primeira, lote.ultima, lote_lido=True)
        criadas = self.criar_inscricoes(lote.primeira, lote.ultima, otimista=True)
        return criadas == len(lote.linhas) - existentes

    def liberar_classificacoes(self) -> None:
        if self.postgres:
            # Adiada até o fim da gravação (a restrição é DEFERRABLE, migração 0004): numa troca de posições
            # (1 ↔ 2) cada inscrição é gravada uma vez, e a unicidade é conferida no conjunto final.
            self._executar("SET CONSTRAINTS inscricao_classificacao_unica DEFERRED", [])
            return
        # O SQLite confere a unicidade linha a linha: numa troca de posições a primeira atualização colidiria
        # com a segunda. Quem cede a posição a outra linha fica sem classificação antes das atualizações.
        self._executar(
            f"UPDATE {self.insc} SET classificacao = NULL WHERE id IN (SELECT i.id FROM {PREPARO} AS s "
            f"JOIN {self.insc} AS i ON i.id = s.inscricao_id WHERE s.muda AND i.classificacao IS NOT NULL "
            f"AND EXISTS (SELECT 1 FROM {PREPARO} AS t WHERE t.cargo_id = i.cargo_id "
            f"AND t.classificacao = i.classificacao AND t.linha <> s.linha))", [])

    def conferir_classificacoes(self) -> None:
        if self.postgres:
            # Confere agora o que foi adiado: uma violação vira erro da importação, não do commit.
            self._executar("SET CONSTRAINTS inscricao_classificacao_unica IMMEDIATE", [])

    def atualizar_inscricoes(self, de: int, ate: int) -> None:
        conjuntos = [f"{c} = s.{c}" for c in self._resultados()]
        juncao = ""
        if self.pessoa:
            conjuntos += ["cargo_id = s.cargo_id", "candidato_id = c.id", "reserva = s.reserva",
                          "cor_raca = s.cor_raca", "quilombola = s.quilombola", "pcd = s.pcd",
                          f"autodeclaracao_em = COALESCE(s.autodeclaracao_em, {self.insc}.autodeclaracao_em)"]
            juncao = f"JOIN {self.cand} AS c ON {self.do_cadastro}"
        if conjuntos:
            self._executar(
                f"UPDATE {self.insc} SET {', '.join(conjuntos)} FROM {PREPARO} AS s {juncao} "
                f"WHERE {self.insc}.id = s.inscricao_id AND s.muda AND s.linha >= %s AND s.linha <= %s", [de, ate])

    def final(self, *, pendente: int | None, completar: bool, progresso: Callable[[str, int], None]) -> None:
        """O que a etapa otimista não gravou: candidatos e inscrições novas a partir da linha `pendente`
        (ou de todo o arquivo, com `completar`), as alterações de inscrições existentes e o histórico delas."""
        leitura = self.leitura
        passo = max(LOTE_GRAVACAO_MINIMO, -(-leitura.linhas // 10))
        faixas = [(de, min(de + passo - 1, leitura.ultima)) for de in range(leitura.primeira, leitura.ultima + 1,
                                                                              passo)]
        if self.pessoa and pendente is not None:
            for de, ate in faixas:
                if ate >= pendente:
                    self.candidatos(max(de, pendente), ate)
        self.liberar_classificacoes()
        feitas = 0
        for de, ate in faixas:
            self.atualizar_inscricoes(de, ate)
            self.historico(de, ate)
            if self.pessoa and (completar or (pendente is not None and ate >= pendente)):
                self.criar_inscricoes(de if completar else max(de, pendente), ate, otimista=False)
            feitas = min(leitura.linhas, feitas + passo)
            progresso("gravando", feitas)
        self.conferir_classificacoes()

    def documentos(self, documentos: DocumentosDoCertame) -> tuple[int, int]:
        """Os documentos que o arquivo traz (depois de todas as inscrições gravadas): um documento de tipo novo para a
        inscrição é registrado, de origem «arquivo da banca», com a conferência da banca se ela a trouxe; um do mesmo
        tipo ainda a conferir recebe a conferência da banca, com um registro no histórico dele. O resto (o mesmo
        documento, já registrado) não muda. Devolve (registrados, conferidos pela banca: os novos que vieram conferidos
        e os já registrados que ela conferiu agora)."""
        if not documentos.tipos:
            return 0, 0
        doc, agora, usuario, importacao = tabela(DocumentoApresentado), self.agora, self.usuario_id, self.importacao_id
        inscricao = (f"JOIN {self.insc} AS i ON i.certame_id = %s AND i.numero = s.inscricao "
                     "WHERE s.documento IS NOT NULL")
        conferidos = self._executar(
            f"UPDATE {doc} SET conferencia = s.documento_conferencia, motivo = COALESCE(s.documento_motivo, ''), "
            f"conferido_por_id = %s, conferido_em = %s, conferido_na_importacao_id = %s "
            f"FROM {PREPARO} AS s {inscricao} AND s.documento_conferencia <> 'a_conferir' "
            f"AND {doc}.inscricao_id = i.id AND {doc}.grupo = s.documento_grupo AND {doc}.tipo = s.documento "
            f"AND {doc}.conferencia = 'a_conferir'", [usuario, agora, importacao, self.certame.pk])
        if conferidos and importacao is not None:
            self._historico_dos_documentos(importacao)
        nomes = " ".join("WHEN %s THEN %s" for _ in documentos.tipos)
        expressoes = {
            "inscricao_id": ("i.id", []), "grupo": ("s.documento_grupo", []), "tipo": ("s.documento", []),
            "nome": (f"CASE s.documento {nomes} END", [v for c, t in documentos.tipos.items() for v in (c, t.nome)]),
            "origem": ("%s", [OrigemDocumento.ARQUIVO.value]), "importacao_id": ("%s", [importacao]),
            "registrado_por_id": ("%s", [usuario]), "registrado_em": ("%s", [agora]),
            "conferencia": ("s.documento_conferencia", []), "motivo": ("COALESCE(s.documento_motivo, '')", []),
        }
        colunas, selecao, params = _insercao(DocumentoApresentado, expressoes)
        registrados = self._executar(
            f"INSERT INTO {doc} ({colunas}) SELECT {selecao} FROM {PREPARO} AS s {inscricao} "
            f"AND NOT EXISTS (SELECT 1 FROM {doc} AS d WHERE d.inscricao_id = i.id AND d.grupo = s.documento_grupo "
            f"AND d.tipo = s.documento)", [*params, self.certame.pk])
        if registrados and importacao is not None:
            # Quem e quando da conferência que a banca já trouxe com o documento novo (um UPDATE à parte: no
            # INSERT … SELECT, um CASE com o parâmetro não diz ao PostgreSQL o tipo da coluna).
            conferidos += self._executar(
                f"UPDATE {doc} SET conferido_por_id = %s, conferido_em = %s, conferido_na_importacao_id = %s "
                f"WHERE importacao_id = %s AND conferencia <> 'a_conferir' AND conferido_em IS NULL",
                [usuario, agora, importacao, importacao])
        return registrados, conferidos

    def _historico_dos_documentos(self, importacao: int) -> None:
        """Um registro de histórico por documento que a banca conferiu nesta importação (os que ela registrou não
        ganham um: apontam a importação, como as inscrições criadas)."""
        historico = DocumentoApresentado.history.model
        colunas, selecao, params = [], [], []
        especiais = {"history_date": ("%s", [self.agora]),
                     "history_change_reason": ("%s", [f"Conferido no arquivo da banca (importação nº {importacao})."]),
                     "history_user_id": ("%s", [self.usuario_id]), "history_type": ("'~'", [])}
        for campo in historico._meta.concrete_fields:
            if campo.primary_key:
                continue
            colunas.append(connection.ops.quote_name(campo.column))
            sql, valores = especiais.get(campo.column, (f"d.{connection.ops.quote_name(campo.column)}", []))
            selecao.append(sql)
            params.extend(valores)
        self._executar(
            f"INSERT INTO {tabela(historico)} ({', '.join(colunas)}) SELECT {', '.join(selecao)} "
            f"FROM {tabela(DocumentoApresentado)} AS d WHERE d.conferido_na_importacao_id = %s",
            [*params, importacao])

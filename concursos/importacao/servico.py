"""Importação dos arquivos da banca (inscrições e resultados) para um certame: tudo ou nada, em lote.

O leiaute está em docs/importacao.md. Um arquivo com as colunas da pessoa (nome, cpf…) é de
**inscrições** (cria ou atualiza candidatos e inscrições; as colunas de resultado são opcionais); um
arquivo só com `inscricao` e colunas de resultado é de **resultados** e atualiza as inscrições já
existentes pelo número.

Tudo numa única transação, com o certame travado (duas importações do mesmo certame não se cruzam), e
com o mesmo SQL e as mesmas mensagens em PostgreSQL e em SQLite:

1. **Leitura** em fluxo (módulo csv, ou openpyxl read_only: memória limitada), com a validação de cada
   valor por consultas a dicionários e expressões pré-compiladas, sem objeto de modelo por linha. Roda
   numa thread própria e entrega lotes; cada lote vai para uma tabela temporária de preparo (PostgreSQL:
   COPY; SQLite: executemany) e é casado com as inscrições já existentes.
2. **Gravação otimista**: enquanto o arquivo está sem erros, as linhas *novas* de cada lote já são
   gravadas (candidatos por INSERT … SELECT … ON CONFLICT (orgao_id, cpf): o cadastro da pessoa é o do órgão do
   certame, decisão 0005; inscrições por INSERT … SELECT, cada uma apontando a Importacao que a criou), cada lote
   num savepoint. Assim o banco, que é o gargalo (índices,
   chaves estrangeiras), trabalha enquanto o Python lê o resto do arquivo.
3. **Validação do arquivo inteiro** em SQL sobre a tabela de preparo: repetições no arquivo, CPF já
   inscrito no cargo, classificação já usada, inscrição de outro certame, campos travados depois do
   encerramento das inscrições. Se todas as linhas entraram na etapa otimista, os índices únicos já
   provaram o que essas verificações provariam, e elas não rodam.
4. Com qualquer erro (ou na simulação), a transação é desfeita: nada do que foi gravado fica. Sem erros,
   grava o que esperava a validação (alterações de inscrições existentes, com um registro de histórico
   cada; resultados; lotes que não puderam ser gravados antes) e confirma.

Os erros seguem o estilo do simulador (legislacao/entrada.py): «Linha N, coluna «x», valor «v»: motivo»,
com a linha do arquivo (a do cabeçalho é a 1).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from concursos.importacao import falhas
from concursos.importacao.avisos import reserva_fora_dos_grupos
from concursos.importacao.gravacao import Gravacao, atualizacao_candidato
from concursos.importacao.leiaute import (
    COLUNAS,
    COLUNAS_RESULTADO,
    MODO_INSCRICOES,
    ErroCabecalho,
    colunas_ausentes,
    mapear_cabecalho,
)
from concursos.importacao.leitura import Fonte, abrir, em_paralelo
from concursos.importacao.preparo import PREPARO, Marcas, Preparo, cadastro_da_linha, casar, tabela
from concursos.importacao.retificacao_do_resultado import AtoDaRetificacao, Retificacao, retifica_o_resultado
from concursos.importacao.validacao import DocumentosDoCertame, Erros, Leitura, TipoAceito, ler_lotes
from concursos.importacao.verificacao import Verificacao
from concursos.models import Candidato, Cargo, Certame, EstadoImportacao, Importacao, Inscricao
from legislacao.entrada import Erro
from nucleo.arquivos import sha256_do_arquivo
from nucleo.texto import milhar, plural

logger = logging.getLogger(__name__)


# Arquivos com mais erros que isto são quase sempre o arquivo errado: os primeiros ficam listados e os
# demais só contados, para que a lista caiba na tela e no registro da importação.
LIMITE_ERROS = 10_000



class ErroGravacao(Exception):
    """O banco recusou a gravação (nada foi gravado); a mensagem, em português, diz o que houve."""


@dataclass
class ResultadoDaImportacao:
    """O que a importação leu, o que gravou (ou gravaria, na simulação) e os erros encontrados."""

    modo: str = ""
    linhas: int = 0
    candidatos_criados: int = 0
    candidatos_atualizados: int = 0
    inscricoes_criadas: int = 0
    inscricoes_atualizadas: int = 0
    inscricoes_sem_mudanca: int = 0
    # Os documentos apresentados para a reserva (Iúna art. 2º, II; Ibatiba art. 2º): novos e conferidos pela banca.
    documentos_registrados: int = 0
    documentos_conferidos: int = 0
    erros: list[Erro] = field(default_factory=list)
    total_erros: int = 0
    # O que não impede a gravação, mas o RH precisa ver (concursos/importacao/avisos.py).
    avisos: list[Erro] = field(default_factory=list)
    total_avisos: int = 0
    colunas_ignoradas: list[str] = field(default_factory=list)
    colunas: list[str] = field(default_factory=list)
    gravado: bool = False
    segundos: float = 0.0
    importacao_id: int | None = None
    sha256: str = ""
    # Publicado o resultado, o arquivo o retifica: o que aconteceu (ou aconteceria) em cada posição que vaga; None
    # quando o arquivo não retifica o resultado (decisão 0012).
    efeitos: list[dict] | None = None

    @property
    def linhas_por_segundo(self) -> float:
        return self.linhas / self.segundos if self.segundos else 0.0

    def resumo(self) -> str:
        """O resumo em português, o mesmo no comando e no admin."""
        if self.modo == MODO_INSCRICOES:
            tipo = "Arquivo de inscrições"
        elif self.modo:
            tipo = "Arquivo de resultados" if set(COLUNAS_RESULTADO) & set(self.colunas) else "Arquivo de documentos"
        else:
            # O cabeçalho não diz que arquivo é (nenhuma coluna do leiaute além da inscrição): as linhas não são lidas.
            tipo = "Arquivo fora do leiaute"
        retificacao = " (retificação do resultado)" if self.efeitos is not None else ""
        lidas = plural(self.linhas, "linha lida", "linhas lidas") if self.modo else "as linhas não foram lidas"
        partes = [f"{tipo}{retificacao}: {lidas}."]
        if self.erros:
            partes.append(f"{plural(self.total_erros, 'erro')}; nada foi gravado.")
            return " ".join(partes)
        verbo = "" if self.gravado else " (simulação: nada foi gravado)"
        if self.modo == MODO_INSCRICOES:
            partes.append(f"Candidatos: {plural(self.candidatos_criados, 'novo')}, "
                          f"{plural(self.candidatos_atualizados, 'atualizado')}.")
        partes.append(f"Inscrições: {plural(self.inscricoes_criadas, 'nova')}, "
                      f"{plural(self.inscricoes_atualizadas, 'atualizada')}, {milhar(self.inscricoes_sem_mudanca)} sem "
                      f"alteração{verbo}.")
        if self.documentos_registrados or self.documentos_conferidos:
            partes.append(f"Documentos para a reserva: {plural(self.documentos_registrados, 'registrado')}, "
                          f"{plural(self.documentos_conferidos, 'conferido')} pela banca{verbo}.")
        if self.efeitos:
            vagas = plural(len(self.efeitos), "posição fica vaga", "posições ficam vagas")
            quem = "quem a ocupava" if len(self.efeitos) == 1 else "quem as ocupava"
            partes.append(f"{vagas} pela eliminação de {quem}, e cada uma vai ao próximo da mesma lista, se houver.")
        if self.colunas_ignoradas:
            partes.append(f"Colunas ignoradas: {', '.join(self.colunas_ignoradas)}.")
        if self.total_avisos:
            partes.append(f"{plural(self.total_avisos, 'aviso')} sobre os dados da banca, linha a linha, na lista de "
                          "avisos.")
        return " ".join(partes)



def _contar(resultado: ResultadoDaImportacao, leitura: Leitura, marcas: Marcas, gravacao: Gravacao | None) -> None:
    if gravacao is not None and gravacao.copiadas == leitura.linhas:
        # Tudo foi pelo COPY direto, que só grava pessoas novas: as contagens já são conhecidas.
        resultado.inscricoes_criadas = leitura.linhas
        resultado.candidatos_criados = gravacao.candidatos_afetados
        return
    cand = tabela(Candidato)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), sum(CASE WHEN inscricao_id IS NULL THEN 1 ELSE 0 END), "
                       f"sum(CASE WHEN muda THEN 1 ELSE 0 END) FROM {PREPARO}")
        total, novas, mudam = (v or 0 for v in cursor.fetchone())
        resultado.inscricoes_criadas = novas
        resultado.inscricoes_atualizadas = mudam
        resultado.inscricoes_sem_mudanca = total - novas - mudam
        if leitura.modo != MODO_INSCRICOES:
            return
        cursor.execute(f"SELECT count(DISTINCT s.cpf) FROM {PREPARO} AS s WHERE NOT EXISTS "
                       f"(SELECT 1 FROM {cand} AS c WHERE {cadastro_da_linha()} AND c.id <= %s)",
                       [marcas.candidato])
        resultado.candidatos_criados = cursor.fetchone()[0]
        if gravacao is not None:
            # Depois da gravação, o banco já tem os dados novos: conta o que o ON CONFLICT de fato mudou.
            resultado.candidatos_atualizados = max(0, gravacao.candidatos_afetados - resultado.candidatos_criados)
            return
        campos = atualizacao_candidato("s", "c")
        diferente = " OR ".join(f"c.{coluna} IS DISTINCT FROM ({expressao})" for coluna, expressao in campos.items())
        cursor.execute(f"SELECT count(*) FROM {PREPARO} AS s JOIN {cand} AS c ON {cadastro_da_linha()} "
                       f"WHERE s.linha IN (SELECT max(linha) FROM {PREPARO} GROUP BY cpf) AND ({diferente})")
        resultado.candidatos_atualizados = cursor.fetchone()[0]



def _sem_progresso(etapa: str, linhas: int) -> None:
    return None


def documentos_do_certame(certame: Certame) -> DocumentosDoCertame:
    """Os documentos que a lei congelada no certame aceita (Iúna art. 2º, II; Ibatiba art. 2º), como a validação das
    linhas os consulta. Antes da publicação não há lei congelada, e a coluna não é aceita."""
    if not certame.publicado:
        return DocumentosDoCertame({}, erro_publicacao="o edital ainda não foi publicado: os documentos são os da lei "
                                                       "congelada na publicação.")
    exigencias = certame.exigencias_documentais()
    tipos = {}
    for grupo in certame.regras_motor().grupos:
        exigencia = exigencias.get(grupo.codigo)
        if exigencia is None:
            continue
        elegiveis = frozenset((cor, "1" if quilombola else "0") for cor, quilombola in grupo.elegiveis())
        for tipo in exigencia.tipos:
            tipos.setdefault(tipo.codigo, TipoAceito(grupo.codigo, elegiveis, grupo.nome, tipo.nome))
    return DocumentosDoCertame(tipos)


def importar(*, certame: Certame, arquivo: BinaryIO | str | Path, nome: str = "", gravar: bool = True,
             usuario=None, motivo: str = "", progresso: Callable[[str, int], None] | None = None,
             limite_erros: int = LIMITE_ERROS, importacao: Importacao | None = None,
             retificacao: AtoDaRetificacao | None = None) -> ResultadoDaImportacao:
    """Valida o arquivo inteiro e, sem nenhum erro e com `gravar`, grava tudo numa transação só.

    Toda gravação fica registrada numa Importacao (a trilha de auditoria: quem, quando, o arquivo e o seu
    SHA-256), que cada inscrição criada aponta: a `importacao` informada (a do admin) ou, sem ela, uma
    criada na mesma transação (a da linha de comando). `motivo` vai para o histórico das inscrições
    alteradas; sem ele, «Importação nº N (arquivo)».

    `retificacao`: publicado o resultado, o ato que o retifica (o número, a data e o motivo); sem ele, o da
    `importacao` (informado no envio pelo admin). Um arquivo com colunas de resultado sem o ato é recusado.

    `progresso(etapa, linhas)` é chamado a cada lote ("validando" na simulação, "gravando" na gravação),
    sempre fora de um COPY, para que quem acompanha possa gravar o andamento.
    Devolve o ResultadoDaImportacao (com os erros, se houver). Levanta ErroGravacao se o banco recusar a gravação.
    """
    inicio = time.perf_counter()
    progresso = progresso or _sem_progresso
    if retificacao is None:
        retificacao = AtoDaRetificacao.da_importacao(importacao) if importacao else AtoDaRetificacao()
    caminho = Path(arquivo) if isinstance(arquivo, (str, Path)) else None
    nome = nome or (str(caminho) if caminho else "")
    registro = _Registro(importacao, Path(nome).name or "arquivo", usuario, motivo, None, retificacao)
    if caminho is not None:
        # Um caminho pode ser lido duas vezes: o SHA-256 é calculado numa thread (o hashlib solta o GIL),
        # enquanto a importação lê o arquivo e o banco grava.
        registro.sha256 = _sha256_em_paralelo(caminho) if gravar else None
        with open(caminho, "rb") as aberto:
            return _importar(certame, aberto, nome, gravar, registro, progresso, limite_erros, inicio)
    return _importar(certame, arquivo, nome, gravar, registro, progresso, limite_erros, inicio)


def _importar(certame: Certame, arquivo: BinaryIO, nome: str, gravar: bool, registro: _Registro,
              progresso: Callable[[str, int], None], limite_erros: int, inicio: float) -> ResultadoDaImportacao:
    resultado = ResultadoDaImportacao()
    erros = Erros(limite_erros)
    preparo = Preparo()
    if gravar and registro.sha256 is None:
        calculado = sha256_do_arquivo(arquivo)

        def sha256() -> str:
            return calculado

        registro.sha256 = sha256

    try:
        fonte = abrir(arquivo, nome)
        try:
            try:
                modo, posicoes, ignoradas = mapear_cabecalho(fonte.cabecalho)
            except ErroCabecalho as exc:
                if exc.posicoes is None:
                    raise
                for e in exc.erros:
                    erros(e.linha, e.coluna, e.valor, e.motivo)
                resultado.modo = exc.modo
                resultado.colunas = [c for c in COLUNAS if c in exc.posicoes]
                _conferir_as_linhas(certame, fonte, exc.modo, exc.posicoes, erros, resultado)
            else:
                resultado.modo = modo
                resultado.colunas_ignoradas = ignoradas
                resultado.colunas = [c for c in COLUNAS if c in posicoes]
                leitura = Leitura(modo, frozenset(posicoes))
                _executar(certame, fonte, posicoes, leitura, preparo, erros, resultado, gravar, registro, progresso)
        finally:
            fonte.fechar()
    except ErroCabecalho as exc:
        for e in exc.erros:
            erros(e.linha, e.coluna, e.valor, e.motivo)
    finally:
        preparo.remover()
    if registro.sha256 is not None:
        resultado.sha256 = registro.sha256()
    if erros.total:
        resultado.gravado = False
    resultado.erros = sorted(erros.lista, key=lambda e: (e.linha, _ordem_coluna(e.coluna)))
    resultado.total_erros = erros.total
    resultado.segundos = time.perf_counter() - inicio
    return resultado


def _conferir_as_linhas(certame: Certame, fonte: Fonte, modo: str, posicoes: dict[str, int], erros: Erros,
                        resultado: ResultadoDaImportacao) -> None:
    """Com o cabeçalho recusado, ainda confere cada valor das linhas (sem o banco, sem gravar nada): quem corrige a
    coluna que falta já corrige também as linhas, na mesma tentativa. As verificações entre linhas e contra o banco
    (repetições, inscrições de outro certame) precisam do arquivo inteiro certo e ficam para o envio seguinte."""
    erros.ausentes = colunas_ausentes(modo, posicoes)
    cargos = dict(Cargo.objects.filter(certame=certame).values_list("codigo", "pk"))
    documentos = documentos_do_certame(certame) if "documento" in posicoes else DocumentosDoCertame({})
    leitura = Leitura(modo, frozenset(posicoes))
    for _ in ler_lotes(fonte, posicoes, leitura, cargos, None, erros, documentos):
        pass
    resultado.linhas = leitura.linhas


def _ordem_coluna(coluna: str) -> int:
    return COLUNAS.index(coluna) if coluna in COLUNAS else -1


def _sha256_em_paralelo(caminho: Path) -> Callable[[], str]:
    """Começa a calcular o SHA-256 de `caminho` numa thread; devolve a função que espera e dá o resultado."""
    calculado: list[str] = []

    def calcular() -> None:
        with open(caminho, "rb") as arquivo:
            calculado.append(sha256_do_arquivo(arquivo))

    thread = threading.Thread(target=calcular, name="importacao-sha256", daemon=True)
    thread.start()

    def obter() -> str:
        thread.join()
        return calculado[0]

    return obter


@dataclass
class _Registro:
    """A Importacao que registra a gravação: a recebida, ou uma criada dentro da transação da importação
    (some com ela, se nada for gravado)."""

    importacao: Importacao | None
    nome: str
    usuario: object
    motivo: str
    sha256: Callable[[], str] | None
    ato: AtoDaRetificacao
    criado_aqui: bool = False

    def abrir(self, certame: Certame, *, retificacao: bool) -> Importacao:
        if self.importacao is None:
            ato = ({"ato_retificacao": self.ato.ato.strip(), "data_retificacao": self.ato.data,
                    "motivo_retificacao": self.ato.motivo.strip()} if retificacao else {})
            self.importacao = Importacao.objects.create(
                certame=certame, nome_original=self.nome[:255], simulacao=False, estado=EstadoImportacao.GRAVANDO,
                criada_por=self.usuario, **ato)
            self.criado_aqui = True
        # O ato da retificação fica na importação: o histórico (100 caracteres) leva o número dela.
        prefixo = "Retificação do resultado: importação" if retificacao else "Importação"
        self.motivo = self.motivo or f"{prefixo} nº {self.importacao.pk} ({self.nome})"
        return self.importacao

    def fechar(self, resultado: ResultadoDaImportacao) -> None:
        if self.criado_aqui:
            Importacao.objects.filter(pk=self.importacao.pk).update(
                estado=EstadoImportacao.CONCLUIDA, sha256=self.sha256(), total_linhas=resultado.linhas,
                linhas_processadas=resultado.linhas, resumo=resultado.resumo(), concluida_em=timezone.now(),
                efeitos=resultado.efeitos)


def _gravar_o_restante(gravacao: Gravacao, retificacao: Retificacao, resultado: ResultadoDaImportacao,
                       leitura: Leitura, marcas: Marcas, documentos: DocumentosDoCertame, *, pendente: int | None,
                       completar: bool, todas_gravadas: bool, gravar: bool, importacao_id: int | None,
                       progresso: Callable[[str, int], None]) -> None:
    """O que esperava a validação, os documentos (antes dos efeitos nas chamadas: a porta dos documentos os lê) e,
    na retificação do resultado, os efeitos nas chamadas."""
    if not todas_gravadas:
        gravacao.final(pendente=pendente, completar=completar, progresso=progresso if gravar else _sem_progresso)
    _contar(resultado, leitura, marcas, gravacao)
    if "documento" in leitura.presentes:
        resultado.documentos_registrados, resultado.documentos_conferidos = gravacao.documentos(documentos)
    if retificacao.ativa:
        resultado.efeitos = retificacao.aplicar(importacao_id)


def _executar(certame: Certame, fonte: Fonte, posicoes: dict[str, int], leitura: Leitura, preparo: Preparo,
              erros: Erros, resultado: ResultadoDaImportacao, gravar: bool, registro: _Registro,
              progresso: Callable[[str, int], None]) -> None:
    """Tudo numa transação: a leitura em lotes (com a gravação otimista das linhas novas enquanto o arquivo
    está sem erros), a validação do arquivo inteiro contra o banco e a gravação do restante. Qualquer erro
    desfaz tudo, inclusive o que a etapa otimista já tinha gravado."""
    etapa = "gravando" if gravar else "validando"
    try:
        with transaction.atomic():
            # Trava o certame: duas importações do mesmo certame não se cruzam, e o certame não muda de
            # etapa (encerramento das inscrições) no meio da gravação.
            certame = Certame.objects.select_for_update(of=("self",)).get(pk=certame.pk)
            cargos = dict(Cargo.objects.filter(certame=certame).values_list("codigo", "pk"))
            if preparo.postgres:
                with connection.cursor() as cursor:
                    # Memória para as junções por hash de um arquivo grande, só nesta transação.
                    cursor.execute("SET LOCAL work_mem = '256MB'")
            marcas = Marcas.agora()
            tem_inscricoes = Inscricao.objects.filter(certame=certame).exists()
            preparo.criar(certame)
            # Só linhas novas de um arquivo de inscrições, com as inscrições abertas, podem ser gravadas
            # antes do fim da validação (as alterações e os resultados esperam a validação completa).
            otimista = gravar and leitura.modo == MODO_INSCRICOES and not certame.inscricoes_travadas
            retificacao = Retificacao(leitura, registro.ato, erros, registro.usuario,
                                      ativa=retifica_o_resultado(certame, leitura))
            resultado.efeitos = [] if retificacao.ativa else None
            importacao_id = registro.abrir(certame, retificacao=retificacao.ativa).pk if gravar else None
            gravacao = Gravacao(certame, leitura, importacao_id, registro.usuario, registro.motivo)
            pendente: int | None = None
            completar = False
            # Cada linha entrou como inscrição nova pela etapa otimista: os índices únicos (número no certame,
            # CPF no cargo, classificação no cargo) já provaram o que as verificações de repetição e de
            # conflito com o banco provariam.
            todas_gravadas = otimista
            documentos = documentos_do_certame(certame) if "documento" in posicoes else DocumentosDoCertame({})
            lotes = ler_lotes(fonte, posicoes, leitura, cargos, preparo.nulo, erros, documentos)
            for lote in em_paralelo(lotes):
                preparo.gravar(lote.linhas)
                # Num certame ainda sem inscrições (a primeira importação), não há o que casar.
                existentes = casar(certame, leitura, marcas, lote.primeira, lote.ultima) if tem_inscricoes else 0
                todas_gravadas &= otimista and lote.limpo and not existentes
                if otimista and lote.limpo:
                    afetados = gravacao.candidatos_afetados
                    try:
                        with transaction.atomic():
                            inteiro = gravacao.lote_otimista(lote, existentes)
                        completar |= not inteiro
                        todas_gravadas &= inteiro
                    except DatabaseError as exc:
                        # Desfeito só este lote (savepoint); ele e os seguintes esperam a validação completa.
                        # Esperado num arquivo com repetições (a validação as acusa): sem a pilha.
                        falhas.registrar(logger, "Gravação otimista recusada; o restante espera a validação:",
                                         exc=exc, nivel=logging.INFO, com_pilha=False)
                        gravacao.candidatos_afetados = afetados
                        otimista = todas_gravadas = False
                if pendente is None and not (otimista and lote.limpo):
                    pendente = lote.primeira
                    otimista = False
                progresso(etapa, lote.lidas)
            if leitura.linhas == 0 and not erros.total:
                erros(2, "", "", "o arquivo não tem nenhuma linha de dados depois do cabeçalho.")
            resultado.linhas = leitura.linhas
            resultado.avisos, resultado.total_avisos = reserva_fora_dos_grupos(certame, leitura)
            if erros.cheio or not leitura.linhas:
                transaction.set_rollback(True)
                return
            if not todas_gravadas:
                # Sempre, depois do resultado: só as inscrições novas, com as inscrições abertas, são todas gravadas.
                preparo.analisar()
                Verificacao(certame, leitura, {v: k for k, v in cargos.items()}, erros, documentos).executar()
                retificacao.conferir()
            # Na validação de uma retificação do resultado, a gravação é ensaiada (e desfeita) para a prévia.
            if erros.total or not (gravar or retificacao.ativa):
                _contar(resultado, leitura, marcas, None)
                transaction.set_rollback(True)
                return
            _gravar_o_restante(gravacao, retificacao, resultado, leitura, marcas, documentos, pendente=pendente,
                               completar=completar, todas_gravadas=todas_gravadas, gravar=gravar,
                               importacao_id=importacao_id, progresso=progresso)
            if erros.total or not gravar:
                transaction.set_rollback(True)
                return
            resultado.gravado = True
            resultado.importacao_id = importacao_id
            registro.fechar(resultado)
    except DatabaseError as exc:
        resultado.gravado = False
        falhas.registrar(logger, "Importação recusada pelo banco (certame %s):", certame.pk, exc=exc)
        raise ErroGravacao(f"O banco de dados recusou a gravação; nada foi gravado: {falhas.motivo_do_banco(exc)}."
                           ) from exc

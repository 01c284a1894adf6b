"""O resultado de uma fase pelo arquivo da banca: colunas inscricao, nota, situacao e, opcional, classificacao (a
posição na fase depois dos desempates do edital). Layout em docs/importacao.md, «Resultado de uma fase».

Tudo ou nada: o arquivo inteiro é conferido antes de gravar; um erro, com a linha, a coluna e o valor, recusa o
arquivo e nada se grava. Um arquivo novo da mesma fase substitui o anterior enquanto o corte não foi aplicado; depois
dele, o resultado da fase é ato publicado e não muda por arquivo. A leitura (CSV ou XLSX, em fluxo) é a da importação
das inscrições (concursos/importacao/leitura.py); a trilha fica na fase: quem importou, quando, o arquivo e o SHA-256.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from typing import BinaryIO

from django.db import transaction
from django.utils import timezone

from concursos.importacao.leiaute import ErroCabecalho, chave_da_coluna
from concursos.importacao.leitura import abrir
from concursos.importacao.validacao import Erros
from concursos.models import Fase, Inscricao, ResultadoNaFase
from concursos.services.fases import exigir_fase_anterior_cortada, exigir_inscricoes_encerradas, travar_fase
from legislacao.entrada import Erro, ErroEntrada
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import milhar, plural, sem_acento

OBRIGATORIAS = ("inscricao", "nota", "situacao")
COLUNAS = (*OBRIGATORIAS, "classificacao")
SINONIMOS = {"posicao": "classificacao", "classificacao_na_fase": "classificacao", "resultado": "situacao"}
APTO = frozenset({"apto", "aprovado", "habilitado", "classificado"})
ELIMINADO = frozenset({"eliminado", "ausente", "inapto", "reprovado", "desclassificado", "faltoso"})
# O leiaute para o modelo do arquivo (concursos/importacao/modelo.py) e a página da importação, como em
# docs/importacao.md: (coluna, obrigatória, formato e valores permitidos), e a linha de exemplo.
LEIAUTE = (
    ("inscricao", "sim", "o número da inscrição no certame (também numero_inscricao)"),
    ("nota", "sim, para quem está apto", "número de 0 a 99.999,999, até 3 casas decimais, com vírgula ou ponto"),
    ("situacao", "sim", f"apto: {', '.join(sorted(APTO))}; fora da fase: {', '.join(sorted(ELIMINADO))}"),
    ("classificacao", "não", "a posição na fase depois dos desempates do edital (1, 2, 3…), única no arquivo; decide "
                             "entre notas iguais (também posicao)"),
)
EXEMPLO = ["000123", "72,5", "apto", "1"]
MAXIMO_ERROS = 100
NOTA_MAXIMA = Decimal("99999.999")  # cabe em 8 dígitos com 3 casas (ResultadoNaFase.nota)
CLASSIFICACAO_MAXIMA = 2_147_483_647  # o maior inteiro do PostgreSQL (ResultadoNaFase.classificacao_na_fase)
# Só algarismos ASCII: str.isdigit e Decimal aceitam «²» e «١٠٠»; Decimal aceita também «1e2», «1_000» e «NaN».
NUMERO = re.compile(r"[0-9]+(\.[0-9]+)?")
LOTE = 5_000


def _cabecalho(cabecalho: list[str]) -> dict[str, int]:
    erros, posicoes = [], {}
    for i, bruto in enumerate(cabecalho):
        chave = chave_da_coluna(bruto)
        chave = SINONIMOS.get(chave, chave)
        if chave in posicoes:
            erros.append(Erro(1, chave, bruto, f"coluna repetida no cabeçalho (já é a {posicoes[chave] + 1}ª)."))
        elif chave in COLUNAS:
            posicoes[chave] = i
    erros += [Erro(1, c, "", "coluna obrigatória ausente do cabeçalho (resultado de fase: inscricao, nota, situacao)."
                   ) for c in OBRIGATORIAS if c not in posicoes]
    if erros:
        raise ErroEntrada(erros)
    return posicoes


def _nota(texto: str) -> Decimal | None:
    texto = texto.strip().replace(" ", "")
    if "," in texto:
        texto = texto.replace(".", "").replace(",", ".")
    if not NUMERO.fullmatch(texto):
        return None
    nota = Decimal(texto)
    if nota > NOTA_MAXIMA or nota.as_tuple().exponent < -3:
        return None
    return nota


def ler_resultado(fase: Fase, arquivo: BinaryIO, nome: str) -> list[ResultadoNaFase]:
    """Os resultados do arquivo, conferidos linha a linha; com algum erro, ErroEntrada com todos (até MAXIMO_ERROS)."""
    try:
        fonte = abrir(arquivo, nome)
    except ErroCabecalho as erro:
        raise ErroEntrada(erro.erros) from erro
    try:
        posicoes = _cabecalho(fonte.cabecalho)
        inscricoes = dict(Inscricao.objects.filter(certame_id=fase.certame_id)
                          .values_list("numero", "pk").iterator(chunk_size=20_000))
        anterior = fase.anterior()
        vindos = (set(anterior.resultados.filter(segue=True).values_list("inscricao_id", flat=True))
                  if anterior is not None else None)
        return _conferir_linhas(fase, fonte.linhas, posicoes, inscricoes, anterior, vindos)
    except ErroCabecalho as erro:
        raise ErroEntrada(erro.erros) from erro
    finally:
        fonte.fechar()


def _conferir_linhas(fase, linhas, posicoes, inscricoes, anterior, vindos) -> list[ResultadoNaFase]:  # noqa: C901
    erros = Erros(MAXIMO_ERROS)
    col_inscricao, col_nota, col_situacao = (posicoes[c] for c in OBRIGATORIAS)
    col_classificacao = posicoes.get("classificacao")
    largura = max(posicoes.values()) + 1
    vistas: dict[int, int] = {}
    classificacoes: dict[int, int] = {}
    resultados = []
    for linha, campos in linhas:
        if not any(c.strip() for c in campos):
            continue
        if len(campos) < largura:
            campos = campos + [""] * (largura - len(campos))
        numero = campos[col_inscricao].strip()
        pk = inscricoes.get(numero)
        if not numero:
            erros(linha, "inscricao", numero, "obrigatória.")
        elif pk is None:
            erros(linha, "inscricao", numero, "não há inscrição com este número neste certame.")
        elif pk in vistas:
            erros(linha, "inscricao", numero, f"repetida (já está na linha {vistas[pk]}).")
        elif vindos is not None and pk not in vindos:
            erros(linha, "inscricao", numero, f"não seguiu da fase anterior ({anterior}).")
        else:
            vistas[pk] = linha
        bruta = campos[col_situacao]
        situacao = sem_acento(bruta).strip().lower()
        if situacao not in APTO and situacao not in ELIMINADO:
            erros(linha, "situacao", bruta, f"use {', '.join(sorted(APTO))} ou {', '.join(sorted(ELIMINADO))}.")
        texto_nota = campos[col_nota].strip()
        nota = _nota(texto_nota) if texto_nota else None
        if texto_nota and nota is None:
            erros(linha, "nota", texto_nota, f"informe um número de 0 a {milhar(int(NOTA_MAXIMA))}, com até 3 casas "
                                             "decimais (p. ex. 72,5).")
        elif not texto_nota and situacao in APTO:
            erros(linha, "nota", "", "obrigatória para quem está apto na fase.")
        classificacao = None
        if col_classificacao is not None and (texto := campos[col_classificacao].strip()):
            if not (texto.isascii() and texto.isdigit()) or not 1 <= int(texto) <= CLASSIFICACAO_MAXIMA:
                erros(linha, "classificacao", texto, "informe a posição na fase (1, 2, 3…).")
            elif (outra := classificacoes.get(int(texto))) is not None:
                erros(linha, "classificacao", texto, f"repetida (já está na linha {outra}).")
            else:
                classificacao = int(texto)
                classificacoes[classificacao] = linha
        if erros.cheio:
            break
        if not erros.total:
            resultados.append(ResultadoNaFase(fase=fase, inscricao_id=pk, nota=nota, apto=situacao in APTO,
                                              classificacao_na_fase=classificacao))
    if erros.total:
        raise ErroEntrada(erros.lista)
    if not resultados:
        raise ErroEntrada([Erro(2, "", "", "o arquivo não tem nenhuma linha de resultado depois do cabeçalho.")])
    return resultados


@transaction.atomic
def resultado_da_fase_importar(*, fase: Fase, arquivo: BinaryIO, nome: str, usuario) -> int:
    """Confere o arquivo inteiro e, sem erro, substitui o resultado da fase por ele; devolve quantas linhas gravou."""
    fase = travar_fase(fase)
    exigir_inscricoes_encerradas(fase)
    if fase.corte_aplicado:
        raise ErroOperacao(f"O corte da fase «{fase.nome}» já foi aplicado: o resultado dela é ato publicado e não "
                           "muda por arquivo.")
    exigir_fase_anterior_cortada(fase)
    resumo = hashlib.sha256()
    for bloco in iter(lambda: arquivo.read(1 << 20), b""):
        resumo.update(bloco)
    arquivo.seek(0)
    resultados = ler_resultado(fase, arquivo, nome)
    ResultadoNaFase.objects.filter(fase=fase).delete()
    ResultadoNaFase.objects.bulk_create(resultados, batch_size=LOTE)
    fase.resultado_arquivo = nome[:255]
    fase.resultado_sha256 = resumo.hexdigest()
    fase.resultado_importado_em = timezone.now()
    fase.resultado_importado_por = usuario if usuario is not None and usuario.is_authenticated else None
    auditar(fase, usuario, f"Resultado importado: {plural(len(resultados), 'linha')} ({nome})")
    fase.save()
    return len(resultados)

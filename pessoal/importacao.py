"""A importação dos arquivos do sistema de RH (leiaute em docs/pessoal.md): o cadastro dos servidores com a
autodeclaração do recadastramento (Ubatuba art. 10), as nomeações para cargos em comissão e os contratos de estágio.

Tudo ou nada: todas as linhas são conferidas antes de gravar, e qualquer erro (linha, coluna e valor, em português)
deixa o banco como estava. A simulação faz o mesmo caminho, com a gravação desfeita no fim. A leitura do CSV e do XLSX
(em fluxo, UTF-8 conferido com a linha do primeiro byte inválido) e o exame dos caracteres invisíveis são os da
importação da banca (concursos/importacao/).
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from localflavor.br.validators import BRCPFValidator

from concursos.importacao import caracteres
from concursos.importacao.leiaute import ErroCabecalho, chave_da_coluna
from concursos.importacao.leitura import abrir
from concursos.models import CorRaca, Genero
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural, sem_acento
from pessoal import services
from pessoal.models import (
    AutodeclaracaoServidor,
    ContratoEstagio,
    ImportacaoRH,
    NomeacaoComissao,
    Servidor,
    TipoArquivoRH,
    TipoQuadro,
    Vinculo,
)

MAXIMO_ERROS = 200


@dataclass(frozen=True)
class ErroLinha:
    linha: int
    coluna: str
    valor: str
    motivo: str

    def __str__(self) -> str:
        onde = f"Linha {self.linha}" + (f", coluna {self.coluna}" if self.coluna else "")
        valor = f"“{caracteres.visivel(self.valor)}” " if self.valor else ""
        return f"{onde}: {valor}{self.motivo}"


class ErroImportacao(ErroOperacao):
    """Os erros do arquivo, todos de uma vez (até MAXIMO_ERROS); nada foi gravado."""

    def __init__(self, erros: list[ErroLinha]):
        self.erros = erros
        super().__init__("\n".join(str(e) for e in erros))


class ValorInvalido(ValueError):
    """O motivo, já em português, de um valor recusado."""


# ---------------------------------------------------------------- valores

def _chave(valor: str) -> str:
    return re.sub(r"[\s\-/]+", "_", sem_acento(valor).strip().lower())


def _escolha(opcoes: type, nome: str, apelidos: dict[str, str] | None = None) -> Callable[[str], str]:
    aceitos = {_chave(v): v for v in opcoes.values} | {_chave(r): v for v, r in opcoes.choices}
    aceitos |= apelidos or {}

    def converter(valor: str) -> str:
        if not valor:
            return ""
        if (achado := aceitos.get(_chave(valor))) is None:
            raise ValorInvalido(f"não é {nome} conhecido ({', '.join(opcoes.values)}).")
        return achado

    return converter


_vinculo = _escolha(Vinculo, "um vínculo", {"empregado": Vinculo.EMPREGADO_PUBLICO, "estagio": Vinculo.ESTAGIARIO})
_genero = _escolha(Genero, "um gênero", {"f": Genero.FEMININO, "m": Genero.MASCULINO,
                                         "nao_informou": Genero.NAO_INFORMADO})
_cor_raca = _escolha(CorRaca, "uma cor ou raça do IBGE")
SIM = {"sim", "s", "1", "x", "verdadeiro", "true"}
NAO = {"nao", "n", "0", "falso", "false", ""}


def _cor(valor: str) -> str:
    if _chave(valor) == "negra":
        # O IBGE pergunta preta ou parda: «negra» junta as duas, e a conta dos grupos de cada lei precisa de uma.
        raise ValorInvalido("não é uma cor ou raça do IBGE: informe «preta» ou «parda» (as duas formam a população "
                            "negra).")
    return _cor_raca(valor)


def _sim_ou_nao(valor: str) -> bool:
    chave = _chave(valor)
    if chave in SIM:
        return True
    if chave in NAO:
        return False
    raise ValorInvalido("não é «sim» nem «não».")


def _data(valor: str) -> date | None:
    if not valor:
        return None
    for formato in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(valor, formato).date()
        except ValueError:
            continue
    raise ValorInvalido("não é uma data no formato dd/mm/aaaa.")


def _cpf(valor: str) -> str:
    digitos = re.sub(r"[.\-\s]", "", valor)
    if not digitos:
        return ""
    try:
        BRCPFValidator()(digitos)
    except ValidationError as exc:
        raise ValorInvalido("não é um CPF válido (confira os dígitos verificadores).") from exc
    return digitos


def _texto(tamanho: int) -> Callable[[str], str]:
    def converter(valor: str) -> str:
        if motivo := caracteres.motivo(valor, tab_e_espaco=True):
            raise ValorInvalido(motivo)
        valor = " ".join(valor.split())
        if len(valor) > tamanho:
            raise ValorInvalido(f"passa de {tamanho} caracteres.")
        return valor

    return converter


@dataclass(frozen=True)
class Coluna:
    nome: str
    converter: Callable[[str], object]
    obrigatoria: bool = False  # o valor não pode ficar vazio


AUTODECLARACAO = (Coluna("cor_raca", _cor), Coluna("quilombola", _sim_ou_nao),
                  Coluna("data_autodeclaracao", _data))
LEIAUTES: dict[str, tuple[Coluna, ...]] = {
    TipoArquivoRH.SERVIDORES: (
        Coluna("matricula", _texto(30), True), Coluna("nome", _texto(200), True), Coluna("cargo", _texto(200), True),
        Coluna("vinculo", _vinculo, True), Coluna("genero", _genero), *AUTODECLARACAO),
    TipoArquivoRH.COMISSAO: (
        Coluna("nome", _texto(200), True), Coluna("cpf", _cpf), Coluna("genero", _genero),
        Coluna("cargo", _texto(200), True), Coluna("simbolo", _texto(30)), Coluna("data_nomeacao", _data, True),
        Coluna("ato_nomeacao", _texto(200), True), Coluna("data_exoneracao", _data),
        Coluna("ato_exoneracao", _texto(200)), *AUTODECLARACAO),
    TipoArquivoRH.ESTAGIO: (
        Coluna("nome", _texto(200), True), Coluna("cpf", _cpf), Coluna("genero", _genero),
        Coluna("instituicao", _texto(200)), Coluna("curso", _texto(200)), Coluna("inicio", _data, True),
        Coluna("termino_previsto", _data, True), Coluna("ato_contratacao", _texto(200), True),
        Coluna("data_encerramento", _data), Coluna("ato_encerramento", _texto(200)), *AUTODECLARACAO),
}
# As colunas que o arquivo precisa trazer no cabeçalho (as demais podem faltar: ficam vazias).
CABECALHO_OBRIGATORIO = {TipoArquivoRH.SERVIDORES: ("matricula", "nome", "cargo", "vinculo", "genero"),
                         TipoArquivoRH.COMISSAO: ("nome", "cargo", "data_nomeacao", "ato_nomeacao"),
                         TipoArquivoRH.ESTAGIO: ("nome", "inicio", "termino_previsto", "ato_contratacao")}


# ---------------------------------------------------------------- leitura e conferência

def _posicoes(cabecalho: list[str], tipo: str) -> dict[str, int]:
    nomes = [c.nome for c in LEIAUTES[tipo]]
    posicoes, erros = {}, []
    for indice, titulo in enumerate(cabecalho):
        chave = chave_da_coluna(titulo)
        if not chave:
            continue
        if chave not in nomes:
            erros.append(ErroLinha(1, "", titulo, f"não é uma coluna do leiaute (as colunas são: {', '.join(nomes)})."))
        elif chave in posicoes:
            erros.append(ErroLinha(1, "", titulo, "é uma coluna repetida no cabeçalho."))
        else:
            posicoes[chave] = indice
    faltam = [nome for nome in CABECALHO_OBRIGATORIO[tipo] if nome not in posicoes]
    if faltam:
        erros.append(ErroLinha(1, "", "", f"faltam as colunas {', '.join(faltam)} no cabeçalho (veja o leiaute em "
                                          "docs/pessoal.md)."))
    if erros:
        raise ErroImportacao(erros)
    return posicoes


def _linha(numero: int, campos: list[str], posicoes: dict[str, int], tipo: str, erros: list) -> tuple[dict, bool]:
    """Os valores convertidos da linha (os que passaram) e se a linha inteira passou."""
    valores, ok = {}, True
    for coluna in LEIAUTES[tipo]:
        bruto = campos[posicoes[coluna.nome]].strip() if coluna.nome in posicoes and posicoes[
            coluna.nome] < len(campos) else ""
        if coluna.obrigatoria and not bruto:
            erros.append(ErroLinha(numero, coluna.nome, "", "está vazia, e a coluna é obrigatória."))
            ok = False
            continue
        try:
            valores[coluna.nome] = coluna.converter(bruto)
        except ValorInvalido as exc:
            erros.append(ErroLinha(numero, coluna.nome, bruto, str(exc)))
            ok = False
    if ok:
        for coluna, motivo in _coerencia(valores, tipo):
            erros.append(ErroLinha(numero, coluna, "", motivo))
            ok = False
    return valores, ok


def _coerencia(v: dict, tipo: str) -> list[tuple[str, str]]:
    """As regras entre colunas da mesma linha."""
    problemas = []
    if v["data_autodeclaracao"] and not (v["cor_raca"] or v["quilombola"]):
        problemas.append(("data_autodeclaracao", "há a data da autodeclaração, mas não a cor ou raça nem a "
                                                 "declaração de quilombola."))
    if tipo == TipoArquivoRH.COMISSAO:
        if v["data_exoneracao"] and v["data_exoneracao"] < v["data_nomeacao"]:
            problemas.append(("data_exoneracao", "a exoneração é anterior à nomeação."))
        if bool(v["data_exoneracao"]) != bool(v["ato_exoneracao"]):
            problemas.append(("ato_exoneracao", "a data e o ato da exoneração vêm juntos (ou os dois vazios)."))
    if tipo == TipoArquivoRH.ESTAGIO:
        if v["termino_previsto"] < v["inicio"]:
            problemas.append(("termino_previsto", "o término previsto é anterior ao início."))
        if v["data_encerramento"] and v["data_encerramento"] < v["inicio"]:
            problemas.append(("data_encerramento", "o encerramento é anterior ao início."))
        if bool(v["data_encerramento"]) != bool(v["ato_encerramento"]):
            problemas.append(("ato_encerramento", "a data e o ato do encerramento vêm juntos (ou os dois vazios)."))
    return problemas


# As colunas que identificam o registro de cada linha.
CHAVES = {TipoArquivoRH.SERVIDORES: ("matricula",), TipoArquivoRH.COMISSAO: ("nome", "cpf", "cargo", "data_nomeacao"),
          TipoArquivoRH.ESTAGIO: ("nome", "cpf", "inicio")}


def _chave_da_linha(v: dict, tipo: str) -> tuple | None:
    """O que identifica o registro de uma linha: a matrícula; a pessoa, o cargo e a data da nomeação; a pessoa e o
    início do estágio. Importar o mesmo arquivo de novo não duplica nada. None se falta (ou é inválida) uma delas."""
    if any(c not in v for c in CHAVES[tipo]):
        return None
    if tipo == TipoArquivoRH.SERVIDORES:
        return (v["matricula"],)
    pessoa = v["cpf"] or _chave(v["nome"])
    if tipo == TipoArquivoRH.COMISSAO:
        return (pessoa, _chave(v["cargo"]), v["data_nomeacao"])
    return (pessoa, v["inicio"])


def ler(conteudo: bytes, nome: str, tipo: str) -> list[tuple[int, dict]]:
    """As linhas do arquivo, conferidas; ErroImportacao com todos os erros (até MAXIMO_ERROS) se houver algum."""
    try:
        fonte = abrir(io.BytesIO(conteudo), nome)
    except ErroCabecalho as exc:
        raise ErroImportacao([ErroLinha(e.linha, e.coluna, e.valor, e.motivo) for e in exc.erros]) from exc
    linhas, erros, vistas = [], [], {}
    try:
        posicoes = _posicoes(fonte.cabecalho, tipo)
        for numero, campos in fonte.linhas:
            if not any(c.strip() for c in campos):
                continue
            valores, ok = _linha(numero, campos, posicoes, tipo, erros)
            chave = _chave_da_linha(valores, tipo)
            if chave is not None and chave in vistas:
                coluna = "matricula" if tipo == TipoArquivoRH.SERVIDORES else ""
                erros.append(ErroLinha(numero, coluna, valores.get("matricula", ""),
                                       f"repete o registro da linha {vistas[chave]}."))
            elif ok:
                vistas[chave] = numero
                linhas.append((numero, valores))
            elif chave is not None:
                vistas[chave] = numero
            if len(erros) >= MAXIMO_ERROS:
                break
    except ErroCabecalho as exc:
        erros += [ErroLinha(e.linha, e.coluna, e.valor, e.motivo) for e in exc.erros]
    finally:
        fonte.fechar()
    if erros:
        raise ErroImportacao(erros[:MAXIMO_ERROS])
    if not linhas:
        raise ErroImportacao([ErroLinha(2, "", "", "o arquivo não tem nenhuma linha de dados depois do cabeçalho.")])
    return linhas


# ---------------------------------------------------------------- gravação

@dataclass
class Resultado:
    simulada: bool
    linhas: int = 0
    criados: int = 0
    atualizados: int = 0
    inalterados: int = 0
    autodeclaracoes: int = 0
    encerramentos: int = 0
    avisos: list[str] = field(default_factory=list)

    @property
    def resumo(self) -> str:
        partes = [plural(self.criados, "registro novo", "registros novos"),
                  plural(self.atualizados, "atualizado"), plural(self.inalterados, "sem mudança", "sem mudança")]
        if self.autodeclaracoes:
            partes.append(plural(self.autodeclaracoes, "autodeclaração nova", "autodeclarações novas"))
        if self.encerramentos:
            partes.append(plural(self.encerramentos, "exoneração ou encerramento", "exonerações ou encerramentos"))
        verbo = "seriam gravados" if self.simulada else "gravados"
        return f"{plural(self.linhas, 'linha')} conferidas ({verbo}): " + ", ".join(partes) + "."


def criar_importacao(*, orgao, tipo: str, nome: str, conteudo: bytes, usuario) -> ImportacaoRH:
    """Guarda o arquivo enviado (até a confirmação) com o SHA-256, para a simulação e a gravação lerem o mesmo."""
    return ImportacaoRH.objects.create(orgao=orgao, tipo=tipo, nome_original=nome[:255], conteudo=conteudo,
                                       sha256=hashlib.sha256(conteudo).hexdigest(), criada_por=usuario)


def importar(*, importacao: ImportacaoRH, usuario, simular: bool, hoje: date | None = None) -> Resultado:
    """Confere e grava o arquivo, tudo ou nada. Com `simular`, grava e desfaz: o resultado diz o que seria gravado.
    ErroImportacao (linha, coluna, valor) se algo está errado; nada fica gravado."""
    hoje = hoje or timezone.localdate()
    linhas = ler(bytes(importacao.conteudo), importacao.nome_original, importacao.tipo)
    resultado = Resultado(simulada=simular, linhas=len(linhas))
    gravar = {TipoArquivoRH.SERVIDORES: _gravar_servidores, TipoArquivoRH.COMISSAO: _gravar_nomeacoes,
              TipoArquivoRH.ESTAGIO: _gravar_estagios}[importacao.tipo]
    motivo = f"Importação do arquivo do RH «{importacao.nome_original}» (SHA-256 {importacao.sha256[:12]}…)"
    with transaction.atomic():
        # Dois cliques em «Confirmar» não gravam o arquivo duas vezes.
        if ImportacaoRH.objects.select_for_update().get(pk=importacao.pk).confirmada_em is not None:
            raise ErroOperacao("Este arquivo já foi gravado.")
        gravar(importacao, linhas, usuario, motivo, resultado, hoje)
        if simular:
            transaction.set_rollback(True)
        else:
            ImportacaoRH.objects.filter(pk=importacao.pk).update(
                confirmada_em=timezone.now(), conteudo=b"", linhas=len(linhas), resumo=resultado.resumo[:300])
    return resultado


@contextmanager
def _na_linha(numero: int) -> Iterator[None]:
    """Um ato recusado na gravação (p. ex. uma exoneração anterior à nomeação já registrada) vira o erro da linha."""
    try:
        yield
    except ErroImportacao:
        raise
    except ErroOperacao as exc:
        raise ErroImportacao([ErroLinha(numero, "", "", str(exc))]) from exc


def _gravar_servidores(importacao, linhas, usuario, motivo, resultado: Resultado, hoje: date) -> None:
    orgao = importacao.orgao
    existentes = {s.matricula: s for s in Servidor.objects.filter(orgao=orgao)}
    ultimas: dict[int, AutodeclaracaoServidor] = {}
    for declaracao in AutodeclaracaoServidor.objects.filter(servidor__orgao=orgao).order_by("servidor_id", "data",
                                                                                            "pk"):
        ultimas[declaracao.servidor_id] = declaracao
    campos = ("nome", "cargo", "vinculo", "genero")
    for numero, v in linhas:
        with _na_linha(numero):
            v["genero"] = v["genero"] or Genero.NAO_INFORMADO
            servidor = existentes.get(v["matricula"])
            if servidor is None:
                servidor = Servidor(orgao=orgao, matricula=v["matricula"], **{c: v[c] for c in campos})
                auditar(servidor, usuario, motivo)
                servidor.save()
                resultado.criados += 1
            elif any(getattr(servidor, c) != v[c] for c in campos):
                mudou = [c for c in campos if getattr(servidor, c) != v[c]]
                for c in mudou:
                    setattr(servidor, c, v[c])
                auditar(servidor, usuario, motivo)
                servidor.save(update_fields=mudou)
                resultado.atualizados += 1
            else:
                resultado.inalterados += 1
            if v["cor_raca"] or v["quilombola"]:
                data = v["data_autodeclaracao"] or hoje
                ultima = ultimas.get(servidor.pk)
                nova = (v["cor_raca"], v["quilombola"], data)
                if ultima is None or (ultima.cor_raca, ultima.quilombola, ultima.data) != nova:
                    services.servidor_autodeclarar(servidor=servidor, data=data, usuario=usuario,
                                                   cor_raca=v["cor_raca"], quilombola=v["quilombola"],
                                                   importacao=importacao)
                    resultado.autodeclaracoes += 1


def _autodeclaracao(v: dict, hoje: date) -> dict:
    declarou = bool(v["cor_raca"] or v["quilombola"])
    return {"cor_raca": v["cor_raca"], "quilombola": v["quilombola"],
            "autodeclaracao_em": (v["data_autodeclaracao"] or hoje) if declarou else None}


def _conflito(numero: int, coluna: str, valor: date, registrado: date, ato: str) -> ErroImportacao:
    return ErroImportacao([ErroLinha(numero, coluna, valor.strftime("%d/%m/%Y"), (
        f"difere da data já registrada ({registrado:%d/%m/%Y}, {ato}); um ato registrado não se muda pelo arquivo: "
        "torne-o sem efeito na ficha e importe de novo."))])


def _gravar_nomeacoes(importacao, linhas, usuario, motivo, resultado: Resultado, hoje: date) -> None:
    orgao = importacao.orgao
    existentes = {_chave_da_linha({"cpf": n.cpf, "nome": n.nome, "cargo": n.cargo, "data_nomeacao": n.nomeado_em},
                                  TipoArquivoRH.COMISSAO): n for n in NomeacaoComissao.objects.filter(orgao=orgao)}
    for numero, v in linhas:
        with _na_linha(numero):
            nomeacao = existentes.get(_chave_da_linha(v, TipoArquivoRH.COMISSAO))
            if nomeacao is None:
                nomeacao = services.nomeacao_registrar(
                    orgao=orgao, nome=v["nome"], cpf=v["cpf"], genero=v["genero"] or Genero.NAO_INFORMADO,
                    cargo=v["cargo"], simbolo=v["simbolo"], nomeado_em=v["data_nomeacao"], ato=v["ato_nomeacao"],
                    usuario=usuario, motivo=motivo, **_autodeclaracao(v, hoje)).objeto
                resultado.criados += 1
            elif not v["data_exoneracao"] or nomeacao.exonerado_em == v["data_exoneracao"]:
                resultado.inalterados += 1
            if v["data_exoneracao"] and nomeacao.exonerado_em != v["data_exoneracao"]:
                if nomeacao.exonerado_em is not None:
                    raise _conflito(numero, "data_exoneracao", v["data_exoneracao"], nomeacao.exonerado_em,
                                    nomeacao.ato_exoneracao)
                services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=v["data_exoneracao"],
                                           ato=v["ato_exoneracao"], usuario=usuario, motivo=motivo)
                resultado.encerramentos += 1
    if aviso := services.aviso_do_piso(orgao=orgao, data=hoje, tipo=TipoQuadro.COMISSAO,
                                       abertura="Com este arquivo, hoje"):
        resultado.avisos.append(aviso)


def _gravar_estagios(importacao, linhas, usuario, motivo, resultado: Resultado, hoje: date) -> None:
    orgao = importacao.orgao
    existentes = {_chave_da_linha({"cpf": c.cpf, "nome": c.nome, "inicio": c.inicio}, TipoArquivoRH.ESTAGIO): c
                  for c in ContratoEstagio.objects.filter(orgao=orgao)}
    for numero, v in linhas:
        with _na_linha(numero):
            contrato = existentes.get(_chave_da_linha(v, TipoArquivoRH.ESTAGIO))
            if contrato is None:
                contrato = services.estagio_contratar(
                    orgao=orgao, nome=v["nome"], cpf=v["cpf"], genero=v["genero"] or Genero.NAO_INFORMADO,
                    instituicao=v["instituicao"], curso=v["curso"], inicio=v["inicio"],
                    termino_previsto=v["termino_previsto"], ato=v["ato_contratacao"], usuario=usuario, motivo=motivo,
                    **_autodeclaracao(v, hoje)).objeto
                resultado.criados += 1
            elif not v["data_encerramento"] or contrato.encerrado_em == v["data_encerramento"]:
                resultado.inalterados += 1
            if v["data_encerramento"] and contrato.encerrado_em != v["data_encerramento"]:
                if contrato.encerrado_em is not None:
                    raise _conflito(numero, "data_encerramento", v["data_encerramento"], contrato.encerrado_em,
                                    contrato.ato_encerramento)
                services.estagio_encerrar(contrato=contrato, encerrado_em=v["data_encerramento"],
                                          ato=v["ato_encerramento"], usuario=usuario, motivo=motivo)
                resultado.encerramentos += 1
    if aviso := services.aviso_do_piso(orgao=orgao, data=hoje, tipo=TipoQuadro.ESTAGIO,
                                       abertura="Com este arquivo, hoje"):
        resultado.avisos.append(aviso)



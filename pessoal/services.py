"""Os atos do quadro de pessoal: nomear e exonerar para cargo em comissão, contratar e encerrar estágio, e a
autodeclaração do servidor no recadastramento (Ubatuba arts. 1º, 8º e 10).

Cada ato é uma função numa transação, com quem age e o motivo: grava o histórico (django-simple-history) e uma linha
em `AtoPessoal`, que não se apaga. Nada publicado se desfaz: uma exoneração registrada errada se corrige por outro ato
(`exoneracao_tornar_sem_efeito`), e as duas ficam. A nomeação (ou contratação) que deixa a participação dos grupos da
lei abaixo do piso é registrada com um aviso: o piso orienta, não impede o ato.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction

from nucleo.models import Orgao
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br
from pessoal import piso as conta
from pessoal.models import (
    AtoPessoal,
    AutodeclaracaoServidor,
    ContratoEstagio,
    NomeacaoComissao,
    Servidor,
    TipoAtoPessoal,
    TipoQuadro,
)
from pessoal.selectors import situacao_do_orgao


@dataclass(frozen=True)
class Registro:
    """O que o ato gravou e, se a participação ficou abaixo do piso, o aviso."""

    objeto: NomeacaoComissao | ContratoEstagio
    aviso: str | None = None


def aviso_do_piso(*, orgao: Orgao, data: date, tipo: str, abertura: str | None = None) -> str | None:
    """O aviso de participação abaixo do piso no quadro do órgão na data; None sem piso ou sem falta."""
    contagem, piso = situacao_do_orgao(orgao, data, tipo)
    if piso is None:
        return None
    return conta.aviso(contagem, piso=piso.percentual, artigo=piso.artigo, regras=piso.regras, quadro=str(tipo),
                       abertura=abertura)


def _validar(objeto) -> None:
    try:
        objeto.full_clean(exclude=["orgao"] if objeto.orgao_id else None)
    except ValidationError as exc:
        mensagens = [f"{objeto._meta.get_field(campo).verbose_name}: {m}" if campo != "__all__" else m
                     for campo, lista in exc.message_dict.items() for m in lista]
        raise ErroOperacao(" ".join(mensagens)) from exc


def _ato(*, tipo: str, data: date, ato: str, motivo: str, usuario, nomeacao=None, contrato=None) -> AtoPessoal:
    if not ato.strip():
        raise ErroOperacao("Informe o ato publicado (p. ex. «Portaria nº 123/2023»).")
    return AtoPessoal.objects.create(tipo=tipo, data=data, ato=ato.strip(), motivo=motivo, usuario=usuario,
                                     nomeacao=nomeacao, contrato=contrato)


@transaction.atomic
def nomeacao_registrar(*, orgao: Orgao, nome: str, cargo: str, nomeado_em: date, ato: str, usuario, motivo: str = "",
                       cpf: str = "", genero: str = "nao_informado", simbolo: str = "", cor_raca: str = "",
                       quilombola: bool = False, autodeclaracao_em: date | None = None) -> Registro:
    """Registra a nomeação para cargo em comissão; o aviso diz se a participação dos grupos ficou abaixo do piso
    (Ubatuba art. 8º)."""
    nomeacao = NomeacaoComissao(orgao=orgao, nome=nome.strip(), cpf=cpf, genero=genero, cargo=cargo.strip(),
                                simbolo=simbolo.strip(), nomeado_em=nomeado_em, ato_nomeacao=ato.strip(),
                                cor_raca=cor_raca, quilombola=quilombola, autodeclaracao_em=autodeclaracao_em)
    _validar(nomeacao)
    auditar(nomeacao, usuario, motivo or f"Nomeação: {ato}")
    nomeacao.save()
    _ato(tipo=TipoAtoPessoal.NOMEACAO, data=nomeado_em, ato=ato, motivo=motivo, usuario=usuario, nomeacao=nomeacao)
    return Registro(nomeacao, aviso_do_piso(orgao=orgao, data=nomeado_em, tipo=TipoQuadro.COMISSAO))


def _travar(modelo, objeto):
    return modelo.objects.select_for_update().get(pk=objeto.pk)


@transaction.atomic
def nomeacao_exonerar(*, nomeacao: NomeacaoComissao, exonerado_em: date, ato: str, usuario, motivo: str) -> Registro:
    """Registra a exoneração (o último dia no cargo é a véspera); o aviso, se o conjunto ficou abaixo do piso."""
    nomeacao = _travar(NomeacaoComissao, nomeacao)
    if nomeacao.exonerado_em is not None:
        raise ErroOperacao(f"A exoneração de {nomeacao.nome} já foi registrada em {data_br(nomeacao.exonerado_em)} "
                           f"({nomeacao.ato_exoneracao}); se o ato foi registrado errado, torne-o sem efeito antes.")
    if exonerado_em < nomeacao.nomeado_em:
        raise ErroOperacao(f"A exoneração ({data_br(exonerado_em)}) não pode ser anterior à nomeação "
                           f"({data_br(nomeacao.nomeado_em)}).")
    _ato(tipo=TipoAtoPessoal.EXONERACAO, data=exonerado_em, ato=ato, motivo=motivo, usuario=usuario,
         nomeacao=nomeacao)
    nomeacao.exonerado_em, nomeacao.ato_exoneracao = exonerado_em, ato.strip()
    auditar(nomeacao, usuario, motivo or f"Exoneração: {ato}")
    nomeacao.save(update_fields=["exonerado_em", "ato_exoneracao"])
    return Registro(nomeacao, aviso_do_piso(orgao=nomeacao.orgao, data=exonerado_em, tipo=TipoQuadro.COMISSAO,
                                            abertura="Com esta exoneração"))


@transaction.atomic
def exoneracao_tornar_sem_efeito(*, nomeacao: NomeacaoComissao, data: date, ato: str, usuario,
                                 motivo: str) -> Registro:
    """Torna sem efeito a exoneração registrada (por outro ato): a pessoa volta a constar no cargo; os dois atos
    ficam no registro."""
    nomeacao = _travar(NomeacaoComissao, nomeacao)
    if nomeacao.exonerado_em is None:
        raise ErroOperacao(f"{nomeacao.nome} não tem exoneração registrada.")
    if not motivo.strip():
        raise ErroOperacao("Diga o motivo: por que a exoneração fica sem efeito.")
    _ato(tipo=TipoAtoPessoal.EXONERACAO_SEM_EFEITO, data=data, ato=ato, motivo=motivo, usuario=usuario,
         nomeacao=nomeacao)
    nomeacao.exonerado_em, nomeacao.ato_exoneracao = None, ""
    auditar(nomeacao, usuario, motivo)
    nomeacao.save(update_fields=["exonerado_em", "ato_exoneracao"])
    return Registro(nomeacao)


@transaction.atomic
def estagio_contratar(*, orgao: Orgao, nome: str, inicio: date, termino_previsto: date, ato: str, usuario,
                      motivo: str = "", cpf: str = "", genero: str = "nao_informado", instituicao: str = "",
                      curso: str = "", cor_raca: str = "", quilombola: bool = False,
                      autodeclaracao_em: date | None = None) -> Registro:
    """Registra o contrato de estágio; o aviso diz se a participação dos grupos nos estágios do órgão ficou abaixo
    do piso (Ubatuba art. 1º, parágrafo único, I)."""
    contrato = ContratoEstagio(orgao=orgao, nome=nome.strip(), cpf=cpf, genero=genero, instituicao=instituicao.strip(),
                               curso=curso.strip(), inicio=inicio, termino_previsto=termino_previsto,
                               ato_contratacao=ato.strip(), cor_raca=cor_raca, quilombola=quilombola,
                               autodeclaracao_em=autodeclaracao_em)
    if termino_previsto < inicio:
        raise ErroOperacao(f"O término previsto ({data_br(termino_previsto)}) não pode ser anterior ao início "
                           f"({data_br(inicio)}).")
    _validar(contrato)
    auditar(contrato, usuario, motivo or f"Contratação de estágio: {ato}")
    contrato.save()
    _ato(tipo=TipoAtoPessoal.CONTRATACAO, data=inicio, ato=ato, motivo=motivo, usuario=usuario, contrato=contrato)
    return Registro(contrato, aviso_do_piso(orgao=orgao, data=inicio, tipo=TipoQuadro.ESTAGIO))


@transaction.atomic
def estagio_encerrar(*, contrato: ContratoEstagio, encerrado_em: date, ato: str, usuario, motivo: str) -> Registro:
    """Registra o encerramento do estágio antes do término previsto."""
    contrato = _travar(ContratoEstagio, contrato)
    if contrato.encerrado_em is not None:
        raise ErroOperacao(f"O estágio de {contrato.nome} já foi encerrado em {data_br(contrato.encerrado_em)}; se o "
                           "ato foi registrado errado, torne-o sem efeito antes.")
    if encerrado_em < contrato.inicio:
        raise ErroOperacao(f"O encerramento ({data_br(encerrado_em)}) não pode ser anterior ao início "
                           f"({data_br(contrato.inicio)}).")
    _ato(tipo=TipoAtoPessoal.ENCERRAMENTO, data=encerrado_em, ato=ato, motivo=motivo, usuario=usuario,
         contrato=contrato)
    contrato.encerrado_em, contrato.ato_encerramento = encerrado_em, ato.strip()
    auditar(contrato, usuario, motivo or f"Encerramento de estágio: {ato}")
    contrato.save(update_fields=["encerrado_em", "ato_encerramento"])
    return Registro(contrato, aviso_do_piso(orgao=contrato.orgao, data=encerrado_em, tipo=TipoQuadro.ESTAGIO,
                                            abertura="Com este encerramento"))


@transaction.atomic
def encerramento_tornar_sem_efeito(*, contrato: ContratoEstagio, data: date, ato: str, usuario,
                                   motivo: str) -> Registro:
    """Torna sem efeito o encerramento registrado (por outro ato); os dois atos ficam no registro."""
    contrato = _travar(ContratoEstagio, contrato)
    if contrato.encerrado_em is None:
        raise ErroOperacao(f"O estágio de {contrato.nome} não tem encerramento registrado.")
    if not motivo.strip():
        raise ErroOperacao("Diga o motivo: por que o encerramento fica sem efeito.")
    _ato(tipo=TipoAtoPessoal.ENCERRAMENTO_SEM_EFEITO, data=data, ato=ato, motivo=motivo, usuario=usuario,
         contrato=contrato)
    contrato.encerrado_em, contrato.ato_encerramento = None, ""
    auditar(contrato, usuario, motivo)
    contrato.save(update_fields=["encerrado_em", "ato_encerramento"])
    return Registro(contrato)


@transaction.atomic
def servidor_autodeclarar(*, servidor: Servidor, data: date, usuario, cor_raca: str = "",
                          quilombola: bool = False, importacao=None) -> AutodeclaracaoServidor:
    """Acrescenta uma autodeclaração do servidor (Ubatuba art. 10: facultativa, no recadastramento). A anterior fica:
    vale, em cada data, a mais recente até ela. A própria autodeclaração é o registro do ato (quem, quando, de que
    importação), fora do histórico do servidor, que não guarda cor ou raça (LGPD art. 11)."""
    if not cor_raca and not quilombola:
        raise ErroOperacao("A autodeclaração precisa da cor ou raça ou de que a pessoa é quilombola.")
    declaracao = AutodeclaracaoServidor(servidor=servidor, cor_raca=cor_raca, quilombola=quilombola, data=data,
                                        registrada_por=usuario, importacao=importacao)
    try:
        declaracao.full_clean(exclude=["servidor", "importacao", "registrada_por"])
    except ValidationError as exc:
        raise ErroOperacao(" ".join(exc.messages)) from exc
    declaracao.save()
    return declaracao

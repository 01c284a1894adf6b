"""O único escritor do destino de um candidato: a situação, a heteroidentificação, a classificação, a autodeclaração
(reserva, cor ou raça, quilombola, PcD) de uma `Inscricao` e os documentos que ela apresentou para a reserva
(`DocumentoApresentado`, com a conferência) só mudam aqui.

As chamadas (concursos/services/chamadas.py), a comissão de heteroidentificação (heteroidentificacao/services/) e a
ficha do admin chamam estas funções, que gravam e deixam o registro no histórico, com quem fez e por quê. Fora daqui
só escrevem esses campos as migrações, os testes e a importação em lote (concursos/importacao/), que grava por COPY e
tem a sua trilha (a importação de origem e o SHA-256 do arquivo). tests/arquitetura/test_um_escritor.py confere.

Quem chama trava a inscrição quando a decisão depende do estado lido (p. ex. a apuração de fraude); aqui só se grava.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from concursos.models import (
    Certame,
    DocumentoApresentado,
    Heteroidentificacao,
    Inscricao,
    OrigemDocumento,
    Situacao,
)
from concursos.nao_confirmacao import DECIDIDAS
from concursos.selectors.comprovacao import grupos_que_exigem
from legislacao import comprovacao
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar


@transaction.atomic
def situacao_registrar(*, inscricao: Inscricao, situacao: Situacao | str, usuario, motivo: str) -> Inscricao:
    """Desistência, nomeação anulada, eliminação por fraude ou depois do resultado: a nova situação da inscrição."""
    inscricao.situacao = situacao
    auditar(inscricao, usuario, motivo)
    inscricao.save(update_fields=["situacao"])
    return inscricao


@transaction.atomic
def classificacao_registrar(*, inscricao: Inscricao, classificacao: int, nota_final: Decimal | None, usuario,
                            motivo: str) -> Inscricao:
    """A classificação e a nota retificadas depois do resultado, por ato (concursos/services/resultado.py confere o
    ato, a colisão com outra inscrição e se a inscrição ocupa uma posição)."""
    inscricao.classificacao = classificacao
    inscricao.nota_final = nota_final
    auditar(inscricao, usuario, motivo)
    inscricao.save(update_fields=["classificacao", "nota_final"])
    return inscricao


@transaction.atomic
def heteroidentificacao_registrar(*, inscricao: Inscricao, estado: Heteroidentificacao | str, usuario,
                                  motivo: str) -> Inscricao:
    """O estado da heteroidentificação do cotista: pendente ao ser convocado, depois a decisão da comissão (primeira
    instância ou recurso). As listas e as chamadas o leem e aplicam a lei congelada (concursos/selectors/listas.py,
    `EfeitoDaHeteroidentificacao`).

    A decisão da comissão trava o certame: a retificação do que acontece ao não confirmado, que o trava primeiro, só
    vale antes da primeira decisão (concursos/services/retificacao_do_edital.py) e não passa entre as duas."""
    if estado in DECIDIDAS:
        Certame.objects.select_for_update().values_list("pk", flat=True).get(pk=inscricao.certame_id)
    inscricao.heteroidentificacao = estado
    auditar(inscricao, usuario, motivo)
    inscricao.save(update_fields=["heteroidentificacao"])
    return inscricao


@transaction.atomic
def inscricao_salvar(*, inscricao: Inscricao, usuario, motivo: str) -> Inscricao:
    """A ficha da inscrição cadastrada ou corrigida à mão no admin, já validada pelo formulário (encerradas as
    inscrições, a autodeclaração e a reserva não mudam: `Inscricao.clean`, Vargem Alta art. 3º)."""
    auditar(inscricao, usuario, motivo)
    inscricao.save()
    return inscricao


def autodeclaracoes_apagar(*, inscricoes: QuerySet[Inscricao]) -> int:
    """Terminada a guarda (concursos/retencao.py), a autodeclaração das inscrições sai do banco (LGPD art. 16), e com
    ela os documentos que provavam o pertencimento ao grupo, com o histórico deles. O histórico da inscrição já não
    guarda a autodeclaração (Inscricao.history, excluded_fields)."""
    DocumentoApresentado.objects.filter(inscricao__in=inscricoes).delete()
    # Depois: apagar o documento grava no histórico o registro da remoção, que também sai.
    DocumentoApresentado.history.filter(inscricao_id__in=inscricoes.values("pk")).delete()
    return inscricoes.update(cor_raca="", quilombola=False, pcd=False, autodeclaracao_em=None)


def _exigencia_do_grupo(inscricao: Inscricao, grupo: str) -> comprovacao.Exigencia:
    """A exigência do grupo na lei congelada do certame, se a inscrição concorre a ele; senão, a recusa."""
    certame = inscricao.certame
    if not certame.publicado:
        raise ErroOperacao("O edital ainda não foi publicado: os documentos que a lei exige são os da lei congelada na "
                           "publicação.")
    for g, exigencia in grupos_que_exigem(certame, reserva=inscricao.reserva, cor_raca=inscricao.cor_raca,
                                          quilombola=inscricao.quilombola):
        if g.codigo == grupo:
            return exigencia
    raise ErroOperacao(f"A inscrição {inscricao.numero} não concorre a uma reserva desta lei que exija documento "
                       f"({grupo or '—'}): só quem optou pela reserva e pertence ao grupo apresenta documento.")


def _travar(inscricao: Inscricao) -> Inscricao:
    return Inscricao.objects.select_for_update(of=("self",)).select_related("certame").get(pk=inscricao.pk)


@transaction.atomic
def documento_registrar(*, inscricao: Inscricao, grupo: str, tipo: str, usuario, observacao: str = ""
                        ) -> DocumentoApresentado:
    """O documento que o candidato apresentou para a reserva `grupo`, registrado à mão, a conferir. `tipo` é o código
    de um dos documentos que a lei congelada aceita para o grupo (Iúna art. 2º, II; Ibatiba art. 2º)."""
    inscricao = _travar(inscricao)
    exigencia = _exigencia_do_grupo(inscricao, grupo)
    aceito = exigencia.tipo(tipo)
    if aceito is None:
        raise ErroOperacao(f"A lei do certame não aceita o documento «{tipo}» para esta reserva"
                           f"{citar(exigencia.artigo)}; aceita {exigencia.descrever()}.")
    if inscricao.documentos.filter(grupo=grupo, tipo=tipo,
                                   conferencia=comprovacao.Conferencia.A_CONFERIR).exists():
        raise ErroOperacao(f"Já há um documento «{aceito.nome}» a conferir nesta inscrição: confira-o antes de "
                           "registrar outro.")
    documento = DocumentoApresentado(inscricao=inscricao, grupo=grupo, tipo=tipo, nome=aceito.nome,
                                     origem=OrigemDocumento.MANUAL, observacao=observacao.strip(),
                                     registrado_por=usuario)
    auditar(documento, usuario, "Documento registrado à mão, a conferir.")
    documento.save()
    return documento


@transaction.atomic
def documento_nao_apresentado(*, inscricao: Inscricao, grupo: str, usuario, motivo: str) -> DocumentoApresentado:
    """Registra que o candidato não apresentou documento para a reserva `grupo` no prazo do edital (Iúna art. 2º, II:
    «em etapa específica a ser discriminada no edital»): vale como recusa, e ele sai da lista do grupo (decisão
    0021). Um documento apresentado depois, e aceito, o traz de volta às chamadas seguintes."""
    inscricao = _travar(inscricao)
    _exigencia_do_grupo(inscricao, grupo)
    if not motivo.strip():
        raise ErroOperacao("Informe o motivo (p. ex. o item do edital e o prazo que passou).")
    agora = timezone.now()
    documento = DocumentoApresentado(inscricao=inscricao, grupo=grupo, tipo=comprovacao.NENHUM,
                                     nome=comprovacao.NOME_NENHUM, origem=OrigemDocumento.MANUAL,
                                     registrado_por=usuario, registrado_em=agora,
                                     conferencia=comprovacao.Conferencia.RECUSADO, motivo=motivo.strip(),
                                     conferido_por=usuario, conferido_em=agora)
    auditar(documento, usuario, "Nenhum documento apresentado no prazo do edital.")
    documento.save()
    return documento


@transaction.atomic
def documento_conferir(*, documento: DocumentoApresentado, aceito: bool, usuario, motivo: str = ""
                       ) -> DocumentoApresentado:
    """A conferência do documento: aceito ou recusado (a recusa, com o motivo). Conferir de novo um documento já
    conferido (um recurso acolhido, um erro de quem conferiu) é outro ato, com o motivo obrigatório; o histórico do
    documento guarda a conferência anterior. A posição que alguém já ocupa não muda: a conferência vale para as
    chamadas seguintes."""
    _travar(documento.inscricao)
    documento = DocumentoApresentado.objects.select_for_update().get(pk=documento.pk)
    if documento.tipo == comprovacao.NENHUM:
        raise ErroOperacao("Este registro diz que nenhum documento foi apresentado: não há o que conferir. Registre o "
                           "documento apresentado depois.")
    resultado = comprovacao.Conferencia.ACEITO if aceito else comprovacao.Conferencia.RECUSADO
    motivo = motivo.strip()
    anterior = documento.conferencia
    if anterior == resultado:
        raise ErroOperacao(f"O documento já está «{documento.get_conferencia_display().lower()}».")
    if anterior != comprovacao.Conferencia.A_CONFERIR and not motivo:
        raise ErroOperacao("O documento já foi conferido: para mudar a conferência, informe o motivo (p. ex. o recurso "
                           "acolhido).")
    if not aceito and not motivo:
        raise ErroOperacao("Informe o motivo da recusa: o candidato tem o direito de sabê-lo (e de recorrer).")
    documento.conferencia, documento.motivo = resultado, motivo
    documento.conferido_por, documento.conferido_em, documento.conferido_na_importacao = usuario, timezone.now(), None
    rotulo = "aceito" if aceito else "recusado"
    auditar(documento, usuario, f"Documento {rotulo}." if anterior == comprovacao.Conferencia.A_CONFERIR
            else f"Conferência refeita: {rotulo}.")
    documento.save(update_fields=["conferencia", "motivo", "conferido_por", "conferido_em",
                                  "conferido_na_importacao"])
    return documento

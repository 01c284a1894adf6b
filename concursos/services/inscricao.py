"""O único escritor do destino de um candidato: a situação, a heteroidentificação, a classificação e a autodeclaração
(reserva, cor ou raça, quilombola, PcD, documento indígena) de uma `Inscricao` só mudam aqui.

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

from concursos.models import Heteroidentificacao, Inscricao, Situacao
from nucleo.servicos import auditar


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
    `EfeitoDaHeteroidentificacao`)."""
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
    """Terminada a guarda (concursos/retencao.py), a autodeclaração das inscrições sai do banco (LGPD art. 16). Sem
    registro no histórico: ele já não guarda a autodeclaração (Inscricao.history, excluded_fields)."""
    return inscricoes.update(cor_raca="", quilombola=False, pcd=False, documento_indigena="", autodeclaracao_em=None)

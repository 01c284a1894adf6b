"""O procedimento de apuração de declaração falsa, com contraditório e ampla defesa."""

from __future__ import annotations

from datetime import date

from django.db import transaction

from concursos.models import Convocacao, Inscricao, Situacao
from concursos.services.chamadas import nomeacao_anular
from concursos.services.inscricao import situacao_registrar
from heteroidentificacao.models import (
    EstadoFraude,
    ProcedimentoFraude,
)
from heteroidentificacao.services.comum import PARECER_MINIMO
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar


@transaction.atomic
def fraude_instaurar(*, inscricao: Inscricao, data: date, ato: str, fatos: str, usuario) -> ProcedimentoFraude:
    if ProcedimentoFraude.objects.filter(inscricao=inscricao,
                                         estado__in=[EstadoFraude.INSTAURADO, EstadoFraude.DEFESA]).exists():
        raise ErroOperacao("Já há um procedimento em curso para esta inscrição.")
    procedimento = ProcedimentoFraude(inscricao=inscricao, instaurado_em=data, ato=ato, fatos=fatos)
    auditar(procedimento, usuario, "Procedimento instaurado.")
    procedimento.save()
    return procedimento


@transaction.atomic
def fraude_registrar_defesa(*, procedimento: ProcedimentoFraude, notificado_em: date, defesa_em: date | None,
                            defesa: str, usuario) -> ProcedimentoFraude:
    procedimento = ProcedimentoFraude.objects.select_for_update().get(pk=procedimento.pk)
    if procedimento.estado not in (EstadoFraude.INSTAURADO, EstadoFraude.DEFESA):
        raise ErroOperacao("O procedimento já foi decidido.")
    procedimento.notificado_em = notificado_em
    procedimento.defesa_em = defesa_em
    procedimento.defesa = defesa
    procedimento.estado = EstadoFraude.DEFESA if defesa_em else EstadoFraude.INSTAURADO
    auditar(procedimento, usuario, "Notificação e defesa registradas.")
    procedimento.save()
    return procedimento


@transaction.atomic
def fraude_decidir(*, procedimento: ProcedimentoFraude, fraude: bool, decisao: str, data: date, usuario,
                   oficio_mp: str = "") -> ProcedimentoFraude:
    """Decide depois do contraditório: reconhecida a fraude, o candidato é eliminado e os documentos vão ao
    Ministério Público (Iúna art. 2º, § 2º; Afonso Cláudio art. 7º)."""
    procedimento = (ProcedimentoFraude.objects.select_for_update(of=("self",)).select_related("inscricao__certame__lei")
                    .get(pk=procedimento.pk))
    if procedimento.estado not in (EstadoFraude.INSTAURADO, EstadoFraude.DEFESA):
        raise ErroOperacao("O procedimento já foi decidido.")
    if procedimento.notificado_em is None:
        raise ErroOperacao("Notifique o candidato e abra prazo de defesa antes de decidir (contraditório e ampla "
                           "defesa).")
    if len(decisao.strip()) < PARECER_MINIMO:
        raise ErroOperacao(f"Fundamente a decisão (ao menos {PARECER_MINIMO} caracteres).")
    procedimento.estado = EstadoFraude.FRAUDE if fraude else EstadoFraude.ARQUIVADO
    procedimento.decisao = decisao.strip()
    procedimento.decidido_em = data
    if fraude:
        if not oficio_mp.strip():
            raise ErroOperacao("Informe o ofício de encaminhamento ao Ministério Público.")
        procedimento.encaminhado_mp_em = data
        procedimento.oficio_mp = oficio_mp.strip()
        lei = procedimento.inscricao.certame.lei
        motivo = f"Eliminada por declaração falsa{citar(lei.artigo_fraude if lei else '')}"
        nomeacao = Convocacao.objects.filter(inscricao_id=procedimento.inscricao_id, desistiu_em__isnull=True).first()
        if nomeacao is not None:
            # Já nomeado: anula-se a nomeação e a posição vai ao próximo da mesma lista (art. 7º, p. ú.).
            nomeacao_anular(convocacao=nomeacao, data=data, ato=procedimento.ato, usuario=usuario)
            procedimento.nomeacao_anulada = True
        else:
            situacao_registrar(inscricao=Inscricao.objects.select_for_update().get(pk=procedimento.inscricao_id),
                               situacao=Situacao.ELIMINADO, usuario=usuario, motivo=f"{motivo}.")
    auditar(procedimento, usuario, procedimento.get_estado_display())
    procedimento.save()
    return procedimento

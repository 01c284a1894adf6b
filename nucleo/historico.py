"""O histórico do admin (django-simple-history) só para consulta: nenhum ato se desfaz por ele.

A página de uma versão antiga do histórico aceita um POST que grava todos os campos daquela versão, conferindo só a
permissão de *ver* o objeto; esconder o botão «Reverter» (`SIMPLE_HISTORY_REVERT_DISABLED`) não impede o POST. Com
isso, quem só consulta poria uma avaliação decidida de volta em votação, uma sessão encerrada de volta em aberta, um
recurso julgado de volta em protocolado. Aqui a página da versão só se mostra; o que muda o estado são os serviços,
cada um com o seu registro.

O histórico também segue o recorte por órgão (nucleo/orgaos.py): sem ele, a página do histórico de um registro que a
conta não vê caía no último registro histórico, e a de uma versão buscava a versão sem recorte nenhum — o RH de um
órgão lia o histórico (e a ficha de cada versão) dos certames, inscrições e avaliações de qualquer outro.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.contrib.admin.utils import unquote
from django.core.exceptions import FieldDoesNotExist, PermissionDenied
from django.http import Http404
from django.utils import formats, timezone
from django.utils.text import capfirst
from simple_history.admin import SimpleHistoryAdmin
from simple_history.template_utils import HistoricalRecordContextHelper

VAZIO = "—"


def valor_legivel(campo, valor) -> object:
    """O valor de um campo como a ficha o mostra: o rótulo da escolha (não o código), datas em dd/mm/aaaa, números
    com vírgula, «sim»/«não», «—» para o vazio."""
    if valor is None or valor == "" or valor == []:
        return VAZIO
    escolhas = dict(getattr(campo, "flatchoices", None) or ())
    if escolhas and not isinstance(valor, list):
        return escolhas.get(valor, valor)
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, datetime):
        return formats.date_format(timezone.localtime(valor) if timezone.is_aware(valor) else valor,
                                   "SHORT_DATETIME_FORMAT")
    if isinstance(valor, date):
        return formats.date_format(valor, "SHORT_DATE_FORMAT")
    if isinstance(valor, (Decimal, float)):
        return formats.number_format(valor, use_l10n=True)
    return valor


class HistoricoLegivel(HistoricalRecordContextHelper):
    """O «o que mudou» do histórico em português: «Situação: Inscrições abertas → Inscrições encerradas», não
    «inscricoes_abertas → inscricoes_encerradas»; «Homologação: — → 01/12/2026», não «None → 2026-12-01»."""

    def prepare_delta_change_value(self, change, value):
        valor = super().prepare_delta_change_value(change, value)
        return valor_legivel(self.model._meta.get_field(change.field), valor)


class HistoricoSoConsultaAdmin(SimpleHistoryAdmin):
    # Com as colunas de `history_list_display` pelo nome do campo e o valor como a ficha o mostra, o motivo e quem
    # mudou com «—» no vazio (o modelo do pacote mostra «estado», «inscricoes_encerradas» e «None»).
    object_history_list_template = "admin/historico/lista.html"

    def get_historical_record_context_helper(self, request, historical_record):
        return HistoricoLegivel(self.model, historical_record)

    def _rotulo_da_coluna(self, coluna: str) -> str:
        try:
            return capfirst(self.model._meta.get_field(coluna).verbose_name)
        except FieldDoesNotExist:
            return capfirst(getattr(getattr(self, coluna, None), "short_description", coluna.replace("_", " ")))

    def set_history_delta_changes(self, request, historical_records, foreign_keys_are_objs=True):
        super().set_history_delta_changes(request, historical_records, foreign_keys_are_objs)
        colunas = self.get_history_list_display(request)
        for registro in historical_records:
            registro.colunas_legiveis = [self._valor_da_coluna(registro, coluna) for coluna in colunas]

    def _valor_da_coluna(self, registro, coluna: str):
        try:
            campo = self.model._meta.get_field(coluna)
        except FieldDoesNotExist:
            return valor_legivel(None, getattr(registro, coluna, None))
        return valor_legivel(campo, getattr(registro, campo.attname))

    def history_view(self, request, object_id, extra_context=None):
        rotulos = [self._rotulo_da_coluna(coluna) for coluna in self.get_history_list_display(request)]
        return super().history_view(request, object_id, {**(extra_context or {}), "rotulos_do_historico": rotulos})

    def revert_disabled(self, request, obj=None) -> bool:
        return True

    def get_history_queryset(self, request, history_manager, pk_name, object_id):
        historico = super().get_history_queryset(request, history_manager, pk_name, object_id)
        recortar = getattr(self, "recortar", None)  # RecorteOrgaoAdmin: as versões só dos órgãos da conta
        return recortar(historico, request.user) if recortar is not None else historico

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method != "GET":
            raise PermissionDenied
        manager = getattr(self.model, self.model._meta.simple_history_manager_attribute)
        historico = self.get_history_queryset(request, manager, self.model._meta.pk.attname,
                                              unquote(object_id))
        if not str(version_id).isdigit() or not historico.filter(history_id=int(version_id)).exists():
            raise Http404
        return super().history_form_view(request, object_id, version_id, extra_context)

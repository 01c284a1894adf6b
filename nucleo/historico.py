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

from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404
from simple_history.admin import SimpleHistoryAdmin


class HistoricoSoConsultaAdmin(SimpleHistoryAdmin):
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

"""O histórico do admin (django-simple-history) só para consulta: nenhum ato se desfaz por ele.

A página de uma versão antiga do histórico aceita um POST que grava todos os campos daquela versão, conferindo só a
permissão de *ver* o objeto; esconder o botão «Reverter» (`SIMPLE_HISTORY_REVERT_DISABLED`) não impede o POST. Com
isso, quem só consulta poria uma avaliação decidida de volta em votação, uma sessão encerrada de volta em aberta, um
recurso julgado de volta em protocolado. Aqui a página da versão só se mostra; o que muda o estado são os serviços,
cada um com o seu registro.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from simple_history.admin import SimpleHistoryAdmin


class HistoricoSoConsultaAdmin(SimpleHistoryAdmin):
    def revert_disabled(self, request, obj=None) -> bool:
        return True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method != "GET":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

"""O que só se consulta no admin: registros que nascem de um ato (um serviço) e nunca se alteram nem se apagam por
um formulário — o histórico das chamadas, os documentos emitidos, o registro de acessos."""

from __future__ import annotations


class SoConsultaMixin:
    """Sem incluir, alterar nem apagar pelo admin, nem pelo superusuário."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

"""As permissões da conta numa consulta só, em vez das duas do ModelBackend (as da conta e as dos grupos).

Cada página do admin pergunta as permissões; com o recorte por órgão (a lotação), o segundo fator e o registro de
acessos, cada consulta a menos conta para as listas de um milhão de inscrições caberem em 10 consultas
(bench/bench_admin_inscricoes.py). O resultado é o mesmo do ModelBackend, que continua a autenticar.
"""

from __future__ import annotations

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Permission
from django.db.models import Q


class PermissoesNumaConsulta(ModelBackend):
    def get_all_permissions(self, user_obj, obj=None):
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None:
            return set()
        if not hasattr(user_obj, "_perm_cache"):
            permissoes = Permission.objects.all()
            if not user_obj.is_superuser:
                permissoes = permissoes.filter(Q(user=user_obj) | Q(group__user=user_obj))
            user_obj._perm_cache = {f"{app}.{codigo}" for app, codigo in permissoes.values_list(
                "content_type__app_label", "codename").distinct()}
        return user_obj._perm_cache

"""Os filtros de uma lista do admin só pelo que ela oferece (lista de permissões).

O Django aceita na URL qualquer consulta a um campo do próprio modelo (`?cor_raca__exact=indigena`,
`?pcd__exact=1`), mesmo que a lista não ofereça esse filtro; esconder a coluna não basta. Aqui um parâmetro passa só
se corresponde a um filtro de `get_list_filter(request)` — que já não traz os sensíveis para quem não tem a
permissão (LGPD art. 11) —, à hierarquia de datas ou a `filtros_extras`; o resto é recusado com HTTP 400 (a lista e
a exportação, que monta a mesma lista).
"""

from __future__ import annotations

from django.contrib.admin import FieldListFilter, SimpleListFilter
from django.db.models.constants import LOOKUP_SEP

# O que os filtros do admin põem na URL depois do caminho do campo.
SUFIXOS_DOS_FILTROS = frozenset({
    "exact", "iexact", "isnull", "in", "gte", "lt", "lte", "gt", "year", "month", "day", "id__exact", "pk__exact",
    "id__in", "pk__in", "isempty",
})


def _caminho(item) -> str | None:
    if isinstance(item, str):
        return item
    if isinstance(item, tuple | list) and item and isinstance(item[0], str):
        return item[0]
    return None


def parametros_permitidos(model_admin, request) -> tuple[set[str], set[str]]:
    """Os nomes exatos (filtros próprios) e os caminhos de campo (filtros de campo) que a lista aceita."""
    exatos, caminhos = set(model_admin.filtros_extras), set()
    for item in model_admin.get_list_filter(request):
        if isinstance(item, type) and issubclass(item, SimpleListFilter):
            exatos.add(item.parameter_name)
        elif isinstance(item, type) and issubclass(item, FieldListFilter):
            continue
        elif (caminho := _caminho(item)) is not None:
            caminhos.add(caminho)
    if model_admin.date_hierarchy:
        caminhos.add(model_admin.date_hierarchy)
    return exatos, caminhos


def parametro_permitido(parametro: str, exatos: set[str], caminhos: set[str]) -> bool:
    if parametro in exatos or parametro in caminhos:
        return True
    for caminho in caminhos:
        if parametro.startswith(caminho + LOOKUP_SEP) and parametro[len(caminho) + 2:] in SUFIXOS_DOS_FILTROS:
            return True
    return False


class FiltrosPermitidosAdmin:
    """Mistura para ModelAdmin: `filtros_extras` são os parâmetros que as ligações do sistema usam além dos filtros."""

    filtros_extras: tuple[str, ...] = ()

    def lookup_allowed(self, lookup, value, request=None):
        if request is None:
            return False
        exatos, caminhos = parametros_permitidos(self, request)
        return parametro_permitido(lookup, exatos, caminhos)

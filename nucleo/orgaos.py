"""O recorte por órgão: cada conta vê e muda só os dados dos órgãos em que está lotada (LGPD art. 6º, III:
necessidade; cada órgão é o controlador dos dados dos seus certames).

Quem administra a instalação (superusuário ou a permissão `nucleo.ver_todos_os_orgaos`) vê todos. Os admins
recortam a lista, a ficha, as ações, o autocompletar, os PDFs e as exportações pelo mesmo `get_queryset`; as
chaves estrangeiras dos formulários oferecem só o que a conta pode ver. Um modelo sem admin que o recorte só aparece
num formulário ou num filtro se foi declarado sem órgão (`declarar_sem_orgao`): as leis, os grupos de acesso.
"""

from __future__ import annotations

from django import forms
from django.contrib.admin import FieldListFilter, RelatedFieldListFilter
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model, Q, QuerySet

from nucleo.filtros import FiltrosPermitidosAdmin
from nucleo.models import Lotacao

PERMISSAO_TODOS = "nucleo.ver_todos_os_orgaos"
_CACHE = "_orgaos_lotados"
# As mesmas linhas para todas as contas; cada app declara os seus no ready() do seu AppConfig.
MODELOS_SEM_ORGAO: set[type[Model]] = set()


def declarar_sem_orgao(*modelos: type[Model]) -> None:
    """Os modelos que não são de órgão nenhum (as leis, os grupos e as permissões de acesso)."""
    MODELOS_SEM_ORGAO.update(modelos)


def orgaos_do_usuario(usuario) -> frozenset[int] | None:
    """Os ids dos órgãos da conta; None quando ela vê todos. Lido uma vez por requisição (fica na conta)."""
    if not getattr(usuario, "is_authenticated", False) or not usuario.is_active:
        return frozenset()
    if usuario.is_superuser or usuario.has_perm(PERMISSAO_TODOS):
        return None
    if not hasattr(usuario, _CACHE):
        setattr(usuario, _CACHE, frozenset(Lotacao.objects.filter(usuario=usuario).values_list("orgao_id",
                                                                                              flat=True)))
    return getattr(usuario, _CACHE)


def recortar(queryset: QuerySet, usuario, caminho: str) -> QuerySet:
    """`queryset` só com o que é dos órgãos da conta; `caminho` leva do modelo ao órgão («certame__orgao»), vazio
    quando o modelo é o próprio órgão."""
    ids = orgaos_do_usuario(usuario)
    if ids is None:
        return queryset
    return queryset.filter(**{f"{caminho}_id__in" if caminho else "pk__in": ids})


def pode_acessar(usuario, orgao_id: int | None) -> bool:
    ids = orgaos_do_usuario(usuario)
    return ids is None or orgao_id in ids


class RecorteOrgaoAdmin(FiltrosPermitidosAdmin):
    """Mistura para ModelAdmin e inlines: `caminho_orgao` diz onde está o órgão do registro; um modelo sem esse
    caminho reescreve `recortar`. A lista aceita só os filtros que oferece (nucleo/filtros.py)."""

    caminho_orgao: str = ""

    def recortar(self, queryset: QuerySet, usuario) -> QuerySet:
        return recortar(queryset, usuario, self.caminho_orgao)

    def get_queryset(self, request):
        return self.recortar(super().get_queryset(request), request.user)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if "queryset" not in kwargs:
            recorte = recorte_do_modelo(self.admin_site, db_field.related_model)
            if recorte is not None:
                kwargs["queryset"] = recorte.recortar(db_field.related_model._default_manager.all(), request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_form(self, request, obj=None, **kwargs):
        # Também os campos declarados à mão no formulário, que não passam por formfield_for_foreignkey.
        classe = super().get_form(request, obj, **kwargs)
        usuario, site = request.user, self.admin_site

        class FormularioRecortado(classe):
            def __init__(self, *args, **opcoes):
                super().__init__(*args, **opcoes)
                recortar_campos(self, usuario, site)

        FormularioRecortado.__name__ = classe.__name__
        return FormularioRecortado


def recorte_do_modelo(site, modelo) -> RecorteOrgaoAdmin | None:
    """O admin registrado para `modelo`, que o recorta por órgão; None para um modelo declarado sem órgão.

    Qualquer outro modelo é um erro de configuração, para toda conta (também para quem vê todos os órgãos), e não uma
    lista vazia: a chave estrangeira nova para um modelo sem caminho até o órgão quebra o primeiro teste ou a primeira
    tela que a mostra, em vez de oferecer as linhas de todos os órgãos (o vazamento) ou uma lista vazia que só o RH
    de um órgão notaria, em produção."""
    registrado = site._registry.get(modelo)
    if isinstance(registrado, RecorteOrgaoAdmin):
        return registrado
    if modelo in MODELOS_SEM_ORGAO:
        return None
    raise ImproperlyConfigured(
        f"{modelo._meta.label} não tem admin que o recorte por órgão (RecorteOrgaoAdmin) nem foi declarado sem órgão "
        "(nucleo.orgaos.declarar_sem_orgao): um campo de escolha dele ofereceria os registros de todos os órgãos.")


def recortar_campos(formulario: forms.BaseForm, usuario, site) -> None:
    """Cada campo de escolha de registro (certame, inscrição, comissão…) oferece e aceita só os da conta."""
    for campo in formulario.fields.values():
        if isinstance(campo, forms.ModelChoiceField):
            recorte = recorte_do_modelo(site, campo.queryset.model)
            if recorte is not None:
                campo.queryset = recorte.recortar(campo.queryset, usuario)


class FiltroRelacionadoRecortado(RelatedFieldListFilter):
    """O filtro de lista por chave estrangeira (`list_filter = ["comissao"]`, `["orgao"]`) oferece só os registros
    dos órgãos da conta: o do Django lista a tabela inteira (as comissões, com o edital, de todos os órgãos)."""

    def field_choices(self, field, request, model_admin):
        recorte = recorte_do_modelo(model_admin.admin_site, field.related_model)
        if recorte is None:
            return super().field_choices(field, request, model_admin)
        visiveis = Q(pk__in=recorte.recortar(field.related_model._default_manager.all(), request.user).values("pk"))
        limite = field.get_limit_choices_to()
        if limite:
            visiveis &= limite if isinstance(limite, Q) else Q(**limite)
        return field.get_choices(include_blank=False, limit_choices_to=visiveis,
                                 ordering=self.field_admin_ordering(field, request, model_admin))


FieldListFilter.register(lambda f: f.remote_field, FiltroRelacionadoRecortado, take_priority=True)

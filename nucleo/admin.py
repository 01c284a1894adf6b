"""Órgãos, lotações das contas e o registro de acessos a dados sensíveis, que só se consulta."""

from __future__ import annotations

import base64
import csv
import re
from collections import Counter

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.db import models
from django.db.models import Case, When
from django.http import HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import capfirst

from nucleo.acessos import TipoAcesso, registrar_acessos_por_orgao
from nucleo.consulta import SoConsultaMixin
from nucleo.models import AcessoSensivel, Lotacao, Municipio, Orgao, Signatario
from nucleo.municipios import chave_do_nome
from nucleo.orgaos import RecorteOrgaoAdmin, orgaos_do_usuario
from nucleo.planilhas import celula_segura


@admin.register(Municipio)
class MunicipioAdmin(SoConsultaMixin, admin.ModelAdmin):
    """A lista do IBGE, só para consulta e para a escolha do município nos órgãos, nos certames e nas leis (a busca
    do campo de escolha vem daqui): não se cadastra, altera nem apaga município pelo sistema."""

    list_display = ["nome", "uf", "codigo_ibge"]
    list_filter = ["uf"]
    search_fields = ["nome_busca"]
    list_per_page = 50

    def get_search_results(self, request, queryset, search_term):
        # Sem acento nem caixa, como o nome_busca: «iuna» acha Iúna, «iuna/es» também; o código de 7 dígitos acha o
        # município.
        nome, _, uf = search_term.strip().partition("/")
        if nome.isdigit():
            return queryset.filter(codigo_ibge=int(nome)), False
        if uf.strip():
            queryset = queryset.filter(uf=uf.strip().upper())
        chave = chave_do_nome(nome)
        achados, duplicados = super().get_search_results(request, queryset, chave)
        if not chave:
            return achados, duplicados
        # O nome exato primeiro, depois os que começam por ele: «iuna» dá Iúna antes de Apiúna e Ibiúna.
        proximidade = Case(When(nome_busca=chave, then=0), When(nome_busca__startswith=chave, then=1), default=2)
        return achados.order_by(proximidade, "nome", "uf"), duplicados

    def has_view_permission(self, request, obj=None):
        # Dado público de referência: toda conta da equipe o consulta (e o campo de escolha o busca).
        return request.user.is_active and request.user.is_staff


class BrasaoWidget(forms.ClearableFileInput):
    """O brasão atual como imagem, lida do arquivo guardado, e não como link: `/media/` não é servido (decisão
    0006)."""

    template_name = "nucleo/widgets/brasao.html"

    def get_context(self, name, value, attrs):
        contexto = super().get_context(name, value, attrs)
        contexto["widget"]["previa"] = _previa_do_brasao(value) if self.is_initial(value) else ""
        return contexto


def _previa_do_brasao(arquivo) -> str:
    try:
        with arquivo.open("rb") as aberto:
            conteudo = aberto.read()
    except OSError:
        return ""
    tipo = "image/png" if conteudo.startswith(b"\x89PNG") else "image/jpeg"
    return f"data:{tipo};base64,{base64.b64encode(conteudo).decode()}"


class SignatarioInline(RecorteOrgaoAdmin, admin.TabularInline):
    model = Signatario
    caminho_orgao = "orgao"
    extra = 0
    fields = ["ordem", "nome", "cargo", "ativo"]
    verbose_name_plural = "signatários (quem assina o quadro de vagas e os editais de convocação, nesta ordem)"


@admin.register(Orgao)
class OrgaoAdmin(RecorteOrgaoAdmin, admin.ModelAdmin):
    caminho_orgao = ""
    list_display = ["nome", "sigla", "esfera", "poder", "tipo", "municipio", "cnpj"]
    list_filter = ["esfera", "poder", "tipo", "municipio__uf"]
    search_fields = ["nome", "sigla", "municipio__nome", "cnpj"]
    fieldsets = [
        (None, {"fields": [("nome", "sigla"), ("esfera", "poder", "tipo"), "municipio", "cnpj", "retencao_anos"]}),
        ("Timbre dos documentos", {
            "fields": ["brasao", "estado_do_timbre", "endereco"],
            "description": "O alto de cada documento do órgão: o brasão, o Estado (da UF do município), o nome e o "
                           "endereço."}),
    ]
    readonly_fields = ["estado_do_timbre"]
    autocomplete_fields = ["municipio"]
    formfield_overrides = {models.FileField: {"widget": BrasaoWidget}}
    inlines = [SignatarioInline]

    @admin.display(description="Estado")
    def estado_do_timbre(self, orgao: Orgao) -> str:
        return format_html("{}", orgao.estado) if orgao.pk else "— (da UF do município, depois de gravado)"

    def has_add_permission(self, request):
        # Um órgão novo na instalação é ato de quem a administra, não do RH de um órgão.
        return super().has_add_permission(request) and orgaos_do_usuario(request.user) is None


# O Django grava o nome das permissões padrão em inglês («Can view cargo»), uma vez, ao criar a tabela.
ACOES_PADRAO = {"add": "incluir", "change": "alterar", "delete": "excluir", "view": "ver"}


def nome_da_permissao(permissao) -> str:
    """«Concursos | cargo | Pode ver cargo», e não «… | Can view cargo»; as permissões próprias já têm nome em
    português."""
    padrao = re.fullmatch(r"Can (add|change|delete|view) .+", permissao.name)
    modelo = permissao.content_type.model_class()
    if padrao is None or modelo is None:
        return str(permissao)
    return f"{permissao.content_type} | Pode {ACOES_PADRAO[padrao.group(1)]} {modelo._meta.verbose_name}"


class PermissoesEmPortuguesMixin:
    def formfield_for_manytomany(self, db_field, request=None, **kwargs):
        campo = super().formfield_for_manytomany(db_field, request, **kwargs)
        if campo is not None and db_field.name in ("permissions", "user_permissions"):
            campo.label_from_instance = nome_da_permissao
        return campo


admin.site.unregister(Group)


@admin.register(Group)
class GrupoAdmin(PermissoesEmPortuguesMixin, GroupAdmin):
    pass


@admin.register(Signatario)
class SignatarioAdmin(RecorteOrgaoAdmin, admin.ModelAdmin):
    caminho_orgao = "orgao"
    list_display = ["nome", "cargo", "orgao", "ordem", "ativo"]
    list_filter = ["ativo", "orgao"]
    search_fields = ["nome", "cargo"]
    fields = ["orgao", ("nome", "cargo"), ("ordem", "ativo")]
    list_select_related = ["orgao__municipio"]


class LotacaoInline(RecorteOrgaoAdmin, admin.TabularInline):
    model = Lotacao
    caminho_orgao = "orgao"
    extra = 0
    verbose_name_plural = "lotações (os órgãos para os quais a conta trabalha)"


Usuario = get_user_model()
admin.site.unregister(Usuario)


def _sem_ligacoes(itens: list, prefixos: tuple[str, ...]) -> list:
    return [_sem_ligacoes(item, prefixos) if isinstance(item, list) else item for item in itens
            if isinstance(item, list) or not str(item).startswith(prefixos)]


@admin.register(Usuario)
class UsuarioAdmin(RecorteOrgaoAdmin, PermissoesEmPortuguesMixin, UserAdmin):
    """As contas, com as lotações: cada um vê só as contas lotadas nos seus órgãos (também nos campos de escolha de
    conta dos outros admins); a lista aceita só os filtros que oferece (nada de `?password__startswith=`);
    superpoderes, grupos e permissões só pela administração da instalação."""

    inlines = [LotacaoInline]

    def get_deleted_objects(self, objs, request):
        # As ligações da conta com os grupos e as permissões (tabelas que o Django cria, «User_groups object (1)»,
        # «Relacionamento user-group») saem junto com ela: a confirmação não as lista uma a uma.
        a_remover, contagem, permissoes, protegidos = super().get_deleted_objects(objs, request)
        ligacoes = [Usuario.groups.through._meta, Usuario.user_permissions.through._meta]
        prefixos = tuple(f"{capfirst(opcoes.verbose_name)}: " for opcoes in ligacoes)
        for opcoes in ligacoes:
            contagem.pop(opcoes.verbose_name_plural, None)
        return _sem_ligacoes(a_remover, prefixos), contagem, permissoes, protegidos

    def get_readonly_fields(self, request, obj=None):
        if orgaos_do_usuario(request.user) is None:
            return super().get_readonly_fields(request, obj)
        return [*super().get_readonly_fields(request, obj), "is_superuser", "groups", "user_permissions"]

    def recortar(self, queryset, usuario):
        # Pela subconsulta, e não pela junção com as lotações: a conta lotada em dois órgãos apareceria duas vezes.
        ids = orgaos_do_usuario(usuario)
        if ids is None:
            return queryset
        return queryset.filter(pk__in=Lotacao.objects.filter(orgao_id__in=ids).values("usuario_id"))


@admin.register(AcessoSensivel)
class AcessoSensivelAdmin(RecorteOrgaoAdmin, SoConsultaMixin, admin.ModelAdmin):
    """Para o encarregado de dados (LGPD art. 41) e os órgãos de controle: só consulta."""

    caminho_orgao = "orgao"
    list_display = ["em", "nome_usuario", "orgao", "tipo", "descricao", "quantidade", "filtro", "tela"]
    list_filter = ["tipo", "em"]
    search_fields = ["=nome_usuario", "descricao"]
    date_hierarchy = "em"
    list_select_related = ["orgao"]
    show_full_result_count = False

    actions = ["exportar_csv"]

    def get_actions(self, request):
        # Só a exportação: as ações de apagar em massa não existem aqui.
        acoes = super().get_actions(request)
        return {nome: acao for nome, acao in acoes.items() if nome == "exportar_csv"}

    @admin.action(description="Exportar os selecionados (CSV)")
    def exportar_csv(self, request, queryset):
        resposta = HttpResponse(content_type="text/csv; charset=utf-8")
        resposta["Content-Disposition"] = 'attachment; filename="registro-de-acessos.csv"'
        resposta.write("\ufeff")
        escritor = csv.writer(resposta, delimiter=";")
        escritor.writerow(["quando", "conta", "órgão", "tipo", "o que", "registros", "filtro", "tela", "finalidade"])
        acessos = list(queryset.select_related("orgao").order_by("em"))
        for acesso in acessos:
            escritor.writerow([celula_segura(v) for v in (
                f"{timezone.localtime(acesso.em):%d/%m/%Y %H:%M:%S}", acesso.nome_usuario,
                acesso.orgao.nome if acesso.orgao else "", acesso.get_tipo_display(), acesso.descricao,
                acesso.quantidade, acesso.filtro, acesso.tela, acesso.finalidade)])
        # O registro diz quem leu as fichas de cada titular: a exportação dele também fica registrada, no órgão de
        # cada linha exportada.
        registrar_acessos_por_orgao(request, Counter(acesso.orgao_id for acesso in acessos),
                                    tipo=TipoAcesso.EXPORTACAO, descricao="Exportação do registro de acessos (CSV)")
        return resposta

    def changelist_view(self, request, extra_context=None):
        # O relatório do titular (LGPD art. 18) mora no app que conhece os titulares; aqui, só o caminho até ele.
        try:
            url = reverse("admin:concursos_candidato_titular")
        except NoReverseMatch:
            url = ""
        pode = request.user.has_perm("nucleo.emitir_relatorio_titular")
        return super().changelist_view(request, {**(extra_context or {}), "url_titular": url if pode else ""})

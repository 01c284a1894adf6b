"""Cadastro dos candidatos."""

from __future__ import annotations

from functools import partial

from django import forms
from django.contrib import admin
from django.urls import path
from import_export.admin import ExportMixin

from concursos.admin import titular
from concursos.admin.comum import (
    CAMPOS_SENSIVEIS_CANDIDATO,
    PARECE_NUMERO,
    BuscaExataMixin,
    DadosSensiveisNaListaMixin,
    _buscar_por_nome,
    cadastros_do_cpf,
    pode_ver_sensiveis,
    so_digitos,
)
from concursos.admin.exportacao import ExportacaoEmSegundoPlanoMixin
from concursos.models import (
    Candidato,
    Inscricao,
    formatar_cpf,
)
from nucleo.orgaos import RecorteOrgaoAdmin, orgaos_do_usuario


class CandidatoForm(forms.ModelForm):
    # Aceita o CPF com ou sem pontuação; grava só os 11 dígitos (o validador do modelo confere os verificadores).
    cpf = forms.CharField(label="CPF", max_length=14, help_text="Com ou sem pontuação: 123.456.789-09.")

    class Meta:
        model = Candidato
        fields = ["orgao", "nome", "nome_social", "cpf", "data_nascimento", "genero", "cor_raca", "quilombola", "pcd",
                  "email", "telefone"]

    def clean_cpf(self) -> str:
        return so_digitos(self.cleaned_data["cpf"])


class InscricoesDoCandidatoInline(RecorteOrgaoAdmin, admin.TabularInline):
    model = Inscricao
    caminho_orgao = "certame__orgao"
    fields = ["numero", "certame", "cargo", "classificacao", "situacao"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True
    verbose_name_plural = "inscrições"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("certame", "cargo")




@admin.register(Candidato)
class CandidatoAdmin(RecorteOrgaoAdmin, DadosSensiveisNaListaMixin, BuscaExataMixin, ExportacaoEmSegundoPlanoMixin,
                     ExportMixin, admin.ModelAdmin):
    form = CandidatoForm
    # Cada órgão tem o seu cadastro (decisão 0005): o recorte é o do próprio candidato, pelo índice (órgão, CPF).
    caminho_orgao = "orgao"
    campos_sensiveis = CAMPOS_SENSIVEIS_CANDIDATO
    list_display = ["nome", "nome_social", "cpf_formatado", "data_nascimento"]
    search_fields = ["nome"]
    search_help_text = "CPF (com ou sem pontuação) ou nome: o começo de cada palavra, com ou sem acento."
    ordering = ["nome", "cpf"]
    show_full_result_count = False
    show_facets = admin.ShowFacets.NEVER
    inlines = [InscricoesDoCandidatoInline]

    class Media:
        css = {"all": ["concursos/concursos.css"]}

    def get_urls(self):
        relatorio = partial(titular.relatorio_view, admin_site=self.admin_site)
        return [path("titular/", self.admin_site.admin_view(relatorio), name="concursos_candidato_titular"),
                *super().get_urls()]

    @admin.display(description="CPF", ordering="cpf")
    def cpf_formatado(self, candidato: Candidato) -> str:
        return formatar_cpf(candidato.cpf)

    def get_readonly_fields(self, request, obj=None):
        # O cadastro é do órgão que o criou (o controlador): as inscrições dele apontam para ele (Inscricao.clean).
        return ["orgao"] if obj is not None else []

    def get_changeform_initial_data(self, request):
        inicial = super().get_changeform_initial_data(request)
        orgaos = orgaos_do_usuario(request.user)
        if orgaos is not None and len(orgaos) == 1:
            inicial.setdefault("orgao", next(iter(orgaos)))
        return inicial

    def get_list_filter(self, request):
        return ["cor_raca", "quilombola", "pcd", "genero"] if pode_ver_sensiveis(request) else ["genero"]

    def get_fieldsets(self, request, obj=None):
        fieldsets = [(None, {"fields": ["orgao", ("nome", "nome_social"), ("cpf", "data_nascimento"), "genero"]})]
        if pode_ver_sensiveis(request):
            fieldsets.append(("Dados sensíveis (LGPD art. 11)", {
                "description": "Cor ou raça e deficiência são dados pessoais sensíveis (LGPD art. 5º, II): "
                               "visíveis só a quem tem a permissão «Pode ver cor ou raça e deficiência».",
                "fields": [("cor_raca", "quilombola", "pcd")]}))
        fieldsets.append(("Contato", {"fields": [("email", "telefone")]}))
        return fieldsets

    def get_search_results(self, request, queryset, search_term):
        termo = search_term.strip()
        if not termo:
            return queryset, False
        if PARECE_NUMERO.fullmatch(termo):
            request.busca_exata = True
            return cadastros_do_cpf(request.user, so_digitos(termo), queryset), False
        return _buscar_por_nome(queryset, termo), False

    # Cor ou raça e deficiência só saem na exportação de quem pode vê-las (LGPD art. 11).
    def get_export_resource_classes(self, request):
        from concursos.exportacao.recursos import CandidatoResource, CandidatoSensivelResource

        if pode_ver_sensiveis(request):
            return [CandidatoSensivelResource, CandidatoResource]
        return [CandidatoResource]


# ---------------------------------------------------------------- inscrições



"""O histórico das chamadas e convocações, que só se consulta."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html

from concursos.admin.comum import (
    CertameFiltro,
    edital_com_orgao,
)
from concursos.models import (
    Chamada,
    Convocacao,
)
from nucleo.consulta import SoConsultaMixin
from nucleo.orgaos import RecorteOrgaoAdmin


class ConvocacoesDaChamadaInline(SoConsultaMixin, admin.TabularInline):
    model = Convocacao
    fk_name = "chamada"
    fields = ["posicao", "vaga", "lista", "inscricao", "candidato", "etapa", "ato_desistencia"]
    readonly_fields = fields
    extra = 0
    verbose_name_plural = "convocados nesta chamada"

    @admin.display(description="candidato")
    def candidato(self, convocacao: Convocacao) -> str:
        return str(convocacao.inscricao.candidato) if convocacao.inscricao else "— (posição sem titular)"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("inscricao__candidato").order_by("posicao")


class ChamadaCertameFiltro(CertameFiltro):
    def queryset(self, request, queryset):
        valor = self.value()
        if valor:
            return queryset.filter(cargo__certame_id=int(valor)) if valor.isdigit() else queryset.none()
        return queryset


@admin.register(Chamada)
class ChamadaAdmin(RecorteOrgaoAdmin, SoConsultaMixin, admin.ModelAdmin):
    caminho_orgao = "cargo__certame__orgao"
    list_display = ["__str__", "cargo_link", "edital", "data", "ato", "convocados", "criada_por", "criada_em"]
    list_filter = [ChamadaCertameFiltro, "tipo"]
    list_select_related = ["cargo__certame__orgao", "criada_por"]
    search_fields = ["ato", "cargo__codigo", "cargo__nome"]
    fields = ["cargo", "numero", "tipo", "data", "ato", "observacao", "local", "prazo", "documentos", "criada_por",
              "criada_em"]
    readonly_fields = fields
    inlines = [ConvocacoesDaChamadaInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(n_convocados=Count("convocacoes"))

    @admin.display(description="cargo", ordering="cargo__codigo")
    def cargo_link(self, chamada: Chamada) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:concursos_cargo_painel", args=[chamada.cargo_id]),
                           chamada.cargo)

    @admin.display(description="edital")
    def edital(self, chamada: Chamada) -> str:
        return edital_com_orgao(chamada.cargo.certame, link=False)

    @admin.display(description="convocados", ordering="n_convocados")
    def convocados(self, chamada: Chamada) -> int:
        return chamada.n_convocados


@admin.register(Convocacao)
class ConvocacaoAdmin(RecorteOrgaoAdmin, SoConsultaMixin, admin.ModelAdmin):
    caminho_orgao = "cargo__certame__orgao"
    list_display = ["posicao", "cargo_link", "vaga", "lista", "inscricao_numero", "candidato", "chamada_ato",
                    "situacao"]
    list_filter = [ChamadaCertameFiltro, "vaga"]
    list_select_related = ["cargo", "inscricao__candidato", "chamada"]
    search_fields = ["inscricao__numero"]
    search_help_text = "Número de inscrição, exato."
    ordering = ["cargo_id", "posicao", "chamada_id"]
    fields = ["cargo", "posicao", "vaga", "lista", "inscricao", "chamada", "substitui", "nomeado_em", "ato_nomeacao",
              "empossado_em", "exercicio_em", "causa_vacancia", "desistiu_em", "ato_desistencia"]
    readonly_fields = fields

    @admin.display(description="cargo", ordering="cargo__codigo")
    def cargo_link(self, convocacao: Convocacao) -> str:
        return format_html('<a href="{}">{}</a>',
                           reverse("admin:concursos_cargo_painel", args=[convocacao.cargo_id]), convocacao.cargo)

    @admin.display(description="inscrição")
    def inscricao_numero(self, convocacao: Convocacao) -> str:
        return convocacao.inscricao.numero if convocacao.inscricao else "—"

    @admin.display(description="candidato")
    def candidato(self, convocacao: Convocacao) -> str:
        return str(convocacao.inscricao.candidato) if convocacao.inscricao else "—"

    @admin.display(description="chamada")
    def chamada_ato(self, convocacao: Convocacao) -> str:
        c = convocacao.chamada
        return f"{c.numero}ª, {c.data:%d/%m/%Y}, {c.ato}"

    @admin.display(description="situação")
    def situacao(self, convocacao: Convocacao) -> str:
        return convocacao.etapa

    def get_search_results(self, request, queryset, search_term):
        termo = search_term.strip()
        if not termo:
            return queryset, False
        return queryset.filter(inscricao__numero=termo), False


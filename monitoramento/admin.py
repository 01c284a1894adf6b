"""Admin da comissão de monitoramento (a constituição, os membros e a conferência da composição contra a lei) e dos
relatórios (o rascunho, o botão «Emitir relatório», a retificação e o PDF).

Como na comissão de heteroidentificação, salvar uma comissão que ainda não atende à lei é permitido (ela se monta aos
poucos): a conferência fica no alto da ficha e na lista. Os membros são escolhidos entre as unidades que a lei nomeia
e os grupos étnicos que ela pede representados; por isso aparecem depois de a comissão ser salva, com a lei.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import IS_POPUP_VAR
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from heteroidentificacao.admin.paginas import PaginasMixin
from monitoramento import services
from monitoramento.composicao import NOMES_DOS_GRUPOS, grupos_etnicos, unidades_da_lei
from monitoramento.models import (
    ComissaoMonitoramento,
    MembroMonitoramento,
    RelatorioMonitoramento,
)
from monitoramento.prazos import prazo_do_relatorio_anual
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin
from nucleo.texto import plural

PERMISSAO_EMITIR = "monitoramento.emitir_relatorio"
# O valor da escolha «representante do grupo» no formulário do membro: o prefixo e o código do grupo.
GRUPO = "grupo:"


def opcoes_de_indicacao(lei) -> list[tuple[str, str]]:
    """As unidades da lei e, se ela os pede, os representantes de cada grupo étnico dos seus grupos de reserva."""
    opcoes = [(unidade, unidade) for unidade in unidades_da_lei(lei.monitoramento_unidades)]
    if lei.monitoramento_representante_por_grupo:
        opcoes += [(GRUPO + codigo, f"Representante dos {NOMES_DOS_GRUPOS[codigo]}")
                   for codigo in grupos_etnicos(lei.grupos.all())]
    return opcoes


class MembroForm(forms.ModelForm):
    indicacao = forms.ChoiceField(label="indicação")
    opcoes: list[tuple[str, str]] = []

    class Meta:
        model = MembroMonitoramento
        fields = ["nome", "indicacao", "funcao", "titularidade", "usuario", "inicio", "fim"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        atual = (GRUPO + self.instance.grupo if self.instance.grupo else self.instance.unidade)
        opcoes = list(self.opcoes)
        if atual and atual not in dict(opcoes):
            # A unidade gravada antes de a lei mudar o nome continua escolhível, para não sumir ao salvar.
            opcoes.append((atual, self.instance.indicacao))
        self.fields["indicacao"].choices = [("", "---------"), *opcoes]
        self.fields["indicacao"].initial = atual

    def clean(self):
        dados = super().clean()
        indicacao = dados.get("indicacao") or ""
        self.instance.grupo = indicacao.removeprefix(GRUPO) if indicacao.startswith(GRUPO) else ""
        self.instance.unidade = "" if indicacao.startswith(GRUPO) else indicacao
        usuario, comissao = dados.get("usuario"), self.instance.comissao
        if usuario is not None and not usuario.lotacoes.filter(orgao=comissao.orgao_id).exists():
            # Sem a lotação, a conta não veria os indicadores do órgão (monitoramento/acesso.py).
            self.add_error("usuario", f"A conta {usuario.get_username()} não está lotada em {comissao.orgao.nome}: "
                                      "lote-a no órgão da comissão para que veja os indicadores dele.")
        return dados


class MembroInline(RecorteOrgaoAdmin, admin.TabularInline):
    model = MembroMonitoramento
    caminho_orgao = "comissao__orgao"
    form = MembroForm
    extra = 0
    autocomplete_fields = ["usuario"]
    verbose_name_plural = "membros (titulares e suplentes)"

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.form = type("MembroDaComissaoForm", (formset.form,), {"opcoes": opcoes_de_indicacao(obj.lei)})
        return formset

    def get_extra(self, request, obj=None, **kwargs):
        # Uma comissão sem membros abre com uma linha por unidade e por grupo que a lei pede.
        return len(opcoes_de_indicacao(obj.lei)) if obj is not None and not obj.membros.exists() else 0


@admin.register(ComissaoMonitoramento)
class ComissaoMonitoramentoAdmin(RecorteOrgaoAdmin, HistoricoSoConsultaAdmin):
    caminho_orgao = "orgao"
    list_display = ["__str__", "orgao", "lei", "ato_data", "inicio", "fim", "composicao"]
    list_filter = ["orgao"]
    search_fields = ["ato_numero", "orgao__nome"]
    inlines = [MembroInline]
    fieldsets = [("Constituição", {
        "description": "O ato que constitui a comissão (p. ex. o decreto ou a portaria do Prefeito) e a lei que ela "
                       "acompanha: a lei diz quem a integra e quando ela entrega os relatórios.",
        "fields": ["orgao", "lei", ("ato_numero", "ato_data"), ("inicio", "fim")]})]

    def get_queryset(self, request):
        return (super().get_queryset(request).select_related("orgao__municipio", "lei").defer("lei__texto")
                .prefetch_related("membros", "lei__grupos"))

    def get_inlines(self, request, obj):
        # Os membros se escolhem entre as unidades e os grupos da lei: só depois de a comissão ter a lei.
        return self.inlines if obj is not None else []

    def get_readonly_fields(self, request, obj=None):
        # Constituída, a comissão é daquele órgão e daquela lei: os membros foram indicados pelas unidades dela.
        return ["orgao", "lei"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj is not None and obj.relatorios.exists())

    @admin.display(description="composição")
    def composicao(self, comissao: ComissaoMonitoramento) -> str:
        falhas = comissao.conferencia().falhas
        if falhas:
            return format_html('<span class="selo selo-falha">{}</span>',
                               plural(len(falhas), "pendência legal", "pendências legais"))
        return format_html('<span class="selo selo-ok">{}</span>', "Conforme a lei")

    def change_view(self, request, object_id, form_url="", extra_context=None):
        comissao = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if comissao is not None:
            extra_context["conferencia"] = comissao.conferencia()
        return super().change_view(request, object_id, form_url, extra_context)

    def response_add(self, request, obj, post_url_continue=None):
        if IS_POPUP_VAR in request.POST:
            return super().response_add(request, obj, post_url_continue)
        # Os membros entram na ficha, que já conhece a lei: volta-se a ela, e não à lista.
        self.message_user(request, "Comissão cadastrada. Agora cadastre os membros: as unidades e os grupos que a lei "
                                   "pede aparecem abaixo.", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:monitoramento_comissaomonitoramento_change", args=[obj.pk]))

    def response_change(self, request, obj):
        falhas = obj.conferencia().falhas
        if falhas:
            self.message_user(request, f"A composição ainda não atende à lei ({plural(len(falhas), 'pendência')}, "
                                       "na ficha da comissão).", messages.WARNING)
        return super().response_change(request, obj)


class MotivoForm(forms.Form):
    motivo = forms.CharField(label="Motivo", widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="Fica no histórico do relatório, com a sua conta e a data.")


@admin.register(RelatorioMonitoramento)
class RelatorioMonitoramentoAdmin(RecorteOrgaoAdmin, PaginasMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "orgao"
    list_display = ["__str__", "orgao", "comissao", "estado", "emitido_em", "prazo"]
    list_filter = ["tipo", "estado", "orgao"]
    list_select_related = ["orgao__municipio", "comissao__lei"]
    search_fields = ["comissao__ato_numero", "conclusoes"]
    readonly_fields = ["orgao", "estado", "emitido_por", "emitido_em", "motivo_emissao", "retifica", "prazo"]
    # Sem ações em massa: o relatório emitido não se apaga, e o rascunho se apaga pela ficha.
    actions = None
    fieldsets = [
        ("Relatório", {
            "description": "O relatório anual relata a execução da lei no ano de referência e é entregue no mês que a "
                           "lei diz, no ano seguinte; o conclusivo, um período de anos. Emitido, não muda mais: uma "
                           "correção é uma retificação.",
            "fields": ["comissao", "tipo", "ano_referencia", ("ano_inicial", "ano_final"), "prazo"]}),
        ("Texto da comissão", {"fields": ["conclusoes", "recomendacoes"]}),
        ("Emissão", {"fields": ["estado", ("emitido_por", "emitido_em"), "motivo_emissao", "retifica"]}),
    ]

    def get_readonly_fields(self, request, obj=None):
        campos = list(self.readonly_fields)
        if obj is not None:
            # O relatório é daquela comissão, daquele tipo e daquele período: outro período é outro relatório.
            campos += ["comissao", "tipo", "ano_referencia", "ano_inicial", "ano_final"]
        return campos

    def has_change_permission(self, request, obj=None):
        # Emitido, o relatório se vê e não se edita (a correção é uma retificação).
        return super().has_change_permission(request, obj) and not (obj is not None and obj.emitido)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj is not None and obj.emitido)

    @admin.display(description="prazo de entrega")
    def prazo(self, relatorio: RelatorioMonitoramento) -> str:
        if relatorio.pk is None or not relatorio.ano_referencia:
            return "—"
        prazo = prazo_do_relatorio_anual(relatorio.comissao.lei, relatorio.ano_referencia)
        return f"{prazo:%d/%m/%Y}" if prazo else "—"

    def contexto_da_ficha(self, request, relatorio: RelatorioMonitoramento) -> dict:
        pode_emitir = request.user.has_perm(PERMISSAO_EMITIR)
        return {
            "pode_emitir": pode_emitir and not relatorio.emitido,
            "pode_retificar": (pode_emitir and relatorio.emitido
                               and not RelatorioMonitoramento.objects.filter(retifica=relatorio).exists()),
        }

    def get_urls(self):
        site = self.admin_site
        return [
            path("<path:object_id>/emitir/", site.admin_view(self.emitir_view),
                 name="monitoramento_relatoriomonitoramento_emitir"),
            path("<path:object_id>/retificar/", site.admin_view(self.retificar_view),
                 name="monitoramento_relatoriomonitoramento_retificar"),
            path("<path:object_id>/relatorio.pdf", site.admin_view(self.pdf_view),
                 name="monitoramento_relatoriomonitoramento_pdf"),
            *super().get_urls(),
        ]

    def pagina(self, request, template: str, titulo: str, objeto=None, **extra) -> TemplateResponse:
        return TemplateResponse(request, f"admin/monitoramento/{template}",
                                self.contexto(request, titulo, objeto, **extra))

    def _relatorio(self, request, object_id: str) -> RelatorioMonitoramento:
        return self.objeto_visivel(request, RelatorioMonitoramento.objects.select_related("comissao__lei"),
                                   object_id)

    def emitir_view(self, request, object_id: str):
        relatorio = self._relatorio(request, object_id)
        self.exigir(request, PERMISSAO_EMITIR)
        form, emitido = self.processar(request, MotivoForm, lambda dados: services.relatorio_emitir(
            relatorio=relatorio, usuario=request.user, motivo=dados["motivo"]))
        if emitido is not None:
            self.message_user(request, "Relatório emitido: não se edita mais. O PDF está no alto da ficha.",
                              messages.SUCCESS)
            return self.voltar(emitido)
        return self.pagina_acao(
            request, relatorio, titulo="Emitir o relatório", form=form, botao="Emitir relatório",
            explicacao="Emitido, o relatório não muda mais: as conclusões e as recomendações ficam como estão, e o "
                       "PDF sai com o código de verificação. Uma correção depois da emissão é uma retificação, um novo "
                       "relatório que substitui este.")

    def retificar_view(self, request, object_id: str):
        relatorio = self._relatorio(request, object_id)
        self.exigir(request, PERMISSAO_EMITIR)
        form, retificacao = self.processar(request, MotivoForm, lambda dados: services.relatorio_retificar(
            relatorio=relatorio, usuario=request.user, motivo=dados["motivo"]))
        if retificacao is not None:
            self.message_user(request, "Retificação aberta em rascunho, com o texto do relatório emitido: corrija-a "
                                       "e emita-a.", messages.SUCCESS)
            return self.voltar(retificacao)
        return self.pagina_acao(
            request, relatorio, titulo="Retificar o relatório", form=form, botao="Abrir a retificação",
            explicacao="Abre um novo relatório, em rascunho, do mesmo período e com o mesmo texto, que retifica este. "
                       "O relatório emitido fica como foi; emitida a retificação, o PDF dela diz que ele deixou de "
                       "valer.")

    def pdf_view(self, request, object_id: str):
        from monitoramento.documentos import relatorio_pdf_emitir

        relatorio = self._relatorio(request, object_id)
        return self.pdf(request, relatorio, lambda: relatorio_pdf_emitir(relatorio=relatorio, usuario=request.user))

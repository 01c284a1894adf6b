"""Registro dos documentos emitidos: só leitura (um documento emitido nunca muda), com o PDF guardado."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html
from django_tasks_db.admin import DBTaskResultAdmin
from django_tasks_db.models import DBTaskResult

from documentos.models import DocumentoEmitido, TarefaEmSegundoPlano
from documentos.pdf import resposta_pdf
from nucleo.consulta import SoConsultaMixin
from nucleo.orgaos import RecorteOrgaoAdmin, orgaos_do_usuario


@admin.register(DocumentoEmitido)
class DocumentoEmitidoAdmin(RecorteOrgaoAdmin, SoConsultaMixin, admin.ModelAdmin):
    caminho_orgao = "orgao"
    list_display = ["codigo", "tipo", "titulo", "emitido_em", "emitido_por", "paginas", "baixar"]
    list_filter = ["tipo", "emitido_em"]
    search_fields = ["=codigo", "titulo"]
    list_select_related = ["emitido_por"]
    date_hierarchy = "emitido_em"
    fields = ["codigo", "tipo", "titulo", "emitido_em", "emitido_por", "paginas", "tamanho", "sha256",
              "referencia_tipo", "referencia_id", "baixar", "pagina_publica"]
    readonly_fields = fields

    def get_search_results(self, request, queryset, search_term):
        # Aceita o código como está no papel, com minúsculas ou sem hífens.
        from documentos.codigos import normalizar

        return super().get_search_results(request, queryset, normalizar(search_term) or search_term)

    @admin.display(description="PDF")
    def baixar(self, obj):
        if not obj.arquivo:
            return "Apagado pela guarda dos dados (fica o SHA-256)"
        return format_html('<a href="{}">{}</a>', reverse("admin:documentos_documentoemitido_pdf", args=[obj.pk]),
                           obj.nome_arquivo)

    @admin.display(description="página pública de verificação")
    def pagina_publica(self, obj):
        return format_html('<a href="{}" target="_blank" rel="noopener">{}</a>', obj.get_absolute_url(),
                           obj.url_verificacao)

    def get_urls(self):
        return [path("<int:pk>/pdf/", self.admin_site.admin_view(self.pdf), name="documentos_documentoemitido_pdf"),
                *super().get_urls()]

    def pdf(self, request, pk: int):
        if not self.has_view_permission(request):
            raise PermissionDenied
        documento = get_object_or_404(self.get_queryset(request), pk=pk)
        if not documento.arquivo:
            raise Http404("O PDF foi apagado pela guarda dos dados; fica o registro da emissão, com o SHA-256.")
        return resposta_pdf(documento)


# A fila aparece uma vez só, em português (o admin do pacote mostra «Task Results»).
admin.site.unregister(DBTaskResult)


@admin.register(TarefaEmSegundoPlano)
class TarefaEmSegundoPlanoAdmin(DBTaskResultAdmin):
    """A fila é da instalação: os argumentos de uma tarefa citam registros de qualquer órgão."""

    def has_module_permission(self, request):
        return orgaos_do_usuario(request.user) is None and super().has_module_permission(request)

    def has_view_permission(self, request, obj=None):
        return orgaos_do_usuario(request.user) is None and super().has_view_permission(request, obj)

    # Os títulos que o pacote escreve em inglês, sem passar pela tradução.
    @admin.display(description="rastreamento do erro")
    def formatted_traceback(self, obj):
        return super().formatted_traceback(obj)

    @admin.display(description="executar a partir de")
    def display_run_after(self, obj):
        return super().display_run_after(obj)

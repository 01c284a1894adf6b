"""Registro dos documentos emitidos: só leitura (um documento emitido nunca muda), com o PDF guardado, e a página
«Assinar», que acrescenta uma assinatura digital numa versão nova (documentos/assinatura_servicos.py)."""

from contextlib import nullcontext

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.html import format_html, format_html_join
from django.utils.http import content_disposition_header
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django_tasks_db.admin import DBTaskResultAdmin
from django_tasks_db.models import DBTaskResult

from documentos.assinatura import ErroDeAssinatura, assinador_a1, assinador_pkcs11
from documentos.assinatura_servicos import (
    Signatario,
    assinaturas_definir_ordem,
    documento_assinar,
    proxima_assinatura,
    versao_vigente,
)
from documentos.envios import limite_em_fluxo
from documentos.forms import AssinarForm, SignatarioForm
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
              "referencia_tipo", "referencia_id", "baixar", "assinaturas", "pagina_publica"]
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

    def get_list_display(self, request):
        if request.user.has_perm("documentos.assinar_documentoemitido"):
            return [*self.list_display, "assinar"]
        return self.list_display

    @admin.display(description="assinar")
    def assinar(self, obj):
        if not obj.arquivo or obj.substituido_por_id:
            return "—"
        return format_html('<a href="{}">Assinar</a>', reverse("admin:documentos_documentoemitido_assinar",
                                                              args=[obj.pk]))

    @admin.display(description="assinaturas digitais")
    def assinaturas(self, obj):
        ordem = list(obj.assinaturas.order_by("ordem"))
        if not ordem:
            return "Nenhuma: vale o PDF emitido."
        vigente = versao_vigente(obj)
        itens = format_html_join("", "<li>{}</li>", ((self._descricao(a, vigente),) for a in ordem))
        return format_html("<ol>{}</ol>", itens)

    @staticmethod
    def _descricao(assinatura, vigente):
        if not assinatura.assinada:
            return f"{assinatura.nome}: falta assinar"
        quando = timezone.localtime(assinatura.assinado_em)
        texto = format_html("{} ({}): assinou em {} — <a href=\"{}\">{}</a>", assinatura.nome,
                            assinatura.documento_do_titular or assinatura.titular,
                            f"{quando:%d/%m/%Y} às {quando:%H:%M}",
                            reverse("admin:documentos_documentoemitido_assinado", args=[assinatura.documento_id,
                                                                                        assinatura.ordem]),
                            "baixar a versão assinada")
        return format_html("{} {}", texto, "(vigente)" if vigente is not None and vigente.pk == assinatura.pk else "")

    def get_urls(self):
        return [path("<int:pk>/pdf/", self.admin_site.admin_view(self.pdf), name="documentos_documentoemitido_pdf"),
                path("<int:pk>/assinar/", self.admin_site.admin_view(self.pagina_assinar),
                     name="documentos_documentoemitido_assinar"),
                path("<int:pk>/assinado/<int:ordem>/", self.admin_site.admin_view(self.pdf_assinado),
                     name="documentos_documentoemitido_assinado"),
                *super().get_urls()]

    def pdf_assinado(self, request, pk: int, ordem: int):
        if not self.has_view_permission(request):
            raise PermissionDenied
        documento = get_object_or_404(self.get_queryset(request), pk=pk)
        assinatura = get_object_or_404(documento.assinaturas, ordem=ordem, assinado_em__isnull=False)
        resposta = HttpResponse(assinatura.conteudo(), content_type="application/pdf")
        nome = documento.nome_arquivo.removesuffix(".pdf") + f"-assinado-{ordem}.pdf"
        resposta["Content-Disposition"] = content_disposition_header(True, nome)
        resposta["Cache-Control"] = "private, no-store"
        return resposta

    # A senha do certificado e o PIN do token nunca aparecem num relatório de erro (nem com DEBUG, nem por e-mail).
    @method_decorator(sensitive_post_parameters("senha", "certificado"))
    @method_decorator(limite_em_fluxo("pdf"))
    def pagina_assinar(self, request, pk: int):
        if not request.user.has_perm("documentos.assinar_documentoemitido"):
            raise PermissionDenied
        documento = get_object_or_404(self.get_queryset(request), pk=pk)
        token = bool(settings.ASSINATURA_PKCS11_BIBLIOTECA)
        dados = request.POST if request.method == "POST" else None
        form = AssinarForm(dados if "assinar" in request.POST else None, request.FILES or None,
                           token_disponivel=token)
        signatario = SignatarioForm(dados if "acrescentar" in request.POST else None)
        if "acrescentar" in request.POST and signatario.is_valid():
            assinaturas_definir_ordem(documento=documento, usuario=request.user,
                                      signatarios=[Signatario(**signatario.cleaned_data)])
            messages.success(request, f"{signatario.cleaned_data['nome']} entrou na ordem das assinaturas.")
            return redirect(request.path)
        if "assinar" in request.POST and form.is_valid():
            try:
                with self._assinador(form.cleaned_data) as assinador:
                    assinatura = documento_assinar(documento=documento, assinador=assinador, usuario=request.user,
                                                   cargo=form.cleaned_data.get("cargo", ""))
            except ErroDeAssinatura as erro:
                form.add_error(None, str(erro))
            else:
                messages.success(request, f"Documento assinado por {assinatura.titular} (assinatura "
                                          f"{assinatura.ordem}). A versão assinada é agora a vigente.")
                return redirect(reverse("admin:documentos_documentoemitido_change", args=[documento.pk]))
        contexto = {
            **self.admin_site.each_context(request), "opts": self.model._meta, "title": "Assinar digitalmente",
            "objeto": documento, "form": form, "signatario_form": signatario,
            "adminform": helpers.AdminForm(form, [(None, {"fields": list(form.fields)})], {}),
            "ordem": documento.assinaturas.order_by("ordem"), "proxima": proxima_assinatura(documento),
            "url_objeto": reverse("admin:documentos_documentoemitido_change", args=[documento.pk]),
        }
        return TemplateResponse(request, "admin/documentos/documentoemitido/assinar.html", contexto)

    @staticmethod
    @sensitive_variables("dados")
    def _assinador(dados):
        if dados.get("usar_token"):
            return assinador_pkcs11(biblioteca=settings.ASSINATURA_PKCS11_BIBLIOTECA,
                                    token=settings.ASSINATURA_PKCS11_TOKEN, pin=dados["senha"],
                                    rotulo=settings.ASSINATURA_PKCS11_CHAVE)
        return nullcontext(assinador_a1(dados["certificado"].read(), dados["senha"]))

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

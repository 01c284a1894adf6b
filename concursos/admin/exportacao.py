"""Exportação do admin (django-import-export) com as grandes em segundo plano: progresso, lista e download.

Até `LIMITE_NA_HORA` linhas, nada muda: o arquivo sai na resposta. Acima, o pedido vira uma
`concursos.Exportacao`, vai para a fila (concursos/tarefas.py) e o usuário vê a página «Preparando o arquivo»,
que se atualiza sozinha e pode ser fechada: «Minhas exportações» lista as recentes, com o link quando prontas.
Só quem pediu baixa o arquivo, e só enquanto ainda pode exportar aquela versão (a dos dados sensíveis exige a
permissão de vê-los).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.options import IncorrectLookupParameters
from django.core.exceptions import FieldError, PermissionDenied, SuspiciousOperation
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from import_export.forms import SelectableFieldsExportForm

from concursos.exportacao import geracao as exportacoes
from concursos.exportacao.formatos_seguros import FORMATOS
from concursos.exportacao.recursos import ROTULOS
from concursos.models import EstadoExportacao, Exportacao
from concursos.recuperacao import marcar_paradas, processo_da_fila_parado, reabrir_exportacao

RECENTES = 20
FALHA_NA_HORA = ("Não foi possível gerar o arquivo: algum valor da lista não pôde ser escrito neste formato. Tente "
                 "outro formato ou avise o suporte.")
registro = logging.getLogger(__name__)


def _mil(n: int | None) -> str:
    return "" if n is None else f"{n:,}".replace(",", ".")


class FormularioDeExportacao(SelectableFieldsExportForm):
    """O formulário do django-import-export com o nome de cada coluna como se lê («Cor/Raça», «Autodeclaração em»),
    não o código dela em maiúsculas («Cor Raca»); o código, que é o cabeçalho do arquivo, vem entre parênteses."""

    def _get_field_label(self, resource, field_name: str) -> str:
        campo = resource.fields.get(field_name)
        coluna = campo.column_name if campo else field_name
        rotulo = ROTULOS.get(coluna)
        return f"{rotulo} ({coluna})" if rotulo else super()._get_field_label(resource, field_name)


class ExportacaoEmSegundoPlanoMixin:
    """Para os ModelAdmin com o ExportMixin: as exportações grandes vão para a fila de tarefas. O arquivo baixado e o
    pedido refeito ficam no registro de acessos pelo `registrar_exportacao_da_fila` do DadosSensiveisNaListaMixin
    (concursos/admin/comum.py), como a exportação imediata."""

    export_template_name = "admin/concursos/exportacao/exportar.html"
    export_formats = FORMATOS
    export_form_class = FormularioDeExportacao

    def partes_do_nome_da_exportacao(self, queryset) -> list[str]:
        """O que o nome do arquivo diz além da lista e da data (p. ex. o edital); nada, por padrão."""
        return []

    def get_export_filename(self, request, queryset, file_format):
        return exportacoes.nome_do_arquivo(self, file_format, queryset)

    def has_export_permission(self, request):
        # Exportar é ver a lista inteira de uma vez: exige ao menos a permissão de ver o modelo.
        return super().has_export_permission(request) and self.has_view_permission(request)

    def _nome(self, sufixo: str) -> str:
        return f"{self.opts.app_label}_{self.opts.model_name}_{sufixo}"

    def _nome_url(self, sufixo: str) -> str:
        return f"{self.admin_site.name}:{self._nome(sufixo)}"

    def get_export_queryset(self, request):
        # A lista do admin responde a um filtro inválido redirecionando com ?e=1; a exportação não tem para onde
        # voltar, e o django-import-export deixaria o erro virar 500.
        try:
            return super().get_export_queryset(request)
        except SuspiciousOperation as erro:
            logging.getLogger(f"django.security.{type(erro).__name__}").error(str(erro))
            raise exportacoes.FiltroInvalido from erro
        except (IncorrectLookupParameters, FieldError) as erro:
            raise exportacoes.FiltroInvalido from erro

    def export_action(self, request):
        try:
            return super().export_action(request)
        except exportacoes.FiltroInvalido as erro:
            return TemplateResponse(request, "admin/concursos/exportacao/filtro_invalido.html", self._contexto(
                request, "Filtros inválidos", mensagem=str(erro)), status=400)

    # O django-import-export 4.4 chama _do_file_export com o formato, a consulta já filtrada e o formulário
    # validado; é o ponto em que se decide entre responder com o arquivo e pôr o pedido na fila.
    def _do_file_export(self, file_format, request, queryset, export_form=None):
        selecionados = export_form is not None and "export_items" in export_form.changed_data
        if export_form is None or selecionados or not self._grande(queryset):
            return self._exportar_na_hora(file_format, request, queryset, export_form)
        recurso = self.choose_export_resource_class(export_form, request)
        formato = type(file_format).__name__
        exportacao = Exportacao.objects.create(
            criada_por=request.user, modelo=self.opts.label_lower, recurso=recurso.__name__, formato=formato,
            campos=list(self.get_export_resource_fields_from_form(export_form) or []),
            filtros=request.GET.urlencode(),
            descricao=f"{str(self.opts.verbose_name_plural).capitalize()} — {recurso.get_display_name()} ({formato})")
        exportacoes.apagar_vencidas()
        return self._enfileirar(exportacao)

    def _enfileirar(self, exportacao: Exportacao):
        from concursos.tarefas import gerar_exportacao

        gerar_exportacao.enqueue(exportacao.pk)
        return redirect(self._nome_url("exportacao"), exportacao_id=exportacao.pk)

    def _exportar_na_hora(self, file_format, request, queryset, export_form):
        # O django-import-export mostra ao usuário o texto do erro, em inglês («Export failed due to …»).
        try:
            return super()._do_file_export(file_format, request, queryset, export_form=export_form)
        except (ValueError, FieldError) as erro:
            registro.exception("Exportação de %s falhou", self.opts.label_lower)
            raise ValueError(FALHA_NA_HORA) from erro

    @staticmethod
    def _grande(queryset) -> bool:
        # Conta só até passar do limite (LIMIT no banco): um milhão de linhas não precisa ser contado aqui.
        return queryset[:exportacoes.LIMITE_NA_HORA + 1].count() > exportacoes.LIMITE_NA_HORA

    def get_urls(self):
        site = self.admin_site
        return [
            path("exportacoes/", site.admin_view(self.exportacoes_view), name=self._nome("exportacoes")),
            path("exportacoes/<int:exportacao_id>/", site.admin_view(self.exportacao_view),
                 name=self._nome("exportacao")),
            path("exportacoes/<int:exportacao_id>/arquivo/", site.admin_view(self.exportacao_arquivo_view),
                 name=self._nome("exportacao_arquivo")),
            *super().get_urls(),
        ]

    def _minhas(self, request):
        if not self.has_export_permission(request):
            raise PermissionDenied
        return Exportacao.objects.filter(criada_por=request.user, modelo=self.opts.label_lower)

    def _contexto(self, request, titulo: str, **extra) -> dict:
        return {**self.admin_site.each_context(request), "title": titulo, "opts": self.opts,
                "url_exportacoes": self._nome_url("exportacoes"), "url_exportacao": self._nome_url("exportacao"),
                "url_arquivo": self._nome_url("exportacao_arquivo"), "limite": _mil(exportacoes.LIMITE_NA_HORA),
                "dias": exportacoes.DIAS_GUARDADA, **extra}

    def get_export_context_data(self, **kwargs):
        return {**super().get_export_context_data(**kwargs), "url_exportacoes": self._nome_url("exportacoes"),
                "limite": _mil(exportacoes.LIMITE_NA_HORA), "dias": exportacoes.DIAS_GUARDADA}

    def exportacoes_view(self, request):
        marcar_paradas()
        recentes = list(self._minhas(request)[:RECENTES])
        for exportacao in recentes:
            exportacao.linhas = _mil(exportacao.total_linhas)
        return TemplateResponse(request, "admin/concursos/exportacao/lista.html", self._contexto(
            request, f"Minhas exportações de {self.opts.verbose_name_plural}", recentes=recentes,
            em_andamento=any(e.em_andamento for e in recentes)))

    def exportacao_view(self, request, exportacao_id: int):
        marcar_paradas()
        exportacao = get_object_or_404(self._minhas(request), pk=exportacao_id)
        if request.method == "POST" and "refazer" in request.POST:
            # Só o primeiro pedido vale: dois cliques não põem o mesmo arquivo duas vezes na fila.
            if reabrir_exportacao(exportacao):
                self.registrar_exportacao_da_fila(request, exportacao, ato="Exportação refeita")
                return self._enfileirar(exportacao)
            messages.warning(request, "Esta exportação não está com falha (já foi refeita ou ainda está em "
                                      "andamento).")
            return redirect(self._nome_url("exportacao"), exportacao_id=exportacao.pk)
        parada = (exportacao.estado == EstadoExportacao.NA_FILA
                  and timezone.now() - exportacao.criada_em > timedelta(seconds=30))
        # O comando do processo da fila é assunto do administrador, e só quando a fila de fato parou.
        fila_parada = parada and request.user.is_superuser and processo_da_fila_parado(exportacao.criada_em)
        return TemplateResponse(request, "admin/concursos/exportacao/progresso.html", self._contexto(
            request, exportacao.descricao, exportacao=exportacao, parada=parada, fila_parada=fila_parada,
            minutos_sem_sinal=settings.TAREFAS_SEM_SINAL_MINUTOS,
            processadas=_mil(exportacao.linhas_processadas), total=_mil(exportacao.total_linhas)))

    def exportacao_arquivo_view(self, request, exportacao_id: int):
        exportacao = get_object_or_404(self._minhas(request), pk=exportacao_id)
        if exportacao.estado != EstadoExportacao.PRONTA or not exportacao.arquivo:
            raise Http404("O arquivo desta exportação não está pronto.")
        # A versão com dados sensíveis só sai para quem ainda tem a permissão de exportá-la.
        if exportacao.recurso not in {r.__name__ for r in self.get_export_resource_classes(request)}:
            raise PermissionDenied
        self.registrar_exportacao_da_fila(request, exportacao, ato="Download da exportação")
        # O admin_view já marca a resposta como privada e sem cache (never_cache).
        return FileResponse(exportacao.arquivo.open("rb"), as_attachment=True, filename=exportacao.nome_arquivo)

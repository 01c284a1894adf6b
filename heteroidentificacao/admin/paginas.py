"""O que as telas do RH da heteroidentificação têm em comum: quem vê o quê e as páginas de ação.

Sigilo (Afonso Cláudio, Lei 2.552/2023):
- os nomes dos membros ficam em sigilo até a publicação do resultado (art. 11, § 1º): antes disso só os veem
  quem cadastra os membros (`change_membro`) e os órgãos de controle (`ver_membros_em_sigilo`);
- a cor ou raça declarada pelos candidatos é dado sensível (LGPD art. 5º, II): só com
  `concursos.ver_dados_sensiveis`, como no resto do admin;
- o conteúdo das entrevistas é da comissão (art. 10, IV): `notas_entrevista` não aparece em tela nenhuma do
  admin, nem serve de filtro.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.contrib import messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.forms import Media
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse

from documentos.pdf import resposta_pdf
from nucleo.orgaos import recortar_campos, recorte_do_modelo
from nucleo.servicos import ErroOperacao

PERMISSAO_MEMBROS = "heteroidentificacao.change_membro"
PERMISSAO_SIGILO = "heteroidentificacao.ver_membros_em_sigilo"

T = TypeVar("T")


def pode_ver_membros(request) -> bool:
    """Nomes, CPF e dados dos membros, mesmo antes do resultado (has_perm já vale para o superusuário)."""
    return request.user.has_perm(PERMISSAO_MEMBROS) or request.user.has_perm(PERMISSAO_SIGILO)


class PaginasMixin:
    """As páginas próprias de um ModelAdmin: contexto com a trilha até o objeto e a página de ação (o que vai
    acontecer, o formulário e o botão, num POST com CSRF), como as do painel do certame."""

    def url_ficha(self, objeto) -> str:
        opts = objeto._meta
        return reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[objeto.pk])

    def voltar(self, objeto) -> HttpResponseRedirect:
        return HttpResponseRedirect(self.url_ficha(objeto))

    def objeto_visivel(self, request, queryset, pk: int):
        recorte = recorte_do_modelo(self.admin_site, queryset.model)
        if recorte is not None:
            queryset = recorte.recortar(queryset, request.user)
        objeto = get_object_or_404(queryset, pk=pk)
        if not self.has_view_permission(request, objeto):
            raise PermissionDenied
        return objeto

    @staticmethod
    def exigir(request, permissao: str) -> None:
        if not request.user.has_perm(permissao):
            raise PermissionDenied

    def change_view(self, request, object_id, form_url="", extra_context=None):
        objeto = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if objeto is not None:
            extra_context.update(self.contexto_da_ficha(request, objeto))
        return super().change_view(request, object_id, form_url, extra_context)

    def contexto_da_ficha(self, request, objeto) -> dict:
        """O que a ficha mostra além do formulário: os botões que cabem a quem a abriu, os painéis."""
        return {}

    def erro(self, request, erro: ErroOperacao) -> None:
        self.message_user(request, str(erro), messages.ERROR)

    def processar(self, request, classe_form: type[forms.Form], servico: Callable[[dict], T],
                  **opcoes_form) -> tuple[forms.Form, T | None]:
        """O formulário da página de ação (preenchido, se veio um POST) e o que o serviço devolve, chamado com os
        dados de um POST válido. A recusa do serviço volta por messages e dá None: a página se mostra de novo, com
        o formulário preenchido."""
        form = classe_form(request.POST if request.method == "POST" else None, **opcoes_form)
        recortar_campos(form, request.user, self.admin_site)
        if request.method != "POST" or not form.is_valid():
            return form, None
        try:
            return form, servico(form.cleaned_data)
        except ErroOperacao as erro:
            self.erro(request, erro)
            return form, None

    def contexto(self, request, titulo: str, objeto=None, **extra) -> dict:
        return {
            **self.admin_site.each_context(request),
            "title": titulo,
            "opts": self.opts,
            "objeto": objeto,
            "url_objeto": self.url_ficha(objeto) if objeto is not None else "",
            **extra,
        }

    def pagina(self, request, template: str, titulo: str, objeto=None, **extra) -> TemplateResponse:
        return TemplateResponse(request, f"admin/heteroidentificacao/{template}",
                                self.contexto(request, titulo, objeto, **extra))

    def pagina_acao(self, request, objeto, *, titulo: str, form, botao: str, explicacao: str = "",
                    template_extra: str = "", cancelar: str = "", **extra) -> TemplateResponse:
        blocos = [(None, {"fields": list(form.fields)})] if form.fields else []
        return self.pagina(
            request, "acao.html", titulo, objeto, form=form, adminform=helpers.AdminForm(form, blocos, {}),
            botao=botao, explicacao=explicacao, template_extra=template_extra,
            cancelar=cancelar or (self.url_ficha(objeto) if objeto is not None else
                                  reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist")),
            media=Media(js=["admin/js/core.js"]) + form.media, **extra)

    def pdf(self, request, objeto, emitir):
        """Emite o documento (heteroidentificacao/documentos.py) e o abre; se não cabe ainda, volta com o motivo."""
        try:
            documento = emitir()
        except ErroOperacao as erro:
            self.erro(request, erro)
            return self.voltar(objeto)
        return resposta_pdf(documento)

"""Página pública de verificação (sem login): o código existe? o arquivo que tenho é o emitido?

Mostra só os metadados (tipo, título, data, páginas, SHA-256), nunca o conteúdo nem quem emitiu:
um código visto num papel não deve dar acesso a listas com nomes ou a atas de heteroidentificação.
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from documentos.codigos import normalizar
from documentos.forms import ArquivoForm, CodigoForm
from documentos.models import DocumentoEmitido
from documentos.pdf import sha256_de


@require_http_methods(["GET"])
def verificar(request):
    form = CodigoForm(request.GET or None)
    if form.is_valid():
        return redirect("documentos:verificar_codigo", codigo=form.cleaned_data["codigo"])
    return render(request, "documentos/verificar.html", {"form": form})


@require_http_methods(["GET", "POST"])
def verificar_codigo(request, codigo: str):
    canonico = normalizar(codigo)
    if canonico is not None and canonico != codigo:
        return redirect("documentos:verificar_codigo", codigo=canonico)
    documento = DocumentoEmitido.objects.filter(codigo=canonico).first() if canonico else None
    contexto = {"form": CodigoForm(initial={"codigo": codigo}), "codigo": canonico or codigo, "documento": documento}
    if documento is None:
        return render(request, "documentos/verificar.html", contexto, status=404)
    arquivo_form = ArquivoForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and arquivo_form.is_valid():
        enviado = sha256_de(arquivo_form.cleaned_data["arquivo"])
        contexto["comparacao"] = {"sha256": enviado, "identico": enviado == documento.sha256,
                                  "nome": arquivo_form.cleaned_data["arquivo"].name}
    contexto["arquivo_form"] = arquivo_form
    return render(request, "documentos/verificar.html", contexto)

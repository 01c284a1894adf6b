"""Página pública de verificação (sem login): o código existe? o arquivo que tenho é o emitido? quem o assinou?

Mostra só os metadados (tipo, título, data, páginas, SHA-256) e as assinaturas digitais (signatário, horário e
validade, com o CPF mascarado), nunca o conteúdo nem quem emitiu: um código visto num papel não deve dar acesso a
listas com nomes ou a atas de heteroidentificação.

O arquivo enviado é autêntico se for o PDF emitido (o mesmo SHA-256) ou uma versão assinada dele: o emitido
seguido só de assinaturas (documentos/assinatura_servicos.py), cada uma conferida pelo pyHanko.
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods

from documentos.assinatura_servicos import assinaturas_da_versao, conferir_contra_o_emitido, versao_vigente
from documentos.codigos import normalizar
from documentos.envios import MB, EnvioGrandeDemais, limitar_envio, limite
from documentos.forms import ArquivoForm, CodigoForm
from documentos.models import DocumentoEmitido


@require_http_methods(["GET"])
def verificar(request):
    form = CodigoForm(request.GET or None)
    if form.is_valid():
        return redirect("documentos:verificar_codigo", codigo=form.cleaned_data["codigo"])
    return render(request, "documentos/verificar.html", {"form": form})


@csrf_exempt
@require_http_methods(["GET", "POST"])
def verificar_codigo(request, codigo: str):
    # Sem login: o envio grande é recusado antes de o corpo ser lido. O CSRF (que lê o corpo) vem depois do limite:
    # por isso esta view é csrf_exempt e a que ela chama, csrf_protect.
    vigia = limitar_envio(request, "verificacao") if request.method == "POST" else None
    if request.method == "POST" and vigia is None:
        return _grande_demais(request, codigo)
    return _verificar_codigo(request, codigo, vigia)


def _grande_demais(request, codigo: str):
    erro = (f"O arquivo passa de {limite('verificacao') // MB} MB e não foi recebido: nenhum documento emitido pelo "
            "sistema é tão grande. Confira se escolheu o PDF certo.")
    return render(request, "documentos/verificar.html",
                  {"form": CodigoForm(initial={"codigo": codigo}), "erro_envio": erro}, status=413)


@csrf_protect
def _verificar_codigo(request, codigo: str, vigia: EnvioGrandeDemais | None):
    canonico = normalizar(codigo)
    if canonico is not None and canonico != codigo:
        return redirect("documentos:verificar_codigo", codigo=canonico)
    documento = (DocumentoEmitido.objects.select_related("substituido_por", "orgao__municipio")
                 .filter(codigo=canonico).first() if canonico else None)
    contexto = {"form": CodigoForm(initial={"codigo": codigo}), "codigo": canonico or codigo, "documento": documento}
    if documento is None:
        return render(request, "documentos/verificar.html", contexto, status=404)
    arquivos = request.FILES if request.method == "POST" else None
    if vigia is not None and vigia.excedeu:
        return _grande_demais(request, codigo)
    arquivo_form = ArquivoForm(request.POST or None, arquivos or None)
    if request.method == "POST" and arquivo_form.is_valid():
        enviado = arquivo_form.cleaned_data["arquivo"]
        enviado.seek(0)
        contexto["comparacao"] = conferir_contra_o_emitido(documento, enviado.read())
        contexto["nome_enviado"] = enviado.name
    contexto["arquivo_form"] = arquivo_form
    contexto.update(_assinaturas_guardadas(documento))
    return render(request, "documentos/verificar.html", contexto)


def _assinaturas_guardadas(documento: DocumentoEmitido) -> dict:
    """A ordem dos signatários (quem já assinou, quem falta) e a conferência da versão assinada vigente."""
    ordem = list(documento.assinaturas.order_by("ordem"))
    vigente = versao_vigente(documento) if ordem else None
    conferidas = assinaturas_da_versao(vigente) if vigente is not None else []
    return {"ordem_de_assinaturas": ordem, "vigente": vigente, "assinaturas_conferidas": conferidas,
            "faltam": [a for a in ordem if not a.assinada]}

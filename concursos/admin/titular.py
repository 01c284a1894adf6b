"""O relatório do titular (LGPD art. 18, I e II) no admin: o CPF e o número do requerimento, a página com tudo o
que o sistema guarda sobre a pessoa nos órgãos da conta, e o mesmo em PDF (verificável) e em JSON (portável,
art. 18, V). Cada emissão fica no registro de acessos, com o requerimento como finalidade."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from localflavor.br.forms import BRCPFField

from concursos.admin.comum import so_digitos
from concursos.documentos import TIPO_RELATORIO_TITULAR
from concursos.models import Candidato
from documentos.pdf import emitir_pdf, resposta_pdf
from nucleo.acessos import TipoAcesso, registrar_acesso_na_requisicao
from nucleo.orgaos import orgaos_do_usuario
from nucleo.titular import relatorio_do_titular

PERMISSAO = "nucleo.emitir_relatorio_titular"
FORMATOS = {"pagina": "Ver na tela", "pdf": "Baixar PDF", "json": "Baixar JSON"}


class RelatorioForm(forms.Form):
    cpf = BRCPFField(label="CPF do titular", help_text="Com ou sem pontuação.",
                     error_messages={"invalid": "CPF inválido: confira os dígitos.",
                                     "max_digits": "O CPF tem 11 dígitos."})
    requerimento = forms.CharField(label="Requerimento", max_length=200,
                                   help_text="O número ou a referência do pedido do titular (LGPD art. 18, § 3º): "
                                             "fica no registro de acessos como a finalidade.")


def relatorio_view(request, *, admin_site: admin.AdminSite):
    if not request.user.has_perm(PERMISSAO):
        raise PermissionDenied
    form = RelatorioForm(request.POST or None)
    relatorio = None
    if request.method == "POST" and form.is_valid():
        cpf = so_digitos(form.cleaned_data["cpf"])
        relatorio = relatorio_do_titular(cpf, orgaos_do_usuario(request.user))
        formato = request.POST.get("formato", "pagina")
        # Um cadastro por órgão (decisão 0005): cada emissão fica no registro do órgão de cada cadastro.
        orgaos = dict(Candidato.objects.filter(pk__in=relatorio.titulares).values_list("pk", "orgao_id"))
        for titular in relatorio.titulares or (None,):
            registrar_acesso_na_requisicao(
                request, tipo=TipoAcesso.RELATORIO_TITULAR, titular_id=titular, orgao_id=orgaos.get(titular),
                descricao=f"Relatório do titular ({FORMATOS.get(formato, formato)})",
                finalidade=form.cleaned_data["requerimento"])
        if formato == "json":
            resposta = HttpResponse(json.dumps({**relatorio.como_dict(), "gerado_em": timezone.now().isoformat(),
                                                "requerimento": form.cleaned_data["requerimento"]},
                                               ensure_ascii=False, indent=2),
                                    content_type="application/json; charset=utf-8")
            resposta["Content-Disposition"] = f'attachment; filename="relatorio-titular-{cpf[-4:]}.json"'
            return resposta
        if formato == "pdf":
            return resposta_pdf(emitir_pdf(
                template="concursos/pdf/relatorio_titular.html", tipo=TIPO_RELATORIO_TITULAR,
                contexto={"relatorio": relatorio, "requerimento": form.cleaned_data["requerimento"]},
                titulo="Relatório do titular (LGPD art. 18)", usuario=request.user,
                nome_arquivo="relatorio do titular",
                # O documento guardado fica com o órgão do cadastro (recortado como os outros documentos); de
                # mais de um órgão, só a administração da instalação o vê na lista dos emitidos.
                orgao_id=next(iter(set(orgaos.values()))) if len(set(orgaos.values())) == 1 else None))
    return TemplateResponse(request, "admin/concursos/titular/relatorio.html", {
        **admin_site.each_context(request), "title": "Relatório do titular (LGPD art. 18)", "form": form,
        "relatorio": relatorio, "formatos": FORMATOS, "dias_do_pdf": settings.RETENCAO_RELATORIO_TITULAR_DIAS,
        "adminform": admin.helpers.AdminForm(form, [(None, {"fields": list(form.fields)})], {}),
    })

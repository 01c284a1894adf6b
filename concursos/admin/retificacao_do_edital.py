"""As páginas da retificação do edital publicado (do certame e de um cargo): o formulário, a prévia do que muda e o
ato. A regra está em concursos/services/retificacao_do_edital.py; aqui só a tela."""

from __future__ import annotations

import hashlib
import json

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.urls import reverse

from concursos.admin.formularios import RetificacaoDoEditalForm
from concursos.services.retificacao_do_edital import (
    CAMPOS_DO_CARGO,
    CAMPOS_DO_CERTAME,
    alteracoes_da_retificacao,
    certame_retificar,
    documentos_reemitir,
)
from nucleo.servicos import ErroOperacao
from nucleo.texto import plural

EXPLICACAO = ("Publicado, o edital só muda por retificação: um ato com número, data, publicação oficial e motivo, que "
              "fica na página do certame com o que mudou (antes e depois). O quadro de vagas, e as listas e "
              "convocações já emitidas dos cargos alcançados, são emitidos de novo; a página de verificação dos "
              "anteriores passa a dizer que foram substituídos por esta retificação. A lei aplicada não muda.")


def _chave_da_previa(alteracoes) -> str:
    texto = json.dumps([a.como_dict() for a in alteracoes], sort_keys=True, default=str)
    return hashlib.sha256(texto.encode()).hexdigest()[:16]


class RetificacaoAdminMixin:
    """Para o admin do certame: `retificar_view` (o edital) e `retificar_cargo_view` (um cargo)."""

    def retificar_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        return self._retificar(request, certame, certame, CAMPOS_DO_CERTAME, cargo=None,
                               titulo="Retificar o edital")

    def retificar_cargo_view(self, request, cargo_id: int):
        cargo = self._cargo(request, cargo_id)
        return self._retificar(request, cargo.certame, cargo, CAMPOS_DO_CARGO, cargo=cargo,
                               titulo=f"Retificar o cargo {cargo.codigo}")

    def _retificar(self, request, certame, objeto, campos, *, cargo, titulo: str):
        if not self.has_change_permission(request, certame):
            raise PermissionDenied
        legado = cargo is None and certame.publicado and not certame.regras_motor().posicoes_da_lei_protegidas
        form = RetificacaoDoEditalForm(request.POST if request.method == "POST" else None, objeto=objeto, campos=campos,
                                       posicoes_da_lei=legado)
        previa = {}
        if request.method == "POST" and form.is_valid():
            dados_certame, dados_cargos = ({}, {cargo.pk: form.mudancas()}) if cargo else (form.mudancas(), {})
            aplicar = form.cleaned_data.get("aplicar_posicoes_da_lei", False)
            try:
                alteracoes = alteracoes_da_retificacao(certame, dados_certame, dados_cargos, aplicar)
                chave = _chave_da_previa(alteracoes)
                if not alteracoes:
                    raise ErroOperacao("Nada muda: os valores informados são os que o edital já tem.")
                if request.POST.get("previa") != chave:
                    previa = {"previa_chave": chave, "alteracoes": alteracoes,
                              "template_extra": "admin/concursos/certame/_retificacao.html"}
                else:
                    return self._registrar_retificacao(request, certame, form, dados_certame, dados_cargos, aplicar)
            except ErroOperacao as erro:
                form.add_error(None, str(erro))
        return self._pagina_acao(
            request, certame, titulo=titulo, form=form, cargo=cargo, explicacao=EXPLICACAO, **previa,
            botao="Confirmar e registrar a retificação" if previa else "Ver o que muda",
            cancelar=reverse("admin:concursos_cargo_painel", args=[cargo.pk]) if cargo else "")

    def _registrar_retificacao(self, request, certame, form, dados_certame, dados_cargos, aplicar: bool):
        ato = certame_retificar(certame=certame, dados_certame=dados_certame, dados_cargos=dados_cargos,
                                data=form.cleaned_data["data"], publicacao=form.cleaned_data["publicacao"],
                                motivo=form.cleaned_data["motivo"], usuario=request.user,
                                aplicar_posicoes_da_lei=aplicar)
        novos = documentos_reemitir(ato=ato, usuario=request.user)
        self.message_user(request, f"{ato} registrada ({ato.publicacao}): "
                                   f"{plural(len(ato.alteracoes), 'campo alterado', 'campos alterados')}; "
                                   f"{plural(len(novos), 'documento emitido', 'documentos emitidos')} de novo.",
                          messages.SUCCESS)
        return HttpResponseRedirect(self._url_painel(certame) + "#atos")

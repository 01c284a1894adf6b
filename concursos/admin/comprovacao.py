"""As páginas dos documentos que a lei exige para a reserva (Iúna art. 2º, II; Ibatiba art. 2º), no admin do certame
(as rotas e a montagem da página são as dele, concursos/admin/certames.py): os documentos de uma inscrição, com o
registro de um documento apresentado (ou de que nada foi apresentado no prazo), e a conferência de cada um.

Revelam a etnia declarada: exigem a permissão de ver dados sensíveis e a de alterar inscrições, no órgão da conta (o
de outro órgão não existe para ela: 404); cada página aberta vai ao registro de acessos, com o titular. Quem grava é
concursos/services/inscricao.py.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse

from concursos.admin.comum import pode_ver_sensiveis, registrar_acesso_sensivel
from concursos.admin.resultado import PERMISSAO_ALTERAR_INSCRICAO
from concursos.models import DocumentoApresentado, Inscricao
from concursos.selectors.comprovacao import GrupoDaInscricao, grupos_da_inscricao
from concursos.services.inscricao import documento_conferir, documento_nao_apresentado, documento_registrar
from legislacao import comprovacao
from nucleo.orgaos import recortar
from nucleo.servicos import ErroOperacao

ACEITAR, RECUSAR = "aceitar", "recusar"


class RegistroDeDocumentoForm(forms.Form):
    documento = forms.ChoiceField(label="Documento apresentado")
    observacao = forms.CharField(
        label="Observação ou motivo", max_length=2000, required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="Opcional para um documento (p. ex. o número do protocolo). Obrigatório quando nada foi apresentado: "
                  "o item do edital e o prazo que passou.")

    def __init__(self, *args, grupos: list[GrupoDaInscricao], **kwargs):
        super().__init__(*args, **kwargs)
        escolhas = []
        for grupo in grupos:
            opcoes = [(f"{grupo.codigo}:{t.codigo}", t.nome + (f" ({t.artigo})" if t.artigo else ""))
                      for t in grupo.exigencia.tipos]
            opcoes.append((f"{grupo.codigo}:{comprovacao.NENHUM}", comprovacao.NOME_NENHUM))
            escolhas.append((grupo.nome, opcoes))
        self.fields["documento"].choices = [("", "—"), *escolhas]

    def clean(self):
        dados = super().clean()
        escolha = dados.get("documento")
        if escolha:
            dados["grupo"], dados["tipo"] = escolha.split(":", 1)
            if dados["tipo"] == comprovacao.NENHUM and not dados.get("observacao", "").strip():
                self.add_error("observacao", "Informe o motivo: o item do edital e o prazo em que nada foi "
                                             "apresentado.")
        return dados


class ConferenciaForm(forms.Form):
    resultado = forms.ChoiceField(label="Conferência", widget=forms.RadioSelect,
                                  choices=[(ACEITAR, "Aceito: o documento prova o que a lei pede"),
                                           (RECUSAR, "Recusado")])
    motivo = forms.CharField(label="Motivo", max_length=2000, required=False,
                             widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
                             help_text="Obrigatório na recusa e ao mudar uma conferência já feita; fica no registro do "
                                       "documento, que o candidato pode pedir (LGPD art. 18).")


class DocumentosDaInscricaoMixin:
    """Para o admin do certame: os documentos de uma inscrição e a conferência de cada um."""

    def urls_dos_documentos(self) -> list:
        site = self.admin_site
        return [
            path("inscricao/<int:inscricao_id>/documentos/", site.admin_view(self.documentos_view),
                 name="concursos_inscricao_documentos"),
            path("documento/<int:documento_id>/conferir/", site.admin_view(self.conferencia_view),
                 name="concursos_documento_conferir"),
        ]

    @staticmethod
    def _exigir_conferir(request) -> None:
        if not (pode_ver_sensiveis(request) and request.user.has_perm(PERMISSAO_ALTERAR_INSCRICAO)):
            raise PermissionDenied

    def _inscricao_dos_documentos(self, request, inscricao_id: int) -> Inscricao:
        self._exigir_conferir(request)
        return get_object_or_404(recortar(Inscricao.objects.select_related("certame__orgao", "cargo", "candidato"),
                                          request.user, "certame__orgao"), pk=inscricao_id)

    def _feito(self, request, servico: Callable[[], DocumentoApresentado], mensagem: str,
               destino: str) -> HttpResponseRedirect | None:
        try:
            servico()
        except ErroOperacao as erro:
            self.message_user(request, str(erro), messages.ERROR)
            return None
        self.message_user(request, mensagem, messages.SUCCESS)
        return HttpResponseRedirect(destino)

    def _pagina_dos_documentos(self, request, inscricao: Inscricao, *, titulo: str, form, botao: str,
                               explicacao: str, **extra):
        registrar_acesso_sensivel(request, inscricao, titular_id=inscricao.candidato_id,
                                  descricao=f"Documentos da inscrição {inscricao.numero}")
        ficha = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
        return self._pagina_acao(
            request, inscricao.certame, titulo=titulo, form=form, botao=botao, cancelar=ficha, cargo=inscricao.cargo,
            inscricao=inscricao, explicacao=explicacao, template_extra="admin/concursos/inscricao/_documentos.html",
            grupos=grupos_da_inscricao(inscricao), documentos=_documentos(inscricao), **extra)

    def documentos_view(self, request, inscricao_id: int):
        inscricao = self._inscricao_dos_documentos(request, inscricao_id)
        grupos = grupos_da_inscricao(inscricao)
        ficha = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
        if not grupos:
            self.message_user(request, f"A inscrição {inscricao.numero} não concorre a reserva que exija documento na "
                                       "lei do certame.", messages.WARNING)
            return HttpResponseRedirect(ficha)
        form = RegistroDeDocumentoForm(request.POST if request.method == "POST" else None, grupos=grupos)
        if request.method == "POST" and form.is_valid():
            dados = form.cleaned_data
            if dados["tipo"] == comprovacao.NENHUM:
                feito = self._feito(request, lambda: documento_nao_apresentado(
                    inscricao=inscricao, grupo=dados["grupo"], usuario=request.user, motivo=dados["observacao"]),
                    f"Registrado que a inscrição {inscricao.numero} não apresentou documento no prazo do edital: ela "
                    "sai da lista do grupo nas chamadas seguintes.", ficha)
            else:
                feito = self._feito(request, lambda: documento_registrar(
                    inscricao=inscricao, grupo=dados["grupo"], tipo=dados["tipo"], usuario=request.user,
                    observacao=dados["observacao"]),
                    f"Documento registrado na inscrição {inscricao.numero}, a conferir.", ficha)
            if feito is not None:
                return feito
        return self._pagina_dos_documentos(
            request, inscricao, titulo=f"Documentos da inscrição {inscricao.numero}", form=form,
            botao="Registrar o documento apresentado",
            explicacao="A lei do certame exige documento para concorrer à reserva do grupo: só quem o tem aceito "
                       "ocupa vaga reservada. Registre cada documento que o candidato apresentou (e confira-o) ou que "
                       "nada foi apresentado no prazo do edital; quem tem o documento recusado sai da lista do grupo "
                       "e continua na ampla concorrência.")

    def conferencia_view(self, request, documento_id: int):
        self._exigir_conferir(request)
        documento = get_object_or_404(
            recortar(DocumentoApresentado.objects.select_related("inscricao__certame__orgao", "inscricao__cargo",
                                                                 "inscricao__candidato"),
                     request.user, "inscricao__certame__orgao"), pk=documento_id)
        inscricao = documento.inscricao
        ficha = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
        form = ConferenciaForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            aceito = form.cleaned_data["resultado"] == ACEITAR
            feito = self._feito(request, lambda: documento_conferir(
                documento=documento, aceito=aceito, usuario=request.user, motivo=form.cleaned_data["motivo"]),
                f"Documento «{documento.nome}» da inscrição {inscricao.numero} {'aceito' if aceito else 'recusado'}.",
                ficha)
            if feito is not None:
                return feito
        return self._pagina_dos_documentos(
            request, inscricao, titulo=f"Conferir «{documento.nome}» — inscrição {inscricao.numero}", form=form,
            botao="Registrar a conferência", conferindo=documento,
            explicacao="Confira se o documento prova o que a lei pede para o grupo. Aceito, o candidato pode ocupar "
                       "vaga reservada; recusado (com o motivo), sai da lista do grupo e continua na ampla. A "
                       "conferência vale para as chamadas seguintes: quem já ocupa uma posição não a perde por ela.")


def _documentos(inscricao: Inscricao) -> list[DocumentoApresentado]:
    return list(inscricao.documentos.select_related("registrado_por", "conferido_por", "importacao",
                                                    "conferido_na_importacao"))

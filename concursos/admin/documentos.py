"""Downloads dos PDFs no admin: quadro de vagas do certame, listas de classificação e convocações de um cargo.

Cada clique emite um documento novo (com o seu código de verificação), porque listas e convocações
mudam com o tempo: o PDF registra o estado no momento da emissão, e a página pública confirma
exatamente aquele arquivo. O admin do certame inclui estas rotas com `urls(admin_site)`.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path

from concursos.admin.comum import pode_ver_sensiveis
from concursos.documentos import (
    ListaDesconhecida,
    emitir_convocacoes,
    emitir_escolha_local,
    emitir_lista,
    emitir_quadro,
)
from concursos.models import Cargo, Certame
from concursos.selectors.listas import GERAL
from documentos.pdf import resposta_pdf
from legislacao import motor
from nucleo.acessos import TipoAcesso, registrar_acesso_na_requisicao
from nucleo.orgaos import recortar

PERMISSAO = "concursos.view_certame"


def _exigir_permissao(request) -> None:
    if not request.user.has_perm(PERMISSAO):
        raise PermissionDenied


def quadro_pdf(request, certame_id: int):
    _exigir_permissao(request)
    certame = get_object_or_404(recortar(Certame.objects.all(), request.user, "orgao"), pk=certame_id)
    return resposta_pdf(emitir_quadro(certame=certame, usuario=request.user))


def lista_pdf(request, cargo_id: int, codigo: str):
    _exigir_permissao(request)
    cargo = get_object_or_404(recortar(Cargo.objects.all(), request.user, "certame__orgao"), pk=cargo_id)
    # A ampla com a coluna das outras listas só para quem pode ver cor ou raça, como na tela (decisão 0019).
    outras = codigo.upper() == motor.AMPLA and pode_ver_sensiveis(request)
    try:
        documento = emitir_lista(cargo=cargo, codigo=codigo, usuario=request.user, com_outras_listas=outras)
    except ListaDesconhecida as erro:
        raise Http404(f"O cargo {cargo.codigo} não tem a lista «{codigo}».") from erro
    if outras or codigo.upper() not in (GERAL, motor.AMPLA):
        descricao = f"PDF da lista {codigo} do cargo {cargo}" + (", com as outras listas de cada candidato"
                                                                  if outras else "")
        registrar_acesso_na_requisicao(
            request, tipo=TipoAcesso.PDF, descricao=descricao,
            quantidade=documento.paginas, orgao_id=cargo.certame.orgao_id, objeto=cargo)
    return resposta_pdf(documento)


def convocacao_pdf(request, cargo_id: int):
    _exigir_permissao(request)
    cargo = get_object_or_404(recortar(Cargo.objects.all(), request.user, "certame__orgao"), pk=cargo_id)
    return resposta_pdf(emitir_convocacoes(cargo=cargo, usuario=request.user))


def escolha_local_pdf(request, cargo_id: int):
    _exigir_permissao(request)
    cargo = get_object_or_404(recortar(Cargo.objects.all(), request.user, "certame__orgao"), pk=cargo_id)
    if not (cargo.certame.regras or {}).get("lei", {}).get("escolha_local_pela_ampla"):
        raise Http404("A lei deste certame não ordena a escolha do local de exercício pela lista de ampla.")
    return resposta_pdf(emitir_escolha_local(cargo=cargo, usuario=request.user))


def urls(admin_site) -> list:
    return [
        path("certame/<int:certame_id>/quadro-de-vagas.pdf", admin_site.admin_view(quadro_pdf),
             name="concursos_certame_quadro_pdf"),
        path("cargo/<int:cargo_id>/lista/<str:codigo>.pdf", admin_site.admin_view(lista_pdf),
             name="concursos_cargo_lista_pdf"),
        path("cargo/<int:cargo_id>/convocacoes.pdf", admin_site.admin_view(convocacao_pdf),
             name="concursos_cargo_convocacao_pdf"),
        path("cargo/<int:cargo_id>/escolha-do-local.pdf", admin_site.admin_view(escolha_local_pdf),
             name="concursos_cargo_escolha_local_pdf"),
    ]

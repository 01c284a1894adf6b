"""O painel de indicadores no admin: o de um órgão (ou de todos os da conta) por ano, e o de um certame, com a ordem
de nomeação de cada cargo. Só números agregados: quem pode ver os registros por trás de cada número segue os links."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from concursos.admin.comum import PERMISSAO_SENSIVEIS
from concursos.models import Certame, EstadoCertame
from monitoramento import figuras
from monitoramento.acesso import PERMISSOES_DO_PAINEL, pode_ver_indicadores
from monitoramento.selectors.indicadores import certames_publicados, indicadores_dos_certames
from monitoramento.selectors.painel import (
    MINUTOS_NO_CACHE,
    ORGAOS_SEM_CACHE,
    avisos_dos_relatorios,
    faixas_do_certame,
    painel,
)
from monitoramento.selectors.pessoal import pessoal_do_painel
from nucleo.models import Orgao
from nucleo.orgaos import orgaos_do_usuario


def _exigir_o_painel(request) -> None:
    if not any(request.user.has_perm(p) for p in PERMISSOES_DO_PAINEL):
        raise PermissionDenied


def _inteiro(valor: str | None) -> int | None:
    return int(valor) if valor and valor.isdigit() and len(valor) <= 9 else None


def painel_dos_orgaos(request):
    _exigir_o_painel(request)
    ids = orgaos_do_usuario(request.user)
    orgaos = list(Orgao.objects.filter(pk__in=ids) if ids is not None else Orgao.objects.all())
    orgao_id, ano = _inteiro(request.GET.get("orgao")), _inteiro(request.GET.get("ano"))
    orgao = next((o for o in orgaos if o.pk == orgao_id), None)
    if orgao_id is not None and orgao is None:
        # Um órgão de fora da lotação, digitado no endereço: como se não existisse.
        raise Http404
    recorte = [orgao.pk] if orgao else ids
    dados = painel(recorte, orgaos=orgaos, orgao=orgao, ano=ano)
    return TemplateResponse(request, "monitoramento/painel.html", {
        **admin.site.each_context(request), "title": "Indicadores da reserva de vagas", "painel": dados,
        "pessoal": pessoal_do_painel(recorte, ano),
        "avisos_dos_relatorios": avisos_dos_relatorios(recorte, timezone.localdate()),
        "pode_ver_certames": request.user.has_perm("concursos.view_certame"),
        "pode_ver_convocacoes": request.user.has_perm("concursos.view_convocacao"),
        "nomes_das_causas": figuras.NOMES_DAS_CAUSAS_EXIBIDOS, "orgaos_sem_cache": ORGAOS_SEM_CACHE,
        "minutos_no_cache": MINUTOS_NO_CACHE,
    })


def _registros(usuario, certame: Certame, indicadores) -> list[tuple[str, str]]:
    """Os links para os registros por trás dos números, só os das listas que a conta pode abrir: as posições de cada
    tipo de vaga, as inscrições por resultado da heteroidentificação (dado sensível: só com a permissão) e os
    recursos."""
    links = []
    if usuario.has_perm("concursos.view_convocacao"):
        base = reverse("admin:concursos_convocacao_changelist") + f"?certame={certame.pk}"
        links.append(("Todas as posições chamadas", base))
        links += [(f"Posições reservadas a {g.nome.lower()}", f"{base}&{urlencode({'vaga__exact': g.codigo})}")
                  for g in indicadores.grupos.values()]
    if usuario.has_perm("concursos.view_inscricao") and usuario.has_perm(PERMISSAO_SENSIVEIS):
        base = reverse("admin:concursos_inscricao_changelist") + f"?certame={certame.pk}"
        links += [(f"Inscrições com a autodeclaração {rotulo}", f"{base}&heteroidentificacao__exact={estado}")
                  for estado, rotulo in (("confirmado", "confirmada"), ("nao_confirmado", "não confirmada"),
                                         ("ausente", "de quem faltou à heteroidentificação"))]
    if usuario.has_perm("heteroidentificacao.view_recurso"):
        links.append(("Recursos contra a heteroidentificação",
                      reverse("admin:heteroidentificacao_recurso_changelist") + f"?certame={certame.pk}"))
    return links


def painel_do_certame(request, certame_id: int):
    _exigir_o_painel(request)
    certame = get_object_or_404(Certame.objects.select_related("orgao"), pk=certame_id)
    if not pode_ver_indicadores(request.user, certame.orgao_id):
        raise Http404
    if certame.estado == EstadoCertame.RASCUNHO:
        raise Http404
    (do_certame,) = indicadores_dos_certames(certames_publicados(None).filter(pk=certame.pk))
    faixas, restantes = faixas_do_certame(certame)
    return TemplateResponse(request, "monitoramento/painel_do_certame.html", {
        **admin.site.each_context(request), "title": f"Indicadores do edital {certame.numero_edital}",
        "certame": certame, "indicadores": do_certame.indicadores,
        "registros": _registros(request.user, certame, do_certame.indicadores),
        "figuras": figuras.do_painel(do_certame.indicadores, []), "faixas": faixas, "faixas_restantes": restantes,
        "pode_ver_certames": request.user.has_perm("concursos.view_certame"),
        "nomes_das_causas": figuras.NOMES_DAS_CAUSAS_EXIBIDOS,
    })

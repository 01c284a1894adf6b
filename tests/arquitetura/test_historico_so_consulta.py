"""Nenhum ato se desfaz pelo histórico (issue 11): todo admin que mostra o histórico do django-simple-history é só
consulta — o «Reverter» some e a página de uma versão antiga recusa o POST que gravaria aquela versão. Um edital
publicado, um cargo, uma inscrição ou uma versão de lei mudam por serviços com registro (ou por retificação), nunca
por reversão."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse
from simple_history.admin import SimpleHistoryAdmin

from legislacao.models import Lei
from nucleo.historico import HistoricoSoConsultaAdmin


def test_todo_admin_com_historico_e_so_consulta():
    com_historico = {m._meta.label: type(a) for m, a in admin.site._registry.items()
                     if isinstance(a, SimpleHistoryAdmin)}
    assert {"concursos.Certame", "concursos.Cargo", "concursos.Inscricao", "legislacao.Lei"} <= set(com_historico)
    reverte = sorted(r for r, classe in com_historico.items() if not issubclass(classe, HistoricoSoConsultaAdmin))
    assert not reverte, f"admins cujo histórico ainda reverte: {reverte}"


@pytest.mark.django_db
def test_a_versao_antiga_de_uma_lei_nao_se_grava_por_post(admin_client):
    lei = Lei.objects.vigentes_versoes().get(slug="vargem-alta-es-2023")
    lei.save()  # uma versão no histórico (as leis de origem vêm da migração, sem histórico)
    versao = lei.history.order_by("history_id").first()
    percentual_antes = [g.percentual for g in lei.grupos.all()]
    url = reverse("admin:legislacao_lei_simple_history", args=[lei.pk, versao.history_id])
    assert admin_client.post(url, {"ementa": "Revertida"}).status_code == 403
    lei.refresh_from_db()
    assert lei.ementa != "Revertida"
    assert [g.percentual for g in lei.grupos.all()] == percentual_antes

"""A validade do certame (Constituição Federal, art. 37, III: até 2 anos, prorrogável uma vez por igual período).

A homologação conta a validade do prazo do edital; a prorrogação é um ato, uma vez só, dentro da validade; depois do
fim, nenhuma chamada nomeia (Vargem Alta art. 2º, § 2º, e Iúna art. 3º, § 2º, falam das vagas «durante o prazo de
validade»); a desistência ainda se registra, sem chamar ninguém; o painel diz quanto falta.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from concursos.models import Certame, Chamada, Convocacao, EstadoCertame
from concursos.selectors.painel import validade_restante
from concursos.services.certame import certame_avancar, certame_prorrogar
from concursos.services.chamadas import chamada_inicial, desistencia_registrar, novas_vagas_chamar
from nucleo.servicos import ErroOperacao
from nucleo.texto import somar_meses

HOMOLOGACAO = date(2025, 3, 10)


@pytest.fixture
def homologado(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """Vargem Alta, 3 vagas, validade de 12 meses no edital, homologado em 10/03/2025 com a convocação inicial."""
    certame = fazer_certame(cargos=(("ADM", 3, 0),))
    Certame.objects.filter(pk=certame.pk).update(validade_meses=12)
    cargo = certame.cargos.get()
    inscrever(cargo, [(f"B{i}", "branca") for i in range(1, 8)])
    certame = levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=date(2025, 3, 1), ato="Decreto nº 1/2025", usuario=admin_user)
    return certame_avancar(certame=certame, usuario=admin_user, data=HOMOLOGACAO)


def test_somar_meses_cai_no_ultimo_dia_de_um_mes_mais_curto():
    assert somar_meses(date(2025, 1, 31), 1) == date(2025, 2, 28)
    assert somar_meses(date(2024, 2, 29), 12) == date(2025, 2, 28)
    assert somar_meses(date(2025, 3, 10), 24) == date(2027, 3, 10)
    assert somar_meses(date(2025, 11, 30), 3) == date(2026, 2, 28)


def test_a_homologacao_conta_a_validade_do_prazo_do_edital(homologado):
    assert homologado.estado == EstadoCertame.HOMOLOGADO
    assert homologado.validade_ate == date(2026, 3, 10)
    assert homologado.fim_da_validade == date(2026, 3, 10)
    assert homologado.history.first().history_change_reason == "Etapa: Homologado. Válido até 10/03/2026."


def test_nenhuma_chamada_depois_do_fim_da_validade(homologado, admin_user):
    cargo = homologado.cargos.get()
    with pytest.raises(ErroOperacao, match=r"terminou em 10/03/2026: não há chamada depois dele \(Constituição "
                                           r"Federal, art. 37, III\)"):
        novas_vagas_chamar(cargo=cargo, quantidade=1, data=date(2026, 3, 11), ato="Portaria 5/2026",
                           usuario=admin_user)
    novas_vagas_chamar(cargo=cargo, quantidade=1, data=date(2026, 3, 10), ato="Portaria 5/2026", usuario=admin_user)
    assert Chamada.objects.filter(cargo=cargo).count() == 2


def test_desistencia_depois_da_validade_fica_registrada_sem_chamar_ninguem(homologado, admin_user):
    cargo = homologado.cargos.get()
    primeira = Convocacao.objects.get(cargo=cargo, posicao=1)
    assert desistencia_registrar(convocacao=primeira, data=date(2026, 4, 1), ato="Termo 1", usuario=admin_user) is None
    primeira.refresh_from_db()
    assert primeira.desistiu_em == date(2026, 4, 1)
    assert not Convocacao.objects.filter(substitui=primeira).exists()


def test_a_prorrogacao_e_um_ato_uma_vez_so_e_dentro_da_validade(homologado, admin_user):
    with pytest.raises(ErroOperacao, match="terminou em 10/03/2026: a prorrogação tem de ser feita dentro dela"):
        certame_prorrogar(certame=homologado, ato="Decreto nº 9/2026", data=date(2026, 3, 11), usuario=admin_user)
    certame = certame_prorrogar(certame=homologado, ato="Decreto nº 9/2026", data=date(2026, 2, 1),
                                usuario=admin_user)
    assert certame.prorrogado_ate == date(2027, 3, 10)
    assert certame.history.first().history_change_reason == "Validade prorrogada até 10/03/2027 (Decreto nº 9/2026)."
    with pytest.raises(ErroOperacao, match="admite uma prorrogação só"):
        certame_prorrogar(certame=certame, ato="Decreto nº 10/2026", data=date(2026, 2, 2), usuario=admin_user)
    # Prorrogada, a chamada de 2026 volta a valer.
    novas_vagas_chamar(cargo=certame.cargos.get(), quantidade=1, data=date(2026, 6, 1), ato="Portaria 6/2026",
                       usuario=admin_user)


def test_o_painel_diz_quanto_falta_da_validade(homologado, admin_client):
    assert validade_restante(homologado, date(2026, 3, 9)) == "falta 1 dia"
    assert validade_restante(homologado, date(2026, 1, 9)) == "faltam 60 dias"
    assert validade_restante(homologado, date(2026, 3, 10)) == "hoje é o último dia"
    assert validade_restante(homologado, date(2026, 3, 13)) == "terminou há 3 dias"
    html = admin_client.get(reverse("admin:concursos_certame_painel", args=[homologado.pk])).content.decode()
    assert "até 10/03/2026" in html and "validade-restante" in html
    assert reverse("admin:concursos_certame_prorrogar", args=[homologado.pk]) in html


def test_a_validade_nao_se_digita_na_ficha(homologado, admin_client):
    html = admin_client.get(reverse("admin:concursos_certame_change", args=[homologado.pk])).content.decode()
    assert 'name="validade_ate"' not in html and 'name="prorrogado_ate"' not in html


def test_publicado_o_resultado_a_ficha_nao_muda_classificacao_situacao_nem_heteroidentificacao(homologado,
                                                                                                admin_client):
    """Só atos com registro mudam o destino do candidato depois do resultado: a ficha mostra esses campos sem os
    deixar editar, e um POST que os traga não os grava."""
    inscricao = homologado.inscricoes.get(numero="B1")
    url = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
    html = admin_client.get(url).content.decode()
    for campo in ("classificacao", "situacao", "nota_final", "heteroidentificacao"):
        assert f'name="{campo}"' not in html, campo
    admin_client.post(url, {"classificacao": 7, "situacao": "eliminado", "heteroidentificacao": "confirmado",
                            "cargo": inscricao.cargo_id, "candidato": inscricao.candidato_id, "numero": "B1"})
    inscricao.refresh_from_db()
    assert (inscricao.classificacao, inscricao.situacao, inscricao.heteroidentificacao) == (
        1, "habilitado", "nao_se_aplica")

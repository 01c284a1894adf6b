"""Quem vê os indicadores do monitoramento (`pode_ver_indicadores`): o membro da comissão com o perfil «Comissão de
monitoramento» e lotado no órgão vê os do seu órgão, e só os dele; sem uma permissão do painel, a lotação não basta."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from demonstracao.perfis import garantir_perfis
from monitoramento.acesso import pode_ver_indicadores
from monitoramento.models import RelatorioMonitoramento
from nucleo.models import Lotacao, Orgao
from tests.conftest import municipio

pytestmark = pytest.mark.django_db


def _conta(nome: str, orgao: Orgao, perfil: str | None = None):
    usuario = get_user_model().objects.create_user(nome, password="senha-forte-123", is_staff=True)
    if perfil:
        usuario.groups.add(Group.objects.get(name=perfil))
    Lotacao.objects.create(usuario=usuario, orgao=orgao)
    return get_user_model().objects.get(pk=usuario.pk)


@pytest.fixture
def outro_orgao(db) -> Orgao:
    return Orgao.objects.create(nome="Câmara Municipal de Ubatuba", municipio=municipio("Ubatuba", "SP"))


def test_o_membro_com_o_perfil_ve_os_indicadores_do_seu_orgao_e_nao_os_de_outro(prefeitura, outro_orgao):
    garantir_perfis()
    membro = _conta("membro_monitoramento", prefeitura, "Comissão de monitoramento")
    assert pode_ver_indicadores(membro, prefeitura.pk)
    assert not pode_ver_indicadores(membro, outro_orgao.pk)
    assert not pode_ver_indicadores(membro, None)


def test_sem_uma_permissao_do_painel_a_lotacao_nao_basta(prefeitura):
    assert not pode_ver_indicadores(_conta("sem_perfil", prefeitura), prefeitura.pk)


def test_quem_ve_todos_os_orgaos_ve_os_indicadores_de_qualquer_um(admin_user, prefeitura, outro_orgao):
    assert pode_ver_indicadores(admin_user, prefeitura.pk) and pode_ver_indicadores(admin_user, outro_orgao.pk)


def test_a_visita_anonima_nao_ve_indicadores(prefeitura):
    from django.contrib.auth.models import AnonymousUser

    assert not pode_ver_indicadores(AnonymousUser(), prefeitura.pk)


def test_o_membro_ve_e_escreve_os_relatorios_do_seu_orgao(client, comissao, prefeitura):
    garantir_perfis()
    membro = _conta("membro_monitoramento", prefeitura, "Comissão de monitoramento")
    relatorio = RelatorioMonitoramento.objects.create(comissao=comissao, ano_referencia=2024,
                                                      conclusoes="Conclusões de Ubatuba sobre 2024.")
    client.force_login(membro)
    assert "Relatório anual 2024" in client.get("/admin/monitoramento/relatoriomonitoramento/").content.decode()
    resposta = client.post(f"/admin/monitoramento/relatoriomonitoramento/{relatorio.pk}/emitir/",
                           {"motivo": "Aprovado na reunião de abril."})
    assert resposta.status_code == 302
    assert RelatorioMonitoramento.objects.get(pk=relatorio.pk).emitido

"""As migrações que trocam o município digitado pelo da lista do IBGE (nucleo 0006, legislacao 0006, concursos
0017), a partir do estado antigo do banco: o texto casa sem acento nem caixa, e o que não casa para a migração em
vez de se perder (docs/decisoes/0010-municipios-do-ibge.md)."""

from datetime import date

import pytest

from tests.migracoes import migrar, no_estado

ANTES = [("nucleo", "0004_acesso_ao_historico"), ("legislacao", "0005_sem_duvida_favorece"),
         ("concursos", "0016_atos_do_certame")]
DEPOIS = [("nucleo", "0006_orgao_no_municipio_do_ibge"), ("legislacao", "0006_lei_no_municipio_do_ibge"),
          ("concursos", "0017_certame_no_municipio_do_ibge")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    """O banco com o município em texto; no fim, de volta à última migração de cada app."""
    yield from no_estado(ANTES)


def _certame(apps, orgao, numero, municipio, uf):
    return apps.get_model("concursos", "Certame").objects.create(
        orgao=orgao, numero_edital=numero, titulo="Concurso", municipio=municipio, uf=uf, data_edital=date(2024, 3, 1))


def test_o_texto_digitado_vira_o_codigo_do_ibge_sem_acento_nem_caixa(estado_antigo):
    apps = estado_antigo
    orgao = apps.get_model("nucleo", "Orgao").objects.create(nome="Prefeitura Municipal de Iúna", municipio="iuna",
                                                             uf="es")
    _certame(apps, orgao, "1/2024", "IÚNA", "ES")
    _certame(apps, orgao, "2/2024", "Vargem  Alta", "es")
    apps.get_model("legislacao", "Lei").objects.create(slug="ibatiba-teste", municipio="ibatiba", uf="ES",
                                                       ementa="Lei de teste", texto="Art. 1º")
    apps = migrar(DEPOIS)
    Orgao, Certame = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Certame")
    Lei = apps.get_model("legislacao", "Lei")
    assert Orgao.objects.get().municipio_id == 3203007
    assert dict(Certame.objects.values_list("numero_edital", "municipio_id")) == {"1/2024": 3203007,
                                                                                  "2/2024": 3205036}
    # O certame que já estava em outro município não ganha motivo inventado: o painel o aponta.
    assert Certame.objects.get(numero_edital="2/2024").motivo_municipio == ""
    assert Lei.objects.get(slug="ibatiba-teste").municipio_id == 3202454


def test_o_municipio_que_nao_esta_na_lista_para_a_migracao_com_o_que_corrigir(estado_antigo):
    apps = estado_antigo
    Orgao = apps.get_model("nucleo", "Orgao")
    errado = Orgao.objects.create(nome="Prefeitura de Vargem Alta", municipio="Vargem Altaa", uf="ES")
    with pytest.raises(ValueError, match="Vargem Altaa/ES") as erro:
        migrar(DEPOIS)
    assert "Corrija o nome ou a UF" in str(erro.value)
    Orgao.objects.filter(pk=errado.pk).update(municipio="Vargem Alta")
    apps = migrar(DEPOIS)
    assert apps.get_model("nucleo", "Orgao").objects.get().municipio_id == 3205036

"""A lista dos municípios do IBGE (nucleo/dados/municipios_ibge.csv), carregada por migração, e a busca do campo de
escolha do município no admin."""

from importlib import import_module

import pytest
from django.urls import reverse

from nucleo.models import Municipio
from nucleo.municipios import chave_do_nome, ler_municipios

_cinco_leis = import_module("legislacao.migrations.0002_cinco_leis")
# Os dois primeiros dígitos do código de município do IBGE são os da UF.
CODIGOS_DAS_UFS = {"RO": 11, "AC": 12, "AM": 13, "RR": 14, "PA": 15, "AP": 16, "TO": 17, "MA": 21, "PI": 22,
                   "CE": 23, "RN": 24, "PB": 25, "PE": 26, "AL": 27, "SE": 28, "BA": 29, "MG": 31, "ES": 32,
                   "RJ": 33, "SP": 35, "PR": 41, "SC": 42, "RS": 43, "MS": 50, "MT": 51, "GO": 52, "DF": 53}


def test_o_arquivo_tem_os_5570_municipios_com_codigos_unicos_de_7_digitos():
    linhas = ler_municipios()
    assert len(linhas) == 5570
    assert len({codigo for codigo, _, _ in linhas}) == 5570
    assert all(1_000_000 <= codigo <= 9_999_999 for codigo, _, _ in linhas)


def test_a_uf_de_cada_municipio_e_a_dos_dois_primeiros_digitos_do_codigo():
    assert all(codigo // 100_000 == CODIGOS_DAS_UFS[uf] for codigo, _, uf in ler_municipios())


def test_nao_ha_dois_municipios_de_mesmo_nome_na_mesma_uf():
    chaves = [(chave_do_nome(nome), uf) for _, nome, uf in ler_municipios()]
    assert len(set(chaves)) == len(chaves)


@pytest.mark.django_db
def test_a_migracao_carrega_a_lista_inteira():
    assert Municipio.objects.count() == 5570
    assert Municipio.objects.filter(uf="ES").count() == 78


@pytest.mark.django_db
@pytest.mark.parametrize("dados", _cinco_leis.LEIS, ids=lambda dados: dados["slug"])
def test_os_municipios_das_cinco_leis_estao_na_lista(dados):
    municipio = Municipio.objects.pelo_nome(dados["municipio"], dados["uf"])
    assert municipio.nome == dados["municipio"]


@pytest.mark.django_db
def test_os_codigos_dos_municipios_das_leis_de_origem():
    codigos = {str(m): m.codigo_ibge for m in Municipio.objects.filter(leis__isnull=False).distinct()}
    assert codigos == {"Vargem Alta/ES": 3205036, "Iúna/ES": 3203007, "Ibatiba/ES": 3202454,
                       "Ubatuba/SP": 3555406, "Afonso Cláudio/ES": 3200102}


@pytest.mark.django_db
def test_o_nome_se_compara_sem_acento_caixa_nem_apostrofo():
    assert Municipio.objects.pelo_nome("iuna", "es").codigo_ibge == 3203007
    assert Municipio.objects.pelo_nome("SANTA BARBARA D’OESTE", "SP").nome == "Santa Bárbara d'Oeste"
    with pytest.raises(Municipio.DoesNotExist):
        Municipio.objects.pelo_nome("Ubatuba", "ES")


@pytest.mark.django_db
def test_a_busca_do_campo_de_escolha_acha_sem_acento_pela_uf_e_pelo_codigo(admin_client):
    url = reverse("admin:autocomplete")
    campo = {"app_label": "nucleo", "model_name": "orgao", "field_name": "municipio"}

    def achados(termo):
        return [r["text"] for r in admin_client.get(url, {**campo, "term": termo}).json()["results"]]

    assert achados("iuna")[:1] == ["Iúna/ES"]
    assert "Ibiúna/SP" in achados("iuna")
    assert achados("viana")[:2] == ["Viana/ES", "Viana/MA"]
    assert achados("viana/ma") == ["Viana/MA", "Godofredo Viana/MA"]
    assert achados("3205036") == ["Vargem Alta/ES"]


@pytest.mark.django_db
def test_a_lista_do_ibge_nao_se_altera_pelo_admin(admin_client):
    assert admin_client.get(reverse("admin:nucleo_municipio_changelist"), {"q": "vargem alta"}).status_code == 200
    assert admin_client.get(reverse("admin:nucleo_municipio_add")).status_code == 403
    resposta = admin_client.post(reverse("admin:nucleo_municipio_delete", args=[3205036]), {"post": "yes"})
    assert resposta.status_code == 403
    assert Municipio.objects.filter(pk=3205036).exists()

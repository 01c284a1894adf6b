"""O cadastro do órgão: o município da lista do IBGE (a UF vem dele) e o CNPJ conferido."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from nucleo.models import Esfera, Municipio, Orgao, validar_cnpj

pytestmark = pytest.mark.django_db

# CNPJ com os dígitos verificadores certos (IN RFB nº 2.119/2022): 11.222.333/0001-81.
CNPJ_VALIDO = "11.222.333/0001-81"


def _dados(**mudancas) -> dict:
    return {"nome": "Prefeitura Municipal de Iúna", "sigla": "PMI", "esfera": "municipal", "poder": "executivo",
            "tipo": "direta",
            "municipio": "3203007",
            "cnpj": CNPJ_VALIDO, "retencao_anos": "5", "signatarios-TOTAL_FORMS": "0",
            "signatarios-INITIAL_FORMS": "0", **mudancas}


def test_cnpj_com_digito_verificador_errado_e_recusado_com_a_regra_da_receita():
    with pytest.raises(ValidationError) as erro:
        validar_cnpj("11.222.333/0001-82")
    mensagem = erro.value.messages[0]
    assert mensagem.startswith("CNPJ inválido")
    assert "dígitos verificadores" in mensagem
    assert "Instrução Normativa RFB nº 2.119/2022" in mensagem


@pytest.mark.parametrize("cnpj", [CNPJ_VALIDO, "11222333000181"])
def test_cnpj_valido_com_ou_sem_pontuacao_passa(cnpj):
    validar_cnpj(cnpj)


def test_o_admin_recusa_o_orgao_com_cnpj_invalido(admin_client):
    resposta = admin_client.post(reverse("admin:nucleo_orgao_add"), _dados(cnpj="12.345.678/0001-00"))
    assert resposta.status_code == 200
    assert "CNPJ inválido" in " ".join(resposta.context["adminform"].form.errors["cnpj"])
    assert not Orgao.objects.exists()


def test_o_admin_cadastra_o_orgao_no_municipio_da_lista_e_a_uf_vem_dele(admin_client):
    resposta = admin_client.post(reverse("admin:nucleo_orgao_add"), _dados())
    assert resposta.status_code == 302
    orgao = Orgao.objects.get()
    assert (orgao.municipio.codigo_ibge, orgao.uf, str(orgao)) == (
        3203007, "ES", "Prefeitura Municipal de Iúna (Iúna/ES)")


def test_o_admin_cadastra_o_orgao_federal_que_decide_a_lei_federal(admin_client):
    """A esfera do órgão decide a lei: o órgão federal segue a lei federal (Lei 15.142/2025, art. 1º), não a do
    município da sede."""
    resposta = admin_client.post(reverse("admin:nucleo_orgao_add"), _dados(
        nome="Universidade Federal do Espírito Santo", sigla="UFES", esfera="federal", tipo="autarquia",
        municipio="3205309"))
    assert resposta.status_code == 302
    assert Orgao.objects.get().esfera == Esfera.FEDERAL


def test_a_uf_nao_diverge_mais_na_caixa():
    """Antes, «es» e «ES» eram duas UFs no filtro da lista; agora a UF é a do município e não se digita."""
    iuna = Municipio.objects.get(pk=3203007)
    a = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=iuna)
    b = Orgao.objects.create(nome="Câmara de Iúna", municipio=Municipio.objects.pelo_nome("iuna", "es"))
    assert a.uf == b.uf == "ES"
    assert set(Orgao.objects.values_list("municipio__uf", flat=True)) == {"ES"}


def test_o_filtro_de_uf_da_lista_de_orgaos_tem_uma_opcao_por_uf(admin_client):
    Orgao.objects.create(nome="Prefeitura de Iúna", municipio_id=3203007)
    Orgao.objects.create(nome="Prefeitura de Ubatuba", municipio_id=3555406)
    resposta = admin_client.get(reverse("admin:nucleo_orgao_changelist"), {"municipio__uf__exact": "ES"})
    assert resposta.status_code == 200
    assert [o.nome for o in resposta.context["cl"].result_list] == ["Prefeitura de Iúna"]

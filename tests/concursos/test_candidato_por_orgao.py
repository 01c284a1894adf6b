"""Um cadastro de candidato por órgão no admin (decisão 0005): o RH de um órgão vê, busca e cria só os cadastros
do seu órgão, e a inscrição só aceita o cadastro do órgão do certame."""

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from concursos.models import Candidato, Cargo, Certame, Inscricao
from nucleo.models import Lotacao, Orgao
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

CANDIDATOS = reverse("admin:concursos_candidato_changelist")
INSCRICOES = reverse("admin:concursos_inscricao_changelist")
CPF = "52998224725"


@pytest.fixture
def dois_orgaos(fazer_certame, inscrever):
    """A mesma pessoa (CPF) inscrita na Prefeitura e na Câmara, com um cadastro em cada uma."""
    prefeitura = fazer_certame()
    camara_orgao = Orgao.objects.create(nome="Câmara Municipal de Vargem Alta", municipio=municipio("Vargem Alta"))
    camara = Certame.objects.create(orgao=camara_orgao, numero_edital="010/2024", titulo="Concurso da Câmara",
                                    data_edital=date(2024, 3, 1))
    Cargo.objects.create(certame=camara, codigo="ADM", nome="Administrador", vagas=1)
    da_prefeitura = inscrever(prefeitura.cargos.get(), [("P-1", "parda")])[0]
    da_camara = inscrever(camara.cargos.get(), [("C-1", "preta")])[0]
    Candidato.objects.filter(pk=da_prefeitura.candidato_id).update(cpf=CPF, nome="Maria da Prefeitura")
    Candidato.objects.filter(pk=da_camara.candidato_id).update(cpf=CPF, nome="Maria da Câmara")
    return da_prefeitura, da_camara


def rh_de(*orgaos: Orgao) -> Client:
    usuario = get_user_model().objects.create_user(f"rh{get_user_model().objects.count()}", password="senha-rh-123",
                                                   is_staff=True)
    for orgao in orgaos:
        Lotacao.objects.create(usuario=usuario, orgao=orgao)
    usuario.user_permissions.set(Permission.objects.filter(
        content_type__app_label="concursos",
        codename__in=["view_candidato", "add_candidato", "change_candidato", "view_inscricao", "view_certame"]))
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def test_o_rh_ve_e_acha_pelo_cpf_so_o_cadastro_do_seu_orgao(dois_orgaos):
    da_prefeitura, da_camara = dois_orgaos
    cliente = rh_de(da_prefeitura.certame.orgao)
    nomes = [c.nome for c in cliente.get(CANDIDATOS).context["cl"].result_list]
    assert nomes == ["Maria da Prefeitura"]
    assert [c.pk for c in cliente.get(CANDIDATOS, {"q": "529.982.247-25"}).context["cl"].result_list] == [
        da_prefeitura.candidato_id]
    assert [i.numero for i in cliente.get(INSCRICOES, {"q": CPF}).context["cl"].result_list] == ["P-1"]
    # A ficha de lá responde como a de um cadastro que não existe: não se revela que existe.
    de_la = cliente.get(reverse("admin:concursos_candidato_change", args=[da_camara.candidato_id]))
    inexistente = cliente.get(reverse("admin:concursos_candidato_change", args=[10**9]))
    assert (de_la.status_code, de_la.get("Location")) == (inexistente.status_code, inexistente.get("Location"))
    assert de_la.status_code in (302, 404)


def test_quem_trabalha_para_os_dois_orgaos_acha_os_dois_cadastros(dois_orgaos, admin_client):
    da_prefeitura, da_camara = dois_orgaos
    for cliente in (rh_de(da_prefeitura.certame.orgao, da_camara.certame.orgao), admin_client):
        achados = cliente.get(CANDIDATOS, {"q": CPF}).context["cl"].result_list
        assert sorted(c.nome for c in achados) == ["Maria da Câmara", "Maria da Prefeitura"]
        assert sorted(i.numero for i in cliente.get(INSCRICOES, {"q": CPF}).context["cl"].result_list) == [
            "C-1", "P-1"]


def test_o_cadastro_novo_e_de_um_orgao_da_conta_e_o_orgao_nao_muda_depois(dois_orgaos):
    da_prefeitura, da_camara = dois_orgaos
    cliente = rh_de(da_prefeitura.certame.orgao)
    formulario = cliente.get(reverse("admin:concursos_candidato_add")).context["adminform"].form
    assert list(formulario.fields["orgao"].queryset) == [da_prefeitura.certame.orgao]
    assert formulario.initial["orgao"] == da_prefeitura.certame.orgao_id
    dados = {"orgao": da_camara.certame.orgao_id, "nome": "Ana", "nome_social": "", "cpf": "111.444.777-35",
             "genero": "feminino", "data_nascimento": "", "email": "", "telefone": "",
             "inscricoes-TOTAL_FORMS": "0", "inscricoes-INITIAL_FORMS": "0", "inscricoes-MIN_NUM_FORMS": "0",
             "inscricoes-MAX_NUM_FORMS": "1000", "_save": "Salvar"}
    resposta = cliente.post(reverse("admin:concursos_candidato_add"), dados)
    assert resposta.status_code == 200 and "orgao" in resposta.context["adminform"].form.errors
    # O mesmo CPF já cadastrado em outro órgão não impede o cadastro neste; no mesmo órgão, impede.
    dados.update(orgao=da_prefeitura.certame.orgao_id, cpf="529.982.247-25")
    resposta = cliente.post(reverse("admin:concursos_candidato_add"), dados)
    assert resposta.status_code == 200 and resposta.context["adminform"].form.errors
    dados["cpf"] = "111.444.777-35"
    assert cliente.post(reverse("admin:concursos_candidato_add"), dados).status_code == 302
    assert Candidato.objects.get(cpf="11144477735").orgao_id == da_prefeitura.certame.orgao_id
    ficha = cliente.get(reverse("admin:concursos_candidato_change", args=[da_prefeitura.candidato_id]))
    assert "orgao" not in ficha.context["adminform"].form.fields


def test_a_inscricao_so_aceita_o_cadastro_do_orgao_do_certame(dois_orgaos):
    da_prefeitura, da_camara = dois_orgaos
    inscricao = Inscricao(certame=da_prefeitura.certame, cargo=da_prefeitura.cargo, candidato=da_camara.candidato,
                          numero="P-2", cor_raca="preta")
    with pytest.raises(ValidationError) as erro:
        inscricao.full_clean()
    assert "cadastro de outro órgão" in str(erro.value.message_dict["candidato"])

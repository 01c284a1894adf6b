"""O relatório do titular (LGPD art. 18, I, II e V): tudo o que o sistema guarda sobre um CPF nos órgãos de quem o
emite, na tela, em PDF e em JSON; sem as notas sigilosas da entrevista nem os votos; cada emissão registrada."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from concursos.models import Candidato, Cargo, Certame, Inscricao
from demonstracao.perfis import garantir_perfis
from heteroidentificacao import services
from heteroidentificacao.selectors import cotistas_a_convocar
from nucleo.models import AcessoSensivel, Lotacao, Orgao, TipoAcesso
from tests.conftest import municipio
from tests.heteroidentificacao.procedimento import decidir

pytestmark = pytest.mark.django_db

RELATORIO = reverse("admin:concursos_candidato_titular")


@pytest.fixture
def decidida(sessao, comissao, presidente, admin_user):
    avaliacao = services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1],
                                         usuario=admin_user)[0]
    titulares = list(comissao.membros.filter(papel="titular").order_by("nome"))
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao.refresh_from_db()
    Avaliacao = type(avaliacao)
    Avaliacao.objects.filter(pk=avaliacao.pk).update(notas_entrevista="ANOTACAO-SIGILOSA")
    return decidir(avaliacao, presidente, [(m, True) for m in titulares])


def encarregado_de(*orgaos: Orgao) -> Client:
    garantir_perfis()
    usuario = get_user_model().objects.create_user("encarregada", password="senha-enc-123", is_staff=True)
    usuario.groups.add(Group.objects.get(name="Encarregado de dados"))
    for orgao in orgaos:
        Lotacao.objects.create(usuario=usuario, orgao=orgao)
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def _inscrita_em_outro_orgao(inscricao: Inscricao) -> Orgao:
    """A pessoa de `inscricao` inscrita também num certame da Prefeitura de Iúna, com o cadastro de lá."""
    orgao = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=municipio("Iúna", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="077/2024", titulo="Outro",
                                     data_edital=inscricao.certame.data_edital)
    cargo = Cargo.objects.create(certame=certame, codigo="OUT", nome="Outro cargo", vagas=1)
    cadastro = Candidato.objects.create(orgao=orgao, nome=inscricao.candidato.nome, cpf=inscricao.candidato.cpf,
                                        email="iuna@exemplo.org")
    Inscricao.objects.create(certame=certame, cargo=cargo, candidato=cadastro, numero="IUNA-1", cor_raca="preta")
    return orgao


def test_o_relatorio_traz_tudo_do_titular_no_orgao_e_nada_sigiloso(decidida):
    inscricao = decidida.inscricao
    cpf = inscricao.candidato.cpf
    # A mesma pessoa inscrita no concurso de outro órgão, com o cadastro de lá: fica fora do relatório de quem não
    # trabalha para ele.
    outro_orgao = _inscrita_em_outro_orgao(inscricao)
    cliente = encarregado_de(inscricao.certame.orgao)
    pontuado = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    pagina = cliente.post(RELATORIO, {"cpf": pontuado, "requerimento": "Protocolo 123/2024"}).content.decode()
    assert inscricao.numero in pagina and decidida.parecer in pagina and "IUNA-1" not in pagina
    assert "iuna@exemplo.org" not in pagina and outro_orgao.nome not in pagina
    assert "ANOTACAO-SIGILOSA" not in pagina
    dados = json.loads(cliente.post(RELATORIO, {"cpf": cpf, "requerimento": "Protocolo 123/2024",
                                                "formato": "json"}).content)
    titulos = [s["titulo"] for s in dados["secoes"]]
    assert titulos[:3] == ["Cadastro", "Inscrições, autodeclaração e resultado", "Convocações"]
    assert {"Heteroidentificação", "Recursos", "Apuração de fraude"} <= set(titulos)
    assert "ANOTACAO-SIGILOSA" not in json.dumps(dados) and "IUNA-1" not in json.dumps(dados)
    pdf = cliente.post(RELATORIO, {"cpf": cpf, "requerimento": "Protocolo 123/2024", "formato": "pdf"})
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    registros = AcessoSensivel.objects.filter(tipo=TipoAcesso.RELATORIO_TITULAR)
    assert registros.count() == 3
    assert set(registros.values_list("titular_id", "finalidade")) == {(inscricao.candidato_id, "Protocolo 123/2024")}


def test_quem_trabalha_para_os_dois_orgaos_ve_o_cadastro_de_cada_um(decidida):
    inscricao = decidida.inscricao
    outro_orgao = _inscrita_em_outro_orgao(inscricao)
    cliente = encarregado_de(inscricao.certame.orgao, outro_orgao)
    dados = json.loads(cliente.post(RELATORIO, {"cpf": inscricao.candidato.cpf, "requerimento": "P-2",
                                                "formato": "json"}).content)
    cadastro = next(s for s in dados["secoes"] if s["titulo"] == "Cadastro")
    assert sorted(linha[0] for linha in cadastro["linhas"]) == sorted([inscricao.certame.orgao.nome,
                                                                       outro_orgao.nome])
    assert "IUNA-1" in json.dumps(dados) and inscricao.numero in json.dumps(dados)
    # Cada emissão fica no registro do órgão de cada cadastro, que o encarregado de lá lê.
    registros = set(AcessoSensivel.objects.filter(tipo=TipoAcesso.RELATORIO_TITULAR).values_list("titular_id",
                                                                                                  "orgao_id"))
    cadastros = set(Candidato.objects.filter(cpf=inscricao.candidato.cpf).values_list("pk", "orgao_id"))
    assert registros == cadastros and len(cadastros) == 2


def test_sem_a_permissao_nao_ha_relatorio_e_cpf_invalido_tem_mensagem(decidida):
    rh = Client()
    rh.force_login(get_user_model().objects.create_user("rh-sem", password="senha-rh-123", is_staff=True))
    assert rh.get(RELATORIO).status_code == 403
    cliente = encarregado_de(decidida.inscricao.certame.orgao)
    resposta = cliente.post(RELATORIO, {"cpf": "111.111.111-12", "requerimento": "P-1"})
    assert "CPF inválido" in resposta.content.decode()
    assert not AcessoSensivel.objects.exists()
    assert Candidato.objects.count() > 0


def test_o_pdf_guardado_fica_com_o_orgao_do_cadastro(decidida):
    from concursos.documentos import TIPO_RELATORIO_TITULAR
    from documentos.models import DocumentoEmitido

    inscricao = decidida.inscricao
    cliente = encarregado_de(inscricao.certame.orgao)
    cliente.post(RELATORIO, {"cpf": inscricao.candidato.cpf, "requerimento": "P-2", "formato": "pdf"})
    documento = DocumentoEmitido.objects.get(tipo=TIPO_RELATORIO_TITULAR)
    assert documento.orgao_id == inscricao.certame.orgao_id

"""O recorte por órgão no navegador (issue 9): o RH do órgão A entra com a senha e o código do aplicativo
autenticador, abre a ficha de um candidato do seu órgão, não alcança o certame do órgão B pelo endereço, e o
encarregado de dados vê esse acesso no registro (LGPD art. 37)."""

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import Candidato, Cargo, Certame, Inscricao
from demonstracao.perfis import garantir_perfis
from nucleo.models import Lotacao, Orgao
from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio
from tests.e2e.conftest import digitar_o_codigo

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
SENHA = "senha-longa-de-teste-1"


def certame_de(orgao: Orgao, edital: str, numero: str) -> Inscricao:
    certame = Certame.objects.create(orgao=orgao, numero_edital=edital, titulo=f"Concurso {edital}",
                                     data_edital=date(2024, 3, 1))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Assistente", vagas=5)
    candidato = Candidato.objects.create(orgao=orgao, nome=f"Pessoa {numero}", cpf=cpf_valido(), cor_raca="preta")
    return Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero,
                                    cor_raca="preta", reserva=True)


def conta(login: str, grupo: str, orgao: Orgao):
    usuario = get_user_model().objects.create_user(login, password=SENHA, is_staff=True)
    usuario.groups.add(Group.objects.get(name=grupo))
    Lotacao.objects.create(usuario=usuario, orgao=orgao)
    return usuario


def entrar(page, base: str, usuario) -> None:
    page.goto(f"{base}/admin/")
    page.get_by_label("Usuário").fill(usuario.get_username())
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Acessar").click()
    dispositivo = TOTPDevice.objects.filter(user=usuario, confirmed=True).first()
    if dispositivo is not None:
        expect(page.get_by_role("heading", name="Verificação em duas etapas")).to_be_visible()
        digitar_o_codigo(page, dispositivo)
    expect(page.get_by_role("heading", name="Administração")).to_be_visible()


def test_rh_de_a_com_totp_nao_alcanca_b_e_o_encarregado_ve_o_acesso(page, live_server, browser):
    garantir_perfis()
    a = Orgao.objects.create(nome="Prefeitura de Vargem Alta", municipio=municipio("Vargem Alta", "ES"))
    b = Orgao.objects.create(nome="Câmara de Afonso Cláudio", municipio=municipio("Afonso Cláudio", "ES"))
    de_a, de_b = certame_de(a, "001/2024", "A-0001"), certame_de(b, "002/2024", "B-0001")
    rh = conta("rh.a", "Recursos humanos", a)
    TOTPDevice.objects.create(user=rh, name="Celular", confirmed=True)
    encarregado = conta("encarregado.a", "Encarregado de dados", a)
    TOTPDevice.objects.create(user=encarregado, name="Celular", confirmed=True)

    entrar(page, live_server.url, rh)
    page.goto(f"{live_server.url}/admin/concursos/inscricao/{de_a.pk}/change/")
    expect(page.locator("#id_candidato option[selected]")).to_have_text("Pessoa A-0001")
    resposta = page.goto(f"{live_server.url}/admin/concursos/certame/{de_b.certame_id}/painel/")
    assert resposta.status == 404
    page.goto(f"{live_server.url}/admin/concursos/inscricao/")
    expect(page.get_by_role("link", name="A-0001", exact=True)).to_be_visible()
    expect(page.locator("#result_list")).not_to_contain_text("B-0001")

    contexto = browser.new_context(locale="pt-BR")
    outra = contexto.new_page()
    entrar(outra, live_server.url, encarregado)
    outra.goto(f"{live_server.url}/admin/nucleo/acessosensivel/")
    linha = outra.locator("#result_list tbody tr", has_text="rh.a").filter(has_text="A-0001")
    expect(linha).to_have_count(1)
    expect(outra.locator("#result_list")).not_to_contain_text("B-0001")
    contexto.close()

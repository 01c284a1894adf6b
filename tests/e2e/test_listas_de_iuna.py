"""As listas de um cargo de Iúna no navegador, como o RH as abre (issue 12, itens 6 e 7; decisão 0019): a de ampla
concorrência traz os cotistas, com a lista de reserva em que cada um também está e o artigo de Iúna que os põe ali
(art. 5º), e nenhuma página cita outra lei. A captura de tela vai para /tmp (CAPTURAS_CERTAME muda a pasta)."""

import os
from datetime import date, timedelta

import pytest
from django.db.models import CharField
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import Candidato, Cargo, Certame, Heteroidentificacao, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from demonstracao.perfis import garantir_perfis
from legislacao.models import GrupoReserva, Lei
from nucleo.models import Orgao
from tests.concursos.citacoes import LEIS, problemas, texto_do_html
from tests.concursos.conftest import cpf_valido, prazos_do_edital
from tests.conftest import municipio
from tests.e2e.test_orgaos import conta, entrar

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")


def _dispositivos(lei: Lei) -> list[str]:
    """O que a tela pode citar da lei de Iúna como está: cada dispositivo dela e dos seus grupos."""
    objetos = [lei, *lei.grupos.all()]
    return [getattr(o, f.name) for o in objetos for f in type(o)._meta.concrete_fields
            if f.name.startswith("artigo") and isinstance(f, CharField)]


def _cargo_de_iuna(orgao: Orgao, usuario) -> Cargo:
    """Iúna, 5 vagas: B1 e B2 brancos, N1 e N2 cotistas confirmados pela comissão, B3."""
    edital = date.today() - timedelta(days=200)
    certame = Certame.objects.create(orgao=orgao, numero_edital="007/2025", titulo="Concurso para assistentes",
                                     municipio=orgao.municipio, data_edital=edital, **prazos_do_edital(edital))
    cargo = Cargo.objects.create(certame=certame, codigo="ASS", nome="Assistente administrativo", vagas=5)
    for classificacao, (numero, cor, reserva) in enumerate([
            ("B1", "branca", False), ("N1", "parda", True), ("B2", "branca", False), ("N2", "preta", True),
            ("B3", "branca", False)], 1):
        candidato = Candidato.objects.create(orgao=orgao, nome=f"Pessoa {numero}", cpf=cpf_valido(), cor_raca=cor)
        Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero, cor_raca=cor,
                                 reserva=reserva, classificacao=classificacao, nota_final=100 - classificacao,
                                 heteroidentificacao=(Heteroidentificacao.CONFIRMADO if reserva
                                                      else Heteroidentificacao.NAO_SE_APLICA))
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario, data=date.today() - timedelta(days=60))
    certame_avancar(certame=certame, usuario=usuario, data=date.today() - timedelta(days=60))
    return cargo


def test_o_rh_de_iuna_ve_a_ampla_com_os_cotistas_e_so_a_lei_de_iuna(leis_de_origem, page, live_server, admin_user):
    garantir_perfis()
    # O texto da lei de Iúna não traz a data de publicação (art. 10): informada, ela se aplica.
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Iúna", municipio=municipio("Iúna"))
    cargo = _cargo_de_iuna(orgao, admin_user)
    rh = conta("rh.iuna", "Recursos humanos", orgao)
    TOTPDevice.objects.create(user=rh, name="Celular", confirmed=True)
    entrar(page, live_server.url, rh)

    page.goto(f"{live_server.url}/admin/concursos/certame/cargo/{cargo.pk}/")
    page.get_by_role("link", name="Ampla concorrência").click()
    expect(page.get_by_role("heading", name="Ampla concorrência")).to_be_visible()
    expect(page.locator(".certame-legenda")).to_contain_text("Base: art. 5º, caput.")
    linhas = page.locator(".certame-tabela-lista tbody tr")
    expect(linhas).to_have_count(5)
    expect(linhas.nth(1)).to_contain_text("N1")
    expect(linhas.nth(1)).to_contain_text("Negros (pretos e pardos)")
    expect(linhas.nth(0)).to_contain_text("—")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path=os.path.join(CAPTURAS, "listas_iuna_ampla.png"), full_page=True)
    ampla = texto_do_html(page.content())

    page.get_by_role("link", name="Lista de reserva de vagas — Negros (pretos e pardos)").click()
    expect(page.locator(".certame-legenda")).to_contain_text("Base: art. 2º, § 1º.")
    reserva = texto_do_html(page.content())
    dados = _dispositivos(Lei.objects.get(slug="iuna-es"))
    assert GrupoReserva.objects.filter(lei__slug="iuna-es").exists()
    for texto in (ampla, reserva):
        assert not problemas(texto, LEIS["iuna-es"], dados), problemas(texto, LEIS["iuna-es"], dados)

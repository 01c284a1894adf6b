"""A eliminação depois da homologação no navegador, como o RH a faria (decisão 0012): na ordem de nomeação do cargo,
«Eliminar» o titular de uma vaga de negros; a página mostra antes quem entraria (o próximo da mesma lista, Vargem Alta
art. 4º, § 2º) e pede o ato e o motivo; confirmada, a ordem de nomeação mostra o eliminado e o substituto na mesma
posição. As capturas de tela vão para /tmp (CAPTURAS_CERTAME muda a pasta)."""

import os
from datetime import timedelta

import pytest
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.models import AtoDoResultado, Candidato, Cargo, Certame, Convocacao, Inscricao
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.chamadas import chamada_inicial
from demonstracao.perfis import garantir_perfis
from nucleo.models import Orgao
from tests.concursos.conftest import cpf_valido, prazos_do_edital
from tests.conftest import municipio
from tests.e2e.test_orgaos import conta, entrar

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True, serialized_rollback=True)]
CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")


def _homologado_com_nomeados(orgao: Orgao, usuario) -> Cargo:
    """Vargem Alta, 3 vagas (a 3ª é de negros), homologado há 30 dias com 24 meses de validade: B1 e B2 pela ampla, N1
    na 3ª; B3 é o próximo da geral, N2 o próximo cotista."""
    edital = timezone.localdate() - timedelta(days=400)
    certame = Certame.objects.create(orgao=orgao, numero_edital="004/2025", titulo="Concurso para agentes",
                                     municipio=orgao.municipio, data_edital=edital, **prazos_do_edital(edital))
    cargo = Cargo.objects.create(certame=certame, codigo="AGE", nome="Agente administrativo", vagas=3)
    for classificacao, (numero, cor, reserva) in enumerate([
            ("B1", "branca", False), ("B2", "branca", False), ("B3", "branca", False), ("N1", "parda", True),
            ("N2", "preta", True)], 1):
        candidato = Candidato.objects.create(orgao=orgao, nome=f"Pessoa {numero}", cpf=cpf_valido(), cor_raca=cor)
        Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero, cor_raca=cor,
                                 reserva=reserva, classificacao=classificacao, nota_final=100 - classificacao)
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame = certame_avancar(certame=certame, usuario=usuario, data=timezone.localdate() - timedelta(days=60))
    certame = certame_avancar(certame=certame, usuario=usuario, data=timezone.localdate() - timedelta(days=60))
    chamada_inicial(cargo=cargo, data=timezone.localdate() - timedelta(days=40), ato="Decreto nº 1/2025",
                    usuario=usuario)
    certame_avancar(certame=certame, usuario=usuario, data=timezone.localdate() - timedelta(days=30))
    return cargo


def test_o_rh_elimina_o_nomeado_e_o_proximo_da_mesma_lista_entra_na_posicao(leis_de_origem, page, live_server,
                                                                             admin_user):
    garantir_perfis()
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta", municipio=municipio("Vargem Alta"))
    cargo = _homologado_com_nomeados(orgao, admin_user)
    rh = conta("rh.va", "Recursos humanos", orgao)
    TOTPDevice.objects.create(user=rh, name="Celular", confirmed=True)
    entrar(page, live_server.url, rh)

    page.goto(f"{live_server.url}/admin/concursos/certame/cargo/{cargo.pk}/")
    ordem = page.locator(".certame-tabela-ordem tbody tr")
    expect(ordem).to_have_count(3)
    expect(ordem.nth(2)).to_contain_text("N1")
    page.get_by_role("link", name="Eliminar o titular da posição 3 (N1)").click()

    # Antes de confirmar: quem entraria na posição, e por quê.
    expect(page.get_by_role("heading", level=1)).to_have_text("Eliminar a inscrição N1")
    expect(page.locator(".certame-explicacao")).to_contain_text("mesma lista (art. 4º, § 2º)")
    previa = page.locator(".certame-previa tbody tr")
    expect(previa).to_have_count(1)
    expect(previa).to_contain_text("N2")
    expect(previa).to_contain_text("a mesma de quem sai")
    assert Inscricao.objects.get(numero="N1").situacao == "habilitado"
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path=os.path.join(CAPTURAS, "eliminacao_previa.png"), full_page=True)

    # O motivo é obrigatório: sem ele, nada muda.
    page.get_by_label("Data do ato:").fill(timezone.localdate().strftime("%d/%m/%Y"))
    page.get_by_label("Ato:", exact=True).fill("Portaria nº 5/2026")
    page.get_by_role("button", name="Confirmar a eliminação").click()
    expect(page.locator(".errornote")).to_be_visible()
    assert not AtoDoResultado.objects.exists()
    page.get_by_label("Motivo:").fill("Não apresentou os documentos exigidos para a posse (item 12.3 do edital).")
    page.get_by_role("button", name="Confirmar a eliminação").click()

    # De volta à ordem de nomeação: N1 eliminada, N2 na mesma posição, pela lista de negros.
    expect(page.locator(".messagelist")).to_contain_text("Inscrição N1 eliminada (Portaria nº 5/2026). Deixa a "
                                                         "posição 3 do cargo AGE, que foi para a inscrição N2")
    expect(page.locator("tr.desistente")).to_contain_text("Eliminação depois do resultado")
    expect(page.locator("tr.desistente")).to_contain_text("substituído por N2")
    expect(page.locator(".certame-tabela-ordem tbody tr", has_text="substitui N1")).to_contain_text("N2")
    page.screenshot(path=os.path.join(CAPTURAS, "eliminacao_cargo.png"), full_page=True)
    substituta = Convocacao.objects.get(cargo=cargo, posicao=3, desistiu_em__isnull=True)
    assert (substituta.inscricao.numero, substituta.lista) == ("N2", "NEG")
    ato = AtoDoResultado.objects.get()
    assert (ato.criado_por, ato.chamada) == (rh, substituta.chamada)

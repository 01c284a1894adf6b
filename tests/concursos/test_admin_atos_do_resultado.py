"""As páginas dos atos sobre o resultado no admin (decisão 0012): publicado o resultado, a ficha da inscrição não
deixa editar classificação, nota nem situação e oferece «Eliminar» e «Retificar a classificação»; a eliminação
mostra antes quem entraria na posição (o próximo da mesma lista, Vargem Alta art. 4º, § 2º) e pede o ato e o motivo;
só quem altera inscrições, no órgão dela, chega às páginas."""

from __future__ import annotations

from datetime import date

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from concursos.models import AtoDoResultado, Convocacao, Inscricao, Situacao
from nucleo.models import Lotacao, Orgao
from tests.conftest import municipio

pytestmark = pytest.mark.django_db


@pytest.fixture
def homologado(vargem_alta_homologado):
    # A prévia é a de hoje: um dia dentro da validade (até 10/03/2026).
    with time_machine.travel(date(2025, 6, 2), tick=False):
        yield vargem_alta_homologado


def _conta(nome: str, orgao: Orgao, *codigos: str) -> Client:
    usuario = get_user_model().objects.create_user(nome, password="senha-de-teste-1", is_staff=True)
    usuario.user_permissions.set(Permission.objects.filter(content_type__app_label="concursos", codename__in=codigos))
    Lotacao.objects.create(usuario=usuario, orgao=orgao)
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


@pytest.fixture
def rh(homologado) -> Client:
    return _conta("rh", homologado.orgao, "view_certame", "view_inscricao", "change_inscricao", "add_chamada")


def _url(certame, numero: str, acao: str = "eliminar") -> str:
    inscricao = Inscricao.objects.get(certame=certame, numero=numero)
    return reverse(f"admin:concursos_inscricao_{acao}", args=[inscricao.pk])


def _eliminacao(**extra) -> dict:
    return {"data": "02/06/2025", "ato": "Portaria nº 5/2026", "motivo": "Não apresentou os documentos na posse.",
            "ultima_chamada": "1", **extra}


def test_a_pagina_de_eliminar_mostra_antes_quem_entraria_na_posicao(homologado, rh):
    html = rh.get(_url(homologado, "N1")).content.decode()
    assert "Prévia: quem seria chamado" in html
    assert "O próximo ainda não chamado da lista Negros (pretos e pardos), a mesma de quem sai." in html
    assert "Candidato N2" in html and "3ª" in html
    assert "mesma lista (art. 4º, § 2º)" in html
    assert 'name="motivo"' in html and 'name="ultima_chamada"' in html
    assert Inscricao.objects.get(numero="N1").situacao == Situacao.HABILITADO


def test_confirmada_a_eliminacao_o_proximo_da_mesma_lista_aparece_na_ordem_do_cargo(homologado, rh):
    resposta = rh.post(_url(homologado, "N1"), _eliminacao(), follow=True)
    html = resposta.content.decode()
    assert resposta.redirect_chain[-1][0] == reverse("admin:concursos_cargo_painel",
                                                     args=[homologado.cargos.get().pk])
    assert "Inscrição N1 eliminada (Portaria nº 5/2026). Deixa a posição 3 do cargo ADM, que foi para a inscrição N2" \
           in html
    assert "substitui N1" in html and "Eliminação depois do resultado</span> em 02/06/2025" in html
    terceira = Convocacao.objects.get(cargo__certame=homologado, posicao=3, desistiu_em__isnull=True)
    assert terceira.inscricao.numero == "N2"
    assert AtoDoResultado.objects.get().criado_por.username == "rh"


def test_sem_motivo_a_pagina_recusa_e_nada_muda(homologado, rh):
    resposta = rh.post(_url(homologado, "N1"), _eliminacao(motivo="  "))
    assert resposta.status_code == 200
    assert resposta.context["form"].errors["motivo"] == ["Este campo é obrigatório."]
    assert Inscricao.objects.get(numero="N1").situacao == Situacao.HABILITADO
    assert not AtoDoResultado.objects.exists()


def test_a_pagina_vista_antes_de_outra_chamada_nao_elimina(homologado, rh):
    rh.post(_url(homologado, "B2"), _eliminacao())
    resposta = rh.post(_url(homologado, "N1"), _eliminacao(), follow=True)
    assert "Outra chamada (a 2ª) foi registrada no cargo ADM depois que esta página foi aberta" in \
        resposta.content.decode()
    assert Inscricao.objects.get(numero="N1").situacao == Situacao.HABILITADO


@pytest.mark.parametrize("acao", ["eliminar", "retificar"])
def test_conta_de_outro_orgao_nao_acha_a_inscricao_e_sem_a_permissao_e_recusada(homologado, acao):
    outro = Orgao.objects.create(nome="Câmara Municipal de Iúna", municipio=municipio("Iúna"))
    de_fora = _conta("rh_de_fora", outro, "view_certame", "view_inscricao", "change_inscricao", "add_chamada")
    so_consulta = _conta("controle", homologado.orgao, "view_certame", "view_inscricao")
    url = _url(homologado, "N1", acao)
    assert de_fora.get(url).status_code == 404
    assert de_fora.post(url, _eliminacao(classificacao="9")).status_code == 404
    assert so_consulta.get(url).status_code == 403
    assert so_consulta.post(url, _eliminacao(classificacao="9")).status_code == 403
    n1 = Inscricao.objects.get(numero="N1")
    assert (n1.situacao, n1.classificacao) == (Situacao.HABILITADO, 4)


def test_a_ficha_continua_so_leitura_oferece_os_atos_e_lista_o_que_foi_feito(homologado, rh):
    url = reverse("admin:concursos_inscricao_change", args=[Inscricao.objects.get(numero="N1").pk])
    html = rh.get(url).content.decode()
    for campo in ("classificacao", "situacao", "nota_final"):
        assert f'name="{campo}"' not in html, campo
    assert _url(homologado, "N1") in html and _url(homologado, "N1", "retificar") in html
    assert "não se editam nesta ficha" in html
    rh.post(_url(homologado, "N1"), _eliminacao())
    html = rh.get(url).content.decode()
    assert "Não apresentou os documentos na posse." in html and "Portaria nº 5/2026" in html
    assert _url(homologado, "N1") not in html  # eliminada, não se elimina de novo
    assert 'name="situacao"' not in html


def test_a_ordem_de_nomeacao_do_cargo_oferece_eliminar_o_titular(homologado, rh):
    html = rh.get(reverse("admin:concursos_cargo_painel", args=[homologado.cargos.get().pk])).content.decode()
    assert 'aria-label="Eliminar o titular da posição 3 (N1)"' in html
    assert _url(homologado, "N1") in html


def test_retificar_a_classificacao_pela_pagina_registra_o_ato(homologado, rh):
    resposta = rh.post(_url(homologado, "B5", "retificar"),
                       {"classificacao": "8", "nota_final": "91,5", "data": "02/06/2025", "ato": "Portaria nº 6/2026",
                        "motivo": "Recurso acolhido pela banca."}, follow=True)
    assert "Classificação da inscrição B5 retificada (Portaria nº 6/2026): classificação 7, nota 93 → classificação " \
           "8, nota 91,5." in resposta.content.decode()
    assert Inscricao.objects.get(numero="B5").classificacao == 8


def test_retificar_quem_ocupa_uma_posicao_mostra_a_recusa(homologado, rh):
    resposta = rh.post(_url(homologado, "N1", "retificar"),
                       {"classificacao": "9", "data": "02/06/2025", "ato": "Portaria nº 6/2026", "motivo": "Recurso."})
    assert resposta.status_code == 200
    assert "ocupa a posição 3 do cargo ADM" in resposta.content.decode()
    assert Inscricao.objects.get(numero="N1").classificacao == 4


def test_antes_do_resultado_as_paginas_mandam_de_volta_a_ficha(fazer_certame, inscrever, admin_client):
    certame = fazer_certame()
    (inscricao,) = inscrever(certame.cargos.get(), [("B1", "branca")])
    resposta = admin_client.get(reverse("admin:concursos_inscricao_eliminar", args=[inscricao.pk]), follow=True)
    assert resposta.redirect_chain[-1][0] == reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
    assert "ainda não foi publicado" in resposta.content.decode()


def test_depois_da_validade_a_pagina_diz_que_ninguem_sera_chamado(homologado, rh):
    resposta = rh.post(_url(homologado, "N1"), _eliminacao(data="11/03/2026", motivo=""))
    html = resposta.content.decode()
    assert "O prazo de validade do certame terminou em 10/03/2026" in html
    assert "Prévia: quem seria chamado" not in html
    assert date(2026, 3, 11) > homologado.fim_da_validade


def test_o_relatorio_do_titular_traz_o_ato_com_o_motivo(homologado, rh):
    """LGPD art. 18: o motivo da eliminação é dado da pessoa, e o relatório do titular o mostra."""
    from concursos import titular

    rh.post(_url(homologado, "N1"), _eliminacao())
    cpf = Inscricao.objects.select_related("candidato").get(numero="N1").candidato.cpf
    secao = next(s for s in titular.secoes(cpf, None) if s.titulo == "Atos sobre o resultado publicado")
    assert secao.linhas == (("001/2024", "N1", "Eliminação", "Portaria nº 5/2026", "02/06/2025",
                             "Não apresentou os documentos na posse.", AtoDoResultado.objects.get().efeito),)


def test_o_local_e_o_prazo_so_sao_pedidos_quando_alguem_pode_ser_chamado(homologado, rh):
    """Quem ocupa uma posição: o ato diz aonde vai e até quando quem entra no lugar. Quem não ocupa: ninguém é chamado,
    e a página não pede o que ninguém leria."""
    assert 'name="local"' in rh.get(_url(homologado, "N1")).content.decode()
    sem_posicao = next(i for i in Inscricao.objects.filter(certame=homologado, situacao=Situacao.HABILITADO)
                       .order_by("numero") if not i.convocacoes.filter(desistiu_em__isnull=True).exists())
    pagina = rh.get(_url(homologado, sem_posicao.numero)).content.decode()
    assert 'name="motivo"' in pagina and 'name="local"' not in pagina and 'name="prazo"' not in pagina
    resposta = rh.post(_url(homologado, sem_posicao.numero), _eliminacao(prazo="01/01/2020"), follow=True)
    assert "não ocupava posição" in resposta.content.decode()

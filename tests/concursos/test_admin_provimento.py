"""As páginas do provimento e da vacância na ordem de nomeação do cargo: nomear, registrar a posse e o exercício,
registrar a vacância com a causa e tornar sem efeito a nomeação vencida (Iúna art. 7º, I e § 1º); a permissão de
chamar e a fronteira do órgão; e as convocações em PDF com a causa de cada vacância."""

from __future__ import annotations

from datetime import date

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.urls import reverse

from concursos.documentos import emitir_convocacoes
from concursos.models import CausaVacancia, Convocacao
from concursos.services.nomeacao import exercicio_registrar, nomeacao_registrar, posse_registrar
from nucleo.models import Orgao
from tests.concursos.conftest import posicao
from tests.conftest import municipio as municipio_do_ibge
from tests.documentos.pdfs import so_espacos_simples, texto


def url(nome: str, convocacao: Convocacao) -> str:
    return reverse(f"admin:concursos_convocacao_{nome}", args=[convocacao.pk])


def pagina_do_cargo(cargo) -> str:
    return reverse("admin:concursos_cargo_painel", args=[cargo.pk])


def mensagens(resposta) -> list[str]:
    return [str(m) for m in get_messages(resposta.wsgi_request)]


@time_machine.travel("2024-10-20 12:00 -03:00", tick=False)
def test_nomear_empossar_e_por_em_exercicio_pela_ordem_de_nomeacao(admin_client, iuna_convocado):
    primeira = posicao(iuna_convocado, 1)
    html = admin_client.get(pagina_do_cargo(iuna_convocado), {"aba": "ordem"}).content.decode()
    assert url("nomear", primeira) in html and "Aguarda nomeação" in html and "Em exercício" not in html
    assert "Nomear" in admin_client.get(url("nomear", primeira)).content.decode()
    resposta = admin_client.post(url("nomear", primeira), {"data": "10/09/2024", "ato": "Decreto nº 7/2024"})
    assert resposta.url == pagina_do_cargo(iuna_convocado)
    assert mensagens(resposta) == ["Inscrição B1 nomeada em 10/09/2024 (Decreto nº 7/2024). A posse vai até "
                                   "10/10/2024."]
    html = admin_client.get(pagina_do_cargo(iuna_convocado), {"aba": "ordem"}).content.decode()
    assert "Nomeação em 10/09/2024" in html and url("posse", primeira) in html
    # Passado o prazo da posse (hoje é 20/10/2024), a linha oferece tornar a nomeação sem efeito.
    assert url("sem_efeito", primeira) in html and "o prazo da posse terminou em 10/10/2024" in html
    resposta = admin_client.post(url("posse", primeira), {"data": "11/10/2024"})
    assert resposta.status_code == 200 and "a nomeação deve ser tornada sem efeito" in mensagens(resposta)[0]
    admin_client.post(url("posse", primeira), {"data": "01/10/2024"})
    resposta = admin_client.post(url("exercicio", primeira), {"data": "07/10/2024"})
    assert mensagens(resposta)[-1] == "Inscrição B1 em exercício desde 07/10/2024."
    html = admin_client.get(pagina_do_cargo(iuna_convocado), {"aba": "ordem"}).content.decode()
    assert "Em exercício desde 07/10/2024" in html and url("vacancia", primeira) in html


def test_a_vacancia_por_exoneracao_a_pedido_mostra_quem_entra_e_chama_o_da_mesma_lista(admin_client, iuna_convocado,
                                                                                       admin_user):
    terceira = posicao(iuna_convocado, 3)
    nomeacao_registrar(convocacao=terceira, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    posse_registrar(convocacao=terceira, data=date(2024, 9, 20), usuario=admin_user)
    exercicio_registrar(convocacao=terceira, data=date(2024, 9, 25), usuario=admin_user)
    pagina = admin_client.get(url("vacancia", terceira))
    # Depois da posse, a página oferece as causas do art. 7º, I «após a posse» (e o falecimento), não a desistência.
    causas = [valor for valor, _ in pagina.context["form"].fields["causa"].choices]
    assert CausaVacancia.EXONERACAO_A_PEDIDO in causas and CausaVacancia.DESISTENCIA not in causas
    (linha,) = pagina.context["previas"][0].linhas
    assert (linha.posicao, linha.numero) == (3, "N2")
    assert "art. 7º, § 1º" in pagina.content.decode()
    resposta = admin_client.post(url("vacancia", terceira), {"causa": "exoneracao_pedido", "data": "03/02/2025",
                                                             "ato": "Portaria nº 9/2025"})
    assert resposta.url == pagina_do_cargo(iuna_convocado)
    assert mensagens(resposta) == ["Vacância registrada: exoneração a pedido. A posição 3 foi para a inscrição N2 — "
                                   "Candidato N2 (lista: Negros (pretos e pardos)), na 2ª chamada."]
    html = admin_client.get(pagina_do_cargo(iuna_convocado), {"aba": "ordem"}).content.decode()
    assert "Exoneração a pedido</span> em 03/02/2025" in html
    resposta = admin_client.post(url("vacancia", terceira), {"causa": "exoneracao_pedido", "data": "03/02/2025",
                                                             "ato": "Portaria nº 9/2025"})
    assert mensagens(resposta) == ["O titular já deixou a posição 3: exoneração a pedido em 03/02/2025."]
    assert iuna_convocado.chamadas.count() == 2


def test_tornar_sem_efeito_pela_pagina_so_depois_do_prazo(admin_client, iuna_convocado, admin_user):
    quarta = posicao(iuna_convocado, 4)
    nomeacao_registrar(convocacao=quarta, data=date(2024, 9, 10), ato="Decreto nº 7/2024", usuario=admin_user)
    resposta = admin_client.post(url("sem_efeito", quarta), {"data": "10/10/2024", "ato": "Decreto nº 9/2024"})
    assert resposta.status_code == 200 and "O prazo da posse corre até 10/10/2024" in mensagens(resposta)[0]
    resposta = admin_client.post(url("sem_efeito", quarta), {"data": "11/10/2024", "ato": "Decreto nº 9/2024"})
    assert mensagens(resposta)[0].startswith("Nomeação tornada sem efeito. A posição 4 foi para a inscrição B5")


def test_as_paginas_exigem_a_permissao_de_chamar(cliente_com, iuna_convocado):
    cliente = cliente_com("concursos.view_certame")
    primeira = posicao(iuna_convocado, 1)
    html = cliente.get(pagina_do_cargo(iuna_convocado), {"aba": "ordem"}).content.decode()
    assert url("nomear", primeira) not in html
    for nome in ("nomear", "posse", "exercicio", "vacancia", "sem_efeito"):
        assert cliente.get(url(nome, primeira)).status_code == 403
    assert cliente.post(url("nomear", primeira), {"data": "10/09/2024", "ato": "Decreto"}).status_code == 403
    primeira.refresh_from_db()
    assert primeira.nomeado_em is None


def test_a_posicao_de_outro_orgao_nao_existe_para_a_conta(cliente_com, iuna_convocado):
    outro = Orgao.objects.create(nome="Câmara Municipal de Iúna", municipio=municipio_do_ibge("Iúna"))
    cliente = cliente_com("concursos.view_certame", "concursos.add_chamada", orgao=outro)
    primeira = posicao(iuna_convocado, 1)
    for nome in ("nomear", "posse", "exercicio", "vacancia", "sem_efeito"):
        assert cliente.get(url(nome, primeira)).status_code == 404
    assert cliente.post(url("nomear", primeira), {"data": "10/09/2024", "ato": "Decreto"}).status_code == 404
    primeira.refresh_from_db()
    assert primeira.nomeado_em is None


def test_as_convocacoes_em_pdf_dizem_a_causa_de_cada_vacancia_e_o_passo_do_provimento(client, admin_client,
                                                                                       iuna_convocado, admin_user):
    segunda, terceira = posicao(iuna_convocado, 2), posicao(iuna_convocado, 3)
    admin_client.post(url("vacancia", segunda), {"causa": "falecimento", "data": "05/09/2024",
                                                 "ato": "Certidão de óbito nº 12"})
    for passo, dados in (("nomear", {"data": "10/09/2024", "ato": "Decreto nº 7/2024"}),
                         ("posse", {"data": "20/09/2024"})):
        admin_client.post(url(passo, terceira), dados)
    admin_client.post(url("vacancia", terceira), {"causa": "aposentadoria", "data": "03/02/2025",
                                                  "ato": "Portaria nº 9/2025"})
    nomeacao_registrar(convocacao=posicao(iuna_convocado, 1), data=date(2024, 9, 10), ato="Decreto nº 7/2024",
                       usuario=admin_user)
    conteudo = so_espacos_simples(texto(emitir_convocacoes(cargo=iuna_convocado, usuario=admin_user).conteudo()))
    assert "Candidato B2 — falecimento: Certidão de óbito nº 12" in conteudo
    assert "Candidato N1 — aposentadoria: Portaria nº 9/2025" in conteudo
    assert "Candidato B1 — nomeação em 10/09/2024" in conteudo
    assert "desistência" not in conteudo.lower().replace("substituição de desistente", "")
    assert "2 vacâncias (aposentadoria: 1; falecimento: 1)" in conteudo
    assert "Substituição por vacância" in conteudo and "art. 7º, § 1º" in conteudo


@pytest.mark.parametrize("causa", [CausaVacancia.DESISTENCIA, CausaVacancia.FALECIMENTO])
def test_antes_da_posse_a_pagina_oferece_a_desistencia_e_o_falecimento(admin_client, iuna_convocado, causa):
    pagina = admin_client.get(url("vacancia", posicao(iuna_convocado, 5)))
    assert causa in [valor for valor, _ in pagina.context["form"].fields["causa"].choices]

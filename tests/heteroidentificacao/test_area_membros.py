"""A área dos membros da comissão (/comissao/): cada membro vê só a própria comissão, só o presidente conduz, o
voto é secreto do clique à apuração, e a página pública respeita o sigilo dos nomes (Afonso Cláudio arts. 9º–11)."""

from __future__ import annotations

import re
import sys
from datetime import date, time

import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.signals import got_request_exception
from django.test import Client
from django.urls import reverse
from django.views.debug import ExceptionReporter

from heteroidentificacao import services, urna
from heteroidentificacao.models import (
    Cedula,
    EstadoAvaliacao,
    EstadoSessao,
    Instancia,
    Papel,
    Participacao,
    Resultado,
    Sessao,
)
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.documentos.pdfs import texto
from tests.heteroidentificacao.conftest import SENHA
from tests.heteroidentificacao.procedimento import SHA256, ate_a_votacao, dispensar_os_demais

# A lei de Afonso Cláudio, com a data de publicação informada (tests/conftest.py).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("afonso_claudio_publicada")]

PARECER_NAO_CONFIRMA = ("Pele clara, cabelo liso e traços faciais finos que, no conjunto, não correspondem ao "
                        "fenótipo pardo declarado na inscrição.")
VOTO_NAO = {"escolha": "nao", "confirmado": "sim"}
VOTO_SIM = {"escolha": "sim", "confirmado": "sim"}


def _titulares(comissao):
    return list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))


def _mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


def _logado(membro) -> Client:
    cliente = Client()
    cliente.force_login(membro.usuario)
    return cliente


@pytest.fixture
def sessao_aberta(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    return services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)


@pytest.fixture
def avaliacao(sessao_aberta):
    return sessao_aberta.avaliacoes.order_by("horario").first()


@pytest.fixture
def em_votacao(avaliacao, presidente):
    return ate_a_votacao(avaliacao, presidente)


@pytest.fixture
def outra_comissao(fazer_certame, fazer_comissao):
    """A comissão de outro certame, com a sua própria sessão."""
    certame = fazer_certame(municipio="Afonso Cláudio", numero="002/2024")
    comissao = fazer_comissao(certame, membros=[
        ("Elisa Alheia", "preta", "feminino", True, True, True, Papel.TITULAR)])
    Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 5, 2), inicio=time(14, 0), local="Câmara")
    return comissao


# ---- acesso ----

def test_area_exige_login_proprio_e_nao_deixa_cache(client, presidente):
    """As páginas trazem candidatos e notas sigilosas (art. 10, IV): login e nenhum cache."""
    resposta = client.get(reverse("comissao:minhas_sessoes"))
    assert resposta.status_code == 302
    assert resposta.url.startswith(reverse("comissao:entrar"))

    resposta = _logado(presidente).get(reverse("comissao:minhas_sessoes"))
    assert resposta.status_code == 200
    assert {"private", "no-store"} <= {p.strip() for p in resposta["Cache-Control"].split(",")}


def test_membro_entra_pela_pagina_da_comissao_e_ve_as_suas_sessoes(client, sessao, presidente):
    pagina = client.get(reverse("comissao:entrar"))
    assert "Usuário" in pagina.text and "Senha" in pagina.text
    resposta = client.post(reverse("comissao:entrar"),
                           {"username": presidente.usuario.username, "password": SENHA}, follow=True)
    assert resposta.redirect_chain[-1][0] == reverse("comissao:minhas_sessoes")
    assert "1ª sessão — 10/04/2024, 09:00" in resposta.text
    assert "preside a comissão" in resposta.text


def test_o_botao_sair_esta_em_toda_pagina_da_area(em_votacao, presidente):
    """Nos tablets compartilhados, sair é um toque em qualquer tela, inclusive na do voto (art. 11, § 2º)."""
    cliente = _logado(presidente)
    sessao_id = em_votacao.sessao_id
    for pagina in [reverse("comissao:minhas_sessoes"), reverse("comissao:sessao", args=[sessao_id]),
                   reverse("comissao:votacao", args=[sessao_id])]:
        tela = cliente.get(pagina).text
        assert f'<form method="post" action="{reverse("comissao:sair")}" class="sair">' in tela, pagina
        assert '<button type="submit">Sair</button>' in tela, pagina


def test_membro_de_uma_comissao_recebe_404_nas_sessoes_de_outra(sessao_aberta, avaliacao, outra_comissao):
    """Art. 9º, § 5º e art. 10, IV: a comissão é de um só certame, e os candidatos dela não aparecem a outra."""
    alheio = _logado(outra_comissao.membros.get())
    minhas = alheio.get(reverse("comissao:minhas_sessoes"))
    assert "10/04/2024" not in minhas.text

    nome = avaliacao.inscricao.candidato.nome
    for url in (reverse("comissao:sessao", args=[sessao_aberta.pk]),
                reverse("comissao:votacao", args=[sessao_aberta.pk]),
                reverse("comissao:participacao", args=[avaliacao.pk]),
                reverse("comissao:ata", args=[sessao_aberta.pk])):
        resposta = alheio.get(url)
        assert resposta.status_code == 404, url
        assert nome not in resposta.text
    for nome_url in ("presenca", "votar", "notas", "apurar"):
        assert alheio.post(reverse(f"comissao:{nome_url}", args=[avaliacao.pk]),
                           {"compareceu": "sim", **VOTO_SIM}).status_code == 404
    assert not Participacao.objects.exists()


def test_mudancas_so_por_post_com_csrf(sessao_aberta, avaliacao, presidente):
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(presidente.usuario)
    url = reverse("comissao:presenca", args=[avaliacao.pk])
    assert cliente.get(url).status_code == 405
    assert cliente.post(url, {"compareceu": "sim"}).status_code == 403
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.AGUARDANDO


# ---- condução pelo presidente ----

def test_so_o_presidente_ve_os_controles_e_o_servico_recusa_os_demais(sessao_aberta, avaliacao, comissao, presidente):
    pagina = _logado(presidente).get(reverse("comissao:sessao", args=[sessao_aberta.pk]))
    assert "Candidato presente" in pagina.text and "Encerrar a sessão" in pagina.text

    membro = comissao.membros.get(nome="Bruno Segundo")
    cliente = _logado(membro)
    pagina = cliente.get(reverse("comissao:sessao", args=[sessao_aberta.pk]))
    assert pagina.status_code == 200
    assert avaliacao.inscricao.candidato.nome in pagina.text
    for controle in ("Candidato presente", "Abrir votação", "Apurar votos", "Encerrar a sessão",
                     reverse("comissao:presenca", args=[avaliacao.pk])):
        assert controle not in pagina.text

    resposta = cliente.post(reverse("comissao:presenca", args=[avaliacao.pk]), {"compareceu": "sim"}, follow=True)
    assert "Só o presidente da comissão conduz a sessão." in _mensagens(resposta)
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.AGUARDANDO


def test_abertura_sem_quorum_mostra_o_artigo(sessao, comissao, presidente, admin_user):
    """Art. 8º, caput: a comissão delibera com ao menos três integrantes."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    cliente = _logado(presidente)
    pagina = cliente.get(reverse("comissao:sessao", args=[sessao.pk]))
    assert "Abrir a sessão" in pagina.text
    dois = [presidente.pk, comissao.membros.get(nome="Bruno Segundo").pk]
    resposta = cliente.post(reverse("comissao:abrir_sessao", args=[sessao.pk]), {"presentes": dois}, follow=True)
    assert any("Sem quórum" in m and "art. 8º, caput" in m for m in _mensagens(resposta))
    sessao.refresh_from_db()
    assert sessao.estado == EstadoSessao.AGENDADA


def test_votacao_so_abre_confirmado_que_o_candidato_deixou_a_sala(avaliacao, presidente):
    """Art. 9º, § 6º: é vedado deliberar na presença do candidato."""
    cliente = _logado(presidente)
    cliente.post(reverse("comissao:presenca", args=[avaliacao.pk]), {"compareceu": "sim"})
    cliente.post(reverse("comissao:notas", args=[avaliacao.pk]), {"notas": "Respondeu a todas as perguntas."})
    url = reverse("comissao:abrir_votacao", args=[avaliacao.pk])

    resposta = cliente.post(url, {"forma": "eletronica"}, follow=True)
    assert any("deixou a sala" in m and "art. 9º, § 6º" in m for m in _mensagens(resposta))
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.ENTREVISTA

    cliente.post(url, {"forma": "eletronica", "candidato_saiu": "on"})
    avaliacao.refresh_from_db()
    assert avaliacao.estado == EstadoAvaliacao.VOTACAO
    assert avaliacao.notas_entrevista == "Respondeu a todas as perguntas."


def test_no_recurso_a_votacao_abre_depois_de_examinada_a_gravacao(sessao_aberta, comissao, presidente, admin_user,
                                                                  relogio):
    """Art. 6º, § 2º e art. 9º, § 2º: o recurso é julgado pela gravação, sem nova chamada do candidato; o exame
    fica registrado como acesso à gravação antes da votação."""
    recorrida, *ausentes = sessao_aberta.avaliacoes.order_by("horario")
    for avaliacao in ausentes:
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    ate_a_votacao(recorrida, presidente)
    for membro in _titulares(comissao):
        services.voto_registrar(avaliacao=recorrida, usuario=membro.usuario, confirma=False)
    services.votacao_apurar(avaliacao=recorrida, usuario=presidente.usuario)
    services.parecer_registrar(avaliacao=recorrida, parecer=PARECER_NAO_CONFIRMA, caracteristicas=["pele"],
                               usuario=presidente.usuario)
    services.sessao_encerrar(sessao=sessao_aberta, usuario=presidente.usuario)
    relogio.ir(date(2024, 4, 20))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 20), usuario=admin_user)
    relogio.ir(date(2024, 4, 21))
    recurso = services.recurso_protocolar(avaliacao=recorrida, protocolado_em=date(2024, 4, 21),
                                          fundamentos="Sou pardo, como mostram as fotos anexadas.", usuario=admin_user)
    type(comissao).objects.filter(pk=comissao.pk).update(recursos_pela_mesma=True)
    relogio.ir(date(2024, 4, 25))
    segunda = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 25), inicio=time(9, 0),
                                    local="Auditório da Prefeitura")
    julgamento = services.recurso_pautar(recurso=recurso, sessao=segunda, horario=time(9, 0), usuario=admin_user)
    services.sessao_abrir(sessao=segunda, presentes=_titulares(comissao), usuario=presidente.usuario)

    cliente = _logado(presidente)
    pagina = cliente.get(reverse("comissao:sessao", args=[segunda.pk]))
    assert "A comissão examinou a gravação" in pagina.text
    assert "Sou pardo, como mostram as fotos anexadas." in pagina.text
    assert "Candidato presente" not in pagina.text
    resposta = cliente.post(reverse("comissao:abrir_votacao", args=[julgamento.pk]), {"forma": "eletronica"},
                            follow=True)
    assert _mensagens(resposta) == ["Confirme que a comissão examinou a gravação da avaliação recorrida."]
    resposta = cliente.post(reverse("comissao:abrir_votacao", args=[julgamento.pk]),
                            {"forma": "eletronica", "candidato_saiu": "on"}, follow=True)
    assert any("Registre o exame da gravação" in m for m in _mensagens(resposta))
    assert "Registrar o exame da gravação" in resposta.text
    resposta = cliente.post(reverse("comissao:examinar_gravacao", args=[julgamento.pk]), follow=True)
    assert "Exame da gravação registrado em 25/04/2024" in resposta.text
    cliente.post(reverse("comissao:abrir_votacao", args=[julgamento.pk]),
                 {"forma": "eletronica", "candidato_saiu": "on"})
    julgamento.refresh_from_db()
    assert julgamento.estado == EstadoAvaliacao.VOTACAO


# ---- o voto ----

def test_voto_secreto_com_confirmacao_sem_o_valor_na_resposta_nem_na_sessao(em_votacao, comissao):
    """Art. 11, § 2º: o voto é secreto; depois de gravado, nem quem votou vê o valor na tela."""
    membro = comissao.membros.get(nome="Carla Terceira")
    cliente = _logado(membro)
    pagina = cliente.get(reverse("comissao:votacao", args=[em_votacao.sessao_id]))
    assert "Confirmo a autodeclaração" in pagina.text and "Não confirmo" in pagina.text
    assert 'http-equiv="refresh"' not in pagina.text

    # A confirmação é no próprio navegador: a página já traz as duas frases, e só a escolhida aparece.
    assert "Você escolheu" in pagina.text and "Confirmar o voto" in pagina.text

    url = reverse("comissao:votar", args=[em_votacao.pk])
    resposta = cliente.post(url, {"escolha": "nao"}, follow=True)
    assert _mensagens(resposta) == ["Escolha uma das opções e toque em «Confirmar o voto»."]
    assert not Cedula.objects.exists()

    resposta = cliente.post(url, VOTO_NAO, follow=True)
    assert resposta.redirect_chain[-1][0] == reverse("comissao:votacao", args=[em_votacao.sessao_id])
    assert _mensagens(resposta) == ["Seu voto foi registrado."]
    assert "Voto registrado" in resposta.text
    assert "Não confirmo" not in resposta.text
    assert 'http-equiv="refresh"' in resposta.text
    assert not any("nao" in str(valor) for valor in cliente.session.values())
    [(cedula, conteudo)] = Cedula.objects.values_list("id", "conteudo")
    assert urna.abrir(conteudo, chave=settings.CHAVE_CEDULAS, avaliacao_id=em_votacao.pk, cedula_id=cedula) is False
    assert Participacao.objects.filter(avaliacao=em_votacao, membro=membro).exists()


def test_relatorio_de_erro_ao_gravar_o_voto_nao_traz_o_valor(em_votacao, presidente, monkeypatch):
    """Art. 11, § 2º: nem o relatório de um erro inesperado (e-mail aos administradores, logs) revela o voto."""
    def falhar(**dados):
        raise RuntimeError("falha simulada do banco")

    relatorios = []

    def relatar(sender, request, **kwargs):
        relatorios.append(ExceptionReporter(request, *sys.exc_info()).get_traceback_html())

    monkeypatch.setattr(services, "voto_registrar", falhar)
    got_request_exception.connect(relatar)
    try:
        with pytest.raises(RuntimeError):
            _logado(presidente).post(reverse("comissao:votar", args=[em_votacao.pk]), VOTO_NAO)
    finally:
        got_request_exception.disconnect(relatar)
    assert len(relatorios) == 1 and "falha simulada do banco" in relatorios[0]
    assert re.search(r"<td>escolha</td>\s*<td class=\"code\"><pre>&#x27;\*+&#x27;</pre>", relatorios[0])
    # As variáveis locais da view e do serviço aparecem só mascaradas («****»).
    assert not re.search(r"<td>(confirma|dados|form)</td>\s*<td class=\"code\"><pre>(?!&#x27;\*)", relatorios[0])


def test_segundo_voto_do_mesmo_membro_e_recusado(em_votacao, presidente):
    cliente = _logado(presidente)
    url = reverse("comissao:votar", args=[em_votacao.pk])
    primeira = cliente.post(url, VOTO_SIM, follow=True)
    assert _mensagens(primeira) == ["Seu voto foi registrado."]
    resposta = cliente.post(url, VOTO_NAO, follow=True)
    assert _mensagens(resposta) == ["Você já votou nesta avaliação."]
    assert Cedula.objects.count() == 1


def test_suplente_ausente_acompanha_mas_nao_vota(em_votacao, comissao):
    suplente = comissao.membros.get(papel=Papel.SUPLENTE)
    cliente = _logado(suplente)
    assert cliente.get(reverse("comissao:sessao", args=[em_votacao.sessao_id])).status_code == 200
    pagina = cliente.get(reverse("comissao:votacao", args=[em_votacao.sessao_id]))
    assert "Só votam os membros presentes quando a votação foi aberta." in pagina.text
    assert "Confirmo a autodeclaração" not in pagina.text

    resposta = cliente.post(reverse("comissao:votar", args=[em_votacao.pk]), VOTO_SIM, follow=True)
    assert _mensagens(resposta) == ["Só votam os membros presentes quando a votação foi aberta."]
    assert not Cedula.objects.exists()


def test_presidente_acompanha_so_quantos_votaram(em_votacao, comissao, presidente):
    for membro in _titulares(comissao)[:2]:
        services.voto_registrar(avaliacao=em_votacao, usuario=membro.usuario, confirma=True)
    cliente = _logado(presidente)
    pagina = cliente.get(reverse("comissao:sessao", args=[em_votacao.sessao_id]))
    assert "2 de 3 membros presentes já votaram" in pagina.text
    contagem = cliente.get(reverse("comissao:participacao", args=[em_votacao.pk])).json()
    assert contagem == {"texto": "2 de 3 membros presentes já votaram", "estado": EstadoAvaliacao.VOTACAO}


def test_apuracao_de_tres_votos_iguais_mostra_dois_votos(em_votacao, comissao, presidente):
    """Art. 11, § 2º: abrem-se as cédulas só até a maioria; a unanimidade nunca aparece."""
    for membro in _titulares(comissao):
        services.voto_registrar(avaliacao=em_votacao, usuario=membro.usuario, confirma=True)
    resposta = _logado(presidente).post(reverse("comissao:apurar", args=[em_votacao.pk]), follow=True)
    assert _mensagens(resposta) == ["Votos apurados: autodeclaração confirmada — 2 votos."]
    assert "Autodeclaração confirmada</strong> — 2 votos" in resposta.text
    assert "3 a 0" not in resposta.text and "3 votos" not in resposta.text


def test_apuracao_em_papel_para_quando_a_maioria_se_forma(avaliacao, presidente):
    """Art. 11, § 2º: formada a maioria, as cédulas restantes são destruídas sem abrir."""
    cliente = _logado(presidente)
    cliente.post(reverse("comissao:presenca", args=[avaliacao.pk]), {"compareceu": "sim"})
    cliente.post(reverse("comissao:gravacao", args=[avaliacao.pk]), {"referencia": "SD 1, 001.mp4", "sha256": SHA256})
    cliente.post(reverse("comissao:abrir_votacao", args=[avaliacao.pk]), {"forma": "papel", "candidato_saiu": "on"})
    pagina = cliente.get(reverse("comissao:sessao", args=[avaliacao.sessao_id]))
    assert "Cédula: confirma" in pagina.text and "destruídas sem abrir" in pagina.text
    url = reverse("comissao:cedula", args=[avaliacao.pk])
    cliente.post(url, {"confirma": "nao"})
    cliente.post(url, {"confirma": "sim"})
    resposta = cliente.post(url, {"confirma": "sim"}, follow=True)
    assert _mensagens(resposta)[-1] == "Apuração concluída: autodeclaração confirmada — 3 votos (2 a 1)."
    avaliacao.refresh_from_db()
    assert (avaliacao.estado, avaliacao.votos_abertos_texto) == (EstadoAvaliacao.APURADA, "3 votos (2 a 1)")


def test_parecer_de_nao_confirmacao_exige_os_tracos_fenotipicos(em_votacao, comissao, presidente):
    """Art. 9º, § 3º: só o fenótipo é avaliado, e o parecer diz quais traços a comissão observou."""
    for membro in _titulares(comissao):
        services.voto_registrar(avaliacao=em_votacao, usuario=membro.usuario, confirma=False)
    cliente = _logado(presidente)
    cliente.post(reverse("comissao:apurar", args=[em_votacao.pk]))
    pagina = cliente.get(reverse("comissao:sessao", args=[em_votacao.sessao_id]))
    assert "Só o fenótipo é avaliado (art. 9º, § 3º)" in pagina.text

    url = reverse("comissao:parecer", args=[em_votacao.pk])
    resposta = cliente.post(url, {"parecer": "Não confirmado."}, follow=True)
    assert any("traços fenotípicos" in m and "art. 9º, § 3º" in m for m in _mensagens(resposta))
    resposta = cliente.post(url, {"parecer": PARECER_NAO_CONFIRMA, "caracteristicas": ["pele", "cabelo"]},
                            follow=True)
    assert _mensagens(resposta) == ["Parecer registrado."]
    assert "Traços fenotípicos observados: Cor da pele, Textura do cabelo." in resposta.text
    em_votacao.refresh_from_db()
    assert (em_votacao.estado, em_votacao.resultado) == (EstadoAvaliacao.CONCLUIDA, Resultado.NAO_CONFIRMADO)


def test_ata_da_sessao_encerrada_registra_so_os_votos_abertos(sessao_aberta, comissao, presidente):
    """Art. 11, § 2º: a ata diz «2 votos», nunca «3 a 0»."""
    cliente = _logado(presidente)
    primeira, *outras = sessao_aberta.avaliacoes.order_by("horario")
    for ausente in outras:
        cliente.post(reverse("comissao:presenca", args=[ausente.pk]), {"compareceu": "nao"})
    cliente.post(reverse("comissao:presenca", args=[primeira.pk]), {"compareceu": "sim"})
    resposta = cliente.post(reverse("comissao:gravacao", args=[primeira.pk]),
                            {"referencia": "Cartão SD 1, arquivo 001.mp4", "sha256": SHA256}, follow=True)
    assert _mensagens(resposta)[-1] == "Gravação registrada."
    cliente.post(reverse("comissao:abrir_votacao", args=[primeira.pk]), {"forma": "eletronica", "candidato_saiu": "on"})
    for membro in _titulares(comissao):
        _logado(membro).post(reverse("comissao:votar", args=[primeira.pk]), VOTO_SIM)
    cliente.post(reverse("comissao:apurar", args=[primeira.pk]))
    cliente.post(reverse("comissao:parecer", args=[primeira.pk]),
                 {"parecer": "Fenótipo pardo reconhecido pela comissão.", "caracteristicas": ["conjunto"]})
    pagina = cliente.get(reverse("comissao:sessao", args=[sessao_aberta.pk]))
    assert "Ata da sessão (PDF)" not in pagina.text
    resposta = cliente.post(reverse("comissao:encerrar_sessao", args=[sessao_aberta.pk]),
                            {"ocorrencias": "Sem ocorrências."}, follow=True)
    assert _mensagens(resposta) == ["Sessão encerrada."]
    assert "Ata da sessão (PDF)" in resposta.text

    membro = comissao.membros.get(nome="Bruno Segundo")
    pdf = _logado(membro).get(reverse("comissao:ata", args=[sessao_aberta.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    conteudo = texto(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content)
    assert "2 votos" in conteudo
    assert "3 a 0" not in conteudo and "3 votos" not in conteudo


# ---- página pública ----

@pytest.fixture
def com_curriculo(presidente):
    presidente.curriculo.save("cv.pdf", ContentFile(b"%PDF-1.4 curriculo da presidenta"))
    return presidente


@pytest.fixture
def resultado_publicado(sessao, comissao, presidente, admin_user, relogio):
    cotista = cotistas_a_convocar(comissao).first()
    services.sessao_convocar(sessao=sessao, inscricoes=[cotista], usuario=admin_user)
    dispensar_os_demais(comissao, admin_user)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)
    services.avaliacao_registrar_presenca(avaliacao=sessao.avaliacoes.get(), compareceu=False,
                                          usuario=presidente.usuario)
    relogio.ir(date(2024, 4, 20))
    return services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 20), usuario=admin_user)


def test_pagina_publica_guarda_os_nomes_ate_o_resultado(client, comissao, com_curriculo):
    """Art. 11, § 1º: os nomes dos membros ficam em sigilo até a publicação do resultado."""
    pagina = client.get(reverse("comissao:publica", args=[comissao.certame_id]))
    assert pagina.status_code == 200
    assert "sigilosos até a publicação do resultado" in pagina.text
    assert "art. 11, § 1º" in pagina.text
    for membro in comissao.membros.all():
        assert membro.nome not in pagina.text
    curriculo = client.get(reverse("comissao:curriculo", args=[comissao.certame_id, com_curriculo.pk]))
    assert curriculo.status_code == 404


def test_pagina_publica_lista_membros_e_curriculos_depois_do_resultado(client, comissao, com_curriculo,
                                                                      resultado_publicado):
    """Art. 11, § 1º e § 3º: publicado o resultado, os nomes e os currículos vêm a público; CPF, cor e gênero não."""
    pagina = client.get(reverse("comissao:publica", args=[comissao.certame_id]))
    for membro in comissao.membros.all():
        assert membro.nome in pagina.text
        assert membro.cpf not in pagina.text
    assert "Presidente" in pagina.text and "Suplente" in pagina.text
    assert "art. 11, § 3º" in pagina.text
    for sensivel in ("preta", "parda", "branca", "feminino", "masculino", "cor ou raça", "gênero"):
        assert sensivel not in pagina.text.lower()

    curriculo = client.get(reverse("comissao:curriculo", args=[comissao.certame_id, com_curriculo.pk]))
    assert curriculo.status_code == 200
    assert curriculo["Content-Type"] == "application/pdf"
    assert b"".join(curriculo.streaming_content) == b"%PDF-1.4 curriculo da presidenta"


def test_curriculo_so_do_certame_da_comissao(client, comissao, com_curriculo, resultado_publicado, outra_comissao):
    url = reverse("comissao:curriculo", args=[outra_comissao.certame_id, com_curriculo.pk])
    assert client.get(url).status_code == 404


def test_comissao_recursal_ainda_sem_resultado_continua_em_sigilo(client, comissao, fazer_comissao,
                                                                  resultado_publicado):
    recursal = fazer_comissao(comissao.certame, instancia=Instancia.RECURSAL, membros=[
        ("Fábio Revisor", "preta", "masculino", True, True, True, Papel.TITULAR)])
    pagina = client.get(reverse("comissao:publica", args=[comissao.certame_id]))
    assert "Ana Presidenta" in pagina.text
    assert "Fábio Revisor" not in pagina.text
    assert recursal.get_instancia_display() in pagina.text


def test_comissao_recursal_se_torna_publica_com_o_resultado_final(client, comissao, fazer_comissao,
                                                                   resultado_publicado, admin_user, relogio):
    """Art. 11, § 1º: os membros da recursal ficam em sigilo até o resultado final, que traz os recursos; a página
    diz a data em que ele foi publicado."""
    fazer_comissao(comissao.certame, instancia=Instancia.RECURSAL, membros=[
        ("Fábio Revisor", "preta", "masculino", True, True, True, Papel.TITULAR)])
    relogio.ir(date(2024, 5, 10))
    services.resultado_final_publicar(comissao=comissao, data=date(2024, 5, 10), usuario=admin_user)
    pagina = client.get(reverse("comissao:publica", args=[comissao.certame_id]))
    assert "Fábio Revisor" in pagina.text
    assert "Resultado publicado em 10/05/2024." in pagina.text
    assert "Resultado publicado em ." not in pagina.text

"""O resultado provisório só sai com todos os cotistas avaliados (Afonso Cláudio art. 9º, § 7º: convocam-se «todos os
candidatos catistas aprovados até então»), salvo os registrados, com o motivo, como fora da heteroidentificação; e
todo PDF se emite em qualquer estado do procedimento, sem erro."""

from __future__ import annotations

import re
from datetime import date, time

import pytest
from django.test import Client
from django.urls import reverse

from heteroidentificacao import services
from heteroidentificacao.models import Dispensa, Papel, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.heteroidentificacao.procedimento import decidir, dispensar_os_demais

pytestmark = pytest.mark.django_db


def _titulares(comissao):
    return list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))


def test_resultado_provisorio_recusado_lista_os_cotistas_sem_convocacao(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    decidir(sessao.avaliacoes.get(), presidente, [(m, True) for m in titulares])
    esperado = ("O resultado provisório só sai com todos os cotistas avaliados (art. 9º, § 7º e § 8º). 2 cotistas sem "
                "convocação (convoque-os "
                "ou registre, com o motivo, que ficam fora da heteroidentificação): 003 — Candidato 003 (ADM); "
                "005 — Candidato 005 (ADM).")
    with pytest.raises(ErroOperacao, match=re.escape(esperado)):
        services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 10), usuario=admin_user)


def test_resultado_provisorio_recusado_lista_as_avaliacoes_pendentes(sessao, comissao, presidente, admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    decidir(sessao.avaliacoes.order_by("horario").first(), presidente, [(m, True) for m in titulares])
    with pytest.raises(ErroOperacao, match=re.escape("2 avaliações sem parecer: 003 — Candidato 003 (aguardando o "
                                                     "candidato); 005 — Candidato 005 (aguardando o candidato).")):
        services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 10), usuario=admin_user)


def test_cotista_fora_da_heteroidentificacao_exige_motivo_e_fica_registrado(sessao, comissao, presidente, admin_user):
    inscricao = cotistas_a_convocar(comissao).first()
    with pytest.raises(ErroOperacao, match="Registre o motivo"):
        services.cotista_dispensar(comissao=comissao, inscricao=inscricao, motivo="", usuario=admin_user)
    dispensa = services.cotista_dispensar(comissao=comissao, inscricao=inscricao, usuario=admin_user,
                                          motivo="Eliminado na prova objetiva, antes da heteroidentificação.")
    assert inscricao not in cotistas_a_convocar(comissao)
    registro = dispensa.history.get()
    assert (registro.history_user, registro.history_change_reason) == (
        admin_user, "Cotista registrado como fora da heteroidentificação.")
    with pytest.raises(ErroOperacao, match="fora da heteroidentificação"):
        services.sessao_convocar(sessao=sessao, inscricoes=[inscricao], usuario=admin_user)


def test_cotista_ja_convocado_nao_fica_fora(sessao, comissao, admin_user):
    inscricao = cotistas_a_convocar(comissao).first()
    services.sessao_convocar(sessao=sessao, inscricoes=[inscricao], usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já foi convocada"):
        services.cotista_dispensar(comissao=comissao, inscricao=inscricao, motivo="Motivo qualquer aqui.",
                                   usuario=admin_user)
    assert not Dispensa.objects.exists()


def test_resultado_com_todos_avaliados_ou_fora_sai_e_marca_a_publicacao_de_cada_um(sessao, comissao, presidente,
                                                                                  admin_user):
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    dispensar_os_demais(comissao, admin_user)
    titulares = _titulares(comissao)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    avaliacao = decidir(sessao.avaliacoes.get(), presidente, [(m, True) for m in titulares])
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 10), usuario=admin_user)
    avaliacao.refresh_from_db()
    assert avaliacao.resultado_publicado_em == date(2024, 4, 10)
    assert avaliacao.history.first().history_change_reason == "Resultado provisório publicado em 10/04/2024."
    with pytest.raises(ErroOperacao, match="Não há resultado novo a publicar"):
        services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 10), usuario=admin_user)


# --- todo PDF, em todo estado -------------------------------------------------------------------------------------

def _urls_dos_pdfs(comissao, sessoes) -> list[str]:
    urls = [reverse("admin:heteroidentificacao_comissao_edital_pdf", args=[comissao.pk]),
            reverse("admin:heteroidentificacao_comissao_resultado_provisorio_pdf", args=[comissao.pk]),
            reverse("admin:heteroidentificacao_comissao_resultado_final_pdf", args=[comissao.pk])]
    urls += [reverse("admin:heteroidentificacao_membro_termo_pdf", args=[m.pk]) for m in comissao.membros.all()]
    for sessao in sessoes:
        urls += [reverse("admin:heteroidentificacao_sessao_ata_pdf", args=[sessao.pk]),
                 reverse("admin:heteroidentificacao_sessao_ata_recursos_pdf", args=[sessao.pk])]
    return urls


def _nenhum_erro(cliente: Client, comissao, sessoes, presidente) -> None:
    """Cada PDF sai (200) ou a página volta com o motivo (302): nunca um erro do servidor."""
    for url in _urls_dos_pdfs(comissao, sessoes):
        resposta = cliente.get(url)
        assert resposta.status_code in (200, 302), (url, resposta.status_code)
    membro = Client()
    membro.force_login(presidente.usuario)
    for sessao in sessoes:
        for nome in ("comissao:ata", "comissao:ata_recursos", "comissao:sessao", "comissao:votacao"):
            resposta = membro.get(reverse(nome, args=[sessao.pk]))
            assert resposta.status_code in (200, 302), (nome, resposta.status_code)


def test_todo_pdf_se_emite_em_todo_estado_do_procedimento(sessao, comissao, presidente, admin_user, admin_client,
                                                         relogio):
    titulares = _titulares(comissao)
    sessoes = [sessao]
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    primeira, segunda, terceira = sessao.avaliacoes.order_by("horario")
    decidir(primeira, presidente, [(m, False) for m in titulares])
    services.avaliacao_registrar_presenca(avaliacao=segunda, compareceu=False, usuario=presidente.usuario)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    decidir(terceira, presidente, [(m, True) for m in titulares])
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    relogio.ir(date(2024, 4, 15))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 15), usuario=admin_user)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    type(comissao).objects.filter(pk=comissao.pk).update(recursos_pela_mesma=True)
    primeira.refresh_from_db()
    relogio.ir(date(2024, 4, 16))
    recurso = services.recurso_protocolar(avaliacao=primeira, protocolado_em=date(2024, 4, 16), usuario=admin_user,
                                          fundamentos="Sou pardo, como mostra a gravação.")
    relogio.ir(date(2024, 4, 22))
    segunda_sessao = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 22), inicio=time(9, 0),
                                           local="Auditório")
    sessoes.append(segunda_sessao)
    julgamento = services.recurso_pautar(recurso=recurso, sessao=segunda_sessao, horario=time(9, 0),
                                         usuario=admin_user)
    services.sessao_abrir(sessao=segunda_sessao, presentes=titulares, usuario=presidente.usuario)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    # Um resultado final marcado à força com o julgamento pendente (o que o serviço recusa): o PDF ainda sai, e diz.
    type(comissao).objects.filter(pk=comissao.pk).update(resultado_final_em=date(2024, 4, 22))
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    from heteroidentificacao.documentos import contexto_resultado

    linhas = [linha for c in contexto_resultado(comissao, final=True)["cargos"] for linha in c["linhas"]]
    assert "Pendente de julgamento" in {linha.recurso for linha in linhas}
    type(comissao).objects.filter(pk=comissao.pk).update(resultado_final_em=None)
    decidir(julgamento, presidente, [(m, True) for m in titulares], parecer="Traços pardos, como mostra a gravação.",
            caracteristicas=())
    services.sessao_encerrar(sessao=segunda_sessao, usuario=presidente.usuario)
    _nenhum_erro(admin_client, comissao, sessoes, presidente)
    # No fim, os documentos que cabem saem de fato: não basta não quebrar.
    for nome, objeto in (("sessao_ata_pdf", sessao), ("sessao_ata_recursos_pdf", segunda_sessao),
                         ("comissao_resultado_provisorio_pdf", comissao), ("comissao_edital_pdf", comissao)):
        resposta = admin_client.get(reverse(f"admin:heteroidentificacao_{nome}", args=[objeto.pk]))
        assert (resposta.status_code, resposta["Content-Type"]) == (200, "application/pdf"), nome

"""Quanto dura uma sessão de login.

Toda sessão termina ao fechar o navegador (o cookie não tem validade) e, no máximo, SESSAO_DURACAO_HORAS depois
do login. As da área da comissão terminam também depois de SESSAO_COMISSAO_INATIVIDADE_MINUTOS sem uso: os
tablets da mesa da sessão são compartilhados, e quem se levanta sem sair não deixa a sua conta aberta para o
próximo votar por ela (Afonso Cláudio art. 11, § 2º: voto secreto e pessoal).

Os prazos ficam na própria sessão, gravados no login; uma sessão sem eles (aberta antes desta regra) é encerrada.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

PRAZOS = "acesso_prazos"
# A última atividade só é regravada depois deste intervalo: um UPDATE da sessão a cada clique não mudaria nada.
INTERVALO_DE_REGRAVACAO = 60


@receiver(user_logged_in, dispatch_uid="acesso.prazos_da_sessao")
def _gravar_prazos(sender, request, user, **kwargs) -> None:
    agora = int(time.time())
    request.session[PRAZOS] = {"login": agora, "atividade": agora, "maximo": settings.SESSAO_DURACAO_HORAS * 3600,
                               "inatividade": None}


def limitar_a_inatividade(request) -> None:
    """Chamada pelo login da comissão: a sessão termina também depois de alguns minutos sem uso."""
    request.session[PRAZOS] = {**request.session[PRAZOS],
                               "inatividade": settings.SESSAO_COMISSAO_INATIVIDADE_MINUTOS * 60}


def sem_renovar_a_sessao(view: Callable) -> Callable:
    """Para as consultas automáticas de uma página aberta (a contagem de quem já votou): elas não são uso, e
    não adiam o fim da sessão por inatividade."""
    view.renova_a_sessao = False
    return view


def _motivo_do_fim(prazos: dict | None, agora: int) -> str | None:
    if prazos is None:
        return "Sua sessão foi encerrada. Entre de novo."
    if prazos["maximo"] is not None and agora - prazos["login"] >= prazos["maximo"]:
        horas = prazos["maximo"] // 3600
        return f"Sua sessão terminou: ela dura no máximo {horas} hora{'s' if horas != 1 else ''}. Entre de novo."
    if prazos["inatividade"] is not None and agora - prazos["atividade"] >= prazos["inatividade"]:
        minutos = prazos["inatividade"] // 60
        return (f"Sua sessão terminou depois de {minutos} minuto{'s' if minutos != 1 else ''} sem uso, para que "
                "ninguém use a sua conta neste aparelho. Entre de novo.")
    return None


class PrazosDaSessao:
    """Encerra a sessão vencida antes da view, que então trata a pessoa como quem não entrou."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not request.user.is_authenticated:
            return None
        agora = int(time.time())
        prazos = request.session.get(PRAZOS)
        motivo = _motivo_do_fim(prazos, agora)
        if motivo:
            logout(request)
            messages.warning(request, motivo)
        elif getattr(view_func, "renova_a_sessao", True) and agora - prazos["atividade"] >= INTERVALO_DE_REGRAVACAO:
            request.session[PRAZOS] = {**prazos, "atividade": agora}
        return None

"""O bloqueio de login por excesso de tentativas (django-axes), com as mensagens em português.

O bloqueio vale para a combinação usuário + endereço IP (AXES_LOCKOUT_PARAMETERS): uma prefeitura inteira
costuma sair para a internet por um só endereço (NAT), e bloquear o IP deixaria todo o RH e a comissão sem
acesso por causa de um só erro repetido; bloquear só o usuário deixaria qualquer um, de qualquer lugar,
trancar a conta do presidente da comissão no dia da sessão. Com a combinação, quem tenta adivinhar a senha
tranca apenas a si mesmo.

A administração da instalação vê os bloqueios e desbloqueia antes do prazo pelo admin (acesso/admin.py), com o
desbloqueio no registro do admin.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.contrib import admin
from django.contrib.admin.models import CHANGE, DELETION, LogEntry
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.shortcuts import render

from acesso.models import Bloqueio


def duracao_por_extenso(duracao: timedelta) -> str:
    """«15 minutos», «1 hora», «1 hora e 30 minutos»."""
    minutos = max(1, round(duracao.total_seconds() / 60))
    horas, minutos = divmod(minutos, 60)
    partes = []
    if horas:
        partes.append(f"{horas} hora" + ("s" if horas > 1 else ""))
    if minutos:
        partes.append(f"{minutos} minuto" + ("s" if minutos > 1 else ""))
    return " e ".join(partes)


def mensagem_de_bloqueio() -> str:
    return (f"Acesso bloqueado: foram {settings.AXES_FAILURE_LIMIT} tentativas de entrar com senha ou código "
            f"errado para este usuário a partir deste endereço. Tente de novo daqui a "
            f"{duracao_por_extenso(settings.AXES_COOLOFF_TIME)}; se esqueceu a senha, peça ao responsável pelo "
            "sistema no seu órgão que a redefina.")


def resposta_de_bloqueio(request, original_response=None, credentials=None):
    """A página do bloqueio (HTTP 429), com a aparência da área em que a pessoa tentou entrar."""
    contexto = {"mensagem": mensagem_de_bloqueio()}
    if request.path.startswith("/comissao/"):
        template = "acesso/bloqueio_comissao.html"
    else:
        template = "acesso/bloqueio_admin.html"
        contexto.update(admin.site.each_context(request))
    return render(request, template, contexto, status=settings.AXES_HTTP_RESPONSE_CODE)


def ip_do_cliente(request) -> str | None:
    """O endereço de quem tenta entrar. Atrás de PROXIES_REVERSOS proxies de confiança, é o que o mais externo
    deles anotou no X-Forwarded-For (os anteriores, o próprio cliente escreve e não valem); sem proxy, o da
    conexão."""
    saltos = settings.PROXIES_REVERSOS
    if saltos:
        encaminhados = [ip.strip() for ip in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if ip.strip()]
        if len(encaminhados) >= saltos:
            return encaminhados[-saltos]
    return request.META.get("REMOTE_ADDR")


def uma_tentativa_por_vez(view: Callable) -> Callable:
    """Os envios de senha ou de código de um mesmo endereço, um de cada vez (PostgreSQL): sem isso, cem envios
    paralelos seriam todos conferidos antes de o primeiro erro ser contado, e o limite de tentativas não valeria. A
    trava é do endereço, não do usuário, para que variar a grafia do usuário não abra filas paralelas; numa prefeitura
    atrás de um só IP, os logins simultâneos esperam uns pelos outros alguns décimos de segundo."""

    @wraps(view)
    def envolvida(request, *args, **kwargs):
        if request.method != "POST" or connection.vendor != "postgresql":
            return view(request, *args, **kwargs)
        chave = int.from_bytes(hashlib.blake2b(str(ip_do_cliente(request)).encode(), digest_size=8).digest(),
                               "big", signed=True)
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [chave])
            return view(request, *args, **kwargs)

    return envolvida


@transaction.atomic
def desbloquear_login(*, conta: str, ip: str | None, usuario) -> bool:
    """Apaga as tentativas erradas de `conta` a partir de `ip` (de qualquer navegador: o axes as soma), e o bloqueio
    acaba na hora. Quem desbloqueou, quando, a conta e o endereço ficam no registro do admin: no histórico da conta,
    se ela existe; senão (um usuário digitado que não existe), no do bloqueio apagado. False se não havia o que
    desbloquear."""
    tentativas = Bloqueio.objects.filter(username=conta, ip_address=ip)
    primeira = tentativas.first()
    if primeira is None:
        return False
    Usuario = get_user_model()
    existente = Usuario._default_manager.filter(**{Usuario.USERNAME_FIELD: conta}).first()
    LogEntry.objects.log_actions(
        user_id=usuario.pk, queryset=[existente or primeira], action_flag=CHANGE if existente else DELETION,
        change_message=f"Login de «{conta}» a partir de {ip} desbloqueado antes do prazo.", single_object=True)
    tentativas.delete()
    return True

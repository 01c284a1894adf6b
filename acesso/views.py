"""As páginas da verificação em duas etapas: o código de 6 dígitos depois da senha e a ativação do aplicativo
autenticador (QR code e chave), confirmada com o primeiro código. Cada código errado conta como uma tentativa de
login errada (django-axes): quem tem a senha não adivinha o código."""

from __future__ import annotations

import math

import segno
from axes.handlers.proxy import AxesProxyHandler
from django.contrib import admin
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.signals import user_login_failed
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django_otp import login as verificar_sessao
from django_otp.plugins.otp_totp.models import TOTPDevice

from acesso.bloqueio import resposta_de_bloqueio
from acesso.formularios import CodigoForm
from acesso.segundo_fator import autenticador_confirmado, chave_legivel, exige_segundo_fator

NOME_DO_AUTENTICADOR = "Aplicativo autenticador"


def _destino(request) -> str:
    proximo = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(proximo, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return proximo
    return reverse("admin:index")


def _conferir(request, form: CodigoForm, dispositivo: TOTPDevice) -> TOTPDevice | None:
    """O dispositivo relido e travado (dois envios do mesmo código ao mesmo tempo: só um passa), se o código vale."""
    with transaction.atomic():
        dispositivo = TOTPDevice.objects.select_for_update().get(pk=dispositivo.pk)
        permitido, dados = dispositivo.verify_is_allowed()
        if not permitido:
            segundos = max(1, math.ceil((dados["locked_until"] - timezone.now()).total_seconds()))
            form.add_error("codigo", f"Muitos códigos errados seguidos: espere {segundos} segundo"
                                     f"{'s' if segundos > 1 else ''} e digite o código que estiver no aplicativo.")
        elif dispositivo.verify_token(form.cleaned_data["codigo"]):
            return dispositivo
        else:
            form.add_error("codigo", "Código errado ou vencido. Digite o código que o aplicativo mostra agora.")
    user_login_failed.send(sender=__name__, credentials={"username": request.user.get_username()}, request=request)
    if getattr(request, "axes_locked_out", False):
        logout(request)
    return None


def _pagina(request, template: str, contexto: dict):
    return render(request, template, {**admin.site.each_context(request), "next": _destino(request), **contexto})


def _bloqueado(request):
    if AxesProxyHandler.is_allowed(request, {"username": request.user.get_username()}):
        return None
    logout(request)
    return resposta_de_bloqueio(request)


def _pede_login(view):
    return never_cache(sensitive_post_parameters("codigo")(login_required(view, login_url="admin:login")))


@_pede_login
def codigo(request):
    dispositivo = autenticador_confirmado(request.user)
    if dispositivo is None or request.user.is_verified():
        return redirect(_destino(request))
    form = CodigoForm(request.POST or None)
    if request.method == "POST" and (bloqueio := _bloqueado(request)):
        return bloqueio
    if request.method == "POST" and form.is_valid() and (verificado := _conferir(request, form, dispositivo)):
        verificar_sessao(request, verificado)
        return redirect(_destino(request))
    return _pagina(request, "acesso/codigo.html", {"title": "Verificação em duas etapas", "form": form})


@_pede_login
def ativar(request):
    """Só para quem ainda não tem um autenticador confirmado: uma sessão aberta só com a senha não troca o
    aplicativo de quem já tem um (isso passaria por cima do segundo fator)."""
    if autenticador_confirmado(request.user):
        return redirect(f"{reverse('acesso:codigo')}?{urlencode({'next': _destino(request)})}")
    dispositivo = (TOTPDevice.objects.filter(user=request.user, confirmed=False).first()
                   or TOTPDevice.objects.create(user=request.user, name=NOME_DO_AUTENTICADOR, confirmed=False))
    form = CodigoForm(request.POST or None)
    if request.method == "POST" and (bloqueio := _bloqueado(request)):
        return bloqueio
    if request.method == "POST" and form.is_valid() and (verificado := _conferir(request, form, dispositivo)):
        verificado.confirmed = True
        verificado.save(update_fields=["confirmed"])
        verificar_sessao(request, verificado)
        return redirect(_destino(request))
    return _pagina(request, "acesso/ativar.html", {
        "title": "Ativar a verificação em duas etapas", "form": form, "exigida": exige_segundo_fator(request.user),
        "qr_code": segno.make(dispositivo.config_url, error="m").svg_data_uri(scale=5, border=2),
        "chave": chave_legivel(dispositivo),
    })

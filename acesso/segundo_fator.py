"""A verificação em duas etapas (TOTP, django-otp): quem exige, e a guarda do admin.

Exigida de quem pode ver cor ou raça e deficiência (`concursos.ver_dados_sensiveis`, e a dos servidores, nomeados e
estagiários, `pessoal.ver_autodeclaracao_do_pessoal`; LGPD art. 11: dados pessoais sensíveis), de quem cadastra ou
altera usuários (e poderia dar a si mesmo essa permissão) e dos superusuários; opcional para os demais usuários do
admin. Os membros da comissão, que entram por /comissao/ e não pelo admin, não precisam dela: não veem listas com cor ou
raça, e a conta deles já fica presa à sessão do tablet (poucos minutos sem uso, fim ao fechar o navegador, bloqueio por
tentativas) — README, «Verificação em duas etapas».

No admin, uma sessão aberta só com a senha não passa da página do código (quem tem um aplicativo autenticador
confirmado) ou da página de ativação (quem precisa de um e ainda não tem).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from urllib.parse import urlencode

from django.shortcuts import redirect
from django.urls import reverse
from django_otp.plugins.otp_totp.models import TOTPDevice

# Quem vê cor ou raça (também no relatório do titular, LGPD art. 18) ou administra contas.
PERMISSOES_QUE_EXIGEM = ("concursos.ver_dados_sensiveis", "pessoal.ver_autodeclaracao_do_pessoal",
                         "nucleo.emitir_relatorio_titular", "auth.change_user", "auth.add_user")


def exige_segundo_fator(usuario) -> bool:
    return usuario.is_superuser or any(usuario.has_perm(permissao) for permissao in PERMISSOES_QUE_EXIGEM)


def autenticador_confirmado(usuario) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=usuario, confirmed=True).first()


def chave_legivel(dispositivo: TOTPDevice) -> str:
    """A chave em base32, em grupos de 4 letras, como se digita num aplicativo autenticador."""
    chave = base64.b32encode(dispositivo.bin_key).decode()
    return " ".join(chave[i:i + 4] for i in range(0, len(chave), 4))


class ExigirSegundoFatorNoAdmin:
    """Depois do OTPMiddleware: manda a sessão ainda não verificada para o código ou para a ativação."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request):
        destino = self._destino(request)
        if destino:
            return redirect(f"{reverse(destino)}?{urlencode({'next': request.get_full_path()})}")
        return self.get_response(request)

    @staticmethod
    def _destino(request) -> str | None:
        admin = reverse("admin:index")
        livres = {reverse("admin:login"), reverse("admin:logout")}
        if not request.path.startswith(admin) or request.path in livres:
            return None
        usuario = request.user
        if not usuario.is_authenticated or usuario.is_verified():
            return None
        if autenticador_confirmado(usuario):
            return "acesso:codigo"
        if exige_segundo_fator(usuario):
            return "acesso:ativar"
        return None

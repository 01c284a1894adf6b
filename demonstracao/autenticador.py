"""O aplicativo autenticador das contas de demonstração (`carregar_demo`), para `make run` seguir usável com a
verificação em duas etapas exigida: a chave é impressa no terminal, nunca há atalho que pule o código."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django_otp.plugins.otp_totp.models import TOTPDevice

from acesso.segundo_fator import chave_legivel

NOME = "Demonstração local"


def garantir_autenticador_da_demo(usuario: str) -> str:
    """A chave em base32 do autenticador confirmado da conta (criado na primeira vez; depois, o mesmo, para o
    aplicativo em que ela já foi cadastrada continuar valendo)."""
    conta = get_user_model().objects.get(**{get_user_model().USERNAME_FIELD: usuario})
    dispositivo = TOTPDevice.objects.filter(user=conta, confirmed=True).first()
    if dispositivo is None:
        dispositivo = TOTPDevice.objects.create(user=conta, name=NOME, confirmed=True)
    return chave_legivel(dispositivo)

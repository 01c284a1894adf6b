from django_otp.plugins.otp_totp.models import TOTPDevice


class Autenticador(TOTPDevice):
    """O aplicativo autenticador de um usuário, como o admin o mostra (em português, sem a chave)."""

    class Meta:
        proxy = True
        verbose_name = "aplicativo autenticador"
        verbose_name_plural = "aplicativos autenticadores"

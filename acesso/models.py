from axes.models import AccessAttempt
from django_otp.plugins.otp_totp.models import TOTPDevice


class Autenticador(TOTPDevice):
    """O aplicativo autenticador de um usuário, como o admin o mostra (em português, sem a chave)."""

    class Meta:
        proxy = True
        verbose_name = "aplicativo autenticador"
        verbose_name_plural = "aplicativos autenticadores"


class Bloqueio(AccessAttempt):
    """As tentativas de login erradas de uma conta a partir de um endereço (django-axes), como o admin as mostra: em
    português, só para a administração da instalação (acesso/admin.py), que vê quem está bloqueado e desbloqueia."""

    class Meta:
        proxy = True
        verbose_name = "bloqueio de login"
        verbose_name_plural = "bloqueios de login"
        ordering = ["-attempt_time"]
        # Quem vê e desbloqueia se decide pela permissão de administrar a instalação, não por permissões do modelo.
        default_permissions = ()

    def __str__(self) -> str:
        return f"«{self.username}» a partir de {self.ip_address}"

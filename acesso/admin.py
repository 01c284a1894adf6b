"""Os aplicativos autenticadores no admin: só a lista e a exclusão, para quem perdeu o celular cadastrar outro no
próximo login. A chave e o QR code nunca aparecem aqui (quem os visse poderia gerar os códigos de outra pessoa);
a tela em inglês do django-otp sai do admin."""

from django.contrib import admin
from django_otp.plugins.otp_totp.models import TOTPDevice

from acesso.models import Autenticador

admin.site.unregister(TOTPDevice)


@admin.register(Autenticador)
class AutenticadorAdmin(admin.ModelAdmin):
    list_display = ["usuario", "nome", "ativado", "criado_em", "ultimo_uso"]
    list_filter = ["confirmed"]
    search_fields = ["user__username", "user__first_name", "user__last_name"]
    search_help_text = "Busca pelo usuário ou pelo nome dele."
    list_select_related = ["user"]
    list_display_links = None
    actions = ["delete_selected"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        """A ficha de um autenticador mostraria a chave: só a lista se vê."""
        return obj is None and super().has_view_permission(request)

    @admin.display(description="usuário", ordering="user__username")
    def usuario(self, autenticador):
        return autenticador.user

    @admin.display(description="nome")
    def nome(self, autenticador):
        return autenticador.name

    @admin.display(description="ativado", boolean=True, ordering="confirmed")
    def ativado(self, autenticador):
        return autenticador.confirmed

    @admin.display(description="cadastrado em", ordering="created_at")
    def criado_em(self, autenticador):
        return autenticador.created_at

    @admin.display(description="último uso", ordering="last_used_at")
    def ultimo_uso(self, autenticador):
        return autenticador.last_used_at

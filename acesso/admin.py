"""No admin: os aplicativos autenticadores, só a lista e a exclusão, para quem perdeu o celular cadastrar outro no
próximo login — a chave e o QR code nunca aparecem aqui (quem os visse poderia gerar os códigos de outra pessoa), e
a tela em inglês do django-otp sai do admin —; e os bloqueios de login, em português, para a administração da
instalação ver quem está bloqueado e desbloquear antes do prazo (as telas do django-axes, em inglês, ficam
desligadas: AXES_ENABLE_ADMIN)."""

from django.conf import settings
from django.contrib import admin, messages
from django.db.models import Max, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice

from acesso.bloqueio import desbloquear_login
from acesso.models import Autenticador, Bloqueio
from nucleo.orgaos import orgaos_do_usuario

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


def _coluna(campo: str, rotulo: str):
    """Uma coluna da tabela do axes com o rótulo em português (os do pacote estão em inglês, sem tradução)."""

    @admin.display(description=rotulo, ordering=campo)
    def coluna(model_admin, bloqueio: Bloqueio):
        return getattr(bloqueio, campo)

    return coluna


class SituacaoFiltro(admin.SimpleListFilter):
    title = "situação"
    parameter_name = "situacao"

    def lookups(self, request, model_admin):
        return [("bloqueado", "Bloqueado agora"), ("liberado", "Não bloqueado")]

    def queryset(self, request, queryset):
        bloqueados = {"erros__gte": settings.AXES_FAILURE_LIMIT}
        if self.value() == "bloqueado":
            return queryset.filter(**bloqueados)
        if self.value() == "liberado":
            return queryset.exclude(**bloqueados)
        return queryset


@admin.register(Bloqueio)
class BloqueioAdmin(admin.ModelAdmin):
    """Uma linha por conta, endereço e navegador (a tabela do axes); a situação e as tentativas são as da conta
    naquele endereço, somados os navegadores e só as tentativas ainda no prazo, como o axes conta."""

    list_display = ["conta", "endereco", "tela", "tentativas", "ultima_tentativa", "situacao"]
    list_filter = [SituacaoFiltro]
    search_fields = ["username", "ip_address"]
    search_help_text = "Busca pela conta ou pelo endereço IP."
    list_display_links = None
    actions = ["desbloquear"]

    conta = _coluna("username", "conta")
    endereco = _coluna("ip_address", "endereço IP")
    tela = _coluna("path_info", "tela de login")
    tentativas = _coluna("erros", "tentativas erradas")
    ultima_tentativa = _coluna("attempt_time", "última tentativa")

    # Os bloqueios são da instalação, como a fila de tarefas: só quem vê todos os órgãos (o superusuário e o perfil
    # «Administração da instalação», nucleo.ver_todos_os_orgaos).
    def has_module_permission(self, request):
        return orgaos_do_usuario(request.user) is None

    def has_view_permission(self, request, obj=None):
        """Só a lista: a ficha mostraria o que foi digitado no formulário de login."""
        return obj is None and orgaos_do_usuario(request.user) is None

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        # O título padrão de uma lista só de consulta («Selecione … para visualizar») promete uma ficha que não há.
        return super().changelist_view(request, {"title": "Bloqueios de login", **(extra_context or {})})

    def lookup_allowed(self, lookup, value, request=None):
        # Só o filtro da situação: nada de consultar pela URL o que foi digitado (`?post_data__contains=`).
        return lookup == SituacaoFiltro.parameter_name

    def get_queryset(self, request):
        no_prazo = (Bloqueio.objects.filter(username=OuterRef("username"), ip_address=OuterRef("ip_address"),
                                            attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)
                    .order_by().values("username"))
        return super().get_queryset(request).annotate(
            erros=Coalesce(Subquery(no_prazo.annotate(soma=Sum("failures_since_start")).values("soma")), 0),
            ultima_do_par=Subquery(no_prazo.annotate(ultima=Max("attempt_time")).values("ultima")))

    @admin.display(description="situação")
    def situacao(self, bloqueio: Bloqueio) -> str:
        if bloqueio.erros < settings.AXES_FAILURE_LIMIT:
            return "Não bloqueado"
        ate = timezone.localtime(bloqueio.ultima_do_par + settings.AXES_COOLOFF_TIME)
        return f"Bloqueado até {ate:%d/%m/%Y %H:%M}"

    @admin.action(description="Desbloquear o login das contas selecionadas")
    def desbloquear(self, request, queryset):
        pares = set(queryset.values_list("username", "ip_address"))
        feitos = [(conta, ip) for conta, ip in pares if desbloquear_login(conta=conta, ip=ip, usuario=request.user)]
        if len(feitos) == 1:
            conta, ip = feitos[0]
            self.message_user(request, f"Login de «{conta}» a partir de {ip} desbloqueado.", messages.SUCCESS)
        elif feitos:
            self.message_user(request, f"{len(feitos)} logins desbloqueados.", messages.SUCCESS)

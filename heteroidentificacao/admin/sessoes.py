"""Admin das sessões e avaliações: o RH agenda a sessão, convoca os cotistas e acompanha, só consultando, as
avaliações (quem conduz a sessão é o presidente, na área da comissão). Aqui ficam também a gravação de cada
avaliação (referência e SHA-256; acesso só por pedido fundamentado, registrado) e o registro desses acessos.

`notas_entrevista` não é carregada nem mostrada em tela nenhuma daqui (Afonso Cláudio art. 10, IV).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from concursos.admin.comum import FichaSensivelMixin, pode_ver_sensiveis, registrar_acesso_sensivel
from heteroidentificacao import services
from heteroidentificacao.admin.formularios import (
    ConvocacaoForm,
    GravacaoAcessoForm,
    GravacaoRegistroForm,
    TransferenciaForm,
)
from heteroidentificacao.admin.paginas import PaginasMixin, pode_ver_membros
from heteroidentificacao.models import (
    Avaliacao,
    Caracteristica,
    EstadoAvaliacao,
    EstadoSessao,
    Instancia,
    Sessao,
)
from heteroidentificacao.selectors import condicoes_do_recurso_que_faltam, cotistas_a_convocar
from heteroidentificacao.services.deliberacao import assinatura_confere, deliberacao_confere
from legislacao.models import citar
from nucleo.consulta import SoConsultaMixin
from nucleo.historico import HistoricoLegivel, HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin
from nucleo.texto import plural

CAMPO_SIGILOSO = "notas_entrevista"
# A referência do arquivo da gravação só se mostra depois do pedido fundamentado, que fica registrado.
CAMPO_GRAVACAO = "gravacao_referencia"
PERMISSAO_CONVOCAR = "heteroidentificacao.change_sessao"
PERMISSAO_GRAVACAO = "heteroidentificacao.change_avaliacao"
PERMISSAO_ACESSO = "heteroidentificacao.add_acessogravacao"


class AvaliacaoLeituraMixin:
    """As colunas de uma avaliação como o RH as vê: sem as notas da entrevista e sem a cor declarada."""

    def get_queryset(self, request):
        return (super().get_queryset(request).defer(CAMPO_SIGILOSO)
                .select_related("inscricao__candidato", "inscricao__cargo", "sessao__comissao__certame"))

    @admin.display(description="inscrição", ordering="inscricao__numero")
    def inscricao_numero(self, avaliacao: Avaliacao) -> str:
        return avaliacao.inscricao.numero

    @admin.display(description="candidato")
    def candidato(self, avaliacao: Avaliacao) -> str:
        return str(avaliacao.inscricao.candidato)

    @admin.display(description="cargo")
    def cargo(self, avaliacao: Avaliacao) -> str:
        return avaliacao.inscricao.cargo.codigo

    @admin.display(description="instância")
    def instancia(self, avaliacao: Avaliacao) -> str:
        return "Recurso" if avaliacao.em_recurso else "Primeira instância"

    @admin.display(description="votos abertos (ata)")
    def votos(self, avaliacao: Avaliacao) -> str:
        return avaliacao.votos_abertos_texto or "—"


class AvaliacoesDaSessaoInline(AvaliacaoLeituraMixin, SoConsultaMixin, admin.TabularInline):
    model = Avaliacao
    fk_name = "sessao"
    fields = ["horario", "inscricao_numero", "candidato", "cargo", "instancia", "estado", "resultado", "votos",
              "parecer"]
    readonly_fields = fields
    extra = 0
    show_change_link = True
    verbose_name_plural = "candidatos convocados e avaliações (conduzidas pelo presidente da comissão)"


class SessaoAdmin(RecorteOrgaoAdmin, PaginasMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "comissao__certame__orgao"
    list_display = ["__str__", "comissao", "numero", "data", "inicio", "local", "estado", "candidatos"]
    list_filter = ["estado", "comissao__instancia", "comissao"]
    list_select_related = ["comissao__certame"]
    search_fields = ["local", "comissao__certame__numero_edital"]
    inlines = [AvaliacoesDaSessaoInline]
    # Sem ações em massa: apagar passa pela ficha, que só o permite à sessão agendada e sem convocados.
    actions = None
    history_list_display = ["estado"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(n_candidatos=Count("avaliacoes"))

    def get_inlines(self, request, obj):
        # Na sessão nova ainda não há convocados.
        return self.inlines if obj is not None else []

    @admin.display(description="candidatos", ordering="n_candidatos")
    def candidatos(self, sessao: Sessao) -> int:
        return sessao.n_candidatos

    def get_fields(self, request, obj=None):
        campos = ["comissao", "numero", ("data", "inicio"), "local"]
        if obj is not None:
            presentes = "presentes_nomes" if pode_ver_membros(request) or obj.comissao.nomes_publicos \
                else "presentes_contagem"
            ocorrencias = "ocorrencias_da_sessao" if presentes == "presentes_nomes" else "ocorrencias_contagem"
            campos += ["estado", ("aberta_em", "encerrada_em"), presentes, ocorrencias, "ocorrencias"]
        return campos

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Estado, presença e ocorrências são da condução da sessão (o presidente, pelos serviços).
        campos = ["comissao", "numero", "estado", "aberta_em", "encerrada_em", "presentes_nomes",
                  "presentes_contagem", "ocorrencias_da_sessao", "ocorrencias_contagem", "ocorrencias"]
        if obj.estado != EstadoSessao.AGENDADA:
            campos += ["data", "inicio", "local"]
        elif obj.avaliacoes.exists():
            # Os horários dos convocados partem do início: mudá-lo deixaria candidatos antes da sessão. Para mudar a
            # hora de alguém, transfira a avaliação.
            campos.append("inicio")
        return campos

    def get_changeform_initial_data(self, request):
        inicial = super().get_changeform_initial_data(request)
        if str(inicial.get("comissao", "")).isdigit() and "numero" not in inicial:
            # Só numa comissão que a conta vê: o número sugerido não diz quantas sessões tem a de outro órgão.
            sessoes = self.get_queryset(request).filter(comissao_id=int(inicial["comissao"]))
            ultimo = sessoes.order_by("-numero").first()
            inicial["numero"] = (ultimo.numero if ultimo else 0) + 1
        return inicial

    def has_delete_permission(self, request, obj=None):
        # Só a sessão agendada e ainda sem convocados; depois, ela é parte do procedimento.
        pode = super().has_delete_permission(request, obj)
        return pode and (obj is None or (obj.estado == EstadoSessao.AGENDADA and not obj.avaliacoes.exists()))

    @admin.display(description="membros que participaram")
    def presentes_nomes(self, sessao: Sessao) -> str:
        presentes = set(sessao.presentes.values_list("pk", flat=True))
        nomes = [str(m) + ("" if m.pk in presentes or sessao.estado != EstadoSessao.ABERTA else " (saiu)")
                 for m in sessao.participantes.all()]
        return ", ".join(nomes) if nomes else "—"

    @admin.display(description="membros que participaram")
    def presentes_contagem(self, sessao: Sessao) -> str:
        lei = sessao.comissao.lei
        return (f"{plural(sessao.participantes.count(), 'membro', 'membros')}; os nomes ficam em sigilo até a "
                f"publicação do resultado{citar(lei.artigo_sigilo_membros if lei else '')}.")

    @admin.display(description="ocorrências registradas na condução")
    def ocorrencias_da_sessao(self, sessao: Sessao) -> str:
        ocorrencias = list(sessao.ocorrencias_registradas.all())
        if not ocorrencias:
            return "Nenhuma."
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((o.descricao,) for o in ocorrencias)))

    @admin.display(description="ocorrências registradas na condução")
    def ocorrencias_contagem(self, sessao: Sessao) -> str:
        # As descrições trazem nomes de membros, em sigilo até o resultado (art. 11, § 1º).
        n = sessao.ocorrencias_registradas.count()
        return plural(n, "ocorrência", "ocorrências") + ("; os detalhes citam membros e ficam em sigilo até a "
                                                         "publicação do resultado." if n else ".")

    def contexto_da_ficha(self, request, sessao: Sessao) -> dict:
        tem_recursos = sessao.avaliacoes.filter(recurso__isnull=False).exists()
        pode_atas = pode_ver_membros(request) or sessao.comissao.nomes_publicos
        return {
            "pode_convocar": (request.user.has_perm(PERMISSAO_CONVOCAR) and sessao.estado != EstadoSessao.ENCERRADA
                              and sessao.comissao.instancia == Instancia.PRIMEIRA),
            "pode_ata": pode_atas and sessao.estado == EstadoSessao.ENCERRADA,
            "pode_ata_recursos": pode_atas and sessao.estado == EstadoSessao.ENCERRADA and tem_recursos,
            "url_comissao": self.url_ficha(sessao.comissao),
        }

    # ---- convocação e atas ----

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:sessao_id>/convocar/", site.admin_view(self.convocar_view),
                 name="heteroidentificacao_sessao_convocar"),
            path("<int:sessao_id>/ata.pdf", site.admin_view(self.ata_pdf_view), {"recursos": False},
                 name="heteroidentificacao_sessao_ata_pdf"),
            path("<int:sessao_id>/ata-dos-recursos.pdf", site.admin_view(self.ata_pdf_view), {"recursos": True},
                 name="heteroidentificacao_sessao_ata_recursos_pdf"),
            *super().get_urls(),
        ]

    def _sessao(self, request, sessao_id: int) -> Sessao:
        return self.objeto_visivel(request, Sessao.objects.select_related("comissao__certame__lei"), sessao_id)

    def convocar_view(self, request, sessao_id: int):
        sessao = self._sessao(request, sessao_id)
        self.exigir(request, PERMISSAO_CONVOCAR)
        comissao = sessao.comissao
        cotistas = cotistas_a_convocar(comissao)
        form, avaliacoes = self.processar(
            request, ConvocacaoForm, lambda dados: services.sessao_convocar(
                sessao=sessao, inscricoes=list(dados["inscricoes"]), intervalo_minutos=dados["intervalo_minutos"],
                usuario=request.user),
            cotistas=cotistas)
        if avaliacoes is not None:
            self.message_user(
                request, f"{plural(len(avaliacoes), 'candidato convocado', 'candidatos convocados')} para a "
                         f"{sessao}, das {avaliacoes[0].horario:%H:%M} às {avaliacoes[-1].horario:%H:%M}.",
                messages.SUCCESS)
            return self.voltar(sessao)
        mostrar_cor = pode_ver_sensiveis(request)
        if mostrar_cor:
            registrar_acesso_sensivel(request, sessao, quantidade=len(cotistas))
        lei = comissao.lei
        marcadas = {str(pk) for pk in form["inscricoes"].value() or []} if form.is_bound else set()
        return self.pagina(
            request, "convocar.html", f"Convocar cotistas — {sessao}", sessao, form=form,
            cotistas=list(cotistas), marcadas=marcadas, mostrar_cor=mostrar_cor, sessao=sessao,
            media=form.media,
            explicacao="Convocam-se, por edital, todos os cotistas habilitados até agora que ainda não foram "
                       "heteroidentificados, antes da última fase eliminatória"
                       f"{citar(lei.artigo_momento if lei else '')}. Os horários seguem a ordem da lista, a partir "
                       f"das {sessao.inicio:%H:%M} de {sessao.data:%d/%m/%Y}, em {sessao.local}.")

    def ata_pdf_view(self, request, sessao_id: int, recursos: bool):
        from heteroidentificacao.documentos import ata_recursos_emitir, ata_sessao_emitir

        sessao = self._sessao(request, sessao_id)
        # A ata traz os membros presentes: antes do resultado, só para quem pode ver os nomes (art. 11, § 1º).
        if not (pode_ver_membros(request) or sessao.comissao.nomes_publicos):
            raise PermissionDenied
        emitir = ata_recursos_emitir if recursos else ata_sessao_emitir
        return self.pdf(request, sessao, lambda: emitir(sessao=sessao, usuario=request.user))


class HistoricoDaAvaliacao(HistoricoLegivel):
    """As mudanças de cada versão no histórico, sem a referência da gravação (art. 9º, § 2º): o histórico não
    pode ser um atalho para o arquivo sem o pedido fundamentado."""

    def context_for_delta_changes(self, delta):
        return [mudanca for mudanca, campo in zip(super().context_for_delta_changes(delta), delta.changes, strict=True)
                if campo.field != CAMPO_GRAVACAO]


class AvaliacaoAdmin(RecorteOrgaoAdmin, AvaliacaoLeituraMixin, SoConsultaMixin, PaginasMixin, FichaSensivelMixin,
                     HistoricoSoConsultaAdmin):
    caminho_orgao = "sessao__comissao__certame__orgao"
    # O resultado, o parecer e os traços aparecem a quem vê a avaliação, e as mudanças do histórico os repetem.
    sensivel_para_todos = True
    list_display = ["inscricao_numero", "candidato", "cargo", "sessao", "horario", "instancia", "estado",
                    "resultado", "votos", "gravacao_registrada"]
    list_filter = ["estado", "resultado", "sessao__comissao"]
    search_fields = ["inscricao__numero"]
    search_help_text = "Número de inscrição, exato."
    history_list_display = ["estado", "resultado"]

    def get_fieldsets(self, request, obj=None):
        candidato = ["inscricao", "candidato", "cargo"]
        if pode_ver_sensiveis(request):
            candidato.append("autodeclaracao")
        return [
            ("Candidato e sessão", {"fields": [*candidato, "sessao", "horario", "instancia", "decisao_recorrida",
                                               "estado"]}),
            ("Votação e parecer", {"fields": [("iniciada_em", "apurada_em"), "forma_votacao",
                                              ("membros_da_comissao", "votantes", "maioria"),
                                              "votos", "avaliacoes_dos_membros", "resultado", "por_duvida",
                                              "prevaleceu_autodeclaracao", "tracos", "parecer",
                                              "resultado_publicado_em", "nova_convocacao_por"]}),
            ("Gravação", {"fields": ["gravacao", "acessos"]}),
        ]

    def get_readonly_fields(self, request, obj=None):
        return [c for _, bloco in self.get_fieldsets(request, obj) for linha in bloco["fields"]
                for c in (linha if isinstance(linha, tuple) else (linha,))]

    def lookup_allowed(self, lookup, value, request=None):
        # Um filtro pela URL (?notas_entrevista__icontains=…) revelaria o conteúdo da entrevista, e um pela
        # referência da gravação dispensaria o pedido fundamentado.
        if {CAMPO_SIGILOSO, CAMPO_GRAVACAO} & set(lookup.split("__")):
            return False
        return super().lookup_allowed(lookup, value, request)

    def get_historical_record_context_helper(self, request, historical_record):
        return HistoricoDaAvaliacao(self.model, historical_record)

    def get_search_results(self, request, queryset, search_term):
        termo = search_term.strip()
        if not termo:
            return queryset, False
        return queryset.filter(inscricao__numero=termo), False

    @staticmethod
    def titular(avaliacao: Avaliacao) -> int:
        return avaliacao.inscricao.candidato_id

    @admin.display(description="autodeclaração de cor ou raça")
    def autodeclaracao(self, avaliacao: Avaliacao) -> str:
        return avaliacao.inscricao.get_cor_raca_display()

    @admin.display(description="decisão recorrida")
    def decisao_recorrida(self, avaliacao: Avaliacao) -> str:
        if not avaliacao.em_recurso:
            return "—"
        return format_html('<a href="{}">{}</a>', self.url_ficha(avaliacao.recurso), avaliacao.recurso)

    @admin.display(description="traços fenotípicos observados")
    def tracos(self, avaliacao: Avaliacao) -> str:
        return ", ".join(Caracteristica(c).label for c in avaliacao.caracteristicas) or "—"

    @admin.display(description="avaliações individuais dos membros")
    def avaliacoes_dos_membros(self, avaliacao: Avaliacao) -> str:
        """Onde a lei manda cada membro avaliar (decisão 0017): a avaliação de cada um, como na ata, só depois do
        encerramento — durante a deliberação, nem o RH vê o que os primeiros registraram. Se a deliberação não
        confere com as avaliações assinadas (uma apagada, o placar alterado), a ficha diz. O voto secreto nunca chega
        aqui."""
        if not avaliacao.por_avaliacoes_individuais:
            return "—"
        if avaliacao.estado not in (EstadoAvaliacao.APURADA, EstadoAvaliacao.CONCLUIDA):
            registradas = avaliacao.avaliacoes_individuais.count()
            return (f"Deliberação em curso: {plural(registradas, 'avaliação registrada', 'avaliações registradas')} "
                    f"de {avaliacao.votantes}. Elas aparecem aqui depois do encerramento.")
        individuais = avaliacao.avaliacoes_individuais.select_related("membro").order_by("registrada_em", "pk")
        comissao = avaliacao.sessao.comissao
        com_nomes = not (comissao.lei and comissao.lei.sigilo_membros) or comissao.nomes_publicos
        aviso = ("" if deliberacao_confere(avaliacao) else
                 format_html("<p><strong>{}</strong></p>", "A deliberação não confere com as avaliações assinadas: "
                             "uma avaliação, o placar ou o resultado foram alterados depois do encerramento."))
        return format_html("{}<ul>{}</ul>", aviso, format_html_join("", "<li>{}: {} — {}{}</li>", (
            (i.membro.nome if com_nomes else f"Membro nº {n}", "defere" if i.defere else "indefere",
             i.fundamentacao, "" if assinatura_confere(i) else " (assinatura não confere)")
            for n, i in enumerate(individuais, 1))))

    @admin.display(description="gravação", boolean=True)
    def gravacao_registrada(self, avaliacao: Avaliacao) -> bool:
        return bool(avaliacao.gravacao_sha256)

    @admin.display(description="gravação")
    def gravacao(self, avaliacao: Avaliacao) -> str:
        # A referência do arquivo só aparece depois do pedido fundamentado, que fica registrado (art. 9º, § 2º).
        if not avaliacao.gravacao_sha256:
            return "Não registrada."
        return format_html("Registrada. SHA-256: <code>{}</code>", avaliacao.gravacao_sha256)

    @admin.display(description="acessos à gravação")
    def acessos(self, avaliacao: Avaliacao) -> str:
        n = avaliacao.acessos_gravacao.count()
        if not n:
            return "Nenhum."
        url = reverse("admin:heteroidentificacao_acessogravacao_changelist") + f"?avaliacao__id__exact={avaliacao.pk}"
        return format_html('<a href="{}">{}</a>', url, plural(n, "acesso registrado", "acessos registrados"))

    def contexto_da_ficha(self, request, avaliacao: Avaliacao) -> dict:
        recorrivel = not condicoes_do_recurso_que_faltam(avaliacao)
        return {
            "pode_transferir": (avaliacao.estado == EstadoAvaliacao.AGUARDANDO
                                and request.user.has_perm(PERMISSAO_CONVOCAR)),
            "pode_registrar_gravacao": request.user.has_perm(PERMISSAO_GRAVACAO),
            "pode_acessar_gravacao": request.user.has_perm(PERMISSAO_ACESSO) and bool(avaliacao.gravacao_referencia),
            "pode_recorrer": recorrivel and request.user.has_perm("heteroidentificacao.add_recurso"),
            "pode_fraude": request.user.has_perm("heteroidentificacao.add_procedimentofraude"),
        }

    # ---- gravação ----

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:avaliacao_id>/transferir/", site.admin_view(self.transferir_view),
                 name="heteroidentificacao_avaliacao_transferir"),
            path("<int:avaliacao_id>/gravacao/registrar/", site.admin_view(self.gravacao_registrar_view),
                 name="heteroidentificacao_avaliacao_gravacao_registrar"),
            path("<int:avaliacao_id>/gravacao/acessar/", site.admin_view(self.gravacao_acessar_view),
                 name="heteroidentificacao_avaliacao_gravacao_acessar"),
            *super().get_urls(),
        ]

    def _avaliacao(self, request, avaliacao_id: int) -> Avaliacao:
        return self.objeto_visivel(request, self.get_queryset(request).select_related("sessao__comissao__certame__lei"),
                                   avaliacao_id)

    @staticmethod
    def _artigo_gravacao(avaliacao: Avaliacao) -> str:
        lei = avaliacao.sessao.comissao.lei
        return citar(lei.artigo_gravacao if lei else "")

    def transferir_view(self, request, avaliacao_id: int):
        avaliacao = self._avaliacao(request, avaliacao_id)
        self.exigir(request, PERMISSAO_CONVOCAR)
        sessoes = (Sessao.objects.filter(comissao=avaliacao.sessao.comissao_id, estado=EstadoSessao.AGENDADA)
                   .exclude(pk=avaliacao.sessao_id).order_by("data", "inicio"))
        form, transferida = self.processar(request, TransferenciaForm, lambda dados: services.avaliacao_transferir(
            avaliacao=avaliacao, sessao=dados["sessao"], horario=dados["horario"], motivo=dados["motivo"],
            usuario=request.user), sessoes=sessoes)
        if transferida is not None:
            self.message_user(request, f"Inscrição {transferida.inscricao.numero} transferida para a "
                                       f"{transferida.sessao}, às {transferida.horario:%H:%M}. Emita de novo o edital "
                                       "de convocação.", messages.SUCCESS)
            return self.voltar(transferida)
        lei = avaliacao.sessao.comissao.lei
        return self.pagina_acao(
            request, avaliacao, titulo=f"Transferir para outra sessão — inscrição {avaliacao.inscricao.numero}",
            form=form, botao="Transferir",
            explicacao="O candidato ainda não chamado passa a outra sessão agendada desta comissão, com nova data e "
                       "hora, que saem no edital de convocação; a convocação é por edital"
                       f"{citar(lei.artigo_momento if lei else '')}. Use quando a sessão de origem abriu noutro dia: "
                       "ninguém é dado como ausente de uma sessão para a qual não foi convocado.")

    def gravacao_registrar_view(self, request, avaliacao_id: int):
        avaliacao = self._avaliacao(request, avaliacao_id)
        self.exigir(request, PERMISSAO_GRAVACAO)
        form, registrada = self.processar(request, GravacaoRegistroForm, lambda dados: services.gravacao_registrar(
            avaliacao=avaliacao, usuario=request.user, referencia=dados["referencia"], sha256=dados["sha256"]))
        if registrada is not None:
            self.message_user(request, f"Gravação registrada (SHA-256 {registrada.gravacao_sha256}).",
                              messages.SUCCESS)
            return self.voltar(registrada)
        substitui = (f" Já há uma gravação registrada (SHA-256 {avaliacao.gravacao_sha256}): o novo registro a "
                     "substitui, e a alteração fica no histórico.") if avaliacao.gravacao_sha256 else ""
        return self.pagina_acao(
            request, avaliacao, titulo=f"Registrar a gravação — inscrição {avaliacao.inscricao.numero}", form=form,
            botao="Registrar gravação",
            explicacao="A filmagem do procedimento fica com a organizadora do concurso, de uso exclusivo da comissão "
                       f"e com o conteúdo confidencial{self._artigo_gravacao(avaliacao)}. Aqui se "
                       "registram onde está o arquivo e o seu SHA-256, que permite conferir depois que o arquivo "
                       "entregue é o mesmo." + substitui)

    def gravacao_acessar_view(self, request, avaliacao_id: int):
        avaliacao = self._avaliacao(request, avaliacao_id)
        self.exigir(request, PERMISSAO_ACESSO)
        form, acesso = self.processar(request, GravacaoAcessoForm, lambda dados: services.gravacao_acessar(
            avaliacao=avaliacao, usuario=request.user, solicitante=dados["solicitante"],
            fundamento=dados["fundamento"]))
        if acesso is not None:
            return self.pagina(request, "gravacao.html", f"Gravação — inscrição {avaliacao.inscricao.numero}",
                               avaliacao, avaliacao=avaliacao, acesso=acesso)
        return self.pagina_acao(
            request, avaliacao, titulo=f"Acessar a gravação — inscrição {avaliacao.inscricao.numero}", form=form,
            botao="Registrar o pedido e acessar",
            explicacao="A gravação é confidencial e pode ser requerida, fundamentadamente, pelo candidato ou pelo "
                       f"órgão responsável pelo concurso{self._artigo_gravacao(avaliacao)}. Informe quem "
                       "pediu e o fundamento: o acesso fica registrado com o seu usuário, a data e a hora, e só então "
                       "a referência do arquivo é mostrada.")


class AcessoGravacaoAdmin(RecorteOrgaoAdmin, SoConsultaMixin, admin.ModelAdmin):
    caminho_orgao = "avaliacao__sessao__comissao__certame__orgao"
    list_display = ["em", "avaliacao", "usuario", "solicitante", "fundamento"]
    list_filter = ["avaliacao__sessao__comissao"]
    filtros_extras = ("avaliacao__id__exact",)
    list_select_related = ["avaliacao__inscricao", "avaliacao__sessao", "usuario"]
    date_hierarchy = "em"
    search_fields = ["avaliacao__inscricao__numero", "solicitante"]
    fields = ["em", "avaliacao", "usuario", "solicitante", "fundamento"]
    readonly_fields = fields


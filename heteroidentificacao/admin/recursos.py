"""Admin dos recursos contra as decisões de primeira instância e dos procedimentos de apuração de fraude.

Tudo o que muda o estado passa por heteroidentificacao/services/: protocolar (fora do prazo o recurso fica
registrado como não conhecido), pôr na pauta de uma sessão da instância que julga, instaurar a apuração,
registrar notificação e defesa, decidir. As fichas só se consultam.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.urls import path
from django.utils.html import format_html

from concursos.admin.comum import CertameFiltro, FichaSensivelMixin, edital_com_orgao
from concursos.models import Inscricao
from heteroidentificacao import services
from heteroidentificacao.admin.formularios import (
    DecisaoFraudeForm,
    DefesaFraudeForm,
    InstauracaoFraudeForm,
    PautaRecursoForm,
    ProtocoloRecursoForm,
)
from heteroidentificacao.admin.paginas import PaginasMixin
from heteroidentificacao.models import (
    Avaliacao,
    EstadoFraude,
    EstadoRecurso,
    EstadoSessao,
    ProcedimentoFraude,
    Recurso,
)
from heteroidentificacao.selectors import decisoes_recorriveis
from legislacao.models import citar
from nucleo.consulta import SoConsultaMixin
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin, recortar

PERMISSAO_PROTOCOLAR = "heteroidentificacao.add_recurso"
PERMISSAO_PAUTAR = "heteroidentificacao.change_recurso"
PERMISSAO_INSTAURAR = "heteroidentificacao.add_procedimentofraude"
PERMISSAO_CONDUZIR = "heteroidentificacao.change_procedimentofraude"


class CertameDoRecursoFiltro(CertameFiltro):
    caminho = "avaliacao__sessao__comissao__certame_id"

    def queryset(self, request, queryset):
        valor = self.value()
        if valor:
            return queryset.filter(**{self.caminho: int(valor)}) if valor.isdigit() else queryset.none()
        return queryset


class CertameDaInscricaoFiltro(CertameDoRecursoFiltro):
    caminho = "inscricao__certame_id"


def _selo(estado: str, rotulo: str) -> str:
    return format_html('<span class="etapa-selo estado-{}">{}</span>', estado, rotulo)


# ---------------------------------------------------------------- recursos


class RecursoAdmin(RecorteOrgaoAdmin, SoConsultaMixin, PaginasMixin, FichaSensivelMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "avaliacao__sessao__comissao__certame__orgao"
    # A decisão recorrida (a não confirmação da autodeclaração) e os fundamentos do candidato, para quem vê o recurso.
    sensivel_para_todos = True
    list_display = ["inscricao", "candidato", "edital", "decisao", "protocolado_em", "situacao", "pauta",
                    "registrado_por"]
    list_filter = ["estado", CertameDoRecursoFiltro, "avaliacao__sessao__comissao"]
    list_select_related = ["avaliacao__inscricao__candidato", "avaliacao__sessao__comissao__certame__orgao",
                           "julgamento__sessao", "registrado_por"]
    search_fields = ["avaliacao__inscricao__numero"]
    search_help_text = "Número de inscrição, exato."
    fields = ["decisao_recorrida", "inscricao", "candidato", "decisao", "protocolado_em", "prazo", "situacao",
              "fundamentos", "registrado_por", "pauta", "resultado_do_recurso"]
    readonly_fields = fields
    history_list_display = ["estado"]

    def has_add_permission(self, request, obj=None):
        return request.user.has_perm(PERMISSAO_PROTOCOLAR)

    @staticmethod
    def titular(recurso: Recurso) -> int:
        return recurso.avaliacao.inscricao.candidato_id

    def get_search_results(self, request, queryset, search_term):
        termo = search_term.strip()
        return (queryset.filter(avaliacao__inscricao__numero=termo) if termo else queryset), False

    @admin.display(description="inscrição", ordering="avaliacao__inscricao__numero")
    def inscricao(self, recurso: Recurso) -> str:
        return recurso.avaliacao.inscricao.numero

    @admin.display(description="candidato")
    def candidato(self, recurso: Recurso) -> str:
        return str(recurso.avaliacao.inscricao.candidato)

    @admin.display(description="edital")
    def edital(self, recurso: Recurso) -> str:
        return edital_com_orgao(recurso.avaliacao.sessao.comissao.certame, link=False)

    @admin.display(description="decisão recorrida")
    def decisao(self, recurso: Recurso) -> str:
        return recurso.avaliacao.get_resultado_display()

    @admin.display(description="avaliação recorrida")
    def decisao_recorrida(self, recurso: Recurso) -> str:
        return format_html('<a href="{}">{} — {}</a>', self.url_ficha(recurso.avaliacao),
                           recurso.avaliacao.sessao.comissao, recurso.avaliacao.sessao)

    @admin.display(description="prazo de recurso")
    def prazo(self, recurso: Recurso) -> str:
        fim = services.prazo_recurso_da_avaliacao(recurso.avaliacao)
        return f"Até {fim:%d/%m/%Y}" if fim else "—"

    @admin.display(description="estado", ordering="estado")
    def situacao(self, recurso: Recurso) -> str:
        return _selo(recurso.estado, recurso.get_estado_display())

    @admin.display(description="pauta")
    def pauta(self, recurso: Recurso) -> str:
        julgamento = getattr(recurso, "julgamento", None)
        if julgamento is None:
            return "—"
        return format_html('<a href="{}">{}, às {}</a>', self.url_ficha(julgamento.sessao), julgamento.sessao,
                           f"{julgamento.horario:%H:%M}")

    @admin.display(description="resultado do recurso")
    def resultado_do_recurso(self, recurso: Recurso) -> str:
        julgamento = getattr(recurso, "julgamento", None)
        if julgamento is None or not julgamento.resultado:
            return "—"
        return format_html('<a href="{}">{}</a>', self.url_ficha(julgamento), julgamento.get_resultado_display())

    def contexto_da_ficha(self, request, recurso: Recurso) -> dict:
        return {"pode_pautar": (request.user.has_perm(PERMISSAO_PAUTAR) and recurso.estado == EstadoRecurso.PROTOCOLADO
                                and getattr(recurso, "julgamento", None) is None)}

    def add_view(self, request, form_url="", extra_context=None):
        return self.protocolar_view(request)

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:recurso_id>/pautar/", site.admin_view(self.pautar_view),
                 name="heteroidentificacao_recurso_pautar"),
            *super().get_urls(),
        ]

    def protocolar_view(self, request):
        self.exigir(request, PERMISSAO_PROTOCOLAR)
        # Só as decisões dos órgãos da conta: também o aviso de que nenhuma admite recurso não depende dos outros.
        recorriveis = (decisoes_recorriveis(recortar(Avaliacao.objects.defer("notas_entrevista"), request.user,
                                                     "sessao__comissao__certame__orgao"))
                       .select_related("inscricao__candidato", "sessao__comissao__certame")
                       .order_by("sessao__comissao__certame__numero_edital", "inscricao__numero"))
        inicial = {"avaliacao": request.GET["avaliacao"]} if request.GET.get("avaliacao", "").isdigit() else None
        form, recurso = self.processar(
            request, ProtocoloRecursoForm, lambda dados: services.recurso_protocolar(
                avaliacao=dados["avaliacao"], usuario=request.user, protocolado_em=dados["protocolado_em"],
                fundamentos=dados["fundamentos"]),
            initial=inicial, recorriveis=recorriveis)
        if recurso is not None:
            fim = services.prazo_recurso_da_avaliacao(recurso.avaliacao)
            if recurso.estado == EstadoRecurso.INTEMPESTIVO:
                self.message_user(
                    request, f"Recurso da inscrição {recurso.avaliacao.inscricao.numero} registrado como «"
                             f"{recurso.get_estado_display()}»: protocolado em {recurso.protocolado_em:%d/%m/%Y}, "
                             f"depois do fim do prazo ({fim:%d/%m/%Y}).", messages.WARNING)
            else:
                self.message_user(
                    request, f"Recurso da inscrição {recurso.avaliacao.inscricao.numero} protocolado em "
                             f"{recurso.protocolado_em:%d/%m/%Y}, no prazo (até {fim:%d/%m/%Y}). Ponha-o na pauta "
                             "de uma sessão da instância que o julga.", messages.SUCCESS)
            return self.voltar(recurso)
        vazio = not recorriveis.exists()
        return self.pagina_acao(
            request, None, titulo="Protocolar recurso", form=form, botao="Protocolar recurso",
            explicacao="Recurso do candidato contra a não confirmação da autodeclaração ou a eliminação por "
                       "ausência, depois da publicação do resultado provisório. Vale a data do protocolo: fora do "
                       "prazo do edital, o recurso fica registrado como «Não conhecido (fora do prazo)»."
                       + (" Nenhuma decisão admite recurso agora (é preciso o resultado provisório publicado e uma "
                          "decisão de não confirmação ou de ausência sem recurso)." if vazio else ""))

    def pautar_view(self, request, recurso_id: int):
        recurso = self.objeto_visivel(request, Recurso.objects.select_related(
            "avaliacao__inscricao", "avaliacao__sessao__comissao__certame__lei"), recurso_id)
        self.exigir(request, PERMISSAO_PAUTAR)
        julgadora = services.comissao_que_julga(recurso.avaliacao.sessao.comissao)
        if julgadora is None:
            self.message_user(request, "Não há quem julgue o recurso: designe a comissão recursal deste certame (ou "
                                       "marque, na comissão, que ela mesma julga os recursos).", messages.ERROR)
            return self.voltar(recurso)
        sessoes = julgadora.sessoes.exclude(estado=EstadoSessao.ENCERRADA).order_by("data", "inicio")
        form, avaliacao = self.processar(
            request, PautaRecursoForm, lambda dados: services.recurso_pautar(
                recurso=recurso, sessao=dados["sessao"], horario=dados["horario"], usuario=request.user),
            sessoes=sessoes)
        if avaliacao is not None:
            self.message_user(request, f"Recurso da inscrição {recurso.avaliacao.inscricao.numero} na pauta da "
                                       f"{avaliacao.sessao} ({julgadora}), às {avaliacao.horario:%H:%M}.",
                              messages.SUCCESS)
            return self.voltar(recurso)
        lei = recurso.avaliacao.sessao.comissao.lei
        sem_sessao = "" if sessoes.exists() else (
            f" A {julgadora} não tem sessão agendada: agende uma em «Sessões» antes de pautar o recurso.")
        return self.pagina_acao(
            request, recurso, titulo=f"Pôr na pauta — {recurso}", form=form, botao="Pôr na pauta",
            explicacao=f"O recurso é julgado pela {julgadora}{citar(lei.artigo_recurso if lei else '')}, que "
                       "examina a gravação da avaliação recorrida e vota em sessão." + sem_sessao)


# ---------------------------------------------------------------- apuração de fraude


class ProcedimentoFraudeAdmin(RecorteOrgaoAdmin, SoConsultaMixin, PaginasMixin, FichaSensivelMixin,
                              HistoricoSoConsultaAdmin):
    caminho_orgao = "inscricao__certame__orgao"
    # A apuração de uma declaração falsa de cor ou raça: os fatos, a defesa e a decisão, para quem vê o procedimento.
    sensivel_para_todos = True
    list_display = ["inscricao_numero", "candidato", "edital", "instaurado_em", "ato", "situacao", "decidido_em",
                    "encaminhado_mp_em"]
    list_filter = ["estado", CertameDaInscricaoFiltro]
    list_select_related = ["inscricao__candidato", "inscricao__certame__orgao"]
    search_fields = ["inscricao__numero", "ato"]
    fieldsets = [
        ("Instauração", {"fields": ["inscricao_numero", "candidato", "edital", "instaurado_em", "ato", "fatos"]}),
        ("Contraditório e ampla defesa", {"fields": ["notificado_em", "defesa_em", "defesa"]}),
        ("Decisão", {"fields": ["situacao", "decidido_em", "decisao", "encaminhado_mp_em", "oficio_mp",
                                "nomeacao_anulada"]}),
    ]
    readonly_fields = [c for _, bloco in fieldsets for c in bloco["fields"]]
    history_list_display = ["estado"]

    def has_add_permission(self, request, obj=None):
        return request.user.has_perm(PERMISSAO_INSTAURAR)

    @staticmethod
    def titular(procedimento: ProcedimentoFraude) -> int:
        return procedimento.inscricao.candidato_id

    @admin.display(description="inscrição", ordering="inscricao__numero")
    def inscricao_numero(self, procedimento: ProcedimentoFraude) -> str:
        return procedimento.inscricao.numero

    @admin.display(description="candidato")
    def candidato(self, procedimento: ProcedimentoFraude) -> str:
        return str(procedimento.inscricao.candidato)

    @admin.display(description="edital")
    def edital(self, procedimento: ProcedimentoFraude) -> str:
        return edital_com_orgao(procedimento.inscricao.certame, link=False)

    @admin.display(description="estado", ordering="estado")
    def situacao(self, procedimento: ProcedimentoFraude) -> str:
        return _selo(procedimento.estado, procedimento.get_estado_display())

    def contexto_da_ficha(self, request, procedimento: ProcedimentoFraude) -> dict:
        pode_conduzir = (request.user.has_perm(PERMISSAO_CONDUZIR)
                         and procedimento.estado in (EstadoFraude.INSTAURADO, EstadoFraude.DEFESA))
        return {"pode_conduzir": pode_conduzir,
                "pode_decidir": pode_conduzir and procedimento.notificado_em is not None}

    def add_view(self, request, form_url="", extra_context=None):
        return self.instaurar_view(request)

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:procedimento_id>/defesa/", site.admin_view(self.defesa_view),
                 name="heteroidentificacao_procedimentofraude_defesa"),
            path("<int:procedimento_id>/decidir/", site.admin_view(self.decidir_view),
                 name="heteroidentificacao_procedimentofraude_decidir"),
            *super().get_urls(),
        ]

    def _procedimento(self, request, procedimento_id: int) -> ProcedimentoFraude:
        procedimento = self.objeto_visivel(
            request, ProcedimentoFraude.objects.select_related("inscricao__candidato", "inscricao__certame__lei"),
            procedimento_id)
        self.exigir(request, PERMISSAO_CONDUZIR)
        return procedimento

    @staticmethod
    def _artigo_fraude(procedimento: ProcedimentoFraude) -> str:
        lei = procedimento.inscricao.certame.lei
        return citar(lei.artigo_fraude if lei else "")

    def instaurar_view(self, request):
        self.exigir(request, PERMISSAO_INSTAURAR)
        inicial = None
        if request.GET.get("inscricao", "").isdigit():
            inscricao = recortar(Inscricao.objects.all(), request.user, "certame__orgao").filter(
                pk=int(request.GET["inscricao"])).first()
            if inscricao is not None:
                inicial = {"certame": inscricao.certame_id, "numero": inscricao.numero}
        form, procedimento = self.processar(
            request, InstauracaoFraudeForm, lambda dados: services.fraude_instaurar(
                inscricao=dados["inscricao"], data=dados["data"], ato=dados["ato"], fatos=dados["fatos"],
                usuario=request.user),
            initial=inicial)
        if procedimento is not None:
            self.message_user(request, f"Procedimento instaurado ({procedimento.ato}) para a inscrição "
                                       f"{procedimento.inscricao.numero}. Notifique o candidato e registre a "
                                       "defesa antes de decidir.", messages.SUCCESS)
            return self.voltar(procedimento)
        return self.pagina_acao(
            request, None, titulo="Instaurar apuração de fraude", form=form, botao="Instaurar procedimento",
            explicacao="Apuração de declaração falsa de cor ou raça. A decisão só vem depois de o candidato ser "
                       "notificado dos fatos e ter prazo de defesa (contraditório e ampla defesa); reconhecida a "
                       "fraude, o candidato é eliminado e os documentos vão ao Ministério Público.")

    def defesa_view(self, request, procedimento_id: int):
        procedimento = self._procedimento(request, procedimento_id)
        inicial = {"notificado_em": procedimento.notificado_em, "defesa_em": procedimento.defesa_em,
                   "defesa": procedimento.defesa} if procedimento.notificado_em else None
        form, registrado = self.processar(
            request, DefesaFraudeForm, lambda dados: services.fraude_registrar_defesa(
                procedimento=procedimento, notificado_em=dados["notificado_em"], defesa_em=dados["defesa_em"],
                defesa=dados["defesa"], usuario=request.user),
            initial=inicial)
        if registrado is not None:
            self.message_user(request, f"Notificação e defesa registradas: {registrado.get_estado_display()}.",
                              messages.SUCCESS)
            return self.voltar(registrado)
        return self.pagina_acao(
            request, procedimento, titulo=f"Notificação e defesa — inscrição {procedimento.inscricao.numero}",
            form=form, botao="Registrar",
            explicacao="A data em que o candidato foi notificado dos fatos e, quando apresentada, a defesa. Sem a "
                       "notificação, o procedimento não pode ser decidido.")

    def decidir_view(self, request, procedimento_id: int):
        procedimento = self._procedimento(request, procedimento_id)
        form, decidido = self.processar(request, DecisaoFraudeForm, lambda dados: services.fraude_decidir(
            procedimento=procedimento, fraude=dados["fraude"], decisao=dados["decisao"], data=dados["data"],
            oficio_mp=dados["oficio_mp"], usuario=request.user))
        if decidido is not None:
            if decidido.estado == EstadoFraude.FRAUDE:
                anulada = (" e a sua nomeação anulada (a posição passa ao próximo da mesma lista)"
                           if decidido.nomeacao_anulada else "")
                texto = (f"Fraude reconhecida: a inscrição {decidido.inscricao.numero} foi eliminada{anulada}; "
                         f"o encaminhamento ao Ministério Público ({decidido.oficio_mp}) ficou registrado.")
            else:
                texto = "Procedimento arquivado: não houve fraude."
            self.message_user(request, texto, messages.SUCCESS)
            return self.voltar(decidido)
        return self.pagina_acao(
            request, procedimento, titulo=f"Decidir — inscrição {procedimento.inscricao.numero}", form=form,
            botao="Registrar decisão",
            explicacao="Reconhecida a declaração falsa, o candidato é eliminado do concurso (se já nomeado, a "
                       "nomeação é anulada e a posição passa ao próximo da mesma lista) e os documentos são "
                       f"encaminhados ao Ministério Público{self._artigo_fraude(procedimento)}. A decisão precisa "
                       "ser fundamentada e não muda depois de registrada.")

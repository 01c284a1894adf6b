"""Admin da comissão de heteroidentificação: a designação com os membros, a conferência da composição contra a
lei (com o artigo de cada exigência), as sessões, a publicação dos resultados e os documentos em PDF.

Salvar uma comissão que ainda não atende à lei é permitido (ela se monta aos poucos); a conferência fica no
alto da ficha e na lista, e a sessão não abre enquanto houver pendência (services.sessao_abrir recusa).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.decorators import method_decorator
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from concursos.admin.comum import CertameFiltro, edital_com_orgao
from documentos.envios import limite_em_fluxo
from heteroidentificacao import services
from heteroidentificacao.admin.formularios import (
    ARQUIVOS_DO_MEMBRO,
    DispensaForm,
    MembroForm,
    MembrosFormSet,
    PublicacaoForm,
)
from heteroidentificacao.admin.paginas import PaginasMixin, pode_ver_membros
from heteroidentificacao.composicao import Conferencia
from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    EstadoRecurso,
    EstadoSessao,
    Instancia,
    Membro,
    Papel,
    Recurso,
)
from heteroidentificacao.selectors import (
    CONCLUIDAS,
    avaliacoes_a_publicar,
    com_escolaridade_do_edital,
    conferencia_da_comissao,
    cotistas_a_convocar,
    prazo_recurso_fim,
)
from legislacao.models import citar
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin, recortar, recorte_do_modelo
from nucleo.texto import plural

PERMISSAO_ALTERAR = "heteroidentificacao.change_comissao"
PERMISSAO_SESSOES = "heteroidentificacao.add_sessao"


def conferencia_visivel(request, comissao: Comissao) -> Conferencia:
    """A conferência da composição; para quem não pode ver os membros, sem os nomes (art. 11, § 1º)."""
    return conferencia_da_comissao(comissao, com_nomes=comissao.nomes_publicos or pode_ver_membros(request))


class MembroInline(RecorteOrgaoAdmin, admin.StackedInline):
    model = Membro
    caminho_orgao = "comissao__certame__orgao"
    form = MembroForm
    formset = MembrosFormSet
    extra = 0
    autocomplete_fields = ["usuario"]
    readonly_fields = ["termo_pdf"]
    verbose_name_plural = "membros (titulares e suplentes)"
    fieldsets = [
        (None, {"fields": [("papel", "presidente"), ("nome", "cpf"), ("cor_raca", "genero"), "usuario"]}),
        ("Vínculo com o serviço público", {
            "fields": [("servidor_efetivo", "estavel", "servidor_carreira"), "carreira"]}),
        ("Requisitos do membro", {
            "fields": ["reside_desde", ("escolaridade", "formacao"), "reputacao_declarada_em", "curriculo"]}),
        ("Termo de confidencialidade", {"fields": ["termo_pdf", "termo_assinado_em", "termo_assinado"]}),
    ]

    def get_extra(self, request, obj=None, **kwargs):
        # Uma comissão nova já abre com as linhas do mínimo usual (três titulares).
        return 3 if obj is None else 0

    def has_view_permission(self, request, obj=None):
        return pode_ver_membros(request)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "usuario":
            # As contas lotadas nos órgãos da conta (as que o autocompletar oferece) e as que já servem às comissões
            # deles; a da comissão de outro órgão, nem como opção.
            contas = db_field.related_model._default_manager
            lotadas = recorte_do_modelo(self.admin_site, db_field.related_model).recortar(contas.all(), request.user)
            da_comissao = self.recortar(Membro.objects.all(), request.user).values("usuario_id")
            kwargs["queryset"] = contas.filter(Q(pk__in=lotadas.values("pk")) | Q(pk__in=da_comissao))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description="termo para assinatura")
    def termo_pdf(self, membro: Membro) -> str:
        if membro.pk is None:
            return "Salve o membro para emitir o termo."
        return format_html('<a href="{}" target="_blank" rel="noopener">Emitir o termo de confidencialidade '
                           '(PDF)</a>', reverse("admin:heteroidentificacao_membro_termo_pdf", args=[membro.pk]))


class ComissaoAdmin(RecorteOrgaoAdmin, PaginasMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "certame__orgao"
    list_display = ["__str__", "edital", "instancia", "ato_designacao", "data_designacao", "composicao",
                    "sessoes_n", "resultado"]
    list_filter = ["instancia", CertameFiltro]
    list_select_related = ["certame__lei", "certame__orgao"]
    search_fields = ["certame__numero_edital", "certame__titulo", "ato_designacao"]
    inlines = [MembroInline]
    # Sem ações em massa: apagar passa pela ficha, que confere se a comissão já fez sessão.
    actions = None
    history_list_display = ["resultado_provisorio_em", "resultado_final_em"]

    def get_queryset(self, request):
        comissoes = (super().get_queryset(request).select_related("certame__lei").defer("certame__lei__texto")
                     .prefetch_related("membros").annotate(n_sessoes=Count("sessoes")))
        return com_escolaridade_do_edital(comissoes)

    def get_inlines(self, request, obj):
        # Sem a permissão, nem a linha vazia do formulário: os nomes não aparecem (art. 11, § 1º).
        return self.inlines if pode_ver_membros(request) else []

    def get_fieldsets(self, request, obj=None):
        # As datas dos resultados ficam fora do formulário: só os botões de publicação (serviços) as gravam.
        fieldsets = [
            ("Designação", {
                "description": "Uma comissão por certame e instância: as suas decisões valem só para este certame.",
                "fields": ["certame", "instancia", ("ato_designacao", "data_designacao")]}),
            ("Regras do edital", {
                "description": "Fixadas pelo edital: não mudam depois da primeira sessão, para que nenhum prazo ou "
                               "horário já anunciado mude com o procedimento em curso.",
                "fields": ["recursos_pela_mesma", "prazo_recurso_dias", "tolerancia_ausencia_minutos"]}),
        ]
        if obj is not None and not pode_ver_membros(request):
            fieldsets.append(("Membros", {"fields": ["membros_visiveis"]}))
        return fieldsets

    def get_readonly_fields(self, request, obj=None):
        campos = ["membros_visiveis"]
        if obj is not None:
            # Designada, a comissão é daquele certame e daquela instância (Afonso Cláudio art. 9º, § 5º).
            campos += ["certame", "instancia"]
            if obj.sessoes.exclude(estado=EstadoSessao.AGENDADA).exists() or obj.resultado_provisorio_em:
                campos += ["recursos_pela_mesma", "prazo_recurso_dias", "tolerancia_ausencia_minutos"]
        return campos

    def has_delete_permission(self, request, obj=None):
        # Não se apaga o que não se vê (os membros vão junto), nem a comissão que já fez sessão.
        pode = super().has_delete_permission(request, obj) and pode_ver_membros(request)
        return pode and not (obj is not None and obj.sessoes.exists())

    # ---- lista ----

    @admin.display(description="edital", ordering="certame__numero_edital")
    def edital(self, comissao: Comissao) -> str:
        return edital_com_orgao(comissao.certame)

    @admin.display(description="composição")
    def composicao(self, comissao: Comissao) -> str:
        conferencia = conferencia_da_comissao(comissao)
        if conferencia.falhas:
            return format_html('<span class="selo selo-falha">{}</span>',
                               plural(len(conferencia.falhas), "pendência legal", "pendências legais"))
        if conferencia.avisos:
            return format_html('<span class="selo selo-aviso">Conforme a lei, {}</span>',
                               plural(len(conferencia.avisos), "aviso", "avisos"))
        return format_html('<span class="selo selo-ok">{}</span>', "Conforme a lei")

    @admin.display(description="sessões", ordering="n_sessoes")
    def sessoes_n(self, comissao: Comissao) -> int:
        return comissao.n_sessoes

    @admin.display(description="resultado")
    def resultado(self, comissao: Comissao) -> str:
        if comissao.resultado_final_em:
            return f"Final em {comissao.resultado_final_em:%d/%m/%Y}"
        if comissao.resultado_provisorio_em:
            return f"Provisório em {comissao.resultado_provisorio_em:%d/%m/%Y}"
        return "—"

    # ---- ficha ----

    @admin.display(description="membros")
    def membros_visiveis(self, comissao: Comissao) -> str:
        membros = list(comissao.membros.all())
        titulares = sum(m.papel == Papel.TITULAR for m in membros)
        contagem = (f"{plural(titulares, 'titular', 'titulares')} e "
                    f"{plural(len(membros) - titulares, 'suplente', 'suplentes')}")
        if not comissao.nomes_publicos:
            lei = comissao.lei
            return (f"{contagem}. Os nomes ficam em sigilo até a publicação do resultado"
                    f"{citar(lei.artigo_sigilo_membros if lei else '')}.")
        return format_html("{}:<ul>{}</ul>", contagem, format_html_join(
            "", "<li>{}{}{}</li>",
            ((m.nome, f" — {m.get_papel_display().lower()}", ", presidente" if m.presidente else "")
             for m in membros)))

    def contexto_da_ficha(self, request, comissao: Comissao) -> dict:
        primeira = comissao.instancia == Instancia.PRIMEIRA
        # Os recursos são contra as decisões da primeira instância, mesmo quando a recursal os julga.
        origem = comissao if primeira else (
            Comissao.objects.filter(certame=comissao.certame_id, instancia=Instancia.PRIMEIRA).first())
        pode_alterar = self.has_change_permission(request, comissao)
        avaliacoes = Avaliacao.objects.filter(sessao__comissao=comissao)
        concluidas = avaliacoes.filter(estado__in=CONCLUIDAS).count()
        recursos = Recurso.objects.filter(avaliacao__sessao__comissao=origem)
        a_publicar = avaliacoes_a_publicar(comissao).count() if primeira else 0
        return {
            "conferencia": conferencia_visivel(request, comissao),
            "primeira_instancia": primeira,
            "primeira": origem,
            "prazo_recurso_fim": prazo_recurso_fim(comissao, comissao.resultado_provisorio_em),
            "sem_convocacao": cotistas_a_convocar(comissao).count() if primeira else 0,
            "a_publicar": a_publicar,
            "dispensas": list(comissao.dispensas.select_related("inscricao__candidato", "registrada_por")),
            "pode_dispensar": pode_alterar and primeira and not comissao.resultado_final_em,
            "avaliacoes_total": avaliacoes.count(),
            "avaliacoes_concluidas": concluidas,
            "recursos_abertos": recursos.filter(estado=EstadoRecurso.PROTOCOLADO).count(),
            "recursos_total": recursos.count(),
            "url_recursos": reverse("admin:heteroidentificacao_recurso_changelist")
                            + f"?avaliacao__sessao__comissao__id__exact={origem.pk if origem else comissao.pk}",
            "julgadora": services.comissao_que_julga(comissao) if primeira else None,
            "sessoes": comissao.sessoes.annotate(n_candidatos=Count("avaliacoes")).order_by("numero"),
            "sessao_encerrada": EstadoSessao.ENCERRADA,
            "pode_criar_sessao": request.user.has_perm(PERMISSAO_SESSOES),
            "pode_convocar": primeira and request.user.has_perm("heteroidentificacao.change_sessao"),
            "pode_publicar_provisorio": (pode_alterar and primeira and not comissao.resultado_final_em
                                         and (not comissao.resultado_provisorio_em or a_publicar > 0)),
            "pode_publicar_final": (pode_alterar and primeira and bool(comissao.resultado_provisorio_em)
                                    and not comissao.resultado_final_em),
        }

    # Os currículos e os termos dos membros chegam na ficha: cada PDF para de ser recebido ao passar do limite.
    @method_decorator(limite_em_fluxo("pdf"))
    def add_view(self, request, form_url="", extra_context=None):
        return super().add_view(request, form_url, extra_context)

    @method_decorator(limite_em_fluxo("pdf"))
    def change_view(self, request, object_id, form_url="", extra_context=None):
        return super().change_view(request, object_id, form_url, extra_context)

    def response_add(self, request, obj, post_url_continue=None):
        resposta = super().response_add(request, obj, post_url_continue)
        self._avisar_composicao(request, obj)
        return resposta

    def response_change(self, request, obj):
        resposta = super().response_change(request, obj)
        self._avisar_composicao(request, obj)
        return resposta

    def _avisar_composicao(self, request, comissao: Comissao) -> None:
        falhas = conferencia_visivel(request, comissao).falhas
        if falhas:
            self.message_user(
                request, f"A composição ainda não atende à lei ({plural(len(falhas), 'pendência', 'pendências')}, "
                         "na ficha da comissão): as sessões só abrem depois de resolvidas.", messages.WARNING)

    # ---- resultados e documentos ----

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:comissao_id>/resultado-provisorio/", site.admin_view(self.resultado_provisorio_view),
                 name="heteroidentificacao_comissao_resultado_provisorio"),
            path("<int:comissao_id>/resultado-final/", site.admin_view(self.resultado_final_view),
                 name="heteroidentificacao_comissao_resultado_final"),
            path("<int:comissao_id>/fora-da-heteroidentificacao/", site.admin_view(self.dispensar_view),
                 name="heteroidentificacao_comissao_dispensar"),
            path("<int:comissao_id>/edital-de-convocacao.pdf", site.admin_view(self.edital_pdf_view),
                 name="heteroidentificacao_comissao_edital_pdf"),
            path("<int:comissao_id>/resultado-provisorio.pdf", site.admin_view(self.resultado_pdf_view),
                 {"final": False}, name="heteroidentificacao_comissao_resultado_provisorio_pdf"),
            path("<int:comissao_id>/resultado-final.pdf", site.admin_view(self.resultado_pdf_view),
                 {"final": True}, name="heteroidentificacao_comissao_resultado_final_pdf"),
            path("membro/<int:membro_id>/termo.pdf", site.admin_view(self.termo_pdf_view),
                 name="heteroidentificacao_membro_termo_pdf"),
            path("<int:comissao_id>/membro/<int:membro_id>/<slug:arquivo>/",
                 site.admin_view(self.arquivo_do_membro_view), name="heteroidentificacao_membro_arquivo"),
            *super().get_urls(),
        ]

    def _comissao(self, request, comissao_id: int, *, alterar: bool = False) -> Comissao:
        comissao = self.objeto_visivel(request, Comissao.objects.select_related("certame__lei"), comissao_id)
        if alterar:
            self.exigir(request, PERMISSAO_ALTERAR)
        return comissao

    def resultado_provisorio_view(self, request, comissao_id: int):
        comissao = self._comissao(request, comissao_id, alterar=True)
        form, publicada = self.processar(request, PublicacaoForm, lambda dados: services.resultado_provisorio_publicar(
            comissao=comissao, data=dados["data"], usuario=request.user))
        complementar = comissao.resultado_provisorio_em is not None
        if publicada is not None:
            data = form.cleaned_data["data"]
            fim = prazo_recurso_fim(publicada, data)
            self.message_user(
                request, f"Resultado provisório {'complementar ' if complementar else ''}publicado em "
                         f"{data:%d/%m/%Y}. Os recursos desses candidatos podem ser protocolados até {fim:%d/%m/%Y}"
                         + ("." if complementar else "; os nomes dos membros deixam de ser sigilosos."),
                messages.SUCCESS)
            return self.voltar(publicada)
        lei = comissao.lei
        prazo = plural(comissao.prazo_recurso_dias, "dia", "dias")
        if complementar:
            return self.pagina_acao(
                request, comissao, titulo="Publicar o resultado provisório complementar", form=form,
                botao="Publicar resultado complementar",
                explicacao="Publica o resultado dos candidatos avaliados depois do resultado provisório (nova "
                           "convocação por recurso provido contra a ausência). O prazo de recurso de cada um, de "
                           f"{prazo}, corre da publicação do seu próprio resultado"
                           f"{citar(lei.artigo_recurso if lei else '')}.")
        return self.pagina_acao(
            request, comissao, titulo="Publicar o resultado provisório", form=form,
            botao="Publicar resultado provisório",
            explicacao="Publica o resultado provisório da heteroidentificação: todos os cotistas habilitados precisam "
                       "ter sido convocados e ter parecer (ou ausência registrada), salvo os registrados, com o "
                       f"motivo, como fora da heteroidentificação{citar(lei.artigo_momento if lei else '')}. A partir "
                       f"da data da publicação corre o prazo de recurso de {prazo} do edital"
                       f"{citar(lei.artigo_recurso if lei else '')}, e os nomes dos membros da comissão deixam "
                       f"de ser sigilosos{citar(lei.artigo_sigilo_membros if lei else '')}.")

    def dispensar_view(self, request, comissao_id: int):
        """Registra, com o motivo, que um cotista fica fora da heteroidentificação (um ato, com auditoria)."""
        comissao = self._comissao(request, comissao_id, alterar=True)
        form, dispensa = self.processar(
            request, DispensaForm, lambda dados: services.cotista_dispensar(
                comissao=comissao, inscricao=dados["inscricao"], motivo=dados["motivo"], usuario=request.user),
            cotistas=cotistas_a_convocar(comissao))
        if dispensa is not None:
            self.message_user(request, f"A inscrição {dispensa.inscricao.numero} foi registrada como fora da "
                                       "heteroidentificação.", messages.SUCCESS)
            return self.voltar(comissao)
        lei = comissao.lei
        return self.pagina_acao(
            request, comissao, titulo="Registrar cotista fora da heteroidentificação", form=form,
            botao="Registrar",
            explicacao="A heteroidentificação convoca todos os cotistas aprovados até a fase em que ocorre"
                       f"{citar(lei.artigo_momento if lei else '')}. Quem fica de fora (p. ex. eliminado antes dela, "
                       "ou fora do número que o edital convoca) precisa do motivo registrado: ele vai ao histórico e "
                       "o resultado provisório só sai com todos os cotistas avaliados ou registrados aqui.")

    def resultado_final_view(self, request, comissao_id: int):
        comissao = self._comissao(request, comissao_id, alterar=True)
        form, publicada = self.processar(request, PublicacaoForm, lambda dados: services.resultado_final_publicar(
            comissao=comissao, data=dados["data"], usuario=request.user))
        if publicada is not None:
            self.message_user(request, f"Resultado final publicado em {publicada.resultado_final_em:%d/%m/%Y}.",
                              messages.SUCCESS)
            return self.voltar(publicada)
        return self.pagina_acao(
            request, comissao, titulo="Publicar o resultado final", form=form, botao="Publicar resultado final",
            explicacao="Publica o resultado final, com todos os cotistas avaliados e publicados, todos os recursos "
                       "julgados e terminado o prazo de recurso de cada candidato, que corre da publicação do seu "
                       "resultado. O resultado final não muda mais.")

    def edital_pdf_view(self, request, comissao_id: int):
        from heteroidentificacao.documentos import edital_convocacao_emitir

        comissao = self._comissao(request, comissao_id)
        return self.pdf(request, comissao, lambda: edital_convocacao_emitir(comissao=comissao, usuario=request.user))

    def resultado_pdf_view(self, request, comissao_id: int, final: bool):
        from heteroidentificacao.documentos import resultado_emitir

        comissao = self._comissao(request, comissao_id)
        return self.pdf(request, comissao,
                        lambda: resultado_emitir(comissao=comissao, final=final, usuario=request.user))

    def arquivo_do_membro_view(self, request, comissao_id: int, membro_id: int, arquivo: str):
        """O currículo ou o termo assinado de um membro, baixado pelo admin (a pasta de mídia não é servida).

        A comissão vem do get_object deste admin (com o recorte que ele fizer da lista) e a permissão é a de ver os
        membros (os nomes são sigilosos até o resultado, art. 11, § 1º)."""
        if arquivo not in ARQUIVOS_DO_MEMBRO:
            raise Http404
        comissao = self.get_object(request, str(comissao_id))
        if comissao is None:
            raise Http404
        if not (self.has_view_permission(request, comissao) and pode_ver_membros(request)):
            raise PermissionDenied
        membro = get_object_or_404(Membro, pk=membro_id, comissao=comissao)
        guardado = getattr(membro, ARQUIVOS_DO_MEMBRO[arquivo])
        if not guardado:
            raise Http404
        resposta = FileResponse(guardado.open("rb"), as_attachment=True, content_type="application/pdf",
                                filename=f"{arquivo}-{slugify(membro.nome)}.pdf")
        resposta["X-Content-Type-Options"] = "nosniff"
        return resposta

    def termo_pdf_view(self, request, membro_id: int):
        from heteroidentificacao.documentos import termo_confidencialidade_emitir

        membro = get_object_or_404(recortar(Membro.objects.select_related("comissao__certame__lei"), request.user,
                                            "comissao__certame__orgao"), pk=membro_id)
        if not (self.has_view_permission(request, membro.comissao) and pode_ver_membros(request)):
            raise PermissionDenied
        return self.pdf(request, membro.comissao,
                        lambda: termo_confidencialidade_emitir(membro=membro, usuario=request.user))

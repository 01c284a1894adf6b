"""O certame: a ficha (com os cargos, concursos/admin/cargos.py), o painel (quadro, avisos, etapas e chamadas) e as
páginas de cada ato (formulários em concursos/admin/formularios.py).

As ações que mudam o destino de alguém chamam concursos/services/; aqui só há formulário, permissão e
mensagem.

Passa de 500 linhas de propósito: o painel e as páginas de cada ato (publicar, avançar, prorrogar, convocar, novas
vagas, a página do cargo) partilham o recorte por órgão, as permissões e a montagem da página
(`_certame`, `_cargo`, `_pagina_acao`) desta classe; os formulários, os cargos e os atos sobre o resultado de uma
inscrição (concursos/admin/resultado.py) e os do provimento e da vacância de uma posição
(concursos/admin/provimento.py) e os documentos que a lei exige de uma inscrição (concursos/admin/comprovacao.py)
já estão fora.
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Max, prefetch_related_objects
from django.forms import Media
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from concursos.admin import documentos as admin_documentos
from concursos.admin import importacao as admin_importacao
from concursos.admin.cargos import CargoInline
from concursos.admin.comprovacao import DocumentosDaInscricaoMixin
from concursos.admin.comum import (
    ACOES_ETAPA,
    PERMISSAO_CHAMAR,
    POR_PAGINA,
    explicacao_da_etapa,
    pode_ver_sensiveis,
)
from concursos.admin.fases import descrever_regra
from concursos.admin.formularios import (
    AtoForm,
    ConvocacaoInicialForm,
    EtapaForm,
    HomologacaoForm,
    NovasVagasForm,
    PublicacaoForm,
)
from concursos.admin.provimento import ProvimentoMixin, acoes_da_posicao
from concursos.admin.resultado import PERMISSAO_ALTERAR_INSCRICAO, AtosDoResultadoMixin
from concursos.admin.retificacao_do_edital import RetificacaoAdminMixin
from concursos.models import (
    CAMPOS_DAS_REGRAS_DO_EDITAL,
    Cargo,
    Certame,
    Convocacao,
    EstadoCertame,
)
from concursos.selectors.chamadas import ordem_de_nomeacao, previa_da_chamada, resumo_do_cargo
from concursos.selectors.listas import GERAL, listas_do_cargo
from concursos.selectors.painel import (
    andamento_por_tipo,
    avisos_do_certame,
    chamadas_do_certame,
    lei_do_certame,
    leis_posteriores,
    quadros_dos_cargos,
    validade_restante,
)
from concursos.services.certame import (
    PROXIMO_ESTADO,
    certame_avancar,
    certame_prorrogar,
    certame_publicar,
)
from concursos.services.chamadas import (
    chamada_inicial,
    chamada_inicial_certame,
    novas_vagas_chamar,
)
from legislacao import motor
from legislacao.rotulos import classes_das_vagas, nomes_das_vagas
from nucleo.acessos import TipoAcesso, registrar_acesso_na_requisicao
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin, recortar
from nucleo.servicos import ErroOperacao
from nucleo.texto import data_br, plural


@admin.register(Certame)
class CertameAdmin(RetificacaoAdminMixin, AtosDoResultadoMixin, DocumentosDaInscricaoMixin, ProvimentoMixin,
                   RecorteOrgaoAdmin, HistoricoSoConsultaAdmin):
    caminho_orgao = "orgao"
    list_display = ["edital", "titulo_painel", "orgao_nome", "data_edital", "situacao", "lei_curta"]
    list_display_links = None
    list_filter = ["estado", "tipo", "municipio__uf", "orgao"]
    list_select_related = ["orgao", "lei"]
    search_fields = ["numero_edital", "titulo", "municipio__nome"]
    autocomplete_fields = ["municipio"]
    inlines = [CargoInline]
    save_on_top = False
    history_list_display = ["estado"]
    # Publicado, o edital é ato público: nada dele se edita na ficha. O que pode mudar muda por retificação
    # (concursos/services/retificacao_do_edital.py); o município e a data, nunca — mudariam a lei aplicável.
    campos_do_edital_publicado = ["orgao", "tipo", "numero_edital", "titulo", "municipio", "motivo_municipio",
                                  "data_edital", "inscricoes_inicio", "inscricoes_fim", "validade_meses",
                                  "prazo_posse_dias", "prazo_exercicio_dias", *CAMPOS_DAS_REGRAS_DO_EDITAL,
                                  "nao_confirmacao", "item_nao_confirmacao"]

    class Media:
        css = {"all": ["legislacao/legislacao.css", "concursos/concursos.css"]}

    def get_fieldsets(self, request, obj=None):
        fieldsets = [
            ("Edital", {"fields": ["orgao", "tipo", ("numero_edital", "anexo_quadro"), "titulo"]}),
            ("Onde e quando (decidem a lei aplicável)", {
                "description": "A lei de reserva de vagas é a do município do órgão que publica o edital, em vigor "
                               "na data de publicação dele; ao publicar, as regras dela ficam congeladas neste "
                               "certame. Outro município que o do órgão só com o motivo.",
                "fields": ["municipio", "motivo_municipio", "data_edital"]}),
            ("Prazos", {"fields": [("inscricoes_inicio", "inscricoes_fim"), "validade_meses", "data_homologacao",
                                   ("validade_ate", "prorrogado_ate"), ("prazo_posse_dias", "prazo_exercicio_dias")]}),
            ("Vagas PcD e posições em aberto (regras do edital)", {
                "description": "As vagas PcD vêm do edital e das leis sobre pessoas com deficiência, não da lei de "
                               "cotas, que não lhes fixa posição: uma posição que a lei fixa para um grupo (toda 5ª, "
                               "a 3ª…) nunca é tomada por vaga PcD. O quadro de vagas cita os itens informados.",
                "classes": ["collapse"],
                "fields": [("pcd_percentual", "pcd_arredondamento", "pcd_minimo_vagas"),
                           ("pcd_posicoes", "pcd_intervalo"), "pcd_base", "item_criterio"]}),
            ("Heteroidentificação (regra do edital)", {
                "description": "O que acontece a quem a comissão de heteroidentificação não confirma, dentro do que a "
                               "lei admite: a lei que não dispõe deixa ao edital manter o candidato na ampla "
                               "concorrência ou eliminá-lo (com o item que o prevê). A não confirmação não é "
                               "declaração falsa, que tem o seu procedimento. Onde a lei manda cada membro da "
                               "comissão registrar a sua avaliação, o edital escolhe também como elas decidem; onde a "
                               "lei manda votar, vale a maioria dela.",
                "fields": [("nao_confirmacao", "item_nao_confirmacao"), ("regra_decisao", "item_regra_decisao")]}),
        ]
        if obj is not None:
            campos = ["situacao", "lei_aplicada", "motivo", "publicado_em"]
            if obj.justificativa_sem_lei:
                campos.insert(3, "justificativa_sem_lei")
            fieldsets.append(("Situação e lei", {"fields": campos}))
        return fieldsets

    def get_readonly_fields(self, request, obj=None):
        # A validade não se digita: a homologação a conta do prazo do edital, e a prorrogação é um ato.
        campos = ["data_homologacao", "validade_ate", "prorrogado_ate"]
        if obj is not None:
            campos += ["situacao", "lei_aplicada", "motivo", "justificativa_sem_lei", "publicado_em"]
            if obj.publicado:
                campos += self.campos_do_edital_publicado
        return campos

    def has_delete_permission(self, request, obj=None):
        # Publicado, o edital é ato público: fica, com o seu histórico.
        return super().has_delete_permission(request, obj) and not (obj and obj.publicado)

    def get_deleted_objects(self, objs, request):
        apagaveis, contagem, permissoes, protegidos = super().get_deleted_objects(objs, request)
        protegidos = list(protegidos) + [f"{c} — edital publicado" for c in objs if c.publicado]
        return apagaveis, contagem, permissoes, protegidos

    # ---- lista ----

    def get_changelist_instance(self, request):
        lista = super().get_changelist_instance(request)
        # Publicado sem lei, e uma lei cadastrada depois alcança a data do edital: a coluna da lei avisa.
        posteriores = leis_posteriores(lista.result_list)
        for certame in lista.result_list:
            certame.lei_posterior = posteriores.get(certame.pk)
        return lista

    def _url_painel(self, certame: Certame) -> str:
        return reverse("admin:concursos_certame_painel", args=[certame.pk])

    @admin.display(description="edital", ordering="numero_edital")
    def edital(self, certame: Certame) -> str:
        return format_html('<a href="{}">{}</a>', self._url_painel(certame), certame.numero_edital)

    @admin.display(description="título", ordering="titulo")
    def titulo_painel(self, certame: Certame) -> str:
        return format_html('<a href="{}">{}</a>', self._url_painel(certame), certame.titulo)

    @admin.display(description="órgão", ordering="orgao__nome")
    def orgao_nome(self, certame: Certame) -> str:
        return certame.orgao.nome

    @admin.display(description="situação", ordering="estado")
    def situacao(self, certame: Certame) -> str:
        return format_html('<span class="etapa-selo etapa-{}">{}</span>', certame.estado,
                           certame.get_estado_display())

    @admin.display(description="lei aplicada")
    def lei_curta(self, certame: Certame) -> str:
        if certame.lei_id:
            return format_html('<code>{}</code>', certame.lei.slug)
        if not certame.publicado:
            return "prévia no painel"
        posterior = getattr(certame, "lei_posterior", None)
        if posterior is None:
            return "nenhuma"
        return format_html('nenhuma <a class="aviso-lei-posterior" href="{}">⚠ <code>{}</code> alcança a data do '
                           'edital</a>', self._url_painel(certame), posterior.lei.slug)

    # ---- ficha ----

    @admin.display(description="lei aplicada")
    def lei_aplicada(self, certame: Certame) -> str:
        if not certame.publicado:
            return "Definida na publicação do edital (veja a prévia no alto da página)."
        if certame.lei is None:
            return "Nenhuma: sem reserva racial neste certame."
        url = reverse("admin:legislacao_lei_change", args=[certame.lei.pk])
        return format_html('<a href="{}">{}</a> <code>{}</code> — versão {}, congelada na publicação', url,
                           certame.lei.ementa, certame.lei.slug, certame.lei.versao)

    @admin.display(description="por que esta lei")
    def motivo(self, certame: Certame) -> str:
        return certame.motivo_lei or "—"

    def change_view(self, request, object_id, form_url="", extra_context=None):
        certame = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if certame is not None:
            lei = lei_do_certame(certame)
            extra_context.update(lei_certame=lei,
                                 avisos=avisos_do_certame(certame, lei, list(certame.cargos.all())),
                                 url_painel=self._url_painel(certame))
        return super().change_view(request, object_id, form_url, extra_context)

    # Salvo o certame, o RH volta ao painel (quadro de vagas e avisos), não à lista.
    def response_add(self, request, obj, post_url_continue=None):
        if "_continue" in request.POST or "_addanother" in request.POST or "_popup" in request.POST:
            return super().response_add(request, obj, post_url_continue)
        self.message_user(request, f"Certame «{obj}» cadastrado. Confira o quadro de vagas e os avisos antes de "
                                   "publicar o edital.", messages.SUCCESS)
        return HttpResponseRedirect(self._url_painel(obj))

    def response_change(self, request, obj):
        if "_continue" in request.POST or "_addanother" in request.POST or "_saveasnew" in request.POST:
            return super().response_change(request, obj)
        self.message_user(request, f"Certame «{obj}» alterado.", messages.SUCCESS)
        return HttpResponseRedirect(self._url_painel(obj))

    # ---- painel e ações ----

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:certame_id>/painel/", site.admin_view(self.painel_view), name="concursos_certame_painel"),
            path("<int:certame_id>/publicar/", site.admin_view(self.publicar_view),
                 name="concursos_certame_publicar"),
            path("<int:certame_id>/avancar/", site.admin_view(self.avancar_view), name="concursos_certame_avancar"),
            path("<int:certame_id>/prorrogar/", site.admin_view(self.prorrogar_view),
                 name="concursos_certame_prorrogar"),
            path("<int:certame_id>/convocacao-inicial/", site.admin_view(self.convocacao_inicial_view),
                 name="concursos_certame_convocacao_inicial"),
            path("<int:certame_id>/retificar/", site.admin_view(self.retificar_view),
                 name="concursos_certame_retificar"),
            path("cargo/<int:cargo_id>/retificar/", site.admin_view(self.retificar_cargo_view),
                 name="concursos_cargo_retificar"),
            path("cargo/<int:cargo_id>/", site.admin_view(self.cargo_view), name="concursos_cargo_painel"),
            path("cargo/<int:cargo_id>/novas-vagas/", site.admin_view(self.novas_vagas_view),
                 name="concursos_cargo_novas_vagas"),
            *self.urls_do_provimento(),
            *self.urls_do_resultado(),
            *self.urls_dos_documentos(),
            *admin_importacao.urls(site),
            *admin_documentos.urls(site),
            *super().get_urls(),
        ]

    def _certame(self, request, certame_id: int) -> Certame:
        certame = get_object_or_404(recortar(Certame.objects.select_related("orgao__municipio", "municipio", "lei"),
                                             request.user, "orgao"), pk=certame_id)
        if not self.has_view_permission(request, certame):
            raise PermissionDenied
        return certame

    def _cargo(self, request, cargo_id: int) -> Cargo:
        cargo = get_object_or_404(recortar(Cargo.objects.select_related("certame__orgao", "certame__municipio",
                                                                        "certame__lei"),
                                           request.user, "certame__orgao"), pk=cargo_id)
        if not self.has_view_permission(request, cargo.certame):
            raise PermissionDenied
        return cargo

    @staticmethod
    def _exigir_chamar(request) -> None:
        if not request.user.has_perm(PERMISSAO_CHAMAR):
            raise PermissionDenied

    def _contexto(self, request, titulo: str, certame: Certame, **extra) -> dict:
        return {
            **self.admin_site.each_context(request),
            "title": titulo,
            "opts": self.opts,
            "certame": certame,
            "url_painel": self._url_painel(certame),
            **extra,
        }

    def painel_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        # As fases, uma consulta só: o aviso da lei que não fala delas e a seção do painel as leem.
        prefetch_related_objects([certame], "fases")
        lei = lei_do_certame(certame)
        cargos = list(certame.cargos.order_by("codigo"))
        quadros = quadros_dos_cargos(cargos, lei.regras)
        pagina = Paginator(quadros, POR_PAGINA).get_page(request.GET.get("p"))
        seguinte = PROXIMO_ESTADO.get(certame.estado)
        pode_alterar = self.has_change_permission(request, certame)
        pode_chamar = request.user.has_perm(PERMISSAO_CHAMAR)
        sem_chamada = [q for q in quadros if not q.chamadas]
        houve_chamadas = len(sem_chamada) < len(quadros)
        totais = {"vagas": sum(c.vagas for c in cargos), "pcd": sum(c.vagas_pcd for c in cargos),
                  "inscricoes": sum(q.inscricoes for q in quadros),
                  "ampla": sum(q.quadro.ampla for q in quadros if q.quadro),
                  "grupos": [sum(r.vagas for q in quadros if q.quadro for r in q.quadro.reservas
                                 if r.codigo == g.codigo) for g in lei.regras.grupos]}
        # As colunas do quadro: ampla, PcD (se algum cargo tem) e cada grupo da lei, na mesma ordem em toda linha.
        colunas = [motor.AMPLA, *([motor.PCD] if totais["pcd"] else []), *(g.codigo for g in lei.regras.grupos)]
        for linha in pagina.object_list:
            linha.celulas = [linha.vagas_do_tipo(codigo) for codigo in colunas]
        totais["andamento"] = andamento_por_tipo(quadros, colunas) if houve_chamadas else []
        totais["novas_vagas"] = sum(q.novas_vagas for q in quadros)
        contexto = self._contexto(
            request, f"Edital {certame.numero_edital} — {certame.titulo}", certame,
            lei_certame=lei, avisos=avisos_do_certame(certame, lei, cargos), pagina=pagina, totais=totais,
            n_colunas=len(colunas), validade_restante=validade_restante(certame, timezone.localdate()),
            grupos=lei.regras.grupos, tem_pcd=totais["pcd"] > 0, houve_chamadas=houve_chamadas,
            etapas=self._etapas(certame), chamadas_por_tipo=chamadas_do_certame(certame) if houve_chamadas else [],
            acao_etapa=ACOES_ETAPA[seguinte][0] if seguinte else "",
            pode_publicar=pode_alterar and not certame.publicado,
            pode_avancar=pode_alterar and seguinte is not None,
            pode_prorrogar=(pode_alterar and certame.estado == EstadoCertame.HOMOLOGADO and bool(certame.validade_ate)
                            and not certame.prorrogado_ate),
            pode_alterar=pode_alterar,
            pode_retificar=pode_alterar and certame.publicado,
            atos=list(certame.atos.select_related("registrado_por")),
            fases=[{"fase": f, "regra": descrever_regra(f)} for f in certame.fases.all()],
            pode_cadastrar_fase=certame.publicado and request.user.has_perm("concursos.add_fase"),
            # A mesma permissão que a tela de importação exige (concursos/admin/importacao.py).
            pode_importar=certame.publicado and request.user.has_perm(admin_importacao.PERMISSAO),
            pode_convocar=(pode_chamar and certame.alcancou(EstadoCertame.RESULTADO) and bool(sem_chamada)),
            convocacao_pendente=certame.alcancou(EstadoCertame.RESULTADO) and bool(sem_chamada),
            url_inscricoes=reverse("admin:concursos_inscricao_changelist") + f"?certame={certame.pk}",
            pode_ver_inscricoes=(request.user.has_perm("concursos.view_inscricao")
                                 or request.user.has_perm("concursos.change_inscricao")),
        )
        return TemplateResponse(request, "admin/concursos/certame/painel.html", contexto)

    @staticmethod
    def _etapas(certame: Certame) -> list[dict]:
        atual = list(EstadoCertame.values).index(certame.estado)
        return [{"nome": rotulo, "feita": i < atual, "atual": i == atual}
                for i, rotulo in enumerate(EstadoCertame.labels)]

    def _pagina_acao(self, request, certame: Certame, *, titulo: str, form, botao: str, explicacao: str = "",
                     template_extra: str = "", cancelar: str = "", **extra):
        blocos = [(None, {"fields": list(form.fields)})] if form.fields else []
        contexto = self._contexto(
            request, titulo, certame, form=form, adminform=helpers.AdminForm(form, blocos, {}), botao=botao,
            explicacao=explicacao, template_extra=template_extra, cancelar=cancelar or self._url_painel(certame),
            media=Media(js=["admin/js/core.js"]) + form.media, **extra)
        return TemplateResponse(request, "admin/concursos/certame/acao.html", contexto)

    def publicar_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        if not self.has_change_permission(request, certame):
            raise PermissionDenied
        if certame.publicado:
            self.message_user(request, "Este edital já foi publicado.", messages.WARNING)
            return HttpResponseRedirect(self._url_painel(certame))
        lei = lei_do_certame(certame)
        form = PublicacaoForm(request.POST if request.method == "POST" else None, sem_lei=lei.lei is None)
        if request.method == "POST" and form.is_valid():
            try:
                certame = certame_publicar(certame=certame, usuario=request.user,
                                           justificativa=form.cleaned_data.get("justificativa", ""),
                                           publicacao=form.cleaned_data["publicacao"])
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
                return HttpResponseRedirect(self._url_painel(certame))
            if certame.lei:
                regras = f"as regras de «{certame.lei.ementa}» (versão {certame.lei.versao}) estão congeladas"
            else:
                regras = ("nenhuma lei de reserva se aplicava: não há vagas reservadas, e a justificativa ficou "
                          "registrada")
            self.message_user(request, f"Edital {certame.numero_edital} publicado; {regras}.", messages.SUCCESS)
            return HttpResponseRedirect(self._url_painel(certame))
        cargos = list(certame.cargos.order_by("codigo"))
        return self._pagina_acao(
            request, certame, titulo="Publicar o edital", form=form,
            botao="Publicar edital sem reserva de vagas" if lei.lei is None else "Publicar edital",
            explicacao="Ao publicar, o sistema congela neste certame as regras da lei abaixo: mudanças posteriores "
                       "na lei não alcançam este edital. Publicado, o edital só muda por retificação, um ato "
                       "registrado com o que mudou; as vagas de um cargo, só até a primeira chamada dele.",
            template_extra="admin/concursos/certame/_publicar.html", lei_certame=lei,
            avisos=avisos_do_certame(certame, lei, cargos), quadros=quadros_dos_cargos(cargos, lei.regras),
            grupos=lei.regras.grupos)

    def avancar_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        if not self.has_change_permission(request, certame):
            raise PermissionDenied
        seguinte = PROXIMO_ESTADO.get(certame.estado)
        if seguinte is None:
            self.message_user(request, f"Não há etapa seguinte a «{certame.get_estado_display()}» por esta ação.",
                              messages.WARNING)
            return HttpResponseRedirect(self._url_painel(certame))
        botao, explicacao = ACOES_ETAPA[seguinte][0], explicacao_da_etapa(certame, seguinte)
        form_classe = HomologacaoForm if seguinte == EstadoCertame.HOMOLOGADO else EtapaForm
        form = form_classe(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            try:
                certame = certame_avancar(certame=certame, usuario=request.user, data=form.cleaned_data.get("data"),
                                          publicacao=form.cleaned_data["publicacao"])
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, f"Etapa concluída: {certame.get_estado_display()}.", messages.SUCCESS)
                return HttpResponseRedirect(self._url_painel(certame))
        return self._pagina_acao(request, certame, titulo=botao, form=form, botao=botao, explicacao=explicacao)

    def prorrogar_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        if not self.has_change_permission(request, certame):
            raise PermissionDenied
        form = AtoForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            try:
                certame = certame_prorrogar(certame=certame, ato=form.cleaned_data["ato"],
                                            data=form.cleaned_data["data"], usuario=request.user)
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, f"Validade prorrogada até {data_br(certame.prorrogado_ate)}.",
                                  messages.SUCCESS)
                return HttpResponseRedirect(self._url_painel(certame))
        return self._pagina_acao(
            request, certame, titulo="Prorrogar a validade", form=form, botao="Prorrogar a validade",
            explicacao="Uma prorrogação só, por igual período, por ato publicado dentro da validade (Constituição "
                       f"Federal, art. 37, III): de {data_br(certame.validade_ate, '—')} para mais "
                       f"{plural(certame.validade_meses or 0, 'mês', 'meses')}.")

    def convocacao_inicial_view(self, request, certame_id: int):
        certame = self._certame(request, certame_id)
        self._exigir_chamar(request)
        inicial = {"cargo": request.GET.get("cargo")} if request.GET.get("cargo") else None
        dados = request.POST if request.method == "POST" else None
        form = ConvocacaoInicialForm(dados, initial=inicial, certame=certame)
        previa = {}
        if request.method == "POST" and form.is_valid():
            dados = form.cleaned_data
            cargos = [dados["cargo"]] if dados["cargo"] else list(
                certame.cargos.filter(chamadas__isnull=True).order_by("codigo"))
            chave = f"inicial:{','.join(str(c.pk) for c in cargos)}"
            # Primeiro a prévia: quem cada posição receberia, e por quê; o ato vem com a confirmação. Antes do
            # resultado não há prévia: o serviço recusa, com a mensagem dele.
            if certame.alcancou(EstadoCertame.RESULTADO) and request.POST.get("previa") != chave:
                previa = {"previa_chave": chave, "template_extra": "admin/concursos/certame/_previa.html",
                          "previas": [previa_da_chamada(c) for c in cargos[:20]],
                          "previas_omitidas": max(0, len(cargos) - 20)}
        if request.method == "POST" and form.is_valid() and not previa:
            try:
                if dados["cargo"]:
                    chamadas = [chamada_inicial(cargo=dados["cargo"], data=dados["data"], ato=dados["ato"],
                                                usuario=request.user, apresentacao=form.apresentacao())]
                else:
                    chamadas = chamada_inicial_certame(certame=certame, data=dados["data"], ato=dados["ato"],
                                                       usuario=request.user, apresentacao=form.apresentacao())
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                convocados = Convocacao.objects.filter(chamada__in=chamadas, inscricao__isnull=False).count()
                self.message_user(
                    request, f"Convocação inicial registrada ({dados['ato']}): "
                             f"{plural(convocados, 'candidato convocado', 'candidatos convocados')} em "
                             f"{plural(len(chamadas), 'cargo')}.", messages.SUCCESS)
                if len(chamadas) == 1:
                    return HttpResponseRedirect(reverse("admin:concursos_cargo_painel",
                                                        args=[chamadas[0].cargo_id]))
                return HttpResponseRedirect(self._url_painel(certame))
        return self._pagina_acao(
            request, certame, titulo="Convocação inicial", form=form,
            botao="Confirmar e registrar a convocação inicial" if previa else "Ver quem seria convocado", **previa,
            explicacao="Convoca, para as vagas do edital de cada cargo, os candidatos habilitados na ordem de "
                       "nomeação da lei: ampla concorrência pela lista geral (cotistas incluídos), depois PcD, "
                       "depois cada grupo de reserva; vagas reservadas sem candidato revertem à ampla. "
                       "A convocação fica registrada com o ato e não se altera depois.")

    def cargo_view(self, request, cargo_id: int):
        cargo = self._cargo(request, cargo_id)
        certame = cargo.certame
        regras = cargo.regras_motor()
        try:
            quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd)
        except motor.ErroRegras as erro:
            quadro, erro_quadro = None, str(erro)
        else:
            erro_quadro = ""
        resumo = resumo_do_cargo(cargo) if quadro else []
        tem_chamadas = cargo.chamadas.exists()
        # Na ampla, a coluna das outras listas de cada candidato diz quem optou pela reserva: só para quem pode ver
        # cor ou raça (sem ela, a ampla tem as mesmas pessoas da geral e nada se deduz; decisão 0019).
        outras_listas = pode_ver_sensiveis(request)
        listas = (listas_do_cargo(cargo, com_outras_listas=outras_listas)
                  if certame.alcancou(EstadoCertame.INSCRICOES_ENCERRADAS) else [])
        aba = request.GET.get("aba") or ("ordem" if tem_chamadas or not listas else GERAL)
        lista = next((item for item in listas if item.codigo == aba), None)
        if lista is None and aba != "ordem":
            aba = "ordem"
        if lista is not None and lista.codigo == motor.AMPLA and outras_listas:
            registrar_acesso_na_requisicao(
                request, tipo=TipoAcesso.LISTA,
                descricao=f"Lista «{lista.nome}» do cargo {cargo}, com as outras listas de cada candidato",
                quantidade=lista.total, orgao_id=certame.orgao_id, objeto=cargo)
        elif lista is not None and lista.codigo not in (GERAL, motor.AMPLA):
            # Estar numa lista de grupo ou na de PcD diz a cor ou raça ou a deficiência (LGPD art. 11).
            registrar_acesso_na_requisicao(
                request, tipo=TipoAcesso.LISTA, descricao=f"Lista «{lista.nome}» do cargo {cargo}",
                quantidade=lista.total, orgao_id=certame.orgao_id, objeto=cargo)
        pode_chamar = request.user.has_perm(PERMISSAO_CHAMAR)
        # Os mesmos nomes e cores do simulador (legislacao/rotulos.py).
        classes, nomes = classes_das_vagas(regras), nomes_das_vagas(regras)
        linhas = []
        if aba == "ordem":
            pagina = Paginator(ordem_de_nomeacao(cargo), POR_PAGINA).get_page(request.GET.get("p"))
            pagina.object_list = list(pagina.object_list)
            hoje = timezone.localdate()
            for c in pagina.object_list:
                c.nome_vaga, c.classe_vaga = nomes.get(c.vaga, c.vaga), classes.get(c.vaga, "v-g6")
                c.nome_lista = nomes.get(c.lista, c.lista)
                c.revertida = bool(c.inscricao_id and c.lista and c.lista != c.vaga)
                c.nome_pela_lista = nomes.get(c.pela_lista, c.pela_lista)
                c.vencida = c.posse_vencida(certame, hoje)
                c.limite_posse = certame.posse_ate(c.nomeado_em) if c.nomeado_em else None
                c.acoes = [(rotulo, reverse(f"admin:{rota}", args=[c.pk]))
                           for rotulo, rota in acoes_da_posicao(c, certame, hoje)] if pode_chamar else []
        else:
            pagina = Paginator(lista.linhas, POR_PAGINA).get_page(request.GET.get("p"))
            linhas = [(linha, [nomes.get(c, c) for c in linha.tambem]) for linha in pagina]
        resumo = [{"r": r, "classe": classes.get(r.codigo, "v-g6")} for r in resumo]
        artigos = (certame.regras or {}).get("lei", {})
        contexto = self._contexto(
            request, f"{cargo.codigo} — {cargo.nome}", certame, cargo=cargo, quadro=quadro, erro_quadro=erro_quadro,
            resumo=resumo, faixa=[(i, v, classes.get(v, "v-g6"), nomes.get(v, v))
                                  for i, v in enumerate(quadro.ordem if quadro else (), 1)],
            listas=listas, aba=aba, lista=lista, pagina=pagina, nomes_vagas=nomes, classes_vagas=classes,
            tem_chamadas=tem_chamadas, artigos=artigos,
            artigo_lista_mais_favoravel=regras.artigo_lista_mais_favoravel,
            coluna_outras=lista is not None and lista.codigo == motor.AMPLA and outras_listas,
            linhas=linhas,
            pode_convocar=(pode_chamar and not tem_chamadas and certame.alcancou(EstadoCertame.RESULTADO)),
            pode_chamar_novas=pode_chamar and tem_chamadas,
            pode_provimento=pode_chamar,
            pode_retificar=certame.publicado and self.has_change_permission(request, certame),
            pode_eliminar=request.user.has_perm(PERMISSAO_ALTERAR_INSCRICAO),
        )
        return TemplateResponse(request, "admin/concursos/certame/cargo.html", contexto)

    def novas_vagas_view(self, request, cargo_id: int):
        cargo = self._cargo(request, cargo_id)
        self._exigir_chamar(request)
        url_cargo = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
        ultima = cargo.chamadas.aggregate(m=Max("numero"))["m"] or 0
        form = NovasVagasForm(request.POST if request.method == "POST" else None, initial={"ultima_chamada": ultima})
        previa = {}
        if request.method == "POST" and form.is_valid():
            dados = form.cleaned_data
            chave = f"novas:{cargo.pk}:{dados['quantidade']}:{dados['ultima_chamada']}"
            vista = (previa_da_chamada(cargo, dados["quantidade"])
                     if cargo.chamadas.exists() and request.POST.get("previa") != chave else None)
            # Sem prévia do que o serviço recusaria (sem a convocação inicial, mais vagas que candidatos): ele diz
            # por quê.
            if vista is not None and all(linha.numero != "—" for linha in vista.linhas):
                previa = {"previa_chave": chave, "template_extra": "admin/concursos/certame/_previa.html",
                          "previas": [vista], "previas_omitidas": 0}
        if request.method == "POST" and form.is_valid() and not previa:
            try:
                chamada = novas_vagas_chamar(cargo=cargo, quantidade=dados["quantidade"], data=dados["data"],
                                             ato=dados["ato"], usuario=request.user,
                                             ultima_chamada=dados["ultima_chamada"],
                                             apresentacao=form.apresentacao())
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, f"{chamada.numero}ª chamada registrada ({chamada.ato}): "
                                           f"{chamada.observacao}", messages.SUCCESS)
                return HttpResponseRedirect(url_cargo)
        artigo = (cargo.certame.regras or {}).get("lei", {}).get("artigo_cadastro")
        return self._pagina_acao(
            request, cargo.certame, titulo=f"Chamar novas vagas — {cargo.codigo}", form=form,
            botao="Confirmar e chamar" if previa else "Ver quem seria chamado", cancelar=url_cargo, cargo=cargo,
            **previa,
            explicacao="Vagas surgidas no prazo de validade do certame: as posições seguintes da ordem de nomeação, "
                       "no mesmo padrão da lei" + (f" ({artigo})" if artigo else "") + ", cada uma para o próximo "
                       "candidato da lista do seu tipo de vaga. Quem já foi chamado não muda de posição.")

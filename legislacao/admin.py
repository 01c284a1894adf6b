"""Admin das leis: ficha com cada regra ao lado do seu artigo, versões, histórico e as ferramentas
«Simulador do quadro de vagas» e «Qual lei se aplica?»."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Exists, OuterRef
from django.forms import BaseInlineFormSet, Media, Textarea
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.html import format_html

from documentos.envios import limite_em_fluxo
from legislacao import motor
from legislacao.abrangencia import abrangencia, fora_da_abrangencia
from legislacao.entrada import COLUNAS, ErroEntrada, ler_candidatos
from legislacao.forms import QualLeiForm, SimuladorForm
from legislacao.models import (
    CAMPOS_PERMITIDOS_CONGELADA,
    CAMPOS_PREENCHIVEIS_CONGELADA,
    DocumentoAceito,
    Esfera,
    GrupoReserva,
    Lei,
)
from legislacao.services import lei_nova_versao
from legislacao.simulador import simular
from nucleo.filtros import FiltrosPermitidosAdmin
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.texto import plural

DECISOES = Path(settings.BASE_DIR) / "docs" / "decisoes"
DECISAO_POSICOES = Path(motor.DECISAO_POSICOES).stem
AVISO_CONGELADA = ("Esta lei foi usada por edital publicado e não pode ser alterada: crie uma nova versão "
                   "(«Criar nova versão»).")

SIMULADOR_BLOCOS = [
    ("Lei", {"fields": ["lei"]}),
    ("Ou: a lei em vigor na data do edital", {
        "description": "Deixe a lei em branco e informe a esfera do órgão, o município e a UF (órgão municipal) e a "
                       "data de publicação do edital: o sistema escolhe a lei em vigor nessa data e diz por quê.",
        "fields": ["esfera", ("municipio", "uf", "data_edital")]}),
    ("Vagas do cargo", {"fields": [("vagas", "vagas_pcd", "posicoes")]}),
    ("Regras do edital (opcional)", {
        "description": "As vagas PcD e o critério das posições que a lei deixa em aberto vêm do edital, não da lei "
                       "de cotas: uma posição que a lei fixa (toda 5ª, a 3ª…) nunca é tomada por vaga PcD.",
        "classes": ["collapse"],
        "fields": [("pcd_percentual", "pcd_arredondamento"), ("pcd_posicoes", "pcd_intervalo"), "pcd_base",
                   "item_criterio"]}),
    ("Candidatos", {
        "description": "Opcional: com a lista de classificação, o simulador mostra quem ocupa cada vaga.",
        "fields": ["candidatos"]}),
]
QUAL_LEI_BLOCOS = [("Edital", {"fields": ["esfera", ("municipio", "uf", "data_edital")]}),
                   ("Órgão e seleção (opcional)", {
                       "description": "Informe-os para saber se a lei aplicável alcança o Poder e a natureza do "
                                      "órgão e o tipo de seleção.",
                       "fields": [("poder", "natureza", "selecao")]})]


class GruposFormSet(BaseInlineFormSet):
    """Regras que envolvem mais de um grupo da lei: reversão só para grupos da lei e soma até 100%."""

    def clean(self):
        super().clean()
        grupos = [f.cleaned_data for f in self.forms
                  if f.cleaned_data and not f.cleaned_data.get("DELETE") and f.cleaned_data.get("codigo")]
        codigos = [g["codigo"] for g in grupos]
        for g in grupos:
            destinos = [c.strip().upper() for c in (g.get("reverte_para") or "").split(",") if c.strip()]
            desconhecidos = [c for c in destinos if c not in codigos]
            if desconhecidos:
                raise ValidationError(
                    f"O grupo {g['codigo']} reverte para {', '.join(desconhecidos)}, que não é grupo desta lei "
                    f"(grupos: {', '.join(codigos)}).")
        total = sum(g.get("percentual") or 0 for g in grupos)
        if total > 100:
            raise ValidationError(f"Os percentuais dos grupos somam {total}%, mais que 100%.")


def documentos_do_grupo(grupo: GrupoReserva) -> str:
    """Os documentos que a lei aceita para o grupo, numa frase, para a ficha da lei."""
    exigencia = grupo.exigencia() if grupo.pk else None
    if exigencia is None:
        return "Nenhum: a lei não exige documento para concorrer a esta reserva."
    return f"O candidato apresenta {exigencia.descrever()}" + (f" ({exigencia.artigo})." if exigencia.artigo else ".")


class GrupoReservaInline(admin.StackedInline):
    model = GrupoReserva
    formset = GruposFormSet
    extra = 0
    classes = ["grupos-reserva"]
    # Os documentos que a lei aceita se cadastram na página do grupo («Alterar»), um por linha, com o artigo.
    show_change_link = True
    readonly_fields = ["documentos_aceitos"]
    fieldsets = [
        (None, {"fields": [("ordem", "codigo", "nome"), ("percentual", "artigo")]}),
        ("Quem pode concorrer", {"fields": [("preta", "parda", "indigena", "quilombola"), "artigo_elegibilidade",
                                            "documentos_aceitos", ("documentos_regra", "artigo_documentos")]}),
        ("Posições na ordem de nomeação", {"fields": [("padrao", "intervalo", "posicoes"), "artigo_padrao",
                                                      "reverte_para"]}),
    ]

    @admin.display(description="documentos aceitos")
    def documentos_aceitos(self, grupo: GrupoReserva) -> str:
        return documentos_do_grupo(grupo)

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        campo = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "documentos_regra":
            # Um formulário que não traz a composição (sem documentos, ela não importa) fica com a do modelo.
            campo.required = False
        return campo

    # Numa lei congelada os grupos só se consultam (o edital publicado os usou).
    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not (obj and obj.congelada)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and obj.congelada)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.congelada)


class DocumentosFormSet(BaseInlineFormSet):
    """O código de um documento é a chave do arquivo da banca: único na lei, não só no grupo."""

    def clean(self):
        super().clean()
        codigos = [f.cleaned_data.get("codigo") for f in self.forms
                   if f.cleaned_data and not f.cleaned_data.get("DELETE") and f.cleaned_data.get("codigo")]
        repetidos = sorted({c for c in codigos if codigos.count(c) > 1})
        if repetidos:
            raise ValidationError(f"Código repetido: {', '.join(repetidos)}.")


class DocumentoAceitoInline(admin.TabularInline):
    model = DocumentoAceito
    formset = DocumentosFormSet
    extra = 0
    fields = ["ordem", "codigo", "nome", "descricao", "artigo"]

    def get_formset(self, request, obj=None, **kwargs):
        kwargs.setdefault("widgets", {"descricao": Textarea(attrs={"rows": 2, "cols": 40})})
        return super().get_formset(request, obj, **kwargs)

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not (obj and obj.lei.congelada)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and obj.lei.congelada)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.lei.congelada)


@admin.register(GrupoReserva)
class GrupoReservaAdmin(FiltrosPermitidosAdmin, HistoricoSoConsultaAdmin):
    """A página de um grupo de reserva: os documentos que a lei aceita para concorrer a ele (Iúna art. 2º, II;
    Ibatiba art. 2º), com a composição e o artigo. O resto do grupo se edita na ficha da lei; a página abre pelo
    «Alterar» de cada grupo lá, e não aparece no índice."""

    inlines = [DocumentoAceitoInline]
    fieldsets = [
        (None, {"fields": ["lei", ("codigo", "nome"), "quem_concorre"]}),
        ("Documentos que a lei aceita", {
            "description": "Cada documento com o código que o arquivo da banca usa na coluna «documento» e o artigo. "
                           "Com mais de um, a composição diz se basta um (p. ex. Iúna art. 2º, II: a declaração de "
                           "pertencimento étnico ou um dos documentos das alíneas a a d) ou se são todos. Sem "
                           "documento, o grupo não exige nenhum. As regras valem para os editais publicados depois "
                           "(congeladas com o resto da lei).",
            "fields": [("documentos_regra", "artigo_documentos")]}),
    ]
    readonly_fields = ["lei", "codigo", "nome", "quem_concorre"]

    @admin.display(description="quem pode concorrer")
    def quem_concorre(self, grupo: GrupoReserva) -> str:
        nomes = [rotulo for campo, rotulo in (("preta", "pretos"), ("parda", "pardos"), ("indigena", "indígenas"),
                                              ("quilombola", "quilombolas")) if getattr(grupo, campo)]
        return ", ".join(nomes) + (f" ({grupo.artigo_elegibilidade})" if grupo.artigo_elegibilidade else "")

    def has_module_permission(self, request):
        return False

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and not (obj and obj.lei.congelada)

    def response_change(self, request, obj):
        if "_continue" in request.POST:
            return super().response_change(request, obj)
        self.message_user(request, f"Documentos de «{obj.nome}» salvos.", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:legislacao_lei_change", args=[obj.lei_id]))


@admin.register(Lei)
class LeiAdmin(HistoricoSoConsultaAdmin):
    list_display = ["local", "numero_lei", "publicacao", "vigencia", "versao_lista", "congelada"]
    list_display_links = ["local"]
    list_filter = ["uf", "esfera", "congelada"]
    list_select_related = ["municipio"]
    search_fields = ["municipio__nome", "numero", "slug", "ementa"]
    autocomplete_fields = ["municipio"]
    history_list_display = ["versao", "congelada"]
    inlines = [GrupoReservaInline]
    actions = ["criar_nova_versao"]
    save_on_top = True

    fieldsets_lei = [
        ("Identificação", {"fields": [
            "ementa", ("esfera", "uf", "municipio"), ("numero", "slug"), ("versao_info", "congelada")]}),
        ("Vigência", {"fields": [
            "situacao_vigencia", ("data_publicacao", "artigo_vigor"), ("vigencia_anos", "artigo_vigencia"),
            "artigo_irretroatividade", ("encerrada_em", "artigo_encerramento")]}),
        ("Reserva de vagas", {
            "description": "Cada regra ao lado do artigo que a estabelece. Os grupos de reserva (percentuais e "
                           "posições) vêm logo abaixo.",
            "fields": [
                ("minimo_vagas", "artigo_minimo"), ("arredondamento", "artigo_arredondamento"),
                ("ordem_nomeacao", "artigo_ordem_nomeacao"), ("desempate_posicoes", "artigo_desempate"),
                ("lista_mais_favoravel", "artigo_lista_mais_favoravel"), "artigo_ampla", "artigo_reversao",
                "artigo_desistencia", "artigo_cadastro", ("equidade_genero", "artigo_equidade_genero"),
                ("pcd_primeiro_nos_empregos", "artigo_pcd_primeiro_nos_empregos"),
                ("escolha_local_pela_ampla", "artigo_escolha_local"), ("uma_reserva_so", "artigo_uma_reserva"),
                "artigo_autodeclaracao", "artigo_fases"]}),

        ("Listas de classificação", {
            "description": "Os nomes que a lei dá às listas e o artigo de cada uma; em branco, os nomes comuns "
                           "(«Lista geral», «Ampla concorrência», o nome do grupo) e nenhuma citação.",
            "fields": [("nome_lista_geral", "artigo_lista_geral"), ("nome_lista_ampla", "artigo_lista_ampla"),
                       ("nome_lista_reserva", "artigo_lista_reserva")]}),
        ("Abrangência", {
            "description": "O que a lei alcança: os Poderes, as entidades e os tipos de seleção. Num certame de órgão, "
                           "Poder, natureza ou tipo de seleção que a lei não menciona, o painel avisa, com o artigo.",
            "fields": [
                "abrangencia_resumo",
                ("abrange_executivo", "abrange_legislativo"),
                ("abrange_direta", "abrange_autarquia", "abrange_fundacao", "abrange_empresa_publica",
                 "abrange_economia_mista"), "artigo_abrangencia_orgaos",
                ("aplica_concurso", "aplica_emprego_publico", "aplica_processo_seletivo"),
                ("aplica_estagio", "aplica_comissao"), "artigo_abrangencia"]}),
        ("Heteroidentificação e comissão", {"fields": [
            ("exige_heteroidentificacao", "artigo_heteroidentificacao"), ("nao_confirmacao", "artigo_nao_confirmacao"),
            ("ausencia", "artigo_ausencia"), "artigo_fraude", ("sem_maioria", "artigo_duvida"),
            "artigo_comissao", ("comissao_minimo_membros", "artigo_comissao_membros"),
            ("comissao_minimo_suplentes", "artigo_comissao_suplentes"),
            ("comissao_minimo_pretos_pardos", "artigo_comissao_pretos_pardos"),
            ("comissao_minimo_estaveis", "artigo_comissao_estaveis"),
            ("comissao_diversidade_genero", "comissao_diversidade_cor", "artigo_comissao_diversidade"),
            ("comissao_presidente_carreira", "artigo_comissao_presidente"),
            ("comissao_reputacao", "artigo_comissao_reputacao"),
            ("comissao_residencia_anos", "artigo_comissao_residencia"),
            ("comissao_escolaridade_edital", "artigo_comissao_escolaridade"),
            ("comissao_confidencialidade", "artigo_confidencialidade"), "artigo_sigilo_entrevistas",
            ("sigilo_membros", "artigo_sigilo_membros"),
            ("curriculos_publicos", "artigo_curriculos"), ("gravacao", "artigo_gravacao"),
            "artigo_deliberacao", "artigo_fenotipo", "artigo_silencio", "artigo_momento",
            "artigo_validade_comissao", ("maioria", "artigo_maioria"), ("votacao_secreta", "artigo_votacao"),
            ("forma_deliberacao", "artigo_forma_deliberacao"), ("recurso", "artigo_recurso")]}),
        ("Monitoramento, cargos em comissão e estágios", {
            "description": "O que a lei exige além dos concursos: o piso nos cargos em comissão e nos estágios, a "
                           "comissão que acompanha a lei e os relatórios, cada um com o seu artigo. Em branco, o "
                           "sistema não cobra o que a lei não pede.",
            "fields": [
                "artigo_piso_comissao", "artigo_piso_estagio", "artigo_autodeclaracao_servidores",
                "artigo_indicadores", "artigo_monitoramento",
                ("monitoramento_unidades", "monitoramento_representante_por_grupo"),
                "artigo_composicao_monitoramento", ("relatorio_anual_mes", "artigo_relatorio_anual"),
                ("relatorio_conclusivo_anos", "artigo_relatorio_conclusivo")]}),
        ("Texto integral", {"fields": ["texto_integral"]}),
        ("Outras regras", {"fields": ["observacoes"]}),
    ]
    # Os grupos de reserva aparecem depois deste número de blocos (templates/admin/legislacao/lei/change_form.html).
    blocos_antes_dos_grupos = 3

    class Media:
        css = {"all": ["legislacao/legislacao.css"]}

    # ---- lista ----

    def get_queryset(self, request):
        posterior = Lei.objects.filter(versao_anterior=OuterRef("pk"))
        return super().get_queryset(request).annotate(tem_versao_posterior=Exists(posterior))

    @admin.display(description="município/UF", ordering="municipio__nome")
    def local(self, lei: Lei) -> str:
        if lei.esfera == Esfera.MUNICIPAL:
            local = str(lei.municipio)
        else:
            local = lei.get_esfera_display() + (f" ({lei.uf})" if lei.uf else "")
        # O identificador vai abaixo do município (é o nome usado nos comandos), sem ocupar outra coluna.
        return format_html('{}<br><span class="lei-slug">{}</span>', local, lei.slug)

    @admin.display(description="número", ordering="numero")
    def numero_lei(self, lei: Lei) -> str:
        return lei.numero or "—"

    @admin.display(description="publicação", ordering="data_publicacao")
    def publicacao(self, lei: Lei) -> str:
        return f"{lei.data_publicacao:%d/%m/%Y}" if lei.data_publicacao else "—"

    @admin.display(description="vigência")
    def vigencia(self, lei: Lei) -> str:
        situacao = lei.situacao_vigencia(timezone.localdate())
        if lei.data_publicacao is None:
            return format_html('<span class="lei-alerta" title="{}">{}</span>',
                               "Informe a data de publicação para que a lei se aplique a editais.", situacao)
        if situacao.startswith("Vigência encerrada"):
            return format_html('<span class="lei-encerrada">{}</span>', situacao)
        return situacao

    @admin.display(description="versão", ordering="versao")
    def versao_lista(self, lei: Lei) -> str:
        if getattr(lei, "tem_versao_posterior", False):
            return format_html('{} <span class="lei-substituida">(substituída)</span>', lei.versao)
        return str(lei.versao)

    # ---- ficha ----

    @admin.display(description="versão")
    def versao_info(self, lei: Lei) -> str:
        partes = [format_html("<strong>{}</strong>", lei.versao)]
        if lei.versao_anterior_id:
            url = reverse("admin:legislacao_lei_change", args=[lei.versao_anterior_id])
            partes.append(format_html('— substitui a <a href="{}">versão {}</a>', url, lei.versao - 1))
        posterior = Lei.objects.filter(versao_anterior=lei).only("pk", "versao").first()
        if posterior:
            url = reverse("admin:legislacao_lei_change", args=[posterior.pk])
            partes.append(format_html('— substituída pela <a href="{}">versão {}</a>', url, posterior.versao))
        return format_html(" ".join(["{}"] * len(partes)), *partes)

    @admin.display(description="situação hoje")
    def situacao_vigencia(self, lei: Lei) -> str:
        return self.vigencia(lei)

    @admin.display(description="em resumo")
    def abrangencia_resumo(self, lei: Lei) -> str:
        texto = abrangencia(lei)
        return format_html('<span class="lei-abrangencia">Órgãos: {}.<br>Seleções: {}.</span>', texto.orgaos,
                           texto.tipos)

    @admin.display(description="texto")
    def texto_integral(self, lei: Lei) -> str:
        return format_html('<pre class="lei-texto" tabindex="0" aria-label="Texto integral da lei">{}</pre>',
                           lei.texto)

    def get_fieldsets(self, request, obj=None):
        if obj is not None:
            return self.fieldsets_lei
        # No cadastro o texto é digitado (ou colado); depois ele só se lê, como o resto de uma lei publicada.
        fieldsets = []
        for nome, opcoes in self.fieldsets_lei:
            campos = [c for c in opcoes["fields"]
                      if c not in ("situacao_vigencia", ("versao_info", "congelada"), "abrangencia_resumo")]
            campos = ["texto" if c == "texto_integral" else c for c in campos]
            fieldsets.append((nome, {**opcoes, "fields": campos}))
        return fieldsets

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        somente_leitura = ["versao_info", "congelada", "situacao_vigencia", "abrangencia_resumo", "texto_integral"]
        if obj.congelada:
            # O modelo ainda aceita completar as observações e, enquanto em branco, a data de publicação e o
            # encerramento da vigência.
            permitidos = set(CAMPOS_PERMITIDOS_CONGELADA)
            permitidos |= {c for c in CAMPOS_PREENCHIVEIS_CONGELADA if getattr(obj, c) in (None, "")}
            somente_leitura += [f.name for f in Lei._meta.concrete_fields
                                if f.editable and f.name != "texto" and f.name not in permitidos]
        return somente_leitura

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "texto":
            kwargs["widget"] = Textarea(attrs={"rows": 20, "class": "lei-texto-entrada"})
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.congelada)

    def get_deleted_objects(self, objs, request):
        apagaveis, contagem, permissoes, protegidos = super().get_deleted_objects(objs, request)
        protegidos = list(protegidos) + [f"{lei} — congelada: usada por edital publicado" for lei in objs
                                         if lei.congelada]
        return apagaveis, contagem, permissoes, protegidos

    def revert_disabled(self, request, obj=None):
        if obj is not None and Lei.objects.filter(pk=obj.pk, congelada=True).exists():
            return True
        return super().revert_disabled(request, obj)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        # Reverter uma lei congelada a um registro anterior reescreveria regras já publicadas.
        if request.method == "POST" and Lei.objects.filter(pk=object_id, congelada=True).exists():
            raise PermissionDenied(AVISO_CONGELADA)
        return super().history_form_view(request, object_id, version_id, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "blocos_antes_dos_grupos": self.blocos_antes_dos_grupos}
        lei = self.get_object(request, object_id)
        if lei is not None:
            extra_context["pode_criar_versao"] = self.has_add_permission(request)
            extra_context["versao_posterior"] = Lei.objects.filter(versao_anterior=lei).first()
        return super().change_view(request, object_id, form_url, extra_context)

    def add_view(self, request, form_url="", extra_context=None):
        extra_context = {**(extra_context or {}), "blocos_antes_dos_grupos": self.blocos_antes_dos_grupos}
        return super().add_view(request, form_url, extra_context)

    # ---- versões ----

    @admin.action(description="Criar nova versão das leis selecionadas", permissions=["add"])
    def criar_nova_versao(self, request, queryset):
        for lei in queryset:
            self._nova_versao(request, lei)

    def _nova_versao(self, request, lei: Lei) -> Lei | None:
        try:
            nova = lei_nova_versao(lei=lei)
        except ValueError as erro:
            self.message_user(request, f"{lei.slug}: {erro}", messages.ERROR)
            return None
        self.log_addition(request, nova, f"Criada como versão {nova.versao}, a partir da versão {lei.versao}.")
        grupos = nova.grupos.count()
        self.message_user(
            request,
            f"Criada a versão {nova.versao} de «{nova.slug}», com {plural(grupos, 'grupo')} de reserva "
            f"{'copiado' if grupos == 1 else 'copiados'}. "
            f"Os editais já publicados continuam com a versão {lei.versao}; os novos usarão a versão {nova.versao}.",
            messages.SUCCESS)
        return nova

    def nova_versao_view(self, request, object_id):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_add_permission(request):
            raise PermissionDenied
        lei = self.get_object(request, object_id)
        if lei is None:
            raise Http404("Lei não encontrada.")
        nova = self._nova_versao(request, lei)
        destino = nova or lei
        return HttpResponseRedirect(reverse("admin:legislacao_lei_change", args=[destino.pk]))

    # ---- ferramentas ----

    def get_urls(self):
        site = self.admin_site
        return [
            path("simulador/", site.admin_view(self.simulador_view), name="legislacao_simulador"),
            path("qual-lei/", site.admin_view(self.qual_lei_view), name="legislacao_qual_lei"),
            path("decisoes/<slug:nome>/", site.admin_view(self.decisao_view), name="legislacao_decisao"),
            path("<path:object_id>/nova-versao/", site.admin_view(self.nova_versao_view),
                 name="legislacao_lei_nova_versao"),
            *super().get_urls(),
        ]

    def _exigir_consulta(self, request) -> None:
        # As ferramentas só leem leis: basta poder consultá-las (legislacao.view_lei, ou change_lei).
        if not self.has_view_permission(request):
            raise PermissionDenied

    def _contexto(self, request, titulo: str, *, usa_municipios: bool = False, **extra) -> dict:
        return {
            **self.admin_site.each_context(request),
            "title": titulo,
            "opts": self.opts,
            # Sugestões para o campo «Município» (datalist): os municípios com lei cadastrada.
            "usa_municipios": usa_municipios,
            "municipios_com_lei": (Lei.objects.vigentes_versoes().filter(esfera=Esfera.MUNICIPAL)
                                   .order_by("municipio__nome").values_list("municipio__nome", "municipio__uf")
                                   .distinct()),
            **extra,
        }

    @method_decorator(limite_em_fluxo("simulador"))
    def simulador_view(self, request):
        self._exigir_consulta(request)
        simulacao = aplicabilidade = erros_csv = None
        if request.method == "POST":
            form = SimuladorForm(request.POST, request.FILES)
            if form.is_valid():
                dados = form.cleaned_data
                lei = dados["lei"]
                if lei is None:
                    aplicabilidade = form.aplicabilidade()
                    lei = aplicabilidade.lei
                    if lei is None:
                        form.add_error(None, "Nenhuma lei cadastrada se aplica a esse edital; veja os motivos "
                                             "abaixo.")
                candidatos = None
                if lei is not None and dados["candidatos"]:
                    try:
                        candidatos = ler_candidatos(dados["candidatos"].read())
                    except ErroEntrada as erro:
                        erros_csv = erro.erros
                if lei is not None:
                    try:
                        simulacao = simular(lei=lei, vagas=dados["vagas"], vagas_pcd=dados["vagas_pcd"],
                                            posicoes=dados["posicoes"], candidatos=candidatos,
                                            regra_pcd=form.regra_pcd(), item_criterio=dados["item_criterio"])
                    except motor.ErroRegras as erro:
                        form.add_error(None, str(erro))
        else:
            form = SimuladorForm(initial={"lei": request.GET.get("lei")})
        decisao = DECISOES / f"{DECISAO_POSICOES}.md"
        contexto = self._contexto(
            request, "Simulador do quadro de vagas", usa_municipios=True,
            form=form, adminform=helpers.AdminForm(form, SIMULADOR_BLOCOS, {}),
            simulacao=simulacao, aplicabilidade=aplicabilidade, erros_csv=erros_csv,
            colunas_csv=COLUNAS, media=Media(js=["admin/js/core.js"]) + form.media,
            decisao_arquivo=motor.DECISAO_POSICOES,
            decisao_url=reverse("admin:legislacao_decisao", args=[DECISAO_POSICOES]) if decisao.exists() else "",
        )
        return TemplateResponse(request, "admin/legislacao/lei/simulador.html", contexto)

    def qual_lei_view(self, request):
        self._exigir_consulta(request)
        form = QualLeiForm(request.GET or None)
        aplicabilidade = None
        fora = []
        if form.is_valid():
            dados = form.cleaned_data
            aplicabilidade = form.aplicabilidade()
            if aplicabilidade.lei is not None:
                fora = fora_da_abrangencia(aplicabilidade.lei, poder=dados["poder"], natureza=dados["natureza"],
                                           selecoes=(dados["selecao"],) if dados["selecao"] else ())
        contexto = self._contexto(request, "Qual lei se aplica?", usa_municipios=True, form=form,
                                  aplicabilidade=aplicabilidade, fora_da_abrangencia=fora,
                                  adminform=helpers.AdminForm(form, QUAL_LEI_BLOCOS, {}),
                                  media=Media(js=["admin/js/core.js"]) + form.media)
        return TemplateResponse(request, "admin/legislacao/lei/qual_lei.html", contexto)

    def decisao_view(self, request, nome: str):
        self._exigir_consulta(request)
        arquivo = DECISOES / f"{nome}.md"
        if not arquivo.is_file():
            raise Http404("Registro de decisão não encontrado.")
        contexto = self._contexto(request, f"Decisão {nome[:4]}", texto=arquivo.read_text(encoding="utf-8"),
                                  arquivo=f"docs/decisoes/{nome}.md")
        return TemplateResponse(request, "admin/legislacao/lei/decisao.html", contexto)

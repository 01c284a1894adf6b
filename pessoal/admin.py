"""As telas do quadro de pessoal: nomeações para cargos em comissão, contratos de estágio, servidores com as
autodeclarações e a importação do arquivo do RH.

Cor ou raça é dado sensível (LGPD art. 5º, II, e art. 11): a coluna, o filtro e os campos da ficha só aparecem a quem
tem `pessoal.ver_autodeclaracao_do_pessoal`, cada acesso registrado (nucleo/acessos.py), e o filtro digitado na URL por
quem não a tem é recusado (nucleo/filtros.py). Cada conta vê só os seus órgãos (RecorteOrgaoAdmin). A ficha de uma
nomeação ou de um contrato não se edita: exonerar, encerrar e tornar sem efeito são atos, com página própria
(pessoal/services.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.forms import Media
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from concursos.admin.importacao import resposta_do_modelo
from concursos.models import CorRaca
from documentos.envios import conferir_csv, conferir_tamanho, conferir_xlsx
from nucleo.acessos import TipoAcesso, filtros_sensiveis, registrar_acesso_na_requisicao, registrar_acessos_por_orgao
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin, orgaos_do_usuario, recortar_campos
from nucleo.servicos import ErroOperacao
from pessoal import importacao, services
from pessoal import modelo as modelo_rh
from pessoal.models import (
    AtoPessoal,
    AutodeclaracaoServidor,
    ContratoEstagio,
    ImportacaoRH,
    NomeacaoComissao,
    Servidor,
    TipoArquivoRH,
)

PERMISSAO_SENSIVEIS = "pessoal.ver_autodeclaracao_do_pessoal"
CAMPOS_SENSIVEIS = ("cor_raca", "quilombola", "autodeclaracao_em")
# O filtro da lista de servidores pela cor ou raça vigente (a da autodeclaração mais recente).
FILTRO_COR_VIGENTE = "cor_vigente"


def pode_ver_sensiveis(request) -> bool:
    return request.user.has_perm(PERMISSAO_SENSIVEIS)


def _orgao_inicial(request, inicial: dict) -> dict:
    orgaos = orgaos_do_usuario(request.user)
    if orgaos is not None and len(orgaos) == 1:
        inicial.setdefault("orgao", next(iter(orgaos)))
    return inicial


class SensivelMixin:
    """A coluna «cor/raça», os filtros e os campos da autodeclaração só para quem pode vê-los; a lista e a ficha que os
    mostraram ficam no registro de acessos (LGPD art. 37), no órgão de cada linha."""

    filtros: tuple = ()
    filtros_sensiveis: tuple = ()
    descricao_da_lista = ""

    def get_list_display(self, request):
        return [*self.list_display, "cor"] if pode_ver_sensiveis(request) else self.list_display

    def get_list_filter(self, request):
        return [*self.filtros, *self.filtros_sensiveis] if pode_ver_sensiveis(request) else list(self.filtros)

    def changelist_view(self, request, extra_context=None):
        resposta = super().changelist_view(request, extra_context)
        cl = (getattr(resposta, "context_data", None) or {}).get("cl")
        if cl is not None and pode_ver_sensiveis(request):
            filtro = filtros_sensiveis(request.GET, (*CAMPOS_SENSIVEIS, FILTRO_COR_VIGENTE))
            quantidades = Counter(obj.orgao_id for obj in cl.result_list)
            registrar_acessos_por_orgao(
                request, dict(quantidades) or {_orgao_unico(request): 0}, filtro=filtro,
                tipo=TipoAcesso.FILTRO if filtro else TipoAcesso.LISTA,
                descricao=f"Lista de {self.opts.verbose_name_plural} com cor ou raça")
        return resposta

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and pode_ver_sensiveis(request):
            registrar_acesso_na_requisicao(request, tipo=TipoAcesso.FICHA, orgao_id=obj.orgao_id, objeto=obj,
                                           descricao=f"{obj._meta.verbose_name} {obj}")
        return super().render_change_form(request, context, add, change, form_url, obj)


def _orgao_unico(request) -> int | None:
    orgaos = orgaos_do_usuario(request.user)
    return next(iter(orgaos)) if orgaos is not None and len(orgaos) == 1 else None


class AtosInline(RecorteOrgaoAdmin, admin.TabularInline):
    """Os atos registrados, na ficha: só leitura, e nenhum se apaga."""

    model = AtoPessoal
    fields = ["tipo", "data", "ato", "motivo", "usuario", "registrado_em"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "atos registrados"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class AtoForm(forms.Form):
    data = forms.DateField(label="Data", help_text="dd/mm/aaaa",
                           widget=forms.DateInput(attrs={"placeholder": "dd/mm/aaaa", "size": 10}))
    ato = forms.CharField(label="Ato publicado", max_length=200, widget=forms.TextInput(attrs={"size": 50}),
                          help_text="P. ex. «Portaria nº 45/2023».")
    motivo = forms.CharField(label="Motivo", max_length=2000, widget=forms.Textarea(attrs={"rows": 3, "cols": 60}))


class QuadroForm(forms.ModelForm):
    def clean_cpf(self) -> str:
        # Aceita o CPF com ou sem pontuação; grava só os 11 dígitos (o validador do modelo confere os verificadores).
        return re.sub(r"\D", "", self.cleaned_data.get("cpf") or "")


class QuadroAdmin(RecorteOrgaoAdmin, SensivelMixin, HistoricoSoConsultaAdmin):
    """O que as nomeações e os contratos de estágio têm em comum: o cadastro pelo serviço do ato, a ficha só de leitura
    e as páginas dos atos seguintes."""

    caminho_orgao = "orgao"
    form = QuadroForm
    inlines = [AtosInline]
    search_fields = ["nome"]
    filtros_sensiveis = ("cor_raca", "quilombola")
    # (nome da URL, título, botão, serviço, se cabe ao objeto, campo da data no serviço)
    acoes: tuple = ()
    campos_do_cadastro: tuple = ()

    @admin.display(description="cor/raça")
    def cor(self, obj) -> str:
        return obj.get_cor_raca_display() or ("quilombola" if obj.quilombola else "não informada")

    def get_fields(self, request, obj=None):
        campos = list(self.campos_do_cadastro)
        if pode_ver_sensiveis(request):
            campos += list(CAMPOS_SENSIVEIS)
        return campos

    def get_form(self, request, obj=None, **kwargs):
        kwargs["fields"] = [c for c in self.get_fields(request, obj) if c not in self.get_readonly_fields(request, obj)]
        return super().get_form(request, obj, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request) if obj is not None else []

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "cpf":
            return forms.CharField(label="CPF", max_length=14, required=False,
                                   help_text="Opcional; com ou sem pontuação: 123.456.789-09.")
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def get_changeform_initial_data(self, request):
        return _orgao_inicial(request, super().get_changeform_initial_data(request))

    def has_delete_permission(self, request, obj=None):
        return False

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method == "POST":
            raise PermissionDenied  # a ficha só se consulta: o que muda são os atos, cada um com a sua página
        objeto = self.get_object(request, object_id)
        botoes = []
        if objeto is not None and self.has_change_permission(request, objeto):
            botoes = [(reverse(f"admin:{self._info}_{nome}", args=[objeto.pk]), titulo)
                      for nome, titulo, _botao, _servico, cabe, _data in self.acoes if cabe(objeto)]
        contexto = {**(extra_context or {}), "show_save": False, "show_save_and_continue": False,
                    "show_save_and_add_another": False, "botoes_dos_atos": botoes}
        return super().change_view(request, object_id, form_url, contexto)

    @property
    def _info(self) -> str:
        return f"{self.opts.app_label}_{self.opts.model_name}"

    def get_urls(self):
        proprias = [path(f"<path:object_id>/{nome}/", self.admin_site.admin_view(self._view_do_ato(nome)),
                         name=f"{self._info}_{nome}") for nome, *_ in self.acoes]
        return [*proprias, *super().get_urls()]

    def _view_do_ato(self, nome: str) -> Callable:
        _nome, titulo, botao, servico, cabe, campo_data = next(a for a in self.acoes if a[0] == nome)

        def view(request, object_id):
            objeto = self.get_object(request, object_id)
            if objeto is None:
                raise Http404
            if not self.has_change_permission(request, objeto):
                raise PermissionDenied
            ficha = reverse(f"admin:{self._info}_change", args=[objeto.pk])
            if not cabe(objeto):
                return redirect(ficha)
            form = AtoForm(request.POST if request.method == "POST" else None)
            if request.method == "POST" and form.is_valid():
                dados = form.cleaned_data
                try:
                    registro = servico(objeto, **{campo_data: dados["data"]}, ato=dados["ato"],
                                       motivo=dados["motivo"], usuario=request.user)
                except ErroOperacao as erro:
                    self.message_user(request, str(erro), messages.ERROR)
                else:
                    self.message_user(request, f"{titulo}: registrado.", messages.SUCCESS)
                    if registro.aviso:
                        self.message_user(request, registro.aviso, messages.WARNING)
                    return redirect(ficha)
            contexto = {**self.admin_site.each_context(request), "title": f"{titulo} — {objeto}", "opts": self.opts,
                        "objeto": objeto, "url_objeto": ficha, "form": form, "botao": botao, "cancelar": ficha,
                        "adminform": helpers.AdminForm(form, [(None, {"fields": list(form.fields)})], {}),
                        "media": Media(js=["admin/js/core.js"]) + form.media}
            return TemplateResponse(request, "admin/pessoal/acao.html", contexto)

        return view

    def changelist_view(self, request, extra_context=None):
        contexto = {**(extra_context or {}), "url_importar": reverse("admin:pessoal_importacaorh_importar")}
        return super().changelist_view(request, contexto)

    def save_model(self, request, obj, form, change):
        # Só o cadastro passa por aqui (a ficha não aceita POST): o serviço do ato grava, com o aviso do piso.
        dados = {campo: form.cleaned_data[campo] for campo in form.cleaned_data}
        registro = self.registrar(dados, request.user)
        obj.pk = registro.objeto.pk
        obj._state.adding = False
        if registro.aviso:
            self.message_user(request, registro.aviso, messages.WARNING)

    def registrar(self, dados: dict, usuario):
        raise NotImplementedError


def _exonerar(nomeacao, *, data, **kwargs):
    return services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=data, **kwargs)


def _exoneracao_sem_efeito(nomeacao, **kwargs):
    return services.exoneracao_tornar_sem_efeito(nomeacao=nomeacao, **kwargs)


def _encerrar(contrato, *, data, **kwargs):
    return services.estagio_encerrar(contrato=contrato, encerrado_em=data, **kwargs)


def _encerramento_sem_efeito(contrato, **kwargs):
    return services.encerramento_tornar_sem_efeito(contrato=contrato, **kwargs)


@admin.register(NomeacaoComissao)
class NomeacaoComissaoAdmin(QuadroAdmin):
    list_display = ["nome", "cargo", "simbolo", "orgao", "nomeado_em", "exonerado_em"]
    filtros = ("orgao", "genero", "nomeado_em", "exonerado_em")
    date_hierarchy = "nomeado_em"
    campos_do_cadastro = ("orgao", "nome", "cpf", "genero", "cargo", "simbolo", "nomeado_em", "ato_nomeacao",
                          "exonerado_em", "ato_exoneracao")
    acoes = (
        ("exonerar", "Exonerar", "Registrar a exoneração", _exonerar, lambda n: n.exonerado_em is None, "data"),
        ("exoneracao_sem_efeito", "Tornar sem efeito a exoneração", "Tornar sem efeito", _exoneracao_sem_efeito,
         lambda n: n.exonerado_em is not None, "data"),
    )

    def get_fields(self, request, obj=None):
        campos = super().get_fields(request, obj)
        return campos if obj is not None else [c for c in campos if c not in ("exonerado_em", "ato_exoneracao")]

    def registrar(self, dados: dict, usuario):
        return services.nomeacao_registrar(
            orgao=dados["orgao"], nome=dados["nome"], cpf=dados["cpf"], genero=dados["genero"], cargo=dados["cargo"],
            simbolo=dados["simbolo"], nomeado_em=dados["nomeado_em"], ato=dados["ato_nomeacao"], usuario=usuario,
            cor_raca=dados.get("cor_raca", ""), quilombola=dados.get("quilombola", False),
            autodeclaracao_em=dados.get("autodeclaracao_em"), motivo="Cadastro pelo admin")


@admin.register(ContratoEstagio)
class ContratoEstagioAdmin(QuadroAdmin):
    list_display = ["nome", "instituicao", "curso", "orgao", "inicio", "termino_previsto", "encerrado_em"]
    filtros = ("orgao", "genero", "inicio", "encerrado_em")
    date_hierarchy = "inicio"
    campos_do_cadastro = ("orgao", "nome", "cpf", "genero", "instituicao", "curso", "inicio", "termino_previsto",
                          "ato_contratacao", "encerrado_em", "ato_encerramento")
    acoes = (
        ("encerrar", "Encerrar o estágio", "Registrar o encerramento", _encerrar,
         lambda c: c.encerrado_em is None, "data"),
        ("encerramento_sem_efeito", "Tornar sem efeito o encerramento", "Tornar sem efeito",
         _encerramento_sem_efeito, lambda c: c.encerrado_em is not None, "data"),
    )

    def get_fields(self, request, obj=None):
        campos = super().get_fields(request, obj)
        return campos if obj is not None else [c for c in campos if c not in ("encerrado_em", "ato_encerramento")]

    def registrar(self, dados: dict, usuario):
        return services.estagio_contratar(
            orgao=dados["orgao"], nome=dados["nome"], cpf=dados["cpf"], genero=dados["genero"],
            instituicao=dados["instituicao"], curso=dados["curso"], inicio=dados["inicio"],
            termino_previsto=dados["termino_previsto"], ato=dados["ato_contratacao"], usuario=usuario,
            cor_raca=dados.get("cor_raca", ""), quilombola=dados.get("quilombola", False),
            autodeclaracao_em=dados.get("autodeclaracao_em"), motivo="Cadastro pelo admin")


# ---------------------------------------------------------------- servidores


class CorVigenteFiltro(admin.SimpleListFilter):
    """A cor ou raça da autodeclaração mais recente do servidor (ou «não informada»)."""

    title = "cor ou raça (autodeclaração vigente)"
    parameter_name = FILTRO_COR_VIGENTE

    def lookups(self, request, model_admin):
        return [*CorRaca.choices, ("nao_informada", "Não informada")]

    def queryset(self, request, queryset):
        valor = self.value()
        if not valor:
            return queryset
        vigente = AutodeclaracaoServidor.objects.filter(servidor=OuterRef("pk")).order_by("-data", "-pk")
        queryset = queryset.annotate(_cor_vigente=Subquery(vigente.values("cor_raca")[:1]))
        if valor == "nao_informada":
            return queryset.filter(_cor_vigente__isnull=True) | queryset.filter(_cor_vigente="")
        return queryset.filter(_cor_vigente=valor)


class AutodeclaracoesInline(RecorteOrgaoAdmin, admin.TabularInline):
    """O histórico das autodeclarações (só para quem vê dados sensíveis): acrescenta-se uma nova, nenhuma se muda nem
    se apaga (Ubatuba art. 10)."""

    model = AutodeclaracaoServidor
    caminho_orgao = "servidor__orgao"
    fields = ["data", "cor_raca", "quilombola", "registrada_em", "registrada_por", "importacao"]
    readonly_fields = ["registrada_em", "registrada_por", "importacao"]
    extra = 0
    can_delete = False
    verbose_name_plural = "autodeclarações (a vigente é a mais recente)"

    def has_change_permission(self, request, obj=None):
        return False

    # As permissões são as do servidor: a autodeclaração é parte da ficha dele, para quem vê dados sensíveis.
    def has_view_permission(self, request, obj=None):
        return pode_ver_sensiveis(request) and request.user.has_perm("pessoal.view_servidor")

    def has_add_permission(self, request, obj=None):
        return pode_ver_sensiveis(request) and request.user.has_perm("pessoal.change_servidor")


@admin.register(Servidor)
class ServidorAdmin(RecorteOrgaoAdmin, SensivelMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "orgao"
    list_display = ["matricula", "nome", "cargo", "vinculo", "genero", "orgao"]
    filtros = ("orgao", "vinculo", "genero")
    filtros_sensiveis = (CorVigenteFiltro,)
    search_fields = ["nome", "=matricula"]
    fields = ["orgao", "matricula", "nome", "cargo", "vinculo", "genero"]
    inlines = [AutodeclaracoesInline]

    def get_inlines(self, request, obj):
        return self.inlines if pode_ver_sensiveis(request) else []

    def get_queryset(self, request):
        consulta = super().get_queryset(request)
        if pode_ver_sensiveis(request):
            vigente = AutodeclaracaoServidor.objects.filter(servidor=OuterRef("pk")).order_by("-data", "-pk")
            consulta = consulta.annotate(_cor=Subquery(vigente.values("cor_raca")[:1]),
                                         _quilombola=Subquery(vigente.values("quilombola")[:1]))
        return consulta

    @admin.display(description="cor/raça (vigente)")
    def cor(self, servidor: Servidor) -> str:
        cor = CorRaca(servidor._cor).label if getattr(servidor, "_cor", "") else ""
        quilombola = "quilombola" if getattr(servidor, "_quilombola", False) else ""
        return ", ".join(filter(None, (cor, quilombola))) or "não informada"

    def get_readonly_fields(self, request, obj=None):
        return ["orgao", "matricula"] if obj is not None else []

    def get_changeform_initial_data(self, request):
        return _orgao_inicial(request, super().get_changeform_initial_data(request))

    def has_delete_permission(self, request, obj=None):
        return False

    def save_formset(self, request, form, formset, change):
        # Cada autodeclaração nova passa pelo serviço: o histórico se acrescenta, nunca se reescreve.
        for declaracao in formset.save(commit=False):
            try:
                services.servidor_autodeclarar(servidor=form.instance, data=declaracao.data, usuario=request.user,
                                               cor_raca=declaracao.cor_raca, quilombola=declaracao.quilombola)
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)

    def changelist_view(self, request, extra_context=None):
        contexto = {**(extra_context or {}), "url_importar": reverse("admin:pessoal_importacaorh_importar")}
        return super().changelist_view(request, contexto)


# ---------------------------------------------------------------- importação


class ImportacaoForm(forms.Form):
    orgao = forms.ModelChoiceField(label="Órgão ou entidade", queryset=None)
    tipo = forms.ChoiceField(label="Arquivo de", choices=TipoArquivoRH.choices)
    arquivo = forms.FileField(label="Arquivo do sistema de RH",
                              help_text="CSV (UTF-8, vírgula ou ponto e vírgula) ou XLSX, com o cabeçalho na primeira "
                                        "linha.")

    def __init__(self, *args, **kwargs):
        from nucleo.models import Orgao

        super().__init__(*args, **kwargs)
        self.fields["orgao"].queryset = Orgao.objects.all()

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        nome = arquivo.name.lower()
        if not nome.endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError("Envie um arquivo .csv ou .xlsx (a planilha .xls antiga não é aceita: salve "
                                        "como .xlsx).")
        conferir_tamanho(arquivo, "importacao")
        (conferir_xlsx if nome.endswith(".xlsx") else conferir_csv)(arquivo)
        return arquivo


@admin.register(ImportacaoRH)
class ImportacaoRHAdmin(RecorteOrgaoAdmin, admin.ModelAdmin):
    """As importações feitas (quem, quando, o SHA-256 e o resultado) e a tela «Importar arquivo do RH»."""

    caminho_orgao = "orgao"
    list_display = ["nome_original", "tipo", "orgao", "criada_por", "criada_em", "confirmada_em", "resumo"]
    list_filter = ["orgao", "tipo"]
    fields = ["orgao", "tipo", "nome_original", "sha256", "linhas", "resumo", "criada_por", "criada_em",
              "confirmada_em"]
    readonly_fields = fields

    PERMISSOES = ("pessoal.add_servidor", "pessoal.add_nomeacaocomissao", "pessoal.add_contratoestagio")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def _pode_importar(self, request) -> bool:
        return all(request.user.has_perm(p) for p in self.PERMISSOES)

    def get_urls(self):
        return [path("importar/", self.admin_site.admin_view(self.importar_view), name="pessoal_importacaorh_importar"),
                path("importar/modelo-<str:tipo>.<str:formato>", self.admin_site.admin_view(self.modelo_view),
                     name="pessoal_importacaorh_modelo"),
                path("<path:object_id>/confirmar/", self.admin_site.admin_view(self.confirmar_view),
                     name="pessoal_importacaorh_confirmar"),
                *super().get_urls()]

    def modelo_view(self, request, tipo: str, formato: str):
        """O modelo do arquivo `tipo` para baixar: o cabeçalho, uma linha de exemplo e, no XLSX, os valores
        permitidos."""
        if not self._pode_importar(request):
            raise PermissionDenied
        if tipo not in TipoArquivoRH.values or formato not in ("csv", "xlsx"):
            raise Http404("Modelo desconhecido.")
        return resposta_do_modelo(modelo_rh.modelo(tipo, formato), formato, modelo_rh.nome_do_arquivo(tipo, formato))

    def _pagina(self, request, titulo: str, **extra) -> TemplateResponse:
        leiautes = [(TipoArquivoRH(tipo).label, "; ".join(c.nome for c in colunas), tipo)
                    for tipo, colunas in importacao.LEIAUTES.items()]
        return TemplateResponse(request, "admin/pessoal/importacao.html", {
            **self.admin_site.each_context(request), "title": titulo, "opts": self.opts, "leiautes": leiautes,
            "media": Media(js=["admin/js/core.js"]), **extra})

    def importar_view(self, request):
        if not self._pode_importar(request):
            raise PermissionDenied
        form = ImportacaoForm(request.POST or None, request.FILES or None,
                              initial=_orgao_inicial(request, {}))
        recortar_campos(form, request.user, self.admin_site)
        extra = {}
        if request.method == "POST" and form.is_valid():
            arquivo = form.cleaned_data["arquivo"]
            registro = importacao.criar_importacao(orgao=form.cleaned_data["orgao"], tipo=form.cleaned_data["tipo"],
                                                   nome=arquivo.name, conteudo=arquivo.read(), usuario=request.user)
            extra = self._simular(request, registro)
            if "resultado" in extra:
                return self._pagina(request, "Importar arquivo do RH: simulação", **extra)
        return self._pagina(request, "Importar arquivo do RH", form=form,
                            adminform=helpers.AdminForm(form, [(None, {"fields": list(form.fields)})], {}), **extra)

    def _simular(self, request, registro: ImportacaoRH) -> dict:
        try:
            resultado = importacao.importar(importacao=registro, usuario=request.user, simular=True)
        except importacao.ErroImportacao as exc:
            ImportacaoRH.objects.filter(pk=registro.pk).update(conteudo=b"", resumo="Recusado: erros no arquivo.")
            return {"erros": [str(e) for e in exc.erros]}
        self._registrar_previa(request, registro, resultado)
        return {"resultado": resultado, "importacao": registro,
                "url_confirmar": reverse("admin:pessoal_importacaorh_confirmar", args=[registro.pk])}

    @staticmethod
    def _registrar_previa(request, registro: ImportacaoRH, resultado) -> None:
        # O arquivo traz cor ou raça: a simulação que o leu fica no registro de acessos, como a prévia da banca.
        registrar_acesso_na_requisicao(request, tipo=TipoAcesso.PREVIA, orgao_id=registro.orgao_id,
                                       quantidade=resultado.linhas, objeto=registro,
                                       descricao=f"Simulação da importação «{registro.nome_original}»")

    def confirmar_view(self, request, object_id):
        registro = self.get_object(request, object_id)
        if registro is None:
            raise Http404
        if not self._pode_importar(request):
            raise PermissionDenied
        if request.method != "POST" or registro.confirmada_em is not None or not registro.conteudo:
            return redirect(reverse("admin:pessoal_importacaorh_change", args=[registro.pk]))
        try:
            resultado = importacao.importar(importacao=registro, usuario=request.user, simular=False)
        except (importacao.ErroImportacao, ErroOperacao) as exc:
            erros = [str(e) for e in exc.erros] if isinstance(exc, importacao.ErroImportacao) else [str(exc)]
            return self._pagina(request, "Importar arquivo do RH", erros=erros)
        self.message_user(request, resultado.resumo, messages.SUCCESS)
        for aviso in resultado.avisos:
            self.message_user(request, aviso, messages.WARNING)
        destino = {TipoArquivoRH.SERVIDORES: "servidor", TipoArquivoRH.COMISSAO: "nomeacaocomissao",
                   TipoArquivoRH.ESTAGIO: "contratoestagio"}[registro.tipo]
        return redirect(reverse(f"admin:pessoal_{destino}_changelist"))


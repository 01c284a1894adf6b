"""A lista de inscrições (um milhão de linhas) e a ficha de cada uma."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html
from import_export.admin import ExportMixin

from concursos.admin.comum import (
    CAMPOS_SENSIVEIS_INSCRICAO,
    PARECE_NUMERO,
    POR_PAGINA,
    BuscaExataMixin,
    CargoFiltro,
    CertameFiltro,
    DadosSensiveisNaListaMixin,
    _buscar_por_nome,
    cadastros_do_cpf,
    pode_ver_sensiveis,
    so_digitos,
)
from concursos.admin.exportacao import ExportacaoEmSegundoPlanoMixin
from concursos.admin.resultado import PERMISSAO_ALTERAR_INSCRICAO, pode_mudar_o_resultado
from concursos.models import (
    CAMPOS_TRAVADOS,
    Certame,
    EstadoCertame,
    Inscricao,
    Situacao,
    formatar_cpf,
)
from concursos.selectors.comprovacao import grupos_da_inscricao
from concursos.services.inscricao import inscricao_salvar
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin


@admin.register(Inscricao)
class InscricaoAdmin(RecorteOrgaoAdmin, DadosSensiveisNaListaMixin, BuscaExataMixin, ExportacaoEmSegundoPlanoMixin,
                     ExportMixin, HistoricoSoConsultaAdmin):
    caminho_orgao = "certame__orgao"
    campos_sensiveis = CAMPOS_SENSIVEIS_INSCRICAO
    colunas_sensiveis = ("cotista", "cor", "deficiencia")
    list_display = ["numero", "nome_candidato", "cpf_formatado", "cargo_codigo", "classif", "nota", "situacao"]
    list_select_related = ["candidato", "cargo"]
    # Sem ações em massa: apagar inscrições aos milhares por engano mudaria as listas de classificação.
    actions = None
    list_per_page = POR_PAGINA
    search_fields = ["numero"]
    search_help_text = ("Número de inscrição ou CPF (com ou sem pontuação), exatos; ou o nome: o começo de cada "
                        "palavra, em qualquer ordem, com ou sem acento («joao silva» acha «João da Silva»).")
    # Igual ao índice inscricao_ordem_admin_idx: a primeira página sai do índice, sem ordenar um milhão de linhas;
    # certame + número é único, então a ordem é total (o admin não acrescenta -pk).
    ordering = ["certame_id", "cargo_id", "classificacao", "numero"]
    sortable_by = ["numero", "classif"]
    show_full_result_count = False
    show_facets = admin.ShowFacets.NEVER
    autocomplete_fields = ["candidato", "cargo"]
    history_list_display = ["situacao", "classificacao"]

    class Media:
        css = {"all": ["concursos/concursos.css"]}

    @admin.display(description="candidato", ordering="candidato__nome")
    def nome_candidato(self, inscricao: Inscricao) -> str:
        return str(inscricao.candidato)

    @admin.display(description="CPF")
    def cpf_formatado(self, inscricao: Inscricao) -> str:
        return formatar_cpf(inscricao.candidato.cpf)

    @admin.display(description="cargo")
    def cargo_codigo(self, inscricao: Inscricao) -> str:
        return format_html('<a href="{}" title="{}">{}</a>',
                           reverse("admin:concursos_cargo_painel", args=[inscricao.cargo_id]),
                           inscricao.cargo.nome, inscricao.cargo.codigo)

    # Cabeçalhos curtos: a lista divide a tela com os filtros.
    @admin.display(description="classif.", ordering="classificacao")
    def classif(self, inscricao: Inscricao):
        return inscricao.classificacao

    @admin.display(description="nota")
    def nota(self, inscricao: Inscricao):
        return inscricao.nota_final

    @admin.display(description="reserva", boolean=True)
    def cotista(self, inscricao: Inscricao) -> bool:
        return inscricao.reserva

    def has_delete_permission(self, request, obj=None):
        # Encerradas as inscrições, a inscrição é parte das listas (p. ex. Vargem Alta art. 3º): não se apaga.
        return super().has_delete_permission(request, obj) and not (obj and obj.certame.inscricoes_travadas)

    def get_list_filter(self, request):
        filtros = [CertameFiltro, CargoFiltro, "situacao"]
        if pode_ver_sensiveis(request):
            # A opção pela reserva diz a cor ou raça declarada (a versão de publicação da exportação também a
            # omite), e só cotistas passam pela heteroidentificação: filtrar por elas, como pela cor, só com a
            # permissão.
            filtros += ["reserva", "heteroidentificacao", "cor_raca", "pcd", "quilombola"]
        return filtros

    def get_fieldsets(self, request, obj=None):
        if pode_ver_sensiveis(request):
            declaracao = ["reserva", ("cor_raca", "quilombola", "pcd"), "autodeclaracao_em"]
        else:
            declaracao = ["autodeclaracao_em"]
        return [
            ("Inscrição", {"fields": ["certame", "cargo", "candidato", "numero"]}),
            ("Autodeclaração", {
                "description": "Encerradas as inscrições, a autodeclaração e a opção pela reserva não mudam mais"
                               f"{obj.certame.citar('artigo_autodeclaracao') if obj else ''}.",
                "fields": declaracao}),
            ("Resultado", {"fields": [("nota_final", "classificacao"), "situacao",
                                      *(["heteroidentificacao"] if pode_ver_sensiveis(request) else [])]}),
        ]

    def get_readonly_fields(self, request, obj=None):
        # A heteroidentificação é decisão da comissão (heteroidentificacao/services): nunca se digita na ficha.
        somente_leitura = ["heteroidentificacao"] if pode_ver_sensiveis(request) else []
        if obj is not None and obj.certame.inscricoes_travadas:
            travados = [c.removesuffix("_id") for c in CAMPOS_TRAVADOS]
            if not pode_ver_sensiveis(request):
                travados = [c for c in travados if c not in CAMPOS_SENSIVEIS_INSCRICAO]
            somente_leitura += ["certame", *travados]
        if obj is not None and obj.certame.alcancou(EstadoCertame.RESULTADO):
            # Publicado o resultado, a classificação e a situação mudam só por atos com registro (desistência,
            # anulação, eliminação, retificação da classificação ou do resultado pela importação), nunca editando a
            # ficha (decisão 0012).
            somente_leitura += ["nota_final", "classificacao", "situacao"]
        return somente_leitura

    def change_view(self, request, object_id, form_url="", extra_context=None):
        # Publicado o resultado, a ficha oferece os atos que o mudam (concursos/admin/resultado.py) e lista os feitos,
        # que só se consultam.
        inscricao = self.get_object(request, object_id)
        extra_context = dict(extra_context or {})
        if inscricao is not None:
            extra_context["atos"] = list(inscricao.atos_do_resultado.select_related("criado_por"))
        if inscricao is not None and pode_ver_sensiveis(request):
            # Os documentos que a lei exige para a reserva revelam a etnia: só com a permissão, e a ficha aberta já
            # vai ao registro de acessos (FichaSensivelMixin).
            extra_context.update(grupos_documentos=grupos_da_inscricao(inscricao),
                                 documentos=list(inscricao.documentos.select_related("registrado_por",
                                                                                     "conferido_por")),
                                 pode_conferir=request.user.has_perm(PERMISSAO_ALTERAR_INSCRICAO))
        if inscricao is not None and pode_mudar_o_resultado(request, inscricao):
            extra_context.update(atos_do_resultado=True,
                                 pode_eliminar=inscricao.situacao == Situacao.HABILITADO)
        return super().change_view(request, object_id, form_url, extra_context)

    def save_model(self, request, obj, form, change):
        # A ficha grava pelo escritor único do destino do candidato, com quem alterou e por onde.
        inscricao_salvar(inscricao=obj, usuario=request.user,
                         motivo="Ficha alterada no admin." if change else "Inscrição cadastrada no admin.")

    def has_add_permission(self, request):
        # Inscrever é registrar a autodeclaração (dado sensível): exige também a permissão de vê-la.
        return super().has_add_permission(request) and pode_ver_sensiveis(request)

    def get_search_results(self, request, queryset, search_term):
        termo = search_term.strip()
        if not termo:
            return queryset, False
        if PARECE_NUMERO.fullmatch(termo):
            request.busca_exata = True
            digitos = so_digitos(termo)
            filtro = Q(numero__in={termo, digitos})
            if len(digitos) == 11:
                # O CPF é resolvido antes (índice único do candidato, por órgão e CPF): um OR com a junção
                # impediria os índices.
                candidatos = list(cadastros_do_cpf(request.user, digitos).values_list("pk", flat=True))
                if candidatos:
                    filtro |= Q(candidato_id__in=candidatos)
            return queryset.filter(filtro), False
        if " " not in termo and any(c.isdigit() for c in termo):
            # Número de inscrição com letras (p. ex. «VA-000123»).
            request.busca_exata = True
            return queryset.filter(numero=termo), False
        return _buscar_por_nome(queryset, termo, "candidato__"), False

    # A exportação completa traz a autodeclaração; sem a permissão, só a versão de publicação (CPF mascarado).
    def get_export_resource_classes(self, request):
        from concursos.exportacao.recursos import InscricaoPublicacaoResource, InscricaoResource

        if pode_ver_sensiveis(request):
            return [InscricaoResource, InscricaoPublicacaoResource]
        return [InscricaoPublicacaoResource]

    def partes_do_nome_da_exportacao(self, queryset) -> list[str]:
        # A lista de um certame só diz de qual edital e de qual órgão é (dois órgãos têm um «Edital nº 001/2026»).
        certames = list(queryset.order_by().values_list("certame", flat=True).distinct()[:2])
        if len(certames) != 1:
            return []
        certame = Certame.objects.select_related("orgao").get(pk=certames[0])
        return ["edital", certame.numero_edital, certame.orgao.nome]


# ---------------------------------------------------------------- chamadas (só consulta)



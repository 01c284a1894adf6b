"""O que as telas do admin dos certames partilham: permissões de dados sensíveis, busca, filtros e o modo
só consulta."""

from __future__ import annotations

import re
from collections import Counter

from django.contrib import admin
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from simple_history.manager import SIMPLE_HISTORY_REVERSE_ATTR_NAME

from concursos.busca import palavras
from concursos.exportacao.geracao import requisicao_da_lista
from concursos.models import (
    Candidato,
    Cargo,
    Certame,
    EstadoCertame,
    Exportacao,
    Inscricao,
)
from concursos.paginacao import PaginadorEstimado
from nucleo.acessos import TipoAcesso, filtros_sensiveis, registrar_acesso_na_requisicao, registrar_acessos_por_orgao
from nucleo.models import Orgao
from nucleo.orgaos import orgaos_do_usuario, recortar

PERMISSAO_SENSIVEIS = "concursos.ver_dados_sensiveis"
PERMISSAO_CHAMAR = "concursos.add_chamada"
# Cor ou raça (origem racial ou étnica) e deficiência (saúde) são dados sensíveis: LGPD art. 5º, II, e art. 11.
CAMPOS_SENSIVEIS_CANDIDATO = ("cor_raca", "quilombola", "pcd")
# A opção pela reserva diz o grupo declarado (negro, indígena, quilombola), e o estado da heteroidentificação diz que
# houve a opção: sensíveis como a cor ou raça.
CAMPOS_SENSIVEIS_INSCRICAO = ("cor_raca", "quilombola", "pcd", "reserva", "heteroidentificacao")
POR_PAGINA = 100

# O nome de cada passo como botão e o que ele trava, para a página de confirmação; {artigo} é o dispositivo da lei
# congelada no certame (`explicacao_da_etapa`).
ACOES_ETAPA = {
    EstadoCertame.INSCRICOES_ENCERRADAS: (
        "Encerrar inscrições",
        "Encerradas as inscrições, a autodeclaração de cor ou raça e a opção pela reserva de cada inscrição não "
        "mudam mais{artigo}. Depois vêm a importação do resultado da banca e a sua publicação."),
    EstadoCertame.RESULTADO: (
        "Publicar resultado",
        "Publica o resultado importado da banca: as listas de classificação por cargo (geral, ampla, PcD e de cada "
        "grupo de reserva) passam a valer e a convocação inicial fica disponível. Exige a classificação importada."),
    EstadoCertame.HOMOLOGADO: (
        "Homologar",
        "Registra a homologação do resultado final na data informada. As chamadas seguintes (desistências e novas "
        "vagas no prazo de validade) continuam disponíveis."),
}


def explicacao_da_etapa(certame: Certame, seguinte: str) -> str:
    return ACOES_ETAPA[seguinte][1].format(artigo=certame.citar("artigo_autodeclaracao"))


def edital_com_orgao(certame: Certame, *, link: bool = True) -> str:
    """A coluna «edital» das listas: o número (com o link ao painel) e, embaixo, o órgão, em letra menor; dois órgãos
    podem ter, cada um, o seu «001/2026». Quem lista pede o certame com o órgão (list_select_related)."""
    numero = (format_html('<a href="{}">{}</a>', reverse("admin:concursos_certame_painel", args=[certame.pk]),
                          certame.numero_edital) if link else certame.numero_edital)
    orgao = certame.orgao.sigla or certame.orgao.nome
    return format_html('{}<br><span class="orgao-do-edital">{}</span>', numero, orgao)


def pode_ver_sensiveis(request) -> bool:
    # has_perm já é verdadeiro para o superusuário.
    return request.user.has_perm(PERMISSAO_SENSIVEIS)


def orgao_do_registro(objeto) -> int | None:
    """O órgão de um registro dos certames ou da comissão, seguindo as chaves até o certame."""
    for caminho in ("orgao_id", "certame", "cargo", "comissao", "sessao", "inscricao", "avaliacao"):
        if caminho == "orgao_id" and hasattr(objeto, "orgao_id"):
            return objeto.orgao_id
        if caminho != "orgao_id" and hasattr(objeto, f"{caminho}_id"):
            return orgao_do_registro(getattr(objeto, caminho))
    return None


ORGAOS_DOS_CERTAMES = "_orgaos_dos_certames"


def orgao_da_requisicao(request) -> int | None:
    """O órgão de uma lista: o do certame filtrado ou, para quem trabalha para um só, o dele."""
    certame = request.GET.get("certame", "")
    if certame.isdigit():
        # Só um certame que a conta vê: o registro de um acesso não vai parar no registro de outro órgão. O filtro
        # de certame da lista já leu os certames da conta (CertameFiltro): sem outra consulta.
        vistos = getattr(request, ORGAOS_DOS_CERTAMES, None)
        if vistos is not None:
            orgao = vistos.get(int(certame))
        else:
            orgao = recortar(Certame.objects.filter(pk=int(certame)), request.user, "orgao").values_list(
                "orgao_id", flat=True).first()
        if orgao is not None:
            return orgao
    orgaos = orgaos_do_usuario(request.user)
    return next(iter(orgaos)) if orgaos is not None and len(orgaos) == 1 else None


def registrar_acesso_sensivel(request, objeto, *, titular_id: int | None = None, quantidade: int = 1,
                              tipo: str = TipoAcesso.FICHA, descricao: str = "") -> None:
    """A ficha (ou página) de um registro que mostrou dados sensíveis: uma linha no registro (LGPD art. 37), no órgão
    do registro. Quem chama sabe se a página os mostrou à conta."""
    registrar_acesso_na_requisicao(
        request, tipo=tipo, descricao=descricao or f"{objeto._meta.verbose_name} {objeto}",
        orgao_id=orgao_do_registro(objeto), objeto=objeto, titular_id=titular_id, quantidade=quantidade)


class FichaSensivelMixin:
    """A ficha de um registro com dados sensíveis e o seu histórico: cada página aberta grava uma linha no registro de
    acessos (LGPD art. 37), no órgão do registro e com o titular (`titular(obj)`, o id do candidato). A página de uma
    versão (django-simple-history) mostra os campos da ficha — os que o histórico não guarda, com o valor de hoje — e
    grava como a ficha.

    Sem `sensivel_para_todos`, os dados só aparecem a quem tem a permissão de vê-los, e o histórico não os guarda: a
    lista das versões não grava. Com ele, o registro mostra o dado a quem o vê, com ou sem a permissão — o resultado
    da heteroidentificação, o parecer, os traços, a apuração de fraude —, e as mudanças de cada versão o repetem: toda
    página grava, para qualquer conta (como a lista de um grupo de reserva)."""

    sensivel_para_todos = False

    def _registrar_pagina(self, request, obj, tipo: str, complemento: str = "") -> None:
        if self.sensivel_para_todos or pode_ver_sensiveis(request):
            registrar_acesso_sensivel(request, obj, titular_id=self.titular(obj), tipo=tipo,
                                      descricao=f"{obj._meta.verbose_name} {obj}{complemento}")

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            self._registrar_pagina(request, obj, TipoAcesso.FICHA)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def render_history_view(self, request, template, context, **kwargs):
        # O django-simple-history desenha por aqui a lista das versões («object») e a página de uma («original»).
        versao = context.get("original")
        if versao is not None:
            data = timezone.localtime(getattr(versao, SIMPLE_HISTORY_REVERSE_ATTR_NAME).history_date)
            self._registrar_pagina(request, versao, TipoAcesso.HISTORICO, f": versão de {data:%d/%m/%Y %H:%M}")
        elif self.sensivel_para_todos:
            self._registrar_pagina(request, context["object"], TipoAcesso.HISTORICO, ": histórico")
        return super().render_history_view(request, template, context, **kwargs)


def so_digitos(texto: str) -> str:
    return re.sub(r"\D", "", texto)


# Só números e a pontuação de um CPF: «123.456.789-09», «12345678909», «00012345».
PARECE_NUMERO = re.compile(r"[\d.\-/\s]+")


def _buscar_por_nome(queryset, termo: str, prefixo: str = ""):
    """Cada palavra do termo no começo de alguma palavra do nome ou do nome social, em qualquer ordem, sem
    acento nem caixa: «joao silva» acha «João da Silva» (concursos/busca.py; no PostgreSQL, índice GIN)."""
    if not palavras(termo):
        return queryset.none()
    return queryset.filter(**{f"{prefixo}nome_busca__palavras": termo})


def cadastros_do_cpf(usuario, cpf: str, candidatos=None):
    """Os cadastros de um CPF (um por órgão, decisão 0005) que a conta vê, entre `candidatos` (padrão: todos). O
    índice único é (órgão, CPF): os órgãos vão sempre na consulta — os da conta ou, para quem vê todos, a lista dos
    órgãos (uma busca no índice por órgão) —, e não só o CPF, que leria o índice inteiro."""
    orgaos = orgaos_do_usuario(usuario)
    candidatos = Candidato.objects.all() if candidatos is None else candidatos
    return candidatos.filter(orgao_id__in=Orgao.objects.values("pk") if orgaos is None else orgaos, cpf=cpf)




class DadosSensiveisNaListaMixin(FichaSensivelMixin):
    """Cor ou raça e PcD só para quem pode vê-los (LGPD art. 11): nas colunas da lista, no formulário (nem
    exibidos nem gravados) e com cada abertura da ficha, da lista e da exportação registrada."""

    campos_sensiveis: tuple[str, ...] = ()
    colunas_sensiveis: tuple[str, ...] = ("cor", "deficiencia")

    @admin.display(description="cor/raça")
    def cor(self, obj: Candidato | Inscricao) -> str:
        return obj.get_cor_raca_display()

    @admin.display(description="PcD", boolean=True)
    def deficiencia(self, obj: Candidato | Inscricao) -> bool:
        return obj.pcd

    def get_list_display(self, request):
        if pode_ver_sensiveis(request):
            return [*self.list_display, *self.colunas_sensiveis]
        return self.list_display

    def get_exclude(self, request, obj=None):
        # Fora do formulário também no POST: quem não pode ver não pode gravar esses campos.
        return [] if pode_ver_sensiveis(request) else list(self.campos_sensiveis)

    @staticmethod
    def titular(obj: Candidato | Inscricao) -> int:
        return obj.pk if isinstance(obj, Candidato) else obj.candidato_id

    def changelist_view(self, request, extra_context=None):
        resposta = super().changelist_view(request, extra_context)
        cl = (getattr(resposta, "context_data", None) or {}).get("cl")
        if cl is not None and pode_ver_sensiveis(request):
            filtro = filtros_sensiveis(request.GET, self.campos_sensiveis)
            registrar_acessos_por_orgao(
                request, self._orgaos_das_linhas(request, cl.result_list), filtro=filtro,
                tipo=TipoAcesso.FILTRO if filtro else TipoAcesso.LISTA,
                descricao=f"Lista de {self.opts.verbose_name_plural} com cor ou raça e deficiência")
        return resposta

    @staticmethod
    def _orgaos_das_linhas(request, linhas) -> dict[int | None, int]:
        """Quantas linhas da página são de cada órgão, sem consulta a mais: o candidato tem o órgão; a inscrição, o
        certame, cujo órgão o filtro de certame da lista já leu (CertameFiltro)."""
        certames = getattr(request, ORGAOS_DOS_CERTAMES, {})
        quantidades = Counter(getattr(obj, "orgao_id", None) or certames.get(getattr(obj, "certame_id", None))
                              for obj in linhas)
        return dict(quantidades) or {orgao_da_requisicao(request): 0}

    def _exporta_sensiveis(self, recurso, campos) -> bool:
        """O arquivo traz um campo sensível: entre os escolhidos ou, sem escolha, entre os do recurso."""
        campos = set(campos) or (set(recurso().get_export_headers())
                                 | {f.attribute for f in recurso().get_export_fields()})
        return bool(campos & set(self.campos_sensiveis))

    def _registrar_exportacao(self, request, lista, *, descricao: str, quantidade: int) -> None:
        """`lista` é a requisição da lista exportada: os filtros e o órgão vêm dela; a conta e a tela, de `request`."""
        registrar_acesso_na_requisicao(
            request, tipo=TipoAcesso.EXPORTACAO, filtro=filtros_sensiveis(lista.GET, self.campos_sensiveis),
            descricao=descricao, quantidade=quantidade, orgao_id=orgao_da_requisicao(lista))

    def _do_file_export(self, file_format, request, queryset, export_form=None):
        if export_form is not None and self._exporta_sensiveis(
                self.choose_export_resource_class(export_form, request),
                self.get_export_resource_fields_from_form(export_form) or []):
            self._registrar_exportacao(
                request, request, quantidade=queryset.count(),
                descricao=f"Exportação de {self.opts.verbose_name_plural} ({type(file_format).__name__})")
        return super()._do_file_export(file_format, request, queryset, export_form=export_form)

    def registrar_exportacao_da_fila(self, request, exportacao: Exportacao, *, ato: str) -> None:
        """O arquivo de uma exportação da fila, baixado ou pedido de novo (concursos/admin/exportacao.py), com os
        filtros da lista de onde o pedido partiu. Refeita, ainda não há o arquivo: conta-se como no pedido."""
        recurso = {r.__name__: r for r in self.get_export_resource_classes(request)}.get(exportacao.recurso)
        if recurso is None or not self._exporta_sensiveis(recurso, exportacao.campos):
            return
        lista = requisicao_da_lista(exportacao)
        quantidade = exportacao.total_linhas
        if quantidade is None:
            quantidade = self.get_export_queryset(lista).count()
        self._registrar_exportacao(request, lista, quantidade=quantidade, descricao=f"{ato}: {exportacao.descricao}")


class BuscaExataMixin:
    """Busca que usa índice: CPF (com ou sem pontuação) ou número por igualdade; nome por palavras.

    Um LIKE '%...%' sobre um milhão de linhas lê a tabela inteira; CPF e inscrição são exatos e vêm primeiro.
    """

    def get_paginator(self, request, queryset, per_page, orphans=0, allow_empty_first_page=True):
        # Uma busca exata (CPF, inscrição) traz poucas linhas: conta direto, sem pedir a estimativa antes.
        return PaginadorEstimado(queryset, per_page, orphans, allow_empty_first_page,
                                 estimar=not getattr(request, "busca_exata", False))




class CertameFiltro(admin.SimpleListFilter):
    """Os certames (tabela pequena), e não um SELECT DISTINCT sobre um milhão de inscrições."""

    title = "certame"
    parameter_name = "certame"

    def lookups(self, request, model_admin):
        # Só os certames dos órgãos da conta: o filtro não é uma lista dos editais dos outros órgãos.
        # Com o órgão (Certame.__str__): dois órgãos podem ter, cada um, o seu «Edital nº 001/2026».
        certames = list(recortar(Certame.objects.only("pk", "numero_edital", "orgao__nome"), request.user, "orgao"))
        setattr(request, ORGAOS_DOS_CERTAMES, {c.pk: c.orgao_id for c in certames})
        return [(str(c.pk), str(c)) for c in certames]

    def queryset(self, request, queryset):
        valor = self.value()
        if valor:
            return queryset.filter(certame_id=int(valor)) if valor.isdigit() else queryset.none()
        return queryset


class CargoFiltro(admin.SimpleListFilter):
    """Os cargos do certame escolhido (um certame pode ter centenas: sem certame, o filtro não aparece)."""

    title = "cargo"
    parameter_name = "cargo"

    def lookups(self, request, model_admin):
        certame = request.GET.get("certame", "")
        if not certame.isdigit():
            return []
        cargos = recortar(Cargo.objects.filter(certame_id=int(certame)), request.user, "certame__orgao")
        return [(str(c.pk), f"{c.codigo} — {c.nome}") for c in cargos.only("pk", "codigo", "nome").order_by("codigo")]

    def queryset(self, request, queryset):
        valor = self.value()
        if valor:
            if not valor.isdigit():
                return queryset.none()
            # As inscrições de um cargo (até algumas dezenas de milhares): conta direto, sem a estimativa antes.
            request.busca_exata = True
            return queryset.filter(cargo_id=int(valor))
        return queryset

"""O que a página pública de transparência precisa (sem login): os órgãos com certames publicados, os números de um
órgão com as contagens de pessoas suprimidas, as linhas dos dados abertos e os documentos publicados de cada certame.

Só números agregados e documentos que o edital manda publicar: nenhum dado de pessoa, nunca a cor ou raça de alguém.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

from concursos.documentos import (
    TIPO_CLASSIFICADOS_FASE,
    TIPO_CONVOCACOES,
    TIPO_ESCOLHA_LOCAL,
    TIPO_LISTA_CLASSIFICACAO,
    TIPO_QUADRO_VAGAS,
)
from concursos.models import Cargo, Certame
from documentos.models import DocumentoEmitido
from heteroidentificacao.documentos import TIPO_EDITAL_CONVOCACAO, TIPO_RESULTADO_FINAL, TIPO_RESULTADO_PROVISORIO
from heteroidentificacao.models import Comissao
from legislacao.models import Lei
from monitoramento import dados_abertos, figuras
from monitoramento import indicadores as ind
from monitoramento.dados_abertos import CERTAME, ORGAO_NO_ANO
from monitoramento.indicadores import Indicadores
from monitoramento.selectors.indicadores import DoCertame, certames_publicados, indicadores_dos_certames, por_ano
from monitoramento.selectors.painel import Painel, painel
from nucleo.models import Orgao
from nucleo.texto import milhar

# Os documentos que o edital manda publicar, e só eles: o quadro de vagas, as listas (classificação, classificados
# para a fase seguinte, ordem de escolha do local), as convocações, o edital de convocação e os resultados da
# heteroidentificação (com o CPF mascarado e sem cor ou raça). Ficam de fora as atas das sessões e dos recursos (o
# conteúdo das entrevistas e a deliberação são sigilosos; Afonso Cláudio, art. 10, IV, e art. 11), o termo de
# confidencialidade (de um membro da comissão), o relatório do titular (o cadastro inteiro de uma pessoa, LGPD art.
# 18) e o tipo genérico «outro», de conteúdo desconhecido.
TIPOS_PUBLICOS = (TIPO_QUADRO_VAGAS, TIPO_LISTA_CLASSIFICACAO, TIPO_CLASSIFICADOS_FASE, TIPO_CONVOCACOES,
                  TIPO_ESCOLHA_LOCAL, TIPO_EDITAL_CONVOCACAO, TIPO_RESULTADO_PROVISORIO, TIPO_RESULTADO_FINAL)


def orgaos_com_certames_publicados() -> list[Orgao]:
    return list(Orgao.objects.filter(pk__in=certames_publicados(None).values("orgao_id")).order_by("nome"))


@dataclass(frozen=True)
class Resumo:
    """Os números principais do recorte, como a página os mostra (1.234, «menos de 5», «suprimido»)."""

    certames: int
    cargos: int
    vagas: int
    reservadas: int
    preenchidas: str
    revertidas: str
    cargos_abaixo_do_minimo: int


@dataclass
class PaginaDoOrgao:
    orgao: Orgao
    painel: Painel
    resumo: Resumo
    linhas: list[dict]
    documentos: dict[int, list[DocumentoEmitido]] = field(default_factory=dict)

    @property
    def totais(self) -> list[dict[str, str]]:
        """O total de cada ano e grupo, como nos dados abertos."""
        return [dados_abertos.exibir(linha) for linha in self.linhas if linha["nivel"] == ORGAO_NO_ANO]

    @property
    def certames(self) -> list[tuple[DoCertame, list[dict[str, str]], list[DocumentoEmitido]]]:
        """Cada certame do recorte com as suas linhas (uma por grupo, como nos dados abertos) e os seus documentos
        publicados."""
        por_certame: dict[int, list[dict[str, str]]] = defaultdict(list)
        for linha in self.linhas:
            if linha["nivel"] == CERTAME:
                por_certame[linha["certame_id"]].append(dados_abertos.exibir(linha))
        return [(c, por_certame[c.certame.pk], self.documentos.get(c.certame.pk, [])) for c in self.painel.certames]


def _resumo(total: Indicadores) -> Resumo:
    bruto = total.preenchidas_pelos_grupos
    preenchidas = figuras.preenchidas_publicas(total)
    if preenchidas is None:
        texto = figuras.SUPRIMIDO if bruto < ind.LIMIAR_DE_SUPRESSAO else "suprimido"
        # Como nos gráficos e nos dados abertos: com as preenchidas suprimidas, as revertidas também.
        return Resumo(total.certames, total.cargos, total.vagas, total.reservadas, texto, "suprimido",
                      total.cargos_abaixo_do_minimo)
    return Resumo(total.certames, total.cargos, total.vagas, total.reservadas, milhar(preenchidas),
                  milhar(total.revertidas), total.cargos_abaixo_do_minimo)


def pagina_do_orgao(orgao: Orgao, *, ano: int | None) -> PaginaDoOrgao:
    """Os números, os gráficos (com `publico=True`), as linhas dos dados abertos e os documentos do órgão no `ano` do
    edital (`None`: todos os anos)."""
    dados = painel([orgao.pk], orgaos=[orgao], orgao=orgao, ano=ano, publico=True)
    linhas = _linhas(orgao, dados.certames, [a for a in dados.por_ano if ano is None or a.ano == ano])
    return PaginaDoOrgao(orgao, dados, _resumo(dados.indicadores), linhas,
                         documentos_publicados([c.certame.pk for c in dados.certames]))


def linhas_dos_dados_abertos(orgao: Orgao, *, ano: int | None) -> list[dict]:
    """As linhas dos dados abertos do órgão, suprimidas: os certames do `ano` (todos, com `None`) e o total de cada
    ano."""
    todos = indicadores_dos_certames(certames_publicados([orgao.pk]))
    certames = [c for c in todos if ano is None or c.ano == ano]
    return _linhas(orgao, certames, [a for a in por_ano(todos) if ano is None or a.ano == ano])


def _linhas(orgao: Orgao, certames: list[DoCertame], anos) -> list[dict]:
    leis = dict(Lei.objects.filter(pk__in={c.certame.lei_id for c in certames}).values_list("pk", "slug"))
    comum = {"orgao": orgao.nome, "municipio": str(orgao.municipio) if orgao.municipio_id else ""}
    linhas = []
    for item in sorted(anos, key=lambda a: a.ano, reverse=True):
        for grupo in item.indicadores.grupos.values():
            linhas.append(_linha(comum, ORGAO_NO_ANO, item.ano, item.indicadores, grupo, certame_id=None))
    for item in certames:
        certame = item.certame
        for grupo in item.indicadores.grupos.values():
            linhas.append(_linha(comum, CERTAME, item.ano, item.indicadores, grupo, certame_id=certame.pk,
                                 edital=certame.numero_edital, certame=certame.titulo,
                                 lei=leis.get(certame.lei_id, "")))
    return dados_abertos.publicar(linhas)


def _linha(comum: dict, nivel: str, ano: int, indicadores: Indicadores, grupo: ind.IndicadoresDoGrupo, *,
           certame_id: int | None, edital: str = "", certame: str = "", lei: str = "") -> dict:
    return {**comum, "nivel": nivel, "ano_edital": ano, "edital": edital, "certame": certame, "lei": lei,
            "grupo": grupo.codigo, "grupo_nome": grupo.nome, "certames": indicadores.certames,
            "cargos": indicadores.cargos, "vagas": indicadores.vagas,
            "cargos_abaixo_do_minimo": indicadores.cargos_abaixo_do_minimo, "reservadas": grupo.reservadas,
            "percentual_reservado": dados_abertos.percentual(grupo.reservadas, indicadores.vagas),
            "preenchidas_pela_lista": grupo.preenchidas, "revertidas": grupo.revertidas,
            "revertidas_fraude": grupo.causas[ind.Causa.FRAUDE],
            "revertidas_nao_confirmado": grupo.causas[ind.Causa.NAO_CONFIRMADO],
            "revertidas_ausente": grupo.causas[ind.Causa.AUSENTE],
            "revertidas_sem_candidato": grupo.causas[ind.Causa.SEM_CANDIDATO],
            "cotistas_na_ampla": grupo.cotistas_na_ampla, "desistencias": grupo.desistencias,
            "certame_id": certame_id}


def documentos_publicados(certame_ids: list[int]) -> dict[int, list[DocumentoEmitido]]:
    """Os documentos vigentes (não substituídos) de tipo público de cada certame, em quatro consultas: o documento
    aponta o certame, um cargo dele ou a sua comissão de heteroidentificação."""
    if not certame_ids:
        return {}
    tipos = ContentType.objects.get_for_models(Certame, Cargo, Comissao)
    do_certame = {
        tipos[Certame].pk: {pk: pk for pk in certame_ids},
        tipos[Cargo].pk: dict(Cargo.objects.filter(certame_id__in=certame_ids).values_list("pk", "certame_id")),
        tipos[Comissao].pk: dict(Comissao.objects.filter(certame_id__in=certame_ids).values_list("pk", "certame_id")),
    }
    referencias = Q()
    for tipo_id, ids in do_certame.items():
        if ids:
            referencias |= Q(referencia_tipo_id=tipo_id, referencia_id__in=list(ids))
    documentos: dict[int, list[DocumentoEmitido]] = defaultdict(list)
    consulta = (DocumentoEmitido.objects.filter(referencias, tipo__in=TIPOS_PUBLICOS, substituido_por__isnull=True)
                .only("tipo", "titulo", "codigo", "emitido_em", "referencia_tipo_id", "referencia_id")
                .order_by("emitido_em", "pk"))
    for documento in consulta:
        documentos[do_certame[documento.referencia_tipo_id][documento.referencia_id]].append(documento)
    return dict(documentos)

"""Leituras do quadro de pessoal para o monitoramento (o painel e os relatórios): a participação dos grupos da lei nos
cargos em comissão e nos estágios, contra o piso, e a composição dos servidores.

Tudo agregado no banco (um GROUP BY por consulta, nunca uma linha por pessoa) e devolvido em dataclasses simples, sem
o nome de ninguém. A lei de cada órgão numa data é a da sua esfera em vigor nela (legislacao/selectors.py): as leis
de todos os órgãos pedidos são lidas de uma vez, com os grupos.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone

from concursos.models import CorRaca
from legislacao.models import Lei
from legislacao.selectors import avaliar
from nucleo.models import Esfera, Orgao
from pessoal import piso as conta
from pessoal.models import AutodeclaracaoServidor, ContratoEstagio, NomeacaoComissao, Servidor, TipoQuadro, Vinculo

# O campo da lei com o artigo do piso de cada quadro.
ARTIGO_DO_PISO = {TipoQuadro.COMISSAO: "artigo_piso_comissao", TipoQuadro.ESTAGIO: "artigo_piso_estagio"}
MODELO_DO_QUADRO = {TipoQuadro.COMISSAO: NomeacaoComissao, TipoQuadro.ESTAGIO: ContratoEstagio}


@dataclass(frozen=True)
class Piso:
    """O piso de um quadro num órgão e numa data: a soma dos percentuais dos grupos da lei, com o artigo que o
    estende ao quadro, e as regras de quem pertence aos grupos."""

    percentual: Decimal
    artigo: str
    lei: str
    regras: tuple[conta.Regra, ...]


@dataclass(frozen=True)
class Participacao:
    """A participação dos grupos da lei num quadro de um órgão, numa data. `piso` e `artigo` são None quando a lei do
    órgão nessa data não estende a reserva a esse quadro (ou não há lei)."""

    orgao_id: int
    orgao: str
    data: date
    tipo: str
    ocupados: int
    dos_grupos: int
    nao_informados: int
    por_genero: dict[str, int]
    piso: Decimal | None
    artigo: str | None
    lei: str | None = None

    @property
    def percentual(self) -> Decimal | None:
        """A participação dos grupos em % (uma casa); None sem ninguém ocupando."""
        return self._contagem.percentual

    @property
    def abaixo_do_piso(self) -> bool | None:
        """None sem piso; senão, se a participação fica abaixo dele."""
        return None if self.piso is None else self._contagem.abaixo_de(self.piso)

    @property
    def _contagem(self) -> conta.Contagem:
        return conta.Contagem(self.ocupados, self.dos_grupos, self.nao_informados, self.por_genero)


@dataclass(frozen=True)
class ComposicaoPorVinculo:
    vinculo: str
    total: int
    por_cor_raca: dict[str, int]
    quilombolas: int
    nao_informados: int
    por_genero: dict[str, int]


@dataclass(frozen=True)
class ComposicaoPorOrgao:
    """A composição dos servidores de um órgão numa data, por vínculo, com a autodeclaração vigente nela."""

    orgao_id: int
    orgao: str
    data: date
    vinculos: list[ComposicaoPorVinculo] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(v.total for v in self.vinculos)


def _orgaos(orgao_ids: list[int] | None) -> list[Orgao]:
    orgaos = Orgao.objects.all()
    return list(orgaos if orgao_ids is None else orgaos.filter(pk__in=orgao_ids))


def _leis_por_esfera(orgaos: list[Orgao]) -> dict[tuple, list[Lei]]:
    """As versões em vigor das leis que podem alcançar os órgãos, com os grupos, em duas consultas: as municipais dos
    seus municípios, as estaduais das suas UFs e as federais (as mesmas de legislacao.selectors.leis_da_esfera)."""
    municipios = {o.municipio_id for o in orgaos if o.esfera == Esfera.MUNICIPAL}
    ufs = {o.uf for o in orgaos if o.esfera == Esfera.ESTADUAL}
    filtro = Q(esfera=Esfera.MUNICIPAL, municipio_id__in=municipios) | Q(esfera=Esfera.ESTADUAL, uf__in=ufs)
    if any(o.esfera == Esfera.FEDERAL for o in orgaos):
        filtro |= Q(esfera=Esfera.FEDERAL)
    leis: dict[tuple, list[Lei]] = defaultdict(list)
    for lei in Lei.objects.vigentes_versoes().filter(filtro).prefetch_related("grupos"):
        leis[_chave_da_esfera(lei.esfera, lei.municipio_id, lei.uf)].append(lei)
    return leis


def _chave_da_esfera(esfera: str, municipio_id: int | None, uf: str) -> tuple:
    return {Esfera.MUNICIPAL: (esfera, municipio_id), Esfera.ESTADUAL: (esfera, uf)}.get(esfera, (esfera,))


def _lei_em_vigor(leis: list[Lei], data: date) -> Lei | None:
    """A lei em vigor na data; havendo mais de uma, a mais recente (a mesma escolha de lei_aplicavel)."""
    aplicaveis = [lei for lei in leis if avaliar(lei, data).aplica]
    return max(aplicaveis, key=lambda lei: lei.data_publicacao) if aplicaveis else None


def _piso(lei: Lei | None, tipo: str) -> Piso | None:
    artigo = getattr(lei, ARTIGO_DO_PISO[tipo], "") if lei is not None else ""
    grupos = list(lei.grupos.all()) if artigo else []
    if not grupos:
        return None
    regras = tuple(conta.Regra(g.preta, g.parda, g.indigena, g.quilombola) for g in grupos)
    return Piso(sum((g.percentual for g in grupos), Decimal(0)), artigo, lei.ementa, regras)


def pisos_dos_orgaos(orgaos: list[Orgao], data: date, tipo: str, leis: dict | None = None) -> dict[int, Piso | None]:
    """O piso do quadro em cada órgão na data; None sem lei em vigor ou quando ela não tem o artigo desse quadro (o
    piso não se presume: vem da lei)."""
    leis = _leis_por_esfera(orgaos) if leis is None else leis
    return {o.pk: _piso(_lei_em_vigor(leis[_chave_da_esfera(o.esfera, o.municipio_id, o.uf)], data), tipo)
            for o in orgaos}


def piso_do_orgao(orgao: Orgao, data: date, tipo: str) -> Piso | None:
    return pisos_dos_orgaos([orgao], data, tipo)[orgao.pk]


def ocupados_em(tipo: str, data: date):
    """As nomeações (ou os contratos) em curso na data, como consulta."""
    if tipo == TipoQuadro.COMISSAO:
        return NomeacaoComissao.objects.filter(Q(exonerado_em__isnull=True) | Q(exonerado_em__gt=data),
                                               nomeado_em__lte=data)
    return ContratoEstagio.objects.filter(Q(encerrado_em__isnull=True) | Q(encerrado_em__gt=data), inicio__lte=data,
                                          termino_previsto__gte=data)


def situacao_do_orgao(orgao: Orgao, data: date, tipo: str) -> tuple[conta.Contagem, Piso | None]:
    """A contagem do quadro num órgão numa data e o piso da lei (None sem piso), para o aviso dos atos."""
    piso = piso_do_orgao(orgao, data, tipo)
    linhas = ocupados_em(tipo, data).filter(orgao=orgao).values("cor_raca", "quilombola", "genero").annotate(
        n=Count("pk")).order_by()
    pessoas = ((conta.Pessoa(x["cor_raca"], x["quilombola"], x["genero"]), x["n"]) for x in linhas)
    return conta.contar(pessoas, piso.regras if piso else ()), piso


def _participacao(orgaos: list[Orgao], data: date, tipo: str, leis: dict) -> list[Participacao]:
    pisos = pisos_dos_orgaos(orgaos, data, tipo, leis)
    linhas = ocupados_em(tipo, data).filter(orgao__in=[o.pk for o in orgaos]).values(
        "orgao_id", "cor_raca", "quilombola", "genero").annotate(n=Count("pk")).order_by()
    por_orgao: dict[int, list] = defaultdict(list)
    for linha in linhas:
        por_orgao[linha["orgao_id"]].append((conta.Pessoa(linha["cor_raca"], linha["quilombola"], linha["genero"]),
                                             linha["n"]))
    resultado = []
    for orgao in orgaos:
        piso = pisos[orgao.pk]
        contagem = conta.contar(por_orgao[orgao.pk], piso.regras if piso else ())
        resultado.append(Participacao(
            orgao_id=orgao.pk, orgao=str(orgao), data=data, tipo=str(tipo), ocupados=contagem.ocupados,
            dos_grupos=contagem.dos_grupos, nao_informados=contagem.nao_informados,
            por_genero=contagem.por_genero, piso=piso.percentual if piso else None,
            artigo=piso.artigo if piso else None, lei=piso.lei if piso else None))
    return resultado


def participacao_em_comissao(orgao_ids: list[int] | None, data: date) -> list[Participacao]:
    """Por órgão: os cargos em comissão ocupados na data, os dos grupos da lei, os não informados, o gênero e o piso
    (Ubatuba art. 8º). Sem lei com o piso, `piso` e `artigo` são None (e `dos_grupos` é 0: não há grupos a contar)."""
    orgaos = _orgaos(orgao_ids)
    return _participacao(orgaos, data, TipoQuadro.COMISSAO, _leis_por_esfera(orgaos))


def participacao_em_estagio(orgao_ids: list[int] | None, data: date) -> list[Participacao]:
    """O mesmo para os estágios de cada órgão (Ubatuba art. 1º, parágrafo único, I)."""
    orgaos = _orgaos(orgao_ids)
    return _participacao(orgaos, data, TipoQuadro.ESTAGIO, _leis_por_esfera(orgaos))


def data_de_referencia(ano: int, hoje: date | None = None) -> date:
    """31/12 do ano; no ano corrente, hoje."""
    hoje = hoje or timezone.localdate()
    return hoje if ano >= hoje.year else date(ano, 12, 31)


def serie_da_participacao(orgao_ids: list[int] | None, anos: list[int], tipo: str) -> dict[int, list[Participacao]]:
    """A participação em 31/12 de cada ano (hoje, no ano corrente), por órgão."""
    hoje = timezone.localdate()
    orgaos = _orgaos(orgao_ids)
    leis = _leis_por_esfera(orgaos)
    return {ano: _participacao(orgaos, data_de_referencia(ano, hoje), tipo, leis) for ano in sorted(anos)}


def vigente_em(data: date):
    """A autodeclaração vigente de cada servidor na data: a mais recente até ela (Ubatuba art. 10)."""
    return AutodeclaracaoServidor.objects.filter(servidor=OuterRef("pk"), data__lte=data).order_by("-data", "-pk")


def composicao_dos_servidores(orgao_ids: list[int] | None, data: date) -> list[ComposicaoPorOrgao]:
    """Por órgão e vínculo: o total, a cor ou raça vigente na data, os quilombolas, os não informados e o gênero."""
    orgaos = _orgaos(orgao_ids)
    vigente = vigente_em(data)
    linhas = (Servidor.objects.filter(orgao__in=[o.pk for o in orgaos])
              .annotate(cor=Subquery(vigente.values("cor_raca")[:1]),
                        quil=Subquery(vigente.values("quilombola")[:1]))
              .values("orgao_id", "vinculo", "genero", "cor", "quil").annotate(n=Count("pk")).order_by())
    contagens: dict[tuple[int, str], dict] = {}
    for linha in linhas:
        c = contagens.setdefault((linha["orgao_id"], linha["vinculo"]), {
            "total": 0, "cor": defaultdict(int), "quilombolas": 0, "nao_informados": 0, "genero": defaultdict(int)})
        n = linha["n"]
        c["total"] += n
        c["genero"][linha["genero"]] += n
        if linha["cor"]:
            c["cor"][linha["cor"]] += n
        if linha["quil"]:
            c["quilombolas"] += n
        if not linha["cor"] and not linha["quil"]:
            c["nao_informados"] += n
    resultado = []
    for orgao in orgaos:
        vinculos = [ComposicaoPorVinculo(
            vinculo=vinculo, total=c["total"], por_cor_raca={cor: c["cor"].get(cor, 0) for cor in CorRaca.values},
            quilombolas=c["quilombolas"], nao_informados=c["nao_informados"],
            por_genero=dict(sorted(c["genero"].items())))
            for vinculo in Vinculo.values if (c := contagens.get((orgao.pk, vinculo)))]
        resultado.append(ComposicaoPorOrgao(orgao.pk, str(orgao), data, vinculos))
    return resultado

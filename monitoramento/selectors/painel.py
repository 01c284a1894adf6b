"""O que o painel de indicadores precisa: os órgãos e anos que a conta pode escolher, os números do recorte, os de
cada ano (a tendência) e os de cada certame, com os gráficos."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.cache import cache
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from concursos.models import Certame, Convocacao
from legislacao import motor
from monitoramento import figuras
from monitoramento import indicadores as ind
from monitoramento.graficos import Grafico
from monitoramento.indicadores import Indicadores
from monitoramento.models import ComissaoMonitoramento, EstadoRelatorio, RelatorioMonitoramento, TipoRelatorio
from monitoramento.prazos import aviso_do_relatorio_anual
from monitoramento.selectors.indicadores import (
    DoCertame,
    PorAno,
    certames_publicados,
    indicadores_dos_certames,
    por_ano,
)
from nucleo.models import Orgao


@dataclass
class Painel:
    orgaos: list[Orgao]
    orgao: Orgao | None
    anos: list[int]
    ano: int | None
    indicadores: Indicadores
    por_ano: list[PorAno]
    certames: list[DoCertame]  # o painel de poucos órgãos: um certame por linha
    figuras: list[Grafico] = field(default_factory=list)
    calculado_em: datetime | None = None  # None: calculado agora; senão, os números guardados no cache
    por_orgao: list[LinhaDoOrgao] = field(default_factory=list)  # o de muitos: um órgão por linha


@dataclass(frozen=True)
class LinhaDoOrgao:
    orgao_id: int
    nome: str
    indicadores: Indicadores


# O painel de muitos órgãos (o da administração da instalação, o de todos os órgãos de uma conta) lê todas as
# inscrições deles: no cenário nacional do benchmark (1.000.000 de inscrições em 50 órgãos), segundos. Esse painel
# guarda os números por alguns minutos e diz de quando são; o de um órgão, que é o da comissão de monitoramento e o do
# RH, é sempre calculado na hora (bench/bench_indicadores.py).
ORGAOS_SEM_CACHE = 5
MINUTOS_NO_CACHE = 10


def _por_orgao_e_ano(orgao_ids) -> tuple[dict[tuple[int, int], Indicadores], datetime]:
    """Os números de cada órgão em cada ano do edital, do cache ou calculados agora (e guardados): a forma somada,
    pequena, que se lê do cache depressa (uns cem objetos por órgão, e não os de cada certame)."""
    recorte = "todos" if orgao_ids is None else ",".join(map(str, sorted(orgao_ids)))
    chave = "monitoramento:painel:" + hashlib.sha256(recorte.encode()).hexdigest()
    guardado = cache.get(chave)
    if guardado is None:
        somas: dict[tuple[int, int], Indicadores] = {}
        for item in indicadores_dos_certames(certames_publicados(orgao_ids)):
            somas.setdefault((item.certame.orgao_id, item.ano), Indicadores()).somar(item.indicadores)
        guardado = (somas, timezone.now())
        cache.set(chave, guardado, MINUTOS_NO_CACHE * 60)
    return guardado


def painel(orgao_ids, *, orgaos: list[Orgao], orgao: Orgao | None, ano: int | None,
           publico: bool = False) -> Painel:
    """Os indicadores dos órgãos `orgao_ids` (`None`: todos) no `ano` do edital (`None`: todos os anos); a tendência
    sempre com todos os anos. Até `ORGAOS_SEM_CACHE` órgãos, calculados agora e com os certames; acima, do cache e
    por órgão."""
    if orgao_ids is not None and len(orgao_ids) <= ORGAOS_SEM_CACHE:
        todos = indicadores_dos_certames(certames_publicados(orgao_ids))
        anos = por_ano(todos)
        do_recorte = [c for c in todos if ano is None or c.ano == ano]
        total = ind.somar([c.indicadores for c in do_recorte])
        resultado = Painel(orgaos, orgao, sorted({c.ano for c in todos}, reverse=True), ano, total, anos, do_recorte)
    else:
        somas, calculado_em = _por_orgao_e_ano(orgao_ids)
        nomes = {o.pk: o.nome for o in orgaos}
        todos_os_anos = sorted({a for _, a in somas})
        anos = [PorAno(a, ind.somar([i for (_, b), i in somas.items() if b == a])) for a in todos_os_anos]
        linhas: dict[int, Indicadores] = {}
        for (orgao_id, a), indicadores in somas.items():
            if ano is None or a == ano:
                linhas.setdefault(orgao_id, Indicadores()).somar(indicadores)
        total = ind.somar(list(linhas.values()))
        resultado = Painel(orgaos, orgao, todos_os_anos[::-1], ano, total, anos, [], calculado_em=calculado_em,
                           por_orgao=sorted((LinhaDoOrgao(pk, nomes.get(pk, ""), i) for pk, i in linhas.items()),
                                            key=lambda linha: linha.nome))
    resultado.figuras = figuras.do_painel(total, anos, publico=publico)
    return resultado


@dataclass(frozen=True)
class FaixaDoCargo:
    codigo: str
    nome: str
    grafico: Grafico


# Um certame de 200 cargos daria 200 faixas: o painel mostra as primeiras e diz quantas ficaram de fora.
FAIXAS_NO_PAINEL = 30


def faixas_do_certame(certame: Certame) -> tuple[list[FaixaDoCargo], int]:
    """A ordem de nomeação de cada cargo (as posições chamadas, com o tipo da vaga), numa consulta."""
    cargos = list(certame.cargos.order_by("codigo")[:FAIXAS_NO_PAINEL + 1])
    restantes = certame.cargos.count() - FAIXAS_NO_PAINEL if len(cargos) > FAIXAS_NO_PAINEL else 0
    cargos = cargos[:FAIXAS_NO_PAINEL]
    posicoes: dict[int, dict[int, str]] = {}
    for cargo_id, posicao, vaga in (Convocacao.objects.filter(cargo__in=cargos).order_by("cargo_id", "posicao")
                                    .values_list("cargo_id", "posicao", "vaga")):
        posicoes.setdefault(cargo_id, {})[posicao] = vaga
    regras = certame.regras_motor()
    nomes = {g.codigo: g.nome for g in regras.grupos} | {ind.AMPLA: "Ampla concorrência",
                                                       ind.PCD: "Pessoa com deficiência"}
    faixas = []
    for cargo in cargos:
        ordem = sorted(posicoes.get(cargo.pk, {}).items())
        if not ordem:
            ordem = [(n, vaga) for n, vaga in enumerate(_ordem_do_quadro(cargo, regras), 1)]
        faixas.append(FaixaDoCargo(cargo.codigo, cargo.nome, figuras.faixa(
            cargo.codigo, [(n, vaga, nomes.get(vaga, vaga)) for n, vaga in ordem])))
    return faixas, restantes


def _ordem_do_quadro(cargo, regras) -> list[str]:
    """Antes da primeira chamada, a ordem que o quadro de vagas do edital fixa."""
    try:
        return list(cargo.quadro(regras=regras).ordem)
    except motor.ErroRegras:
        return []


@dataclass(frozen=True)
class AvisoDoRelatorio:
    orgao: str
    texto: str
    url_relatorios: str


def avisos_dos_relatorios(orgao_ids, hoje: date) -> list[AvisoDoRelatorio]:
    """O relatório anual que vence (Ubatuba art. 9º, § 2º: em abril; o aviso desde março), de cada comissão de
    monitoramento em exercício nos órgãos, enquanto o do ano anterior não foi emitido."""
    comissoes = (ComissaoMonitoramento.objects.filter(inicio__lte=hoje).filter(Q(fim__isnull=True) | Q(fim__gte=hoje))
                 .select_related("lei", "orgao"))
    if orgao_ids is not None:
        comissoes = comissoes.filter(orgao_id__in=orgao_ids)
    avisos = []
    for comissao in comissoes:
        texto = aviso_do_relatorio_anual(comissao.lei, hoje)
        if not texto:
            continue
        referencia = hoje.year - 1 if hoje.month <= (comissao.lei.relatorio_anual_mes or 12) else hoje.year
        emitido = RelatorioMonitoramento.objects.filter(
            comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=referencia,
            estado=EstadoRelatorio.EMITIDO).exists()
        if not emitido:
            avisos.append(AvisoDoRelatorio(comissao.orgao.nome, f"{texto} Ano de referência: {referencia}.",
                                           reverse("admin:monitoramento_relatoriomonitoramento_changelist")
                                           + f"?orgao__id__exact={comissao.orgao_id}"))
    return avisos

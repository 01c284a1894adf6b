"""As leituras dos indicadores: poucas consultas agregadas para qualquer número de certames (nenhuma por cargo ou por
certame), e a conta em monitoramento/indicadores.py.

O ano de um certame é o da publicação do edital: tudo o que ele produziu (chamadas, heteroidentificação, recursos) conta
nesse ano, e a tela o diz (decisão 0023). Só entram os certames publicados: as regras que valem são as congeladas no
edital.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet

from concursos.models import Cargo, Certame, Convocacao, EstadoCertame, Inscricao
from heteroidentificacao.models import Avaliacao, Recurso, Resultado
from legislacao import motor
from monitoramento import indicadores as ind
from monitoramento.indicadores import Causa, GrupoDaLei, Indicadores, NumerosDoCargo

# O estado da heteroidentificação da inscrição que tira a pessoa da lista do grupo, e a causa que ela explica.
SAIDAS = {"nao_confirmado": Causa.NAO_CONFIRMADO, "ausente": Causa.AUSENTE}
ESTADOS = {"confirmado": "confirmados", "nao_confirmado": "nao_confirmados", "ausente": "ausentes",
           "pendente": "pendentes"}


def certames_publicados(orgao_ids: list[int] | frozenset[int] | None, anos: list[int] | None = None
                        ) -> QuerySet[Certame]:
    """Os certames publicados dos órgãos (`None`: todos) e dos anos do edital (`None`: todos)."""
    consulta = Certame.objects.exclude(estado=EstadoCertame.RASCUNHO)
    if orgao_ids is not None:
        consulta = consulta.filter(orgao_id__in=orgao_ids)
    if anos:
        consulta = consulta.filter(data_edital__year__in=anos)
    return consulta


@dataclass(frozen=True)
class DoCertame:
    certame: Certame
    regras: motor.Regras
    indicadores: Indicadores

    @property
    def ano(self) -> int:
        return self.certame.data_edital.year


def indicadores_dos_certames(certames: QuerySet[Certame]) -> list[DoCertame]:
    """Os indicadores de cada certame, em nove consultas agregadas ao todo (nenhuma por certame ou por cargo)."""
    lista = list(certames.select_related("orgao").order_by("-data_edital", "numero_edital"))
    if not lista:
        return []
    ids = [c.pk for c in lista]
    regras = {c.pk: c.regras_motor() for c in lista}
    grupos = {pk: _grupos_por_autodeclaracao(r) for pk, r in regras.items()}
    cargos = list(Cargo.objects.filter(certame_id__in=ids).values_list("pk", "certame_id", "vagas", "vagas_pcd"))
    certame_do_cargo = {pk: certame_id for pk, certame_id, _, _ in cargos}
    posicoes, vacancias = _posicoes_e_vacancias(ids)
    saidas, hetero = _inscricoes_dos_grupos(ids, grupos, certame_do_cargo)
    na_ampla = _cotistas_na_ampla(ids, grupos)
    generos = _generos(ids)
    _recursos(ids, hetero)
    numeros: dict[int, list[NumerosDoCargo]] = defaultdict(list)
    reservadas = _Reservadas()
    for cargo_id, certame_id, vagas, vagas_pcd in cargos:
        r = regras[certame_id]
        numeros[certame_id].append(NumerosDoCargo(
            cargo_id=cargo_id, vagas=vagas, vagas_pcd=vagas_pcd, minimo=r.minimo_vagas,
            reservadas={g.codigo: reservadas(r, g, vagas) for g in r.grupos}, posicoes=posicoes[cargo_id],
            vacancias=vacancias[cargo_id], saidas_da_lista=saidas[cargo_id], tem_reserva=bool(r.grupos)))
    return [DoCertame(c, regras[c.pk], ind.do_certame(
        [GrupoDaLei(g.codigo, g.nome) for g in regras[c.pk].grupos], numeros[c.pk], generos=generos[c.pk],
        heteroidentificacao=hetero[c.pk], cotistas_na_ampla=na_ampla[c.pk])) for c in lista]


class _Reservadas:
    """As vagas de um grupo entre as do cargo (`motor.vagas_reservadas`), lembradas: a conta só depende do mínimo, do
    arredondamento, do percentual e das vagas, e dez mil cargos repetem os mesmos poucos valores."""

    def __init__(self) -> None:
        self._feitas: dict[tuple, int] = {}

    def __call__(self, regras: motor.Regras, grupo: motor.Grupo, vagas: int) -> int:
        chave = (regras.minimo_vagas, regras.arredondamento, grupo.percentual, vagas)
        if chave not in self._feitas:
            self._feitas[chave] = motor.vagas_reservadas(regras, grupo, vagas)
        return self._feitas[chave]


def _grupos_por_autodeclaracao(regras: motor.Regras) -> dict[tuple[str, bool], tuple[str, ...]]:
    """(cor ou raça, quilombola) → os grupos de cuja lista a pessoa é, pela lei congelada (`Regras.elegiveis`)."""
    elegiveis = {g.codigo: regras.elegiveis(g) for g in regras.grupos}
    return {(cor, q): tuple(codigo for codigo, pares in elegiveis.items() if (cor, q) in pares)
            for cor in motor.CORES for q in (False, True)}


def _posicoes_e_vacancias(ids: list[int]) -> tuple[dict[int, Counter], dict[int, Counter]]:
    """Por cargo: as posições ocupadas hoje, por (vaga, lista), e os titulares que saíram, por (lista, causa)."""
    posicoes: dict[int, Counter] = defaultdict(Counter)
    vacancias: dict[int, Counter] = defaultdict(Counter)
    convocacoes = Convocacao.objects.filter(cargo__certame_id__in=ids, inscricao__isnull=False)
    for cargo_id, vaga, lista, saiu, causa, n in (
            convocacoes.values_list("cargo_id", "vaga", "lista", Q(desistiu_em__isnull=False), "causa_vacancia")
            .annotate(n=Count("pk")).order_by()):
        if saiu:
            vacancias[cargo_id][(lista or vaga, causa)] += n
        else:
            posicoes[cargo_id][(vaga, lista or vaga)] += n
    return posicoes, vacancias


def _inscricoes_dos_grupos(ids: list[int], grupos: dict[int, dict], certame_do_cargo: dict[int, int]):
    """Numa leitura das inscrições de quem optou pela reserva: por cargo, quem saiu da lista do grupo pela
    heteroidentificação; por certame, o resultado da comissão."""
    saidas: dict[int, Counter] = defaultdict(Counter)
    hetero: dict[int, ind.Heteroidentificacao] = defaultdict(ind.Heteroidentificacao)
    contagens = {campo: Count("pk", filter=Q(heteroidentificacao=estado)) for estado, campo in ESTADOS.items()}
    for cargo_id, cor, quilombola, *numeros in (
            Inscricao.objects.filter(certame_id__in=ids, reserva=True)
            .values_list("cargo_id", "cor_raca", "quilombola").annotate(**contagens).order_by()):
        certame_id = certame_do_cargo[cargo_id]
        por_estado = dict(zip(ESTADOS.values(), numeros, strict=True))
        for campo, n in por_estado.items():
            setattr(hetero[certame_id], campo, getattr(hetero[certame_id], campo) + n)
        for grupo in grupos[certame_id].get((cor, quilombola), ()):
            for estado, causa in SAIDAS.items():
                saidas[cargo_id][(grupo, causa)] += por_estado[ESTADOS[estado]]
    return saidas, hetero


def _cotistas_na_ampla(ids: list[int], grupos: dict[int, dict]) -> dict[int, Counter]:
    """Por certame e grupo, os cotistas que ocupam hoje vaga de ampla: optaram pela reserva e a comissão não lhes negou
    a autodeclaração (o não confirmado que a ampla nomeou não é cotista na ampla)."""
    na_ampla: dict[int, Counter] = defaultdict(Counter)
    for certame_id, cor, quilombola, n in (
            Convocacao.objects.filter(cargo__certame_id__in=ids, desistiu_em__isnull=True, vaga=ind.AMPLA,
                                      inscricao__reserva=True)
            .exclude(inscricao__heteroidentificacao__in=list(SAIDAS))
            .values_list("inscricao__certame_id", "inscricao__cor_raca", "inscricao__quilombola")
            .annotate(n=Count("pk")).order_by()):
        for grupo in grupos[certame_id].get((cor, quilombola), ()):
            na_ampla[certame_id][grupo] += n
    return na_ampla


def _generos(ids: list[int]) -> dict[int, dict[str, Counter]]:
    """Os titulares de hoje de cada lista, por gênero (do cadastro da pessoa)."""
    generos: dict[int, dict[str, Counter]] = defaultdict(dict)
    for certame_id, vaga, lista, genero, n in (
            Convocacao.objects.filter(cargo__certame_id__in=ids, desistiu_em__isnull=True, inscricao__isnull=False)
            .values_list("inscricao__certame_id", "vaga", "lista", "inscricao__candidato__genero")
            .annotate(n=Count("pk")).order_by()):
        generos[certame_id].setdefault(lista or vaga, Counter())[genero] += n
    return generos


def _recursos(ids: list[int], resultado: dict[int, ind.Heteroidentificacao]) -> None:
    """Os recursos contra a heteroidentificação, os providos e os dias entre o protocolo e o julgamento."""
    for certame_id, n in (Recurso.objects.filter(avaliacao__inscricao__certame_id__in=ids)
                          .values_list("avaliacao__inscricao__certame_id").annotate(n=Count("pk")).order_by()):
        resultado[certame_id].recursos = n
    julgados = (Avaliacao.objects.filter(inscricao__certame_id__in=ids, recurso__isnull=False)
                .exclude(resultado="").values_list("inscricao__certame_id", "resultado",
                                                   F("recurso__protocolado_em"), F("sessao__data")))
    for certame_id, veredito, protocolo, julgamento in julgados:
        if veredito in (Resultado.CONFIRMADO, Resultado.NOVA_CONVOCACAO):
            resultado[certame_id].providos += 1
        resultado[certame_id].dias_dos_recursos.append((julgamento - protocolo).days)


@dataclass(frozen=True)
class PorAno:
    ano: int
    indicadores: Indicadores


def por_ano(dos_certames: list[DoCertame]) -> list[PorAno]:
    """A soma dos certames de cada ano do edital, do mais antigo ao mais recente."""
    anos: dict[int, list[Indicadores]] = defaultdict(list)
    for item in dos_certames:
        anos[item.ano].append(item.indicadores)
    return [PorAno(ano, ind.somar(anos[ano])) for ano in sorted(anos)]

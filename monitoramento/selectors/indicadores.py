"""As leituras dos indicadores: poucas consultas agregadas para qualquer número de certames (nenhuma por cargo ou por
certame), e a conta em monitoramento/indicadores.py.

O ano de um certame é o da publicação do edital: tudo o que ele produziu (chamadas, heteroidentificação, recursos) conta
nesse ano, e a tela o diz (decisão 0023). Só entram os certames publicados: as regras que valem são as congeladas no
edital.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Count, F, QuerySet

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
    """Os indicadores de cada certame, em sete consultas agregadas ao todo."""
    lista = list(certames.select_related("orgao").order_by("-data_edital", "numero_edital"))
    if not lista:
        return []
    ids = [c.pk for c in lista]
    regras = {c.pk: c.regras_motor() for c in lista}
    cargos = list(Cargo.objects.filter(certame_id__in=ids).values_list("pk", "certame_id", "vagas", "vagas_pcd"))
    posicoes, vacancias, na_ampla, saidas = _contagens_por_cargo(ids, regras)
    generos = _generos(ids)
    hetero = _heteroidentificacao(ids, regras)
    numeros: dict[int, list[NumerosDoCargo]] = defaultdict(list)
    for cargo_id, certame_id, vagas, vagas_pcd in cargos:
        r = regras[certame_id]
        numeros[certame_id].append(NumerosDoCargo(
            cargo_id=cargo_id, vagas=vagas, vagas_pcd=vagas_pcd, minimo=r.minimo_vagas,
            reservadas={g.codigo: motor.vagas_reservadas(r, g, vagas) for g in r.grupos},
            posicoes=posicoes[cargo_id], vacancias=vacancias[cargo_id], cotistas_na_ampla=na_ampla[cargo_id],
            saidas_da_lista=saidas[cargo_id], tem_reserva=bool(r.grupos)))
    return [DoCertame(c, regras[c.pk], ind.do_certame(
        [GrupoDaLei(g.codigo, g.nome) for g in regras[c.pk].grupos], numeros[c.pk], generos=generos[c.pk],
        heteroidentificacao=hetero[c.pk])) for c in lista]


def _grupos_de(regras: motor.Regras, cor_raca: str, quilombola: bool) -> list[str]:
    return [g.codigo for g in regras.grupos if (cor_raca, quilombola) in regras.elegiveis(g)]


def _contagens_por_cargo(ids: list[int], regras: dict[int, motor.Regras]):
    posicoes: dict[int, Counter] = defaultdict(Counter)
    vacancias: dict[int, Counter] = defaultdict(Counter)
    na_ampla: dict[int, Counter] = defaultdict(Counter)
    saidas: dict[int, Counter] = defaultdict(Counter)
    convocacoes = Convocacao.objects.filter(cargo__certame_id__in=ids)
    ativas = convocacoes.filter(desistiu_em__isnull=True, inscricao__isnull=False)
    for cargo_id, vaga, lista, n in (ativas.values_list("cargo_id", "vaga", "lista").annotate(n=Count("pk"))
                                     .order_by()):
        posicoes[cargo_id][(vaga, lista or vaga)] += n
    for cargo_id, lista, vaga, causa, n in (convocacoes.filter(desistiu_em__isnull=False)
                                            .values_list("cargo_id", "lista", "vaga", "causa_vacancia")
                                            .annotate(n=Count("pk")).order_by()):
        vacancias[cargo_id][(lista or vaga, causa)] += n
    for cargo_id, certame_id, cor, quilombola, n in (
            # Cotista: optou pela reserva e a comissão não lhe negou a autodeclaração (o não confirmado que a ampla
            # nomeou não é cotista na ampla).
            ativas.filter(vaga=ind.AMPLA, inscricao__reserva=True)
            .exclude(inscricao__heteroidentificacao__in=list(SAIDAS))
            .values_list("cargo_id", "cargo__certame_id", "inscricao__cor_raca", "inscricao__quilombola")
            .annotate(n=Count("pk")).order_by()):
        for grupo in _grupos_de(regras[certame_id], cor, quilombola):
            na_ampla[cargo_id][grupo] += n
    for cargo_id, certame_id, cor, quilombola, estado, n in (
            Inscricao.objects.filter(certame_id__in=ids, reserva=True, heteroidentificacao__in=list(SAIDAS))
            .values_list("cargo_id", "certame_id", "cor_raca", "quilombola", "heteroidentificacao")
            .annotate(n=Count("pk")).order_by()):
        for grupo in _grupos_de(regras[certame_id], cor, quilombola):
            saidas[cargo_id][(grupo, SAIDAS[estado])] += n
    return posicoes, vacancias, na_ampla, saidas


def _generos(ids: list[int]) -> dict[int, dict[str, Counter]]:
    """Os titulares de hoje de cada lista, por gênero (do cadastro da pessoa)."""
    generos: dict[int, dict[str, Counter]] = defaultdict(dict)
    for certame_id, vaga, lista, genero, n in (
            Convocacao.objects.filter(cargo__certame_id__in=ids, desistiu_em__isnull=True, inscricao__isnull=False)
            .values_list("cargo__certame_id", "vaga", "lista", "inscricao__candidato__genero")
            .annotate(n=Count("pk")).order_by()):
        generos[certame_id].setdefault(lista or vaga, Counter())[genero] += n
    return generos


def _heteroidentificacao(ids: list[int], regras: dict[int, motor.Regras]) -> dict[int, ind.Heteroidentificacao]:
    resultado: dict[int, ind.Heteroidentificacao] = defaultdict(ind.Heteroidentificacao)
    for certame_id, estado, n in (Inscricao.objects.filter(certame_id__in=ids, heteroidentificacao__in=list(ESTADOS))
                                  .values_list("certame_id", "heteroidentificacao").annotate(n=Count("pk"))
                                  .order_by()):
        setattr(resultado[certame_id], ESTADOS[estado], n)
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
    return resultado


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

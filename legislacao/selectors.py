"""Leituras sobre as leis: qual se aplica a um edital, e por quê."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from legislacao.models import Esfera, Lei
from nucleo.models import Municipio
from nucleo.texto import data_br


@dataclass(frozen=True)
class Incidencia:
    """O que uma lei diz sobre um edital publicado numa data: se se aplica, e o motivo com o artigo."""

    lei: Lei
    aplica: bool
    motivo: str


@dataclass(frozen=True)
class Aplicabilidade:
    municipio: Municipio
    data_edital: date
    lei: Lei | None
    motivo: str
    avaliacoes: list[Incidencia] = field(default_factory=list)


def avaliar(lei: Lei, data_edital: date) -> Incidencia:
    artigo_vigor = f" ({lei.artigo_vigor})" if lei.artigo_vigor else ""
    if lei.data_publicacao is None:
        return Incidencia(lei, False, f"{lei.ementa}: a data de publicação não é conhecida, e a lei vigora a partir "
                                     f"dela{artigo_vigor}; informe-a no cadastro da lei para que ela seja aplicada.")
    if data_edital < lei.data_publicacao:
        artigo = f" ({lei.artigo_irretroatividade})" if lei.artigo_irretroatividade else ""
        return Incidencia(lei, False, f"{lei.ementa}: o edital de {data_br(data_edital)} é anterior à publicação da "
                                     f"lei em {data_br(lei.data_publicacao)}, e ela não se aplica a editais já "
                                     f"publicados{artigo}.")
    fim = lei.fim_vigencia
    if fim is not None and data_edital >= fim:
        return Incidencia(lei, False, f"{lei.ementa}: vigorou por {lei.vigencia_anos} anos ({lei.artigo_vigencia}), "
                                     f"até {data_br(fim)} (exclusive); o edital de {data_br(data_edital)} é posterior.")
    ate = f" até {data_br(fim)} (exclusive, {lei.artigo_vigencia})" if fim else ", por prazo indeterminado"
    return Incidencia(lei, True, f"{lei.ementa}: em vigor desde {data_br(lei.data_publicacao)}{artigo_vigor}{ate}.")


def lei_aplicavel(*, municipio: Municipio, data_edital: date) -> Aplicabilidade:
    """A lei municipal em vigor na data de publicação do edital, ou nenhuma, sempre com o motivo.

    O município é o do código do IBGE (o do órgão que publica o edital, salvo motivo registrado no certame), não
    um nome digitado: «Iúna» e «iuna» não são mais dois municípios.
    """
    leis = list(Lei.objects.vigentes_versoes().filter(esfera=Esfera.MUNICIPAL, municipio=municipio))
    avaliacoes = [avaliar(lei, data_edital) for lei in leis]
    aplicaveis = sorted((a for a in avaliacoes if a.aplica), key=lambda a: a.lei.data_publicacao, reverse=True)
    if aplicaveis:
        escolhida = aplicaveis[0]
        motivo = escolhida.motivo
        if len(aplicaveis) > 1:
            motivo += " Há outras leis em vigor nessa data para o município; vale a mais recente — confira."
        return Aplicabilidade(municipio, data_edital, escolhida.lei, motivo, avaliacoes)
    if not avaliacoes:
        motivo = f"Não há lei de reserva de vagas cadastrada para {municipio}."
    else:
        motivo = "Nenhuma lei cadastrada se aplica a esse edital: " + " ".join(a.motivo for a in avaliacoes)
    return Aplicabilidade(municipio, data_edital, None, motivo, avaliacoes)


def lei_por_slug(slug: str) -> Lei:
    """A versão mais recente da lei com esse identificador (Lei.DoesNotExist se não houver)."""
    lei = Lei.objects.filter(slug=slug).order_by("-versao").prefetch_related("grupos").first()
    if lei is None:
        raise Lei.DoesNotExist(slug)
    return lei

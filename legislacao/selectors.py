"""Leituras sobre as leis: qual se aplica a um edital, e por quê."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import QuerySet

from legislacao.abrangencia import Abrangencia, abrangencia
from legislacao.models import CONTAGEM_DO_PRAZO, Esfera, Lei, citar
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
    municipio: Municipio | None
    data_edital: date
    lei: Lei | None
    motivo: str
    avaliacoes: list[Incidencia] = field(default_factory=list)
    esfera: str = Esfera.MUNICIPAL
    uf: str = ""

    @property
    def onde(self) -> str:
        """De quem é a lei procurada, para o título do resultado: o município, a UF ou a União."""
        if self.esfera == Esfera.FEDERAL:
            return "órgão federal"
        if self.esfera == Esfera.ESTADUAL:
            return f"órgão estadual ({self.uf})"
        return str(self.municipio)

    @property
    def abrangencia(self) -> Abrangencia | None:
        return abrangencia(self.lei) if self.lei else None


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
    ultimo = lei.ultimo_dia_vigencia
    if lei.encerrada_em is not None:
        fato, base = "deixou de vigorar por ato posterior", lei.artigo_encerramento
    else:
        fato = f"vigorou por {lei.vigencia_anos} anos"
        base = "; ".join(filter(None, (lei.artigo_vigencia, CONTAGEM_DO_PRAZO)))
    if ultimo is not None and data_edital > ultimo:
        return Incidencia(lei, False, f"{lei.ementa}: {fato}, até {data_br(ultimo)} inclusive{citar(base)}; o "
                                     f"edital de {data_br(data_edital)} é posterior.")
    ate = f" até {data_br(ultimo)} inclusive{citar(base)}" if ultimo else ", por prazo indeterminado"
    return Incidencia(lei, True, f"{lei.ementa}: em vigor desde {data_br(lei.data_publicacao)}{artigo_vigor}{ate}.")


def leis_da_esfera(*, esfera: str, municipio: Municipio | None = None, uf: str = "") -> QuerySet[Lei]:
    """As leis que podem alcançar um edital de órgão desta esfera: a do município (órgão municipal), as da UF (órgão
    estadual) ou as federais (órgão federal). Nunca as de outra esfera: a lei municipal não alcança órgão da União,
    e a federal só a administração pública federal (Lei 15.142/2025, art. 1º; Lei 12.990/2014, art. 1º)."""
    leis = Lei.objects.vigentes_versoes().filter(esfera=esfera)
    if esfera == Esfera.MUNICIPAL:
        return leis.filter(municipio=municipio)
    if esfera == Esfera.ESTADUAL:
        return leis.filter(uf=uf or (municipio.uf if municipio else ""))
    return leis


def lei_aplicavel(*, municipio: Municipio | None, data_edital: date, esfera: str = Esfera.MUNICIPAL,
                  uf: str = "") -> Aplicabilidade:
    """A lei em vigor na data de publicação do edital, da esfera do órgão que o publica, ou nenhuma, sempre com o
    motivo.

    Órgão municipal: a lei do município do código do IBGE (o do órgão, salvo motivo registrado no certame), não um
    nome digitado — «Iúna» e «iuna» não são mais dois municípios. Órgão estadual: a lei estadual da UF. Órgão federal:
    a lei federal, que se escolhe só pela data do edital (p. ex. antes de 04/06/2025, a Lei 12.990/2014; a partir
    dele, a Lei 15.142/2025, art. 11).
    """
    uf = uf or (municipio.uf if municipio else "")
    leis = list(leis_da_esfera(esfera=esfera, municipio=municipio, uf=uf))
    avaliacoes = [avaliar(lei, data_edital) for lei in leis]
    aplicaveis = sorted((a for a in avaliacoes if a.aplica), key=lambda a: a.lei.data_publicacao, reverse=True)
    contexto = {"municipio": municipio, "data_edital": data_edital, "avaliacoes": avaliacoes, "esfera": esfera,
                "uf": uf}
    if aplicaveis:
        escolhida = aplicaveis[0]
        motivo = escolhida.motivo
        if esfera == Esfera.FEDERAL:
            motivo = f"Órgão federal: vale a lei federal. {motivo}"
        elif esfera == Esfera.ESTADUAL:
            motivo = f"Órgão estadual: vale a lei estadual ({uf}). {motivo}"
        if len(aplicaveis) > 1:
            motivo += " Há outras leis em vigor nessa data para o mesmo ente; vale a mais recente — confira."
        return Aplicabilidade(lei=escolhida.lei, motivo=motivo, **contexto)
    if not avaliacoes:
        motivo = {Esfera.FEDERAL: "Não há lei federal de reserva de vagas cadastrada.",
                  Esfera.ESTADUAL: f"Não há lei estadual de reserva de vagas cadastrada para {uf}."}.get(
            esfera, f"Não há lei de reserva de vagas cadastrada para {municipio}.")
    else:
        motivo = "Nenhuma lei cadastrada se aplica a esse edital: " + " ".join(a.motivo for a in avaliacoes)
    return Aplicabilidade(lei=None, motivo=motivo, **contexto)


def lei_por_slug(slug: str) -> Lei:
    """A versão mais recente da lei com esse identificador (Lei.DoesNotExist se não houver)."""
    lei = Lei.objects.filter(slug=slug).order_by("-versao").prefetch_related("grupos").first()
    if lei is None:
        raise Lei.DoesNotExist(slug)
    return lei

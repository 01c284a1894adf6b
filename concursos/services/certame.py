"""O edital: a publicação (que congela as regras da lei no certame) e as etapas seguintes."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from concursos.models import REGRAS_SEM_LEI, Certame, Inscricao, StatusCertame
from legislacao import motor
from legislacao.models import Lei
from legislacao.selectors import lei_aplicavel
from legislacao.services import lei_congelar
from nucleo.servicos import ErroOperacao, auditar


def resumo_da_lei(lei: Lei | None) -> dict:
    """O que o certame guarda da lei além das regras do motor (consequências e artigos), congelado com elas."""
    if lei is None:
        return {}
    return {
        "slug": lei.slug, "versao": lei.versao, "ementa": lei.ementa,
        "artigo_ampla": lei.artigo_ampla, "artigo_reversao": lei.artigo_reversao,
        "artigo_desistencia": lei.artigo_desistencia, "artigo_cadastro": lei.artigo_cadastro,
        "nao_confirmacao": lei.nao_confirmacao, "artigo_nao_confirmacao": lei.artigo_nao_confirmacao,
        "ausencia": lei.ausencia, "artigo_ausencia": lei.artigo_ausencia,
        "elegibilidade": {g.codigo: g.artigo_elegibilidade for g in lei.grupos.all()},
    }


@transaction.atomic
def certame_publicar(*, certame: Certame, usuario) -> Certame:
    """Publica o edital: resolve a lei em vigor na data do edital e congela as suas regras no certame.

    Depois disso, mudanças na lei não alcançam este certame (a lei usada fica congelada e só muda por
    nova versão).
    """
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    if certame.status != StatusCertame.RASCUNHO:
        raise ErroOperacao("Este edital já foi publicado.")
    cargos = list(certame.cargos.all())
    if not cargos:
        raise ErroOperacao("Cadastre ao menos um cargo antes de publicar o edital.")
    aplicabilidade = lei_aplicavel(municipio=certame.municipio, uf=certame.uf, data_edital=certame.data_edital)
    lei = lei_congelar(lei=aplicabilidade.lei) if aplicabilidade.lei else None
    regras = lei.regras() if lei else REGRAS_SEM_LEI
    for cargo in cargos:
        try:
            motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd)
        except motor.ErroRegras as erro:
            raise ErroOperacao(f"Cargo {cargo.codigo}: {erro}") from erro
    certame.lei = lei
    certame.regras = {"motor": motor.regras_para_dict(regras), "lei": resumo_da_lei(lei)}
    certame.motivo_lei = aplicabilidade.motivo
    certame.status = StatusCertame.PUBLICADO
    certame.publicado_em = timezone.now()
    auditar(certame, usuario, "Edital publicado; regras da lei congeladas.")
    certame.save()
    return certame


PROXIMO_STATUS = {
    StatusCertame.PUBLICADO: StatusCertame.INSCRICOES_ENCERRADAS,
    StatusCertame.INSCRICOES_ENCERRADAS: StatusCertame.RESULTADO,
    StatusCertame.RESULTADO: StatusCertame.HOMOLOGADO,
}


@transaction.atomic
def certame_avancar(*, certame: Certame, usuario, data: date | None = None) -> Certame:
    """Leva o certame à etapa seguinte: inscrições encerradas → resultado → homologado."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    seguinte = PROXIMO_STATUS.get(certame.status)
    if seguinte is None:
        raise ErroOperacao(f"Não há etapa seguinte a «{certame.get_status_display()}» por esta ação.")
    if seguinte == StatusCertame.RESULTADO and not Inscricao.objects.filter(
            certame=certame, classificacao__isnull=False).exists():
        raise ErroOperacao("Importe o resultado (classificação) antes de publicá-lo.")
    if seguinte == StatusCertame.HOMOLOGADO:
        certame.data_homologacao = data or timezone.localdate()
    certame.status = seguinte
    auditar(certame, usuario, f"Etapa: {StatusCertame(seguinte).label}.")
    certame.save()
    return certame

"""O edital: a publicação (que congela as regras da lei no certame) e as etapas seguintes."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from concursos.models import REGRAS_SEM_LEI, Certame, EstadoCertame, Inscricao
from legislacao import motor
from legislacao.models import Lei
from legislacao.selectors import lei_aplicavel
from legislacao.services import lei_congelar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br, somar_meses


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


def _exigir_municipio(certame: Certame) -> None:
    """O município decide a lei: o do órgão que publica o edital, ou outro com o motivo escrito."""
    if certame.fora_do_municipio_do_orgao and not certame.motivo_municipio.strip():
        raise ErroOperacao(f"O certame está em {certame.municipio}, e o órgão ({certame.orgao.nome}) é de "
                           f"{certame.orgao.municipio}: a lei aplicável é a do município do órgão que publica o "
                           "edital. Registre o motivo do outro município em «Editar dados» antes de publicar.")


def _exigir_justificativa(aplicabilidade, justificativa: str) -> str:
    """Sem lei aplicável, o edital sai sem nenhuma vaga reservada: isso se publica só com a justificativa escrita."""
    if aplicabilidade.lei is None and not justificativa.strip():
        raise ErroOperacao(f"Nenhuma lei de reserva de vagas se aplica a este edital: {aplicabilidade.motivo} "
                           "Publicado assim, ele não reserva vagas para pessoas negras, indígenas ou quilombolas; "
                           "para publicá-lo, escreva a justificativa, que fica registrada no ato.")
    return justificativa.strip() if aplicabilidade.lei is None else ""


@transaction.atomic
def certame_publicar(*, certame: Certame, usuario, justificativa: str = "") -> Certame:
    """Publica o edital: resolve a lei em vigor na data do edital e congela as suas regras no certame.

    Depois disso, mudanças na lei não alcançam este certame (a lei usada fica congelada e só muda por
    nova versão). Sem lei aplicável, exige a `justificativa` escrita, que fica no certame e no histórico do ato.
    """
    certame = (Certame.objects.select_for_update(of=("self",)).select_related("orgao__municipio", "municipio")
               .get(pk=certame.pk))
    if certame.estado != EstadoCertame.RASCUNHO:
        raise ErroOperacao("Este edital já foi publicado.")
    cargos = list(certame.cargos.all())
    if not cargos:
        raise ErroOperacao("Cadastre ao menos um cargo antes de publicar o edital.")
    _exigir_municipio(certame)
    aplicabilidade = lei_aplicavel(municipio=certame.municipio, data_edital=certame.data_edital)
    certame.justificativa_sem_lei = _exigir_justificativa(aplicabilidade, justificativa)
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
    certame.estado = EstadoCertame.PUBLICADO
    certame.publicado_em = timezone.now()
    auditar(certame, usuario, "Edital publicado; regras da lei congeladas." if lei else
            f"Edital publicado sem lei de reserva de vagas. Justificativa: {certame.justificativa_sem_lei}")
    certame.save()
    return certame


PROXIMO_ESTADO = {
    EstadoCertame.PUBLICADO: EstadoCertame.INSCRICOES_ENCERRADAS,
    EstadoCertame.INSCRICOES_ENCERRADAS: EstadoCertame.RESULTADO,
    EstadoCertame.RESULTADO: EstadoCertame.HOMOLOGADO,
}


@transaction.atomic
def certame_avancar(*, certame: Certame, usuario, data: date | None = None) -> Certame:
    """Leva o certame à etapa seguinte: inscrições encerradas → resultado → homologado."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    seguinte = PROXIMO_ESTADO.get(certame.estado)
    if seguinte is None:
        raise ErroOperacao(f"Não há etapa seguinte a «{certame.get_estado_display()}» por esta ação.")
    if seguinte == EstadoCertame.RESULTADO and not Inscricao.objects.filter(
            certame=certame, classificacao__isnull=False).exists():
        raise ErroOperacao("Importe o resultado (classificação) antes de publicá-lo.")
    motivo = f"Etapa: {EstadoCertame(seguinte).label}."
    if seguinte == EstadoCertame.HOMOLOGADO:
        certame.data_homologacao = data or timezone.localdate()
        if certame.validade_meses:
            # A validade corre da homologação, pelo prazo do edital (CF art. 37, III).
            certame.validade_ate = somar_meses(certame.data_homologacao, certame.validade_meses)
            motivo = f"{motivo} Válido até {data_br(certame.validade_ate)}."
    certame.estado = seguinte
    auditar(certame, usuario, motivo)
    certame.save()
    return certame


@transaction.atomic
def certame_prorrogar(*, certame: Certame, ato: str, data: date, usuario) -> Certame:
    """Prorroga a validade uma vez, por igual período (CF art. 37, III), por ato publicado dentro da validade."""
    certame = Certame.objects.select_for_update().get(pk=certame.pk)
    if certame.estado != EstadoCertame.HOMOLOGADO or not certame.validade_ate or not certame.validade_meses:
        raise ErroOperacao("Só se prorroga a validade de um certame homologado com o prazo do edital informado.")
    if certame.prorrogado_ate:
        raise ErroOperacao(f"A validade já foi prorrogada até {data_br(certame.prorrogado_ate)}: a Constituição "
                           "admite uma prorrogação só (art. 37, III).")
    if data > certame.validade_ate:
        raise ErroOperacao(f"A validade terminou em {data_br(certame.validade_ate)}: a prorrogação tem de ser feita "
                           "dentro dela (Constituição Federal, art. 37, III).")
    if not ato.strip():
        raise ErroOperacao("Informe o ato da prorrogação (p. ex. «Decreto nº 10/2026»).")
    certame.prorrogado_ate = somar_meses(certame.validade_ate, certame.validade_meses)
    auditar(certame, usuario, f"Validade prorrogada até {data_br(certame.prorrogado_ate)} ({ato.strip()}).")
    certame.save(update_fields=["prorrogado_ate"])
    return certame


def fora_da_validade(certame: Certame, data: date) -> bool:
    fim = certame.fim_da_validade
    return bool(fim and data > fim)


def exigir_validade(certame: Certame, data: date) -> None:
    """Nenhuma nomeação depois do fim da validade (CF art. 37, III; p. ex. Vargem Alta art. 2º, § 2º, e Iúna art. 3º,
    § 2º, falam das vagas «durante o prazo de validade»)."""
    if fora_da_validade(certame, data):
        raise ErroOperacao(f"O prazo de validade do certame terminou em {data_br(certame.fim_da_validade)}: não há "
                           "chamada depois dele (Constituição Federal, art. 37, III).")

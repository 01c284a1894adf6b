"""As avaliações individuais dos membros, onde a lei manda cada um registrar a sua (`Lei.forma_deliberacao`; decisão
0017): cada membro que se senta quando a deliberação abre registra, do seu próprio login, a sua avaliação motivada,
assinada; o presidente encerra quando todos registraram, e a decisão sai delas pela regra do edital
(heteroidentificacao/deliberacao.py). Nada aqui é secreto, e nada toca as cédulas nem as participações do voto
secreto: uma lei de votos secretos nunca abre uma deliberação assim (services/votacao.py, `votacao_abrir`).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from heteroidentificacao import deliberacao
from heteroidentificacao.models import (
    CONTA_DA_COMISSAO,
    Avaliacao,
    AvaliacaoIndividual,
    Caracteristica,
    EstadoAvaliacao,
)
from heteroidentificacao.services.comum import PARECER_MINIMO, exigir_presidente, exigir_sessao_aberta, travar_avaliacao
from heteroidentificacao.services.votacao import resultado_da_decisao
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural

SAL_DA_ASSINATURA = "heteroidentificacao.avaliacao_individual"


def assinar(individual: AvaliacaoIndividual, cpf: str) -> str:
    return salted_hmac(SAL_DA_ASSINATURA, individual.conteudo_assinado(cpf), algorithm="sha256").hexdigest()


def assinatura_confere(individual: AvaliacaoIndividual) -> bool:
    return individual.assinatura == assinar(individual, individual.membro.cpf)


def _exigir_deliberacao_individual_aberta(avaliacao: Avaliacao) -> None:
    exigir_sessao_aberta(avaliacao)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or not avaliacao.por_avaliacoes_individuais:
        raise ErroOperacao("Não há avaliação individual aberta para este candidato.")


@transaction.atomic
def avaliacao_individual_registrar(*, avaliacao: Avaliacao, usuario, defere: bool, caracteristicas: list[str],
                                   fundamentacao: str) -> AvaliacaoIndividual:
    """A avaliação de um membro, do seu próprio login, motivada pelos traços fenotípicos que ele observou (no recurso
    contra a ausência, pelos fundamentos do recurso) e assinada. Registrada, não muda."""
    avaliacao = travar_avaliacao(avaliacao)
    _exigir_deliberacao_individual_aberta(avaliacao)
    membro = avaliacao.eleitores.filter(usuario=usuario, **{f"usuario__{c}": v for c, v in
                                                           CONTA_DA_COMISSAO.children}).first()
    if membro is None:
        raise ErroOperacao("Só avaliam os membros presentes quando a deliberação foi aberta, cada um com a conta "
                           "criada para a comissão.")
    lei = avaliacao.sessao.comissao.certame.lei
    caracteristicas = sorted(set(caracteristicas))
    if set(caracteristicas) - set(Caracteristica.values):
        raise ErroOperacao("Marque só traços fenotípicos da lista.")
    fundamentacao = fundamentacao.strip()
    if avaliacao.recurso_contra_ausencia:
        if caracteristicas:
            raise ErroOperacao("No recurso contra a ausência a comissão não viu o candidato e não avalia o fenótipo.")
    elif not caracteristicas:
        raise ErroOperacao("Marque os traços fenotípicos que fundamentam a sua avaliação: só o fenótipo é avaliado"
                           f"{citar(lei.artigo_fenotipo if lei else '')}.")
    if len(fundamentacao) < PARECER_MINIMO:
        raise ErroOperacao(f"Fundamente a sua avaliação em ao menos {PARECER_MINIMO} caracteres: ela vai à ata com o "
                           "seu nome.")
    individual = AvaliacaoIndividual(avaliacao=avaliacao, membro=membro, defere=defere,
                                     caracteristicas=caracteristicas, fundamentacao=fundamentacao,
                                     registrada_em=timezone.now())
    individual.assinatura = assinar(individual, membro.cpf)
    try:
        with transaction.atomic():
            individual.save()
    except IntegrityError as erro:
        raise ErroOperacao("Você já registrou a sua avaliação: assinada, ela não muda.") from erro
    return individual


def _primeira_instancia(avaliacao: Avaliacao) -> deliberacao.Desfavoravel | None:
    """No recurso, a decisão desfavorável recorrida, e se foi unânime (a regra das duas instâncias a usa)."""
    if not avaliacao.em_recurso:
        return None
    recorrida = avaliacao.recurso.avaliacao
    if not recorrida.por_avaliacoes_individuais:
        return None
    return deliberacao.Desfavoravel(unanime=not recorrida.abertas_confirmam)


@transaction.atomic
def deliberacao_encerrar(*, avaliacao: Avaliacao, usuario) -> Avaliacao:
    """O presidente encerra a deliberação quando todos os que avaliam registraram a sua avaliação: a decisão sai
    delas pela regra do edital congelada no certame (no recurso contra a ausência, pela maioria)."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    _exigir_deliberacao_individual_aberta(avaliacao)
    avaliacoes = list(avaliacao.avaliacoes_individuais.values_list("defere", flat=True))
    if len(avaliacoes) < avaliacao.votantes:
        faltam = avaliacao.votantes - len(avaliacoes)
        raise ErroOperacao(f"{'Falta' if faltam == 1 else 'Faltam'} {plural(faltam, 'avaliação', 'avaliações')} dos "
                           "membros presentes.")
    certame = avaliacao.sessao.comissao.certame
    regra = (deliberacao.Regra.MAIORIA if avaliacao.recurso_contra_ausencia
             else deliberacao.Regra(certame.regra_decisao))
    decisao = deliberacao.decidir(avaliacoes, regra=regra, maioria=avaliacao.maioria,
                                  primeira_instancia=_primeira_instancia(avaliacao))
    avaliacao.cedulas_abertas = len(avaliacoes)
    avaliacao.abertas_confirmam = decisao.favoraveis
    avaliacao.abertas_nao_confirmam = decisao.desfavoraveis
    avaliacao.prevaleceu_autodeclaracao = decisao.prevaleceu
    avaliacao.apurada_em = timezone.now()
    avaliacao.estado = EstadoAvaliacao.APURADA
    avaliacao.resultado = resultado_da_decisao(avaliacao, decisao.confirma)
    avaliacao.por_duvida = False
    auditar(avaliacao, usuario, f"Avaliações encerradas: {decisao.favoraveis} favoráveis, {decisao.desfavoraveis} "
                                "desfavoráveis.")
    avaliacao.save()
    return avaliacao


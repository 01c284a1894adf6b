"""As avaliações individuais dos membros, onde a lei manda cada um registrar a sua (`Lei.forma_deliberacao`; decisão
0017): cada membro que se senta quando a deliberação abre registra, do seu próprio login, a sua avaliação motivada,
assinada; o presidente encerra quando todos registraram, e a decisão sai delas pela regra do edital
(heteroidentificacao/deliberacao.py). Nada aqui é secreto, e nada toca as cédulas nem as participações do voto
secreto: uma lei de votos secretos nunca abre uma deliberação assim (services/votacao.py, `votacao_abrir`).
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

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
SAL_DO_SELO = "heteroidentificacao.deliberacao"


def _hmac(sal: str, conteudo: str, chave: str | None = None) -> str:
    return salted_hmac(sal, conteudo, secret=chave, algorithm="sha256").hexdigest()


def _confere(sal: str, conteudo: str, assinatura: str) -> bool:
    """Confere com a chave do servidor e com as anteriores (`SECRET_KEY_FALLBACKS`): a troca da chave não faz tudo o
    que foi assinado antes deixar de conferir. A comparação leva o mesmo tempo, acerte ou erre."""
    return any(constant_time_compare(assinatura, _hmac(sal, conteudo, chave))
               for chave in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS))


def assinar(individual: AvaliacaoIndividual, cpf: str, aberta_em: datetime) -> str:
    return _hmac(SAL_DA_ASSINATURA, individual.conteudo_assinado(cpf, aberta_em))


def assinatura_confere(individual: AvaliacaoIndividual) -> bool:
    """A assinatura confere com o registro, e os traços guardados com o resumo que ela cobre (depois do fim da guarda,
    sem os traços, só a assinatura)."""
    return individual.caracteristicas_conferem and _confere(
        SAL_DA_ASSINATURA, individual.conteudo_assinado(individual.membro.cpf, individual.avaliacao.candidato_saiu_em),
        individual.assinatura)


def _conteudo_do_selo(avaliacao: Avaliacao, assinaturas: list[str], resultado: str) -> str:
    """O que o selo da deliberação cobre: a avaliação e a abertura, a regra e a maioria, as assinaturas de todas as
    avaliações (em ordem), o placar e o resultado da apuração."""
    return "|".join(["deliberacao-v1", str(avaliacao.pk), avaliacao.candidato_saiu_em.isoformat(),
                     avaliacao.regra_decisao, str(avaliacao.maioria), ",".join(sorted(assinaturas)),
                     str(avaliacao.cedulas_abertas), str(avaliacao.abertas_confirmam),
                     str(avaliacao.abertas_nao_confirmam), str(avaliacao.prevaleceu_autodeclaracao), resultado])


def deliberacao_confere(avaliacao: Avaliacao) -> bool:
    """Se a deliberação encerrada é a que as avaliações assinadas dão: cada assinatura confere, o número delas e o
    placar batem com o gravado, e o selo do encerramento cobre tudo isso e o resultado. Uma avaliação apagada ou
    trocada, um placar ou um resultado alterados no banco a fazem não conferir. O resultado que o parecer dá quando
    nenhum lado alcança a maioria (art. 6º, § 1º) não é da apuração: o selo o cobre em branco."""
    individuais = list(avaliacao.avaliacoes_individuais.all())
    favoraveis = sum(1 for i in individuais if i.defere)
    if (not avaliacao.selo_deliberacao or avaliacao.candidato_saiu_em is None
            or (len(individuais), favoraveis, len(individuais) - favoraveis)
            != (avaliacao.cedulas_abertas, avaliacao.abertas_confirmam, avaliacao.abertas_nao_confirmam)
            or not all(assinatura_confere(i) for i in individuais)):
        return False
    assinaturas = [i.assinatura for i in individuais]
    return any(_confere(SAL_DO_SELO, _conteudo_do_selo(avaliacao, assinaturas, resultado), avaliacao.selo_deliberacao)
               for resultado in {avaliacao.resultado, ""})


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
                                     caracteristicas=caracteristicas,
                                     resumo_caracteristicas=AvaliacaoIndividual.resumir(caracteristicas),
                                     fundamentacao=fundamentacao, registrada_em=timezone.now())
    individual.assinatura = assinar(individual, membro.cpf, avaliacao.candidato_saiu_em)
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
    delas pela regra gravada na abertura (a do edital; no recurso contra a ausência, a maioria), e o selo da
    deliberação cobre as assinaturas, o placar e o resultado."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    _exigir_deliberacao_individual_aberta(avaliacao)
    avaliacoes = list(avaliacao.avaliacoes_individuais.values_list("defere", flat=True))
    if len(avaliacoes) < avaliacao.votantes:
        faltam = avaliacao.votantes - len(avaliacoes)
        raise ErroOperacao(f"{'Falta' if faltam == 1 else 'Faltam'} {plural(faltam, 'avaliação', 'avaliações')} dos "
                           "membros presentes.")
    decisao = deliberacao.decidir(avaliacoes, regra=deliberacao.Regra(avaliacao.regra_decisao),
                                  maioria=avaliacao.maioria,
                                  primeira_instancia=_primeira_instancia(avaliacao))
    avaliacao.cedulas_abertas = len(avaliacoes)
    avaliacao.abertas_confirmam = decisao.favoraveis
    avaliacao.abertas_nao_confirmam = decisao.desfavoraveis
    avaliacao.prevaleceu_autodeclaracao = decisao.prevaleceu
    avaliacao.apurada_em = timezone.now()
    avaliacao.estado = EstadoAvaliacao.APURADA
    avaliacao.resultado = resultado_da_decisao(avaliacao, decisao.confirma)
    avaliacao.por_duvida = False
    assinaturas = list(avaliacao.avaliacoes_individuais.values_list("assinatura", flat=True))
    avaliacao.selo_deliberacao = _hmac(SAL_DO_SELO, _conteudo_do_selo(avaliacao, assinaturas, avaliacao.resultado))
    auditar(avaliacao, usuario, f"Avaliações encerradas: {decisao.favoraveis} favoráveis, {decisao.desfavoraveis} "
                                "desfavoráveis.")
    avaliacao.save()
    return avaliacao


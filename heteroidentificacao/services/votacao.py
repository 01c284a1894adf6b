"""A votação secreta: abrir, o voto de cada membro, a apuração eletrônica e a das cédulas de papel."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from concursos.services import ErroOperacao, auditar
from heteroidentificacao import apuracao
from heteroidentificacao.models import (
    Avaliacao,
    Cedula,
    EstadoAvaliacao,
    EstadoSessao,
    FormaVotacao,
    Membro,
    Papel,
    Participacao,
    Resultado,
)
from heteroidentificacao.services.comum import exigir_presidente, exigir_sessao_aberta, travar_avaliacao
from legislacao.models import Maioria, citar


@transaction.atomic
def votacao_abrir(*, avaliacao: Avaliacao, forma: str = FormaVotacao.ELETRONICA, candidato_saiu: bool,
                  usuario) -> Avaliacao:
    """Abre a votação só depois de confirmado que o candidato deixou a sala (art. 9º, § 6º); no recurso,
    depois de a comissão examinar a gravação."""
    avaliacao = travar_avaliacao(avaliacao)
    sessao = avaliacao.sessao
    exigir_presidente(sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    lei = sessao.comissao.certame.lei
    esperado = EstadoAvaliacao.AGUARDANDO if avaliacao.em_recurso else EstadoAvaliacao.ENTREVISTA
    if avaliacao.estado != esperado:
        raise ErroOperacao("A votação abre depois da entrevista, uma única vez.")
    if not candidato_saiu:
        if avaliacao.em_recurso:
            raise ErroOperacao("Confirme que a comissão examinou a gravação da avaliação recorrida.")
        raise ErroOperacao("Confirme que o candidato deixou a sala: é vedado deliberar na presença do candidato"
                           f"{citar(lei.artigo_deliberacao if lei else '')}.")
    if forma not in FormaVotacao.values:
        raise ErroOperacao("Escolha a forma de votação.")
    membros = sessao.comissao.membros.filter(papel=Papel.TITULAR).count()
    votantes = sessao.presentes.count()
    if lei is not None and lei.maioria == Maioria.SIMPLES_PRESENTES:
        maioria = apuracao.maioria_absoluta(votantes)
    else:
        maioria = apuracao.maioria_absoluta(membros)
    avaliacao.estado = EstadoAvaliacao.VOTACAO
    avaliacao.candidato_saiu_em = timezone.now()
    avaliacao.forma_votacao = forma
    avaliacao.membros_da_comissao = membros
    avaliacao.votantes = votantes
    avaliacao.maioria = maioria
    if forma == FormaVotacao.PAPEL:
        avaliacao.cedulas_abertas = avaliacao.abertas_confirmam = avaliacao.abertas_nao_confirmam = 0
    auditar(avaliacao, usuario, "Candidato fora da sala: votação aberta." if not avaliacao.em_recurso
             else "Gravação examinada: votação do recurso aberta.")
    avaliacao.save()
    return avaliacao


def voto_registrar(*, avaliacao: Avaliacao, usuario, confirma: bool) -> None:
    """O voto de um membro, do seu próprio login: registra que votou e, à parte, uma cédula sem dono.

    Sem `select_for_update` da avaliação: trinta membros votando ao mesmo tempo não se enfileiram; a
    restrição única de `Participacao` impede o segundo voto, e a apuração trava a avaliação. O caminho
    comum é uma consulta e duas inserções; as recusas são explicadas depois, fora dele.
    """
    membro = Membro.objects.filter(
        usuario_id=usuario.pk, sessoes_presentes__estado=EstadoSessao.ABERTA,
        sessoes_presentes__avaliacoes__pk=avaliacao.pk,
        sessoes_presentes__avaliacoes__estado=EstadoAvaliacao.VOTACAO,
        sessoes_presentes__avaliacoes__forma_votacao=FormaVotacao.ELETRONICA,
    ).values_list("pk", flat=True).first() if usuario.is_authenticated else None
    if membro is None:
        _recusar_voto(avaliacao)
    try:
        with transaction.atomic():
            Participacao.objects.create(avaliacao_id=avaliacao.pk, membro_id=membro)
            Cedula.objects.create(avaliacao_id=avaliacao.pk, confirma=confirma)
    except IntegrityError as erro:
        raise ErroOperacao("Você já votou nesta avaliação.") from erro


def _recusar_voto(avaliacao: Avaliacao) -> None:
    avaliacao = Avaliacao.objects.select_related("sessao").only("estado", "forma_votacao", "sessao__estado").get(
        pk=avaliacao.pk)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A votação desta avaliação não está aberta.")
    if avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Esta votação é em cédulas de papel.")
    raise ErroOperacao("Só os membros presentes à sessão votam.")


@transaction.atomic
def votacao_apurar(*, avaliacao: Avaliacao, usuario) -> Avaliacao:
    """Apura a votação eletrônica: abre as cédulas em ordem aleatória até a maioria e apaga todas."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Não há votação eletrônica aberta nesta avaliação.")
    cedulas = list(Cedula.objects.filter(avaliacao=avaliacao).values_list("confirma", flat=True))
    if len(cedulas) < avaliacao.votantes:
        faltam = avaliacao.votantes - len(cedulas)
        raise ErroOperacao(f"Falta{'m' if faltam > 1 else ''} {faltam} voto{'s' if faltam > 1 else ''} "
                           "dos membros presentes.")
    resultado = apuracao.apurar(cedulas, maioria=avaliacao.maioria)
    # As não abertas são destruídas sem leitura; as abertas ficam só no placar (art. 11, § 2º).
    Cedula.objects.filter(avaliacao=avaliacao).delete()
    _concluir_apuracao(avaliacao, resultado.abertas, resultado.confirmam, resultado.nao_confirmam,
                       resultado.decisao, usuario)
    return avaliacao


@transaction.atomic
def cedula_papel_abrir(*, avaliacao: Avaliacao, confirma: bool, usuario) -> Avaliacao:
    """Apuração em papel: o presidente tira uma cédula da urna e informa o valor; formada a maioria, as
    restantes são destruídas sem abrir. Se todas as cédulas forem abertas sem maioria, prevalece a dúvida."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.forma_votacao != FormaVotacao.PAPEL:
        raise ErroOperacao("Não há apuração em papel aberta nesta avaliação.")
    placar, decisao = apuracao.registrar_aberta(
        (avaliacao.abertas_confirmam, avaliacao.abertas_nao_confirmam), confirma, maioria=avaliacao.maioria)
    abertas = avaliacao.cedulas_abertas + 1
    if decisao is None and abertas < avaliacao.votantes:
        avaliacao.cedulas_abertas = abertas
        avaliacao.abertas_confirmam, avaliacao.abertas_nao_confirmam = placar
        avaliacao.save(update_fields=["cedulas_abertas", "abertas_confirmam", "abertas_nao_confirmam"])
        return avaliacao
    _concluir_apuracao(avaliacao, abertas, *placar, decisao, usuario)
    return avaliacao


def _concluir_apuracao(avaliacao: Avaliacao, abertas: int, confirmam: int, nao_confirmam: int,
                       decisao: bool | None, usuario) -> None:
    lei = avaliacao.sessao.comissao.certame.lei
    avaliacao.cedulas_abertas = abertas
    avaliacao.abertas_confirmam = confirmam
    avaliacao.abertas_nao_confirmam = nao_confirmam
    avaliacao.apurada_em = timezone.now()
    avaliacao.estado = EstadoAvaliacao.APURADA
    if decisao is None:
        # Nenhum lado alcançou a maioria: na dúvida razoável prevalece a autodeclaração (art. 6º, § 1º).
        duvida = lei is None or lei.duvida_favorece
        avaliacao.resultado = Resultado.CONFIRMADO if duvida else Resultado.NAO_CONFIRMADO
        avaliacao.por_duvida = duvida
        if duvida:
            avaliacao.parecer = (
                f"Apurados {apuracao.texto_votos(abertas, confirmam, nao_confirmam)}, nenhum lado alcançou a "
                f"maioria de {avaliacao.maioria} votos. Havendo dúvida razoável sobre o fenótipo, prevalece a "
                f"autodeclaração{citar(lei.artigo_duvida if lei else '')}.")
    else:
        avaliacao.resultado = Resultado.CONFIRMADO if decisao else Resultado.NAO_CONFIRMADO
    auditar(avaliacao, usuario, f"Votação apurada: {apuracao.texto_votos(abertas, confirmam, nao_confirmam)}.")
    avaliacao.save()

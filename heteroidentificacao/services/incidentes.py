"""O que acontece durante a sessão e vai à ata com a hora: um membro que sai, um suplente que entra.

A saída de quem ainda não votou numa votação aberta o tira dela; se os que restam já não têm a composição da lei
ou o quórum do voto secreto (Afonso Cláudio art. 8º; art. 11, § 2º), a votação é anulada e as cédulas destruídas
sem leitura, para abrir de novo quando houver quórum (ou em papel). Quem já votou e sai tem o voto contado.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from heteroidentificacao.composicao import requisitos
from heteroidentificacao.models import (
    Avaliacao,
    EstadoAvaliacao,
    EstadoSessao,
    FormaVotacao,
    Membro,
    Participacao,
    Sessao,
    TipoOcorrencia,
)
from heteroidentificacao.selectors import (
    falhas_de_quem_vota,
    maioria_da_comissao,
    para_conferencia,
    regras_da_comissao,
    titulares,
)
from heteroidentificacao.services.comum import (
    exigir_motivo,
    exigir_presidente,
    funcao_na_sessao,
    hora,
    registrar_ocorrencia,
    travar_avaliacao,
)
from heteroidentificacao.services.votacao import travar_votos, votacao_anular
from nucleo.servicos import ErroOperacao, auditar


def _travar_sessao_aberta(sessao: Sessao, usuario) -> Sessao:
    sessao = Sessao.objects.select_for_update(of=("self",)).select_related("comissao__certame__lei").get(pk=sessao.pk)
    exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A sessão não está aberta.")
    return sessao


@transaction.atomic
def membro_registrar_saida(*, sessao: Sessao, membro: Membro, motivo: str, usuario,
                           votou_em_papel: bool = False) -> list[Avaliacao]:
    """O membro deixa a sessão (a ata diz quando e por quê). Devolve as votações anuladas por falta de quórum.

    Nas votações em papel ainda abertas, o presidente informa se o membro já depositou a cédula (`votou_em_papel`);
    nas eletrônicas, o sistema sabe se ele votou, nunca como."""
    sessao = _travar_sessao_aberta(sessao, usuario)
    if membro.presidente:
        raise ErroOperacao("O presidente conduz a sessão e não pode sair dela: encerre-a quando terminar.")
    if not sessao.presentes.filter(pk=membro.pk).exists():
        raise ErroOperacao(f"{membro.nome} não está entre os presentes.")
    motivo = exigir_motivo(motivo, "da saída")
    agora = timezone.now()
    sessao.presentes.remove(membro)
    registrar_ocorrencia(sessao, TipoOcorrencia.SAIDA,
                         f"Às {hora(agora)}, {membro.nome} ({funcao_na_sessao(membro)}) deixou a sessão. Motivo: "
                         f"{motivo}", usuario, membro=membro)
    anuladas = []
    abertas = Avaliacao.objects.filter(sessao=sessao, estado=EstadoAvaliacao.VOTACAO, eleitores=membro)
    for avaliacao in abertas.order_by("pk"):
        # A mesma ordem de travas da apuração e da anulação (avaliação, depois os votos): nunca um impasse. E um
        # voto dele em curso termina antes de se saber se votou.
        avaliacao = travar_avaliacao(avaliacao)
        if avaliacao.estado != EstadoAvaliacao.VOTACAO:
            continue
        travar_votos(avaliacao.pk, [membro.usuario_id] if membro.usuario_id else [])
        if avaliacao.forma_votacao == FormaVotacao.ELETRONICA:
            votou = Participacao.objects.filter(avaliacao=avaliacao, membro=membro).exists()
        elif avaliacao.por_avaliacoes_individuais:
            votou = avaliacao.avaliacoes_individuais.filter(membro=membro).exists()
        else:
            votou = votou_em_papel or bool(avaliacao.cedulas_abertas)
        if votou:
            continue
        avaliacao.eleitores.remove(membro)
        restantes = list(avaliacao.eleitores.all())
        falhas = falhas_de_quem_vota(sessao.comissao, restantes, data=timezone.localdate())
        if falhas:
            restam = "; ".join(str(f).rstrip(".") for f in falhas)
            votacao_anular(avaliacao=avaliacao, usuario=usuario, automatica=True,
                           motivo=f"saída de {membro.nome} antes de votar; com os que restam: "
                                  f"{restam[:1].lower()}{restam[1:]}")
            anuladas.append(avaliacao)
            continue
        avaliacao.votantes = len(restantes)
        # Numa lei de «maioria dos presentes», a maioria acompanha quem vota; na da maioria absoluta dos membros, não.
        avaliacao.maioria = maioria_da_comissao(sessao.comissao, presentes=len(restantes))
        auditar(avaliacao, usuario, f"{membro.nome} saiu antes de votar: votam {len(restantes)}.")
        avaliacao.save(update_fields=["votantes", "maioria"])
    return anuladas


@transaction.atomic
def membro_registrar_entrada(*, sessao: Sessao, membro: Membro, usuario) -> Sessao:
    """Um suplente (ou um titular que chegou depois) passa a integrar a sessão: vota nas votações que abrirem daqui
    em diante, nunca numa que já esteja aberta."""
    sessao = _travar_sessao_aberta(sessao, usuario)
    comissao = sessao.comissao
    if membro.comissao_id != comissao.pk:
        raise ErroOperacao("Só membros desta comissão entram na sessão.")
    if sessao.presentes.filter(pk=membro.pk).exists():
        raise ErroOperacao(f"{membro.nome} já está entre os presentes.")
    limite = titulares(comissao)
    if sessao.presentes.count() >= limite:
        raise ErroOperacao(f"Já há {limite} membros presentes, o número de titulares: um suplente só entra no lugar "
                           "de quem saiu.")
    falhas = requisitos(regras_da_comissao(comissao), para_conferencia(membro), timezone.localdate())
    if falhas:
        raise ErroOperacao(f"{membro.nome} não pode integrar a sessão: " + " ".join(str(f) for f in falhas))
    agora = timezone.now()
    sessao.presentes.add(membro)
    sessao.participantes.add(membro)
    substitui = ", em substituição a titular" if not membro.presidente and membro.papel != "titular" else ""
    registrar_ocorrencia(sessao, TipoOcorrencia.ENTRADA,
                         f"Às {hora(agora)}, {membro.nome} ({funcao_na_sessao(membro)}{substitui}) passou a integrar a "
                         "sessão.", usuario, membro=membro)
    return sessao

"""O voto de cada membro, no seu próprio dispositivo (Afonso Cláudio art. 11, § 2º: votos sempre secretos).

Nada do que trafega varia com o voto, a não ser o valor no corpo do POST, que tem o mesmo tamanho para as duas
escolhas («sim», «nao»): a escolha e a confirmação vão num único POST (a confirmação na tela é feita no próprio
navegador, sem ida ao servidor), e a resposta é sempre o mesmo redirecionamento para a página da votação, com a
mesma mensagem. O valor nunca vai à URL, à sessão, às mensagens nem aos logs; os relatórios de erro do Django
mascaram o POST e as variáveis locais da view e de tudo o que ela chama. Quem já votou vê «voto registrado», nunca
o valor. Decisão e ameaças: docs/decisoes/0003-sigilo-do-voto.md.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django.views.decorators.http import require_GET, require_POST

from acesso.sessoes import sem_renovar_a_sessao
from heteroidentificacao import services
from heteroidentificacao.models import (
    Avaliacao,
    AvaliacaoIndividual,
    EstadoAvaliacao,
    EstadoSessao,
    FormaVotacao,
    Participacao,
)
from heteroidentificacao.services import PARECER_MINIMO, ErroOperacao
from heteroidentificacao.views.comum import (
    area_da_comissao,
    avaliacao_do_membro,
    sessao_do_membro,
    texto_avaliaram,
    texto_participacao,
)
from heteroidentificacao.views.formularios import AvaliacaoIndividualForm, VotoForm

PODE_VOTAR = "pode_votar"
JA_VOTOU = "ja_votou"
NAO_VOTA = "nao_vota"
EM_PAPEL = "em_papel"
PODE_AVALIAR = "pode_avaliar"
JA_AVALIOU = "ja_avaliou"


def _situacao(avaliacao: Avaliacao, *, eleitor: bool, votou: bool, avaliou: bool) -> str:
    if avaliacao.forma_votacao == FormaVotacao.PAPEL:
        return EM_PAPEL
    if not eleitor:
        return NAO_VOTA
    if avaliacao.por_avaliacoes_individuais:
        return JA_AVALIOU if avaliou else PODE_AVALIAR
    return JA_VOTOU if votou else PODE_VOTAR


@area_da_comissao
@require_GET
def votacao(request, sessao_id: int):
    """As votações abertas da sessão; enquanto não há em que votar, a página se atualiza sozinha."""
    sessao, membro = sessao_do_membro(request.user, sessao_id)
    abertas = list(sessao.avaliacoes.filter(estado=EstadoAvaliacao.VOTACAO)
                   .select_related("inscricao__candidato", "inscricao__cargo", "recurso__avaliacao"))
    presente = sessao.presentes.filter(pk=membro.pk).exists()
    eleitor = set(membro.avaliacoes_como_eleitor.filter(pk__in=[a.pk for a in abertas]).values_list("pk", flat=True))
    votou = set(Participacao.objects.filter(membro=membro, avaliacao__in=abertas)
                .values_list("avaliacao_id", flat=True))
    # A avaliação individual é nominal (vai à ata com o nome): o membro revê a sua depois de registrá-la. Nada disso
    # toca as votações secretas, que nunca são desta forma.
    minhas = {i.avaliacao_id: i for i in AvaliacaoIndividual.objects.filter(membro=membro, avaliacao__in=abertas)}
    itens = [(a, _situacao(a, eleitor=a.pk in eleitor, votou=a.pk in votou, avaliou=a.pk in minhas),
              minhas.get(a.pk), AvaliacaoIndividualForm(contra_ausencia=a.recurso_contra_ausencia,
                                                        auto_id=f"a{a.pk}-%s"))
             for a in abertas]
    return render(request, "heteroidentificacao/votacao.html", {
        "sessao": sessao, "membro": membro, "presente": presente, "itens": itens,
        "lei": sessao.comissao.certame.lei, "parecer_minimo": PARECER_MINIMO,
        "atualizar": sessao.estado != EstadoSessao.ENCERRADA and all(s not in (PODE_VOTAR, PODE_AVALIAR)
                                                                      for _, s, _, _ in itens),
    })


@area_da_comissao
@require_POST
@sensitive_post_parameters("escolha")
@sensitive_variables()
def votar(request, avaliacao_id: int):
    """A escolha e a confirmação, num só POST; o serviço grava a participação e a cédula cifrada."""
    avaliacao = avaliacao_do_membro(request.user, avaliacao_id)
    form = VotoForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Escolha uma das opções e toque em «Confirmar o voto».")
    else:
        try:
            services.voto_registrar(avaliacao=avaliacao, usuario=request.user,
                                    confirma=form.cleaned_data["escolha"] == "sim")
        except ErroOperacao as erro:
            messages.error(request, str(erro))
        else:
            messages.success(request, "Seu voto foi registrado.")
    return redirect("comissao:votacao", sessao_id=avaliacao.sessao_id)


@area_da_comissao
@require_POST
def avaliar(request, avaliacao_id: int):
    """A avaliação individual do membro, motivada e assinada, onde a lei manda cada um avaliar (decisão 0017)."""
    avaliacao = avaliacao_do_membro(request.user, avaliacao_id)
    form = AvaliacaoIndividualForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Escolha se defere ou indefere a autodeclaração, e fundamente.")
    else:
        try:
            services.avaliacao_individual_registrar(
                avaliacao=avaliacao, usuario=request.user, defere=form.cleaned_data["defere"],
                caracteristicas=form.cleaned_data.get("caracteristicas", []),
                fundamentacao=form.cleaned_data["fundamentacao"])
        except ErroOperacao as erro:
            messages.error(request, str(erro))
        else:
            messages.success(request, "Sua avaliação foi registrada e assinada.")
    return redirect(f"{reverse('comissao:votacao', args=[avaliacao.sessao_id])}#voto-{avaliacao.pk}")


@sem_renovar_a_sessao
@area_da_comissao
@require_GET
def participacao(request, avaliacao_id: int):
    """Quantos membros já votaram (ou registraram a avaliação individual), para o presidente acompanhar sem
    recarregar a página (nunca os votos)."""
    avaliacao = avaliacao_do_membro(request.user, avaliacao_id)
    if avaliacao.por_avaliacoes_individuais:
        texto = texto_avaliaram(avaliacao.avaliacoes_individuais.count(), avaliacao.votantes)
    else:
        texto = texto_participacao(avaliacao.participacoes.count(), avaliacao.votantes)
    return JsonResponse({"texto": texto, "estado": avaliacao.estado})

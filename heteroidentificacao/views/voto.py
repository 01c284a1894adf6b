"""O voto de cada membro, no seu próprio dispositivo (Afonso Cláudio art. 11, § 2º: votos sempre secretos).

O valor do voto só viaja num POST: nunca vai à URL, à sessão, às mensagens nem aos logs. Os relatórios de
erro do Django mascaram o POST e as variáveis locais da view e de tudo o que ela chama, até o ORM. A
confirmação é a resposta a esse POST, sem nada guardado; gravado o voto, a tela diz só que ele foi
registrado. Quem já votou vê «voto registrado», nunca o valor.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django.views.decorators.http import require_GET, require_POST

from heteroidentificacao import services
from heteroidentificacao.models import Avaliacao, EstadoAvaliacao, EstadoSessao, FormaVotacao, Participacao
from heteroidentificacao.services import ErroOperacao
from heteroidentificacao.views.comum import area_da_comissao, avaliacao_do_membro, sessao_do_membro, texto_participacao
from heteroidentificacao.views.formularios import VotoForm

PODE_VOTAR = "pode_votar"
JA_VOTOU = "ja_votou"
NAO_PRESENTE = "nao_presente"
EM_PAPEL = "em_papel"


def _situacao(avaliacao: Avaliacao, *, presente: bool, votou: bool) -> str:
    if avaliacao.forma_votacao == FormaVotacao.PAPEL:
        return EM_PAPEL
    if not presente:
        return NAO_PRESENTE
    return JA_VOTOU if votou else PODE_VOTAR


@area_da_comissao
@require_GET
def votacao(request, sessao_id: int):
    """As votações abertas da sessão; enquanto não há em que votar, a página se atualiza sozinha."""
    sessao, membro = sessao_do_membro(request.user, sessao_id)
    abertas = list(sessao.avaliacoes.filter(estado=EstadoAvaliacao.VOTACAO)
                   .select_related("inscricao__candidato", "inscricao__cargo"))
    presente = sessao.presentes.filter(pk=membro.pk).exists()
    votou = set(Participacao.objects.filter(membro=membro, avaliacao__in=abertas)
                .values_list("avaliacao_id", flat=True))
    itens = [(a, _situacao(a, presente=presente, votou=a.pk in votou)) for a in abertas]
    return render(request, "heteroidentificacao/votacao.html", {
        "sessao": sessao, "membro": membro, "presente": presente, "itens": itens,
        "atualizar": sessao.estado != EstadoSessao.ENCERRADA and all(s != PODE_VOTAR for _, s in itens),
    })


@area_da_comissao
@require_POST
@sensitive_post_parameters("escolha")
@sensitive_variables()
def votar(request, avaliacao_id: int):
    """Primeiro POST: a escolha, que volta para ser confirmada. Segundo: o voto, gravado pelo serviço."""
    avaliacao = avaliacao_do_membro(request.user, avaliacao_id)
    form = VotoForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Escolha «Confirmo a autodeclaração» ou «Não confirmo».")
        return redirect("comissao:votacao", sessao_id=avaliacao.sessao_id)
    if not form.cleaned_data["confirmado"]:
        return render(request, "heteroidentificacao/voto_confirmar.html", {
            "avaliacao": avaliacao, "escolha": form.cleaned_data["escolha"],
            "rotulo": dict(VotoForm.ESCOLHAS)[form.cleaned_data["escolha"]],
        })
    confirma = form.cleaned_data["escolha"] == "confirma"
    try:
        services.voto_registrar(avaliacao=avaliacao, usuario=request.user, confirma=confirma)
    except ErroOperacao as erro:
        messages.error(request, str(erro))
    else:
        messages.success(request, "Seu voto foi registrado.")
    return redirect("comissao:votacao", sessao_id=avaliacao.sessao_id)


@area_da_comissao
@require_GET
def participacao(request, avaliacao_id: int):
    """Quantos membros já votaram, para o presidente acompanhar sem recarregar a página (nunca os votos)."""
    avaliacao = avaliacao_do_membro(request.user, avaliacao_id)
    return JsonResponse({"texto": texto_participacao(avaliacao.participacoes.count(), avaliacao.votantes),
                         "estado": avaliacao.estado})

"""O que as telas da área da comissão têm em comum: login próprio, nenhum cache e o recorte por comissão.

Um membro só alcança as sessões e as avaliações das comissões de que faz parte. Para qualquer outra a
resposta é 404, sem dizer se ela existe: nomes de candidatos e notas de entrevista são sigilosos
(Afonso Cláudio art. 10, IV; art. 11, caput).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.cache import cache_control

from heteroidentificacao.models import Avaliacao, Membro, Sessao
from heteroidentificacao.selectors import membro_do_usuario, sessoes_do_usuario
from heteroidentificacao.services import ErroOperacao


def area_da_comissao(view: Callable) -> Callable:
    """Exige o login da área da comissão e proíbe guardar a página em qualquer cache (nem no navegador) e que um
    intermediário a transforme (`no-transform`: um proxy que comprimisse as páginas faria o tamanho delas variar
    com o conteúdo)."""
    return cache_control(private=True, no_store=True, no_transform=True)(
        login_required(view, login_url="comissao:entrar"))


def sessao_do_membro(usuario, sessao_id: int) -> tuple[Sessao, Membro]:
    sessao = get_object_or_404(sessoes_do_usuario(usuario), pk=sessao_id)
    return sessao, membro_do_usuario(usuario, sessao.comissao)


def avaliacao_do_membro(usuario, avaliacao_id: int) -> Avaliacao:
    """A avaliação, se o usuário é membro da comissão dela (senão, 404). Leve: é a consulta de cada voto, e
    os serviços releem e travam o que precisam."""
    return get_object_or_404(
        Avaliacao.objects.filter(sessao__comissao__membros__usuario=usuario)
        .select_related("sessao", "inscricao__candidato").defer("notas_entrevista"),
        pk=avaliacao_id)


def executar(request, servico: Callable, **dados):
    """Chama o serviço em nome do usuário; a recusa vira a mensagem em português do próprio serviço."""
    try:
        return servico(usuario=request.user, **dados)
    except ErroOperacao as erro:
        messages.error(request, str(erro))
        return None


def voltar_a_sessao(sessao_id: int, avaliacao_id: int | None = None):
    destino = reverse("comissao:sessao", args=[sessao_id])
    return redirect(f"{destino}#avaliacao-{avaliacao_id}" if avaliacao_id else destino)


def texto_participacao(votaram: int, votantes: int | None) -> str:
    """Quantos já votaram, nunca como votaram."""
    return f"{votaram} de {votantes or 0} membros presentes já votaram"


def texto_avaliaram(avaliaram: int, avaliadores: int | None) -> str:
    """Quantos já registraram a sua avaliação individual (que, diferente do voto secreto, a ata mostra depois)."""
    return f"{avaliaram} de {avaliadores or 0} membros presentes já registraram a sua avaliação"

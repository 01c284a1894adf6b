"""O que os serviços da heteroidentificação têm em comum: travar a avaliação, exigir o presidente."""

from __future__ import annotations

from concursos.services import ErroOperacao
from heteroidentificacao.models import (
    Avaliacao,
    EstadoSessao,
    Membro,
    Sessao,
)

# Um parecer de não confirmação precisa dizer o que a comissão viu: decisões genéricas são anuladas.
PARECER_MINIMO = 60


def travar_avaliacao(avaliacao: Avaliacao) -> Avaliacao:
    return (Avaliacao.objects.select_for_update(of=("self",))
            .select_related("sessao__comissao__certame__lei", "inscricao", "recurso").get(pk=avaliacao.pk))


def exigir_presidente(sessao: Sessao, usuario) -> Membro:
    presidente = sessao.comissao.membros.filter(presidente=True).first()
    if presidente is None or presidente.usuario_id is None or presidente.usuario_id != usuario.pk:
        raise ErroOperacao("Só o presidente da comissão conduz a sessão.")
    return presidente


def exigir_sessao_aberta(avaliacao: Avaliacao) -> None:
    if avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A sessão não está aberta.")

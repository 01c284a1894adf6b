"""O que os serviços da heteroidentificação têm em comum: travar a avaliação, exigir o presidente, conferir quem
vota e registrar as ocorrências que vão à ata."""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    EstadoSessao,
    Membro,
    OcorrenciaSessao,
    Papel,
    Sessao,
)
from heteroidentificacao.selectors import falhas_de_quem_vota
from nucleo.servicos import ErroOperacao

# Um parecer de não confirmação precisa dizer o que a comissão viu: decisões genéricas são anuladas.
PARECER_MINIMO = 60
# O motivo de um ato fora do comum (abrir em outra data, anular a votação, a saída de um membro) vai à ata.
MOTIVO_MINIMO = 10


def travar_avaliacao(avaliacao: Avaliacao) -> Avaliacao:
    return (Avaliacao.objects.select_for_update(of=("self",))
            .select_related("sessao__comissao__certame__lei", "inscricao", "recurso__avaliacao").get(pk=avaliacao.pk))


def exigir_presidente(sessao: Sessao, usuario) -> Membro:
    presidente = sessao.comissao.membros.filter(presidente=True).first()
    if presidente is None or presidente.usuario_id is None or presidente.usuario_id != usuario.pk:
        raise ErroOperacao("Só o presidente da comissão conduz a sessão.")
    if usuario.is_staff or usuario.is_superuser or usuario.groups.exists():
        raise ErroOperacao("A conta do presidente ganhou acesso ao admin: quem conduz a comissão entra com uma conta "
                           "criada só para ela. Peça ao RH que retire esse acesso.")
    return presidente


def exigir_sessao_aberta(avaliacao: Avaliacao) -> None:
    if avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A sessão não está aberta.")


def exigir_motivo(motivo: str, o_que: str) -> str:
    motivo = (motivo or "").strip()
    if len(motivo) < MOTIVO_MINIMO:
        raise ErroOperacao(f"Registre o motivo {o_que} (ao menos {MOTIVO_MINIMO} caracteres): ele vai à ata.")
    return motivo






def exigir_quem_vota(comissao: Comissao, membros: list[Membro], *, data: date, recusa: str) -> None:
    falhas = falhas_de_quem_vota(comissao, membros, data=data)
    if falhas:
        raise ErroOperacao(f"{recusa}: " + " ".join(str(f) for f in falhas))




def funcao_na_sessao(membro: Membro) -> str:
    if membro.presidente:
        return "presidente"
    return "titular" if membro.papel == Papel.TITULAR else "suplente"


def registrar_ocorrencia(sessao: Sessao, tipo: str, descricao: str, usuario, *, membro: Membro | None = None,
                         avaliacao: Avaliacao | None = None) -> OcorrenciaSessao:
    return OcorrenciaSessao.objects.create(sessao=sessao, tipo=tipo, descricao=descricao, registrado_por=usuario,
                                           membro=membro, avaliacao=avaliacao, em=timezone.now())


def hora(momento) -> str:
    return f"{timezone.localtime(momento):%H:%M}"

"""As sessões do membro: a lista, a página da sessão (com os controles do presidente) e a ata em PDF."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import render
from django.views.decorators.http import require_GET

from documentos.pdf import resposta_pdf
from heteroidentificacao.models import Avaliacao, Caracteristica, EstadoAvaliacao, EstadoSessao, FormaVotacao, Membro
from heteroidentificacao.selectors import conferencia_da_comissao, sessoes_do_usuario
from heteroidentificacao.services import PARECER_MINIMO, ErroOperacao
from heteroidentificacao.views.comum import area_da_comissao, sessao_do_membro, texto_participacao, voltar_a_sessao
from heteroidentificacao.views.formularios import AberturaForm, EncerramentoForm, NotasForm, ParecerForm, VotacaoForm


@area_da_comissao
@require_GET
def minhas_sessoes(request):
    sessoes = list(sessoes_do_usuario(request.user).select_related("comissao__certame__orgao"))
    papeis = {m.comissao_id: m for m in Membro.objects.filter(usuario=request.user)}
    linhas = [(sessao, papeis[sessao.comissao_id]) for sessao in sessoes]
    return render(request, "heteroidentificacao/minhas_sessoes.html", {"linhas": linhas})


@dataclass
class Cartao:
    """Uma avaliação na página da sessão, com os formulários do presidente quando cabem."""

    avaliacao: Avaliacao
    participacao: str = ""
    tracos: list[str] = field(default_factory=list)
    notas_form: NotasForm | None = None
    votacao_form: VotacaoForm | None = None
    parecer_form: ParecerForm | None = None


def _cartao(avaliacao: Avaliacao, *, conduz: bool) -> Cartao:
    cartao = Cartao(avaliacao, tracos=[c.label for c in Caracteristica if c.value in avaliacao.caracteristicas])
    estado = avaliacao.estado
    if estado == EstadoAvaliacao.VOTACAO and avaliacao.forma_votacao == FormaVotacao.ELETRONICA:
        cartao.participacao = texto_participacao(avaliacao.votaram, avaliacao.votantes)
    if not conduz:
        return cartao
    prefixo = f"a{avaliacao.pk}-%s"
    if estado in (EstadoAvaliacao.ENTREVISTA, EstadoAvaliacao.VOTACAO, EstadoAvaliacao.APURADA):
        cartao.notas_form = NotasForm(initial={"notas": avaliacao.notas_entrevista}, auto_id=prefixo)
    esperado = EstadoAvaliacao.AGUARDANDO if avaliacao.em_recurso else EstadoAvaliacao.ENTREVISTA
    if estado == esperado:
        cartao.votacao_form = VotacaoForm(em_recurso=avaliacao.em_recurso, auto_id=prefixo)
    if estado == EstadoAvaliacao.APURADA:
        cartao.parecer_form = ParecerForm(initial={"parecer": avaliacao.parecer,
                                                   "caracteristicas": avaliacao.caracteristicas}, auto_id=prefixo)
    return cartao


@area_da_comissao
@require_GET
def sessao(request, sessao_id: int):
    sessao, membro = sessao_do_membro(request.user, sessao_id)
    comissao = sessao.comissao
    conduz = membro.presidente and sessao.estado == EstadoSessao.ABERTA
    avaliacoes = (sessao.avaliacoes.select_related("inscricao__candidato", "inscricao__cargo", "recurso")
                  .annotate(votaram=Count("participacoes")))
    presentes = list(sessao.presentes.all())
    cartoes = [_cartao(a, conduz=conduz) for a in avaliacoes]
    contexto = {
        "sessao": sessao, "membro": membro, "comissao": comissao, "certame": comissao.certame,
        "lei": comissao.certame.lei, "presentes": presentes, "presente": membro in presentes,
        "conduz": conduz, "cartoes": cartoes,
        "ata_primeira": any(not c.avaliacao.em_recurso for c in cartoes),
        "ata_recursos": any(c.avaliacao.em_recurso for c in cartoes),
        "parecer_minimo": PARECER_MINIMO,
    }
    if membro.presidente and sessao.estado == EstadoSessao.AGENDADA:
        contexto["abertura_form"] = AberturaForm(sessao=sessao)
        contexto["falhas"] = conferencia_da_comissao(comissao).falhas
    if conduz:
        contexto["encerramento_form"] = EncerramentoForm()
    return render(request, "heteroidentificacao/sessao.html", contexto)


def _emitir_ata(request, sessao_id: int, emitir):
    sessao, _ = sessao_do_membro(request.user, sessao_id)
    try:
        documento = emitir(sessao=sessao, usuario=request.user)
    except ErroOperacao as erro:
        messages.error(request, str(erro))
        return voltar_a_sessao(sessao.pk)
    return resposta_pdf(documento)


@area_da_comissao
@require_GET
def ata(request, sessao_id: int):
    """A ata da sessão encerrada, em PDF verificável: cada download emite um documento novo, com código próprio."""
    from heteroidentificacao.documentos import ata_sessao_emitir

    return _emitir_ata(request, sessao_id, ata_sessao_emitir)


@area_da_comissao
@require_GET
def ata_recursos(request, sessao_id: int):
    """A ata dos recursos julgados na sessão (art. 6º, § 2º)."""
    from heteroidentificacao.documentos import ata_recursos_emitir

    return _emitir_ata(request, sessao_id, ata_recursos_emitir)

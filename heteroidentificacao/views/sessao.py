"""As sessões do membro: a lista, a página da sessão (com os controles do presidente) e a ata em PDF."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib import messages
from django.db.models import Count
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from documentos.pdf import resposta_pdf
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    Caracteristica,
    EstadoAvaliacao,
    EstadoSessao,
    FormaVotacao,
    Membro,
)
from heteroidentificacao.selectors import (
    conferencia_da_comissao,
    exames_da_gravacao,
    falhas_de_quem_vota,
    momento_da_ausencia,
    sessoes_do_usuario,
)
from heteroidentificacao.services import PARECER_MINIMO, ErroOperacao
from heteroidentificacao.views.comum import (
    area_da_comissao,
    sessao_do_membro,
    texto_avaliaram,
    texto_participacao,
    voltar_a_sessao,
)
from heteroidentificacao.views.formularios import (
    AberturaForm,
    AnulacaoForm,
    EncerramentoForm,
    EntradaForm,
    GravacaoForm,
    NotasForm,
    ParecerForm,
    SaidaForm,
    VotacaoForm,
)
from legislacao.models import FormaDeliberacao


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
    ausencia_a_partir: datetime | None = None
    exame: AcessoGravacao | None = None
    notas_form: NotasForm | None = None
    gravacao_form: GravacaoForm | None = None
    votacao_form: VotacaoForm | None = None
    anulacao_form: AnulacaoForm | None = None
    parecer_form: ParecerForm | None = None


def _cartao(avaliacao: Avaliacao, *, conduz: bool, exames: dict, individual: bool) -> Cartao:
    cartao = Cartao(avaliacao, tracos=[c.label for c in Caracteristica if c.value in avaliacao.caracteristicas])
    estado = avaliacao.estado
    if estado == EstadoAvaliacao.VOTACAO and avaliacao.forma_votacao == FormaVotacao.ELETRONICA:
        cartao.participacao = texto_participacao(avaliacao.votaram, avaliacao.votantes)
    elif estado == EstadoAvaliacao.VOTACAO and avaliacao.por_avaliacoes_individuais:
        cartao.participacao = texto_avaliaram(avaliacao.avaliaram, avaliacao.votantes)
    if not conduz:
        return cartao
    prefixo = f"a{avaliacao.pk}-%s"
    cartao.exame = exames.get(avaliacao.pk)
    if estado == EstadoAvaliacao.AGUARDANDO and not avaliacao.em_recurso:
        cartao.ausencia_a_partir = timezone.localtime(momento_da_ausencia(avaliacao))
    if estado in (EstadoAvaliacao.ENTREVISTA, EstadoAvaliacao.VOTACAO, EstadoAvaliacao.APURADA):
        cartao.notas_form = NotasForm(initial={"notas": avaliacao.notas_entrevista}, auto_id=prefixo)
        if not avaliacao.em_recurso:
            cartao.gravacao_form = GravacaoForm(initial={"referencia": avaliacao.gravacao_referencia,
                                                         "sha256": avaliacao.gravacao_sha256}, auto_id=prefixo)
    if estado == avaliacao.estado_antes_da_votacao:
        cartao.votacao_form = VotacaoForm(em_recurso=avaliacao.em_recurso,
                                          contra_ausencia=avaliacao.recurso_contra_ausencia, individual=individual,
                                          auto_id=prefixo)
    if estado == EstadoAvaliacao.VOTACAO and not avaliacao.cedulas_abertas:
        cartao.anulacao_form = AnulacaoForm(auto_id=prefixo)
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
    avaliacoes = (sessao.avaliacoes.select_related("inscricao__candidato", "inscricao__cargo", "recurso__avaliacao")
                  .annotate(votaram=Count("participacoes", distinct=True),
                            avaliaram=Count("avaliacoes_individuais", distinct=True)))
    presentes = list(sessao.presentes.all())
    avaliacoes = list(avaliacoes)
    exames = exames_da_gravacao([a.pk for a in avaliacoes if a.em_recurso]) if conduz else {}
    lei = comissao.certame.lei
    individual = lei is not None and lei.forma_deliberacao == FormaDeliberacao.INDIVIDUAL
    cartoes = [_cartao(a, conduz=conduz, exames=exames, individual=individual) for a in avaliacoes]
    hoje = timezone.localdate()
    contexto = {
        "sessao": sessao, "membro": membro, "comissao": comissao, "certame": comissao.certame,
        "lei": lei, "individual": individual, "presentes": presentes, "presente": membro in presentes,
        "conduz": conduz, "cartoes": cartoes,
        "ocorrencias": list(sessao.ocorrencias_registradas.all()),
        "ata_primeira": any(not c.avaliacao.em_recurso for c in cartoes),
        "ata_recursos": any(c.avaliacao.em_recurso for c in cartoes),
        "parecer_minimo": PARECER_MINIMO,
    }
    if membro.presidente and sessao.estado == EstadoSessao.AGENDADA:
        contexto["abertura_form"] = AberturaForm(sessao=sessao)
        contexto["falhas"] = conferencia_da_comissao(comissao).falhas
        contexto["fora_da_data"] = hoje if hoje != sessao.data else None
    if conduz:
        contexto["encerramento_form"] = EncerramentoForm()
        contexto["saida_form"] = SaidaForm(sessao=sessao, auto_id="saida-%s")
        contexto["entrada_form"] = EntradaForm(sessao=sessao, auto_id="entrada-%s")
        contexto["votacao_em_papel"] = any(c.avaliacao.estado == EstadoAvaliacao.VOTACAO
                                           and c.avaliacao.forma_votacao == FormaVotacao.PAPEL for c in cartoes)
        # Com os presentes de agora, nenhuma votação abre se a composição ou o quórum não bastam (art. 8º; 11, § 2º).
        contexto["falhas_presentes"] = falhas_de_quem_vota(comissao, presentes, data=hoje)
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

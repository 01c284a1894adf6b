"""Os controles do presidente: cada botão chama um serviço, que confere se quem clicou preside a comissão.

As telas só escondem os botões de quem não preside; a recusa de verdade é dos serviços
(heteroidentificacao/services.py), com a mensagem e o artigo da lei.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.views.decorators.http import require_POST

from heteroidentificacao import services
from heteroidentificacao.models import Avaliacao, EstadoAvaliacao, Sessao
from heteroidentificacao.views.comum import (
    area_da_comissao,
    avaliacao_do_membro,
    executar,
    sessao_do_membro,
    voltar_a_sessao,
)
from heteroidentificacao.views.formularios import (
    AberturaForm,
    CedulaForm,
    EncerramentoForm,
    NotasForm,
    ParecerForm,
    PresencaForm,
    VotacaoForm,
)


def _dados(request, form) -> dict | None:
    if form.is_valid():
        return form.cleaned_data
    messages.error(request, "Não foi possível ler o que foi enviado; confira o formulário e tente de novo.")
    return None


def _botao_do_presidente(buscar: Callable, voltar: Callable) -> Callable:
    """Faz de `acao(request, objeto)` a view de um botão do presidente: só POST, no objeto de uma comissão do
    usuário (`buscar` dá 404 para as outras) e, feita ou recusada a ação, de volta à página da sessão."""

    def decorador(acao: Callable) -> Callable:
        @wraps(acao)
        def view(request, **url):
            objeto = buscar(request.user, **url)
            acao(request, objeto)
            return voltar(objeto)

        return area_da_comissao(require_POST(view))

    return decorador


_na_sessao = _botao_do_presidente(lambda usuario, sessao_id: sessao_do_membro(usuario, sessao_id)[0],
                                  lambda sessao: voltar_a_sessao(sessao.pk))
_na_avaliacao = _botao_do_presidente(avaliacao_do_membro,
                                     lambda avaliacao: voltar_a_sessao(avaliacao.sessao_id, avaliacao.pk))


@_na_sessao
def abrir_sessao(request, sessao: Sessao) -> None:
    dados = _dados(request, AberturaForm(request.POST, sessao=sessao))
    if dados is not None and executar(request, services.sessao_abrir, sessao=sessao,
                                      presentes=list(dados["presentes"])):
        messages.success(request, f"Sessão aberta com {len(dados['presentes'])} membros presentes.")


@_na_sessao
def encerrar_sessao(request, sessao: Sessao) -> None:
    dados = _dados(request, EncerramentoForm(request.POST))
    if dados is not None and executar(request, services.sessao_encerrar, sessao=sessao,
                                      ocorrencias=dados["ocorrencias"]):
        messages.success(request, "Sessão encerrada.")


@_na_avaliacao
def presenca(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, PresencaForm(request.POST))
    if dados is not None:
        feita = executar(request, services.avaliacao_registrar_presenca, avaliacao=avaliacao,
                         compareceu=dados["compareceu"])
        if feita:
            messages.success(request, "Candidato presente: entrevista iniciada." if dados["compareceu"]
                             else "Ausência registrada.")


@_na_avaliacao
def notas(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, NotasForm(request.POST))
    if dados is not None and executar(request, services.avaliacao_anotar, avaliacao=avaliacao, notas=dados["notas"]):
        messages.success(request, "Notas da entrevista salvas.")


@_na_avaliacao
def abrir_votacao(request, avaliacao: Avaliacao) -> None:
    form = VotacaoForm(request.POST, em_recurso=avaliacao.em_recurso)
    form.is_valid()
    # Sem confirmação ou sem forma válida, o serviço recusa com o motivo e o artigo (art. 9º, § 6º).
    feita = executar(request, services.votacao_abrir, avaliacao=avaliacao,
                     candidato_saiu=form.cleaned_data.get("candidato_saiu", False),
                     forma=form.cleaned_data.get("forma", ""))
    if feita:
        messages.success(request, f"Votação aberta ({feita.get_forma_votacao_display().lower()}).")


@_na_avaliacao
def apurar(request, avaliacao: Avaliacao) -> None:
    apurada = executar(request, services.votacao_apurar, avaliacao=avaliacao)
    if apurada:
        messages.success(request, f"Votos apurados: {apurada.get_resultado_display()} — "
                                  f"{apurada.votos_abertos_texto}.")


@_na_avaliacao
def cedula(request, avaliacao: Avaliacao) -> None:
    """Apuração em papel: uma cédula tirada da urna por vez, até formar a maioria (art. 11, § 2º)."""
    dados = _dados(request, CedulaForm(request.POST))
    depois = dados and executar(request, services.cedula_papel_abrir, avaliacao=avaliacao,
                                confirma=dados["confirma"])
    if depois and depois.estado == EstadoAvaliacao.APURADA:
        restantes = depois.votantes - depois.cedulas_abertas
        messages.success(request, f"Apuração concluída: {depois.get_resultado_display()} — "
                                  f"{depois.votos_abertos_texto}."
                                  + (" Destrua as cédulas restantes sem abri-las." if restantes else ""))
    elif depois:
        messages.success(request, f"Cédula registrada ({depois.cedulas_abertas} aberta(s) até agora).")


@_na_avaliacao
def parecer(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, ParecerForm(request.POST))
    if dados is not None and executar(request, services.parecer_registrar, avaliacao=avaliacao,
                                      parecer=dados["parecer"], caracteristicas=dados["caracteristicas"]):
        messages.success(request, "Parecer registrado.")

"""Os controles do presidente: cada botão chama um serviço, que confere se quem clicou preside a comissão.

As telas só escondem os botões de quem não preside; a recusa de verdade é dos serviços
(heteroidentificacao/services/), com a mensagem e o artigo da lei.
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
    AnulacaoForm,
    CedulaForm,
    EncerramentoForm,
    EntradaForm,
    GravacaoForm,
    NotasForm,
    ParecerForm,
    PresencaForm,
    SaidaForm,
    VotacaoForm,
)
from legislacao.models import FormaDeliberacao
from nucleo.texto import plural


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
                                      presentes=list(dados["presentes"]), motivo_data=dados["motivo_data"]):
        presentes = plural(len(dados["presentes"]), "membro presente", "membros presentes")
        messages.success(request, f"Sessão aberta com {presentes}.")


@_na_sessao
def saida(request, sessao: Sessao) -> None:
    """Um membro deixa a sessão: a ata registra a hora e o motivo; as votações abertas seguem só com quórum."""
    dados = _dados(request, SaidaForm(request.POST, sessao=sessao))
    if dados is None:
        return
    anuladas = executar(request, services.membro_registrar_saida, sessao=sessao, membro=dados["membro"],
                        motivo=dados["motivo"], votou_em_papel=dados["votou_em_papel"])
    if anuladas is None:
        return
    messages.success(request, f"Saída de {dados['membro'].nome} registrada.")
    for avaliacao in anuladas:
        messages.warning(request, f"A votação da inscrição {avaliacao.inscricao.numero} foi anulada: sem "
                                  "quórum ou sem a composição da lei entre os que restam, as cédulas foram destruídas "
                                  "sem leitura. Abra-a de novo quando houver quórum, ou em papel.")


@_na_sessao
def entrada(request, sessao: Sessao) -> None:
    dados = _dados(request, EntradaForm(request.POST, sessao=sessao))
    if dados is not None and executar(request, services.membro_registrar_entrada, sessao=sessao,
                                      membro=dados["membro"]):
        messages.success(request, f"{dados['membro'].nome} passou a integrar a sessão.")


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
def gravacao(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, GravacaoForm(request.POST))
    if dados is not None and executar(request, services.gravacao_registrar_na_sessao, avaliacao=avaliacao,
                                      referencia=dados["referencia"], sha256=dados["sha256"]):
        messages.success(request, "Gravação registrada.")


@_na_avaliacao
def examinar_gravacao(request, avaliacao: Avaliacao) -> None:
    if executar(request, services.gravacao_examinar, avaliacao=avaliacao):
        messages.success(request, "Exame da gravação registrado: a votação do recurso pode ser aberta.")


@_na_avaliacao
def anular_votacao(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, AnulacaoForm(request.POST))
    if dados is not None and executar(request, services.votacao_anular, avaliacao=avaliacao, motivo=dados["motivo"]):
        messages.success(request, "Votação anulada: as cédulas foram destruídas sem leitura. Abra-a de novo quando "
                                  "a comissão estiver pronta, eletrônica ou em papel.")


@_na_avaliacao
def abrir_votacao(request, avaliacao: Avaliacao) -> None:
    lei = avaliacao.sessao.comissao.certame.lei
    form = VotacaoForm(request.POST, em_recurso=avaliacao.em_recurso, contra_ausencia=avaliacao.recurso_contra_ausencia,
                       individual=lei is not None and lei.forma_deliberacao == FormaDeliberacao.INDIVIDUAL)
    form.is_valid()
    # Sem confirmação ou sem forma válida, o serviço recusa com o motivo e o artigo (art. 9º, § 6º).
    feita = executar(request, services.votacao_abrir, avaliacao=avaliacao,
                     candidato_saiu=form.cleaned_data.get("candidato_saiu", False),
                     forma=form.cleaned_data.get("forma", ""))
    if feita and feita.por_avaliacoes_individuais:
        messages.success(request, "Avaliações individuais abertas: cada membro presente registra a sua.")
    elif feita:
        messages.success(request, f"Votação aberta ({feita.get_forma_votacao_display().lower()}).")


@_na_avaliacao
def apurar(request, avaliacao: Avaliacao) -> None:
    apurada = executar(request, services.votacao_apurar, avaliacao=avaliacao)
    if apurada:
        messages.success(request, f"Votos apurados: {_desfecho(apurada)} — {apurada.votos_abertos_texto}.")


def _desfecho(avaliacao: Avaliacao) -> str:
    if avaliacao.sem_maioria:
        return (f"nenhum lado alcançou a maioria de {avaliacao.maioria} votos; a comissão registra no parecer se há "
                "dúvida razoável")
    return avaliacao.get_resultado_display().lower()


@_na_avaliacao
def encerrar_avaliacoes(request, avaliacao: Avaliacao) -> None:
    """Todos os presentes registraram a sua avaliação: a decisão sai delas pela regra do edital."""
    encerrada = executar(request, services.deliberacao_encerrar, avaliacao=avaliacao)
    if encerrada:
        messages.success(request, f"Avaliações encerradas: {_desfecho(encerrada)} — {encerrada.votos_abertos_texto}.")


@_na_avaliacao
def cedula(request, avaliacao: Avaliacao) -> None:
    """Apuração em papel: uma cédula tirada da urna por vez, até formar a maioria (art. 11, § 2º)."""
    dados = _dados(request, CedulaForm(request.POST))
    depois = dados and executar(request, services.cedula_papel_abrir, avaliacao=avaliacao,
                                confirma=dados["confirma"])
    if depois and depois.estado == EstadoAvaliacao.APURADA:
        restantes = depois.votantes - depois.cedulas_abertas
        messages.success(request, f"Apuração concluída: {_desfecho(depois)} — {depois.votos_abertos_texto}."
                                  + (" Destrua as cédulas restantes sem abri-las." if restantes else ""))
    elif depois:
        messages.success(request, f"Cédula registrada ({plural(depois.cedulas_abertas, 'aberta', 'abertas')} até "
                                  "agora).")


@_na_avaliacao
def parecer(request, avaliacao: Avaliacao) -> None:
    dados = _dados(request, ParecerForm(request.POST))
    if dados is not None and executar(request, services.parecer_registrar, avaliacao=avaliacao,
                                      parecer=dados["parecer"], caracteristicas=dados["caracteristicas"],
                                      duvida=dados["duvida"]):
        messages.success(request, "Parecer registrado.")

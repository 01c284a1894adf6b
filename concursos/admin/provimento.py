"""As páginas dos atos sobre uma posição da ordem de nomeação — nomear, registrar a posse e o exercício, registrar a
vacância com a causa e tornar sem efeito a nomeação sem posse no prazo —, no admin do certame (as rotas e a montagem
da página são as dele, concursos/admin/certames.py). Abrem pela ordem de nomeação do cargo; exigem a permissão de
chamar, no órgão da conta (o de outro órgão não existe para ela: 404). A vacância e a nomeação sem efeito mostram antes
quem entraria na posição. Quem grava é concursos/services/nomeacao.py e concursos/services/chamadas.py.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone

from concursos.admin.formularios import AtoForm, DataForm, SubstituicaoForm, VacanciaForm
from concursos.models import CausaVacancia, Certame, Chamada, Convocacao
from concursos.selectors.chamadas import previa_da_substituicao
from concursos.services.certame import fora_da_validade
from concursos.services.chamadas import artigo_da_mesma_lista, vacancia_registrar
from concursos.services.nomeacao import (
    exercicio_registrar,
    nomeacao_registrar,
    nomeacao_tornar_sem_efeito,
    posse_registrar,
)
from legislacao.models import citar
from legislacao.rotulos import nomes_das_vagas
from nucleo.orgaos import recortar
from nucleo.servicos import ErroOperacao
from nucleo.texto import data_br

MESMA_LISTA = ("A posição passa ao próximo candidato ainda não chamado da mesma lista do titular{artigo}; esgotada a "
               "lista, a vaga segue a reversão da lei. Terminada a validade do certame, ninguém é chamado "
               "(Constituição Federal, art. 37, III). A convocação de quem sai continua no histórico.")

# Os passos que só têm a data: o serviço, o título da página (e o botão), a mensagem do feito e a explicação.
PASSOS: dict[str, tuple[Callable[..., Convocacao], str, Callable[[Convocacao], str], str]] = {
    "posse": (posse_registrar, "Registrar posse",
              lambda c: f"Posse da inscrição {c.inscricao.numero} registrada em {data_br(c.empossado_em)}.",
              "A posse do nomeado, no prazo do edital contado da nomeação. Passado o prazo sem posse, a nomeação é "
              "tornada sem efeito e o próximo da mesma lista é chamado."),
    "exercicio": (exercicio_registrar, "Registrar exercício",
                  lambda c: f"Inscrição {c.inscricao.numero} em exercício desde {data_br(c.exercicio_em)}.",
                  "O início do exercício do empossado, no prazo do edital contado da posse. Passado o prazo, o "
                  "servidor é exonerado de ofício (registre a vacância com essa causa)."),
}


def acoes_da_posicao(convocacao: Convocacao, certame: Certame, hoje: date) -> list[tuple[str, str]]:
    """(rótulo, nome da rota) do passo seguinte de uma posição ocupada e das saídas possíveis nele."""
    if convocacao.desistiu_em is not None or convocacao.inscricao_id is None:
        return []
    if convocacao.nomeado_em is None:
        return [("Nomear", "concursos_convocacao_nomear"), ("Registrar desistência", "concursos_convocacao_vacancia")]
    if convocacao.empossado_em is None:
        acoes = [("Registrar posse", "concursos_convocacao_posse"),
                 ("Registrar desistência", "concursos_convocacao_vacancia")]
        if convocacao.posse_vencida(certame, hoje):
            acoes.append(("Tornar sem efeito", "concursos_convocacao_sem_efeito"))
        return acoes
    if convocacao.exercicio_em is None:
        return [("Registrar exercício", "concursos_convocacao_exercicio"),
                ("Registrar vacância", "concursos_convocacao_vacancia")]
    return [("Registrar vacância", "concursos_convocacao_vacancia")]


class ProvimentoMixin:
    """Para o admin do certame: as páginas do caminho do provimento e da vacância de uma posição."""

    def urls_do_provimento(self) -> list:
        site = self.admin_site
        return [
            path("convocacao/<int:convocacao_id>/nomear/", site.admin_view(self.nomeacao_view),
                 name="concursos_convocacao_nomear"),
            *(path(f"convocacao/<int:convocacao_id>/{passo}/", site.admin_view(self.passo_view), {"passo": passo},
                   name=f"concursos_convocacao_{passo}") for passo in PASSOS),
            path("convocacao/<int:convocacao_id>/vacancia/", site.admin_view(self.vacancia_view),
                 name="concursos_convocacao_vacancia"),
            path("convocacao/<int:convocacao_id>/sem-efeito/", site.admin_view(self.sem_efeito_view),
                 name="concursos_convocacao_sem_efeito"),
        ]

    def _posicao(self, request, convocacao_id: int) -> Convocacao:
        convocacao = get_object_or_404(recortar(Convocacao.objects.select_related(
            "cargo__certame__orgao", "cargo__certame__lei", "inscricao__candidato", "chamada"),
            request.user, "cargo__certame__orgao"), pk=convocacao_id)
        if not self.has_view_permission(request, convocacao.cargo.certame):
            raise PermissionDenied
        self._exigir_chamar(request)
        return convocacao

    def _ato_na_posicao(self, request, convocacao: Convocacao, form, *, titulo: str, botao: str, explicacao: str,
                        executar: Callable[[dict], str], chama: bool = False):
        """A página de um ato sobre a posição: o formulário, o ato pelo serviço (a recusa volta como erro na mesma
        página) e, se o ato chama alguém (`chama`), a prévia de quem entraria."""
        cargo = convocacao.cargo
        certame = cargo.certame
        url_cargo = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
        if convocacao.desistiu_em is not None:
            self.message_user(request, f"O titular já deixou a posição {convocacao.posicao}: "
                                       f"{convocacao.etapa.lower()}.", messages.WARNING)
            return HttpResponseRedirect(url_cargo)
        if request.method == "POST" and form.is_valid():
            try:
                mensagem = executar(form.cleaned_data)
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, mensagem, messages.SUCCESS)
                return HttpResponseRedirect(url_cargo)
        nomes = nomes_das_vagas(certame.regras_motor())
        lista = convocacao.lista or convocacao.vaga
        return self._pagina_acao(
            request, certame, titulo=f"{titulo} — posição {convocacao.posicao}", form=form, botao=botao,
            cancelar=url_cargo, cargo=cargo, convocacao=convocacao, explicacao=explicacao,
            template_extra="admin/concursos/certame/_posicao.html", nome_vaga=nomes.get(convocacao.vaga,
                                                                                        convocacao.vaga),
            nome_lista=nomes.get(lista, lista), previas_omitidas=0,
            limite_posse=certame.posse_ate(convocacao.nomeado_em) if convocacao.nomeado_em else None,
            limite_exercicio=certame.exercicio_ate(convocacao.empossado_em) if convocacao.empossado_em else None,
            **(self._quem_entraria(convocacao, form) if chama else {}))

    @staticmethod
    def _quem_entraria(convocacao: Convocacao, form) -> dict:
        # Na data do ato informada (a validade depende dela), mesmo com outro campo a corrigir; senão, hoje.
        data = (form.cleaned_data.get("data") if form.is_bound else None) or timezone.localdate()
        certame = convocacao.cargo.certame
        if fora_da_validade(certame, data):
            return {"depois_da_validade": True, "fim_da_validade": data_br(certame.fim_da_validade)}
        return {"previas": [previa_da_substituicao(convocacao)]}

    def nomeacao_view(self, request, convocacao_id: int):
        convocacao = self._posicao(request, convocacao_id)
        form = AtoForm(request.POST if request.method == "POST" else None)
        form.fields["ato"].help_text = "O ato de nomeação publicado: «Decreto nº 15/2026», «Portaria nº 12/2026»."

        def executar(dados: dict) -> str:
            feita = nomeacao_registrar(convocacao=convocacao, data=dados["data"], ato=dados["ato"],
                                       usuario=request.user)
            limite = feita.cargo.certame.posse_ate(feita.nomeado_em)
            prazo = f" A posse vai até {data_br(limite)}." if limite else ""
            return (f"Inscrição {feita.inscricao.numero} nomeada em {data_br(feita.nomeado_em)} "
                    f"({feita.ato_nomeacao}).{prazo}")

        return self._ato_na_posicao(
            request, convocacao, form, titulo="Nomear", botao="Registrar a nomeação", executar=executar,
            explicacao="A nomeação de quem foi convocado, pelo ato publicado, dentro do prazo de validade do certame "
                       "(Constituição Federal, art. 37, III). O prazo da posse, se o edital o fixa, conta desta data.")

    def passo_view(self, request, convocacao_id: int, passo: str):
        """A posse e o exercício: só a data (PASSOS)."""
        servico, titulo, feito, explicacao = PASSOS[passo]
        convocacao = self._posicao(request, convocacao_id)
        form = DataForm(request.POST if request.method == "POST" else None)
        return self._ato_na_posicao(
            request, convocacao, form, titulo=titulo, botao=titulo, explicacao=explicacao,
            executar=lambda dados: feito(servico(convocacao=convocacao, data=dados["data"], usuario=request.user)))

    def vacancia_view(self, request, convocacao_id: int):
        convocacao = self._posicao(request, convocacao_id)
        form = VacanciaForm(request.POST if request.method == "POST" else None,
                            causas=convocacao.causas_de_vacancia())

        def executar(dados: dict) -> str:
            chamada = vacancia_registrar(convocacao=convocacao, causa=dados["causa"], data=dados["data"],
                                         ato=dados["ato"], usuario=request.user, apresentacao=form.apresentacao())
            return self._mensagem_da_saida(f"Vacância registrada: {CausaVacancia(dados['causa']).label.lower()}.",
                                           convocacao, chamada, dados["data"])

        artigo = citar(artigo_da_mesma_lista(convocacao.cargo.certame))
        return self._ato_na_posicao(
            request, convocacao, form, titulo="Registrar vacância", botao="Registrar a vacância", executar=executar,
            chama=True,
            explicacao="Antes da posse, a saída é a desistência; depois dela, a exoneração (a pedido, por reprovação "
                       "no estágio probatório, de ofício), a rescisão do contrato, a demissão ou a aposentadoria; o "
                       "falecimento, em qualquer passo. " + MESMA_LISTA.format(artigo=artigo))

    def sem_efeito_view(self, request, convocacao_id: int):
        convocacao = self._posicao(request, convocacao_id)
        form = SubstituicaoForm(request.POST if request.method == "POST" else None)

        def executar(dados: dict) -> str:
            chamada = nomeacao_tornar_sem_efeito(convocacao=convocacao, data=dados["data"], ato=dados["ato"],
                                                 usuario=request.user, apresentacao=form.apresentacao())
            return self._mensagem_da_saida("Nomeação tornada sem efeito.", convocacao, chamada, dados["data"])

        artigo = citar(artigo_da_mesma_lista(convocacao.cargo.certame))
        return self._ato_na_posicao(
            request, convocacao, form, titulo="Tornar sem efeito a nomeação", botao="Tornar sem efeito",
            executar=executar, chama=True,
            explicacao="O nomeado não tomou posse no prazo do edital: a nomeação é tornada sem efeito (como na Lei "
                       "8.112/1990, art. 13, § 6º), só depois do prazo. " + MESMA_LISTA.format(artigo=artigo))

    @staticmethod
    def _mensagem_da_saida(feito: str, convocacao: Convocacao, chamada: Chamada | None, data: date) -> str:
        certame = convocacao.cargo.certame
        if chamada is None and fora_da_validade(certame, data):
            return (f"{feito} O prazo de validade do certame terminou em {data_br(certame.fim_da_validade)}: ninguém "
                    f"é chamado para a posição {convocacao.posicao} (Constituição Federal, art. 37, III).")
        if chamada is None:
            return f"{feito} Não há candidato restante para a posição {convocacao.posicao}: ela fica vaga."
        nova = chamada.convocacoes.select_related("inscricao__candidato").get()
        nomes = nomes_das_vagas(certame.regras_motor())
        return (f"{feito} A posição {convocacao.posicao} foi para a inscrição {nova.inscricao.numero} — "
                f"{nova.inscricao.candidato} (lista: {nomes.get(nova.lista, nova.lista)}), na {chamada.numero}ª "
                "chamada.")

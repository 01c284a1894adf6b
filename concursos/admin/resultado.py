"""As páginas dos atos sobre o resultado de uma inscrição — eliminar e retificar a classificação —, no admin do certame
(as rotas e a montagem da página são as dele, concursos/admin/certames.py). Abrem pela ficha da inscrição e pela
ordem de nomeação do cargo; exigem a permissão de alterar inscrições, no órgão da conta; o ato, a data e o motivo
são obrigatórios; a eliminação mostra antes quem entraria na posição. Quem grava é concursos/services/resultado.py.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone

from concursos.admin.formularios import EliminacaoForm, RetificacaoDaClassificacaoForm
from concursos.models import AtoDoResultado, Convocacao, EstadoCertame, Inscricao, Situacao
from concursos.selectors.chamadas import previa_da_substituicao
from concursos.services.certame import fora_da_validade
from concursos.services.resultado import classificacao_retificar, eliminacao_registrar
from legislacao.models import citar
from nucleo.orgaos import recortar
from nucleo.servicos import ErroOperacao
from nucleo.texto import data_br

PERMISSAO_ALTERAR_INSCRICAO = "concursos.change_inscricao"


def pode_mudar_o_resultado(request, inscricao: Inscricao) -> bool:
    """Os atos sobre o resultado aparecem para quem altera inscrições, depois do resultado publicado."""
    return (request.user.has_perm(PERMISSAO_ALTERAR_INSCRICAO)
            and inscricao.certame.alcancou(EstadoCertame.RESULTADO))


class AtosDoResultadoMixin:
    """Para o admin do certame: as páginas de eliminar e de retificar a classificação de uma inscrição."""

    def urls_do_resultado(self) -> list:
        site = self.admin_site
        return [
            path("inscricao/<int:inscricao_id>/eliminar/", site.admin_view(self.eliminacao_view),
                 name="concursos_inscricao_eliminar"),
            path("inscricao/<int:inscricao_id>/retificar/", site.admin_view(self.retificacao_view),
                 name="concursos_inscricao_retificar"),
        ]

    def _inscricao_do_ato(self, request, inscricao_id: int) -> tuple[Inscricao, str, Convocacao | None, bool]:
        """A inscrição (a de outro órgão não existe para a conta: 404; sem a permissão de alterar inscrições, 403), a
        sua ficha, a posição que ocupa e se já há resultado a mudar (senão, o aviso vai para a próxima página)."""
        inscricao = get_object_or_404(recortar(Inscricao.objects.select_related(
            "certame__orgao", "certame__lei", "cargo", "candidato"), request.user, "certame__orgao"), pk=inscricao_id)
        if not request.user.has_perm(PERMISSAO_ALTERAR_INSCRICAO):
            raise PermissionDenied
        convocacao = (Convocacao.objects.filter(inscricao=inscricao, desistiu_em__isnull=True)
                      .select_related("chamada", "cargo__certame__lei").first())
        ha_resultado = inscricao.certame.alcancou(EstadoCertame.RESULTADO)
        if not ha_resultado:
            self.message_user(request, "O resultado deste certame ainda não foi publicado: até lá, a classificação, "
                                       "a nota e a situação se corrigem na ficha da inscrição ou no arquivo da banca.",
                              messages.WARNING)
        return inscricao, reverse("admin:concursos_inscricao_change", args=[inscricao.pk]), convocacao, ha_resultado

    def _registrar(self, request, servico: Callable[[], AtoDoResultado], mensagem: Callable[[AtoDoResultado], str],
                   destino: str) -> HttpResponseRedirect | None:
        """Registra o ato; a recusa do serviço volta como erro na mesma página, e o ato feito leva a `destino`."""
        try:
            ato = servico()
        except ErroOperacao as erro:
            self.message_user(request, str(erro), messages.ERROR)
            return None
        self.message_user(request, mensagem(ato), messages.SUCCESS)
        return HttpResponseRedirect(destino)

    def eliminacao_view(self, request, inscricao_id: int):
        inscricao, ficha, convocacao, ha_resultado = self._inscricao_do_ato(request, inscricao_id)
        if not ha_resultado:
            return HttpResponseRedirect(ficha)
        if inscricao.situacao != Situacao.HABILITADO:
            self.message_user(request, f"A inscrição {inscricao.numero} já está "
                                       f"«{inscricao.get_situacao_display().lower()}».", messages.WARNING)
            return HttpResponseRedirect(ficha)
        cargo, certame = inscricao.cargo, inscricao.certame
        ultima = cargo.chamadas.aggregate(m=Max("numero"))["m"] or 0
        form = EliminacaoForm(request.POST if request.method == "POST" else None, initial={"ultima_chamada": ultima})
        if convocacao is None:
            # Sem posição, ninguém é chamado: o formulário não pede o que diria a um convocado.
            for campo in ("local", "prazo", "documentos"):
                del form.fields[campo]
        if request.method == "POST" and form.is_valid():
            dados = form.cleaned_data
            # Quem ocupava uma posição: a ordem de nomeação do cargo mostra quem entrou no lugar.
            feito = self._registrar(
                request, lambda: eliminacao_registrar(inscricao=inscricao, data=dados["data"], ato=dados["ato"],
                                                      motivo=dados["motivo"], usuario=request.user,
                                                      ultima_chamada=dados["ultima_chamada"],
                                                      apresentacao=form.apresentacao() if convocacao else None),
                lambda ato: f"Inscrição {inscricao.numero} eliminada ({ato.ato}). {ato.efeito}",
                reverse("admin:concursos_cargo_painel", args=[cargo.pk]) if convocacao else ficha)
            if feito is not None:
                return feito
        # A prévia na data do ato informada (a validade depende dela), mesmo com outro campo a corrigir; senão, hoje.
        data = (form.cleaned_data.get("data") if form.is_bound else None) or timezone.localdate()
        depois_da_validade = convocacao is not None and fora_da_validade(certame, data)
        previa = previa_da_substituicao(convocacao) if convocacao and not depois_da_validade else None
        artigo = citar(getattr(certame.lei, "artigo_desistencia", ""))
        return self._pagina_acao(
            request, certame, titulo=f"Eliminar a inscrição {inscricao.numero}", form=form,
            botao="Confirmar a eliminação", cancelar=ficha, cargo=cargo, inscricao=inscricao, convocacao=convocacao,
            template_extra="admin/concursos/certame/_eliminacao.html", previas=[previa] if previa else [],
            previas_omitidas=0, depois_da_validade=depois_da_validade,
            fim_da_validade=data_br(certame.fim_da_validade),
            explicacao="Depois do resultado publicado, a eliminação é um ato: fica registrada com o número, a data e "
                       "o motivo, também no histórico da inscrição, e não se desfaz. Se a inscrição ocupa uma "
                       "posição, a posição passa ao próximo candidato ainda não chamado da mesma lista"
                       f"{artigo}; esgotada a lista, a vaga segue a reversão da lei. Terminada a validade do "
                       "certame, ninguém é chamado (Constituição Federal, art. 37, III).")

    def retificacao_view(self, request, inscricao_id: int):
        inscricao, ficha, convocacao, ha_resultado = self._inscricao_do_ato(request, inscricao_id)
        if not ha_resultado:
            return HttpResponseRedirect(ficha)
        form = RetificacaoDaClassificacaoForm(request.POST if request.method == "POST" else None,
                               initial={"classificacao": inscricao.classificacao, "nota_final": inscricao.nota_final})
        if request.method == "POST" and form.is_valid():
            dados = form.cleaned_data
            feito = self._registrar(
                request, lambda: classificacao_retificar(
                    inscricao=inscricao, classificacao=dados["classificacao"], nota_final=dados["nota_final"],
                    data=dados["data"], ato=dados["ato"], motivo=dados["motivo"], usuario=request.user),
                lambda ato: f"Classificação da inscrição {inscricao.numero} retificada ({ato.ato}): {ato.efeito}",
                ficha)
            if feito is not None:
                return feito
        return self._pagina_acao(
            request, inscricao.certame, titulo=f"Retificar a classificação da inscrição {inscricao.numero}",
            form=form, botao="Retificar e registrar o ato", cancelar=ficha, cargo=inscricao.cargo,
            inscricao=inscricao, convocacao=convocacao, template_extra="admin/concursos/certame/_inscricao.html",
            explicacao="Depois do resultado publicado, a classificação e a nota mudam por ato (um recurso acolhido, um "
                       "erro da banca), com o motivo registrado. A classificação de outra inscrição do cargo não é "
                       "aceita: para trocar posições, importe o arquivo de resultados retificado. Quem ocupa uma "
                       "posição não tem a classificação retificada — a posição é permanente; se a retificação o tira "
                       "do resultado, o ato é a eliminação. Quem sobe à frente de candidatos já chamados não toma a "
                       "posição deles: entra nas chamadas seguintes.")

"""Os recursos contra as decisões de primeira instância (art. 6º, § 2º): protocolo e pauta."""

from __future__ import annotations

from datetime import date, time

from django.db import transaction
from django.utils import timezone

from heteroidentificacao.models import (
    Avaliacao,
    Comissao,
    EstadoRecurso,
    EstadoSessao,
    Instancia,
    Recurso,
    Sessao,
)
from heteroidentificacao.selectors import condicoes_do_recurso_que_faltam
from heteroidentificacao.services.comum import travar_avaliacao
from heteroidentificacao.services.resultados import prazo_recurso_da_avaliacao
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar


@transaction.atomic
def recurso_protocolar(*, avaliacao: Avaliacao, protocolado_em: date, fundamentos: str, usuario) -> Recurso:
    """O recurso do candidato contra a decisão de primeira instância (art. 6º, § 2º); o prazo do edital corre da
    publicação do resultado *deste* candidato, e fora dele o recurso fica registrado como não conhecido."""
    avaliacao = travar_avaliacao(avaliacao)
    # As condições de heteroidentificacao.selectors.CONDICOES_DO_RECURSO, as mesmas da lista do protocolo (admin).
    faltam = condicoes_do_recurso_que_faltam(avaliacao)
    if "primeira_instancia" in faltam:
        raise ErroOperacao("Esta já é a decisão do recurso: não cabe outro recurso por este procedimento.")
    lei = avaliacao.sessao.comissao.certame.lei
    artigo = citar(lei.artigo_recurso if lei else "")
    if "publicada" in faltam:
        raise ErroOperacao("O resultado deste candidato ainda não foi publicado: o recurso cabe depois da "
                           f"publicação, e o prazo corre dela{artigo}.")
    if "recorrivel" in faltam:
        raise ErroOperacao(f"Só cabe recurso contra a não confirmação ou a eliminação por ausência{artigo}.")
    primeira = avaliacao.sessao.comissao
    if "antes_do_resultado_final" in faltam:
        raise ErroOperacao(f"O resultado final foi publicado em {primeira.resultado_final_em:%d/%m/%Y}: não cabe mais "
                           "recurso.")
    if protocolado_em > timezone.localdate():
        raise ErroOperacao("A data do protocolo não pode estar no futuro.")
    if protocolado_em < avaliacao.resultado_publicado_em:
        raise ErroOperacao(f"O protocolo não pode ser anterior à publicação do resultado do candidato, em "
                           f"{avaliacao.resultado_publicado_em:%d/%m/%Y}.")
    if not fundamentos.strip():
        raise ErroOperacao("Registre os fundamentos do recurso.")
    if "sem_recurso" in faltam:
        raise ErroOperacao("Já há recurso registrado contra esta decisão.")
    fim = prazo_recurso_da_avaliacao(avaliacao)
    estado = EstadoRecurso.PROTOCOLADO if protocolado_em <= fim else EstadoRecurso.INTEMPESTIVO
    recurso = Recurso(avaliacao=avaliacao, protocolado_em=protocolado_em, fundamentos=fundamentos.strip(),
                      estado=estado, registrado_por=usuario)
    auditar(recurso, usuario, "Recurso protocolado." if estado == EstadoRecurso.PROTOCOLADO
             else f"Recurso fora do prazo (terminou em {fim:%d/%m/%Y}).")
    recurso.save()
    return recurso


def comissao_que_julga(comissao: Comissao) -> Comissao | None:
    """A instância dos recursos: a mesma comissão, se o edital assim definir; senão, a recursal."""
    if comissao.recursos_pela_mesma:
        return comissao
    return Comissao.objects.filter(certame=comissao.certame_id, instancia=Instancia.RECURSAL).first()


@transaction.atomic
def recurso_pautar(*, recurso: Recurso, sessao: Sessao, horario: time, usuario) -> Avaliacao:
    """Põe o recurso na pauta de uma sessão da instância que o julga."""
    recurso = Recurso.objects.select_for_update().select_related("avaliacao__sessao__comissao").get(pk=recurso.pk)
    if recurso.estado != EstadoRecurso.PROTOCOLADO:
        raise ErroOperacao("Só um recurso protocolado no prazo e ainda não julgado vai à pauta.")
    if hasattr(recurso, "julgamento"):
        raise ErroOperacao("Este recurso já está na pauta de uma sessão.")
    julgadora = comissao_que_julga(recurso.avaliacao.sessao.comissao)
    if julgadora is None:
        raise ErroOperacao("Designe a comissão recursal (ou marque que a própria comissão julga os recursos).")
    if sessao.comissao_id != julgadora.pk:
        nome = "comissão recursal" if julgadora.instancia == Instancia.RECURSAL else "própria comissão"
        raise ErroOperacao(f"O recurso é julgado pela {nome}: escolha uma sessão dela.")
    if sessao.estado == EstadoSessao.ENCERRADA:
        raise ErroOperacao("A sessão já foi encerrada.")
    if recurso.avaliacao.sessao.comissao.resultado_final_em:
        raise ErroOperacao("O resultado final já foi publicado: não há mais recurso a julgar.")
    avaliacao = Avaliacao(sessao=sessao, inscricao_id=recurso.avaliacao.inscricao_id, recurso=recurso,
                          horario=horario, gravacao_referencia=recurso.avaliacao.gravacao_referencia,
                          gravacao_sha256=recurso.avaliacao.gravacao_sha256)
    auditar(avaliacao, usuario, f"Recurso na pauta da {sessao}.")
    avaliacao.save()
    return avaliacao

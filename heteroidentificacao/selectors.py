"""Leituras da heteroidentificação: regras da lei para a comissão, quem pode ver o quê, quem convocar."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.db.models import BooleanField, ExpressionWrapper, Max, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from concursos.models import Cargo, Escolaridade, Inscricao, Situacao
from heteroidentificacao.composicao import (
    Conferencia,
    MembroComissao,
    RegrasComissao,
    conferir,
    conferir_presentes,
    maioria_da_votacao,
)
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    Comissao,
    Dispensa,
    EstadoAvaliacao,
    EstadoRecurso,
    Instancia,
    Membro,
    Papel,
    Recurso,
    Resultado,
    Sessao,
)
from legislacao.models import Maioria


def regras_da_comissao(comissao: Comissao) -> RegrasComissao:
    """As regras de composição da lei congelada no certame (sem lei, nenhuma exigência legal)."""
    lei = comissao.certame.lei
    if lei is None:
        return RegrasComissao()
    escolaridade = ""
    if lei.comissao_escolaridade_edital:
        # As listas anotam `escolaridade_do_edital` (com_escolaridade_do_edital) para não consultar por linha.
        if hasattr(comissao, "escolaridade_do_edital"):
            escolaridade = comissao.escolaridade_do_edital or ""
        else:
            escolaridade = comissao.certame.cargos.aggregate(m=Max("escolaridade"))["m"] or ""
    return RegrasComissao(
        minimo_membros=lei.comissao_minimo_membros, artigo_minimo_membros=lei.artigo_comissao_membros,
        minimo_pretos_pardos=lei.comissao_minimo_pretos_pardos, artigo_pretos_pardos=lei.artigo_comissao_pretos_pardos,
        minimo_estaveis=lei.comissao_minimo_estaveis, artigo_estaveis=lei.artigo_comissao_estaveis,
        presidente_carreira=lei.comissao_presidente_carreira, artigo_presidente=lei.artigo_comissao_presidente,
        reputacao=lei.comissao_reputacao, artigo_reputacao=lei.artigo_comissao_reputacao,
        residencia_anos=lei.comissao_residencia_anos, artigo_residencia=lei.artigo_comissao_residencia,
        escolaridade_minima=escolaridade,
        escolaridade_minima_rotulo=Escolaridade(escolaridade).label if escolaridade else "",
        artigo_escolaridade=lei.artigo_comissao_escolaridade,
        confidencialidade=lei.comissao_confidencialidade, artigo_confidencialidade=lei.artigo_confidencialidade,
        votacao_secreta=lei.votacao_secreta, artigo_votacao=lei.artigo_votacao,
        maioria_dos_presentes=lei.maioria == Maioria.SIMPLES_PRESENTES,
        minimo_suplentes=lei.comissao_minimo_suplentes, artigo_suplentes=lei.artigo_comissao_suplentes,
        diversidade_genero=lei.comissao_diversidade_genero, diversidade_cor=lei.comissao_diversidade_cor,
        artigo_diversidade=lei.artigo_comissao_diversidade,
    )


def para_conferencia(membro: Membro, nome: str | None = None) -> MembroComissao:
    return MembroComissao(
        nome=membro.nome if nome is None else nome, titular=membro.papel == Papel.TITULAR, presidente=membro.presidente,
        cor_raca=membro.cor_raca, genero=membro.genero, estavel=membro.servidor_efetivo and membro.estavel,
        servidor_carreira=membro.servidor_carreira, reside_desde=membro.reside_desde,
        escolaridade=membro.escolaridade, reputacao_declarada=membro.reputacao_declarada_em is not None,
        termo_assinado=membro.termo_assinado_em is not None, cpf=membro.cpf)


def conferencia_da_comissao(comissao: Comissao, *, com_nomes: bool = True) -> Conferencia:
    """A composição conferida contra a lei; a recursal também contra os membros da primeira instância.

    Sem `com_nomes`, cada membro aparece como «Membro nº k» (ordem de cadastro): quem não pode conhecer os
    nomes antes do resultado (art. 11, § 1º) ainda vê quantos e quais requisitos faltam.
    """
    outra = frozenset()
    if comissao.instancia == Instancia.RECURSAL:
        outra = frozenset(Membro.objects.filter(comissao__certame=comissao.certame_id,
                                                comissao__instancia=Instancia.PRIMEIRA).values_list("cpf", flat=True))
    # `.all()` ordenado aqui, e não no banco, aproveita os membros já carregados pelas listas.
    membros = [para_conferencia(m, m.nome if com_nomes else f"Membro nº {i}")
               for i, m in enumerate(sorted(comissao.membros.all(), key=lambda m: m.pk), 1)]
    return conferir(regras_da_comissao(comissao), membros, data=comissao.data_designacao,
                    membros_da_outra_instancia=outra)


def com_escolaridade_do_edital(comissoes: QuerySet[Comissao]) -> QuerySet[Comissao]:
    """Anota a maior escolaridade exigida no edital de cada comissão (art. 8º, § 2º, III), numa consulta só."""
    maior = (Cargo.objects.filter(certame=OuterRef("certame")).order_by("-escolaridade")
             .values("escolaridade")[:1])
    return comissoes.annotate(escolaridade_do_edital=Subquery(maior))


def membro_do_usuario(usuario, comissao: Comissao) -> Membro | None:
    if not usuario.is_authenticated:
        return None
    return Membro.objects.filter(comissao=comissao, usuario=usuario).first()


def sessoes_do_usuario(usuario) -> QuerySet[Sessao]:
    """Só as sessões das comissões de que o usuário é membro (nada de outros certames)."""
    return (Sessao.objects.filter(comissao__membros__usuario=usuario).select_related("comissao__certame")
            .order_by("-data", "-inicio").distinct())


def cotistas_a_convocar(comissao: Comissao) -> QuerySet[Inscricao]:
    """Os cotistas habilitados até agora que ainda não têm avaliação de primeira instância (art. 9º, § 7º), sem os
    registrados como fora da heteroidentificação, e os que um recurso provido contra a ausência mandou convocar de
    novo e ainda não foram."""
    avaliados = Avaliacao.objects.filter(recurso__isnull=True).values("inscricao_id")
    reconvocar = (Recurso.objects.filter(avaliacao__sessao__comissao=comissao, estado=EstadoRecurso.JULGADO,
                                         julgamento__resultado=Resultado.NOVA_CONVOCACAO, nova_avaliacao__isnull=True)
                  .values("avaliacao__inscricao_id"))
    return (Inscricao.objects.filter(certame=comissao.certame_id, reserva=True, situacao=Situacao.HABILITADO)
            .filter(~Q(pk__in=avaliados) | Q(pk__in=reconvocar))
            .exclude(pk__in=Dispensa.objects.filter(comissao=comissao).values("inscricao_id"))
            .select_related("candidato", "cargo").order_by("cargo__codigo", "candidato__nome"))


CONCLUIDAS = (EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE)


def avaliacoes_pendentes(comissao: Comissao) -> QuerySet[Avaliacao]:
    """As avaliações desta comissão (de primeira instância ou de recurso) ainda sem parecer nem ausência."""
    return (Avaliacao.objects.filter(sessao__comissao=comissao).exclude(estado__in=CONCLUIDAS)
            .select_related("inscricao__candidato", "inscricao__cargo").order_by("inscricao__numero"))


def avaliacoes_a_publicar(comissao: Comissao) -> QuerySet[Avaliacao]:
    """As decisões de primeira instância concluídas cujo resultado ainda não foi publicado."""
    return (Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True, estado__in=CONCLUIDAS,
                                     resultado_publicado_em__isnull=True)
            .select_related("sessao").order_by("inscricao__numero"))


def prazo_recurso_fim(comissao: Comissao, publicado_em: date | None) -> date | None:
    """O último dia para recorrer de um resultado publicado em `publicado_em` (o prazo do edital)."""
    if publicado_em is None:
        return None
    return publicado_em + timedelta(days=comissao.prazo_recurso_dias)


def titulares(comissao: Comissao) -> int:
    return comissao.membros.filter(papel=Papel.TITULAR).count()


def falhas_de_quem_vota(comissao: Comissao, membros: list[Membro], *, data: date) -> tuple:
    """A composição de quem se senta para votar, conferida contra a lei congelada no certame (art. 8º, I e II,
    requisitos de cada um, presidência e o quórum do voto secreto, art. 11, § 2º)."""
    return conferir_presentes(regras_da_comissao(comissao), [para_conferencia(m) for m in membros],
                              titulares=titulares(comissao), data=data)


def maioria_da_comissao(comissao: Comissao, *, presentes: int) -> int:
    return maioria_da_votacao(regras_da_comissao(comissao), titulares=titulares(comissao), presentes=presentes)


def momento_da_ausencia(avaliacao: Avaliacao) -> datetime:
    """A partir de quando a ausência pode ser registrada: o horário do candidato, no dia para o qual o edital o
    convocou, mais a tolerância do edital."""
    sessao = avaliacao.sessao
    marcado = timezone.make_aware(datetime.combine(sessao.data, avaliacao.horario))
    return marcado + timedelta(minutes=sessao.comissao.tolerancia_ausencia_minutos)


def exames_da_gravacao(julgamentos) -> dict[int, AcessoGravacao]:
    """O primeiro exame da gravação recorrida registrado pela comissão que julga cada recurso (art. 9º, § 2º), por
    julgamento: só ele faz a ata dizer que a comissão examinou a gravação, e só com ele a votação do recurso abre."""
    exames: dict[int, AcessoGravacao] = {}
    for acesso in AcessoGravacao.objects.filter(julgamento__in=julgamentos).order_by("em", "pk"):
        exames.setdefault(acesso.julgamento_id, acesso)
    return exames


# Quais decisões admitem recurso (art. 6º, § 2º), numa regra só para a lista do protocolo (admin), o botão da ficha
# e o serviço que protocola (heteroidentificacao/services/recursos.py), que recusa com a mensagem de cada condição.
RESULTADOS_RECORRIVEIS = (Resultado.NAO_CONFIRMADO, Resultado.AUSENTE)
CONDICOES_DO_RECURSO = {
    # Da primeira instância: a decisão do recurso não admite outro por este procedimento.
    "primeira_instancia": Q(recurso__isnull=True),
    # O prazo corre da publicação do resultado do candidato.
    "publicada": Q(resultado_publicado_em__isnull=False),
    "recorrivel": Q(resultado__in=RESULTADOS_RECORRIVEIS),
    "antes_do_resultado_final": Q(sessao__comissao__resultado_final_em__isnull=True),
    "sem_recurso": Q(recurso_interposto__isnull=True),
}


def decisoes_recorriveis(avaliacoes: QuerySet[Avaliacao]) -> QuerySet[Avaliacao]:
    """As decisões que admitem recurso agora."""
    return avaliacoes.filter(*CONDICOES_DO_RECURSO.values())


def condicoes_do_recurso_que_faltam(avaliacao: Avaliacao) -> set[str]:
    """As condições de CONDICOES_DO_RECURSO que a decisão não atende (vazio: cabe recurso), lidas do banco pelos
    mesmos filtros de `decisoes_recorriveis`, numa consulta."""
    linha = (Avaliacao.objects.filter(pk=avaliacao.pk)
             .values(**{nome: ExpressionWrapper(condicao, output_field=BooleanField())
                        for nome, condicao in CONDICOES_DO_RECURSO.items()}).get())
    return {nome for nome, atende in linha.items() if not atende}

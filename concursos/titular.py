"""A parte dos certames no relatório do titular (LGPD art. 18): o cadastro, as inscrições com a autodeclaração e o
resultado, os documentos apresentados para a reserva (com a conferência e o motivo), as convocações, os atos que
mudaram o resultado publicado (com o motivo) e o registro de quem acessou os seus dados sensíveis (art. 37)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from concursos.models import AtoDoResultado, Candidato, Convocacao, DocumentoApresentado, Inscricao, formatar_cpf
from nucleo.models import AcessoSensivel, Orgao
from nucleo.texto import data_br
from nucleo.titular import Secao

SIM_NAO = {True: "sim", False: "não"}


def _quando(momento) -> str:
    return f"{timezone.localtime(momento):%d/%m/%Y %H:%M}" if momento else ""


def _cadastros(cpf: str, orgaos: frozenset[int] | None):
    """Os cadastros da pessoa, um em cada órgão (decisão 0005), nos órgãos de quem emite; também o de um órgão em
    que ela não tem inscrição. Os órgãos vão sempre na consulta: o índice único é (órgão, CPF)."""
    return Candidato.objects.filter(orgao_id__in=Orgao.objects.values("pk") if orgaos is None else orgaos, cpf=cpf)


def titulares(cpf: str, orgaos: frozenset[int] | None) -> Iterable[int]:
    return set(_cadastros(cpf, orgaos).values_list("pk", flat=True))


def secoes(cpf: str, orgaos: frozenset[int] | None) -> list[Secao]:
    cadastros = list(_cadastros(cpf, orgaos).select_related("orgao").order_by("orgao_id"))
    ids = [c.pk for c in cadastros]
    inscricoes = list(Inscricao.objects.filter(candidato_id__in=ids).select_related("certame__orgao", "cargo")
                      .order_by("certame__data_edital", "numero"))
    convocacoes = (Convocacao.objects.filter(inscricao__in=[i.pk for i in inscricoes])
                   .select_related("chamada", "cargo__certame").order_by("cargo", "posicao"))
    documentos = (DocumentoApresentado.objects.filter(inscricao__in=[i.pk for i in inscricoes])
                  .select_related("inscricao__certame").order_by("registrado_em", "pk"))
    atos = (AtoDoResultado.objects.filter(inscricao__in=[i.pk for i in inscricoes])
            .select_related("inscricao__certame").order_by("criado_em", "pk"))
    acessos = AcessoSensivel.objects.filter(titular_id__in=ids)
    if orgaos is not None:
        acessos = acessos.filter(orgao_id__in=orgaos)
    return [
        # Um cadastro por órgão: cada controlador guarda o seu (decisão 0005).
        Secao("Cadastro", ("órgão", "nome", "nome social", "CPF", "nascimento", "gênero", "cor ou raça", "quilombola",
                           "pessoa com deficiência", "e-mail", "telefone"),
              tuple((c.orgao.nome, c.nome, c.nome_social, formatar_cpf(c.cpf), data_br(c.data_nascimento),
                     c.get_genero_display(), c.get_cor_raca_display(), SIM_NAO[c.quilombola], SIM_NAO[c.pcd],
                     c.email, c.telefone)
                    for c in cadastros)),
        Secao("Inscrições, autodeclaração e resultado",
              ("órgão", "edital", "cargo", "inscrição", "reserva", "cor ou raça declarada", "quilombola", "PcD",
               "data da autodeclaração", "nota final", "classificação", "situação", "heteroidentificação"),
              tuple((i.certame.orgao.nome, i.certame.numero_edital, f"{i.cargo.codigo} — {i.cargo.nome}", i.numero,
                     SIM_NAO[i.reserva], i.get_cor_raca_display(), SIM_NAO[i.quilombola], SIM_NAO[i.pcd],
                     data_br(i.autodeclaracao_em), "" if i.nota_final is None else f"{i.nota_final:n}",
                     "" if i.classificacao is None else str(i.classificacao), i.get_situacao_display(),
                     i.get_heteroidentificacao_display()) for i in inscricoes)),
        Secao("Convocações", ("edital", "cargo", "posição", "vaga", "chamada", "ato", "situação"),
              tuple((c.cargo.certame.numero_edital, c.cargo.codigo, str(c.posicao), c.vaga,
                     f"{c.chamada.numero}ª, {data_br(c.chamada.data)}", c.chamada.ato, c.etapa)
                    for c in convocacoes)),
        Secao("Atos sobre o resultado publicado",
              ("edital", "inscrição", "tipo", "ato", "data", "motivo", "o que mudou"),
              tuple((a.inscricao.certame.numero_edital, a.inscricao.numero, a.get_tipo_display(), a.ato,
                     data_br(a.data), a.motivo, a.efeito) for a in atos)),
        Secao("Documentos apresentados para a reserva",
              ("edital", "inscrição", "documento", "origem", "registrado em", "conferência", "conferido em", "motivo"),
              tuple((d.inscricao.certame.numero_edital, d.inscricao.numero, d.nome, d.get_origem_display(),
                     _quando(d.registrado_em), d.get_conferencia_display(), _quando(d.conferido_em), d.motivo)
                    for d in documentos)),
        Secao("Quem acessou os seus dados sensíveis (LGPD art. 37)",
              ("quando", "conta", "tipo", "o que", "finalidade"),
              tuple((f"{timezone.localtime(a.em):%d/%m/%Y %H:%M}", a.nome_usuario, a.get_tipo_display(),
                     a.descricao, a.finalidade) for a in acessos.order_by("em")),
              nota="Acessos às fichas com o seu nome. Listas e exportações de muitos candidatos ficam no registro "
                   "geral do órgão, que o encarregado de dados consulta."),
    ]

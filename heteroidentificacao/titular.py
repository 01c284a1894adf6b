"""A parte da comissão no relatório do titular (LGPD art. 18): cada avaliação com o resultado e o parecer
motivado, os recursos e os procedimentos de apuração de fraude. Não entram as notas da entrevista (sigilosas) nem os
votos, que são secretos e não se ligam a ninguém (docs/decisoes/0003-sigilo-do-voto.md). Onde a lei manda cada membro
registrar a sua avaliação (decisão 0017), elas entram, como na ata; o nome do membro, só depois do resultado, se a lei
põe os nomes em sigilo."""

from __future__ import annotations

from django.utils import timezone

from heteroidentificacao.models import (
    Avaliacao,
    AvaliacaoIndividual,
    Caracteristica,
    EstadoAvaliacao,
    ProcedimentoFraude,
    Recurso,
)
from nucleo.texto import data_br
from nucleo.titular import Secao


def _da_pessoa(consulta, caminho: str, cpf: str, orgaos: frozenset[int] | None):
    consulta = consulta.filter(**{f"{caminho}__candidato__cpf": cpf})
    return consulta if orgaos is None else consulta.filter(**{f"{caminho}__certame__orgao_id__in": orgaos})


def _membro(individual: AvaliacaoIndividual) -> str:
    comissao = individual.avaliacao.sessao.comissao
    lei = comissao.certame.lei
    return individual.membro.nome if comissao.nomes_publicos or not (lei and lei.sigilo_membros) else "Membro"


def secoes(cpf: str, orgaos: frozenset[int] | None) -> list[Secao]:
    def tracos(avaliacao: Avaliacao | AvaliacaoIndividual) -> str:
        return ", ".join(Caracteristica(c).label for c in avaliacao.caracteristicas or [])

    avaliacoes = _da_pessoa(Avaliacao.objects.select_related("sessao", "inscricao__certame"), "inscricao", cpf,
                            orgaos).order_by("sessao__data", "horario")
    recursos = _da_pessoa(Recurso.objects.select_related("avaliacao__inscricao__certame"), "avaliacao__inscricao",
                          cpf, orgaos).order_by("protocolado_em")
    # Enquanto a deliberação corre, as avaliações já registradas não saem daqui: como na ficha do admin, só depois do
    # encerramento (decisão 0017).
    individuais = _da_pessoa(
        AvaliacaoIndividual.objects.select_related("membro", "avaliacao__inscricao__certame",
                                                   "avaliacao__sessao__comissao__certame__lei"),
        "avaliacao__inscricao", cpf, orgaos).exclude(avaliacao__estado=EstadoAvaliacao.VOTACAO).order_by(
        "avaliacao__sessao__data", "registrada_em")
    fraudes = _da_pessoa(ProcedimentoFraude.objects.select_related("inscricao__certame"), "inscricao", cpf,
                         orgaos).order_by("instaurado_em")
    return [
        Secao("Heteroidentificação", ("edital", "inscrição", "sessão", "horário", "estado", "resultado",
                                      "traços observados", "parecer motivado"),
              tuple((a.inscricao.certame.numero_edital, a.inscricao.numero, f"{a.sessao}", f"{a.horario:%H:%M}",
                     a.get_estado_display(), a.get_resultado_display(), tracos(a),
                     a.parecer) for a in avaliacoes)),
        Secao("Avaliações individuais dos membros", ("edital", "inscrição", "membro", "avaliação", "traços observados",
                                                     "fundamentação", "registrada em"),
              tuple((i.avaliacao.inscricao.certame.numero_edital, i.avaliacao.inscricao.numero, _membro(i),
                     "defere" if i.defere else "indefere", tracos(i), i.fundamentacao,
                     f"{timezone.localtime(i.registrada_em):%d/%m/%Y %H:%M}")
                    for i in individuais)),
        Secao("Recursos", ("edital", "inscrição", "protocolado em", "fundamentos", "estado"),
              tuple((r.avaliacao.inscricao.certame.numero_edital, r.avaliacao.inscricao.numero,
                     data_br(r.protocolado_em), r.fundamentos, r.get_estado_display()) for r in recursos)),
        Secao("Apuração de fraude", ("edital", "inscrição", "instaurado em", "ato", "fatos", "defesa", "estado",
                                     "decisão", "nomeação anulada"),
              tuple((f.inscricao.certame.numero_edital, f.inscricao.numero, data_br(f.instaurado_em), f.ato, f.fatos,
                     f.defesa, f.get_estado_display(), f.decisao, "sim" if f.nomeacao_anulada else "não")
                    for f in fraudes)),
    ]

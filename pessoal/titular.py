"""A parte do quadro de pessoal no relatório do titular (LGPD art. 18, I e II): as nomeações para cargos em comissão e
os contratos de estágio registrados com o CPF da pessoa, com a autodeclaração e os atos. O cadastro dos servidores
não tem CPF (o arquivo do RH traz a matrícula): não entra pela busca por CPF."""

from __future__ import annotations

from nucleo.texto import data_br
from nucleo.titular import Secao
from pessoal.models import ContratoEstagio, NomeacaoComissao

SIM_NAO = {True: "sim", False: "não"}


def _da_pessoa(modelo, cpf: str, orgaos: frozenset[int] | None):
    consulta = modelo.objects.filter(cpf=cpf).select_related("orgao").prefetch_related("atos")
    return consulta if orgaos is None else consulta.filter(orgao_id__in=orgaos)


def _atos(objeto) -> str:
    return "; ".join(f"{ato.get_tipo_display()} em {data_br(ato.data)} ({ato.ato})" for ato in objeto.atos.all())


def secoes(cpf: str, orgaos: frozenset[int] | None) -> list[Secao]:
    nomeacoes = _da_pessoa(NomeacaoComissao, cpf, orgaos).order_by("nomeado_em")
    estagios = _da_pessoa(ContratoEstagio, cpf, orgaos).order_by("inicio")
    return [
        Secao("Cargos em comissão", ("órgão", "nome", "cargo", "símbolo", "nomeação", "exoneração", "gênero",
                                     "cor ou raça", "quilombola", "autodeclarada em", "atos"),
              tuple((str(n.orgao), n.nome, n.cargo, n.simbolo, data_br(n.nomeado_em), data_br(n.exonerado_em),
                     n.get_genero_display(), n.get_cor_raca_display(), SIM_NAO[n.quilombola],
                     data_br(n.autodeclaracao_em), _atos(n)) for n in nomeacoes)),
        Secao("Estágios", ("órgão", "nome", "instituição", "curso", "início", "término previsto", "encerramento",
                           "gênero", "cor ou raça", "quilombola", "autodeclarada em", "atos"),
              tuple((str(c.orgao), c.nome, c.instituicao, c.curso, data_br(c.inicio), data_br(c.termino_previsto),
                     data_br(c.encerrado_em), c.get_genero_display(), c.get_cor_raca_display(),
                     SIM_NAO[c.quilombola], data_br(c.autodeclaracao_em), _atos(c)) for c in estagios)),
    ]

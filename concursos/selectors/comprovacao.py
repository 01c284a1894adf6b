"""Leituras dos documentos que a lei exige para a reserva (Iúna art. 2º, II; Ibatiba art. 2º): a situação de cada
cotista em cada grupo que os exige, quem sai da lista do grupo (documento recusado) e quem a chamada ainda espera
(documento a conferir, ou nenhum registrado). A regra é uma só, a de legislacao/comprovacao.py, aplicada às
exigências congeladas no certame; as listas, o motor e a porta das chamadas leem daqui (decisão 0021)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from concursos.models import Cargo, Certame, DocumentoApresentado, Inscricao
from legislacao import comprovacao, motor


@dataclass(frozen=True)
class FaltaDeDocumento:
    """Quem uma chamada poria em vaga reservada sem o documento que a lei do certame exige para o grupo."""

    numero: str
    inscricao_id: int
    grupo: str
    nome_grupo: str
    situacao: comprovacao.Situacao
    exigencia: comprovacao.Exigencia

    @property
    def rotulo(self) -> str:
        return comprovacao.ROTULOS[self.situacao]


@dataclass(frozen=True)
class GrupoDaInscricao:
    """Um grupo de reserva da inscrição que exige documento: o que a lei aceita e a situação dela."""

    codigo: str
    nome: str
    exigencia: comprovacao.Exigencia
    situacao: comprovacao.Situacao

    @property
    def rotulo(self) -> str:
        return comprovacao.ROTULOS[self.situacao]


def grupos_que_exigem(certame: Certame, *, reserva: bool, cor_raca: str, quilombola: bool
                      ) -> list[tuple[motor.Grupo, comprovacao.Exigencia]]:
    """Os grupos da lei do certame a que o cotista pertence e que exigem documento; nenhum para quem não optou pela
    reserva (concorre só na ampla, que não pede documento)."""
    if not reserva:
        return []
    exigencias = certame.exigencias_documentais()
    return [(g, exigencias[g.codigo]) for g in certame.regras_motor().grupos
            if g.codigo in exigencias and g.elegivel(cor_raca, quilombola)]


def grupos_da_inscricao(inscricao: Inscricao) -> list[GrupoDaInscricao]:
    """Para a ficha da inscrição: cada grupo que exige documento, com a situação pelos documentos apresentados."""
    grupos = grupos_que_exigem(inscricao.certame, reserva=inscricao.reserva, cor_raca=inscricao.cor_raca,
                               quilombola=inscricao.quilombola)
    apresentados = defaultdict(list)
    for grupo, tipo, conferencia in inscricao.documentos.values_list("grupo", "tipo", "conferencia"):
        apresentados[grupo].append((tipo, conferencia))
    return [GrupoDaInscricao(g.codigo, g.nome, e, comprovacao.situacao(e, apresentados[g.codigo])) for g, e in grupos]


def situacoes_no_cargo(cargo: Cargo, inscricoes: list[int] | None = None
                       ) -> dict[str, dict[int, comprovacao.Situacao]]:
    """Por grupo que exige documento, a situação de cada inscrição do cargo que tem algum documento registrado
    (`inscricoes`: só estas). Quem não tem nenhum está em falta (`situacao_de`)."""
    exigencias = cargo.certame.exigencias_documentais()
    if not exigencias:
        return {}
    documentos = DocumentoApresentado.objects.filter(inscricao__cargo=cargo, grupo__in=list(exigencias))
    if inscricoes is not None:
        documentos = documentos.filter(inscricao_id__in=inscricoes)
    apresentados: dict[str, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for inscricao, grupo, tipo, conferencia in documentos.values_list("inscricao_id", "grupo", "tipo",
                                                                      "conferencia"):
        apresentados[grupo][inscricao].append((tipo, conferencia))
    return {grupo: {inscricao: comprovacao.situacao(exigencias[grupo], docs) for inscricao, docs in por.items()}
            for grupo, por in apresentados.items()}


def situacao_de(situacoes: dict[str, dict[int, comprovacao.Situacao]], grupo: str,
                inscricao: int) -> comprovacao.Situacao:
    return situacoes.get(grupo, {}).get(inscricao, comprovacao.Situacao.FALTA)


def recusados_no_cargo(cargo: Cargo) -> dict[str, frozenset[int]]:
    """Por grupo, as inscrições com o documento recusado: saem da lista do grupo (e ficam na geral e na ampla), como
    quem a lei não admite à reserva (Iúna art. 2º, II; Ibatiba art. 2º)."""
    return {grupo: frozenset(i for i, s in por.items() if s is comprovacao.Situacao.RECUSADA)
            for grupo, por in situacoes_no_cargo(cargo).items()}


def cotistas_sem_documento(cargo: Cargo, titulares: list[tuple[str | None, str | None]]) -> list[FaltaDeDocumento]:
    """Quem entraria em vaga reservada — pela lista de um grupo que exige documento — sem o documento aceito: com ele a
    conferir ou sem nenhum registrado (o recusado já saiu da lista). `titulares`: (lista de onde vem, número da
    inscrição) de cada posição."""
    exigencias = cargo.certame.exigencias_documentais()
    por_numero = {n: lista for lista, n in titulares if n is not None and lista in exigencias}
    if not por_numero:
        return []
    inscricoes = list(Inscricao.objects.filter(cargo=cargo, numero__in=list(por_numero))
                      .order_by("classificacao", "numero").values_list("pk", "numero"))
    situacoes = situacoes_no_cargo(cargo, [pk for pk, _ in inscricoes])
    nomes = {g.codigo: g.nome for g in cargo.certame.regras_motor().grupos}
    faltas = []
    for pk, numero in inscricoes:
        grupo = por_numero[numero]
        situacao = situacao_de(situacoes, grupo, pk)
        if situacao in comprovacao.ESPERAM:
            faltas.append(FaltaDeDocumento(numero, pk, grupo, nomes.get(grupo, grupo), situacao, exigencias[grupo]))
    return faltas

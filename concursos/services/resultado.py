"""Depois do resultado publicado, a classificação, a nota e a situação de uma inscrição mudam só por ato: a eliminação
e a retificação da classificação, cada uma com o ato publicado, a data, o motivo e quem a registrou (`AtoDoResultado`,
além do registro no histórico da inscrição), com os seus efeitos nas chamadas (decisão 0012). A retificação do
resultado por arquivo da banca (concursos/importacao/retificacao_do_resultado.py) elimina pela mesma
`eliminacao_aplicar`.

A opção pela reserva não muda depois do encerramento das inscrições (`Inscricao.clean`; Vargem Alta art. 3º), e a
heteroidentificação muda só pela decisão da comissão (heteroidentificacao/services/): nenhuma das duas tem ato aqui.
A escrita dos campos é do escritor único (concursos/services/inscricao.py).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from concursos.models import (
    AtoDoResultado,
    Chamada,
    Convocacao,
    EstadoCertame,
    Importacao,
    Inscricao,
    Situacao,
    TipoAtoDoResultado,
)
from concursos.services.certame import fora_da_validade
from concursos.services.chamadas import Apresentacao, eliminado_substituir, travar_cargo
from concursos.services.inscricao import classificacao_registrar, situacao_registrar
from legislacao.models import citar
from legislacao.rotulos import nomes_das_vagas
from nucleo.servicos import ErroOperacao
from nucleo.texto import data_br, plural


def _travar(inscricao: Inscricao) -> Inscricao:
    # Primeiro o cargo (com o certame), como em toda chamada: dois pedidos para a mesma inscrição (um clique duplo,
    # duas abas, duas pessoas) se enfileiram, e o segundo encontra o ato do primeiro.
    travar_cargo(inscricao.cargo)
    return (Inscricao.objects.select_for_update(of=("self",)).select_related("certame__lei", "cargo")
            .get(pk=inscricao.pk))


def _exigir_ato(inscricao: Inscricao, ato: str, motivo: str) -> tuple[str, str]:
    if not inscricao.certame.alcancou(EstadoCertame.RESULTADO):
        raise ErroOperacao("O resultado deste certame ainda não foi publicado: até lá, a classificação, a nota e a "
                           "situação vêm do arquivo da banca ou da ficha da inscrição.")
    ato, motivo = ato.strip(), motivo.strip()
    if not ato:
        raise ErroOperacao("Informe o ato publicado (p. ex. «Portaria nº 5/2026»).")
    if not motivo:
        raise ErroOperacao("Informe o motivo: ele fica registrado com o ato e no histórico da inscrição.")
    return ato, motivo


@transaction.atomic
def eliminacao_registrar(*, inscricao: Inscricao, data: date, ato: str, motivo: str, usuario,
                         ultima_chamada: int | None = None, apresentacao: Apresentacao | None = None
                         ) -> AtoDoResultado:
    """Elimina a inscrição depois do resultado publicado (documentos não apresentados na posse, exame admissional,
    decisão judicial), por ato com motivo. Se ela ocupa uma posição, a posição vaga e vai ao próximo da mesma lista,
    passando pela porta da heteroidentificação; terminada a validade, a eliminação fica registrada e ninguém é
    chamado (concursos/services/chamadas.py, `eliminado_substituir`).

    `ultima_chamada`: a última chamada do cargo que a prévia mostrou; se outra entrou depois, nada é feito."""
    inscricao = _travar(inscricao)
    ato, motivo = _exigir_ato(inscricao, ato, motivo)
    if inscricao.situacao != Situacao.HABILITADO:
        raise ErroOperacao(f"A inscrição {inscricao.numero} já está «{inscricao.get_situacao_display().lower()}»: "
                           "não há o que eliminar.")
    return eliminacao_aplicar(inscricao=inscricao, data=data, ato=ato, motivo=motivo, usuario=usuario,
                              ultima_chamada=ultima_chamada, apresentacao=apresentacao)


def eliminacao_aplicar(*, inscricao: Inscricao, data: date, ato: str, motivo: str, usuario,
                       importacao: Importacao | None = None, ultima_chamada: int | None = None,
                       apresentacao: Apresentacao | None = None) -> AtoDoResultado:
    """A eliminação e o seu efeito nas chamadas, com o ato e a situação anterior já conferidos por quem chama (a
    retificação por arquivo grava antes, em lote, a situação que o arquivo traz)."""
    convocacao = Convocacao.objects.filter(inscricao=inscricao, desistiu_em__isnull=True).first()
    if convocacao is None:
        situacao_registrar(inscricao=inscricao, situacao=Situacao.ELIMINADO, usuario=usuario,
                           motivo=f"Eliminação ({ato}): {motivo}")
        chamada, efeito = None, "Eliminada; não ocupava posição nas chamadas."
    else:
        chamada = eliminado_substituir(convocacao=convocacao, data=data, ato=ato, usuario=usuario, motivo=motivo,
                                       ultima_chamada=ultima_chamada, apresentacao=apresentacao)
        efeito = efeito_na_posicao(convocacao, chamada, data)
    return AtoDoResultado.objects.create(inscricao=inscricao, tipo=TipoAtoDoResultado.ELIMINACAO, data=data, ato=ato,
                                         motivo=motivo, efeito=efeito, chamada=chamada, importacao=importacao,
                                         criado_por=usuario)


def efeito_na_posicao(convocacao: Convocacao, chamada: Chamada | None, data: date) -> str:
    """O que a saída de quem ocupava a posição fez nas chamadas, com o artigo da lei do certame (a versão congelada
    na publicação)."""
    cargo = convocacao.cargo
    certame = cargo.certame
    onde = f"Deixa a posição {convocacao.posicao} do cargo {cargo.codigo}"
    if chamada is not None:
        nova = chamada.convocacoes.select_related("inscricao").get()
        nomes = nomes_das_vagas(certame.regras_motor())
        lista = convocacao.lista or convocacao.vaga
        if nova.lista == lista:
            origem = (f"a seguinte da mesma lista, «{nomes.get(lista, lista)}»"
                      f"{citar(getattr(certame.lei, 'artigo_desistencia', ''))}")
        else:
            origem = (f"da lista «{nomes.get(nova.lista, nova.lista)}»: a lista «{nomes.get(lista, lista)}» se "
                      f"esgotou e a vaga reverteu{citar(getattr(certame.lei, 'artigo_reversao', ''))}")
        return f"{onde}, que foi para a inscrição {nova.inscricao.numero}, {origem}, na {chamada.numero}ª chamada."
    if fora_da_validade(certame, data):
        return (f"{onde}. O prazo de validade do certame terminou em {data_br(certame.fim_da_validade)}: ninguém é "
                "chamado para ela (Constituição Federal, art. 37, III).")
    return f"{onde}, que fica vaga: não há candidato restante."


@transaction.atomic
def classificacao_retificar(*, inscricao: Inscricao, classificacao: int, nota_final: Decimal | None, data: date,
                            ato: str, motivo: str, usuario) -> AtoDoResultado:
    """Retifica, depois do resultado publicado, a classificação e a nota de uma inscrição (um recurso acolhido, um erro
    de soma da banca), por ato com motivo.

    Recusa a classificação que já é de outra inscrição do cargo (a troca de posições vem no arquivo retificado da
    banca, que grava as duas de uma vez) e a inscrição que ocupa uma posição: a posição foi dada pela classificação e
    é permanente; se a retificação tira a inscrição do resultado, o ato é a eliminação, que chama o próximo da mesma
    lista. Quem já deixou a posição (desistência, anulação, eliminação) pode ser retificado: o histórico das chamadas
    não muda."""
    inscricao = _travar(inscricao)
    ato, motivo = _exigir_ato(inscricao, ato, motivo)
    _exigir_retificavel(inscricao, classificacao, nota_final)
    antes = _resultado(inscricao.classificacao, inscricao.nota_final)
    classificacao_registrar(inscricao=inscricao, classificacao=classificacao, nota_final=nota_final, usuario=usuario,
                            motivo=f"Retificação da classificação ({ato}): {motivo}")
    efeito = f"{antes} → {_resultado(classificacao, nota_final)}.{_a_frente_de_chamados(inscricao)}"
    return AtoDoResultado.objects.create(inscricao=inscricao, tipo=TipoAtoDoResultado.CLASSIFICACAO, data=data,
                                         ato=ato, motivo=motivo, efeito=efeito, criado_por=usuario)


def _exigir_retificavel(inscricao: Inscricao, classificacao: int, nota_final: Decimal | None) -> None:
    if classificacao < 1:
        raise ErroOperacao("A classificação começa em 1.")
    if (classificacao, nota_final) == (inscricao.classificacao, inscricao.nota_final):
        raise ErroOperacao("A classificação e a nota informadas são as já registradas: não há o que retificar.")
    posicao = inscricao.convocacoes.filter(desistiu_em__isnull=True).select_related("chamada").first()
    if posicao is not None:
        raise ErroOperacao(
            f"A inscrição {inscricao.numero} ocupa a posição {posicao.posicao} do cargo {inscricao.cargo.codigo} "
            f"desde a {posicao.chamada.numero}ª chamada ({posicao.chamada.ato}): a posição foi dada pela "
            "classificação e é permanente. Se a retificação tira a inscrição do resultado, registre a eliminação, "
            "que chama o próximo da mesma lista.")
    outra = (Inscricao.objects.filter(cargo_id=inscricao.cargo_id, classificacao=classificacao)
             .exclude(pk=inscricao.pk).values_list("numero", flat=True).first())
    if outra is not None:
        raise ErroOperacao(f"A classificação {classificacao} do cargo {inscricao.cargo.codigo} já é da inscrição "
                           f"{outra}: para trocar posições, importe o arquivo de resultados retificado da banca, que "
                           "grava as duas de uma vez.")


def _resultado(classificacao: int | None, nota_final: Decimal | None) -> str:
    texto = f"classificação {classificacao}" if classificacao is not None else "sem classificação"
    if nota_final is None:
        return f"{texto}, sem nota"
    return f"{texto}, nota {format(nota_final.normalize(), 'f').replace('.', ',')}"


def _a_frente_de_chamados(inscricao: Inscricao) -> str:
    """Quem sobe à frente de quem já foi chamado não toma a posição de ninguém (a ordem de nomeação não se reescreve):
    entra nas chamadas seguintes pela nova classificação."""
    if inscricao.situacao != Situacao.HABILITADO:
        return ""
    chamados = Convocacao.objects.filter(cargo_id=inscricao.cargo_id, desistiu_em__isnull=True,
                                         inscricao__classificacao__gt=inscricao.classificacao).count()
    if not chamados:
        return ""
    return (f" Fica à frente de {plural(chamados, 'inscrição já chamada', 'inscrições já chamadas')}: as posições "
            "dadas não mudam, e esta inscrição entra nas chamadas seguintes pela nova classificação.")

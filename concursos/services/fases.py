"""O corte de uma fase do certame: quem segue para a fase seguinte, por qual lista, gravado num ato.

O cálculo é do núcleo puro (legislacao/corte.py); aqui se leem os resultados da fase que a banca mandou
(concursos/importacao/resultado_da_fase.py), com o efeito da heteroidentificação e dos documentos recusados nas listas
(os mesmos de concursos/selectors/listas.py), e se grava o resultado: em cada `ResultadoNaFase`, se segue e por qual
lista; na fase, os números por cargo e lista, quem aplicou, quando e por quê; e o ato no registro do certame. A chamada
final não muda: ela lê a classificação final, como antes (decisão 0022).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from django.db import transaction
from django.utils import timezone

from concursos.models import (
    Cargo,
    Certame,
    EstadoCertame,
    Fase,
    ResultadoNaFase,
    Situacao,
    TipoAto,
)
from concursos.selectors.comprovacao import recusados_no_cargo
from concursos.selectors.listas import SEM_RESERVA, EfeitoDaHeteroidentificacao
from concursos.services.certame import ato_registrar
from legislacao import corte, motor
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural

LOTE_DE_GRAVACAO = 5_000


def travar_fase(fase: Fase) -> Fase:
    """O certame primeiro, como nos outros atos: dois cortes ou uma importação e um corte simultâneos se enfileiram."""
    Certame.objects.select_for_update(of=("self",)).get(pk=fase.certame_id)
    return Fase.objects.select_for_update(of=("self",)).select_related("certame").get(pk=fase.pk)


def exigir_fase_anterior_cortada(fase: Fase) -> None:
    anterior = fase.anterior()
    if anterior is not None and not anterior.corte_aplicado:
        raise ErroOperacao(f"Aplique antes o corte da fase anterior ({anterior}): só quem segue dela entra nesta.")


def exigir_inscricoes_encerradas(fase: Fase) -> None:
    if not fase.certame.alcancou(EstadoCertame.INSCRICOES_ENCERRADAS):
        raise ErroOperacao("As fases vêm depois do encerramento das inscrições: encerre-as antes de importar o "
                           "resultado de uma fase ou de aplicar o corte.")


def _exigir_corte_possivel(fase: Fase) -> None:
    exigir_inscricoes_encerradas(fase)
    if fase.corte_aplicado:
        raise ErroOperacao(f"O corte da fase «{fase.nome}» já foi aplicado em "
                           f"{timezone.localtime(fase.corte_aplicado_em):%d/%m/%Y %H:%M}.")
    exigir_fase_anterior_cortada(fase)
    if not fase.resultados.exists():
        raise ErroOperacao(f"Importe antes o resultado da fase «{fase.nome}» (o arquivo da banca).")


def seguiram_pela_reserva_e_a_perderam(fase: Fase) -> set[int]:
    """As inscrições que a heteroidentificação tirou da reserva (não confirmadas ou ausentes) e que seguiram de alguma
    fase anterior por uma lista de reserva racial: passaram só por ela e não seguem pela ampla (Lei 15.142/2025, art.
    3º, § 2º: «desde que possuam, em cada fase anterior do certame, conceito ou pontuação suficiente»; decisão 0022).
    Quem seguiu pela lista PcD segue nela: a heteroidentificação não lhe tira a deficiência."""
    return set(ResultadoNaFase.objects
               .filter(fase__certame_id=fase.certame_id, fase__ordem__lt=fase.ordem, segue=True,
                       inscricao__heteroidentificacao__in=SEM_RESERVA)
               .exclude(lista__in=(motor.AMPLA, motor.PCD))
               .values_list("inscricao_id", flat=True))


def candidatos_da_fase(fase: Fase, regras: motor.Regras) -> dict[int, list[tuple[int, corte.NaFase]]]:
    """Por cargo, (id do resultado, candidato como o núcleo o vê) de cada inscrição da fase: apto se a banca o deu apto,
    com nota, e se a inscrição segue habilitada depois da heteroidentificação (que elimina o não confirmado se o edital
    o escolheu dentro da lei, ou o tira da reserva — e então ele só segue se em cada fase anterior seguiu pela ampla
    ou pela PcD: `seguiram_pela_reserva_e_a_perderam`); as listas de reserva pela lei (`corte.grupos_do_candidato`),
    menos as dos documentos recusados (e quem seguiu antes pela lista de um deles também não segue pela ampla)."""
    certame = fase.certame
    efeito = EfeitoDaHeteroidentificacao.do_certame(certame)
    sem_pontuacao_na_ampla = seguiram_pela_reserva_e_a_perderam(fase)
    recusados: dict[int, frozenset[str]] = {}
    if certame.exigencias_documentais():
        fora: dict[int, set[str]] = defaultdict(set)
        for cargo in certame.cargos.all():
            for grupo, inscricoes in recusados_no_cargo(cargo).items():
                for inscricao in inscricoes:
                    fora[inscricao].add(grupo)
        recusados = {inscricao: frozenset(grupos) for inscricao, grupos in fora.items()}
        # Quem seguiu de uma fase anterior pela lista de um grupo cujo documento depois foi recusado passou só por
        # ela, como o não confirmado: não segue pela ampla.
        sem_pontuacao_na_ampla |= {
            inscricao for inscricao, lista in ResultadoNaFase.objects.filter(
                fase__certame_id=certame.pk, fase__ordem__lt=fase.ordem, segue=True, inscricao_id__in=list(recusados))
            .values_list("inscricao_id", "lista") if lista in recusados[inscricao]}
    grupos_por_par: dict[tuple[str, bool], frozenset[str]] = {}
    por_cargo: dict[int, list[tuple[int, corte.NaFase]]] = defaultdict(list)
    linhas = (ResultadoNaFase.objects.filter(fase=fase)
              .values_list("pk", "inscricao_id", "inscricao__numero", "inscricao__cargo_id", "nota", "apto",
                           "classificacao_na_fase", "inscricao__cor_raca", "inscricao__quilombola", "inscricao__pcd",
                           "inscricao__reserva", "inscricao__situacao", "inscricao__heteroidentificacao")
              .iterator(chunk_size=20_000))
    for pk, inscricao, numero, cargo, nota, apto, ordem, cor, quilombola, pcd, reserva, situacao, hetero in linhas:
        situacao, reserva = efeito.no_candidato(situacao, reserva, hetero)
        grupos = frozenset()
        if reserva:
            par = (cor, quilombola)
            if par not in grupos_por_par:
                grupos_por_par[par] = corte.grupos_do_candidato(regras, cor, quilombola, True)
            grupos = grupos_por_par[par]
            if inscricao in recusados:
                grupos -= recusados[inscricao]
        apto = (apto and nota is not None and situacao == Situacao.HABILITADO
                and inscricao not in sem_pontuacao_na_ampla)
        por_cargo[cargo].append((pk, corte.NaFase(numero, nota if nota is not None else 0, apto, grupos, pcd,
                                                  ordem or 0)))
    return por_cargo


def calcular_cortes(fase: Fase, regras: motor.Regras, cargos: list[Cargo],
                    por_cargo: dict[int, list[tuple[int, corte.NaFase]]]
                    ) -> tuple[dict[str, list[int]], dict[str, dict]]:
    """O corte de cada cargo: os ids dos resultados que seguem, por lista, e os números por cargo (para a fase)."""
    try:
        regra = fase.regra_corte()
    except motor.ErroRegras as erro:
        raise ErroOperacao(str(erro)) from erro
    seguem: dict[str, list[int]] = defaultdict(list)
    numeros: dict[str, dict] = {}
    for cargo in cargos:
        linhas = por_cargo.get(cargo.pk, [])
        pk_de = {c.inscricao: pk for pk, c in linhas}
        resultado = corte.cortar(cargo.regras_motor(regras), regra, cargo.vagas, cargo.vagas_pcd,
                                 (c for _, c in linhas))
        for numero, lista in resultado.seguem:
            seguem[lista].append(pk_de[numero])
        numeros[cargo.codigo] = {
            "cargo": cargo.pk, "k": resultado.k, "participantes": len(linhas),
            "listas": [{"lista": n.lista, "devidos": n.devidos, "seguem": n.seguem, "faltam": n.faltam,
                        "ultima_nota": None if n.ultima_nota is None else str(n.ultima_nota)}
                       for n in resultado.listas]}
    return seguem, numeros


def gravar_quem_segue(fase: Fase, seguem: dict[str, list[int]]) -> None:
    ResultadoNaFase.objects.filter(fase=fase).update(segue=False, lista="")
    for lista, pks in seguem.items():
        pks.sort()
        for i in range(0, len(pks), LOTE_DE_GRAVACAO):
            ResultadoNaFase.objects.filter(pk__in=pks[i:i + LOTE_DE_GRAVACAO]).update(segue=True, lista=lista)


def fundamento_do_corte(fase: Fase) -> str:
    """O fundamento do ato, da lei congelada no certame (nunca de outra) ou, se ela não fala das fases, do edital."""
    base = f"{fase}: classificados para a fase seguinte"
    if not fase.regra_corte().aplica_reserva:
        return f"{base}, sem reserva no corte, como dispõe o edital ({fase.fundamento()})"
    if fase.artigo_da_lei:
        return f"{base}; a reserva de vagas se aplica em todas as fases ({fase.fundamento()})"
    return (f"{base}; a lei do certame não fala das fases, e o corte aplica a reserva como dispõe o edital "
            f"({fase.fundamento()})")


@transaction.atomic
def aplicar_corte_da_fase(*, fase: Fase, usuario, motivo: str, data: date | None = None,
                          publicacao: str = "") -> Fase:
    """Aplica o corte da fase aos resultados que a banca mandou e o grava, num ato só: quem segue e por qual lista, os
    números de cada lista por cargo, quem aplicou, quando e por quê (histórico da fase e ato do certame)."""
    motivo = motivo.strip()
    if not motivo:
        raise ErroOperacao("Informe o motivo: ele fica registrado com o ato e no histórico da fase.")
    fase = travar_fase(fase)
    _exigir_corte_possivel(fase)
    certame = fase.certame
    regras = certame.regras_motor()
    cargos = list(certame.cargos.order_by("codigo"))
    seguem, numeros = calcular_cortes(fase, regras, cargos, candidatos_da_fase(fase, regras))
    gravar_quem_segue(fase, seguem)
    total = sum(len(pks) for pks in seguem.values())
    fase.numeros_do_corte = numeros
    fase.corte_aplicado_em = timezone.now()
    fase.corte_aplicado_por = usuario if usuario is not None and usuario.is_authenticated else None
    fase.motivo_corte = motivo
    auditar(fase, usuario, f"Corte aplicado: {plural(total, 'segue', 'seguem')}. {motivo}")
    fase.save()
    ato_registrar(certame, TipoAto.CORTE_DA_FASE, data=data or timezone.localdate(), usuario=usuario,
                  publicacao=publicacao, fundamento=fundamento_do_corte(fase), motivo=motivo)
    return fase

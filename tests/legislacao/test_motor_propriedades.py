"""Propriedades do motor para regras, lotes e candidatos quaisquer (hypothesis).

Verificam as regras gerais de docs/dominio.md e da decisão 0001 (garantia dentro do lote, passado
imutável, padrão R(n) > R(n−1), quem ocupa cada vaga) sem depender de uma lei em particular.
"""

from __future__ import annotations

import os
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from legislacao.motor import (
    AMPLA,
    CORES,
    HABILITADO,
    PCD,
    SITUACOES,
    Arredondamento,
    Candidato,
    ErroRegras,
    Grupo,
    Padrao,
    RegraPcd,
    Regras,
    arredondar,
    calcular_quadro,
    convocar,
    vagas_reservadas,
)

# MOTOR_EXEMPLOS=5000 para uma busca longa (a suíte normal roda em segundos)
PROPRIEDADES = settings(max_examples=int(os.environ.get("MOTOR_EXEMPLOS", "150")), deadline=None,
                        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
CODIGOS = ("G1", "G2", "G3")

percentuais = st.integers(min_value=100, max_value=4000).map(lambda c: Decimal(c).scaleb(-2))


@st.composite
def grupos(draw, codigo: str, outros: tuple[str, ...]) -> Grupo:
    padrao = draw(st.sampled_from(Padrao))
    cores = draw(st.frozensets(st.sampled_from(CORES), max_size=3))
    quilombola = draw(st.booleans()) if cores else True
    return Grupo(
        codigo=codigo, nome=f"Grupo {codigo}", percentual=draw(percentuais), cores=cores, quilombola=quilombola,
        padrao=padrao,
        intervalo=draw(st.integers(1, 12)) if padrao is Padrao.A_CADA else 0,
        posicoes=tuple(draw(st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True)))
        if padrao is Padrao.POSICOES else (),
        reverte_para=tuple(draw(st.permutations(outros))[: draw(st.integers(0, len(outros)))]),
        artigo=f"art. {codigo}", artigo_padrao=f"padrão {codigo}",
    )


@st.composite
def regras(draw, max_grupos: int = 3) -> Regras:
    quantos = draw(st.integers(1, max_grupos))
    codigos = CODIGOS[:quantos]
    return Regras(
        slug="aleatoria",
        grupos=tuple(draw(grupos(c, tuple(o for o in codigos if o != c))) for c in codigos),
        minimo_vagas=draw(st.integers(1, 6)),
        nomeacao_pcd_antes_da_reserva=draw(st.booleans()),
        posicao_pcd_antes_da_reserva=draw(st.booleans()),
        posicoes_da_lei_protegidas=draw(st.booleans()),
        pcd=draw(regras_pcd()),
    )


@st.composite
def regras_pcd(draw) -> RegraPcd:
    """A regra PcD do edital (decisão 0014): a proporção das vagas do cargo, um percentual com o seu arredondamento,
    posições enumeradas (com ou sem intervalo depois) ou as primeiras posições (empregos, Ubatuba art. 7º, caput)."""
    tipo = draw(st.sampled_from(["proporcao", "percentual", "posicoes", "primeiro"]))
    if tipo == "percentual":
        return RegraPcd(percentual=Decimal(draw(st.integers(1, 20))), arredondamento=draw(st.sampled_from(
            Arredondamento)), minimo_vagas=draw(st.integers(1, 6)))
    if tipo == "posicoes":
        return RegraPcd(posicoes=tuple(sorted(draw(st.sets(st.integers(1, 80), min_size=1, max_size=4)))),
                        intervalo=draw(st.integers(0, 25)))
    return RegraPcd(primeiro=tipo == "primeiro")


@st.composite
def cenarios(draw, max_vagas: int = 300, max_extra: int = 60):
    """Regras, N, M (PcD, cabendo no lote) e K ≥ N; descarta as combinações em que a lei reservaria mais
    do que N (essas são ErroRegras, testadas à parte)."""
    r = draw(regras())
    vagas = draw(st.integers(1, max_vagas))
    reservado = sum(vagas_reservadas(r, g, vagas) for g in r.grupos)
    assume(reservado <= vagas)
    pcd = draw(st.integers(0, vagas - reservado))
    posicoes = vagas + draw(st.integers(0, max_extra))
    return r, vagas, pcd, posicoes


def _half_up(percentual: Decimal, vagas: int) -> int:
    return int((percentual * vagas / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


# --------------------------------------------------------------------------------------------------
# Quadro de vagas


@PROPRIEDADES
@given(st.integers(0, 10**6), st.integers(1, 10**6))
def test_arredondar_meio_para_cima_igual_ao_decimal(a, b):
    # com b ≤ 10⁶ a fração dista ao menos 1/(2b) do meio, muito acima da precisão de 28 dígitos do Decimal
    esperado = (Decimal(a) / Decimal(b)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    assert arredondar(Fraction(a, b), Arredondamento.MEIO_PARA_CIMA) == esperado


@PROPRIEDADES
@given(regras(), st.integers(1, 300))
def test_vagas_reservadas_zero_abaixo_do_minimo_e_meio_para_cima_acima(r, vagas):
    for g in r.grupos:
        esperado = 0 if vagas < r.minimo_vagas else _half_up(g.percentual, vagas)
        assert vagas_reservadas(r, g, vagas) == esperado


@PROPRIEDADES
@given(regras(), st.integers(1, 300), st.integers(0, 300))
def test_pcd_mais_reservadas_acima_de_n_e_erro(r, vagas, pcd):
    reservado = sum(vagas_reservadas(r, g, vagas) for g in r.grupos)
    assume(pcd + reservado > vagas)
    try:
        calcular_quadro(r, vagas, pcd)
    except ErroRegras:
        return
    raise AssertionError("esperava ErroRegras")


@PROPRIEDADES
@given(cenarios())
def test_garantia_cada_tipo_com_a_sua_contagem_dentro_do_lote(cenario):
    r, vagas, pcd, posicoes = cenario
    quadro = calcular_quadro(r, vagas, pcd, posicoes)
    assert len(quadro.ordem) == posicoes
    lote = quadro.ordem[:vagas]
    for reserva in quadro.reservas:
        assert lote.count(reserva.codigo) == reserva.vagas == vagas_reservadas(r, r.grupo(reserva.codigo), vagas)
    assert lote.count(PCD) == quadro.pcd == pcd
    assert quadro.ampla == vagas - pcd - sum(x.vagas for x in quadro.reservas)
    assert lote.count(AMPLA) == quadro.ampla
    assert set(quadro.ordem) <= {AMPLA, PCD, *(g.codigo for g in r.grupos)}
    assert quadro.abaixo_do_minimo == (vagas < r.minimo_vagas)
    # cada ajuste explica uma posição que de fato tem aquele tipo de vaga, em português
    for ajuste in quadro.ajustes:
        assert quadro.ordem[ajuste.posicao - 1] == ajuste.vaga
        assert ajuste.posicao != ajuste.posicao_natural and ajuste.motivo.startswith(f"A {ajuste.ordinal}ª vaga")


@PROPRIEDADES
@given(cenarios())
def test_cadastro_de_reserva_nao_reescreve_o_lote(cenario):
    r, vagas, pcd, posicoes = cenario
    lote = calcular_quadro(r, vagas, pcd)
    estendido = calcular_quadro(r, vagas, pcd, posicoes)
    assert estendido.ordem[:vagas] == lote.ordem
    assert tuple(a for a in estendido.ajustes if a.posicao <= vagas) == lote.ajustes
    # e cada extensão intermediária é prefixo da maior (as chamadas seguintes também não reescrevem)
    meio = calcular_quadro(r, vagas, pcd, (vagas + posicoes) // 2)
    assert estendido.ordem[: len(meio.ordem)] == meio.ordem


@st.composite
def proporcionais_simples(draw):
    percentual = draw(percentuais)
    minimo = draw(st.integers(1, 6))
    grupo = Grupo("G1", "Grupo", percentual, frozenset({"preta"}))
    return Regras("simples", (grupo,), minimo), draw(st.integers(1, 300)), draw(st.integers(0, 60))


@PROPRIEDADES
@given(proporcionais_simples())
def test_um_grupo_proporcional_sem_pcd_posicao_reservada_quando_r_cresce(cenario):
    """docs/dominio.md, «Quais posições da ordem de nomeação são reservadas»: a posição n é reservada quando
    R(n) > R(n−1), com R(n) = meio_para_cima(n × p) e R(n) = 0 abaixo do mínimo. Vale onde R cresce de um em um
    (no mínimo, R pode saltar de 0 para 2, e aí a decisão 0001 desloca a vaga excedente, caso coberto pela
    garantia)."""
    r, vagas, extra = cenario
    (grupo,) = r.grupos
    total = vagas + extra

    def R(n: int) -> int:  # a notação de docs/dominio.md
        return 0 if n < r.minimo_vagas else _half_up(grupo.percentual, n)

    assume(all(R(n) - R(n - 1) <= 1 for n in range(1, total + 1)))
    quadro = calcular_quadro(r, vagas, posicoes=total)
    assert [p for p in range(1, total + 1) if quadro.ordem[p - 1] == "G1"] == \
        [n for n in range(1, total + 1) if R(n) > R(n - 1)]
    assert quadro.ajustes == ()


# --------------------------------------------------------------------------------------------------
# Convocação


@st.composite
def candidatos(draw, max_candidatos: int = 80) -> list[Candidato]:
    n = draw(st.integers(0, max_candidatos))
    classificacoes = draw(st.permutations(range(1, n + 1)))
    # a maioria habilitada, como num concurso real; eliminados e desistentes aparecem sempre
    situacao = st.sampled_from((HABILITADO, HABILITADO, HABILITADO, *SITUACOES))
    return [
        Candidato(
            inscricao=f"I{i}", classificacao=classificacoes[i], cor_raca=draw(st.sampled_from(CORES)),
            quilombola=draw(st.booleans()), pcd=draw(st.booleans()), reserva=draw(st.booleans()),
            situacao=draw(situacao),
        )
        for i in range(n)
    ]


def _na_lista(r: Regras, lista: str, c: Candidato) -> bool:
    if lista == PCD:
        return c.pcd
    return c.reserva and r.grupo(lista).elegivel(c.cor_raca, c.quilombola)


@PROPRIEDADES
@given(cenarios(max_vagas=60, max_extra=20), candidatos())
def test_convocacao(cenario, inscritos):
    r, vagas, pcd, posicoes = cenario
    quadro = calcular_quadro(r, vagas, pcd, posicoes)
    convocados = convocar(r, quadro, inscritos)
    por_inscricao = {c.inscricao: c for c in inscritos}
    habilitados = sorted((c for c in inscritos if c.situacao == HABILITADO), key=lambda c: c.classificacao)

    assert [(c.posicao, c.vaga) for c in convocados] == list(enumerate(quadro.ordem, 1))
    chamados = [c.inscricao for c in convocados if c.inscricao is not None]
    # cada candidato no máximo uma vez; só habilitados
    assert len(chamados) == len(set(chamados))
    assert all(por_inscricao[i].situacao == HABILITADO for i in chamados)
    for c in convocados:
        assert (c.lista is None) == (c.inscricao is None)
        if c.inscricao is not None:
            assert c.classificacao == por_inscricao[c.inscricao].classificacao

    # quem ocupa vaga PcD ou reservada pela própria lista está nela (optou pela reserva e é elegível)
    for c in convocados:
        if c.lista not in (None, AMPLA):
            assert _na_lista(r, c.lista, por_inscricao[c.inscricao])

    # uma vaga só sai da sua lista quando a lista não tinha mais ninguém; e só vai para a cadeia da lei
    for c in convocados:
        if c.vaga != AMPLA and c.lista != c.vaga:
            cadeia = (*r.grupo(c.vaga).reverte_para, AMPLA) if c.vaga != PCD else (AMPLA,)
            assert c.lista is None or c.lista in cadeia
            assert all(h.inscricao in chamados for h in habilitados if _na_lista(r, c.vaga, h))
            if c.lista is not None and c.lista != AMPLA:
                # antes dela na cadeia, também não restava ninguém
                for anterior in cadeia[: cadeia.index(c.lista)]:
                    assert all(h.inscricao in chamados for h in habilitados if _na_lista(r, anterior, h))
        if c.vaga == AMPLA:
            assert c.lista in (AMPLA, None)

    # no lote inicial as vagas de ampla vão aos melhores da lista geral, cotistas incluídos; as posições
    # seguintes são chamadas posteriores, uma a uma, que não reescrevem o lote
    ampla = [c for c in convocados[:vagas] if c.lista == AMPLA]
    vagas_ampla = sum(1 for tipo in quadro.ordem[:vagas] if tipo == AMPLA)
    melhores = {h.inscricao for h in habilitados[:vagas_ampla]}
    assert melhores <= {c.inscricao for c in ampla}

    # cada lista ocupa as suas posições na ordem da lista
    for lista in {c.lista for c in convocados} - {None}:
        ordem = [c.classificacao for c in convocados if c.lista == lista]
        assert ordem == sorted(ordem)

    # posição sem titular só quando não resta habilitado algum
    if any(c.inscricao is None for c in convocados):
        assert {h.inscricao for h in habilitados} <= set(chamados)
    else:
        assert len(chamados) == posicoes


@PROPRIEDADES
@given(cenarios(max_vagas=60, max_extra=20), candidatos())
def test_chamadas_posteriores_nao_reescrevem_o_lote(cenario, inscritos):
    """Iúna art. 7º § 2º e docs/dominio.md («Chamadas depois do lote inicial»): as nomeações do cadastro de reserva
    vêm depois do lote e não mudam quem o lote nomeou; cada chamada posterior só acrescenta uma posição."""
    r, vagas, pcd, posicoes = cenario
    lote = convocar(r, calcular_quadro(r, vagas, pcd), inscritos)
    estendido = convocar(r, calcular_quadro(r, vagas, pcd, posicoes), inscritos)
    assert estendido[:vagas] == lote
    if posicoes > vagas:
        uma_a_menos = convocar(r, calcular_quadro(r, vagas, pcd, posicoes - 1), inscritos)
        assert estendido[:-1] == uma_a_menos


@PROPRIEDADES
@given(cenarios(max_vagas=60, max_extra=0), candidatos())
def test_convocacao_de_lote_com_candidatos_de_sobra_nao_deixa_vaga(cenario, inscritos):
    """Com mais habilitados do que vagas, toda posição tem titular (a reversão à ampla sempre acha alguém)."""
    r, vagas, pcd, _ = cenario
    assume(sum(c.situacao == HABILITADO for c in inscritos) >= vagas)
    convocados = convocar(r, calcular_quadro(r, vagas, pcd), inscritos)
    assert all(c.inscricao is not None for c in convocados)

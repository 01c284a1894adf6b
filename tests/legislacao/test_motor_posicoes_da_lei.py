"""As posições que a lei fixa são da lei, e a vaga PcD segue a regra do edital (issue 12, item 1; decisão 0014); o
cotista aprovado na ampla é nomeado pela lista mais favorável (Iúna art. 5º, § 2º; issue 12, item 2; decisão 0015).

Os exemplos de «Why» da issue eram: `simular_vagas --lei afonso-claudio-es-lei-2552-2023 --vagas 10 --vagas-pcd 1`
dava «5 PCD, 6 PP»; Iúna com 20 vagas e 1 PcD, «10 PCD, 11 IND»; com 10 e 2 PcD, «3 PCD, 4 NEG».
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from legislacao.motor import (
    AMPLA,
    PCD,
    Arredondamento,
    Candidato,
    Grupo,
    Padrao,
    RegraPcd,
    Regras,
    arredondar,
    calcular_quadro,
    colocacoes,
    convocar,
    vagas_pcd_do_edital,
    vagas_reservadas,
)
from tests.legislacao.leis_motor import AFONSO_CLAUDIO, IBATIBA, IUNA, PRETOS_PARDOS, VARGEM_ALTA
from tests.legislacao.test_motor_propriedades import PROPRIEDADES, candidatos


def posicoes(quadro, tipo: str) -> list[int]:
    return [p for p, v in enumerate(quadro.ordem, 1) if v == tipo]


def com_pcd(regras: Regras, **regra) -> Regras:
    return dataclasses.replace(regras, pcd=RegraPcd(**regra))


# --------------------------------------------------------------------------------------------------
# As posições fixadas na lei


def test_afonso_claudio_dez_vagas_uma_pcd_a_quinta_e_dos_pretos_e_pardos_art_3_par_1():
    """Afonso Cláudio art. 3º, § 1º: «a cada fração de 05 nomeados, a quinta vaga ficará destinada a candidato preto
    ou pardo». A vaga PcD, que a lei não posiciona, cairia na 5ª e vai à 6ª."""
    quadro = calcular_quadro(AFONSO_CLAUDIO, 10, 1)
    assert posicoes(quadro, "PP") == [5, 10]
    assert posicoes(quadro, PCD) == [6]
    (ajuste,) = quadro.ajustes
    assert (ajuste.posicao, ajuste.vaga, ajuste.posicao_natural) == (6, PCD, 5)
    assert "que a lei fixa para Pretos e pardos" in ajuste.motivo
    assert ajuste.base == "art. 3º, § 1º"


def test_iuna_vinte_vagas_uma_pcd_a_decima_e_dos_indigenas_art_3_par_1_ii():
    """Iúna art. 3º, § 1º, II: a reserva dos indígenas se aplica quando a convocação alcança «a 10ª (décima) vaga»."""
    quadro = calcular_quadro(IUNA, 20, 1)
    assert posicoes(quadro, "IND") == [10]
    assert posicoes(quadro, PCD) == [11]
    assert posicoes(quadro, "NEG") == [3, 8, 13, 18]


def test_iuna_dez_vagas_duas_pcd_a_terceira_e_dos_negros_art_3_par_1_i():
    """Iúna art. 3º, § 1º, I: a reserva dos negros se aplica quando a convocação alcança «a 3ª (terceira) vaga». Na
    8ª, que a lei não fixa (alternância e proporcionalidade, art. 6º), as contagens PcD e de negros se encontram e
    decide o desempate (PcD antes, sem artigo na lei: critério do edital)."""
    quadro = calcular_quadro(IUNA, 10, 2)
    assert quadro.ordem == (AMPLA, AMPLA, "NEG", PCD, AMPLA, AMPLA, AMPLA, PCD, "NEG", "IND")
    primeiro, segundo = quadro.ajustes
    assert (primeiro.posicao, primeiro.vaga, primeiro.base) == (4, PCD, "art. 3º, § 1º, I, e art. 6º")
    assert (segundo.posicao, segundo.vaga, segundo.base) == (9, "NEG", "critério do edital")
    # com o item do edital que adota o critério, a base o cita
    edital = dataclasses.replace(IUNA, item_criterio="item 5.4 do edital")
    assert calcular_quadro(edital, 10, 2).ajustes[1].base == "item 5.4 do edital"


def test_regras_congeladas_antes_da_correcao_reproduzem_o_quadro_publicado():
    """Um edital publicado não se reescreve (decisão 0014): as regras congeladas antes da correção
    (`posicoes_da_lei_protegidas` falso) dão o quadro de então, com a PcD na 5ª de Afonso Cláudio."""
    antigas = dataclasses.replace(AFONSO_CLAUDIO, posicoes_da_lei_protegidas=False)
    quadro = calcular_quadro(antigas, 10, 1)
    assert posicoes(quadro, PCD) == [5] and posicoes(quadro, "PP") == [6, 10]


def test_o_desempate_decide_so_as_posicoes_que_a_lei_nao_fixa():
    """Ibatiba (art. 5º, proporcional) com 5 vagas e 1 PcD põe as duas contagens na 3ª (PcD 1/5 de 3 → 0,6; 20% de 3
    → 0,6): o desempate da lei (art. 5º, I a III: PcD antes) a dá à PcD. Invertido o desempate, a reservada fica com
    ela; a ordem de nomeação de quem está em várias listas é outra regra e não muda."""
    quadro = calcular_quadro(IBATIBA, 5, 1)
    assert (posicoes(quadro, PCD), posicoes(quadro, "NPI")) == ([3], [4])
    reserva_antes = dataclasses.replace(IBATIBA, posicao_pcd_antes_da_reserva=False)
    quadro = calcular_quadro(reserva_antes, 5, 1)
    assert (posicoes(quadro, PCD), posicoes(quadro, "NPI")) == ([4], [3])
    assert reserva_antes.nomeacao_pcd_antes_da_reserva


# --------------------------------------------------------------------------------------------------
# A regra PcD do edital


def test_cinco_por_cento_com_a_fracao_para_cima_como_o_decreto_9508_2018():
    """Decreto 9.508/2018, art. 1º, § 1º e § 3º (no edital): 5% das vagas, a fração arredondada para cima."""
    regra = RegraPcd(percentual=Decimal("5"), arredondamento=Arredondamento.TETO, artigo="item 4.1 do edital")
    assert [vagas_pcd_do_edital(regra, n) for n in (1, 2, 20, 21, 40, 41)] == [1, 1, 1, 2, 2, 3]
    assert vagas_pcd_do_edital(dataclasses.replace(regra, minimo_vagas=5), 4) == 0
    assert vagas_pcd_do_edital(RegraPcd(), 10) is None


def test_posicoes_pcd_do_edital_e_depois_a_cada_vinte():
    """O edital fixa a 5ª, a 21ª e, depois, uma a cada 20: numa lei que fixa toda 5ª (Afonso Cláudio), a 5ª é da
    lei, e a PcD vai à seguinte; as outras posições do edital ficam com a PcD."""
    regras = com_pcd(AFONSO_CLAUDIO, posicoes=(5, 21), intervalo=20, artigo="item 4.2 do edital")
    quadro = calcular_quadro(regras, 50, 3, posicoes=70)
    assert posicoes(quadro, PCD) == [6, 21, 41, 61]
    assert posicoes(quadro, "PP") == [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70]
    base = {c.posicao: c for c in colocacoes(regras, quadro)}
    assert base[21].base == "item 4.2 do edital" and not base[21].fixada_na_lei
    assert base[5].fixada_na_lei and base[5].base == "art. 3º, § 1º"
    assert base[6].ajustada and base[6].base == "art. 3º, § 1º"


def test_percentual_pcd_do_edital_da_as_posicoes_pela_contagem():
    """Com o percentual (e sem posições), a posição n é PcD quando a contagem do percentual sobe: 5% com a fração
    para cima sobe na 1ª (que é da ampla: vai à 2ª), na 21ª e na 41ª."""
    regras = com_pcd(IBATIBA, percentual=Decimal("5"), arredondamento=Arredondamento.TETO)
    quadro = calcular_quadro(regras, 45, vagas_pcd_do_edital(regras.pcd, 45))
    assert posicoes(quadro, PCD) == [2, 21, 41]


def test_cada_colocacao_tem_a_sua_base_e_nenhuma_cita_registro_de_decisao():
    for regras, vagas, pcd in ((AFONSO_CLAUDIO, 8, 1), (IUNA, 10, 2), (VARGEM_ALTA, 50, 2), (IBATIBA, 5, 1)):
        quadro = calcular_quadro(regras, vagas, pcd)
        lista = colocacoes(regras, quadro)
        assert [c.posicao for c in lista] == [p for p, v in enumerate(quadro.ordem, 1) if v != AMPLA]
        for c in lista:
            assert c.base and "decis" not in c.base.lower()
        for ajuste in quadro.ajustes:
            assert ajuste.base and "decis" not in ajuste.base.lower() and "decis" not in ajuste.motivo.lower()


# --------------------------------------------------------------------------------------------------
# Propriedades: a posição que a lei fixa nunca é tomada por PcD


@st.composite
def leis_com_posicoes_fixas(draw):
    """Um ou dois grupos que fixam posições (a cada k, ou posições enumeradas), com o percentual alto o bastante
    para que a contagem do grupo alcance as posições fixadas dentro do lote, como nas leis de Afonso Cláudio e
    Iúna."""
    grupos = []
    for codigo in ("G1", "G2")[: draw(st.integers(1, 2))]:
        if draw(st.booleans()):
            k = draw(st.integers(2, 10))
            percentual = Decimal(100) / k + draw(st.integers(0, 10))
            grupos.append(Grupo(codigo, f"Grupo {codigo}", percentual.quantize(Decimal("0.01")), PRETOS_PARDOS,
                                padrao=Padrao.A_CADA, intervalo=k, artigo_padrao=f"fixa {codigo}"))
        else:
            fixadas = tuple(sorted(draw(st.sets(st.integers(1, 40), min_size=1, max_size=3))))
            grupos.append(Grupo(codigo, f"Grupo {codigo}", Decimal(draw(st.integers(1, 15))), PRETOS_PARDOS,
                                padrao=Padrao.POSICOES, posicoes=fixadas, artigo_padrao=f"fixa {codigo}"))
    pcd = draw(st.sampled_from(["proporcao", "percentual", "posicoes"]))
    if pcd == "percentual":
        regra = RegraPcd(percentual=Decimal(draw(st.integers(1, 20))),
                         arredondamento=draw(st.sampled_from(Arredondamento)))
    elif pcd == "posicoes":
        regra = RegraPcd(posicoes=tuple(sorted(draw(st.sets(st.integers(1, 60), min_size=1, max_size=4)))),
                         intervalo=draw(st.integers(0, 20)))
    else:
        regra = RegraPcd()
    return Regras("fixas", tuple(grupos), minimo_vagas=draw(st.integers(1, 5)), pcd=regra,
                  posicao_pcd_antes_da_reserva=draw(st.booleans()))


def _fixadas_na_lei(regras: Regras, quadro, vagas: int) -> dict[int, str]:
    """As posições que a lei fixa para um grupo e em que uma vaga dele é devida: a contagem R(n) sobe ali
    (docs/dominio.md: R(n) > R(n − 1)), com R(n) = n ÷ k no padrão «a cada k» e R(n) = máx(meio para cima de n × p,
    posições enumeradas até n) no das posições enumeradas, e o grupo ainda não tem R(n) vagas antes dela (a garantia
    do lote pode ter antecipado a vaga: Afonso Cláudio com 8 vagas põe a 2ª na 8ª, e a 10ª já não a deve; decisão
    0001) — dentro do lote, só até a reserva do grupo. Uma posição fixada por dois grupos fica com o primeiro."""
    fixadas: dict[int, str] = {}
    for g in regras.grupos:
        reserva = vagas_reservadas(regras, g, vagas)

        def contagem(n: int, g=g) -> int:
            if n < regras.minimo_vagas:
                return 0
            if g.padrao is Padrao.A_CADA:
                return n // g.intervalo
            return max(arredondar(Fraction(g.percentual) * n / 100, regras.arredondamento),
                       sum(1 for p in g.posicoes if p <= n))

        for p in range(1, len(quadro.ordem) + 1):
            fixada = p % g.intervalo == 0 if g.padrao is Padrao.A_CADA else p in g.posicoes
            devida = contagem(p) > contagem(p - 1) and quadro.ordem[:p - 1].count(g.codigo) < contagem(p)
            if fixada and devida and (p > vagas or contagem(p) <= reserva):
                fixadas.setdefault(p, g.codigo)
    return fixadas


@PROPRIEDADES
@given(leis_com_posicoes_fixas(), st.integers(1, 120), st.integers(0, 60), st.integers(0, 40))
def test_uma_posicao_que_a_lei_fixa_nunca_fica_com_pcd(regras, vagas, pcd, extra):
    reservado = sum(vagas_reservadas(regras, g, vagas) for g in regras.grupos)
    assume(reservado + pcd <= vagas)
    quadro = calcular_quadro(regras, vagas, pcd, vagas + extra)
    for p, codigo in _fixadas_na_lei(regras, quadro, vagas).items():
        assert quadro.ordem[p - 1] != PCD, (p, codigo, quadro.ordem)
    assert quadro.ordem[:vagas].count(PCD) == pcd


# --------------------------------------------------------------------------------------------------
# A lista mais favorável (Iúna art. 5º, § 2º)


def cotista(inscricao: str, classificacao: int, cor: str = "parda", **outros) -> Candidato:
    return Candidato(inscricao, classificacao, cor, reserva=True, **outros)


def branco(inscricao: str, classificacao: int) -> Candidato:
    return Candidato(inscricao, classificacao)


def test_iuna_negro_aprovado_na_ampla_e_nomeado_na_terceira_pela_lista_dos_negros_art_5_par_2():
    """Iúna, 10 vagas: negros na 3ª e na 8ª, indígena na 10ª. X é o 7º da lista geral e o 1º da lista dos negros: pela
    ampla seria o 9º nomeado; pela lista dos negros, o 3º. É nomeado na 3ª, pela ampla, sem contar na reserva
    (art. 5º, § 1º): a vaga reservada continua com o 1º cotista restante (Y), uma posição depois, e os nomeados da
    ampla entre as duas posições descem uma."""
    inscritos = [*(branco(f"A{i}", i) for i in range(1, 7)), cotista("X", 7), cotista("Y", 11), cotista("Z", 12),
                 *(branco(f"A{i}", i) for i in range(8, 11)), cotista("W", 13, "indigena")]
    quadro = calcular_quadro(IUNA, 10)
    sem_a_regra = convocar(dataclasses.replace(IUNA, lista_mais_favoravel=False), quadro, inscritos)
    assert [c.inscricao for c in sem_a_regra] == ["A1", "A2", "Y", "A3", "A4", "A5", "A6", "Z", "X", "W"]
    convocados = convocar(IUNA, quadro, inscritos)
    assert [(c.inscricao, c.vaga, c.lista, c.pela_lista) for c in convocados] == [
        ("A1", AMPLA, AMPLA, None), ("A2", AMPLA, AMPLA, None), ("X", AMPLA, AMPLA, "NEG"), ("Y", "NEG", "NEG", None),
        ("A3", AMPLA, AMPLA, None), ("A4", AMPLA, AMPLA, None), ("A5", AMPLA, AMPLA, None),
        ("A6", AMPLA, AMPLA, None), ("Z", "NEG", "NEG", None), ("W", "IND", "IND", None)]


def test_lista_da_ampla_mais_favoravel_nada_muda():
    """O cotista que a ampla já nomeia antes do que a lista dos negros o nomearia fica onde está."""
    inscritos = [cotista("X", 1), *(branco(f"A{i}", i) for i in range(2, 12)), cotista("Y", 12), cotista("Z", 13)]
    convocados = convocar(IUNA, calcular_quadro(IUNA, 10), inscritos)
    assert convocados[0].inscricao == "X" and all(c.pela_lista is None for c in convocados)


def test_sem_a_regra_na_lei_o_cotista_fica_na_posicao_da_ampla():
    """Vargem Alta não tem a regra: o cotista classificado na ampla é nomeado na vez dela (art. 4º, § 1º)."""
    inscritos = [*(branco(f"A{i}", i) for i in range(1, 7)), cotista("X", 7), cotista("Y", 11), cotista("Z", 12),
                 *(branco(f"A{i}", i) for i in range(8, 11))]
    convocados = convocar(VARGEM_ALTA, calcular_quadro(VARGEM_ALTA, 10), inscritos)
    assert all(c.pela_lista is None for c in convocados)
    assert [c.posicao for c in convocados if c.inscricao == "X"] == [8]


@PROPRIEDADES
@given(st.integers(3, 40), candidatos(max_candidatos=60))
def test_lista_mais_favoravel_so_adianta_e_nao_troca_ninguem(vagas, inscritos):
    """A regra só muda posições dentro do lote: as mesmas pessoas, nas mesmas vagas e listas; quem é adiantado nunca
    desce e fica logo antes da vaga do seu grupo que o seu lugar na lista lhe daria; os demais mantêm a ordem
    relativa."""
    reservado = sum(vagas_reservadas(IUNA, g, vagas) for g in IUNA.grupos)
    assume(reservado <= vagas)
    quadro = calcular_quadro(IUNA, vagas, posicoes=vagas + 5)
    sem = convocar(dataclasses.replace(IUNA, lista_mais_favoravel=False), quadro, inscritos)
    com = convocar(IUNA, quadro, inscritos)
    assert com[vagas:] == sem[vagas:]
    chave = lambda c: (c.inscricao, c.vaga, c.lista)  # noqa: E731
    assert sorted(map(chave, com[:vagas]), key=str) == sorted(map(chave, sem[:vagas]), key=str)
    adiantados = [c for c in com[:vagas] if c.pela_lista]
    movidos = {a.inscricao for a in adiantados}
    for c in adiantados:
        assert c.vaga == c.lista == AMPLA
        # Entre quem não foi adiantado, ele só passa à frente (os outros adiantados também deslocam a todos).
        fica = [d.inscricao for d in sem[:vagas] if d.inscricao not in movidos or d.inscricao == c.inscricao]
        com_ele = [d.inscricao for d in com[:vagas] if d.inscricao not in movidos or d.inscricao == c.inscricao]
        assert com_ele.index(c.inscricao) < fica.index(c.inscricao)
        seguinte = next(d for d in com[c.posicao:] if not d.pela_lista)
        assert seguinte.vaga == c.pela_lista
    ficaram = [c.inscricao for c in com[:vagas] if not c.pela_lista]
    assert ficaram == [c.inscricao for c in sem[:vagas] if c.inscricao not in {a.inscricao for a in adiantados}]


@pytest.mark.parametrize("regras", [AFONSO_CLAUDIO, IUNA, IBATIBA])
def test_quadro_sem_pcd_nao_muda_com_a_correcao(regras):
    """Sem vaga PcD, a proteção das posições da lei não muda nada: o quadro é o de sempre."""
    antigas = dataclasses.replace(regras, posicoes_da_lei_protegidas=False)
    for vagas in range(1, 60):
        assert calcular_quadro(regras, vagas).ordem == calcular_quadro(antigas, vagas).ordem

"""O motor contra o texto das leis: cada caso cita o dispositivo que verifica.

Python puro, sem banco: as regras vêm de `leis_motor.py`, que espelha a migração 0002.
Os textos estão em legislacao/dados/leis/<slug>.txt; as regras gerais, em docs/dominio.md.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

import pytest

from legislacao.motor import (
    AMPLA,
    PCD,
    Arredondamento,
    Candidato,
    ErroRegras,
    Regras,
    arredondar,
    calcular_quadro,
    convocar,
    vagas_reservadas,
)
from tests.legislacao.leis_motor import AFONSO_CLAUDIO, CINCO_LEIS, FEDERAL, IBATIBA, IUNA, UBATUBA, VARGEM_ALTA

# --------------------------------------------------------------------------------------------------
# Auxiliares


def reservadas(regras: Regras, vagas: int, vagas_pcd: int = 0, posicoes: int | None = None) -> dict[str, list[int]]:
    """Posições (1-based) de cada tipo de vaga não-ampla na ordem de nomeação."""
    quadro = calcular_quadro(regras, vagas, vagas_pcd, posicoes)
    tipos: dict[str, list[int]] = {}
    for p, tipo in enumerate(quadro.ordem, 1):
        if tipo != AMPLA:
            tipos.setdefault(tipo, []).append(p)
    return tipos


def contagens(regras: Regras, vagas: int) -> dict[str, int]:
    return {r.codigo: r.vagas for r in calcular_quadro(regras, vagas).reservas}


def branco(inscricao: str, classificacao: int, **kw) -> Candidato:
    return Candidato(inscricao, classificacao, **kw)


def cotista(inscricao: str, classificacao: int, cor: str = "preta", **kw) -> Candidato:
    return Candidato(inscricao, classificacao, cor_raca=cor, reserva=True, **kw)


def chamada(regras: Regras, vagas: int, candidatos, vagas_pcd: int = 0, posicoes: int | None = None):
    """(vaga, lista, inscrição) de cada posição, na ordem de nomeação."""
    quadro = calcular_quadro(regras, vagas, vagas_pcd, posicoes)
    return [(c.vaga, c.lista, c.inscricao) for c in convocar(regras, quadro, candidatos)]


def brancos(n: int, inicio: int = 1, prefixo: str = "B") -> list[Candidato]:
    return [branco(f"{prefixo}{i}", i) for i in range(inicio, inicio + n)]


# --------------------------------------------------------------------------------------------------
# O espelho das leis em Python puro não diverge da migração que as carrega no banco


@pytest.mark.django_db
@pytest.mark.parametrize("espelho", CINCO_LEIS, ids=lambda r: r.slug)
def test_a_lei_do_banco_da_ao_motor_as_regras_do_espelho(espelho):
    """A lei que as migrações carregam no banco, convertida por Lei.regras() (o caminho de produção, não uma cópia
    da conversão), é a regra com que os testes do motor exercitam cada artigo: se a migração, o modelo ou a
    conversão mudarem, este teste acusa a lei e o campo."""
    from legislacao.models import Lei

    lei = Lei.objects.vigentes_versoes().get(slug=espelho.slug)
    assert lei.regras() == espelho


# --------------------------------------------------------------------------------------------------
# Arredondamento: 0,5 ou mais sobe, menos desce (nunca o "meio para o par" de round())


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [(Fraction(1, 2), 1), (Fraction(3, 2), 2), (Fraction(5, 2), 3), (Fraction(17, 2), 9),
     (Fraction(49, 100), 0), (Fraction(51, 100), 1), (Fraction(0), 0), (Fraction(7), 7)],
)
def test_arredondar_meio_para_cima(valor, esperado):
    assert arredondar(valor, Arredondamento.MEIO_PARA_CIMA) == esperado


# (regras, grupo, vagas, reservadas, dispositivo)
ARREDONDAMENTOS = [
    # Vargem Alta art. 2º § 1º: 17% de 50 = 8,5 → 9 (round() daria 8); 3% de 50 = 1,5 → 2
    (VARGEM_ALTA, "NEG", 50, 9, "Vargem Alta art. 2º § 1º: 8,5 → 9"),
    (VARGEM_ALTA, "IND", 50, 2, "Vargem Alta art. 2º § 1º: 1,5 → 2"),
    (VARGEM_ALTA, "NEG", 250, 43, "Vargem Alta art. 2º § 1º: 42,5 → 43"),
    (VARGEM_ALTA, "IND", 150, 5, "Vargem Alta art. 2º § 1º: 4,5 → 5"),
    (VARGEM_ALTA, "NEG", 38, 6, "Vargem Alta art. 2º § 1º: 6,46 → 6"),
    (VARGEM_ALTA, "IND", 16, 0, "Vargem Alta art. 2º § 1º: 0,48 → 0"),
    (VARGEM_ALTA, "IND", 17, 1, "Vargem Alta art. 2º § 1º: 0,51 → 1"),
    (VARGEM_ALTA, "NEG", 3, 1, "Vargem Alta art. 2º § 1º: 0,51 → 1"),
    # Iúna art. 3º § 3º: 5% de 10 = 0,5 → 1 (round() daria 0); 5% de 50 = 2,5 → 3
    (IUNA, "IND", 10, 1, "Iúna art. 3º § 3º: 0,5 → 1"),
    (IUNA, "IND", 50, 3, "Iúna art. 3º § 3º: 2,5 → 3"),
    (IUNA, "IND", 9, 0, "Iúna art. 3º § 3º: 0,45 → 0"),
    (IUNA, "NEG", 12, 2, "Iúna art. 3º § 3º: 2,4 → 2"),
    (IUNA, "NEG", 13, 3, "Iúna art. 3º § 3º: 2,6 → 3"),
    # Ibatiba art. 1º § 2º
    (IBATIBA, "NPI", 7, 1, "Ibatiba art. 1º § 2º: 1,4 → 1"),
    (IBATIBA, "NPI", 8, 2, "Ibatiba art. 1º § 2º: 1,6 → 2"),
    (IBATIBA, "NPI", 3, 1, "Ibatiba art. 1º § 2º: 0,6 → 1"),
    # Ubatuba art. 2º § 3º
    (UBATUBA, "NIQ", 12, 2, "Ubatuba art. 2º § 3º: 2,4 → 2"),
    (UBATUBA, "NIQ", 18, 4, "Ubatuba art. 2º § 3º: 3,6 → 4"),
    # Afonso Cláudio art. 1º § 2º
    (AFONSO_CLAUDIO, "PP", 8, 2, "Afonso Cláudio art. 1º § 2º: 1,6 → 2"),
    (AFONSO_CLAUDIO, "PP", 12, 2, "Afonso Cláudio art. 1º § 2º: 2,4 → 2"),
    (AFONSO_CLAUDIO, "PP", 13, 3, "Afonso Cláudio art. 1º § 2º: 2,6 → 3"),
    # Molde federal (Lei 15.142/2025): 25% de 2 = 0,5 → 1; 2% de 25 = 0,5 → 1; 25% de 10 = 2,5 → 3
    (FEDERAL, "PP", 2, 1, "Lei 15.142/2025: 0,5 → 1"),
    (FEDERAL, "PP", 10, 3, "Lei 15.142/2025: 2,5 → 3"),
    (FEDERAL, "QUI", 25, 1, "Lei 15.142/2025: 0,5 → 1"),
    (FEDERAL, "IND", 50, 2, "Lei 15.142/2025: 1,5 → 2"),
]


@pytest.mark.parametrize(("regras", "codigo", "vagas", "esperado", "dispositivo"), ARREDONDAMENTOS,
                         ids=[c[4] for c in ARREDONDAMENTOS])
def test_arredondamento_de_cada_lei(regras, codigo, vagas, esperado, dispositivo):
    grupo = regras.grupo(codigo)
    assert vagas_reservadas(regras, grupo, vagas) == esperado
    assert contagens(regras, vagas)[codigo] == esperado


@pytest.mark.parametrize(("regras", "codigo", "vagas"), [
    (VARGEM_ALTA, "NEG", 50), (VARGEM_ALTA, "NEG", 250), (VARGEM_ALTA, "IND", 150), (IUNA, "IND", 10),
    (IUNA, "IND", 50), (FEDERAL, "PP", 2), (FEDERAL, "PP", 10), (FEDERAL, "QUI", 25),
])
def test_meios_exatos_sobem_onde_round_desceria(regras, codigo, vagas):
    """Os casos x,5 das leis: o motor sobe; round() (meio para o par) desceria: a prova de que o caso é de meio."""
    grupo = regras.grupo(codigo)
    exato = grupo.percentual * vagas / 100
    assert exato % 1 == Decimal("0.5")
    assert round(exato) == int(exato)  # o que o arredondamento bancário faria
    assert vagas_reservadas(regras, grupo, vagas) == int(exato) + 1


# --------------------------------------------------------------------------------------------------
# Mínimo de vagas e cadastro de reserva


@pytest.mark.parametrize(("regras", "minimo"), [
    pytest.param(VARGEM_ALTA, 3, id="Vargem Alta art. 2º caput: a partir de 3 vagas"),
    pytest.param(IUNA, 3, id="Iúna art. 3º § 2º: a partir de 3 vagas"),
    pytest.param(IBATIBA, 3, id="Ibatiba art. 1º § 1º: a partir de 3 vagas por cargo"),
    pytest.param(UBATUBA, 3, id="Ubatuba art. 2º § 2º: a partir de 3 vagas"),
    pytest.param(AFONSO_CLAUDIO, 5, id="Afonso Cláudio art. 1º § 1º: a partir de 5 vagas"),
])
def test_minimo_de_vagas(regras, minimo):
    for vagas in range(1, minimo):
        quadro = calcular_quadro(regras, vagas)
        assert quadro.abaixo_do_minimo
        assert all(r.vagas == 0 for r in quadro.reservas)
        assert quadro.ordem == (AMPLA,) * vagas
        assert quadro.ampla == vagas
    quadro = calcular_quadro(regras, minimo)
    assert not quadro.abaixo_do_minimo
    assert sum(r.vagas for r in quadro.reservas) == 1
    # no mínimo, a única vaga reservada é a última do lote (3ª, ou 5ª em Afonso Cláudio)
    assert quadro.ordem[-1] != AMPLA and set(quadro.ordem[:-1]) == {AMPLA}


def test_vargem_alta_abaixo_do_minimo_cadastro_de_reserva_segue_o_padrao():
    """Vargem Alta art. 2º § 2º: com menos de 3 vagas, o cotista figura no cadastro de reserva; as vagas
    que surgirem seguem a alternância do art. 5º (3ª, 9ª e 15ª de negros, 17ª de indígenas)."""
    for vagas in (1, 2):
        assert reservadas(VARGEM_ALTA, vagas) == {}
        assert reservadas(VARGEM_ALTA, vagas, posicoes=20) == {"NEG": [3, 9, 15], "IND": [17]}


def test_iuna_abaixo_do_minimo_cadastro_de_reserva_segue_o_padrao():
    """Iúna art. 3º § 2º e art. 7º § 2º: abaixo de 3 vagas, só cadastro de reserva; as novas nomeações
    seguem a mesma alternância (3ª vaga para negros, 10ª para indígenas)."""
    assert reservadas(IUNA, 2) == {}
    assert reservadas(IUNA, 2, posicoes=12) == {"NEG": [3, 8], "IND": [10]}


def test_afonso_claudio_abaixo_do_minimo_cadastro_de_reserva_segue_o_padrao():
    """Afonso Cláudio art. 1º § 1º e art. 3º § 1º: com 4 vagas não há reserva; a 5ª nomeação, do
    cadastro, já é a quinta vaga destinada a preto ou pardo."""
    assert reservadas(AFONSO_CLAUDIO, 4) == {}
    assert reservadas(AFONSO_CLAUDIO, 4, posicoes=10) == {"PP": [5, 10]}


def test_abaixo_do_minimo_convoca_so_pela_ampla_e_o_cotista_espera_o_cadastro():
    """Vargem Alta art. 2º § 2º: com 2 vagas, os dois melhores da lista geral; o cotista pior
    classificado só é chamado na 3ª posição, se ela vier a surgir."""
    candidatos = [*brancos(5), cotista("N", 9)]
    assert [x[2] for x in chamada(VARGEM_ALTA, 2, candidatos)] == ["B1", "B2"]
    assert chamada(VARGEM_ALTA, 2, candidatos, posicoes=3)[2] == ("NEG", "NEG", "N")


# --------------------------------------------------------------------------------------------------
# Alternância e proporcionalidade: a série de 20%


@pytest.mark.parametrize(("regras", "codigo"), [
    pytest.param(IBATIBA, "NPI", id="Ibatiba art. 5º: proporcionalidade"),
    pytest.param(UBATUBA, "NIQ", id="Ubatuba art. 7º: alternância e proporcionalidade"),
    pytest.param(IUNA, "NEG", id="Iúna art. 3º § 1º I e art. 6º"),
])
def test_serie_de_20_por_cento_3_8_13_18(regras, codigo):
    assert reservadas(regras, 20)[codigo] == [3, 8, 13, 18]
    # o mesmo padrão, visto nas 20 primeiras posições de um edital com mais vagas
    assert reservadas(regras, 40, posicoes=20)[codigo] == [3, 8, 13, 18]


def test_iuna_terceira_vaga_negros_e_decima_indigenas():
    """Iúna art. 3º § 1º: a reserva se aplica quando a convocação alcança a 3ª vaga (negros) e a
    10ª (indígenas)."""
    assert reservadas(IUNA, 3) == {"NEG": [3]}
    assert reservadas(IUNA, 10) == {"NEG": [3, 8], "IND": [10]}
    assert reservadas(IUNA, 20) == {"NEG": [3, 8, 13, 18], "IND": [10]}
    assert calcular_quadro(IUNA, 20).ajustes == ()


def test_iuna_nove_vagas_a_decima_do_cadastro_e_de_indigena():
    """Iúna art. 3º § 1º II e art. 7º § 2º: com 9 vagas não há vaga indígena no lote (0,45 → 0), mas a
    10ª nomeação, do cadastro de reserva, é indígena."""
    assert contagens(IUNA, 9) == {"NEG": 2, "IND": 0}
    assert reservadas(IUNA, 9, posicoes=12) == {"NEG": [3, 8], "IND": [10]}


def test_iuna_cadastro_de_reserva_mesma_alternancia_sem_mudar_o_lote():
    """Iúna art. 7º § 2º: as novas nomeações do cadastro seguem a alternância da primeira convocação e
    não mudam quem o lote nomeou. Com 3 vagas, o cotista 3º colocado entra pela reservada (3ª); a 8ª
    posição, do cadastro, vai ao próximo negro, e as demais à lista geral."""
    candidatos = [*brancos(2), cotista("N1", 3), *brancos(10, inicio=4), cotista("N2", 20)]
    lote = chamada(IUNA, 3, candidatos)
    assert lote == [(AMPLA, AMPLA, "B1"), (AMPLA, AMPLA, "B2"), ("NEG", "NEG", "N1")]
    cadastro = chamada(IUNA, 3, candidatos, posicoes=10)
    assert cadastro[:3] == lote
    assert cadastro[7] == ("NEG", "NEG", "N2")
    assert [x[2] for x in cadastro[3:7]] == ["B4", "B5", "B6", "B7"]
    assert cadastro[9] == ("IND", AMPLA, "B9")  # sem indígenas, a 10ª reverte (art. 8º)


# --------------------------------------------------------------------------------------------------
# Afonso Cláudio: a cada 5 nomeados, a quinta vaga


def test_afonso_claudio_a_cada_quinta_vaga():
    """Afonso Cláudio art. 3º § 1º: a cada fração de 5 nomeados, a quinta vaga é de preto ou pardo."""
    assert reservadas(AFONSO_CLAUDIO, 25) == {"PP": [5, 10, 15, 20, 25]}
    assert calcular_quadro(AFONSO_CLAUDIO, 25).ajustes == ()


def test_afonso_claudio_oito_vagas():
    """Afonso Cláudio art. 1º caput e § 2º (20% de 8 = 1,6 → 2) contra art. 3º § 1º (só a 5ª é múltipla
    de 5): a 2ª vaga reservada vai para a última posição de ampla do lote, a 8ª, com o ajuste explicado."""
    quadro = calcular_quadro(AFONSO_CLAUDIO, 8)
    assert quadro.reservas[0].vagas == 2 and quadro.ampla == 6
    assert reservadas(AFONSO_CLAUDIO, 8) == {"PP": [5, 8]}
    (ajuste,) = quadro.ajustes
    assert (ajuste.posicao, ajuste.vaga, ajuste.ordinal, ajuste.posicao_natural) == (8, "PP", 2, 10)
    assert "art. 3º, § 1º" in ajuste.motivo and "art. 1º, caput" in ajuste.motivo
    assert "fora das 8 vagas" in ajuste.motivo


def test_afonso_claudio_treze_vagas():
    """Afonso Cláudio art. 1º § 2º (20% de 13 = 2,6 → 3) e art. 3º § 1º: 5ª, 10ª e, por ajuste, a 13ª."""
    quadro = calcular_quadro(AFONSO_CLAUDIO, 13)
    assert reservadas(AFONSO_CLAUDIO, 13) == {"PP": [5, 10, 13]}
    (ajuste,) = quadro.ajustes
    assert (ajuste.posicao, ajuste.ordinal, ajuste.posicao_natural) == (13, 3, 15)


def test_afonso_claudio_cadastro_continua_a_contagem_sem_reescrever_o_lote():
    """Afonso Cláudio art. 3º § 1º depois do lote: a contagem cumulativa continua (com 8 vagas já houve
    2 reservadas, então a 10ª é de ampla e a próxima reservada é a 15ª; com 13, a 20ª)."""
    assert reservadas(AFONSO_CLAUDIO, 8, posicoes=20) == {"PP": [5, 8, 15, 20]}
    assert reservadas(AFONSO_CLAUDIO, 13, posicoes=25) == {"PP": [5, 10, 13, 20, 25]}


# --------------------------------------------------------------------------------------------------
# Vargem Alta: 17% negros + 3% indígenas


def test_vargem_alta_17_mais_3_cinquenta_vagas_colisao_na_50():
    """Vargem Alta art. 1º I e II, art. 2º § 1º e art. 5º, N = 50: 9 vagas de negros (8,5 → 9) e 2 de
    indígenas (1,5 → 2). A 9ª de negros e a 2ª de indígenas cairiam ambas na 50ª: negros, primeiro na
    ordem da lei, ficam com ela; a de indígenas vai para a última de ampla do lote, a 49ª."""
    quadro = calcular_quadro(VARGEM_ALTA, 50)
    assert [r.vagas for r in quadro.reservas] == [9, 2] and quadro.ampla == 39
    assert reservadas(VARGEM_ALTA, 50) == {"NEG": [3, 9, 15, 21, 27, 33, 39, 45, 50], "IND": [17, 49]}
    (ajuste,) = quadro.ajustes
    assert (ajuste.posicao, ajuste.vaga, ajuste.ordinal, ajuste.posicao_natural) == (49, "IND", 2, 50)
    assert "Indígenas" in ajuste.motivo and "Negros (pretos e pardos)" in ajuste.motivo
    assert "posição 49" in ajuste.motivo and "2 vagas entre as 50" in ajuste.motivo
    # A base é a contagem da lei (art. 1º, II) e o critério do edital, nunca um registro de decisão do sistema.
    assert ajuste.base == "art. 1º, II; critério do edital"


def test_vargem_alta_dezessete_vagas():
    """Vargem Alta art. 2º § 1º: 17% de 17 = 2,89 → 3 e 3% de 17 = 0,51 → 1; art. 5º: 3ª, 9ª, 15ª e 17ª."""
    assert reservadas(VARGEM_ALTA, 17) == {"NEG": [3, 9, 15], "IND": [17]}


def test_vargem_alta_cadastro_depois_das_cinquenta():
    """Vargem Alta art. 2º § 2º / art. 5º: as posições 1 a 50 não mudam; a 56ª é a 10ª de negros."""
    ordem50 = calcular_quadro(VARGEM_ALTA, 50).ordem
    ordem60 = calcular_quadro(VARGEM_ALTA, 50, posicoes=60).ordem
    assert ordem60[:50] == ordem50
    assert [p for p in range(51, 61) if ordem60[p - 1] != AMPLA] == [56]


# --------------------------------------------------------------------------------------------------
# Ibatiba: um grupo só (preta, parda e indígena) e prioridade universal → PcD → reserva


@pytest.mark.parametrize(("cor", "concorre"), [
    ("preta", True), ("parda", True), ("indigena", True), ("branca", False), ("amarela", False),
])
def test_ibatiba_grupo_unico_preta_parda_indigena(cor, concorre):
    """Ibatiba art. 1º e art. 2º: uma só reserva de 20% para pessoa negra, parda e indígena."""
    (grupo,) = IBATIBA.grupos
    assert grupo.elegivel(cor, False) is concorre
    # 3 vagas, vaga reservada na 3ª: os dois primeiros são brancos; o cotista vem da 10ª colocação
    candidatos = [*brancos(5), cotista("X", 10, cor=cor)]
    esperado = "X" if concorre else "B3"
    assert chamada(IBATIBA, 3, candidatos)[2] == ("NPI", "NPI" if concorre else AMPLA, esperado)


def test_ibatiba_colisao_pcd_antes_da_reserva():
    """Ibatiba art. 5º II e III: com 5 vagas, 1 PcD e 1 reservada, ambas cairiam na 3ª; a PcD fica com
    ela e a reservada passa à 4ª."""
    quadro = calcular_quadro(IBATIBA, 5, vagas_pcd=1)
    assert quadro.ordem == (AMPLA, AMPLA, PCD, "NPI", AMPLA)
    (ajuste,) = quadro.ajustes
    assert (ajuste.posicao, ajuste.vaga, ajuste.posicao_natural) == (4, "NPI", 3)
    assert "Pessoas com deficiência" in ajuste.motivo and "desempate" in ajuste.motivo
    # A base é o artigo da lei que dá a ordem (art. 5º, I a III), que decide também a posição disputada.
    assert ajuste.base == "art. 5º, I a III"


def test_ibatiba_candidato_em_varias_listas_universal_depois_pcd_depois_reserva():
    """Ibatiba art. 5º I a III: o candidato preto com deficiência, classificado dentro das vagas
    universais, é nomeado por elas; fora delas, pela vaga PcD antes da reservada."""
    # 5 vagas, 1 PcD: AC AC PCD NPI AC. Sem outro PcD, a vaga PcD reverte à ampla, e as vagas de ampla
    # (revertidas incluídas) seguem a ordem da lista geral: C, 3º, fica na 3ª posição
    dentro = [*brancos(2), cotista("C", 3, pcd=True), *brancos(3, inicio=4), cotista("D", 9)]
    assert chamada(IBATIBA, 5, dentro, vagas_pcd=1) == [
        (AMPLA, AMPLA, "B1"), (AMPLA, AMPLA, "B2"), (PCD, AMPLA, "C"), ("NPI", "NPI", "D"), (AMPLA, AMPLA, "B4"),
    ]
    fora = [*brancos(3), cotista("C", 4, pcd=True), cotista("D", 5), *brancos(3, inicio=6)]
    assert chamada(IBATIBA, 5, fora, vagas_pcd=1) == [
        (AMPLA, AMPLA, "B1"), (AMPLA, AMPLA, "B2"), (PCD, PCD, "C"), ("NPI", "NPI", "D"), (AMPLA, AMPLA, "B3"),
    ]
    # com a ordem de nomeação inversa (reserva antes da PcD), C seria nomeado pela reservada e a vaga PcD, sem
    # outro PcD, reverteria à ampla: a ordem da lei decide quem entra. As posições não mudam: são a outra regra
    # (o desempate das posições), e a 3ª continua PcD, a 4ª da reserva.
    inversa = dataclasses.replace(IBATIBA, nomeacao_pcd_antes_da_reserva=False)
    assert chamada(inversa, 5, fora, vagas_pcd=1)[2:4] == [(PCD, AMPLA, "B3"), ("NPI", "NPI", "C")]
    assert "D" in [x[2] for x in chamada(inversa, 5, fora, vagas_pcd=1)]


# --------------------------------------------------------------------------------------------------
# Ubatuba: negros, índios e quilombolas; ordem ampla → PcD → reserva


@pytest.mark.parametrize(("cor", "quilombola", "concorre"), [
    ("preta", False, True), ("parda", False, True), ("indigena", False, True), ("branca", True, True),
    ("branca", False, False), ("amarela", False, False),
])
def test_ubatuba_grupo_inclui_quilombolas(cor, quilombola, concorre):
    """Ubatuba art. 1º e art. 3º: a reserva é de negros, índios e quilombolas."""
    (grupo,) = UBATUBA.grupos
    assert grupo.elegivel(cor, quilombola) is concorre
    candidatos = [*brancos(5), cotista("Q", 10, cor=cor, quilombola=quilombola)]
    assert chamada(UBATUBA, 3, candidatos)[2][2] == ("Q" if concorre else "B3")


def test_ubatuba_prioridade_entre_listas():
    """Ubatuba art. 7º § 1º I a III e § 2º: quem está em mais de uma lista é nomeado primeiro pela ampla,
    depois pela PcD, depois pela reserva, e sai das demais listas; em seu lugar vem o seguinte da lista."""
    # 10 vagas, 1 PcD: NIQ na 3ª e na 8ª, PcD na 5ª
    assert reservadas(UBATUBA, 10, vagas_pcd=1) == {"NIQ": [3, 8], PCD: [5]}
    candidatos = [
        cotista("Q1", 1, cor="branca", quilombola=True, pcd=True),  # ampla (inciso I)
        *brancos(6, inicio=2),
        cotista("Q2", 8, cor="parda", pcd=True),  # fora da ampla: PcD antes da reserva (inciso II)
        cotista("Q3", 9, cor="indigena"),
        cotista("Q4", 10, cor="preta"),
        cotista("Q5", 11, cor="preta"),
    ]
    chamados = chamada(UBATUBA, 10, candidatos, vagas_pcd=1)
    assert [x[2] for x in chamados] == ["Q1", "B2", "Q3", "B3", "Q2", "B4", "B5", "Q4", "B6", "B7"]
    assert chamados[4] == (PCD, PCD, "Q2")
    assert {x[1] for x in chamados if x[2] in ("Q3", "Q4")} == {"NIQ"}
    assert "Q5" not in [x[2] for x in chamados]


def test_ubatuba_opcao_pela_reserva_e_facultativa():
    """Ubatuba art. 3º § 1º: a opção pela reserva é facultativa; quem não optou concorre só na ampla."""
    candidatos = [*brancos(2), Candidato("P", 3, cor_raca="preta", reserva=False), cotista("Q", 4)]
    # 3 vagas: P (3º) não ocupa a vaga reservada, que vai a Q; P fica de fora
    assert chamada(UBATUBA, 3, candidatos) == [(AMPLA, AMPLA, "B1"), (AMPLA, AMPLA, "B2"), ("NIQ", "NIQ", "Q")]


# --------------------------------------------------------------------------------------------------
# Quem ocupa cada vaga: o exemplo de docs/dominio.md e os dispositivos sobre a ampla


def test_exemplo_do_dominio_20_por_cento_5_vagas():
    """docs/dominio.md, «Quem ocupa cada vaga» (Ibatiba art. 4º § 1º e art. 5º): 20%, 5 vagas, reservada na 3ª;
    classificação A (cotista), B, C, D, E, F, G (cotista) → A, B, G, C, D, com A numa vaga de ampla."""
    candidatos = [cotista("A", 1, cor="parda"), *(branco(x, i) for i, x in enumerate("BCDEF", 2)),
                  cotista("G", 7)]
    assert chamada(IBATIBA, 5, candidatos) == [
        (AMPLA, AMPLA, "A"), (AMPLA, AMPLA, "B"), ("NPI", "NPI", "G"), (AMPLA, AMPLA, "C"), (AMPLA, AMPLA, "D"),
    ]


@pytest.mark.parametrize("regras", CINCO_LEIS, ids=lambda r: f"{r.slug} {r.artigo_ampla}")
def test_cotista_aprovado_na_ampla_nao_conta_na_reserva(regras):
    """Vargem Alta art. 4º § 1º, Iúna art. 5º § 1º, Ibatiba art. 4º § 1º, Ubatuba art. 4º, Afonso Cláudio
    art. 1º § 3º: o cotista classificado dentro da ampla ocupa vaga de ampla e a reservada vai ao próximo
    cotista."""
    vagas = 5
    codigo = regras.grupos[0].codigo
    candidatos = [cotista(f"C{i}", i, cor="parda") for i in range(1, 5)] + brancos(5, inicio=5) + \
        [cotista("R", 20, cor="preta")]
    chamados = chamada(regras, vagas, candidatos)
    assert [x[2] for x in chamados if x[1] == AMPLA] == ["C1", "C2", "C3", "C4"]
    assert [x for x in chamados if x[0] == codigo] == [(codigo, codigo, "R")]


# --------------------------------------------------------------------------------------------------
# Reversão das vagas não preenchidas à ampla


def test_vargem_alta_reversao_das_vagas_de_indigenas():
    """Vargem Alta art. 4º § 3º: sem indígenas aprovados, a vaga indígena (17ª de 17) reverte à ampla e
    vai ao próximo da lista geral; as de negros seguem com negros."""
    candidatos = [*brancos(20), cotista("N1", 30), cotista("N2", 31, cor="parda"), cotista("N3", 32)]
    chamados = chamada(VARGEM_ALTA, 17, candidatos)
    assert chamados[16] == ("IND", AMPLA, "B14")
    assert [x[2] for x in chamados if x[0] == "NEG"] == ["N1", "N2", "N3"]
    assert [x[2] for x in chamados if x[1] == AMPLA] == [f"B{i}" for i in range(1, 15)]


def test_reversao_parcial_reverte_as_ultimas_vagas_do_grupo():
    """Vargem Alta art. 4º § 3º e docs/dominio.md (passo 6): com 1 negro para 3 vagas, ele ocupa a primeira (3ª posição)
    e as duas últimas (9ª e 15ª) revertem à ampla, cujos titulares seguem a ordem da lista geral."""
    candidatos = [*brancos(20), cotista("N1", 30), cotista("I1", 31, cor="indigena")]
    chamados = chamada(VARGEM_ALTA, 17, candidatos)
    assert chamados[2] == ("NEG", "NEG", "N1")
    assert chamados[8] == ("NEG", AMPLA, "B8") and chamados[14] == ("NEG", AMPLA, "B14")
    assert chamados[16] == ("IND", "IND", "I1")


@pytest.mark.parametrize(("regras", "vagas"), [
    pytest.param(IUNA, 10, id="Iúna art. 8º"), pytest.param(IBATIBA, 5, id="Ibatiba art. 4º § 3º"),
    pytest.param(UBATUBA, 5, id="Ubatuba art. 4º § 2º"), pytest.param(AFONSO_CLAUDIO, 5, id="Afonso Cláudio art. 5º"),
])
def test_sem_cotistas_todas_as_vagas_revertem_a_ampla(regras, vagas):
    candidatos = brancos(vagas + 2)
    chamados = chamada(regras, vagas, candidatos)
    assert [x[2] for x in chamados] == [f"B{i}" for i in range(1, vagas + 1)]
    assert {x[1] for x in chamados} == {AMPLA}
    assert any(x[0] != AMPLA for x in chamados)


def test_vaga_sem_ninguem_fica_vaga():
    """Sem candidato habilitado para nenhuma lista, a posição fica sem titular (não se inventa nomeação)."""
    chamados = chamada(IBATIBA, 5, brancos(3))
    assert [x[2] for x in chamados] == ["B1", "B2", None, "B3", None]
    assert chamados[2] == ("NPI", None, None)


# --------------------------------------------------------------------------------------------------
# Situação do candidato, cor elegível e opção pela reserva


def test_eliminados_e_desistentes_saem_das_listas():
    """docs/dominio.md, «Quem ocupa cada vaga», passo 1: só contam os habilitados (p. ex. Afonso Cláudio art. 7º e
    art. 9º § 9º: falsidade ou ausência eliminam)."""
    candidatos = [
        branco("B1", 1, situacao="eliminado"), *brancos(5, inicio=2),
        cotista("P1", 7, situacao="desistente"), cotista("P2", 8, cor="parda", situacao="eliminado"),
        cotista("P3", 9),
    ]
    chamados = chamada(AFONSO_CLAUDIO, 5, candidatos)
    assert [x[2] for x in chamados] == ["B2", "B3", "B4", "B5", "P3"]


def test_afonso_claudio_indigena_nao_ocupa_vaga_de_pretos_e_pardos():
    """Afonso Cláudio art. 1º e art. 2º: a reserva é só de pretos e pardos; o indígena que optou por ela
    não a ocupa, e sem pretos ou pardos a vaga reverte à ampla (art. 5º)."""
    candidatos = [*brancos(5), cotista("I", 6, cor="indigena")]
    assert chamada(AFONSO_CLAUDIO, 5, candidatos)[4] == ("PP", AMPLA, "B5")
    candidatos.append(cotista("P", 7, cor="parda"))
    assert chamada(AFONSO_CLAUDIO, 5, candidatos)[4] == ("PP", "PP", "P")


def test_quem_nao_optou_pela_reserva_nunca_ocupa_vaga_reservada():
    """Afonso Cláudio art. 2º parágrafo único: sem a autodeclaração, o candidato concorre só à ampla."""
    nao_optou = Candidato("P", 1, cor_raca="parda", reserva=False)
    candidatos = [*brancos(4, inicio=2), nao_optou, cotista("Q", 20)]
    assert chamada(AFONSO_CLAUDIO, 5, candidatos)[4] == ("PP", "PP", "Q")
    # fora da ampla, sem nenhum optante: a vaga reverte e P a ocupa como ampla, não como reservada
    candidatos = [*brancos(4), Candidato("P", 5, cor_raca="parda", reserva=False)]
    assert chamada(AFONSO_CLAUDIO, 5, candidatos)[4] == ("PP", AMPLA, "P")


# --------------------------------------------------------------------------------------------------
# Molde federal (Lei 15.142/2025): três grupos e reversão em cascata


def test_federal_quadro_25_vagas():
    """Lei 15.142/2025 (docs/dominio.md, «Os modelos federais»): 25% de 25 = 6,25 → 6; 3% = 0,75 → 1; 2% = 0,5 → 1."""
    assert contagens(FEDERAL, 25) == {"PP": 6, "IND": 1, "QUI": 1}
    assert reservadas(FEDERAL, 25) == {"PP": [2, 6, 10, 14, 18, 22], "IND": [17], "QUI": [25]}
    assert reservadas(FEDERAL, 1) == {} and reservadas(FEDERAL, 2) == {"PP": [2]}


def _federal(*cotistas: Candidato) -> list[tuple[str, str | None, str | None]]:
    # 17 vagas de ampla para brancos melhor classificados; cotistas depois deles
    return chamada(FEDERAL, 25, [*brancos(30), *cotistas])


PP = [cotista(f"P{i}", 100 + i, cor="parda") for i in range(1, 9)]


def test_federal_cascata_indigena_para_quilombola():
    """Lei 15.142/2025: sem indígenas, a vaga indígena passa antes a quilombolas (IND → QUI → PP → AC)."""
    quilombolas = [cotista("Q1", 50, cor="branca", quilombola=True), cotista("Q2", 51, cor="branca", quilombola=True)]
    chamados = _federal(*PP, *quilombolas)
    assert chamados[16] == ("IND", "QUI", "Q1") and chamados[24] == ("QUI", "QUI", "Q2")
    assert [x[2] for x in chamados if x[0] == "PP"] == [f"P{i}" for i in range(1, 7)]


def test_federal_cascata_quilombola_para_indigena():
    """Lei 15.142/2025: sem quilombolas, a vaga quilombola passa antes a indígenas (QUI → IND → PP → AC)."""
    indigenas = [cotista("I1", 50, cor="indigena"), cotista("I2", 51, cor="indigena")]
    chamados = _federal(*PP, *indigenas)
    assert chamados[16] == ("IND", "IND", "I1") and chamados[24] == ("QUI", "IND", "I2")


def test_federal_cascata_para_pretos_e_pardos_e_depois_ampla():
    """Lei 15.142/2025: sem indígenas nem quilombolas, as duas vagas vão a pretos e pardos; sem estes
    também, à ampla. Cada lista ocupa as suas posições (próprias e recebidas) na ordem da lista."""
    chamados = _federal(*PP)
    assert chamados[16] == ("IND", "PP", "P5") and chamados[24] == ("QUI", "PP", "P8")
    assert [x[2] for x in chamados if x[1] == "PP"] == [f"P{i}" for i in range(1, 9)]
    chamados = _federal(*PP[:6])
    assert chamados[16] == ("IND", AMPLA, "B13") and chamados[24] == ("QUI", AMPLA, "B19")
    chamados = _federal()
    assert [x[2] for x in chamados] == [f"B{i}" for i in range(1, 26)]


def test_federal_sem_cascata_as_vagas_iriam_direto_a_ampla():
    """Contraprova: a mesma lei sem `reverte_para` manda a vaga indígena direto à ampla."""
    sem_cascata = dataclasses.replace(FEDERAL, grupos=tuple(dataclasses.replace(g, reverte_para=())
                                                            for g in FEDERAL.grupos))
    quilombolas = [cotista("Q1", 50, cor="branca", quilombola=True), cotista("Q2", 51, cor="branca", quilombola=True)]
    chamados = chamada(sem_cascata, 25, [*brancos(30), *PP, *quilombolas])
    assert chamados[16] == ("IND", AMPLA, "B13") and chamados[24] == ("QUI", "QUI", "Q1")
    assert "Q2" not in [x[2] for x in chamados]


# --------------------------------------------------------------------------------------------------
# Vagas PcD (número dado pelo edital)


def test_pcd_posicoes_e_contagens():
    """As vagas PcD vêm do edital e se distribuem na mesma regra cumulativa (Vargem Alta art. 5º e Iúna
    art. 6º: a proporcionalidade considera também as vagas de pessoas com deficiência)."""
    quadro = calcular_quadro(IBATIBA, 20, vagas_pcd=2)
    assert (quadro.pcd, quadro.ampla, quadro.reservas[0].vagas) == (2, 14, 4)
    assert reservadas(IBATIBA, 20, vagas_pcd=2) == {"NPI": [3, 8, 13, 18], PCD: [5, 15]}
    assert quadro.ordem.count(PCD) == 2 and quadro.ordem.count(AMPLA) == 14


def test_pcd_abaixo_do_minimo_da_lei_racial():
    """Iúna art. 3º § 2º: com 2 vagas não há reserva racial, mas a vaga PcD do edital existe."""
    quadro = calcular_quadro(IUNA, 2, vagas_pcd=1)
    assert quadro.abaixo_do_minimo and quadro.ampla == 1
    assert sorted(quadro.ordem) == [AMPLA, PCD]
    assert all(r.vagas == 0 for r in quadro.reservas)


def test_pcd_candidatos():
    """Ubatuba art. 7º § 1º II: a vaga PcD vai ao melhor PcD que não entrou pela ampla; sem nenhum, reverte
    à ampla."""
    candidatos = [Candidato("D1", 1, pcd=True), *brancos(6, inicio=2), Candidato("D2", 8, pcd=True),
                  cotista("N", 9)]
    chamados = chamada(UBATUBA, 10, candidatos, vagas_pcd=1)
    assert chamados[4] == (PCD, PCD, "D2")
    assert chamados[0] == (AMPLA, AMPLA, "D1")
    assert chamados[2] == ("NIQ", "NIQ", "N")
    sem_pcd = chamada(UBATUBA, 10, [*brancos(12), cotista("N", 20)], vagas_pcd=1)
    assert sem_pcd[4][:2] == (PCD, AMPLA)


def test_pcd_mais_reservadas_acima_das_vagas_e_erro():
    """As vagas PcD somadas às reservadas não podem exceder as oferecidas."""
    calcular_quadro(IBATIBA, 5, vagas_pcd=4)  # 4 + 1 = 5 cabe
    with pytest.raises(ErroRegras, match="excedem as 5 vagas"):
        calcular_quadro(IBATIBA, 5, vagas_pcd=5)
    with pytest.raises(ErroRegras):
        calcular_quadro(VARGEM_ALTA, 50, vagas_pcd=40)  # 40 + 9 + 2 > 50


@pytest.mark.parametrize(("vagas", "pcd", "posicoes"), [(0, 0, None), (-1, 0, None), (5, -1, None), (5, 0, 0)])
def test_parametros_invalidos_sao_erro(vagas, pcd, posicoes):
    with pytest.raises(ErroRegras):
        calcular_quadro(IBATIBA, vagas, pcd, posicoes)


@pytest.mark.parametrize("regras", [*CINCO_LEIS, FEDERAL], ids=lambda r: r.slug)
@pytest.mark.parametrize("vagas", [1, 2, 3, 4, 5, 8, 10, 13, 17, 20, 33, 50, 100, 150, 250])
def test_garantia_contagens_dentro_do_lote(regras, vagas):
    """docs/dominio.md, «A garantia»: dentro das N posições cada grupo tem exatamente a sua contagem, e a ampla
    é o resto (N − PcD − reservadas)."""
    quadro = calcular_quadro(regras, vagas)
    for r in quadro.reservas:
        assert quadro.ordem.count(r.codigo) == r.vagas == vagas_reservadas(regras, regras.grupo(r.codigo), vagas)
    assert quadro.ordem.count(AMPLA) == quadro.ampla == vagas - sum(r.vagas for r in quadro.reservas)

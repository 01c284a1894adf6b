"""As regras de Ubatuba (Lei 3.765/2014) que o motor aplica (issue 12, item 5; decisão 0016): a equidade de gênero nas
vagas reservadas, com a reversão ao outro gênero (art. 1º, parágrafo único, II; art. 2º, § 4º), e as vagas PcD
primeiro nos empregos públicos (art. 7º, caput)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from legislacao.motor import (
    AMPLA,
    FEMININO,
    MASCULINO,
    PCD,
    Candidato,
    RegraPcd,
    calcular_quadro,
    chamar_seguintes,
    convocar,
    genero_devido,
)
from tests.legislacao.leis_motor import UBATUBA
from tests.legislacao.test_motor_propriedades import PROPRIEDADES

COM_EQUIDADE = UBATUBA
SEM_EQUIDADE = dataclasses.replace(UBATUBA, equidade_genero=False)


def pessoa(inscricao: str, classificacao: int, genero: str, cotista: bool = True) -> Candidato:
    return Candidato(inscricao, classificacao, "parda" if cotista else "branca", reserva=cotista, genero=genero)


def brancos(quantos: int, inicio: int = 1) -> list[Candidato]:
    return [pessoa(f"B{i}", i, MASCULINO, cotista=False) for i in range(inicio, inicio + quantos)]


def reservadas(convocados) -> list[tuple[str, str]]:
    return [(c.inscricao, c.lista) for c in convocados if c.vaga == "NIQ"]


def test_as_vagas_reservadas_se_alternam_entre_mulheres_e_homens_art_1_par_unico_ii():
    """15 vagas: 3 reservadas (3ª, 8ª, 13ª; art. 2º, § 3º). Os três melhores cotistas são homens: a 1ª vaga vai ao
    melhor da lista (H1), a 2ª à melhor mulher (M1), a 3ª, empatados os gêneros, ao melhor que sobrou (H2)."""
    inscritos = [*brancos(15), pessoa("H1", 16, MASCULINO), pessoa("H2", 17, MASCULINO), pessoa("H3", 18, MASCULINO),
                 pessoa("M1", 19, FEMININO), pessoa("M2", 20, FEMININO)]
    quadro = calcular_quadro(COM_EQUIDADE, 15)
    sem = convocar(SEM_EQUIDADE, quadro, inscritos)
    assert [i for i, _ in reservadas(sem)] == ["H1", "H2", "H3"]
    com = convocar(COM_EQUIDADE, quadro, inscritos)
    # Cada lista ocupa as suas posições na ordem da lista: H1 na 3ª, H2 na 8ª, M1 na 13ª.
    assert reservadas(com) == [("H1", "NIQ"), ("H2", "NIQ"), ("M1", "NIQ")]


def test_sem_candidatas_as_vagas_revertem_ao_outro_genero_art_2_par_4():
    """Art. 2º, § 4º: «não havendo candidatos do gênero masculino ou feminino aprovados em número suficiente para
    ocupar as vagas reservadas, as vagas remanescentes serão revertidas para o outro gênero»; e só depois, sem
    ninguém do grupo, à ampla (art. 4º, § 2º)."""
    inscritos = [*brancos(20), pessoa("H1", 21, MASCULINO), pessoa("H2", 22, MASCULINO), pessoa("H3", 23, MASCULINO)]
    com = convocar(COM_EQUIDADE, calcular_quadro(COM_EQUIDADE, 15), inscritos)
    assert reservadas(com) == [("H1", "NIQ"), ("H2", "NIQ"), ("H3", "NIQ")]
    so_dois = convocar(COM_EQUIDADE, calcular_quadro(COM_EQUIDADE, 15), inscritos[:-1])
    # A vaga revertida entra na ordem da lista geral com as de ampla: B1 a B13 ocupam as 13 posições, e a 13ª, a
    # revertida, é a 11ª delas.
    assert reservadas(so_dois) == [("H1", "NIQ"), ("H2", "NIQ"), ("B11", AMPLA)]


def test_quem_nao_se_declarou_mulher_nem_homem_nao_conta_para_a_equidade():
    """Decisão 0016: o gênero «outro» ou não informado não conta para nenhum dos dois; a pessoa entra quando nenhum
    gênero está em falta, ou pela reversão."""
    assert genero_devido({}) is None
    assert genero_devido({MASCULINO: 1}) == FEMININO
    assert genero_devido({MASCULINO: 1, FEMININO: 1, "outro": 3}) is None
    inscritos = [*brancos(15), pessoa("O1", 16, "outro"), pessoa("H1", 17, MASCULINO), pessoa("M1", 18, FEMININO)]
    com = convocar(COM_EQUIDADE, calcular_quadro(COM_EQUIDADE, 15), inscritos)
    assert [i for i, _ in reservadas(com)] == ["O1", "H1", "M1"]


def test_substituicao_de_uma_cotista_chama_a_proxima_mulher_da_lista():
    """Na vaga que uma mulher deixa (art. 4º, § 1º: o «posteriormente classificado»), a equidade pede outra mulher;
    sem nenhuma, a vaga vai ao homem seguinte (art. 2º, § 4º)."""
    inscritos = [pessoa("H4", 30, MASCULINO), pessoa("M2", 31, FEMININO), pessoa("H5", 32, MASCULINO)]
    ((lista, candidato),) = chamar_seguintes(COM_EQUIDADE, ["NIQ"], inscritos, [], {"NIQ": {MASCULINO: 2}})
    assert (lista, candidato.inscricao) == ("NIQ", "M2")
    ((lista, candidato),) = chamar_seguintes(COM_EQUIDADE, ["NIQ"], inscritos[::2], [], {"NIQ": {MASCULINO: 2}})
    assert (lista, candidato.inscricao) == ("NIQ", "H4")
    # Sem a equidade, o próximo da lista, seja quem for.
    ((_, candidato),) = chamar_seguintes(SEM_EQUIDADE, ["NIQ"], inscritos, [], {"NIQ": {MASCULINO: 2}})
    assert candidato.inscricao == "H4"


@PROPRIEDADES
@given(st.integers(3, 60), st.lists(st.sampled_from([FEMININO, MASCULINO, "outro"]), min_size=0, max_size=80),
       st.lists(st.booleans(), min_size=80, max_size=80))
def test_equidade_nunca_desequilibra_mais_que_uma_vaga_enquanto_ha_dos_dois(vagas, generos, cotistas):
    inscritos = [Candidato(f"I{i}", i + 1, "parda" if cotistas[i] else "branca", reserva=cotistas[i], genero=g)
                 for i, g in enumerate(generos)]
    convocados = convocar(COM_EQUIDADE, calcular_quadro(COM_EQUIDADE, vagas), inscritos)
    por_inscricao = {c.inscricao: c for c in inscritos}
    na_reserva = [por_inscricao[c.inscricao] for c in convocados if c.lista == "NIQ"]
    contagem = Counter(c.genero for c in na_reserva)
    restantes = Counter(c.genero for c in inscritos if c.reserva and c.inscricao not in
                        {x.inscricao for x in convocados if x.inscricao})
    assume(restantes[FEMININO] and restantes[MASCULINO])
    assert abs(contagem[FEMININO] - contagem[MASCULINO]) <= 1
    # A lista do grupo ocupa as suas posições na ordem da lista (art. 7º: alternância e proporcionalidade).
    ordem = [c.classificacao for c in na_reserva]
    assert ordem == sorted(ordem)


def test_nos_empregos_publicos_as_vagas_pcd_vem_primeiro_art_7_caput():
    """Art. 7º, caput: nos empregos públicos, «obrigatoriamente, deverão ser preenchidas primeiramente as vagas
    destinadas às pessoas com deficiência»; nos cargos, a alternância e proporcionalidade de sempre."""
    emprego = dataclasses.replace(UBATUBA, pcd=RegraPcd(primeiro=True, artigo="art. 7º, caput"))
    quadro = calcular_quadro(emprego, 10, 2)
    assert quadro.ordem[:3] == (PCD, PCD, "NIQ") and quadro.ordem.count(PCD) == 2
    assert calcular_quadro(UBATUBA, 10, 2).ordem[:4] == (AMPLA, AMPLA, PCD, "NIQ")
    assert UBATUBA.pcd_primeiro_nos_empregos  # a regra da lei; o cargo de emprego a liga (Cargo.regras_motor)

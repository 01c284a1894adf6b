"""A composição da comissão de monitoramento contra a lei (Ubatuba art. 9º, § 1º): as unidades que indicam
servidores, a que coordena e um representante de cada grupo étnico — contados pelos componentes do grupo de reserva
(«negros, índios e quilombolas» é um grupo só e pede três representantes)."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monitoramento.composicao import (
    GRUPOS_ETNICOS,
    MembroMonitoramento,
    RegrasMonitoramento,
    conferir,
    grupos_etnicos,
    unidades_da_lei,
)
from monitoramento.models import Funcao, GrupoEtnico, Titularidade
from tests.monitoramento.conftest import ADMINISTRACAO, CIDADANIA, JURIDICOS, membro

ARTIGO = "art. 9º, § 1º"
REGRAS = RegrasMonitoramento(unidades=(CIDADANIA, ADMINISTRACAO, JURIDICOS),
                             grupos=("negros", "indigenas", "quilombolas"), artigo=ARTIGO)
DIA = date(2025, 3, 1)


def _membro(nome, unidade="", grupo="", coordenador=False, titular=True, inicio=date(2024, 1, 1), fim=None):
    return MembroMonitoramento(nome=nome, unidade=unidade, grupo=grupo, coordenador=coordenador, titular=titular,
                               inicio=inicio, fim=fim)


COMPLETA = [_membro("Helena", CIDADANIA, coordenador=True), _membro("Igor", ADMINISTRACAO),
            _membro("Júlia", JURIDICOS), _membro("Kauã", grupo="negros"), _membro("Lia", grupo="indigenas"),
            _membro("Moisés", grupo="quilombolas")]


def _falhas(membros, regras=REGRAS, data=DIA) -> list[str]:
    return [str(f) for f in conferir(regras, membros, data=data).falhas]


def test_a_comissao_completa_de_ubatuba_atende_ao_art_9_paragrafo_1():
    assert conferir(REGRAS, COMPLETA, data=DIA).regular


def test_falta_o_servidor_de_uma_secretaria_cita_o_artigo():
    membros = [m for m in COMPLETA if m.unidade != JURIDICOS]
    assert _falhas(membros) == ["Falta um servidor indicado pela Secretaria Municipal de Assuntos Jurídicos "
                                "(art. 9º, § 1º)."]


def test_falta_o_representante_dos_quilombolas_cita_o_artigo():
    membros = [m for m in COMPLETA if m.grupo != "quilombolas"]
    assert _falhas(membros) == ["Falta o representante dos quilombolas (art. 9º, § 1º)."]


def test_a_coordenacao_e_da_secretaria_de_cidadania():
    membros = [_membro("Helena", CIDADANIA), _membro("Igor", ADMINISTRACAO, coordenador=True), *COMPLETA[2:]]
    assert _falhas(membros) == ["A coordenação é da Secretaria Municipal de Cidadania e Assistência Social "
                                "(art. 9º, § 1º)."]


def test_sem_coordenador_pede_o_indicado_pela_secretaria_que_coordena():
    membros = [_membro("Helena", CIDADANIA), *COMPLETA[1:]]
    assert _falhas(membros) == ["Designe o coordenador, indicado pela Secretaria Municipal de Cidadania e Assistência "
                                "Social (art. 9º, § 1º)."]


def test_dois_coordenadores_sao_uma_falha():
    membros = [*COMPLETA[:1], _membro("Helena Segunda", CIDADANIA, coordenador=True), *COMPLETA[1:]]
    assert _falhas(membros) == ["A comissão tem um coordenador só; estão designados Helena, Helena Segunda."]


def test_o_suplente_nao_preenche_a_vaga_do_titular():
    membros = [*[m for m in COMPLETA if m.grupo != "negros"], _membro("Nina", grupo="negros", titular=False)]
    assert _falhas(membros) == ["Falta o representante dos negros (art. 9º, § 1º)."]


def test_quem_saiu_da_comissao_nao_conta():
    membros = [*[m for m in COMPLETA if m.unidade != ADMINISTRACAO],
               _membro("Igor", ADMINISTRACAO, fim=date(2024, 12, 31))]
    assert _falhas(membros) == ["Falta um servidor indicado pela Secretaria Municipal de Administração "
                                "(art. 9º, § 1º)."]


def test_a_lei_que_nao_fixa_a_composicao_so_pede_titulares_e_coordenador():
    assert _falhas([], RegrasMonitoramento()) == ["A comissão não tem titulares em exercício em 01/03/2025.",
                                                  "Designe o coordenador."]
    assert _falhas([_membro("Ana", "Gabinete do Prefeito", coordenador=True)], RegrasMonitoramento()) == []


def test_a_unidade_de_nome_masculino_leva_o_artigo_masculino():
    regras = RegrasMonitoramento(unidades=("Gabinete do Prefeito",), artigo="art. 5º")
    assert _falhas([_membro("Ana", "Outra", coordenador=True)], regras) == [
        "Falta um servidor indicado pelo Gabinete do Prefeito (art. 5º).", "A coordenação é do Gabinete do Prefeito "
        "(art. 5º)."]


def test_um_grupo_de_reserva_de_negros_indios_e_quilombolas_pede_tres_representantes():
    niq = SimpleNamespace(preta=True, parda=True, indigena=True, quilombola=True)
    assert grupos_etnicos([niq]) == ("negros", "indigenas", "quilombolas")


def test_pretos_e_pardos_em_grupos_separados_sao_um_grupo_etnico_so():
    pretos = SimpleNamespace(preta=True, parda=False, indigena=False, quilombola=False)
    pardos = SimpleNamespace(preta=False, parda=True, indigena=False, quilombola=False)
    assert grupos_etnicos([pardos, pretos]) == ("negros",)


def test_as_unidades_sao_as_linhas_nao_vazias_do_campo_da_lei():
    assert unidades_da_lei(f" {CIDADANIA}\n\n{ADMINISTRACAO} \n") == (CIDADANIA, ADMINISTRACAO)


bandeiras = st.builds(SimpleNamespace, preta=st.booleans(), parda=st.booleans(), indigena=st.booleans(),
                      quilombola=st.booleans())
indicacoes = st.sampled_from([("u", u) for u in REGRAS.unidades] + [("g", g) for g, _ in GRUPOS_ETNICOS])
membros_quaisquer = st.lists(st.builds(
    lambda ind, coord, titular, dias: _membro("M", ind[1] if ind[0] == "u" else "", ind[1] if ind[0] == "g" else "",
                                              coord, titular, date(2025, 1, 1) if dias < 0 else date(2024, 1, 1)),
    indicacoes, st.booleans(), st.booleans(), st.integers(-1, 1)), max_size=12)


@given(st.lists(bandeiras, max_size=4))
def test_os_grupos_etnicos_seguem_a_ordem_da_lei_sem_repeticao(grupos):
    alcancados = grupos_etnicos(grupos)
    ordem = [g for g, _ in GRUPOS_ETNICOS]
    assert list(alcancados) == sorted(set(alcancados), key=ordem.index)


@given(membros_quaisquer)
def test_cada_falha_de_unidade_ou_grupo_e_algo_que_falta_entre_os_titulares_em_exercicio(membros):
    em_exercicio = [m for m in membros if m.titular and m.em_exercicio(DIA)]
    falhas = _falhas(membros)
    for unidade in REGRAS.unidades:
        falta = f"Falta um servidor indicado pela {unidade} ({ARTIGO})."
        assert (falta in falhas) == all(m.unidade != unidade for m in em_exercicio)
    for codigo, nome in GRUPOS_ETNICOS:
        assert (f"Falta o representante dos {nome} ({ARTIGO})." in falhas) == all(m.grupo != codigo
                                                                                    for m in em_exercicio)


@given(membros_quaisquer)
def test_acrescentar_um_titular_nunca_cria_falha_de_unidade_ou_grupo(membros):
    antes = {f for f in _falhas(membros) if f.startswith("Falta")}
    depois = {f for f in _falhas([*membros, _membro("Novo", grupo="quilombolas")]) if f.startswith("Falta")}
    assert depois <= antes


# --- a comissão no banco, com a lei de Ubatuba como dado ----------------------------------------------------------

@pytest.mark.django_db
def test_a_comissao_de_ubatuba_le_a_composicao_da_lei(comissao):
    regras = comissao.regras()
    assert regras.unidades == (CIDADANIA, ADMINISTRACAO, JURIDICOS)
    assert regras.grupos == ("negros", "indigenas", "quilombolas")
    assert regras.artigo == "art. 9º, § 1º"
    assert comissao.conferencia(date(2025, 3, 1)).regular


@pytest.mark.django_db
def test_sem_o_representante_dos_quilombolas_a_conferencia_cita_o_artigo_da_lei(comissao):
    comissao.membros.filter(grupo=GrupoEtnico.QUILOMBOLAS).update(titularidade=Titularidade.SUPLENTE)
    assert [str(f) for f in comissao.conferencia(date(2025, 3, 1)).falhas] == [
        "Falta o representante dos quilombolas (art. 9º, § 1º)."]


@pytest.mark.django_db
def test_o_artigo_vem_da_lei_e_nao_do_codigo(comissao, ubatuba):
    ubatuba.artigo_composicao_monitoramento = "art. 99"
    ubatuba.save()
    comissao.membros.filter(unidade=JURIDICOS).delete()
    assert [str(f) for f in comissao.conferencia(date(2025, 3, 1)).falhas] == [
        "Falta um servidor indicado pela Secretaria Municipal de Assuntos Jurídicos (art. 99)."]


@pytest.mark.django_db
def test_a_ficha_da_comissao_mostra_as_falhas(admin_client, comissao):
    comissao.membros.filter(funcao=Funcao.COORDENADOR).update(funcao=Funcao.MEMBRO)
    membro(comissao, "Otávio", unidade=ADMINISTRACAO, coordenador=True)
    resposta = admin_client.get(f"/admin/monitoramento/comissaomonitoramento/{comissao.pk}/change/")
    assert resposta.status_code == 200
    assert "A coordenação é da Secretaria Municipal de Cidadania e Assistência Social (art. 9º, § 1º)." in (
        resposta.content.decode())

"""As regras que têm duas formas dizem o mesmo em dados quaisquer (hypothesis): o filtro do banco das listas de
classificação e a regra em Python com que o motor vê os candidatos.

- o efeito da heteroidentificação (não confirmado, ausente): sai da reserva e, se a lei manda, é eliminado
  (`EfeitoDaHeteroidentificacao`: `no_candidato` × `habilitados_do_cargo`/`cotista`);
- quem pertence a cada grupo de reserva (`motor.Grupo.elegivel` × `elegiveis_do_grupo`), também com a reserva única
  do Decreto 12.536/2025 (`Regras.uma_reserva_so`: quem é elegível a vários grupos concorre só no de maior
  percentual; no empate, no que vem antes na lei);
- quem teve recusado o documento que a lei exige para o grupo sai da lista dele (`motor.Candidato.fora_de` ×
  `filtros_das_listas(..., recusados)`, Iúna art. 2º, II; decisão 0021).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from concursos.models import Candidato, Certame, DocumentoApresentado, Genero, Heteroidentificacao, Inscricao, Situacao
from concursos.selectors.listas import GERAL, candidatos_do_cargo, listas_do_cargo
from legislacao import comprovacao, motor
from legislacao.models import Consequencia, Lei
from tests.concursos.conftest import cpf_valido

MAXIMO = 24
EXEMPLOS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

inscricoes = st.lists(
    st.tuples(st.sampled_from(motor.CORES), st.booleans(), st.booleans(), st.booleans(),
              st.sampled_from(Situacao.values), st.sampled_from(Heteroidentificacao.values)),
    max_size=MAXIMO)
# (inscrição, grupo, conferência) de documentos apresentados: todo grupo exige um documento (basta um).
documentos = st.lists(st.tuples(st.integers(0, MAXIMO - 1), st.integers(0, 2), st.sampled_from(
    list(comprovacao.Conferencia))), max_size=10)


@st.composite
def grupos_quaisquer(draw) -> tuple[motor.Grupo, ...]:
    grupos = []
    for i in range(draw(st.integers(1, 3))):
        cores = draw(st.frozensets(st.sampled_from(motor.CORES), max_size=4))
        # Poucos percentuais, para haver empates (a reserva única escolhe então o primeiro grupo).
        percentual = draw(st.sampled_from([Decimal("2"), Decimal("3"), Decimal("25")]))
        grupos.append(motor.Grupo(codigo=f"G{i}", nome=f"Grupo {i}", percentual=percentual, cores=cores,
                                  quilombola=draw(st.booleans()) if cores else True))
    return tuple(grupos)


@pytest.fixture
def cargo_vazio(fazer_certame, leis_de_origem):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    candidatos = Candidato.objects.bulk_create(
        Candidato(orgao_id=certame.orgao_id, nome=f"Candidato {i}", cpf=cpf_valido()) for i in range(MAXIMO))
    regras_das_leis = [lei.regras() for lei in Lei.objects.prefetch_related("grupos")]
    assert any(r.uma_reserva_so for r in regras_das_leis)  # o modelo federal está entre as leis sorteadas
    return certame.cargos.get(), candidatos, regras_das_leis


def _preparar(cargo, candidatos, regras: motor.Regras, lei: dict, linhas, apresentados=()) -> None:
    exigencias = [comprovacao.Exigencia(g.codigo, comprovacao.Regra.UM_DOS, "art. 2º",
                                        (comprovacao.TipoDeDocumento("DOC", "Documento"),)) for g in regras.grupos]
    Certame.objects.filter(pk=cargo.certame_id).update(regras={
        "motor": motor.regras_para_dict(regras),
        "lei": {**lei, "documentos": comprovacao.exigencias_para_dict(exigencias) if apresentados else {}}})
    Inscricao.objects.filter(cargo=cargo).delete()
    criadas = Inscricao.objects.bulk_create(
        Inscricao(certame_id=cargo.certame_id, cargo=cargo, candidato=candidatos[i], numero=f"{i:03d}",
                  classificacao=i + 1, cor_raca=cor, quilombola=quilombola, pcd=pcd, reserva=reserva,
                  situacao=situacao, heteroidentificacao=hetero)
        for i, (cor, quilombola, pcd, reserva, situacao, hetero) in enumerate(linhas))
    DocumentoApresentado.objects.bulk_create(
        DocumentoApresentado(inscricao=criadas[i], grupo=regras.grupos[g].codigo, tipo="DOC", nome="Documento",
                             origem="manual", conferencia=conferencia,
                             motivo="Recusado." if conferencia == comprovacao.Conferencia.RECUSADO else "")
        for i, g, conferencia in apresentados if i < len(criadas) and g < len(regras.grupos))


def _na_lista(regras: motor.Regras, grupo: motor.Grupo, c: motor.Candidato) -> bool:
    """A regra escrita à mão, sem `Regras.elegiveis`: elegível ao grupo e, com a reserva única, sem outro grupo de
    percentual maior, nem de percentual igual antes dele na lei."""
    if not (c.reserva and grupo.elegivel(c.cor_raca, c.quilombola)):
        return False
    if not regras.uma_reserva_so:
        return True
    antes = regras.grupos[:regras.grupos.index(grupo)]
    return not any(g.elegivel(c.cor_raca, c.quilombola) and (g.percentual > grupo.percentual or (
        g.percentual == grupo.percentual and g in antes)) for g in regras.grupos if g is not grupo)


def _listas_pela_regra_do_motor(regras: motor.Regras, candidatos: list[motor.Candidato]) -> dict[str, list[str]]:
    habilitados = [c for c in sorted(candidatos, key=lambda c: c.classificacao) if c.situacao == motor.HABILITADO]
    # A ampla do motor é a lista geral: cotistas e PcD concorrem também nela.
    listas = {GERAL: habilitados, motor.AMPLA: habilitados, motor.PCD: [c for c in habilitados if c.pcd]}
    for grupo in regras.grupos:
        listas[grupo.codigo] = [c for c in habilitados if _na_lista(regras, grupo, c) and grupo.codigo not in c.fora_de]
    return {codigo: [c.inscricao for c in lista] for codigo, lista in listas.items()}


@EXEMPLOS
@given(dados=st.data(), linhas=inscricoes, apresentados=documentos, uma_reserva_so=st.booleans(),
       nao_confirmacao=st.sampled_from(Consequencia.values), ausencia=st.sampled_from(Consequencia.values))
def test_as_listas_do_banco_e_o_motor_veem_os_mesmos_candidatos(cargo_vazio, dados, linhas, apresentados,
                                                                 uma_reserva_so, nao_confirmacao, ausencia):
    cargo, candidatos, regras_das_leis = cargo_vazio
    grupos = dados.draw(st.one_of(grupos_quaisquer(), st.sampled_from([r.grupos for r in regras_das_leis])))
    regras = motor.Regras(slug="teste", grupos=grupos, minimo_vagas=1, uma_reserva_so=uma_reserva_so)
    _preparar(cargo, candidatos, regras, {"nao_confirmacao": nao_confirmacao, "ausencia": ausencia}, linhas,
              apresentados)
    cargo.refresh_from_db()
    cargo.certame.refresh_from_db()

    no_banco = {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo)}
    totais = {lista.codigo: lista.total for lista in listas_do_cargo(cargo)}

    esperadas = _listas_pela_regra_do_motor(regras, candidatos_do_cargo(cargo))
    assert no_banco == esperadas
    assert totais == {codigo: len(numeros) for codigo, numeros in esperadas.items()}


def test_ausente_sob_lei_que_elimina_sai_das_listas_e_nao_confirmado_fica_na_ampla(cargo_vazio):
    # Um exemplo fixo do que a propriedade cobre (Afonso Cláudio art. 9º, § 9º: a ausência elimina).
    cargo, candidatos, regras_das_leis = cargo_vazio
    regras = next(r for r in regras_das_leis if r.slug == "afonso-claudio-es-lei-2552-2023")
    _preparar(cargo, candidatos, regras,
              {"nao_confirmacao": Consequencia.AMPLA, "ausencia": Consequencia.ELIMINACAO},
              [("preta", False, False, True, Situacao.HABILITADO, Heteroidentificacao.AUSENTE),
               ("parda", False, False, True, Situacao.HABILITADO, Heteroidentificacao.NAO_CONFIRMADO),
               ("parda", False, False, True, Situacao.HABILITADO, Heteroidentificacao.CONFIRMADO)])
    cargo.certame.refresh_from_db()
    listas = {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo)}
    grupo = regras.grupos[0].codigo
    assert listas == {GERAL: ["001", "002"], motor.AMPLA: ["001", "002"], motor.PCD: [], grupo: ["002"]}


@EXEMPLOS
@given(dados=st.data(), linhas=inscricoes, apresentados=documentos, vagas=st.integers(1, 12),
       vagas_pcd=st.integers(0, 3), nao_confirmacao=st.sampled_from(Consequencia.values),
       ausencia=st.sampled_from(Consequencia.values), equidade=st.booleans(), favoravel=st.booleans(),
       uma_reserva_so=st.booleans(), generos=st.lists(st.sampled_from(Genero.values), min_size=MAXIMO, max_size=MAXIMO))
def test_ler_so_os_primeiros_de_cada_lista_da_a_mesma_convocacao(cargo_vazio, dados, linhas, apresentados, vagas,
                                                                  vagas_pcd, nao_confirmacao, ausencia, equidade,
                                                                  favoravel, uma_reserva_so, generos):
    """A convocação inicial lê só quem está entre os N primeiros de alguma lista (`candidatos_do_cargo(ate=N)`): o
    motor põe nas N posições exatamente as mesmas pessoas, nas mesmas vagas e pelas mesmas listas, que com o cargo
    inteiro — em leis quaisquer e nas cinco de origem, com reversões, PcD, o efeito da heteroidentificação, os
    documentos recusados, a equidade de gênero (Ubatuba art. 2º, § 4º) e a lista mais favorável (Iúna art. 5º,
    § 2º)."""
    cargo, candidatos, regras_das_leis = cargo_vazio
    grupos = dados.draw(st.one_of(grupos_quaisquer(), st.sampled_from([r.grupos for r in regras_das_leis])))
    regras = motor.Regras(slug="teste", grupos=grupos, minimo_vagas=1, equidade_genero=equidade,
                          lista_mais_favoravel=favoravel, uma_reserva_so=uma_reserva_so)
    for candidato, genero in zip(candidatos, generos, strict=True):
        candidato.genero = genero
    Candidato.objects.bulk_update(candidatos, ["genero"])
    _preparar(cargo, candidatos, regras, {"nao_confirmacao": nao_confirmacao, "ausencia": ausencia}, linhas,
              apresentados)
    vagas_pcd = min(vagas_pcd, vagas)
    type(cargo).objects.filter(pk=cargo.pk).update(vagas=vagas, vagas_pcd=vagas_pcd)
    cargo.refresh_from_db()
    cargo.certame.refresh_from_db()
    try:
        quadro = motor.calcular_quadro(regras, vagas, vagas_pcd)
    except motor.ErroRegras:  # PcD e reserva somam mais que as vagas: o cadastro do cargo não aceita
        assume(False)
    inteiro = motor.convocar(regras, quadro, candidatos_do_cargo(cargo))
    assert motor.convocar(regras, quadro, candidatos_do_cargo(cargo, ate=vagas)) == inteiro


def test_a_parda_quilombola_aparece_so_na_lista_de_pretos_e_pardos(cargo_vazio):
    """Um exemplo fixo do que a propriedade cobre (Decreto 12.536/2025: a reserva de maior percentual): no modelo
    federal, a parda quilombola fica em pretos e pardos (25%), a indígena quilombola em indígenas (3%) e só a
    quilombola de outra cor em quilombolas (2%)."""
    cargo, candidatos, regras_das_leis = cargo_vazio
    regras = next(r for r in regras_das_leis if r.slug == "federal-lei-15142-2025")
    habilitado, confirmado = Situacao.HABILITADO, Heteroidentificacao.CONFIRMADO
    _preparar(cargo, candidatos, regras, {"nao_confirmacao": Consequencia.AMPLA, "ausencia": Consequencia.AMPLA},
              [("parda", True, False, True, habilitado, confirmado),
               ("indigena", True, False, True, habilitado, confirmado),
               ("branca", True, False, True, habilitado, confirmado)])
    cargo.certame.refresh_from_db()
    listas = {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo)}
    assert (listas["PP"], listas["IND"], listas["QUI"]) == (["000"], ["001"], ["002"])

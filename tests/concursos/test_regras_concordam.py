"""As regras que têm duas formas dizem o mesmo em dados quaisquer (hypothesis): o filtro do banco das listas de
classificação e a regra em Python com que o motor vê os candidatos.

- o efeito da heteroidentificação (não confirmado, ausente): sai da reserva e, se a lei manda, é eliminado
  (`EfeitoDaHeteroidentificacao`: `no_candidato` × `habilitados_do_cargo`/`cotista`);
- quem pertence a cada grupo de reserva (`motor.Grupo.elegivel` × `elegiveis_do_grupo`);
- quem teve recusado o documento que a lei exige para o grupo sai da lista dele (`motor.Candidato.fora_de` ×
  `filtros_das_listas(..., recusados)`, Iúna art. 2º, II; decisão 0014).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from concursos.models import Candidato, Certame, DocumentoApresentado, Heteroidentificacao, Inscricao, Situacao
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
        grupos.append(motor.Grupo(codigo=f"G{i}", nome=f"Grupo {i}", percentual=Decimal("10"), cores=cores,
                                  quilombola=draw(st.booleans()) if cores else True))
    return tuple(grupos)


@pytest.fixture
def cargo_vazio(fazer_certame, leis_de_origem):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    candidatos = Candidato.objects.bulk_create(
        Candidato(orgao_id=certame.orgao_id, nome=f"Candidato {i}", cpf=cpf_valido()) for i in range(MAXIMO))
    regras_das_leis = [lei.regras() for lei in Lei.objects.prefetch_related("grupos")]
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


def _listas_pela_regra_do_motor(regras: motor.Regras, candidatos: list[motor.Candidato]) -> dict[str, list[str]]:
    habilitados = [c for c in sorted(candidatos, key=lambda c: c.classificacao) if c.situacao == motor.HABILITADO]
    listas = {GERAL: habilitados, motor.AMPLA: [c for c in habilitados if not c.reserva and not c.pcd],
              motor.PCD: [c for c in habilitados if c.pcd]}
    for grupo in regras.grupos:
        listas[grupo.codigo] = [c for c in habilitados if c.reserva and grupo.elegivel(c.cor_raca, c.quilombola)
                                and grupo.codigo not in c.fora_de]
    return {codigo: [c.inscricao for c in lista] for codigo, lista in listas.items()}


@EXEMPLOS
@given(dados=st.data(), linhas=inscricoes, apresentados=documentos,
       nao_confirmacao=st.sampled_from(Consequencia.values), ausencia=st.sampled_from(Consequencia.values))
def test_as_listas_do_banco_e_o_motor_veem_os_mesmos_candidatos(cargo_vazio, dados, linhas, apresentados,
                                                                 nao_confirmacao, ausencia):
    cargo, candidatos, regras_das_leis = cargo_vazio
    grupos = dados.draw(st.one_of(grupos_quaisquer(), st.sampled_from([r.grupos for r in regras_das_leis])))
    regras = motor.Regras(slug="teste", grupos=grupos, minimo_vagas=1)
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
    assert listas == {GERAL: ["001", "002"], motor.AMPLA: ["001"], motor.PCD: [], grupo: ["002"]}


@EXEMPLOS
@given(dados=st.data(), linhas=inscricoes, apresentados=documentos, vagas=st.integers(1, 12),
       vagas_pcd=st.integers(0, 3), nao_confirmacao=st.sampled_from(Consequencia.values),
       ausencia=st.sampled_from(Consequencia.values))
def test_ler_so_os_primeiros_de_cada_lista_da_a_mesma_convocacao(cargo_vazio, dados, linhas, apresentados, vagas,
                                                                  vagas_pcd, nao_confirmacao, ausencia):
    """A convocação inicial lê só quem está entre os N primeiros de alguma lista (`candidatos_do_cargo(ate=N)`): o
    motor põe nas N posições exatamente as mesmas pessoas, nas mesmas vagas e pelas mesmas listas, que com o cargo
    inteiro — em leis quaisquer e nas cinco de origem, com reversões, PcD, o efeito da heteroidentificação e os
    documentos recusados."""
    cargo, candidatos, regras_das_leis = cargo_vazio
    grupos = dados.draw(st.one_of(grupos_quaisquer(), st.sampled_from([r.grupos for r in regras_das_leis])))
    regras = motor.Regras(slug="teste", grupos=grupos, minimo_vagas=1)
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

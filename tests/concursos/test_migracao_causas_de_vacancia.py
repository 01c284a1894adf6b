"""A migração 0019: cada posição que já vagou ganha a sua causa — a do tipo da chamada que a substituiu (desistência,
anulação por fraude, eliminação depois do resultado) ou, sem substituto, a da situação da inscrição (decisão 0013)."""

from datetime import date

import pytest

from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio
from tests.migracoes import migrar, no_estado

ANTES = [("concursos", "0018_atos_sobre_o_resultado")]
DEPOIS = [("concursos", "0019_causas_de_vacancia_e_provimento")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    """O banco antes das causas de vacância; no fim, de volta à última migração de cada app."""
    yield from no_estado(ANTES)


def test_as_posicoes_ja_vagas_ficam_com_a_causa_que_as_vagou(estado_antigo):
    apps = estado_antigo
    Orgao, Certame = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Certame")
    Cargo, Candidato = apps.get_model("concursos", "Cargo"), apps.get_model("concursos", "Candidato")
    Inscricao, Chamada = apps.get_model("concursos", "Inscricao"), apps.get_model("concursos", "Chamada")
    Convocacao, AtoDoResultado = apps.get_model("concursos", "Convocacao"), apps.get_model("concursos",
                                                                                         "AtoDoResultado")
    local = municipio("Vargem Alta")
    orgao = Orgao.objects.create(nome="Prefeitura", municipio_id=local.pk)
    certame = Certame.objects.create(orgao=orgao, numero_edital="1/2024", titulo="Concurso", municipio_id=local.pk,
                                     data_edital=date(2024, 3, 1))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Administrador", vagas=5)
    inicial = Chamada.objects.create(cargo=cargo, numero=1, tipo="inicial", data=date(2024, 9, 2), ato="Edital 1")
    saidas = {}
    # (número, situação, tipo da chamada do substituto ou None, se há ato de eliminação)
    for posicao, (numero, situacao, substituicao, eliminacao) in enumerate([
            ("D", "desistente", "desistencia", False), ("F", "eliminado", "anulacao", False),
            ("E", "eliminado", "eliminacao", True), ("S", "desistente", None, False),
            ("X", "eliminado", None, True), ("Y", "eliminado", None, False)], 1):
        candidato = Candidato.objects.create(orgao=orgao, nome=numero, nome_busca=numero.lower(), cpf=cpf_valido())
        inscricao = Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero,
                                             situacao=situacao, classificacao=posicao)
        saida = Convocacao.objects.create(chamada=inicial, cargo=cargo, posicao=posicao, vaga="AC", lista="AC",
                                          inscricao=inscricao, desistiu_em=date(2024, 9, 20), ato_desistencia="Ato")
        if substituicao:
            chamada = Chamada.objects.create(cargo=cargo, numero=posicao + 1, tipo=substituicao,
                                             data=date(2024, 9, 20), ato="Ato")
            Convocacao.objects.create(chamada=chamada, cargo=cargo, posicao=posicao, vaga="AC", lista="AC",
                                      substitui=saida)
        if eliminacao:
            AtoDoResultado.objects.create(inscricao=inscricao, tipo="eliminacao", data=date(2024, 9, 20), ato="Ato",
                                          motivo="Motivo")
        saidas[numero] = saida.pk
    ativa = Convocacao.objects.create(chamada=inicial, cargo=cargo, posicao=9, vaga="AC", lista="AC")

    apps = migrar(DEPOIS)
    causas = dict(apps.get_model("concursos", "Convocacao").objects.filter(pk__in=[*saidas.values(), ativa.pk])
                  .values_list("pk", "causa_vacancia"))
    assert {numero: causas[pk] for numero, pk in saidas.items()} == {
        "D": "desistencia", "F": "anulacao", "E": "eliminacao", "S": "desistencia", "X": "eliminacao",
        "Y": "anulacao"}
    assert causas[ativa.pk] == ""

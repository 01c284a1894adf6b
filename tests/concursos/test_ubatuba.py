"""Um certame de Ubatuba (Lei 3.765/2014; edital anterior ao fim da vigência, 16/06/2024, art. 13): a equidade de
gênero nas vagas reservadas (art. 1º, parágrafo único, II; art. 2º, § 4º), as vagas PcD primeiro nos empregos públicos
(art. 7º, caput) e a ordem de escolha do local de exercício pela lista de ampla (art. 7º, § 3º)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from concursos.documentos import contexto_escolha_local, contexto_quadro
from concursos.models import Candidato, Cargo, Convocacao, Genero, Inscricao, NaturezaCargo
from concursos.selectors.chamadas import previa_da_substituicao
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import chamada_inicial, desistencia_registrar
from tests.concursos.conftest import posicao

pytestmark = pytest.mark.django_db
DIA = date(2023, 9, 4)


@pytest.fixture
def ubatuba(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    """15 vagas (3 reservadas: 3ª, 8ª e 13ª). Os três melhores cotistas são homens; M1 e M2, mulheres, vêm depois."""
    certame = fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2023, 3, 1), cargos=(("ADM", 15, 0),),
                            numero="001/2023")
    cargo = certame.cargos.get()
    linhas = [(f"B{i}", "branca") for i in range(1, 16)]
    linhas += [("H1", "preta", True), ("H2", "parda", True), ("H3", "parda", True), ("M1", "preta", True),
               ("M2", "parda", True), ("H4", "parda", True)]
    inscrever(cargo, linhas)
    for numero in ("M1", "M2"):
        Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero=numero).update(genero=Genero.FEMININO)
    for numero in ("H1", "H2", "H3", "H4"):
        Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero=numero).update(genero=Genero.MASCULINO)
    certame = levar_ao_resultado(certame)
    assert certame.regras_motor().equidade_genero
    return Cargo.objects.select_related("certame").get(pk=cargo.pk)


def test_a_convocacao_alterna_o_genero_nas_vagas_reservadas_art_1_par_unico_ii(ubatuba, admin_user):
    chamada_inicial(cargo=ubatuba, data=DIA, ato="Edital de convocação nº 1/2023", usuario=admin_user)
    reservadas = [(c.posicao, c.inscricao.numero) for c in Convocacao.objects.filter(cargo=ubatuba, vaga="NIQ")
                  .select_related("inscricao").order_by("posicao")]
    assert reservadas == [(3, "H1"), (8, "H2"), (13, "M1")]
    normas = {n.tema: n for n in contexto_quadro(ubatuba.certame)["base_legal"]}
    assert normas["Equidade de gênero"].artigo == "art. 1º, parágrafo único, II, e art. 2º, § 4º"


def test_a_desistencia_de_uma_cotista_chama_a_proxima_mulher_art_2_par_4(ubatuba, admin_user):
    chamada_inicial(cargo=ubatuba, data=DIA, ato="Edital nº 1/2023", usuario=admin_user)
    saida = posicao(ubatuba, 13)
    assert [linha.numero for linha in previa_da_substituicao(saida).linhas] == ["M2"]
    desistencia_registrar(convocacao=saida, data=date(2023, 9, 20), ato="Termo de desistência", usuario=admin_user)
    assert posicao(ubatuba, 13).inscricao.numero == "M2"
    # Sem outra mulher na lista, a vaga reverte ao outro gênero (art. 2º, § 4º): H3, o próximo homem.
    desistencia_registrar(convocacao=posicao(ubatuba, 13), data=date(2023, 9, 25), ato="Termo 2", usuario=admin_user)
    assert posicao(ubatuba, 13).inscricao.numero == "H3"


def test_no_emprego_publico_as_vagas_pcd_ocupam_as_primeiras_posicoes_art_7_caput(fazer_certame, admin_user):
    certame = fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2023, 3, 1),
                            cargos=(("EMP", 10, 2), ("CAR", 10, 2)), numero="002/2023")
    Cargo.objects.filter(certame=certame, codigo="EMP").update(natureza=NaturezaCargo.EMPREGO)
    certame = certame_publicar(certame=certame, usuario=admin_user)
    emprego, cargo = certame.cargos.get(codigo="EMP"), certame.cargos.get(codigo="CAR")
    assert emprego.quadro().ordem[:3] == ("PCD", "PCD", "NIQ")
    assert cargo.quadro().ordem[:4] == ("AC", "AC", "PCD", "NIQ")
    linhas = {linha.codigo: linha for linha in contexto_quadro(certame)["linhas"]}
    assert "PCD 1ª, 2ª (art. 7º, caput; fixadas na lei)" in linhas["EMP"].bases


def test_a_escolha_do_local_segue_a_lista_de_ampla_e_nao_a_nomeacao_art_7_par_3(ubatuba, admin_client, admin_user):
    chamada_inicial(cargo=ubatuba, data=DIA, ato="Edital nº 1/2023", usuario=admin_user)
    contexto = contexto_escolha_local(ubatuba)
    assert contexto["titulares"] == 15 and contexto["artigo"] == "art. 7º, § 3º"
    linhas = str(contexto["tabela"].blocos)
    # B12 é nomeado na 15ª posição, mas, 12º da classificação, escolhe antes de H1 (nomeado na 3ª, 16º da geral).
    assert posicao(ubatuba, 15).inscricao.numero == "B12" and posicao(ubatuba, 3).inscricao.numero == "H1"
    assert linhas.index("B12") < linhas.index("H1")
    resposta = admin_client.get(reverse("admin:concursos_cargo_escolha_local_pdf", args=[ubatuba.pk]))
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"


def test_a_ordem_de_escolha_do_local_so_existe_onde_a_lei_a_manda(afonso_claudio_nomeado, admin_client):
    cargo = afonso_claudio_nomeado.cargos.get()
    resposta = admin_client.get(reverse("admin:concursos_cargo_escolha_local_pdf", args=[cargo.pk]))
    assert resposta.status_code == 404
    assert Inscricao.objects.filter(cargo=cargo).exists()

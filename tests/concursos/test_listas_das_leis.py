"""As listas de classificação com os nomes e os artigos que a lei do certame lhes dá (issue 12, item 7; decisão
0014): a geral, a de ampla concorrência com os cotistas e as pessoas com deficiência incluídos — toda lei diz que eles
concorrem também nela —, cada lista de reserva e a de PcD. Quem optou pela reserva aparece na ampla, e a coluna
«Concorre também às vagas» diz em que outras listas ele está só a quem pode ver cor ou raça, com o acesso registrado;
o PDF dela mostra o que as listas de reserva publicam, nada além."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from concursos.documentos import contexto_lista
from concursos.models import Heteroidentificacao, Inscricao
from concursos.selectors.listas import listas_do_cargo
from legislacao.models import Lei
from nucleo.models import AcessoSensivel, TipoAcesso
from tests.concursos.test_registro_de_acessos import RH_SENSIVEL, cliente
from tests.documentos.pdfs import so_espacos_simples, texto

pytestmark = pytest.mark.django_db

# (inscrição, cor, reserva, PcD): B2 é PcD; N1 e N2, cotistas; N3, cotista não confirmada pela comissão.
INSCRITOS = [("B1", "branca"), ("N1", "parda", True), ("B2", "branca", False, True), ("N2", "preta", True),
             ("N3", "parda", True), ("B3", "branca")]


@pytest.fixture
def cargo_da_lei(fazer_certame, inscrever, levar_ao_resultado, leis_de_origem, afonso_claudio_publicada):
    def fazer(municipio: str, uf: str = "ES", data_edital: date = date(2024, 3, 1)):
        Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
        certame = fazer_certame(municipio=municipio, uf=uf, data_edital=data_edital, cargos=(("ADM", 5, 1),))
        cargo = certame.cargos.get()
        inscrever(cargo, INSCRITOS)
        Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
        Inscricao.objects.filter(cargo=cargo, numero="N3").update(
            heteroidentificacao=Heteroidentificacao.NAO_CONFIRMADO)
        levar_ao_resultado(certame)
        cargo.refresh_from_db()
        return cargo
    return fazer


def _listas(cargo) -> dict[str, tuple[str, str, list[str]]]:
    return {lista.codigo: (lista.nome, lista.artigo, [linha.numero for linha in lista.linhas])
            for lista in listas_do_cargo(cargo)}


TODOS = ["B1", "N1", "B2", "N2", "N3", "B3"]


@pytest.mark.parametrize(("municipio", "uf", "data_edital", "esperadas"), [
    pytest.param("Vargem Alta", "ES", date(2024, 3, 1), {
        "GERAL": ("Lista geral", "", TODOS), "AC": ("Ampla concorrência", "art. 4º, caput", TODOS),
        "PCD": ("Pessoas com deficiência", "", ["B2"]), "NEG": ("Negros (pretos e pardos)", "art. 3º", ["N1", "N2"]),
        "IND": ("Indígenas", "art. 3º", [])}, id="vargem-alta-art-4-cotistas-na-ampla-art-3-reserva"),
    pytest.param("Iúna", "ES", date(2024, 3, 1), {
        "GERAL": ("Lista geral", "", TODOS), "AC": ("Ampla concorrência", "art. 5º, caput", TODOS),
        "PCD": ("Pessoas com deficiência", "", ["B2"]),
        "NEG": ("Lista de reserva de vagas — Negros (pretos e pardos)", "art. 2º, § 1º", ["N1", "N2"]),
        "IND": ("Lista de reserva de vagas — Indígenas", "art. 2º, § 1º", [])},
        id="iuna-art-5-cotistas-na-ampla-art-2-par-1-lista-de-reserva"),
    pytest.param("Ibatiba", "ES", date(2024, 8, 1), {
        "GERAL": ("Lista geral", "", TODOS), "AC": ("Ampla concorrência", "art. 4º, caput", TODOS),
        "PCD": ("Pessoas com deficiência", "", ["B2"]), "NPI": ("Negros, pardos e indígenas", "art. 2º", ["N1", "N2"])},
        id="ibatiba-art-4-cotistas-na-ampla"),
    pytest.param("Ubatuba", "SP", date(2024, 3, 1), {
        "GERAL": ("Lista geral", "", TODOS), "AC": ("Lista da ampla concorrência", "art. 4º e art. 7º, § 3º", TODOS),
        "PCD": ("Pessoas com deficiência", "", ["B2"]),
        "NIQ": ("Negros, índios e quilombolas", "art. 3º", ["N1", "N2"])},
        id="ubatuba-art-4-cotistas-na-ampla-art-7-par-3-lista-da-ampla"),
    # Afonso Cláudio deixa ao edital o que acontece ao não confirmado (art. 9º, § 10; decisão 0018): o edital que
    # nada diz não elimina, e N3 fica na geral e na ampla, fora da lista de cotistas.
    pytest.param("Afonso Cláudio", "ES", date(2024, 3, 1), {
        "GERAL": ("Lista geral do concurso", "art. 3º, caput", TODOS),
        "AC": ("Ampla concorrência", "art. 1º, § 3º, e art. 3º, caput", TODOS),
        "PCD": ("Pessoas com deficiência", "", ["B2"]),
        "PP": ("Lista específica de cotistas — Pretos e pardos", "art. 3º, caput e § 1º", ["N1", "N2"])},
        id="afonso-claudio-art-3-caput-tres-listas-art-1-par-3-cotistas-na-ampla"),
])
def test_cada_lista_com_o_nome_e_o_artigo_da_lei_e_a_ampla_com_os_cotistas(cargo_da_lei, municipio, uf, data_edital,
                                                                           esperadas):
    assert _listas(cargo_da_lei(municipio, uf, data_edital)) == esperadas


def test_a_ampla_com_as_outras_listas_de_cada_um_para_quem_pode_ver_cor_ou_raca(cargo_da_lei):
    """Iúna art. 5º: os cotistas concorrem às vagas reservadas e às de ampla; a coluna diz as duas coisas. N3, não
    confirmada pela comissão, está na ampla e em nenhuma outra lista (art. 2º, § 1º): sem marca."""
    cargo = cargo_da_lei("Iúna")
    rh = cliente(*RH_SENSIVEL)
    pagina = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    resposta = rh.get(pagina, {"aba": "AC"})
    linhas = {linha.numero: tambem for linha, tambem in resposta.context["linhas"]}
    assert linhas == {"B1": [], "N1": ["Negros (pretos e pardos)"], "B2": ["Pessoas com deficiência"],
                      "N2": ["Negros (pretos e pardos)"], "N3": [], "B3": []}
    html = resposta.content.decode()
    assert "Concorre também às vagas" in html and "Base: art. 5º, caput." in html
    acesso = AcessoSensivel.objects.order_by("-pk").first()
    assert (acesso.tipo, acesso.quantidade, acesso.objeto_id) == (TipoAcesso.LISTA, 6, cargo.pk)
    assert "com as outras listas de cada candidato" in acesso.descricao


def test_sem_a_permissao_a_ampla_nao_deixa_deduzir_quem_e_cotista(cargo_da_lei):
    """LGPD art. 11: sem poder ver cor ou raça, a ampla sai sem a coluna e com as mesmas pessoas da geral, na mesma
    ordem — nada dela diz quem optou pela reserva —, e nada vai ao registro de acessos."""
    cargo = cargo_da_lei("Vargem Alta")
    controle = cliente(grupo="Órgão de controle")
    pagina = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    ampla, geral = (controle.get(pagina, {"aba": aba}) for aba in ("AC", "GERAL"))
    assert "Concorre também às vagas" not in ampla.content.decode()
    assert ([(linha.posicao, linha.numero) for linha, _ in ampla.context["linhas"]]
            == [(linha.posicao, linha.numero) for linha, _ in geral.context["linhas"]])
    assert all(not tambem for _, tambem in ampla.context["linhas"])
    assert not AcessoSensivel.objects.exists()
    pdf = controle.get(reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, "AC"]))
    assert pdf.status_code == 200 and not AcessoSensivel.objects.exists()
    conteudo = so_espacos_simples(texto(pdf.getvalue()))
    assert "Também" not in conteudo and "6 candidatos" in conteudo


def test_o_pdf_da_ampla_mostra_o_que_as_listas_de_reserva_publicam_e_nada_alem(cargo_da_lei):
    """Afonso Cláudio art. 3º, caput: a lista específica de cotistas e a de ampla; no PDF da ampla, a coluna
    «Também» traz o código da lista de cotistas para quem está nela, e só para esses (quem a comissão não confirmou
    foi eliminado, art. 7º); o acesso fica registrado como o do PDF de uma lista de reserva."""
    cargo = cargo_da_lei("Afonso Cláudio")
    rh = cliente(*RH_SENSIVEL, "view_documentoemitido")
    resposta = rh.get(reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, "AC"]))
    conteudo = so_espacos_simples(texto(resposta.getvalue()))
    assert "Ampla concorrência — art. 1º, § 3º, e art. 3º, caput." in conteudo
    assert "PCD = Pessoas com deficiência; PP = Pretos e pardos." in conteudo
    reserva = {linha.numero for linha in contexto_lista(cargo, "PP")["lista"].linhas}
    pcd = {linha.numero for linha in contexto_lista(cargo, "PCD")["lista"].linhas}
    for linha in contexto_lista(cargo, "AC", com_outras_listas=True)["lista"].linhas:
        assert set(linha.tambem) == {c for c, lista in (("PP", reserva), ("PCD", pcd)) if linha.numero in lista}
    assert {"N1", "N2"} == reserva
    acesso = AcessoSensivel.objects.order_by("-pk").first()
    assert (acesso.tipo, acesso.objeto_id) == (TipoAcesso.PDF, cargo.pk)


def test_a_convocacao_nao_muda_com_a_ampla_que_traz_os_cotistas(cargo_da_lei, admin_user):
    """A ampla do motor é a lista geral, cotistas incluídos (Iúna art. 5º): N1, cotista, ocupa uma vaga de ampla e não
    conta na reserva (art. 5º, § 1º); a vaga de negros vai a N2, pela lista de reserva."""
    from concursos.models import Convocacao
    from concursos.services.chamadas import chamada_inicial

    cargo = cargo_da_lei("Iúna")
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Edital nº 1/2024", usuario=admin_user)
    titulares = {numero: (vaga, lista) for numero, vaga, lista in Convocacao.objects.filter(cargo=cargo)
                 .values_list("inscricao__numero", "vaga", "lista")}
    assert (titulares["N1"], titulares["N2"]) == (("AC", "AC"), ("NEG", "NEG"))

"""As migrações legislacao/0007 e concursos/0020 (decisões 0014 e 0015): a «prioridade» vira duas regras nas leis,
a lista mais favorável de Iúna passa a regra só numa versão não congelada, e as regras congeladas dos editais já
publicados ganham as chaves novas com os valores de quando foram publicados — o quadro deles não muda."""

from datetime import date

import pytest

from tests.conftest import municipio
from tests.migracoes import migrar, no_estado

ANTES = [("legislacao", "0006_lei_no_municipio_do_ibge"), ("concursos", "0019_causas_de_vacancia_e_provimento")]
DEPOIS = [("legislacao", "0007_ordem_de_nomeacao_e_desempate"),
          ("concursos", "0020_regra_pcd_do_edital_e_lista_mais_favoravel")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

REGRAS_ANTIGAS = {
    "slug": "afonso-claudio-es-lei-2552-2023", "minimo_vagas": 5, "arredondamento": "meio_para_cima",
    "pcd_antes_da_reserva": True, "artigo_minimo": "art. 1º, § 1º", "artigo_arredondamento": "art. 1º, § 2º",
    "artigo_prioridade": "art. 3º, § 1º", "artigo_reversao": "art. 5º", "artigo_ampla": "art. 1º, § 3º",
    "grupos": [{"codigo": "PP", "nome": "Pretos e pardos", "percentual": "20.00", "cores": ["parda", "preta"],
                "quilombola": False, "padrao": "a_cada", "intervalo": 5, "posicoes": [], "reverte_para": [],
                "artigo": "art. 1º, caput", "artigo_padrao": "art. 3º, § 1º"}],
}


@pytest.fixture
def estado_antigo():
    yield from no_estado(ANTES)


def test_leis_e_regras_congeladas_depois_da_migracao(estado_antigo):
    apps = estado_antigo
    Lei = apps.get_model("legislacao", "Lei")
    Lei.objects.filter(slug="iuna-es").update(congelada=True, data_publicacao=date(2022, 4, 1))
    Orgao, Certame = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Certame")
    local = municipio("Afonso Cláudio")
    orgao = Orgao.objects.create(nome="Câmara", municipio_id=local.pk)
    certame = Certame.objects.create(orgao=orgao, numero_edital="1/2024", titulo="Concurso", municipio_id=local.pk,
                                     data_edital=date(2024, 3, 1), estado="publicado",
                                     regras={"motor": dict(REGRAS_ANTIGAS), "lei": {"slug": REGRAS_ANTIGAS["slug"]}})

    apps = migrar(DEPOIS)
    Lei = apps.get_model("legislacao", "Lei")
    iuna = {lei.versao: lei for lei in Lei.objects.filter(slug="iuna-es")}
    # A versão congelada (usada por edital publicado) não muda de regra: a correção entra numa versão nova.
    assert not iuna[1].lista_mais_favoravel and iuna[1].congelada
    assert iuna[2].lista_mais_favoravel and iuna[2].artigo_lista_mais_favoravel == "art. 5º, §§ 1º e 2º"
    assert "art. 5º, § 2º" not in iuna[2].observacoes
    # Os artigos: só os que tratam da ordem de quem está em várias listas (Ibatiba art. 5º; Ubatuba art. 7º, § 1º).
    artigos = dict(Lei.objects.filter(versao=1).values_list("slug", "artigo_ordem_nomeacao"))
    assert artigos == {"vargem-alta-es-2023": "", "iuna-es": "", "ibatiba-es-2024": "art. 5º, I a III",
                       "ubatuba-sp-lei-3765-2014": "art. 7º, § 1º, I a III", "afonso-claudio-es-lei-2552-2023": ""}
    regras = apps.get_model("concursos", "Certame").objects.get(pk=certame.pk).regras["motor"]
    assert "pcd_antes_da_reserva" not in regras and "artigo_prioridade" not in regras
    assert regras["nomeacao_pcd_antes_da_reserva"] is True and regras["posicao_pcd_antes_da_reserva"] is True
    assert regras["posicoes_da_lei_protegidas"] is False and regras["lista_mais_favoravel"] is False
    assert regras["artigo_ordem_nomeacao"] == "art. 3º, § 1º"
    historico = apps.get_model("concursos", "HistoricalCertame").objects.filter(id=certame.pk).latest("history_date")
    assert "Issue 12" in historico.history_change_reason

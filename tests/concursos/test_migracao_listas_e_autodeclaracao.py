"""As migrações legislacao 0009 e concursos 0022: as cinco leis de origem recebem o dispositivo da autodeclaração e os
nomes e artigos das listas, lidos do texto de cada uma; os certames já publicados recebem-nos no resumo congelado, a
partir da versão da lei congelada com eles; e a permissão de ver os membros em sigilo deixa de citar uma lei."""

from datetime import date

import pytest

from tests.conftest import municipio
from tests.migracoes import migrar, no_estado

ANTES = [("legislacao", "0006_lei_no_municipio_do_ibge"), ("concursos", "0019_causas_de_vacancia_e_provimento"),
         ("heteroidentificacao", "0004_pdf_conferido_pelo_conteudo")]
DEPOIS = [("legislacao", "0009_listas_e_autodeclaracao_da_lei"),
          ("concursos", "0022_resumo_com_listas_e_autodeclaracao"),
          ("heteroidentificacao", "0005_permissao_sem_citar_lei")]
AFONSO_CLAUDIO = "afonso-claudio-es-lei-2552-2023"

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo(leis_de_origem):
    yield from no_estado(ANTES)


def test_leis_e_certames_publicados_recebem_os_dispositivos_da_lei_congelada(estado_antigo):
    apps = estado_antigo
    Lei, Certame = apps.get_model("legislacao", "Lei"), apps.get_model("concursos", "Certame")
    Orgao, Permission = apps.get_model("nucleo", "Orgao"), apps.get_model("auth", "Permission")
    Permission.objects.filter(codename="ver_membros_em_sigilo").update(
        name="Pode ver os nomes dos membros antes do resultado (órgãos de controle; Afonso Cláudio art. 11, § 1º)")
    lei = Lei.objects.get(slug=AFONSO_CLAUDIO)
    Lei.objects.filter(pk=lei.pk).update(congelada=True)
    local = municipio("Afonso Cláudio")
    orgao = Orgao.objects.create(nome="Câmara Municipal", municipio_id=local.pk)
    resumo = {"slug": AFONSO_CLAUDIO, "versao": 1, "artigo_ampla": "art. 1º, § 3º", "elegibilidade": {"PP": "art. 2º"}}
    publicado = Certame.objects.create(orgao=orgao, numero_edital="1/2024", titulo="Concurso", municipio_id=local.pk,
                                       data_edital=date(2024, 3, 1), estado="publicado", lei=lei,
                                       regras={"motor": {}, "lei": resumo})
    sem_lei = Certame.objects.create(orgao=orgao, numero_edital="2/2024", titulo="Sem lei", municipio_id=local.pk,
                                     data_edital=date(2023, 3, 1), estado="publicado", regras={"motor": {}, "lei": {}})

    apps = migrar(DEPOIS)
    Lei, Certame = apps.get_model("legislacao", "Lei"), apps.get_model("concursos", "Certame")
    leis = {lei.slug: lei for lei in Lei.objects.all()}
    # Vargem Alta art. 3º; Iúna art. 2º, I e II; Ubatuba art. 3º; Afonso Cláudio art. 2º; Ibatiba não tem.
    assert {slug: lei.artigo_autodeclaracao for slug, lei in leis.items()} == {
        "vargem-alta-es-2023": "art. 3º", "iuna-es": "art. 2º, I e II", "ibatiba-es-2024": "",
        "ubatuba-sp-lei-3765-2014": "art. 3º", AFONSO_CLAUDIO: "art. 2º"}
    # Os cotistas concorrem também na ampla: Vargem Alta art. 4º; Iúna art. 5º; Ibatiba art. 4º; Ubatuba art. 4º;
    # Afonso Cláudio art. 1º, § 3º (e as três listas do art. 3º, caput).
    assert {slug: lei.artigo_lista_ampla for slug, lei in leis.items()} == {
        "vargem-alta-es-2023": "art. 4º, caput", "iuna-es": "art. 5º, caput", "ibatiba-es-2024": "art. 4º, caput",
        "ubatuba-sp-lei-3765-2014": "art. 4º e art. 7º, § 3º", AFONSO_CLAUDIO: "art. 1º, § 3º, e art. 3º, caput"}
    congelada = leis[AFONSO_CLAUDIO]
    assert congelada.congelada and congelada.nome_lista_reserva == "Lista específica de cotistas"
    assert apps.get_model("legislacao", "HistoricalLei").objects.filter(
        id=congelada.pk, history_change_reason__startswith="Dispositivos da autodeclaração").exists()
    resumo = Certame.objects.get(pk=publicado.pk).regras["lei"]
    assert resumo == {**resumo, "artigo_ampla": "art. 1º, § 3º", "artigo_autodeclaracao": "art. 2º",
                      "nome_lista_geral": "Lista geral do concurso", "artigo_lista_geral": "art. 3º, caput",
                      "nome_lista_ampla": "", "artigo_lista_ampla": "art. 1º, § 3º, e art. 3º, caput",
                      "nome_lista_reserva": "Lista específica de cotistas",
                      "artigo_lista_reserva": "art. 3º, caput e § 1º"}
    assert Certame.objects.get(pk=sem_lei.pk).regras["lei"] == {}
    nome = apps.get_model("auth", "Permission").objects.get(codename="ver_membros_em_sigilo").name
    assert "Afonso" not in nome and "art." not in nome

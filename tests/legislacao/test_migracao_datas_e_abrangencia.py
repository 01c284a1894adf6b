"""As migrações legislacao/0013 e 0014, concursos/0024 e nucleo/0008 (issue 12, item 8; decisão 0018): a data de
publicação de Afonso Cláudio passa a desconhecida e a não confirmação à escolha do edital, sem reescrever uma versão
congelada; a abrangência do art. 1º entra nos dados; os editais publicados guardam o que congelaram."""

from datetime import date
from importlib import import_module

import pytest

from tests.conftest import municipio
from tests.migracoes import migrar, no_estado

ANTES = [("legislacao", "0012_documentos_aceitos"), ("concursos", "0023_documentos_apresentados"),
         ("nucleo", "0007_esfera_do_orgao")]
DEPOIS = [("legislacao", "0014_sem_contratacao_temporaria_a_parte"),
          ("concursos", "0024_nao_confirmacao_no_edital"), ("nucleo", "0008_poder_do_orgao")]
AFONSO_CLAUDIO = "afonso-claudio-es-lei-2552-2023"

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


CAMPOS_DE_ORIGEM = ("data_publicacao", "observacoes", "nao_confirmacao", "artigo_nao_confirmacao",
                    "aplica_processo_seletivo", "aplica_temporario", "artigo_abrangencia")


@pytest.fixture
def estado_antigo(leis_de_origem):
    """O banco antes das migrações, com as leis como as migrações 0002 a 0007 as deixaram (desfeitas, as migrações de
    dados deixariam os valores corrigidos). As leis repostas antes, se um teste com transações de verdade esvaziou o
    banco."""
    for apps in no_estado(ANTES):
        Lei = apps.get_model("legislacao", "Lei")
        Lei.objects.filter(versao__gt=1).delete()
        for dados in import_module("legislacao.migrations.0002_cinco_leis").LEIS:
            for anterior in ("0004_sem_maioria_e_palavras_da_nao_confirmacao", "0007_ordem_de_nomeacao_e_desempate"):
                dados = import_module(f"legislacao.migrations.{anterior}").dados_atuais(dados)
            Lei.objects.filter(slug=dados["slug"]).update(
                **{campo: dados.get(campo, Lei._meta.get_field(campo).get_default()) for campo in CAMPOS_DE_ORIGEM})
        yield apps


def _certame(apps, orgao, numero: str, nao_confirmacao: str):
    Certame = apps.get_model("concursos", "Certame")
    return Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso", municipio_id=orgao.municipio_id,
                                  data_edital=date(2024, 3, 1), estado="publicado",
                                  regras={"motor": {}, "lei": {"slug": AFONSO_CLAUDIO, "versao": 1,
                                                               "nao_confirmacao": nao_confirmacao}})


def test_a_versao_congelada_de_afonso_claudio_fica_e_a_correcao_entra_numa_versao_nova(estado_antigo):
    apps = estado_antigo
    Lei = apps.get_model("legislacao", "Lei")
    Lei.objects.filter(slug=AFONSO_CLAUDIO).update(congelada=True)
    Orgao = apps.get_model("nucleo", "Orgao")
    local = municipio("Afonso Cláudio")
    camara = Orgao.objects.create(nome="Câmara Municipal de Afonso Cláudio", municipio_id=local.pk)
    prefeitura = Orgao.objects.create(nome="Prefeitura Municipal de Afonso Cláudio", municipio_id=local.pk)
    eliminava = _certame(apps, camara, "1/2024", "eliminacao")
    calava = _certame(apps, camara, "2/2024", "nao_prevista")
    Lei.objects.create(slug="lei-x", esfera="municipal", municipio_id=local.pk, uf="ES", ementa="Lei X", texto="…",
                       aplica_temporario=True, aplica_processo_seletivo=False)

    apps = migrar(DEPOIS)
    Lei = apps.get_model("legislacao", "Lei")
    afonso = {lei.versao: lei for lei in Lei.objects.filter(slug=AFONSO_CLAUDIO)}
    # A congelada (usada por edital publicado) não muda de regra; ganha só a linha nas observações.
    assert afonso[1].congelada and afonso[1].data_publicacao == date(2023, 11, 30)
    assert (afonso[1].nao_confirmacao, afonso[1].artigo_nao_confirmacao) == ("eliminacao", "art. 7º")
    assert afonso[1].observacoes.endswith("a seguinte corrige a data de publicação e a consequência da não "
                                          "confirmação (issue 12).")
    # A nova: sem a data (art. 14), a não confirmação ao edital (art. 9º, § 10), a abrangência do art. 1º.
    nova = afonso[2]
    assert nova.versao_anterior_id == afonso[1].pk and not nova.congelada
    assert nova.data_publicacao is None
    assert (nova.nao_confirmacao, nova.artigo_nao_confirmacao) == ("nao_prevista", "art. 9º, § 10")
    assert nova.observacoes.startswith("O texto traz só a data de aprovação pela Câmara (30/11/2023)")
    assert "issue 12" not in nova.observacoes
    assert nova.abrange_legislativo and nova.abrange_economia_mista and nova.artigo_abrangencia_orgaos == "art. 1º"
    assert list(nova.grupos.values_list("codigo", "intervalo")) == [("PP", 5)]
    # A abrangência entra em todas as versões, com o motivo no histórico.
    assert afonso[1].abrange_legislativo and not afonso[1].aplica_processo_seletivo
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    assert HistoricalLei.objects.filter(id=afonso[1].pk, history_change_reason__contains="abrangência").exists()
    # Ubatuba: as seleções públicas do art. 1º são para cargos efetivos e empregos, não contratação temporária.
    ubatuba = Lei.objects.get(slug="ubatuba-sp-lei-3765-2014")
    assert not ubatuba.aplica_processo_seletivo and ubatuba.aplica_estagio and ubatuba.aplica_comissao
    iuna = Lei.objects.get(slug="iuna-es")
    assert iuna.abrange_executivo and not iuna.abrange_legislativo and not iuna.abrange_autarquia
    vargem = Lei.objects.get(slug="vargem-alta-es-2023")
    assert vargem.observacoes == "A autodeclaração é feita na inscrição e não pode ser pedida depois (art. 3º)."
    # «Contratação temporária» se junta a «processos seletivos (contratação temporária)».
    assert Lei.objects.get(slug="lei-x").aplica_processo_seletivo
    # Os editais publicados: a escolha é o que congelaram; «a lei não dispõe» fica na ampla, como as listas faziam.
    Certame = apps.get_model("concursos", "Certame")
    assert Certame.objects.get(pk=eliminava.pk).nao_confirmacao == "eliminacao"
    assert Certame.objects.get(pk=calava.pk).nao_confirmacao == "ampla"
    Orgao = apps.get_model("nucleo", "Orgao")
    assert Orgao.objects.get(pk=camara.pk).poder == "legislativo"
    assert Orgao.objects.get(pk=prefeitura.pk).poder == "executivo"


def test_a_data_que_alguem_ja_corrigiu_fica(estado_antigo):
    apps = estado_antigo
    Lei = apps.get_model("legislacao", "Lei")
    Lei.objects.filter(slug=AFONSO_CLAUDIO).update(data_publicacao=date(2023, 12, 5))

    apps = migrar(DEPOIS)
    afonso = list(apps.get_model("legislacao", "Lei").objects.filter(slug=AFONSO_CLAUDIO))
    # Não congelada: corrige-se no lugar, sem versão nova; a data informada fica, a não confirmação vai ao edital.
    assert len(afonso) == 1
    assert afonso[0].data_publicacao == date(2023, 12, 5) and afonso[0].nao_confirmacao == "nao_prevista"

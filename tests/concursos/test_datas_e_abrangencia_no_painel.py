"""O painel do certame: a lei de Afonso Cláudio sem a data de publicação (art. 14), o último dia da vigência de
Ubatuba (art. 13) e a abrangência do art. 1º de cada lei — o Poder e a natureza do órgão, o tipo de seleção —, cada
aviso com o artigo da lei do próprio certame (decisão 0018)."""

from datetime import date

import pytest

from concursos.models import Certame, TipoCertame
from concursos.services.certame import certame_publicar
from legislacao.models import Lei
from legislacao.selectors import lei_por_slug
from legislacao.services import lei_informar_publicacao, lei_nova_versao
from nucleo.models import Orgao, Poder, TipoOrgao
from tests.concursos.test_admin_certame import avisos
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

AFONSO_CLAUDIO = "afonso-claudio-es-lei-2552-2023"
SEM_DATA = "Lei sem data de publicação conhecida"


def test_afonso_claudio_sem_data_nao_se_aplica_ao_edital_de_01_12_2023_e_o_painel_avisa_art_14(
        admin_client, fazer_certame):
    """O texto traz a aprovação pela Câmara (30/11/2023); a lei vigora na publicação (art. 14), que ele não traz."""
    certame = fazer_certame(municipio="Afonso Cláudio", data_edital=date(2023, 12, 1))
    encontrados = avisos(admin_client, certame)
    assert "a data de publicação não é conhecida" in encontrados[SEM_DATA]
    assert "(art. 14)" in encontrados[SEM_DATA]
    assert "Nenhuma lei de reserva se aplica" in encontrados


def test_com_a_data_informada_a_lei_se_aplica_e_o_aviso_some_art_14(admin_client, fazer_certame, admin_user):
    certame = fazer_certame(municipio="Afonso Cláudio", data_edital=date(2023, 12, 5))
    lei_informar_publicacao(lei=lei_por_slug(AFONSO_CLAUDIO), data=date(2023, 12, 4), usuario=admin_user,
                            motivo="Diário Oficial do Município de 04/12/2023.")
    encontrados = avisos(admin_client, certame)
    assert SEM_DATA not in encontrados and "Nenhuma lei de reserva se aplica" not in encontrados
    assert certame_publicar(certame=certame, usuario=admin_user).lei.slug == AFONSO_CLAUDIO


def test_um_edital_anterior_a_data_informada_nao_tem_a_lei_art_14(admin_client, fazer_certame, admin_user):
    lei_informar_publicacao(lei=lei_por_slug(AFONSO_CLAUDIO), data=date(2023, 12, 4), usuario=admin_user,
                            motivo="Diário Oficial do Município de 04/12/2023.")
    certame = fazer_certame(municipio="Afonso Cláudio", data_edital=date(2023, 12, 1))
    texto = avisos(admin_client, certame)["Data do edital fora da vigência da lei"]
    assert "anterior à publicação da lei em 04/12/2023" in texto and "(art. 14)" in texto


def test_a_data_informada_nao_se_troca_por_este_caminho(admin_user):
    lei = lei_informar_publicacao(lei=lei_por_slug(AFONSO_CLAUDIO), data=date(2023, 12, 4), usuario=admin_user,
                                  motivo="Diário Oficial.")
    from nucleo.servicos import ErroOperacao
    with pytest.raises(ErroOperacao, match="já está informada"):
        lei_informar_publicacao(lei=lei, data=date(2023, 12, 5), usuario=admin_user, motivo="outra")


@pytest.mark.parametrize(("data_edital", "tem_lei"), [(date(2024, 6, 16), True), (date(2024, 6, 17), False)])
def test_ubatuba_no_ultimo_dia_da_vigencia_ainda_tem_a_lei_art_13(admin_client, fazer_certame, admin_user,
                                                                    data_edital, tem_lei):
    """Art. 13: dez anos de 16/06/2014; o dia de igual número ainda é da lei (Código Civil, art. 132, § 3º)."""
    certame = fazer_certame(municipio="Ubatuba", uf="SP", data_edital=data_edital)
    assert ("Data do edital fora da vigência da lei" not in avisos(admin_client, certame)) is tem_lei
    publicado = certame_publicar(certame=certame, usuario=admin_user, justificativa="" if tem_lei else "Expirou.")
    assert (publicado.lei is not None) is tem_lei


# ---- abrangência ----


def _orgao(nome: str, cidade: str, uf: str = "ES", **dados) -> Orgao:
    return Orgao.objects.create(nome=nome, municipio=municipio(cidade, uf), **dados)


def _certame(orgao: Orgao, data_edital: date, tipo: str = TipoCertame.CONCURSO, numero: str = "9/2024") -> Certame:
    return Certame.objects.create(orgao=orgao, tipo=tipo, numero_edital=numero, titulo="Seleção",
                                  data_edital=data_edital)


@pytest.fixture
def iuna_publicada():
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))


def test_iuna_num_concurso_da_camara_avisa_que_o_art_1_fala_da_prefeitura(admin_client, iuna_publicada):
    """Iúna art. 1º: «concursos públicos e [...] processos seletivos promovidos pela Prefeitura Municipal»."""
    camara = _orgao("Câmara Municipal de Iúna", "Iúna", poder=Poder.LEGISLATIVO)
    texto = avisos(admin_client, _certame(camara, date(2024, 5, 2)))["A lei não menciona o Poder do órgão"]
    assert "alcança: Poder Executivo (art. 1º); Câmara Municipal de Iúna é do Poder Legislativo." in texto
    assert "confirme com a assessoria jurídica" in texto


def test_iuna_num_concurso_da_prefeitura_nao_avisa(admin_client, iuna_publicada):
    prefeitura = _orgao("Prefeitura Municipal de Iúna", "Iúna")
    encontrados = avisos(admin_client, _certame(prefeitura, date(2024, 5, 2)))
    assert not [t for t in encontrados if t.startswith("A lei não menciona")]


def test_iuna_numa_autarquia_avisa_a_natureza_art_1(admin_client, iuna_publicada):
    saae = _orgao("Serviço Autônomo de Água e Esgoto de Iúna", "Iúna", tipo=TipoOrgao.AUTARQUIA)
    texto = avisos(admin_client, _certame(saae, date(2024, 5, 2)))["A lei não menciona a natureza da entidade"]
    assert "alcança: administração direta (art. 1º)" in texto and "é uma autarquia" in texto


def test_ubatuba_numa_contratacao_temporaria_avisa_art_1(admin_client):
    """Ubatuba art. 1º: concursos e seleções para cargos efetivos e empregos públicos; estágios (parágrafo único, I);
    cargos em comissão (art. 8º). Nenhuma contratação temporária."""
    prefeitura = _orgao("Prefeitura Municipal de Ubatuba", "Ubatuba", "SP")
    certame = _certame(prefeitura, date(2020, 3, 2), TipoCertame.PROCESSO_SELETIVO)
    texto = avisos(admin_client, certame)["A lei não menciona este tipo de seleção"]
    assert "(art. 1º, caput e parágrafo único, I, e art. 8º)" in texto
    assert "o edital abre um processo seletivo (contratação temporária)" in texto
    Certame.objects.filter(pk=certame.pk).update(tipo=TipoCertame.ESTAGIO)
    assert "A lei não menciona este tipo de seleção" not in avisos(admin_client, certame)


def test_afonso_claudio_num_processo_seletivo_avisa_art_1(admin_client, afonso_claudio_publicada):
    """Afonso Cláudio art. 1º: concursos para cargos efetivos e empregos públicos, nos Poderes Executivo e
    Legislativo e na administração indireta."""
    camara = _orgao("Câmara Municipal de Afonso Cláudio", "Afonso Cláudio", poder=Poder.LEGISLATIVO)
    encontrados = avisos(admin_client, _certame(camara, date(2024, 5, 2), TipoCertame.PROCESSO_SELETIVO))
    texto = encontrados["A lei não menciona este tipo de seleção"]
    assert "alcança: concursos públicos para cargos efetivos e empregos públicos (art. 1º)" in texto
    assert "A lei não menciona o Poder do órgão" not in encontrados


def test_o_edital_publicado_le_a_abrangencia_da_versao_congelada_nele(admin_client, admin_user, iuna_publicada):
    """Uma versão nova da lei que passe a alcançar a Câmara vale para os editais seguintes; o publicado continua com
    a versão que congelou, e o aviso cita o artigo dela."""
    camara = _orgao("Câmara Municipal de Iúna", "Iúna", poder=Poder.LEGISLATIVO)
    certame = _certame(camara, date(2024, 5, 2))
    certame.inscricoes_inicio, certame.inscricoes_fim = date(2024, 5, 10), date(2024, 6, 10)
    certame.save()
    certame.cargos.create(codigo="ADM", nome="Agente", vagas=5)
    certame = certame_publicar(certame=certame, usuario=admin_user)
    nova = lei_nova_versao(lei=certame.lei)
    nova.abrange_legislativo = True
    nova.artigo_abrangencia_orgaos = "art. 1º, na leitura da Procuradoria"
    nova.save()
    assert "(art. 1º)" in avisos(admin_client, certame)["A lei não menciona o Poder do órgão"]
    seguinte = _certame(camara, date(2025, 5, 2), numero="10/2025")
    assert "A lei não menciona o Poder do órgão" not in avisos(admin_client, seguinte)


def test_a_camara_cadastrada_antes_ficou_no_legislativo_pelo_nome():
    """nucleo/0008: a Câmara Municipal é o Poder Legislativo do município; os demais órgãos ficam no Executivo."""
    from importlib import import_module

    from django.apps import apps

    migracao = import_module("nucleo.migrations.0008_poder_do_orgao")
    camara = _orgao("CÂMARA MUNICIPAL DE IÚNA", "Iúna")
    prefeitura = _orgao("Prefeitura Municipal de Iúna", "Iúna")
    migracao.legislativo_pelo_nome(apps, None)
    camara.refresh_from_db()
    prefeitura.refresh_from_db()
    assert (camara.poder, prefeitura.poder) == (Poder.LEGISLATIVO, Poder.EXECUTIVO)

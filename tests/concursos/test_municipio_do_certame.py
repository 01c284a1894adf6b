"""O município decide a lei: o do órgão que publica o edital, da lista do IBGE, e outro só com o motivo escrito; a
publicação sem lei aplicável exige a justificativa, e o painel avisa quando uma lei cadastrada depois alcança a data
de um edital publicado sem ela."""

from datetime import date

import pytest
from django.urls import reverse

from concursos.documentos import contexto_quadro
from concursos.models import Cargo, Certame, EstadoCertame
from concursos.services.certame import certame_publicar
from legislacao.models import Lei
from nucleo.models import Orgao
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import REGRA_PCD_PADRAO, prazos_do_edital
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

ADICIONAR = reverse("admin:concursos_certame_add")
VARGEM_ALTA, IUNA = 3205036, 3203007


def painel(certame: Certame) -> str:
    return reverse("admin:concursos_certame_painel", args=[certame.pk])


def avisos(admin_client, certame: Certame) -> dict[str, str]:
    return {a.titulo: a.texto for a in admin_client.get(painel(certame)).context["avisos"]}


@pytest.fixture
def prefeitura_de_iuna():
    return Orgao.objects.create(nome="Prefeitura Municipal de Iúna", municipio=municipio("Iúna"))


@pytest.fixture
def lei_de_iuna_com_data():
    """A lei de Iúna não traz a data de publicação (art. 10); aqui, informada, para que ela se aplique."""
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))


def _edital(orgao: Orgao, **campos) -> dict:
    return {"orgao": orgao.pk, "tipo": "concurso", "numero_edital": "003/2025", "titulo": "Concurso da educação",
            "municipio": "", "motivo_municipio": "", "data_edital": "10/03/2025", "inscricoes_inicio": "17/03/2025",
            "inscricoes_fim": "16/04/2025", "validade_meses": "24", **REGRA_PCD_PADRAO,
            "cargos-TOTAL_FORMS": "1", "cargos-INITIAL_FORMS": "0", "cargos-MIN_NUM_FORMS": "0",
            "cargos-MAX_NUM_FORMS": "1000", "cargos-0-natureza": "cargo", "cargos-0-codigo": "PEB",
            "cargos-0-nome": "Professor",
            "cargos-0-escolaridade": "4_superior", "cargos-0-vagas": "10", "cargos-0-vagas_pcd": "1",
            "_save": "Salvar", **campos}


def _certame(orgao: Orgao, **campos) -> Certame:
    data_edital = campos.pop("data_edital", date(2025, 3, 10))
    certame = Certame.objects.create(orgao=orgao, numero_edital=campos.pop("numero", "003/2025"),
                                     titulo="Concurso", data_edital=data_edital,
                                     **{**prazos_do_edital(data_edital), **campos})
    Cargo.objects.create(certame=certame, codigo="PEB", nome="Professor", vagas=10, vagas_pcd=1)
    return certame


# ---- o município do órgão ----


def test_o_edital_da_prefeitura_de_iuna_tem_o_municipio_e_a_lei_de_iuna(admin_client, prefeitura_de_iuna,
                                                                         lei_de_iuna_com_data):
    """O caso da issue 11: antes, com o município digitado «Vargem Alta», o edital da Prefeitura de Iúna levava a lei
    de Vargem Alta sem aviso. Agora o município vem do órgão que publica o edital."""
    resposta = admin_client.post(ADICIONAR, _edital(prefeitura_de_iuna))
    assert resposta.status_code == 302
    certame = Certame.objects.get(numero_edital="003/2025")
    assert (certame.municipio_id, certame.uf) == (IUNA, "ES")
    assert admin_client.get(painel(certame)).context["lei_certame"].lei.slug == "iuna-es"
    certame = certame_publicar(certame=certame, usuario=None)
    assert certame.lei.slug == "iuna-es"


def test_outro_municipio_que_o_do_orgao_sem_motivo_e_recusado(admin_client, prefeitura_de_iuna):
    resposta = admin_client.post(ADICIONAR, _edital(prefeitura_de_iuna, municipio=str(VARGEM_ALTA)))
    assert resposta.status_code == 200
    erro = " ".join(resposta.context["adminform"].form.errors["motivo_municipio"])
    assert "Prefeitura Municipal de Iúna, de Iúna/ES" in erro
    assert "a lei de reserva de vagas é a do município do órgão que publica o edital" in erro
    assert not Certame.objects.exists()


def test_outro_municipio_com_motivo_fica_registrado_e_o_painel_avisa(admin_client, prefeitura_de_iuna):
    motivo = "Consórcio intermunicipal de saúde com sede em Vargem Alta (Lei Municipal nº 1/2025)."
    resposta = admin_client.post(ADICIONAR, _edital(prefeitura_de_iuna, municipio=str(VARGEM_ALTA),
                                                    motivo_municipio=motivo))
    assert resposta.status_code == 302
    certame = Certame.objects.get(numero_edital="003/2025")
    assert (certame.municipio_id, certame.motivo_municipio) == (VARGEM_ALTA, motivo)
    texto = avisos(admin_client, certame)["Certame em outro município que o do órgão"]
    assert "Vargem Alta/ES" in texto and motivo in texto


def test_a_publicacao_recusa_o_certame_de_outro_municipio_sem_motivo(prefeitura_de_iuna, admin_user):
    certame = _certame(prefeitura_de_iuna, municipio=municipio("Vargem Alta"))
    with pytest.raises(ErroOperacao, match="a lei aplicável é a do município do órgão que publica o edital"):
        certame_publicar(certame=certame, usuario=admin_user)
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO


# ---- a publicação sem lei ----


def test_a_publicacao_sem_lei_aplicavel_exige_a_justificativa(prefeitura_de_iuna, admin_user):
    """Iúna sem a data de publicação da lei (art. 10): nenhuma lei se aplica, e o edital sairia sem reserva."""
    certame = _certame(prefeitura_de_iuna)
    with pytest.raises(ErroOperacao, match="escreva a justificativa, que fica registrada no ato"):
        certame_publicar(certame=certame, usuario=admin_user, justificativa="   ")
    justificativa = "Parecer da Procuradoria nº 3/2025: a data de publicação da lei municipal não foi localizada."
    certame = certame_publicar(certame=certame, usuario=admin_user, justificativa=justificativa)
    assert (certame.estado, certame.lei, certame.justificativa_sem_lei) == (
        EstadoCertame.PUBLICADO, None, justificativa)
    ato = certame.history.first()
    assert ato.justificativa_sem_lei == justificativa and ato.history_user == admin_user
    assert ato.history_change_reason.startswith("Edital publicado sem lei de reserva de vagas. Justificativa:")


def test_com_lei_aplicavel_a_justificativa_nao_e_pedida_nem_guardada(fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user, justificativa="Sem efeito.")
    assert certame.lei.slug == "vargem-alta-es-2023" and certame.justificativa_sem_lei == ""


def test_a_pagina_de_publicacao_pede_a_justificativa_quando_nao_ha_lei(admin_client, prefeitura_de_iuna):
    certame = _certame(prefeitura_de_iuna)
    url = reverse("admin:concursos_certame_publicar", args=[certame.pk])
    html = admin_client.get(url).content.decode()
    assert "Justificativa da publicação sem lei de reserva" in html
    assert "Publicar edital sem reserva de vagas" in html
    assert admin_client.post(url, {"justificativa": ""}).status_code == 200
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO
    resposta = admin_client.post(url, {"justificativa": "O Município não tem lei de reserva em vigor."})
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.justificativa_sem_lei == "O Município não tem lei de reserva em vigor."


def test_o_quadro_publico_sem_lei_diz_so_o_que_o_cidadao_precisa(prefeitura_de_iuna, admin_user):
    certame = certame_publicar(certame=_certame(prefeitura_de_iuna), usuario=admin_user,
                               justificativa="Parecer interno nº 3/2025.")
    assert "informe-a no cadastro da lei" in certame.motivo_lei
    frase = contexto_quadro(certame)["sem_reserva"]
    assert frase.startswith("Nenhuma lei municipal de reserva de vagas de Iúna/ES se aplica a este edital, "
                            "publicado em 10/03/2025: não há vagas reservadas")
    assert "informe-a" not in frase and "cadastro da lei" not in frase and "Parecer interno" not in frase


# ---- a lei que depois alcança a data do edital ----


def test_lei_que_depois_alcanca_a_data_do_edital_e_apontada_no_painel_e_na_lista(admin_client, prefeitura_de_iuna,
                                                                                   admin_user):
    certame = certame_publicar(certame=_certame(prefeitura_de_iuna), usuario=admin_user,
                               justificativa="A lei municipal ainda não tem data de publicação conhecida.")
    assert "Uma lei cadastrada depois alcança a data deste edital" not in avisos(admin_client, certame)
    # A lei de Iúna ganha a data de publicação (art. 10), anterior ao edital: ela vigorava em 10/03/2025.
    lei = Lei.objects.get(slug="iuna-es")
    lei.data_publicacao = date(2022, 4, 1)
    lei.save()
    texto = avisos(admin_client, certame)["Uma lei cadastrada depois alcança a data deste edital"]
    assert "em vigor desde 01/04/2022" in texto and "retificação do edital" in texto
    html = admin_client.get(reverse("admin:concursos_certame_changelist")).content.decode()
    assert "<code>iuna-es</code> alcança a data do edital" in html
    certame.refresh_from_db()
    assert certame.lei is None and certame.regras["lei"] == {}


def test_lei_posterior_ao_edital_nao_e_apontada(admin_client, prefeitura_de_iuna, admin_user):
    certame = certame_publicar(certame=_certame(prefeitura_de_iuna), usuario=admin_user,
                               justificativa="A lei municipal ainda não tem data de publicação conhecida.")
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2025, 6, 1))
    assert "Uma lei cadastrada depois alcança a data deste edital" not in avisos(admin_client, certame)
    html = admin_client.get(reverse("admin:concursos_certame_changelist")).content.decode()
    assert "alcança a data do edital" not in html

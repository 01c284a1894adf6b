"""Admin das leis: lista, ficha com os artigos, lei congelada, novas versões e permissões."""

import re

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.html import escape

from legislacao.models import Lei
from legislacao.selectors import lei_por_slug
from legislacao.services import lei_congelar

pytestmark = pytest.mark.django_db

SLUGS = ["vargem-alta-es-2023", "iuna-es", "ibatiba-es-2024", "ubatuba-sp-lei-3765-2014",
         "afonso-claudio-es-lei-2552-2023"]
LISTA = reverse("admin:legislacao_lei_changelist")


def ficha(lei: Lei) -> str:
    return reverse("admin:legislacao_lei_change", args=[lei.pk])


def linha_da_lista(html: str, slug: str) -> str:
    """A linha (<tr>) da lista de leis que traz o identificador."""
    linhas = [tr for tr in re.findall(r"<tr[^>]*>.*?</tr>", html, re.S) if f'"lei-slug">{slug}<' in tr]
    assert len(linhas) == 1, f"{slug} deveria aparecer numa linha da lista"
    return linhas[0]


def test_a_lista_mostra_as_cinco_leis_com_municipio_e_publicacao(admin_client):
    html = admin_client.get(LISTA).content.decode()
    for slug in SLUGS:
        linha_da_lista(html, slug)
    vargem = linha_da_lista(html, "vargem-alta-es-2023")
    assert "Vargem Alta/ES" in vargem
    assert "19/05/2023" in vargem
    # Art. 7º: dez anos; o dia de igual número ainda é da lei (Código Civil, art. 132, § 3º; decisão 0018).
    assert "Em vigor até 19/05/2033" in vargem
    assert "2.552/2023" in linha_da_lista(html, "afonso-claudio-es-lei-2552-2023")


def test_iuna_aparece_com_a_data_de_publicacao_desconhecida(admin_client):
    html = admin_client.get(LISTA).content.decode()
    iuna = linha_da_lista(html, "iuna-es")
    assert "⚠ Data de publicação desconhecida" in iuna
    assert 'class="lei-alerta"' in iuna
    assert "⚠" not in linha_da_lista(html, "ibatiba-es-2024")


def test_ubatuba_mostra_a_vigencia_encerrada_pelo_art_13(admin_client):
    ubatuba = lei_por_slug("ubatuba-sp-lei-3765-2014")
    assert "Vigência encerrada: vigorou até 16/06/2024" in linha_da_lista(admin_client.get(LISTA).content.decode(),
                                                                          ubatuba.slug)
    html = admin_client.get(ficha(ubatuba)).content.decode()
    assert "Vigência encerrada: vigorou até 16/06/2024" in html
    assert "art. 13" in html


def test_a_busca_acha_pelo_municipio_e_pelo_numero(admin_client):
    html = admin_client.get(LISTA, {"q": "Ubatuba"}).content.decode()
    assert "ubatuba-sp-lei-3765-2014" in html and "vargem-alta-es-2023" not in html
    html = admin_client.get(LISTA, {"q": "2.552"}).content.decode()
    assert "afonso-claudio-es-lei-2552-2023" in html and "ubatuba-sp-lei-3765-2014" not in html


def test_o_filtro_por_uf_separa_sp(admin_client):
    html = admin_client.get(LISTA, {"uf": "SP"}).content.decode()
    assert "ubatuba-sp-lei-3765-2014" in html and "iuna-es" not in html


@pytest.mark.parametrize("slug", SLUGS)
def test_a_ficha_de_cada_lei_abre_com_blocos_artigos_grupos_e_texto(admin_client, slug):
    lei = lei_por_slug(slug)
    resposta = admin_client.get(ficha(lei))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    for bloco in ("Identificação", "Vigência", "Reserva de vagas", "Abrangência", "Heteroidentificação e comissão",
                  "Texto integral", "Outras regras", "Grupos de reserva"):
        assert bloco in html
    # Cada regra ao lado do seu artigo: o campo do artigo vem preenchido com o dispositivo da lei.
    assert f'name="artigo_minimo" value="{lei.artigo_minimo}"' in html
    for grupo in lei.grupos.all():
        assert f'value="{grupo.artigo}"' in html
    # Texto integral só para leitura, num bloco monoespaçado.
    assert '<pre class="lei-texto"' in html
    assert 'name="texto"' not in html
    primeira_linha = next(linha for linha in lei.texto.splitlines() if linha.strip())
    assert escape(primeira_linha.strip()[:40]) in html


def test_a_ficha_de_afonso_claudio_traz_as_regras_da_comissao_com_artigos(admin_client):
    html = admin_client.get(ficha(lei_por_slug("afonso-claudio-es-lei-2552-2023"))).content.decode()
    assert 'value="art. 8º, I e II, § 2º e § 3º"' in html
    assert 'value="art. 11, § 2º"' in html
    assert 'value="art. 9º, § 4º"' in html


def test_o_cadastro_de_lei_abre_com_o_texto_editavel(admin_client):
    html = admin_client.get(reverse("admin:legislacao_lei_add")).content.decode()
    assert 'name="texto"' in html
    assert "Grupos de reserva" in html


def test_lei_congelada_so_se_le_e_explica_por_que(admin_client):
    lei = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    html = admin_client.get(ficha(lei)).content.decode()
    assert "Lei congelada." in html
    assert "usada por edital publicado" in html
    assert "Criar nova versão" in html
    for campo in ('name="minimo_vagas"', 'name="artigo_minimo"', 'name="data_publicacao"', 'name="grupos-0-percentual"',
                  'name="uf"'):
        assert campo not in html
    # O modelo ainda aceita completar as observações.
    assert 'name="observacoes"' in html


def test_lei_congelada_recusa_alteracoes(admin_client):
    lei = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    grupos = list(lei.grupos.values_list("codigo", "percentual"))
    resposta = admin_client.post(ficha(lei), {
        "minimo_vagas": "1", "artigo_minimo": "inventado", "uf": "SP", "observacoes": lei.observacoes + " Nota.",
        "grupos-TOTAL_FORMS": "2", "grupos-INITIAL_FORMS": "2", "grupos-MIN_NUM_FORMS": "0",
        "grupos-MAX_NUM_FORMS": "1000",
        "grupos-0-id": str(lei.grupos.get(codigo="NEG").pk), "grupos-0-lei": str(lei.pk), "grupos-0-percentual": "50",
        "grupos-1-id": str(lei.grupos.get(codigo="IND").pk), "grupos-1-lei": str(lei.pk), "grupos-1-percentual": "50",
    })
    assert resposta.status_code == 302
    lei.refresh_from_db()
    assert (lei.minimo_vagas, lei.artigo_minimo, lei.uf) == (3, "art. 2º, caput e § 2º", "ES")
    assert lei.observacoes.endswith(" Nota.")
    assert list(lei.grupos.values_list("codigo", "percentual")) == grupos
    # E, por baixo do admin, o modelo também recusa.
    lei.minimo_vagas = 1
    with pytest.raises(ValidationError, match="nova versão"):
        lei.full_clean()


def test_lei_congelada_nao_se_apaga_nem_se_reverte_pelo_historico(admin_client):
    lei = lei_congelar(lei=lei_por_slug("ibatiba-es-2024"))
    assert admin_client.get(reverse("admin:legislacao_lei_delete", args=[lei.pk])).status_code == 403
    registro = lei.history.earliest()
    url = reverse("admin:legislacao_lei_simple_history", args=[lei.pk, registro.history_id])
    assert admin_client.post(url, {"ementa": "outra"}).status_code == 403
    lei.refresh_from_db()
    assert lei.congelada


def test_o_historico_da_lei_abre(admin_client):
    lei = lei_por_slug("iuna-es")
    assert admin_client.get(reverse("admin:legislacao_lei_history", args=[lei.pk])).status_code == 200


def test_criar_nova_versao_pelo_botao_copia_os_grupos(admin_client):
    original = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    resposta = admin_client.post(reverse("admin:legislacao_lei_nova_versao", args=[original.pk]), follow=True)
    nova = Lei.objects.get(slug=original.slug, versao=2)
    assert resposta.redirect_chain[-1][0] == ficha(nova)
    html = resposta.content.decode()
    assert "Criada a versão 2 de «vargem-alta-es-2023», com 2 grupos de reserva copiados" in html
    assert (nova.versao_anterior_id, nova.congelada) == (original.pk, False)
    assert list(nova.grupos.values_list("codigo", "percentual", "artigo")) == list(
        original.grupos.values_list("codigo", "percentual", "artigo"))
    assert 'name="minimo_vagas"' in html
    # A versão anterior aponta para a nova em vez de oferecer outra cópia.
    anterior = admin_client.get(ficha(original)).content.decode()
    assert "Ir para a versão 2" in anterior
    assert "Criar nova versão</button>" not in anterior


def test_criar_nova_versao_so_por_post(admin_client):
    lei = lei_por_slug("iuna-es")
    assert admin_client.get(reverse("admin:legislacao_lei_nova_versao", args=[lei.pk])).status_code == 405
    assert not Lei.objects.filter(slug="iuna-es", versao=2).exists()


def test_acao_criar_nova_versao_e_recusa_partir_de_versao_antiga(admin_client):
    lei = lei_por_slug("afonso-claudio-es-lei-2552-2023")
    dados = {"action": "criar_nova_versao", "_selected_action": [str(lei.pk)]}
    html = admin_client.post(LISTA, dados, follow=True).content.decode()
    assert "Criada a versão 2 de «afonso-claudio-es-lei-2552-2023»" in html
    assert Lei.objects.get(slug=lei.slug, versao=2).grupos.get().codigo == "PP"
    html = admin_client.post(LISTA, dados, follow=True).content.decode()
    assert "parta da mais recente" in html
    assert not Lei.objects.filter(slug=lei.slug, versao=3).exists()
    linhas = [tr for tr in re.findall(r"<tr[^>]*>.*?</tr>", admin_client.get(LISTA).content.decode(), re.S)
              if f'"lei-slug">{lei.slug}<' in tr]
    assert len(linhas) == 2 and sum("(substituída)" in tr for tr in linhas) == 1


def test_painel_e_lista_levam_ao_simulador(admin_client):
    simulador = reverse("admin:legislacao_simulador")
    assert simulador == "/admin/legislacao/lei/simulador/"
    assert f'href="{simulador}"' in admin_client.get(reverse("admin:index")).content.decode()
    assert f'href="{simulador}"' in admin_client.get(LISTA).content.decode()
    assert f'href="{reverse("admin:legislacao_qual_lei")}"' in admin_client.get(reverse("admin:index")).content.decode()


@pytest.fixture
def funcionario(django_user_model):
    return django_user_model.objects.create_user("funcionario", password="senha-de-teste-123", is_staff=True)


def test_sem_permissao_o_simulador_e_a_consulta_sao_recusados(client, funcionario):
    client.force_login(funcionario)
    assert client.get(reverse("admin:legislacao_simulador")).status_code == 403
    assert client.get(reverse("admin:legislacao_qual_lei")).status_code == 403
    assert "link-simulador" not in client.get(reverse("admin:index")).content.decode()


def test_com_permissao_de_consulta_o_simulador_abre_mas_nao_cria_versao(client, funcionario):
    funcionario.user_permissions.add(Permission.objects.get(codename="view_lei"))
    client.force_login(funcionario)
    assert client.get(reverse("admin:legislacao_simulador")).status_code == 200
    assert "link-simulador" in client.get(reverse("admin:index")).content.decode()
    lei = lei_por_slug("iuna-es")
    assert "Criar nova versão" not in client.get(ficha(lei)).content.decode()
    assert client.post(reverse("admin:legislacao_lei_nova_versao", args=[lei.pk])).status_code == 403


def test_fora_da_equipe_o_simulador_pede_login(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("cidadao", password="senha-de-teste-123"))
    resposta = client.get(reverse("admin:legislacao_simulador"))
    assert resposta.status_code == 302 and "/admin/login/" in resposta["Location"]

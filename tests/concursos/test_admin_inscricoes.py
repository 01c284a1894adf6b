"""Inscrições e candidatos no admin: busca exata (CPF, inscrição), filtros, dados sensíveis (LGPD art. 11),
inscrição travada após o encerramento, autocomplete e número de consultas constante."""

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.urls import reverse

from concursos.models import Candidato, Inscricao
from concursos.paginacao import PaginadorEstimado
from concursos.services.certame import certame_avancar, certame_publicar
from tests.conftest import lotar_em_todos

pytestmark = pytest.mark.django_db

LISTA = reverse("admin:concursos_inscricao_changelist")
CANDIDATOS = reverse("admin:concursos_candidato_changelist")


def pontuado(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def numeros(resposta) -> list[str]:
    return sorted(i.numero for i in resposta.context["cl"].result_list)


@pytest.fixture
def rh():
    """Um servidor do RH com as permissões de consulta e alteração, sem a de dados sensíveis."""
    def fazer(*extras: str) -> Client:
        usuario = get_user_model().objects.create_user(f"rh{len(extras)}", password="senha-rh-123", is_staff=True)
        lotar_em_todos(usuario)
        codigos = ["view_inscricao", "change_inscricao", "view_candidato", "change_candidato", "view_cargo",
                   "view_certame", *extras]
        usuario.user_permissions.set(Permission.objects.filter(content_type__app_label="concursos",
                                                               codename__in=codigos))
        cliente = Client()
        cliente.force_login(usuario)
        return cliente
    return fazer


@pytest.fixture
def inscricoes(fazer_certame, inscrever):
    certame = fazer_certame(cargos=(("ADM", 5, 0), ("MED", 3, 0)))
    adm, med = certame.cargos.order_by("codigo")
    lista = inscrever(adm, [("00000101", "parda", True), ("00000102", "branca"), ("00000103", "preta", True, True)])
    lista += inscrever(med, [("VA-0001", "branca"), ("VA-0002", "indigena", True)])
    Candidato.objects.filter(pk=lista[0].candidato_id).update(nome="Maria Aparecida Zanotti")
    Candidato.objects.filter(pk=lista[3].candidato_id).update(nome="João Pedro Silva", nome_social="Joana Silva")
    return lista


# ---- busca ----


def test_busca_por_cpf_com_e_sem_pontuacao(admin_client, inscricoes):
    cpf = inscricoes[1].candidato.cpf
    for termo in (cpf, pontuado(cpf), f" {pontuado(cpf)} "):
        assert numeros(admin_client.get(LISTA, {"q": termo})) == ["00000102"]


def test_busca_pelo_numero_exato_da_inscricao(admin_client, inscricoes):
    assert numeros(admin_client.get(LISTA, {"q": "00000103"})) == ["00000103"]
    assert numeros(admin_client.get(LISTA, {"q": "VA-0002"})) == ["VA-0002"]
    # exato: um pedaço do número não traz nada (a busca usa o índice por igualdade)
    assert numeros(admin_client.get(LISTA, {"q": "0000010"})) == []


def test_busca_pelo_nome_em_qualquer_ordem_e_pelo_nome_social(admin_client, inscricoes):
    assert numeros(admin_client.get(LISTA, {"q": "zanotti maria"})) == ["00000101"]
    assert numeros(admin_client.get(LISTA, {"q": "Joana"})) == ["VA-0001"]
    assert numeros(admin_client.get(LISTA, {"q": "pedro silva"})) == ["VA-0001"]
    assert numeros(admin_client.get(LISTA, {"q": "Maria Pedro"})) == []


def test_filtros_por_certame_e_cargo(admin_client, inscricoes, fazer_certame):
    certame = inscricoes[0].certame
    med = certame.cargos.get(codigo="MED")
    html = admin_client.get(LISTA).content.decode()
    assert "Edital nº 001/2024 — Prefeitura Municipal de Vargem Alta" in html
    # Sem certame escolhido, o filtro de cargo não aparece (um certame pode ter centenas de cargos).
    assert "MED — Cargo MED" not in html
    resposta = admin_client.get(LISTA, {"certame": certame.pk})
    assert "MED — Cargo MED" in resposta.content.decode() and len(resposta.context["cl"].result_list) == 5
    assert numeros(admin_client.get(LISTA, {"certame": certame.pk, "cargo": med.pk})) == ["VA-0001", "VA-0002"]
    assert numeros(admin_client.get(LISTA, {"certame": "x"})) == []


def test_filtro_por_situacao(admin_client, inscricoes):
    Inscricao.objects.filter(numero="00000102").update(situacao="eliminado")
    assert numeros(admin_client.get(LISTA, {"situacao__exact": "eliminado"})) == ["00000102"]


def test_a_lista_vem_na_ordem_do_indice_certame_cargo_classificacao(admin_client, inscricoes):
    resposta = admin_client.get(LISTA)
    assert [i.numero for i in resposta.context["cl"].result_list] == [
        "00000101", "00000102", "00000103", "VA-0001", "VA-0002"]
    # certame + número é único: a ordem já é total e o admin não acrescenta -pk (que não está no índice)
    assert resposta.context["cl"].get_ordering(resposta.wsgi_request, Inscricao.objects.all()) == [
        "certame_id", "cargo_id", "classificacao", "numero"]


# ---- dados sensíveis (LGPD art. 11) ----


def test_sem_permissao_cor_raca_e_pcd_nao_aparecem_na_lista_nem_nos_filtros(rh, inscricoes):
    resposta = rh().get(LISTA)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "cor" not in resposta.context["cl"].list_display
    assert "deficiencia" not in resposta.context["cl"].list_display
    assert "cor_raca__exact" not in html and "pcd__exact" not in html
    assert "Parda" not in html and "Indígena" not in html


def test_sem_permissao_a_ficha_da_inscricao_nao_mostra_nem_grava_a_autodeclaracao(rh, inscricoes):
    inscricao = inscricoes[0]
    url = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
    resposta = rh().get(url)
    campos = resposta.context["adminform"].form.fields
    assert not {"cor_raca", "quilombola", "pcd"} & set(campos)
    assert "Parda" not in resposta.content.decode()


def test_com_permissao_a_autodeclaracao_aparece(rh, inscricoes):
    cliente = rh("ver_dados_sensiveis")
    resposta = cliente.get(LISTA)
    assert "cor" in resposta.context["cl"].list_display and "Parda" in resposta.content.decode()
    ficha = cliente.get(reverse("admin:concursos_inscricao_change", args=[inscricoes[0].pk]))
    assert "cor_raca" in ficha.context["adminform"].form.fields


def test_superusuario_ve_os_dados_sensiveis(admin_client, inscricoes):
    resposta = admin_client.get(LISTA)
    assert "cor" in resposta.context["cl"].list_display
    assert "cor_raca__exact" in resposta.content.decode()


def test_candidato_sem_permissao_nao_ve_cor_raca_nem_deficiencia(rh, inscricoes):
    cliente = rh()
    candidato = inscricoes[0].candidato
    resposta = cliente.get(reverse("admin:concursos_candidato_change", args=[candidato.pk]))
    assert not {"cor_raca", "quilombola", "pcd"} & set(resposta.context["adminform"].form.fields)
    assert "Dados sensíveis" not in resposta.content.decode()
    lista = cliente.get(CANDIDATOS)
    assert "cor" not in lista.context["cl"].list_display and "cor_raca__exact" not in lista.content.decode()
    # Gravar a ficha sem a permissão não apaga a cor ou raça (o campo nem está no formulário).
    dados = {"nome": "Maria A. Zanotti", "nome_social": "", "cpf": pontuado(candidato.cpf), "genero": "feminino",
             "data_nascimento": "", "email": "", "telefone": "",
             "inscricoes-TOTAL_FORMS": "1", "inscricoes-INITIAL_FORMS": "1", "inscricoes-MIN_NUM_FORMS": "0",
             "inscricoes-MAX_NUM_FORMS": "1000", "inscricoes-0-id": inscricoes[0].pk,
             "inscricoes-0-candidato": candidato.pk, "_save": "Salvar"}
    resposta = cliente.post(reverse("admin:concursos_candidato_change", args=[candidato.pk]), dados)
    assert resposta.status_code == 302, resposta.context and resposta.context["adminform"].form.errors
    candidato.refresh_from_db()
    assert candidato.nome == "Maria A. Zanotti" and candidato.cor_raca == "parda"


def test_candidato_com_permissao_ve_o_bloco_de_dados_sensiveis_e_o_acesso_fica_registrado(rh, inscricoes, caplog):
    """LGPD art. 37: o acesso fica no registro que o encarregado lê, e não no log do servidor."""
    from nucleo.models import AcessoSensivel, TipoAcesso

    with caplog.at_level("DEBUG"):
        resposta = rh("ver_dados_sensiveis").get(reverse("admin:concursos_candidato_change",
                                                         args=[inscricoes[0].candidato_id]))
    assert "Dados sensíveis (LGPD art. 11)" in resposta.content.decode()
    acesso = AcessoSensivel.objects.get()
    assert (acesso.nome_usuario, acesso.tipo, acesso.titular_id) == ("rh1", TipoAcesso.FICHA,
                                                                      inscricoes[0].candidato_id)
    assert inscricoes[0].candidato.cpf not in caplog.text and inscricoes[0].candidato.nome not in caplog.text


def test_sem_permissao_nao_se_inscreve_ninguem_pelo_admin(rh, inscricoes):
    assert rh().get(reverse("admin:concursos_inscricao_add")).status_code == 403
    assert rh("add_inscricao", "ver_dados_sensiveis").get(reverse("admin:concursos_inscricao_add")).status_code == 200


# ---- candidatos ----


def test_cadastro_de_candidato_aceita_cpf_com_pontuacao(admin_client, orgao):
    dados = {"orgao": orgao.pk, "nome": "Ana Souza", "nome_social": "", "cpf": "529.982.247-25", "genero": "feminino",
             "data_nascimento": "01/02/1990", "cor_raca": "preta", "email": "", "telefone": "",
             "inscricoes-TOTAL_FORMS": "0", "inscricoes-INITIAL_FORMS": "0", "inscricoes-MIN_NUM_FORMS": "0",
             "inscricoes-MAX_NUM_FORMS": "1000", "_save": "Salvar"}
    resposta = admin_client.post(reverse("admin:concursos_candidato_add"), dados)
    assert resposta.status_code == 302
    candidato = Candidato.objects.get(nome="Ana Souza")
    assert candidato.cpf == "52998224725" and candidato.data_nascimento == date(1990, 2, 1)
    dados["cpf"] = "529.982.247-26"
    dados["nome"] = "Outra"
    resposta = admin_client.post(reverse("admin:concursos_candidato_add"), dados)
    assert resposta.status_code == 200 and "cpf" in resposta.context["adminform"].form.errors


def test_busca_de_candidatos_por_cpf_e_nome(admin_client, inscricoes):
    cpf = inscricoes[2].candidato.cpf
    resposta = admin_client.get(CANDIDATOS, {"q": pontuado(cpf)})
    assert [c.cpf for c in resposta.context["cl"].result_list] == [cpf]
    resposta = admin_client.get(CANDIDATOS, {"q": "zanotti"})
    assert [c.nome for c in resposta.context["cl"].result_list] == ["Maria Aparecida Zanotti"]


def test_autocomplete_de_candidato_na_inscricao(admin_client, inscricoes):
    url = reverse("admin:autocomplete")
    parametros = {"app_label": "concursos", "model_name": "inscricao", "field_name": "candidato"}
    dados = admin_client.get(url, {**parametros, "term": "zanotti"}).json()
    assert [r["text"] for r in dados["results"]] == ["Maria Aparecida Zanotti"]
    cpf = inscricoes[1].candidato.cpf
    dados = admin_client.get(url, {**parametros, "term": pontuado(cpf)}).json()
    assert len(dados["results"]) == 1
    ficha = admin_client.get(reverse("admin:concursos_inscricao_change", args=[inscricoes[0].pk])).content.decode()
    assert "admin-autocomplete" in ficha


# ---- inscrição travada (Vargem Alta art. 3º) ----


def test_encerradas_as_inscricoes_a_autodeclaracao_fica_so_de_leitura(admin_client, inscricoes, admin_user):
    certame = certame_publicar(certame=inscricoes[0].certame, usuario=admin_user)
    url = reverse("admin:concursos_inscricao_change", args=[inscricoes[0].pk])
    campos = admin_client.get(url).context["adminform"].form.fields
    assert {"reserva", "cor_raca", "cargo", "candidato"} <= set(campos)
    certame_avancar(certame=certame, usuario=admin_user)
    resposta = admin_client.get(url)
    campos = resposta.context["adminform"].form.fields
    assert not {"reserva", "cor_raca", "quilombola", "pcd", "cargo", "candidato", "numero"} & set(campos)
    assert {"nota_final", "classificacao", "situacao"} <= set(campos)
    # O dispositivo da lei congelada no certame (Vargem Alta art. 3º), sem o nome de uma lei escrita no código.
    assert "não mudam mais (art. 3º)." in resposta.content.decode()


# ---- escala ----


def test_a_lista_de_inscricoes_faz_as_mesmas_consultas_com_5_ou_60_linhas(admin_client, fazer_certame, inscrever,
                                                                           django_assert_max_num_queries):
    certame = fazer_certame(cargos=(("ADM", 5, 0), ("MED", 3, 0)))
    adm, med = certame.cargos.order_by("codigo")
    inscrever(adm, [(f"A{i:03d}", "parda", True) for i in range(5)])
    # No PostgreSQL, o EXPLAIN da estimativa do total vem antes da contagem exata de uma lista pequena.
    with django_assert_max_num_queries(9 if connection.vendor == "postgresql" else 8) as poucas:
        admin_client.get(LISTA, {"certame": certame.pk})
    inscrever(med, [(f"M{i:03d}", "branca") for i in range(55)])
    with django_assert_max_num_queries(len(poucas.captured_queries)):
        resposta = admin_client.get(LISTA, {"certame": certame.pk})
    assert len(resposta.context["cl"].result_list) == 60


def test_a_lista_do_rh_sem_superusuario_fica_em_10_consultas(rh, inscricoes, django_assert_max_num_queries):
    cliente = rh()
    cpf = inscricoes[0].candidato.cpf
    for parametros in ({}, {"q": pontuado(cpf)}, {"q": "00000101"}, {"q": "Maria"},
                       {"certame": inscricoes[0].certame_id, "cargo": inscricoes[0].cargo_id}):
        with django_assert_max_num_queries(10):
            assert cliente.get(LISTA, parametros).status_code == 200


def test_o_total_so_e_estimado_no_postgresql_e_em_listas_grandes(admin_client, inscricoes, monkeypatch):
    resposta = admin_client.get(LISTA)
    assert not resposta.context["cl"].paginator.estimada
    assert "5 inscrições" in resposta.content.decode()
    if connection.vendor != "postgresql":
        pytest.skip("A estimativa (pg_class.reltuples, EXPLAIN) é do PostgreSQL.")
    monkeypatch.setattr(PaginadorEstimado, "LIMITE_EXATO", -1)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE concursos_inscricao")
    resposta = admin_client.get(LISTA, {"situacao__exact": "habilitado"})
    assert resposta.context["cl"].paginator.estimada
    assert "cerca de" in resposta.content.decode() and "(estimativa)" in resposta.content.decode()
    # busca exata: conta de verdade, sem estimar
    resposta = admin_client.get(LISTA, {"q": "00000101"})
    assert not resposta.context["cl"].paginator.estimada


def test_paginador_estimado_usa_o_catalogo_sem_filtro(inscricoes, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("A estimativa (pg_class.reltuples) é do PostgreSQL.")
    monkeypatch.setattr(PaginadorEstimado, "LIMITE_EXATO", -1)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE concursos_inscricao")
    paginador = PaginadorEstimado(Inscricao.objects.order_by("pk"), 100)
    assert paginador.count == 5 and paginador.estimada
    assert PaginadorEstimado(Inscricao.objects.order_by("pk"), 100, estimar=False).estimada is False

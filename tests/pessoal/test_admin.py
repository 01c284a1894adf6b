"""As telas do pessoal: cor ou raça só para quem tem `pessoal.ver_autodeclaracao_do_pessoal` (LGPD art. 11), cada
acesso no registro (art. 37), o filtro digitado na URL por quem não a tem recusado, o recorte por órgão, os atos por
página própria e a importação do arquivo do RH com simulação e confirmação."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from nucleo.models import AcessoSensivel, Orgao, TipoAcesso
from pessoal import services
from pessoal.models import AtoPessoal, NomeacaoComissao, Servidor, TipoAtoPessoal
from tests.conftest import municipio
from tests.pessoal.conftest import DIA, conta, nomear

pytestmark = pytest.mark.django_db


def _cliente(usuario) -> Client:
    cliente = Client(raise_request_exception=False)
    cliente.force_login(usuario)
    return cliente


@pytest.fixture
def servidora(ubatuba, rh):
    servidora = Servidor.objects.create(orgao=ubatuba, matricula="123", nome="Joana Servidora", cargo="Professora",
                                        vinculo="efetivo", genero="feminino")
    services.servidor_autodeclarar(servidor=servidora, data=date(2023, 4, 1), cor_raca="indigena", usuario=rh)
    return servidora


def test_sem_a_permissao_a_lista_e_a_ficha_nao_mostram_a_cor_ou_raca(servidora, rh_sem_sensiveis):
    cliente = _cliente(rh_sem_sensiveis)
    lista = cliente.get(reverse("admin:pessoal_servidor_changelist"))
    ficha = cliente.get(reverse("admin:pessoal_servidor_change", args=[servidora.pk]))
    assert lista.status_code == ficha.status_code == 200
    for pagina in (lista, ficha):
        assert "Joana Servidora" in pagina.text
        assert "Indígena" not in pagina.text and "autodeclaração vigente" not in pagina.text
    assert not AcessoSensivel.objects.exists()


def test_com_a_permissao_a_lista_mostra_a_cor_vigente_e_o_acesso_fica_registrado(servidora, rh, ubatuba):
    cliente = _cliente(rh)
    lista = cliente.get(reverse("admin:pessoal_servidor_changelist"))
    assert "Indígena" in lista.text
    acesso = AcessoSensivel.objects.get()
    assert (acesso.tipo, acesso.orgao_id, acesso.quantidade, acesso.usuario) == (TipoAcesso.LISTA, ubatuba.pk, 1, rh)
    cliente.get(reverse("admin:pessoal_servidor_changelist"), {"cor_vigente": "indigena"})
    filtro = AcessoSensivel.objects.filter(tipo=TipoAcesso.FILTRO).get()
    assert filtro.filtro == "cor_vigente=indigena"
    ficha = cliente.get(reverse("admin:pessoal_servidor_change", args=[servidora.pk]))
    assert "Indígena" in ficha.text
    assert AcessoSensivel.objects.filter(tipo=TipoAcesso.FICHA, objeto_id=servidora.pk).exists()


@pytest.mark.parametrize("parametro", ["cor_vigente=indigena", "autodeclaracoes__cor_raca=indigena",
                                       "autodeclaracoes__cor_raca__exact=indigena"])
def test_o_filtro_por_cor_digitado_na_url_sem_a_permissao_e_recusado(servidora, rh_sem_sensiveis, parametro):
    resposta = _cliente(rh_sem_sensiveis).get(reverse("admin:pessoal_servidor_changelist") + "?" + parametro)
    assert resposta.status_code == 400


@pytest.mark.parametrize("modelo", ["nomeacaocomissao", "contratoestagio"])
def test_o_filtro_por_cor_das_nomeacoes_e_dos_estagios_sem_a_permissao_e_recusado(ubatuba, rh_sem_sensiveis, modelo):
    resposta = _cliente(rh_sem_sensiveis).get(reverse(f"admin:pessoal_{modelo}_changelist") + "?cor_raca=parda")
    assert resposta.status_code == 400


def test_a_nomeacao_de_outro_orgao_nao_aparece(ubatuba, rh):
    outro = Orgao.objects.create(nome="Câmara de Caraguatatuba", municipio=municipio("Caraguatatuba", "SP"))
    [alheia] = nomear(outro, rh, 1, "parda")
    nomear(ubatuba, rh, 1, "branca")
    cliente = _cliente(rh)
    lista = cliente.get(reverse("admin:pessoal_nomeacaocomissao_changelist"))
    assert "Pessoa branca 0" in lista.text and "Pessoa parda 0" not in lista.text
    for nome in ("change", "exonerar", "history"):
        assert cliente.get(reverse(f"admin:pessoal_nomeacaocomissao_{nome}", args=[alheia.pk])).status_code in (
            302, 404)


def test_o_cadastro_pelo_admin_passa_pelo_servico_e_mostra_o_aviso_do_piso(ubatuba, rh):
    nomear(ubatuba, rh, 4, "branca")
    resposta = _cliente(rh).post(reverse("admin:pessoal_nomeacaocomissao_add"), {
        "orgao": ubatuba.pk, "nome": "Nova Assessora", "cpf": "123.456.789-09", "genero": "feminino",
        "cargo": "Assessora", "simbolo": "CC-2", "nomeado_em": "01/03/2023", "ato_nomeacao": "Portaria 77/2023",
        "cor_raca": "amarela", "quilombola": "", "autodeclaracao_em": "01/03/2023"}, follow=True)
    assert resposta.status_code == 200
    assert "0 de 5 cargos em comissão (0,0%)" in resposta.text
    nomeacao = NomeacaoComissao.objects.get(nome="Nova Assessora")
    assert nomeacao.atos.get().tipo == TipoAtoPessoal.NOMEACAO
    assert nomeacao.cpf == "12345678909"


def test_a_ficha_da_nomeacao_nao_se_edita(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1, "parda")
    resposta = _cliente(rh).post(reverse("admin:pessoal_nomeacaocomissao_change", args=[nomeacao.pk]),
                                 {"nome": "Outro nome", "exonerado_em": "01/01/2024"})
    assert resposta.status_code == 403
    nomeacao.refresh_from_db()
    assert (nomeacao.nome, nomeacao.exonerado_em) == ("Pessoa parda 0", None)
    assert NomeacaoComissao.objects.count() == 1


def test_a_exoneracao_pela_pagina_do_ato(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1, "parda")
    cliente = _cliente(rh)
    ficha = cliente.get(reverse("admin:pessoal_nomeacaocomissao_change", args=[nomeacao.pk]))
    assert reverse("admin:pessoal_nomeacaocomissao_exonerar", args=[nomeacao.pk]) in ficha.text
    cliente.post(reverse("admin:pessoal_nomeacaocomissao_exonerar", args=[nomeacao.pk]),
                 {"data": "01/06/2023", "ato": "Portaria 80/2023", "motivo": "A pedido"})
    nomeacao.refresh_from_db()
    assert nomeacao.exonerado_em == date(2023, 6, 1)
    assert AtoPessoal.objects.filter(nomeacao=nomeacao, tipo=TipoAtoPessoal.EXONERACAO, usuario=rh).exists()


def test_a_nomeacao_nao_se_apaga_pelo_admin(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1, "parda")
    resposta = _cliente(rh).post(reverse("admin:pessoal_nomeacaocomissao_delete", args=[nomeacao.pk]), {"post": "yes"})
    assert resposta.status_code == 403
    assert NomeacaoComissao.objects.filter(pk=nomeacao.pk).exists()


def test_importar_arquivo_do_rh_simula_e_so_grava_na_confirmacao(ubatuba, rh):
    cliente = _cliente(rh)
    arquivo = SimpleUploadedFile("rh.csv", (
        b"matricula;nome;cargo;vinculo;genero;cor_raca;quilombola;data_autodeclaracao\n"
        b"1;Ana;Professora;efetivo;feminino;parda;;01/04/2023\n"))
    simulacao = cliente.post(reverse("admin:pessoal_importacaorh_importar"),
                             {"orgao": ubatuba.pk, "tipo": "servidores", "arquivo": arquivo})
    assert "seriam gravados" in simulacao.text
    assert not Servidor.objects.exists()
    assert AcessoSensivel.objects.get().tipo == TipoAcesso.PREVIA
    confirmar = simulacao.context["url_confirmar"]
    cliente.post(confirmar)
    assert Servidor.objects.get().autodeclaracoes.get().cor_raca == "parda"


def test_o_arquivo_com_erro_mostra_a_linha_e_nada_grava(ubatuba, rh):
    arquivo = SimpleUploadedFile("rh.csv", (
        b"matricula;nome;cargo;vinculo;genero\n1;Ana;Professora;efetivo;feminino\n2;Bia;Guarda;efetivoo;feminino\n"
    ))
    resposta = _cliente(rh).post(reverse("admin:pessoal_importacaorh_importar"),
                                 {"orgao": ubatuba.pk, "tipo": "servidores", "arquivo": arquivo})
    assert "Linha 3, coluna vinculo: “efetivoo” não é um vínculo conhecido" in resposta.text
    assert not Servidor.objects.exists()


def test_quem_nao_e_do_orgao_nao_importa_para_ele(ubatuba, leis_de_origem):
    outro = Orgao.objects.create(nome="Câmara de Caraguatatuba", municipio=municipio("Caraguatatuba", "SP"))
    de_fora = conta("rh_de_fora", outro, sensiveis=True)
    arquivo = SimpleUploadedFile("rh.csv", b"matricula;nome;cargo;vinculo;genero\n1;Ana;Professora;efetivo;feminino\n")
    resposta = _cliente(de_fora).post(reverse("admin:pessoal_importacaorh_importar"),
                                      {"orgao": ubatuba.pk, "tipo": "servidores", "arquivo": arquivo})
    assert resposta.status_code == 200 and "Faça uma escolha válida" in resposta.text
    assert not Servidor.objects.exists()


def test_dia_de_referencia_dos_testes_esta_na_vigencia_de_ubatuba():
    assert date(2014, 6, 16) < DIA < date(2024, 6, 16)


def test_a_ficha_da_nomeacao_mostra_a_autodeclaracao_so_a_quem_pode_e_registra_o_acesso(ubatuba, rh,
                                                                                         rh_sem_sensiveis):
    [nomeacao] = nomear(ubatuba, rh, 1, "parda")
    url = reverse("admin:pessoal_nomeacaocomissao_change", args=[nomeacao.pk])
    sem = _cliente(rh_sem_sensiveis).get(url)
    assert sem.status_code == 200 and "Pessoa parda 0" in sem.text and "Parda" not in sem.text
    assert not AcessoSensivel.objects.exists()
    com = _cliente(rh).get(url)
    assert "Parda" in com.text
    acesso = AcessoSensivel.objects.get()
    assert (acesso.tipo, acesso.objeto_id, acesso.orgao_id) == (TipoAcesso.FICHA, nomeacao.pk, ubatuba.pk)


@pytest.mark.parametrize("tipo", ["servidores", "comissao", "estagio"])
def test_o_modelo_de_cada_arquivo_do_rh_e_aceito_pela_propria_importacao(ubatuba, rh, tipo):
    """O modelo para baixar traz o cabeçalho do leiaute e uma linha de exemplo que a simulação aceita sem erro; o XLSX
    traz os valores permitidos numa segunda aba."""
    import io

    from openpyxl import load_workbook

    cliente = _cliente(rh)
    pagina = cliente.get(reverse("admin:pessoal_importacaorh_importar")).text
    url_csv = reverse("admin:pessoal_importacaorh_modelo", args=[tipo, "csv"])
    assert url_csv in pagina
    csv = cliente.get(url_csv)
    assert csv["Content-Disposition"] == f'attachment; filename="modelo-rh-{tipo}.csv"'
    arquivo = SimpleUploadedFile(f"{tipo}.csv", csv.content)
    simulacao = cliente.post(reverse("admin:pessoal_importacaorh_importar"),
                             {"orgao": ubatuba.pk, "tipo": tipo, "arquivo": arquivo})
    assert "seriam gravados" in simulacao.text and "errornote" not in simulacao.text
    xlsx = cliente.get(reverse("admin:pessoal_importacaorh_modelo", args=[tipo, "xlsx"]))
    planilha = load_workbook(io.BytesIO(xlsx.content))
    assert [c.value for c in planilha["arquivo"][1]] == csv.content.decode("utf-8-sig").splitlines()[0].split(";")
    assert planilha["valores permitidos"].max_row > 3


def test_o_modelo_do_rh_so_para_quem_importa(ubatuba, rh, django_user_model):
    from django.contrib.auth.models import Permission

    controle = django_user_model.objects.create_user("controle", password="senha-forte-123", is_staff=True)
    controle.user_permissions.add(Permission.objects.get(content_type__app_label="pessoal", codename="view_servidor"))
    assert _cliente(controle).get(reverse("admin:pessoal_importacaorh_modelo", args=["servidores", "csv"])
                                  ).status_code == 403
    assert _cliente(rh).get(reverse("admin:pessoal_importacaorh_modelo", args=["outro", "csv"])).status_code == 404

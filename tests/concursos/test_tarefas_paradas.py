"""Tarefas em segundo plano que se recuperam: se o processo da fila morre, a importação não fica «Gravando» nem a
exportação «Preparando o arquivo» para sempre. Sem sinal por TAREFAS_SEM_SINAL_MINUTOS, a tarefa é dada como falha,
com o motivo em português, e pode ser refeita; a que está viva não é tocada; e nada fica gravado pela metade."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from concursos import tarefas
from concursos.importacao import acompanhamento as importador
from concursos.models import EstadoExportacao, EstadoImportacao, Exportacao, Importacao, Inscricao
from concursos.recuperacao import marcar_paradas, reabrir_exportacao, reabrir_importacao
from tests.concursos.conftest import cpf_valido
from tests.concursos.importacao.conftest import csv_de, linha
from tests.concursos.simultaneos import ao_mesmo_tempo
from tests.conftest import lotar_em_todos

pytestmark = pytest.mark.django_db

MORTO = timedelta(minutes=11)
VIVO = timedelta(minutes=2)


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.TAREFAS_SEM_SINAL_MINUTOS = 10


@pytest.fixture
def operador(db, orgao):
    usuario = get_user_model().objects.create_user("operador", password="senha-de-teste-1", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.add(*Permission.objects.filter(
        codename__in=["add_inscricao", "view_certame", "view_inscricao"]))
    return usuario


@pytest.fixture
def cliente(operador):
    cliente = Client()
    cliente.force_login(operador)
    return cliente


@pytest.fixture
def gravando(fazer_certame, operador):
    """Uma gravação de 2 linhas com o último sinal do processo há `sem_sinal`."""
    certame = fazer_certame()

    def fazer(sem_sinal: timedelta, estado=EstadoImportacao.GRAVANDO) -> Importacao:
        registro = Importacao(certame=certame, nome_original="banca.csv", simulacao=False, estado=estado,
                              total_linhas=2, linhas_processadas=1, criada_por=operador,
                              ultimo_sinal=timezone.now() - sem_sinal)
        registro.arquivo.save("banca.csv", ContentFile(csv_de(linha("0001", cpf_valido()),
                                                              linha("0002", cpf_valido()))), save=False)
        registro.save()
        return registro
    return fazer


def progresso_da_importacao(registro: Importacao) -> str:
    return reverse("admin:concursos_importacao_progresso", args=[registro.pk])


def test_importacao_sem_sinal_aparece_como_falha_em_portugues(cliente, gravando):
    registro = gravando(MORTO)
    pagina = cliente.get(progresso_da_importacao(registro)).content.decode()
    registro.refresh_from_db()
    assert registro.estado == EstadoImportacao.FALHOU
    assert "parou de responder (nenhum sinal por mais de 10 minutos)" in registro.resumo
    assert "nada foi gravado" in registro.resumo
    assert "Falhou (nada foi gravado)" in pagina and "Tentar de novo" in pagina
    assert 'http-equiv="refresh"' not in pagina
    assert not Inscricao.objects.exists()


def test_tentar_de_novo_processa_a_importacao_inteira(cliente, gravando):
    registro = gravando(MORTO)
    cliente.get(progresso_da_importacao(registro))
    resposta = cliente.post(progresso_da_importacao(registro), {"refazer": "1"})
    assert resposta.status_code == 302
    registro.refresh_from_db()
    assert registro.estado == EstadoImportacao.CONCLUIDA, registro.resumo
    assert sorted(Inscricao.objects.values_list("numero", flat=True)) == ["0001", "0002"]
    # Um segundo clique (outra aba) não grava o arquivo de novo.
    segunda = cliente.post(progresso_da_importacao(registro), {"refazer": "1"}, follow=True)
    assert "não pode ser refeita" in segunda.content.decode()
    assert Inscricao.objects.count() == 2


def test_importacao_grande_refeita_volta_para_a_fila(cliente, gravando, monkeypatch):
    enfileiradas = []

    class Fila:
        def enqueue(self, importacao_id):
            enfileiradas.append(importacao_id)

    monkeypatch.setattr(tarefas, "processar_importacao", Fila())
    registro = gravando(MORTO)
    Importacao.objects.filter(pk=registro.pk).update(total_linhas=200_000)
    cliente.get(progresso_da_importacao(registro))
    cliente.post(progresso_da_importacao(registro), {"refazer": "1"})
    registro.refresh_from_db()
    assert enfileiradas == [registro.pk] and registro.estado == EstadoImportacao.PENDENTE
    assert (registro.resumo, registro.linhas_processadas, registro.ultimo_sinal) == ("", 0, None)


@pytest.mark.parametrize("estado", [EstadoImportacao.VALIDANDO, EstadoImportacao.GRAVANDO])
def test_importacao_viva_nao_e_tocada(cliente, gravando, estado):
    registro = gravando(VIVO, estado)
    pagina = cliente.get(progresso_da_importacao(registro)).content.decode()
    registro.refresh_from_db()
    assert registro.estado == estado and registro.resumo == ""
    assert 'http-equiv="refresh"' in pagina and "Tentar de novo" not in pagina
    assert cliente.post(progresso_da_importacao(registro), {"refazer": "1"}).status_code == 302
    registro.refresh_from_db()
    assert registro.estado == estado


def test_importacao_na_fila_espera_o_processo_voltar(gravando):
    registro = gravando(timedelta(hours=3), EstadoImportacao.PENDENTE)
    assert marcar_paradas() == (0, 0)
    registro.refresh_from_db()
    assert registro.estado == EstadoImportacao.PENDENTE


def test_sem_permissao_nao_refaz_pelo_endereco(gravando):
    registro = gravando(MORTO)
    marcar_paradas()
    intrusa = get_user_model().objects.create_user("intrusa", password="senha-de-teste-1", is_staff=True)
    lotar_em_todos(intrusa)
    cliente = Client()
    cliente.force_login(intrusa)
    assert cliente.post(progresso_da_importacao(registro), {"refazer": "1"}).status_code == 403
    registro.refresh_from_db()
    assert registro.estado == EstadoImportacao.FALHOU


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_o_andamento_e_o_sinal_de_vida(fazer_certame):
    """O sinal vai com o andamento (fora da transação, como na leitura): quem escreve andamento não é dado como
    morto."""
    with time_machine.travel(datetime(2026, 3, 2, 13, 0, tzinfo=UTC), tick=False) as relogio:
        registro = Importacao.objects.create(certame=fazer_certame(), arquivo="importacoes/x.csv",
                                             nome_original="x.csv", total_linhas=10)
        acompanhamento = importador.Acompanhamento(registro)
        acompanhamento("validando", 4)
        relogio.shift(timedelta(minutes=9))
        acompanhamento("gravando", 8)
        relogio.shift(timedelta(minutes=9))
        assert marcar_paradas() == (0, 0)
        relogio.shift(timedelta(minutes=2))
        assert marcar_paradas() == (1, 0)
    registro.refresh_from_db()
    assert registro.estado == EstadoImportacao.FALHOU and registro.linhas_processadas == 8


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_no_postgresql_o_sinal_sai_do_meio_da_gravacao(fazer_certame):
    """Dentro da transação da gravação, o sinal vai pela conexão lateral: outra requisição o vê antes do fim."""
    if connection.vendor != "postgresql":
        pytest.skip("A conexão lateral do andamento é do PostgreSQL.")
    registro = Importacao.objects.create(certame=fazer_certame(), arquivo="importacoes/x.csv",
                                         nome_original="x.csv", total_linhas=10)
    acompanhamento = importador.Acompanhamento(registro)
    try:
        with transaction.atomic():
            acompanhamento("gravando", 7)
            visto = acompanhamento.lateral.execute(
                "SELECT ultimo_sinal FROM concursos_importacao WHERE id = %s", [registro.pk]).fetchone()[0]
    finally:
        acompanhamento.fechar()
    assert visto is not None and timezone.now() - visto < VIVO


def test_reabrir_so_vale_uma_vez(gravando):
    registro = gravando(MORTO)
    marcar_paradas()
    assert reabrir_importacao(registro) is True
    assert reabrir_importacao(registro) is False


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_dois_pedidos_simultaneos_de_refazer_so_um_vale(gravando):
    """Dois cliques (ou duas abas) ao mesmo tempo, cada um na sua conexão: só um reabre; o arquivo não é gravado duas
    vezes."""
    if connection.vendor != "postgresql":
        pytest.skip("Conexões simultâneas de verdade: PostgreSQL.")
    registro = gravando(MORTO)
    marcar_paradas()
    resultados = ao_mesmo_tempo(4, lambda: reabrir_importacao(Importacao.objects.get(pk=registro.pk)))
    assert sorted(resultados) == [False, False, False, True]


# --- Exportação -------------------------------------------------------------------------------------------

@pytest.fixture
def preparando(fazer_certame, inscrever, admin_user):
    inscrever(fazer_certame(numero="002/2024").cargos.get(), [("0001", "parda", True), ("0002", "branca")])

    def fazer(sem_sinal: timedelta) -> Exportacao:
        return Exportacao.objects.create(
            criada_por=admin_user, modelo="concursos.inscricao", recurso="InscricaoPublicacaoResource", formato="CSV",
            descricao="Inscrições — publicação (CSV)", estado=EstadoExportacao.GERANDO, total_linhas=2,
            ultimo_sinal=timezone.now() - sem_sinal)
    return fazer


def pagina_da_exportacao(exportacao: Exportacao) -> str:
    return reverse("admin:concursos_inscricao_exportacao", args=[exportacao.pk])


def test_exportacao_sem_sinal_aparece_como_falha_e_refeita_fica_pronta(admin_client, preparando):
    exportacao = preparando(MORTO)
    pagina = admin_client.get(pagina_da_exportacao(exportacao)).content.decode()
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.FALHOU
    assert "O processo que preparava o arquivo parou de responder" in exportacao.erro
    assert "A exportação falhou" in pagina and "Tentar de novo" in pagina

    resposta = admin_client.post(pagina_da_exportacao(exportacao), {"refazer": "1"})
    assert resposta.status_code == 302 and resposta["Location"] == pagina_da_exportacao(exportacao)
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.PRONTA and exportacao.erro == ""
    arquivo = admin_client.get(reverse("admin:concursos_inscricao_exportacao_arquivo", args=[exportacao.pk]))
    assert b"0001" in b"".join(arquivo.streaming_content)


def test_exportacao_viva_nao_e_tocada_nem_refeita(admin_client, preparando):
    exportacao = preparando(VIVO)
    assert "Preparando o arquivo" in admin_client.get(reverse("admin:concursos_inscricao_exportacoes")).content.decode()
    admin_client.post(pagina_da_exportacao(exportacao), {"refazer": "1"})
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.GERANDO and exportacao.erro == ""


def test_so_quem_pediu_refaz_a_exportacao(preparando):
    exportacao = preparando(MORTO)
    marcar_paradas()
    outro = get_user_model().objects.create_superuser("outro-admin", password="senha-de-teste-1")
    cliente = Client()
    cliente.force_login(outro)
    assert cliente.post(pagina_da_exportacao(exportacao), {"refazer": "1"}).status_code == 404
    exportacao.refresh_from_db()
    assert exportacao.estado == EstadoExportacao.FALHOU
    assert reabrir_exportacao(exportacao) is True and reabrir_exportacao(exportacao) is False


def test_comando_periodico_marca_as_paradas(gravando, preparando, capsys):
    gravando(MORTO)
    gravando(VIVO)
    preparando(MORTO)
    call_command("marcar_tarefas_paradas")
    assert "1 importação e 1 exportação dadas como falhas" in capsys.readouterr().out
    assert Importacao.objects.filter(estado=EstadoImportacao.FALHOU).count() == 1
    assert Exportacao.objects.get().estado == EstadoExportacao.FALHOU


def test_o_prazo_vem_da_configuracao(settings, gravando):
    settings.TAREFAS_SEM_SINAL_MINUTOS = 60
    gravando(MORTO)
    assert marcar_paradas() == (0, 0)

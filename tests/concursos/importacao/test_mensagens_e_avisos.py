"""As mensagens da importação: o arquivo certo, todos os erros de uma vez, plurais de verdade; os avisos sobre dados
inconsistentes da banca; e o que a página da fila diz a quem importa."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from concursos.models import EstadoImportacao, Importacao, Inscricao
from tests.concursos.importacao.conftest import CABECALHO, csv_de, linha, mensagens, rodar

pytestmark = pytest.mark.django_db


def test_a_coluna_que_falta_e_os_erros_das_linhas_aparecem_na_mesma_tentativa(certame, cpfs):
    sem_email = CABECALHO.replace("email,", "")
    linhas = [",".join(c for i, c in enumerate(linha(f"{n:04d}", cpfs[n]).split(",")) if i != 7) for n in range(3)]
    linhas[1] = linhas[1].replace(cpfs[1], "123")
    resultado = rodar(certame, csv_de(*linhas, cabecalho=sem_email))
    assert mensagens(resultado) == [
        "Linha 1, coluna «email», valor «»: coluna obrigatória ausente do cabeçalho (arquivo de inscrições).",
        "Linha 3, coluna «cpf», valor «123»: CPF inválido: informe os 11 dígitos, com ou sem pontuação."]
    assert resultado.resumo() == "Arquivo de inscrições: 3 linhas lidas. 2 erros; nada foi gravado."
    assert not Inscricao.objects.exists()


def test_o_resumo_nomeia_o_arquivo_pelo_cabecalho_e_usa_o_singular(certame, cpfs):
    resultado = rodar(certame, csv_de(linha("0001", cpfs[0])))
    assert resultado.resumo().startswith("Arquivo de inscrições: 1 linha lida. Candidatos: 1 novo, 0 atualizados. "
                                         "Inscrições: 1 nova, 0 atualizadas, 0 sem alteração.")
    fora = rodar(certame, b"inscricao,observacao\n1,x\n")
    assert fora.resumo() == "Arquivo fora do leiaute: as linhas não foram lidas. 1 erro; nada foi gravado."


def test_branca_com_reserva_e_gravada_com_um_aviso_de_linha_coluna_e_valor(certame, cpfs):
    resultado = rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], cor="branca", reserva="sim"),
                                      linha("0003", cpfs[2], cor="branca", reserva="nao")))
    assert resultado.gravado and resultado.erros == []
    assert [(a.linha, a.coluna, a.valor) for a in resultado.avisos] == [(3, "reserva", "sim")]
    assert "«branca»" in resultado.avisos[0].motivo and "concorre só à ampla" in resultado.avisos[0].motivo
    assert resultado.resumo().endswith("1 aviso sobre os dados da banca, linha a linha, na lista de avisos.")
    assert Inscricao.objects.get(numero="0002").reserva is True


def test_a_pagina_da_importacao_lista_os_avisos(admin_client, certame, cpfs):
    admin_client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]), {"arquivo": ContentFile(
        csv_de(linha("0001", cpfs[0], cor="branca", reserva="sim")), name="banca.csv")})
    importacao = Importacao.objects.get()
    assert importacao.avisos[0]["linha"] == 2
    pagina = admin_client.get(reverse("admin:concursos_importacao_progresso", args=[importacao.pk])).content.decode()
    assert "Avisos sobre os dados da banca (1)" in pagina and "a opção pela reserva não vale" in pagina


def test_a_gravacao_em_andamento_e_uma_informacao_e_nao_um_sucesso(admin_client, certame, cpfs, monkeypatch):
    from concursos.admin import importacao as tela

    admin_client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]), {"arquivo": ContentFile(
        csv_de(linha("0001", cpfs[0])), name="banca.csv")})
    importacao = Importacao.objects.get()
    monkeypatch.setattr(tela, "iniciar", lambda importacao: None)
    resposta = admin_client.post(reverse("admin:concursos_importacao_progresso", args=[importacao.pk]),
                                 {"confirmar": "1"}, follow=True)
    [mensagem] = list(resposta.context["messages"])
    assert mensagem.level_tag == "info" and "A gravação está em andamento" in mensagem.message
    assert 'class="info"' in resposta.content.decode()


@pytest.fixture
def na_fila_ha_muito(certame, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    importacao = Importacao.objects.create(certame=certame, nome_original="banca.csv", simulacao=True,
                                           estado=EstadoImportacao.PENDENTE, total_linhas=10)
    Importacao.objects.filter(pk=importacao.pk).update(criada_em=timezone.now() - timedelta(hours=1))
    return reverse("admin:concursos_importacao_progresso", args=[importacao.pk])


def test_o_rh_nao_ve_o_comando_do_processo_da_fila(client, operador, na_fila_ha_muito):
    client.force_login(operador)
    pagina = client.get(na_fila_ha_muito).content.decode()
    assert "db_worker" not in pagina
    assert "avise o administrador do sistema" in pagina


def test_o_administrador_ve_o_comando_so_com_a_fila_parada(admin_client, na_fila_ha_muito):
    from django_tasks_db.models import DBTaskResult

    assert "python manage.py db_worker" in admin_client.get(na_fila_ha_muito).content.decode()
    DBTaskResult.objects.create(status="RUNNING", args_kwargs={}, task_path="x", backend_name="default",
                                run_after=timezone.now(), started_at=timezone.now())
    assert "db_worker" not in admin_client.get(na_fila_ha_muito).content.decode()

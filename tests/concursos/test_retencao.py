"""A guarda dos dados pessoais e o seu fim (LGPD art. 15, I, e art. 16): os arquivos da banca saem depois de usados,
os candidatos dos certames vencidos são anonimizados (ficam o nome e o CPF mascarado das listas publicadas), os
resultados antigos das tarefas saem da fila e o PDF do relatório do titular sai do armazenamento depois de alguns
dias."""

import hashlib
import os
from datetime import date, datetime, time, timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from concursos.documentos import TIPO_QUADRO_VAGAS, TIPO_RELATORIO_TITULAR
from concursos.models import Candidato, Cargo, Certame, EstadoImportacao, Importacao, Inscricao, mascarar_cpf
from concursos.retencao import aplicar_retencao, fim_da_guarda
from concursos.tarefas import agendar_retencao, retencao_diaria
from documentos.models import DocumentoEmitido, TarefaEmSegundoPlano
from documentos.pdf import emitir_pdf
from nucleo.models import Orgao
from nucleo.titular import relatorio_do_titular
from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

HOJE = date(2026, 12, 1)


@pytest.fixture(autouse=True)
def midia(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def vencido(fazer_certame, inscrever):
    """Validade até 2019, guarda de 5 anos: venceu em 2024."""
    certame = fazer_certame(numero="001/2017")
    certame.validade_ate = date(2019, 6, 30)
    certame.save()
    return certame, inscrever(certame.cargos.get(), [("0001", "preta", True, True), ("0002", "branca")])


def test_o_fim_da_guarda_conta_da_prorrogacao_com_os_anos_do_orgao(vencido):
    certame, _ = vencido
    assert fim_da_guarda(certame) == date(2024, 6, 30)
    certame.prorrogado_ate = date(2021, 6, 30)
    certame.orgao.retencao_anos = 10
    assert fim_da_guarda(certame) == date(2031, 6, 30)


def test_candidatos_do_certame_vencido_sao_anonimizados_e_o_cpf_das_listas_fica(vencido):
    _, (primeira, _) = vencido
    cpf = primeira.candidato.cpf
    Candidato.objects.filter(pk=primeira.candidato_id).update(email="p@exemplo.org", telefone="27 9999-0000",
                                                              data_nascimento=date(1990, 1, 1), pcd=True)
    resumo = aplicar_retencao(HOJE)
    assert resumo.certames_vencidos == 1 and resumo.anonimizados["candidatos"] == 2
    candidato = Candidato.objects.get(pk=primeira.candidato_id)
    assert candidato.nome == "Candidato 0001" and candidato.anonimizado_em is not None
    assert cpf not in candidato.cpf and (candidato.email, candidato.telefone, candidato.data_nascimento,
                                         candidato.cor_raca, candidato.pcd) == ("", "", None, "", False)
    assert mascarar_cpf(candidato.cpf) == mascarar_cpf(cpf) == f"***.{cpf[3:6]}.{cpf[6:9]}-**"
    inscricao = Inscricao.objects.get(pk=primeira.pk)
    assert (inscricao.cor_raca, inscricao.pcd, inscricao.numero) == ("", False, "0001")
    assert not relatorio_do_titular(cpf, None).titulares
    # Uma segunda rodada não muda nada.
    assert aplicar_retencao(HOJE).anonimizados["candidatos"] == 0


def test_quem_tem_inscricao_num_certame_ainda_guardado_nao_e_tocado(vencido, fazer_certame):
    _, (primeira, segunda) = vencido
    atual = fazer_certame(numero="002/2024")
    Inscricao.objects.create(certame=atual, cargo=atual.cargos.get(), candidato=primeira.candidato, numero="X-1",
                             cor_raca="preta")
    sem_validade = fazer_certame(numero="003/2010")
    assert aplicar_retencao(HOJE).anonimizados["candidatos"] == 1
    assert Candidato.objects.get(pk=primeira.candidato_id).anonimizado_em is None
    assert Candidato.objects.get(pk=segunda.candidato_id).anonimizado_em is not None
    assert sem_validade.validade_ate is None


def test_o_cadastro_anonimizado_num_orgao_nao_toca_o_da_mesma_pessoa_em_outro(vencido):
    """Cada órgão tem o seu cadastro e a sua tabela de temporalidade (decisão 0005): vencida a guarda na Prefeitura,
    a Câmara, que ainda guarda a inscrição dela, continua com o cadastro inteiro."""
    _, (primeira, _) = vencido
    pessoa = primeira.candidato
    camara = Orgao.objects.create(nome="Câmara Municipal de Vargem Alta", municipio=municipio("Vargem Alta", "ES"))
    certame = Certame.objects.create(orgao=camara, numero_edital="010/2024", titulo="Concurso da Câmara",
                                     data_edital=date(2024, 3, 1))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Administrador", vagas=1)
    na_camara = Candidato.objects.create(orgao=camara, nome=pessoa.nome, cpf=pessoa.cpf, cor_raca="preta",
                                         email="p@camara.org", data_nascimento=date(1990, 1, 1))
    Inscricao.objects.create(certame=certame, cargo=cargo, candidato=na_camara, numero="C-1", cor_raca="preta",
                             pcd=True)
    assert aplicar_retencao(HOJE).anonimizados["candidatos"] == 2
    assert Candidato.objects.get(pk=pessoa.pk).anonimizado_em is not None
    na_camara.refresh_from_db()
    assert (na_camara.cpf, na_camara.email, na_camara.cor_raca, na_camara.data_nascimento,
            na_camara.anonimizado_em) == (pessoa.cpf, "p@camara.org", "preta", date(1990, 1, 1), None)
    assert Inscricao.objects.values_list("cor_raca", "pcd").get(numero="C-1") == ("preta", True)
    assert relatorio_do_titular(pessoa.cpf, None).titulares == (na_camara.pk,)


def _importacao(certame, **campos) -> Importacao:
    importacao = Importacao(certame=certame, nome_original="banca.csv", **campos)
    importacao.arquivo.save("banca.csv", ContentFile(b"inscricao,cpf\n0001,12345678909\n"), save=False)
    importacao.save()
    return importacao


def test_os_arquivos_da_banca_saem_depois_de_usados_e_fica_o_sha256(vencido):
    certame, _ = vencido
    agora = timezone.now()
    gravada = _importacao(certame, estado=EstadoImportacao.CONCLUIDA, concluida_em=agora,
                          erros=[{"linha": 2, "coluna": "cpf", "valor": "12345678909", "motivo": "CPF inválido"}],
                          avisos=[{"linha": 3, "coluna": "reserva", "valor": "sim",
                                   "motivo": "a autodeclaração é «branca»: nenhum grupo da lei a alcança"}])
    esperando = _importacao(certame, estado=EstadoImportacao.CONCLUIDA, simulacao=True, concluida_em=agora)
    esquecida = _importacao(certame, estado=EstadoImportacao.CONCLUIDA, simulacao=True,
                            concluida_em=agora - timedelta(days=8))
    caminho = gravada.arquivo.path
    assert aplicar_retencao(HOJE).arquivos_apagados == 2
    gravada.refresh_from_db()
    assert not gravada.arquivo and len(gravada.sha256) == 64 and gravada.erros == [
        {"linha": 2, "coluna": "cpf", "motivo": "CPF inválido"}]
    # O aviso trazia a autodeclaração (dado sensível): ficam a linha e a coluna.
    assert gravada.avisos == [{"linha": 3, "coluna": "reserva"}]
    assert not os.path.exists(caminho)
    esperando.refresh_from_db()
    assert esperando.arquivo and esperando.estado == EstadoImportacao.CONCLUIDA
    esquecida.refresh_from_db()
    assert esquecida.estado == EstadoImportacao.FALHOU and "Envie o arquivo de novo" in esquecida.resumo


def test_a_pagina_da_importacao_sem_o_arquivo_abre(vencido, admin_client):
    from django.urls import reverse

    certame, _ = vencido
    importacao = _importacao(certame, estado=EstadoImportacao.COM_ERROS, concluida_em=timezone.now())
    aplicar_retencao(HOJE)
    resposta = admin_client.get(reverse("admin:concursos_importacao_progresso", args=[importacao.pk]))
    assert resposta.status_code == 200


def _tarefa(terminada_em) -> TarefaEmSegundoPlano:
    return TarefaEmSegundoPlano.objects.create(
        task_path="concursos.tarefas.gerar_exportacao", args_kwargs={}, status="SUCCESSFUL", backend_name="default",
        run_after=terminada_em, finished_at=terminada_em, exception_class_path="", traceback="")


def test_resultados_antigos_das_tarefas_saem_da_fila():
    antiga = _tarefa(timezone.now() - timedelta(days=40))
    recente = _tarefa(timezone.now())
    assert aplicar_retencao(HOJE).tarefas_apagadas == 1
    assert set(DBTaskResult.objects.values_list("pk", flat=True)) == {recente.pk}
    assert antiga.pk not in set(DBTaskResult.objects.values_list("pk", flat=True))


def test_a_rodada_diaria_se_agenda_uma_vez_na_fila(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    assert agendar_retencao() and agendar_retencao()
    agendadas = DBTaskResult.objects.filter(task_path=retencao_diaria.module_path)
    assert agendadas.count() == 1
    assert timezone.localtime(agendadas.get().run_after).hour == 3


def test_o_comando_mostra_o_resumo_e_recusa_agendar_sem_fila(capsys):
    call_command("aplicar_retencao")
    assert "Arquivos da banca apagados: 0" in capsys.readouterr().out
    with pytest.raises(CommandError, match="não agenda para depois"):
        call_command("aplicar_retencao", "--agendar")


def test_importacao_que_falhou_sem_o_arquivo_nao_se_refaz(vencido):
    from concursos.recuperacao import reabrir_importacao

    certame, _ = vencido
    falhou = _importacao(certame, estado=EstadoImportacao.FALHOU, concluida_em=timezone.now() - timedelta(days=8))
    aplicar_retencao(HOJE)
    falhou.refresh_from_db()
    assert not falhou.arquivo and not reabrir_importacao(falhou)
    assert Importacao.objects.get(pk=falhou.pk).estado == EstadoImportacao.FALHOU


def test_a_rodada_diaria_se_reagenda_mesmo_depois_de_uma_falha(settings, monkeypatch):
    from concursos import tarefas

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

    def falha():
        raise RuntimeError("banco fora do ar")

    monkeypatch.setattr(tarefas, "aplicar_retencao", falha)
    with pytest.raises(RuntimeError):
        tarefas.retencao_diaria.func()
    assert DBTaskResult.objects.filter(task_path=retencao_diaria.module_path, status="READY").count() == 1


def test_o_pdf_do_relatorio_do_titular_sai_depois_do_prazo_e_fica_o_registro_com_o_sha256(vencido, admin_client,
                                                                                       client, settings):
    """O PDF guardado traz o cadastro inteiro da pessoa (art. 18): sai do armazenamento RETENCAO_RELATORIO_TITULAR_DIAS
    depois da emissão; o registro fica, e quem recebeu o PDF ainda o confere na página de verificação."""
    from django.urls import reverse

    _, (primeira, _) = vencido
    assert settings.RETENCAO_RELATORIO_TITULAR_DIAS == 30
    pedido = {"cpf": primeira.candidato.cpf, "requerimento": "Protocolo 9/2026", "formato": "pdf"}
    entregue = admin_client.post(reverse("admin:concursos_candidato_titular"), pedido).content
    antigo = DocumentoEmitido.objects.get(tipo=TIPO_RELATORIO_TITULAR)
    DocumentoEmitido.objects.filter(pk=antigo.pk).update(emitido_em=timezone.now() - timedelta(days=31))
    admin_client.post(reverse("admin:concursos_candidato_titular"), pedido)
    recente = DocumentoEmitido.objects.exclude(pk=antigo.pk).get()
    caminho = antigo.arquivo.path
    # Uma versão assinada traz o mesmo PDF inteiro: sai junto.
    from django.core.files.base import ContentFile

    from documentos.models import AssinaturaDoDocumento

    assinada = AssinaturaDoDocumento(documento=antigo, ordem=1, nome="Fulano", assinado_em=timezone.now())
    assinada.arquivo.save("assinado.pdf", ContentFile(entregue), save=True)
    caminho_assinado = assinada.arquivo.path

    resumo = aplicar_retencao(HOJE)
    assert resumo.relatorios_apagados == 1
    assert "PDFs de relatórios do titular apagados: 1." in str(resumo)
    assert not os.path.exists(caminho) and not os.path.exists(caminho_assinado)
    assinada.refresh_from_db()
    assert not assinada.arquivo
    antigo.refresh_from_db()
    assert not antigo.arquivo and antigo.sha256 == hashlib.sha256(entregue).hexdigest()
    recente.refresh_from_db()
    assert recente.arquivo and os.path.exists(recente.arquivo.path)
    conferido = client.post(antigo.get_absolute_url(), {"arquivo": SimpleUploadedFile("relatorio.pdf", entregue)})
    assert "Arquivo idêntico ao emitido" in conferido.content.decode()
    lista = admin_client.get(reverse("admin:documentos_documentoemitido_changelist")).content.decode()
    assert "Apagado pela guarda dos dados (fica o SHA-256)" in lista
    assert admin_client.get(reverse("admin:documentos_documentoemitido_pdf", args=[antigo.pk])).status_code == 404
    assert aplicar_retencao(HOJE).relatorios_apagados == 0


def test_o_prazo_do_pdf_do_relatorio_vem_da_configuracao_e_os_outros_documentos_ficam(vencido, admin_client,
                                                                                   settings):
    settings.RETENCAO_RELATORIO_TITULAR_DIAS = 7
    quadro = emitir_pdf(template="concursos/pdf/relatorio_titular.html", contexto={}, titulo="Quadro de vagas",
                        tipo=TIPO_QUADRO_VAGAS)
    relatorio = emitir_pdf(template="concursos/pdf/relatorio_titular.html", contexto={}, titulo="Relatório",
                           tipo=TIPO_RELATORIO_TITULAR)
    DocumentoEmitido.objects.update(emitido_em=timezone.now() - timedelta(days=8))
    assert aplicar_retencao(HOJE).relatorios_apagados == 1
    relatorio.refresh_from_db()
    quadro.refresh_from_db()
    assert not relatorio.arquivo and quadro.arquivo and os.path.exists(quadro.arquivo.path)
    pagina = " ".join(admin_client.get("/admin/concursos/candidato/titular/").content.decode().split())
    assert "O PDF fica guardado nos documentos emitidos por 7 dias" in pagina


def _cadastro(orgao, nome: str, criado_em, **campos) -> Candidato:
    return Candidato.objects.create(orgao=orgao, nome=nome, cpf=cpf_valido(), criado_em=criado_em,
                                    email=f"{nome.lower()}@exemplo.org", cor_raca="parda", **campos)


def _em(dia: date):
    return timezone.make_aware(datetime.combine(dia, time(12)))


def test_cadastro_sem_inscricao_e_anonimizado_quando_a_guarda_do_orgao_contada_da_criacao_acaba(orgao):
    """Sem inscrição, nenhum certame leva o cadastro à anonimização (LGPD art. 16): a guarda do órgão (5 anos) conta
    da criação. Criado antes de 01/12/2021, vence em 01/12/2026; criado nesse dia, fica até o dia seguinte."""
    vencido = _cadastro(orgao, "Antigo", _em(date(2021, 11, 30)), pcd=True, data_nascimento=date(1980, 5, 5))
    no_limite = _cadastro(orgao, "Limite", _em(date(2021, 12, 1)))
    cpf = vencido.cpf
    resumo = aplicar_retencao(HOJE)
    assert resumo.sem_inscricao_anonimizados == 1
    assert "Cadastros sem inscrição anonimizados: 1." in str(resumo)
    vencido.refresh_from_db()
    assert vencido.anonimizado_em is not None and vencido.nome == "Antigo"
    assert (vencido.email, vencido.cor_raca, vencido.pcd, vencido.data_nascimento) == ("", "", False, None)
    assert mascarar_cpf(vencido.cpf) == mascarar_cpf(cpf) and cpf not in vencido.cpf
    assert not relatorio_do_titular(cpf, None).titulares
    no_limite.refresh_from_db()
    assert no_limite.anonimizado_em is None and no_limite.email == "limite@exemplo.org"
    assert aplicar_retencao(HOJE + timedelta(days=1)).sem_inscricao_anonimizados == 1
    assert Candidato.objects.get(pk=no_limite.pk).anonimizado_em is not None


def test_cada_orgao_conta_a_guarda_do_cadastro_sem_inscricao_com_os_seus_anos(orgao):
    camara = Orgao.objects.create(nome="Câmara Municipal de Vargem Alta", municipio=municipio("Vargem Alta", "ES"),
                                  retencao_anos=10)
    criado = _em(date(2018, 3, 1))
    na_prefeitura, na_camara = _cadastro(orgao, "Prefeitura", criado), _cadastro(camara, "Camara", criado)
    assert aplicar_retencao(HOJE).sem_inscricao_anonimizados == 1
    assert Candidato.objects.get(pk=na_prefeitura.pk).anonimizado_em is not None
    assert Candidato.objects.get(pk=na_camara.pk).anonimizado_em is None


def test_cadastro_antigo_com_inscricao_segue_a_guarda_do_certame_e_nao_a_da_criacao(fazer_certame):
    """Com inscrição num certame ainda guardado (sem validade encerrada), a data da criação não conta."""
    certame = fazer_certame(numero="004/2015")
    antigo = _cadastro(certame.orgao, "Inscrito", _em(date(2015, 1, 10)))
    Inscricao.objects.create(certame=certame, cargo=certame.cargos.get(), candidato=antigo, numero="A-1",
                             cor_raca="parda")
    assert aplicar_retencao(HOJE).sem_inscricao_anonimizados == 0
    antigo.refresh_from_db()
    assert antigo.anonimizado_em is None and antigo.email == "inscrito@exemplo.org"


def test_o_cadastro_novo_tem_a_data_da_criacao():
    antes = timezone.now()
    orgao = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=municipio("Iúna", "ES"))
    candidato = Candidato.objects.create(orgao=orgao, nome="Nova", cpf=cpf_valido())
    assert antes <= candidato.criado_em <= timezone.now()


def test_os_documentos_para_a_reserva_saem_com_a_autodeclaracao_e_o_titular_os_ve_antes(vencido):
    """Os documentos que provaram o pertencimento ao grupo (Iúna art. 2º, II) revelam a etnia: o titular os vê no
    relatório (LGPD art. 18) e, terminada a guarda, eles saem com o histórico (art. 16)."""
    from concursos.models import DocumentoApresentado
    from concursos.titular import secoes

    _, (primeira, _) = vencido
    documento = DocumentoApresentado.objects.create(
        inscricao=primeira, grupo="NEG", tipo="DOC", nome="Documento oficial", origem="manual",
        conferencia="recusado", motivo="Ilegível.")
    documento.save()
    secao = next(s for s in secoes(primeira.candidato.cpf, None)
                 if s.titulo == "Documentos apresentados para a reserva")
    assert [linha[:4] + linha[5:6] + linha[7:] for linha in secao.linhas] == [
        ("001/2017", "0001", "Documento oficial", "Registro à mão", "Recusado", "Ilegível.")]
    assert DocumentoApresentado.history.exists()
    aplicar_retencao(HOJE)
    assert not DocumentoApresentado.objects.exists() and not DocumentoApresentado.history.exists()

"""A migração 0012: cada cadastro que já existe ganha a data mais antiga em que se sabe que existia (o histórico das
inscrições dele, o registro do admin que o criou); sem nenhuma, a da migração — a guarda do cadastro sem inscrição
conta dela (concursos/retencao.py), e a anonimização não se desfaz."""

from datetime import UTC, date, datetime

import pytest
from django.contrib.admin.models import ADDITION, CHANGE
from django.utils import timezone

from tests.migracoes import migrar, no_estado

ANTES = [("concursos", "0011_exportacao_vinda_de_documentos"), ("admin", "0003_logentry_add_action_flag_choices"),
         ("nucleo", "0004_acesso_ao_historico")]
DEPOIS = [("concursos", "0012_data_do_cadastro")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    """O banco antes da data do cadastro; no fim, de volta à última migração de cada app."""
    yield from no_estado(ANTES)


def _dia(ano: int, mes: int, dia: int) -> datetime:
    return datetime(ano, mes, dia, 12, tzinfo=UTC)


def test_o_cadastro_fica_com_a_data_mais_antiga_que_o_sistema_conhece(estado_antigo):
    apps = estado_antigo
    Orgao, Candidato = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Candidato")
    Certame, Cargo = apps.get_model("concursos", "Certame"), apps.get_model("concursos", "Cargo")
    HistoricoInscricao = apps.get_model("concursos", "HistoricalInscricao")
    LogEntry, ContentType = apps.get_model("admin", "LogEntry"), apps.get_model("contenttypes", "ContentType")
    orgao = Orgao.objects.create(nome="Prefeitura", municipio="Vargem Alta", uf="ES")
    certame = Certame.objects.create(orgao=orgao, numero_edital="1/2019", titulo="Concurso", municipio="Vargem Alta",
                                     uf="ES", data_edital=date(2019, 3, 1))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Administrador", vagas=2)
    importado, pelo_admin, pelos_dois, _sem_rastro = (
        Candidato.objects.create(orgao=orgao, nome=nome, nome_busca=nome.lower(), cpf=cpf)
        for nome, cpf in [("Importado", "52998224725"), ("Admin", "11144477735"), ("Dois", "39053344705"),
                          ("Sem rastro", "86288366757")])
    # A inscrição do importado foi apagada: o histórico dela fica, com a data em que foi gravada.
    for numero, (candidato, quando, tipo) in enumerate([(importado, _dia(2019, 3, 2), "+"),
                                                       (importado, _dia(2020, 5, 5), "-"),
                                                       (pelos_dois, _dia(2021, 1, 1), "+")]):
        HistoricoInscricao.objects.create(id=numero + 1, certame_id=certame.pk, cargo_id=cargo.pk,
                                          candidato_id=candidato.pk, numero=str(numero), history_date=quando,
                                          history_type=tipo, situacao="habilitado")
    usuario = apps.get_model("auth", "User").objects.create(username="rh")
    do_candidato = ContentType.objects.get_or_create(app_label="concursos", model="candidato")[0]
    do_certame = ContentType.objects.get_or_create(app_label="concursos", model="certame")[0]
    for tipo, objeto, quando, acao in [(do_candidato, pelo_admin, _dia(2018, 7, 1), ADDITION),
                                       (do_candidato, pelo_admin, _dia(2017, 1, 1), CHANGE),
                                       (do_certame, pelo_admin, _dia(2016, 1, 1), ADDITION),
                                       (do_candidato, pelos_dois, _dia(2020, 2, 2), ADDITION)]:
        LogEntry.objects.create(action_time=quando, user=usuario, content_type_id=tipo.pk, object_id=str(objeto.pk),
                                object_repr="cadastro", action_flag=acao, change_message="")

    antes = timezone.now()
    apps = migrar(DEPOIS)
    datas = dict(apps.get_model("concursos", "Candidato").objects.values_list("nome", "criado_em"))
    assert datas["Importado"] == _dia(2019, 3, 2)
    assert datas["Admin"] == _dia(2018, 7, 1)
    assert datas["Dois"] == _dia(2020, 2, 2)
    assert antes <= datas["Sem rastro"] <= timezone.now()

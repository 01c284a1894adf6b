"""As migrações concursos/0011 e documentos/0006–0007: a exportação passa de documentos para concursos com a tabela
renomeada, e os tipos de documento passam ao registro dos apps, a partir do banco como estava antes, com dados e
com as tabelas de verdade (PostgreSQL e SQLite)."""

from datetime import UTC, datetime

import pytest
from django.db import connection

from tests.migracoes import migrar, no_estado

ANTES = [("concursos", "0010_historico_sem_autodeclaracao"), ("documentos", "0005_exportacao_ultimo_sinal")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    """O banco antes da mudança (a exportação em documentos); no fim, de volta à última migração de cada app."""
    yield from no_estado(ANTES)


def _dados_antigos(apps):
    Usuario = apps.get_model("auth", "User")
    ContentType, Permission = apps.get_model("contenttypes", "ContentType"), apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    rh = Usuario.objects.create(username="rh")
    tipo = ContentType.objects.get_or_create(app_label="documentos", model="exportacao")[0]
    ver = Permission.objects.get_or_create(content_type=tipo, codename="view_exportacao",
                                           defaults={"name": "Can view exportação"})[0]
    Group.objects.create(name="Recursos humanos").permissions.add(ver)
    exportacao = apps.get_model("documentos", "Exportacao").objects.create(
        criada_por=rh, modelo="concursos.inscricao", recurso="InscricaoPublicacaoResource", formato="CSV",
        descricao="Inscrições — publicação (CSV)", estado="pronta", total_linhas=8, linhas_processadas=8,
        nome_arquivo="inscricoes.csv", ultimo_sinal=datetime(2026, 3, 2, 12, tzinfo=UTC))
    documento = apps.get_model("documentos", "DocumentoEmitido").objects.create(
        tipo="ata_recurso", titulo="Ata da 2ª sessão", codigo="7KQ29XHM4TPA", sha256="0" * 64,
        arquivo="documentos/2026/03/7KQ29XHM4TPA.pdf", nome_arquivo="ata.pdf", tamanho=10, paginas=1,
        emitido_em=datetime(2026, 3, 2, 12, tzinfo=UTC))
    return rh, exportacao, documento


def test_a_exportacao_passa_a_concursos_com_as_linhas_e_a_permissao(estado_antigo):
    rh, antiga, documento = _dados_antigos(estado_antigo)
    migrar()

    from django.contrib.auth.models import Group, Permission

    from concursos.models import EstadoExportacao, Exportacao
    from documentos.models import DocumentoEmitido

    tabelas = connection.introspection.table_names()
    assert "concursos_exportacao" in tabelas and "documentos_exportacao" not in tabelas
    movida = Exportacao.objects.get(pk=antiga.pk)
    assert (movida.chave, movida.criada_por_id, movida.estado, movida.total_linhas, movida.ultimo_sinal) == (
        antiga.chave, rh.pk, EstadoExportacao.PRONTA, 8, datetime(2026, 3, 2, 12, tzinfo=UTC))
    assert movida.progresso == 100
    # A chave primária continua a sequência da tabela (no PostgreSQL, a identidade vai junto com a tabela).
    nova = Exportacao.objects.create(criada_por_id=rh.pk, modelo="concursos.inscricao", recurso="X", formato="CSV",
                                     descricao="Nova")
    assert nova.pk > antiga.pk
    # O perfil que via as exportações continua a vê-las: a permissão foi junto com o tipo de conteúdo.
    ver = Permission.objects.get(codename="view_exportacao")
    assert ver.content_type.app_label == "concursos"
    assert list(Group.objects.get(name="Recursos humanos").permissions.all()) == [ver]
    # O documento guardado antes do registro dos tipos ainda diz o que é.
    assert DocumentoEmitido.objects.get(pk=documento.pk).get_tipo_display() == "Ata de julgamento de recursos"


def test_a_volta_devolve_a_tabela_e_o_tipo_de_conteudo_a_documentos(estado_antigo):
    _, antiga, _ = _dados_antigos(estado_antigo)
    migrar()
    apps = migrar(ANTES)

    assert apps.get_model("documentos", "Exportacao").objects.get(pk=antiga.pk).chave == antiga.chave
    assert apps.get_model("contenttypes", "ContentType").objects.filter(app_label="documentos",
                                                                        model="exportacao").exists()

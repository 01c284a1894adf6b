"""A migração 0020: o campo `Inscricao.documento_indigena` (Iúna art. 2º, II, nunca conferido) vira um documento
apresentado, a conferir, no grupo dos indígenas da lei congelada no certame, com o tipo da mesma alínea; e a 0007 da
legislação: o texto livre dos documentos de um grupo vira regras (as leis de origem, com os tipos e os artigos)."""

from datetime import date

import pytest

from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio
from tests.migracoes import migrar, no_estado

ANTES = [("concursos", "0022_resumo_com_listas_e_autodeclaracao"), ("legislacao", "0011_leis_federais")]
DEPOIS = [("concursos", "0023_documentos_apresentados"), ("legislacao", "0012_documentos_aceitos")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    yield from no_estado(ANTES)


def test_o_documento_indigena_vira_documento_apresentado_a_conferir(estado_antigo):
    apps = estado_antigo
    Orgao, Certame = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Certame")
    Cargo, Candidato = apps.get_model("concursos", "Cargo"), apps.get_model("concursos", "Candidato")
    Inscricao = apps.get_model("concursos", "Inscricao")
    local = municipio("Iúna")
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Iúna", municipio_id=local.pk)
    # As regras congeladas na publicação, como a de um edital de Iúna publicado antes desta migração (sem a chave
    # «documentos»): o grupo dos indígenas é o IND.
    regras = {"motor": {"grupos": [{"codigo": "NEG", "cores": ["parda", "preta"]},
                                   {"codigo": "IND", "cores": ["indigena"]}]}, "lei": {"slug": "iuna-es"}}
    certame = Certame.objects.create(orgao=orgao, numero_edital="1/2024", titulo="Concurso", municipio_id=local.pk,
                                     data_edital=date(2024, 3, 1), estado="resultado", regras=regras)
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome="Administrador", vagas=10)
    for numero, documento in (("I1", "rani"), ("I2", "declaracao"), ("N1", "")):
        candidato = Candidato.objects.create(orgao=orgao, nome=numero, nome_busca=numero.lower(), cpf=cpf_valido())
        Inscricao.objects.create(certame=certame, cargo=cargo, candidato=candidato, numero=numero, reserva=True,
                                 cor_raca="indigena" if documento else "parda", documento_indigena=documento)
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    textos = dict(GrupoReserva.objects.filter(lei__slug="iuna-es").values_list("codigo", "documentos"))
    assert textos["IND"].startswith("Declaração de pertencimento étnico") and textos["NEG"] == ""

    apps = migrar(DEPOIS)
    documentos = apps.get_model("concursos", "DocumentoApresentado").objects.order_by("inscricao__numero")
    assert list(documentos.values_list("inscricao__numero", "grupo", "tipo", "nome", "origem", "conferencia")) == [
        ("I1", "IND", "RANI", "Registro Nacional de Nascimento (RANI), expedido pela FUNAI", "manual", "a_conferir"),
        ("I2", "IND", "DECL", "Declaração de pertencimento étnico", "manual", "a_conferir")]
    assert all("documento de pertencimento indígena" in d.observacao for d in documentos)
    aceitos = apps.get_model("legislacao", "DocumentoAceito").objects.filter(grupo__lei__slug="iuna-es")
    assert list(aceitos.order_by("ordem").values_list("grupo__codigo", "codigo", "artigo")) == [
        ("IND", "DECL", "art. 2º, II"), ("IND", "RC", "art. 2º, II, a"), ("IND", "RANI", "art. 2º, II, b"),
        ("IND", "RES", "art. 2º, II, c"), ("IND", "NASC", "art. 2º, II, d")]


def test_o_texto_livre_de_outra_lei_vira_um_documento_com_o_texto(estado_antigo):
    apps = estado_antigo
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    grupo = GrupoReserva.objects.filter(lei__slug="vargem-alta-es-2023", codigo="IND").get()
    grupo.documentos = "Declaração da FUNAI."
    grupo.artigo_documentos = "art. 3º"
    grupo.save()
    apps = migrar(DEPOIS)
    aceitos = apps.get_model("legislacao", "DocumentoAceito").objects.filter(grupo_id=grupo.pk)
    assert list(aceitos.values_list("codigo", "nome", "descricao", "artigo")) == [
        ("DOC", "Documento exigido pela lei", "Declaração da FUNAI.", "art. 3º")]

"""A migração 0009: do cadastro único por CPF ao cadastro por órgão (decisão 0005), a partir do estado antigo do
banco, com as tabelas de verdade (PostgreSQL e SQLite)."""

from datetime import UTC, date, datetime

import pytest

from tests.migracoes import migrar, no_estado

ANTES = [("concursos", "0008_importacao_ultimo_sinal"), ("nucleo", "0003_guarda_dos_dados")]
DEPOIS = [("concursos", "0009_candidato_por_orgao")]

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo():
    """O banco na migração 0008 (um cadastro por CPF); no fim, de volta à última migração de cada app."""
    yield from no_estado(ANTES)


def _certame(apps, orgao, numero):
    Certame, Cargo = apps.get_model("concursos", "Certame"), apps.get_model("concursos", "Cargo")
    certame = Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso", municipio="Vargem Alta",
                                     uf="ES", data_edital=date(2024, 3, 1))
    return certame, Cargo.objects.create(certame=certame, codigo="ADM", nome="Administrador", vagas=2)


def _inscrever(apps, certame, cargo, candidato, numero):
    return apps.get_model("concursos", "Inscricao").objects.create(
        certame=certame, cargo=cargo, candidato=candidato, numero=numero, cor_raca="parda")


def test_a_pessoa_inscrita_em_dois_orgaos_ganha_um_cadastro_em_cada(estado_antigo):
    apps = estado_antigo
    Orgao, Candidato = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Candidato")
    AcessoSensivel = apps.get_model("nucleo", "AcessoSensivel")
    prefeitura = Orgao.objects.create(nome="Prefeitura", municipio="Vargem Alta", uf="ES")
    camara = Orgao.objects.create(nome="Câmara", municipio="Vargem Alta", uf="ES")
    (cert_p, cargo_p), (cert_c, cargo_c) = _certame(apps, prefeitura, "1/2024"), _certame(apps, camara, "2/2024")
    (cert_p2, cargo_p2) = _certame(apps, prefeitura, "3/2024")
    maria = Candidato.objects.create(nome="Maria da Silva", nome_busca="maria da silva", cpf="52998224725",
                                     email="maria@exemplo.org", cor_raca="parda", pcd=True)
    joao = Candidato.objects.create(nome="João", nome_busca="joao", cpf="11144477735")
    _inscrever(apps, cert_p, cargo_p, maria, "P1")
    _inscrever(apps, cert_p2, cargo_p2, maria, "P2")
    na_camara = _inscrever(apps, cert_c, cargo_c, maria, "C1")
    _inscrever(apps, cert_c, cargo_c, joao, "C2")
    HistoricoInscricao = apps.get_model("concursos", "HistoricalInscricao")
    HistoricoInscricao.objects.create(id=na_camara.pk, certame_id=cert_c.pk, cargo_id=cargo_c.pk,
                                      candidato_id=maria.pk, numero="C1", history_date=datetime(2024, 3, 2, tzinfo=UTC),
                                      history_type="~", situacao="habilitado", heteroidentificacao="nao_se_aplica")
    comum = {"nome_usuario": "rh", "tipo": "ficha", "tela": "/admin/", "descricao": "ficha"}
    acesso_p = AcessoSensivel.objects.create(orgao=prefeitura, titular_id=maria.pk, **comum)
    acesso_c = AcessoSensivel.objects.create(orgao=camara, titular_id=maria.pk, modelo="concursos.candidato",
                                             objeto_id=maria.pk, **comum)

    apps = migrar(DEPOIS)
    Candidato, Inscricao = apps.get_model("concursos", "Candidato"), apps.get_model("concursos", "Inscricao")
    AcessoSensivel = apps.get_model("nucleo", "AcessoSensivel")
    cadastros = {c.orgao_id: c for c in Candidato.objects.filter(cpf="52998224725")}
    assert set(cadastros) == {prefeitura.pk, camara.pk}
    original, copia = cadastros[prefeitura.pk], cadastros[camara.pk]
    assert original.pk == maria.pk and copia.pk != maria.pk
    assert (copia.nome, copia.nome_busca, copia.email, copia.cor_raca, copia.pcd) == (
        "Maria da Silva", "maria da silva", "maria@exemplo.org", "parda", True)
    assert dict(Inscricao.objects.filter(numero__in=["P1", "P2", "C1"]).values_list("numero", "candidato_id")) == {
        "P1": original.pk, "P2": original.pk, "C1": copia.pk}
    assert HistoricoInscricao.objects.get(id=na_camara.pk).candidato_id == copia.pk
    assert AcessoSensivel.objects.get(pk=acesso_p.pk).titular_id == original.pk
    assert AcessoSensivel.objects.filter(pk=acesso_c.pk).values_list("titular_id", "objeto_id").get() == (
        copia.pk, copia.pk)
    assert Candidato.objects.get(pk=joao.pk).orgao_id == camara.pk


def test_o_cadastro_sem_inscricao_fica_com_o_primeiro_orgao(estado_antigo):
    apps = estado_antigo
    Orgao, Candidato = apps.get_model("nucleo", "Orgao"), apps.get_model("concursos", "Candidato")
    primeiro = Orgao.objects.create(nome="Prefeitura", municipio="Iúna", uf="ES")
    Orgao.objects.create(nome="Câmara", municipio="Iúna", uf="ES")
    orfao = Candidato.objects.create(nome="Sem inscrição", cpf="52998224725")

    apps = migrar(DEPOIS)
    assert apps.get_model("concursos", "Candidato").objects.get(pk=orfao.pk).orgao_id == primeiro.pk


def test_sem_orgao_nenhum_o_cadastro_sem_inscricao_sai(estado_antigo):
    apps = estado_antigo
    apps.get_model("concursos", "Candidato").objects.create(nome="Sem inscrição", cpf="52998224725")

    apps = migrar(DEPOIS)
    assert not apps.get_model("concursos", "Candidato").objects.exists()

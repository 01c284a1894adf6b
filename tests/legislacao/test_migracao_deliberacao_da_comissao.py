"""A migração legislacao/0016 (decisão 0017): a Lei 15.142/2025 passa a pedir avaliações individuais e a comissão de 5
titulares e 5 suplentes com diversidade (art. 3º, II; IN Conjunta MGI/MIR/MPI nº 261/2025); a versão congelada, usada
por edital publicado, não muda — a regra nova entra numa versão nova, com os grupos e os documentos que eles aceitam;
desfeita a migração, a versão nova sai."""

import pytest

from tests.migracoes import migrar, no_estado

ANTES = [("legislacao", "0015_reserva_nas_fases")]
DEPOIS = [("legislacao", "0016_deliberacao_da_comissao")]
FEDERAL = "federal-lei-15142-2025"

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)


@pytest.fixture
def estado_antigo(leis_de_origem):
    """O banco antes da migração, com as leis repostas antes, se um teste com transações de verdade esvaziou o
    banco."""
    yield from no_estado(ANTES)


def test_lei_federal_congelada_ganha_versao_nova_com_a_deliberacao_individual(estado_antigo):
    Lei = estado_antigo.get_model("legislacao", "Lei")
    Lei.objects.filter(slug=FEDERAL).update(congelada=True)

    Lei = migrar(DEPOIS).get_model("legislacao", "Lei")
    versoes = {lei.versao: lei for lei in Lei.objects.filter(slug=FEDERAL)}
    assert versoes[1].forma_deliberacao == "votacao" and versoes[1].comissao_minimo_suplentes is None
    nova = versoes[2]
    assert (nova.forma_deliberacao, nova.comissao_minimo_membros, nova.comissao_minimo_suplentes) == (
        "individual", 5, 5)
    assert nova.versao_anterior_id == versoes[1].pk and not nova.congelada
    assert sorted(nova.grupos.values_list("codigo", flat=True)) == ["IND", "PP", "QUI"]
    assert (nova.grupos.filter(documentos_aceitos__isnull=False).count()
            == versoes[1].grupos.filter(documentos_aceitos__isnull=False).count())
    afonso = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    assert (afonso.forma_deliberacao, afonso.artigo_forma_deliberacao) == ("votacao", "art. 11, § 2º")

    Lei = migrar(ANTES).get_model("legislacao", "Lei")
    assert list(Lei.objects.filter(slug=FEDERAL).values_list("versao", flat=True)) == [1]

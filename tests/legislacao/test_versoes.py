"""Uma lei usada por edital publicado não muda no lugar: ganha nova versão."""

import pytest
from django.core.exceptions import ValidationError

from legislacao.models import GrupoReserva, Lei
from legislacao.selectors import lei_por_slug
from legislacao.services import lei_congelar, lei_nova_versao

pytestmark = pytest.mark.django_db


def test_lei_congelada_recusa_mudar_a_regra():
    lei = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    lei.minimo_vagas = 5
    with pytest.raises(ValidationError, match="crie uma nova versão"):
        lei.full_clean()


def test_lei_congelada_aceita_completar_observacoes():
    lei = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    lei.observacoes += " Nota acrescentada."
    lei.full_clean()


def test_lei_congelada_aceita_informar_data_de_publicacao_desconhecida():
    from datetime import date

    lei = lei_congelar(lei=lei_por_slug("iuna-es"))
    lei.data_publicacao = date(2022, 4, 1)
    lei.full_clean()


def test_grupo_de_lei_congelada_nao_muda():
    lei = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    grupo = lei.grupos.get(codigo="NEG")
    grupo.percentual = 20
    with pytest.raises(ValidationError, match="nova versão"):
        grupo.full_clean()


def test_nova_versao_copia_regras_e_grupos_e_passa_a_valer():
    original = lei_congelar(lei=lei_por_slug("vargem-alta-es-2023"))
    nova = lei_nova_versao(lei=original)
    assert (nova.versao, nova.versao_anterior_id, nova.congelada) == (2, original.pk, False)
    assert list(nova.grupos.values_list("codigo", "percentual", "artigo")) == list(
        original.grupos.values_list("codigo", "percentual", "artigo"))
    assert lei_por_slug("vargem-alta-es-2023").pk == nova.pk
    assert list(Lei.objects.vigentes_versoes().filter(slug="vargem-alta-es-2023")) == [nova]
    nova.grupos.filter(codigo="NEG").update(percentual=20)
    assert original.regras().grupo("NEG").percentual == 17


def test_nova_versao_so_a_partir_da_mais_recente():
    original = lei_por_slug("afonso-claudio-es-lei-2552-2023")
    lei_nova_versao(lei=original)
    with pytest.raises(ValueError, match="parta da mais recente"):
        lei_nova_versao(lei=original)


def test_regras_do_motor_trazem_os_artigos():
    regras = lei_por_slug("afonso-claudio-es-lei-2552-2023").regras()
    pp = regras.grupo("PP")
    assert (regras.minimo_vagas, regras.artigo_minimo) == (5, "art. 1º, § 1º")
    assert (pp.intervalo, pp.artigo_padrao) == (5, "art. 3º, § 1º")
    indigenas = GrupoReserva.objects.filter(lei__slug="iuna-es", codigo="IND").get().exigencia()
    assert (indigenas.artigo, indigenas.tipos[0].nome) == ("art. 2º, II", "Declaração de pertencimento étnico")

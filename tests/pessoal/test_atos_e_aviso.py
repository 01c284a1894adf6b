"""Nomear, exonerar, contratar e encerrar são atos (pessoal/services.py): o aviso do piso de Ubatuba ao nomear abaixo
dele (art. 8º) e ao contratar estagiário (art. 1º, parágrafo único, I), sem impedir o ato; nada se apaga, uma
exoneração errada se torna sem efeito por outro ato."""

from __future__ import annotations

from datetime import date

import pytest

from nucleo.servicos import ErroOperacao
from pessoal import services
from pessoal.models import AtoPessoal, NomeacaoComissao, TipoAtoPessoal
from pessoal.selectors import participacao_em_comissao
from tests.pessoal.conftest import DIA, contratar, nomear

pytestmark = pytest.mark.django_db


def test_a_nomeacao_que_deixa_o_conjunto_abaixo_do_piso_e_registrada_com_o_aviso_art_8(ubatuba, rh):
    nomear(ubatuba, rh, 2, "parda")
    nomear(ubatuba, rh, 1, "indigena")
    nomear(ubatuba, rh, 16, "branca")
    registro = services.nomeacao_registrar(orgao=ubatuba, nome="Vigésima Pessoa", cargo="Diretora",
                                           nomeado_em=DIA, ato="Portaria 99/2023", usuario=rh, cor_raca="branca")
    assert registro.objeto.pk is not None
    assert registro.aviso == ("Com esta nomeação, 3 de 20 cargos em comissão (15,0%) são ocupados por pessoas negras, "
                              "indígenas ou quilombolas autodeclaradas; o piso da lei é 20% (art. 8º).")
    assert NomeacaoComissao.objects.filter(orgao=ubatuba).count() == 20


def test_no_piso_nao_ha_aviso(ubatuba, rh):
    nomear(ubatuba, rh, 4, "preta")
    nomear(ubatuba, rh, 15, "branca")
    registro = services.nomeacao_registrar(orgao=ubatuba, nome="Pessoa", cargo="Chefe", nomeado_em=DIA,
                                           ato="Portaria 1/2023", usuario=rh)
    assert registro.aviso is None  # 4 de 20 = 20%


def test_sem_o_artigo_do_piso_na_lei_nao_ha_piso(vargem_alta, rh):
    # A lei de Vargem Alta/ES fala só de concursos: não há piso nos cargos em comissão, e nada se inventa.
    registro = services.nomeacao_registrar(orgao=vargem_alta, nome="Pessoa", cargo="Chefe", nomeado_em=DIA,
                                           ato="Portaria 1/2023", usuario=rh, cor_raca="branca")
    assert registro.aviso is None
    [participacao] = participacao_em_comissao([vargem_alta.pk], DIA)
    assert (participacao.piso, participacao.artigo, participacao.ocupados) == (None, None, 1)


def test_depois_da_vigencia_de_ubatuba_nao_ha_piso_art_13(ubatuba, rh):
    # Dez anos a partir de 16/06/2014: em 2025 a lei não vigora mais.
    registro = services.nomeacao_registrar(orgao=ubatuba, nome="Pessoa", cargo="Chefe", nomeado_em=date(2025, 1, 2),
                                           ato="Portaria 1/2025", usuario=rh, cor_raca="branca")
    assert registro.aviso is None


def test_a_contratacao_de_estagiario_abaixo_do_piso_avisa_com_o_artigo_dos_estagios(ubatuba, rh):
    contratar(ubatuba, rh, 1, "parda")
    contratar(ubatuba, rh, 3, "branca")
    registro = services.estagio_contratar(orgao=ubatuba, nome="Estagiário", inicio=DIA,
                                          termino_previsto=date(2023, 12, 31), ato="Termo 9/2023", usuario=rh)
    # 1 de 5 = 20%: no piso; o sem autodeclaração não conta como fora.
    assert registro.aviso is None
    registro = services.estagio_contratar(orgao=ubatuba, nome="Outro", inicio=DIA, termino_previsto=date(2023, 12, 31),
                                          ato="Termo 10/2023", usuario=rh, cor_raca="amarela")
    assert registro.aviso.startswith("Com esta contratação, 1 de 6 estágios (16,7%) é ocupado")
    assert "(art. 1º, parágrafo único, I)" in registro.aviso


def test_a_exoneracao_errada_se_torna_sem_efeito_e_os_dois_atos_ficam(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1, "parda")
    services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=date(2023, 6, 1), ato="Portaria 50/2023",
                               usuario=rh, motivo="A pedido")
    assert participacao_em_comissao([ubatuba.pk], date(2023, 6, 1))[0].ocupados == 0
    assert participacao_em_comissao([ubatuba.pk], date(2023, 5, 31))[0].ocupados == 1
    with pytest.raises(ErroOperacao, match="já foi registrada"):
        services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=date(2023, 7, 1), ato="Portaria 51/2023",
                                   usuario=rh, motivo="De novo")
    services.exoneracao_tornar_sem_efeito(nomeacao=nomeacao, data=date(2023, 6, 5), ato="Portaria 52/2023",
                                          usuario=rh, motivo="Exoneração de outra pessoa registrada nesta ficha")
    nomeacao.refresh_from_db()
    assert nomeacao.exonerado_em is None
    assert list(AtoPessoal.objects.filter(nomeacao=nomeacao).values_list("tipo", flat=True)) == [
        TipoAtoPessoal.NOMEACAO, TipoAtoPessoal.EXONERACAO, TipoAtoPessoal.EXONERACAO_SEM_EFEITO]
    assert nomeacao.history.count() == 3
    assert nomeacao.history.first().history_user == rh


def test_a_exoneracao_nao_vem_antes_da_nomeacao(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1)
    with pytest.raises(ErroOperacao, match="não pode ser anterior à nomeação"):
        services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=date(2022, 1, 1), ato="Portaria 1/2022",
                                   usuario=rh, motivo="Erro")
    assert not AtoPessoal.objects.filter(tipo=TipoAtoPessoal.EXONERACAO).exists()


def test_o_cpf_informado_e_conferido(ubatuba, rh):
    with pytest.raises(ErroOperacao, match="CPF"):
        services.nomeacao_registrar(orgao=ubatuba, nome="Pessoa", cargo="Chefe", nomeado_em=DIA, ato="Portaria 1",
                                    usuario=rh, cpf="12345678900")
    assert not NomeacaoComissao.objects.exists()


def test_o_historico_nao_guarda_a_cor_ou_raca(ubatuba, rh):
    [nomeacao] = nomear(ubatuba, rh, 1, "preta")
    assert not hasattr(nomeacao.history.first(), "cor_raca")

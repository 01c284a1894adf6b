"""Os seletores do monitoramento (pessoal/selectors.py): agregados no banco, por órgão, sem nome de ninguém, com o
piso e o artigo da lei do órgão na data (Ubatuba art. 8º e art. 1º, parágrafo único, I) ou None."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from nucleo.models import Orgao
from pessoal import services
from pessoal.models import Servidor, TipoQuadro, Vinculo
from pessoal.selectors import (
    composicao_dos_servidores,
    data_de_referencia,
    participacao_em_comissao,
    participacao_em_estagio,
    serie_da_participacao,
)
from tests.conftest import municipio
from tests.pessoal.conftest import DIA, contratar, nomear

pytestmark = pytest.mark.django_db


def test_a_participacao_nos_cargos_em_comissao_por_orgao_art_8(ubatuba, vargem_alta, rh):
    nomear(ubatuba, rh, 2, "preta", genero="masculino")
    nomear(ubatuba, rh, 1, "", quilombola=True)
    nomear(ubatuba, rh, 5, "branca")
    nomear(ubatuba, rh, 2, "")
    nomear(vargem_alta, rh, 3, "parda")
    resultado = {p.orgao_id: p for p in participacao_em_comissao([ubatuba.pk, vargem_alta.pk], DIA)}
    u = resultado[ubatuba.pk]
    assert (u.ocupados, u.dos_grupos, u.nao_informados) == (10, 3, 2)
    assert u.por_genero == {"feminino": 8, "masculino": 2}
    assert (u.piso, u.artigo, u.percentual, u.abaixo_do_piso) == (Decimal("20.00"), "art. 8º", Decimal("30.0"), False)
    v = resultado[vargem_alta.pk]
    assert (v.ocupados, v.piso, v.artigo, v.abaixo_do_piso) == (3, None, None, None)


def test_nenhum_nome_sai_dos_seletores(ubatuba, rh):
    nomear(ubatuba, rh, 1, "parda")
    [participacao] = participacao_em_comissao(None, DIA)
    assert "Pessoa" not in str(asdict(participacao))


def test_a_participacao_nos_estagios_conta_so_os_contratos_em_curso_art_1_paragrafo_unico_i(ubatuba, rh):
    [encerrado] = contratar(ubatuba, rh, 1, "parda")
    contratar(ubatuba, rh, 4, "branca")
    services.estagio_encerrar(contrato=encerrado, encerrado_em=date(2023, 5, 1), ato="Termo de rescisão 1",
                              usuario=rh, motivo="A pedido")
    [antes] = participacao_em_estagio([ubatuba.pk], date(2023, 4, 30))
    [depois] = participacao_em_estagio([ubatuba.pk], date(2023, 5, 1))
    assert (antes.ocupados, antes.dos_grupos, antes.abaixo_do_piso) == (5, 1, False)
    assert (depois.ocupados, depois.dos_grupos, depois.abaixo_do_piso) == (4, 0, True)
    assert depois.artigo == "art. 1º, parágrafo único, I"
    # Terminado o prazo previsto, o contrato não ocupa mais a vaga.
    assert participacao_em_estagio([ubatuba.pk], date(2024, 3, 1))[0].ocupados == 0


def test_a_serie_e_a_situacao_em_31_de_dezembro_de_cada_ano(ubatuba, rh):
    nomear(ubatuba, rh, 1, "parda", dia=date(2021, 3, 1))
    nomear(ubatuba, rh, 3, "branca", dia=date(2022, 3, 1))
    serie = serie_da_participacao([ubatuba.pk], [2022, 2020, 2021], TipoQuadro.COMISSAO)
    assert list(serie) == [2020, 2021, 2022]
    assert [serie[ano][0].ocupados for ano in serie] == [0, 1, 4]
    assert serie[2021][0].data == date(2021, 12, 31)
    assert data_de_referencia(2026, hoje=date(2026, 12, 3)) == date(2026, 12, 3)


def test_a_participacao_e_agregada_no_banco_sem_uma_consulta_por_pessoa(ubatuba, vargem_alta, rh):
    nomear(ubatuba, rh, 3, "parda")
    with CaptureQueriesContext(connection) as poucas:
        participacao_em_comissao([ubatuba.pk, vargem_alta.pk], DIA)
    nomear(ubatuba, rh, 30, "branca")
    nomear(vargem_alta, rh, 30, "preta")
    with CaptureQueriesContext(connection) as muitas:
        participacao_em_comissao([ubatuba.pk, vargem_alta.pk], DIA)
    assert len(muitas) == len(poucas)


def test_mais_orgaos_nao_fazem_mais_consultas(ubatuba, vargem_alta, rh):
    with CaptureQueriesContext(connection) as um:
        participacao_em_estagio([ubatuba.pk], DIA)
    outros = [Orgao.objects.create(nome=f"Câmara {nome}", municipio=municipio(nome)).pk
              for nome in ("Iúna", "Ibatiba", "Afonso Cláudio")]
    with CaptureQueriesContext(connection) as cinco:
        resultado = participacao_em_estagio([ubatuba.pk, vargem_alta.pk, *outros], DIA)
    assert len(resultado) == 5
    assert len(cinco) == len(um)


def test_a_composicao_dos_servidores_usa_a_autodeclaracao_vigente_na_data(ubatuba, rh):
    ana = Servidor.objects.create(orgao=ubatuba, matricula="1", nome="Ana", cargo="Professora",
                                  vinculo=Vinculo.EFETIVO, genero="feminino")
    Servidor.objects.create(orgao=ubatuba, matricula="2", nome="Bia", cargo="Professora", vinculo=Vinculo.EFETIVO,
                            genero="feminino")
    caio = Servidor.objects.create(orgao=ubatuba, matricula="3", nome="Caio", cargo="Assessor",
                                   vinculo=Vinculo.COMISSIONADO, genero="masculino")
    services.servidor_autodeclarar(servidor=ana, data=date(2021, 4, 1), cor_raca="branca", usuario=rh)
    services.servidor_autodeclarar(servidor=ana, data=date(2022, 4, 1), cor_raca="parda", usuario=rh)
    services.servidor_autodeclarar(servidor=caio, data=date(2022, 4, 1), cor_raca="", quilombola=True, usuario=rh)
    [em_2021] = composicao_dos_servidores([ubatuba.pk], date(2021, 12, 31))
    efetivos = {v.vinculo: v for v in em_2021.vinculos}[Vinculo.EFETIVO]
    assert (efetivos.total, efetivos.por_cor_raca["branca"], efetivos.por_cor_raca["parda"],
            efetivos.nao_informados) == (2, 1, 0, 1)
    [em_2022] = composicao_dos_servidores([ubatuba.pk], date(2022, 12, 31))
    vinculos = {v.vinculo: v for v in em_2022.vinculos}
    assert (vinculos[Vinculo.EFETIVO].por_cor_raca["branca"], vinculos[Vinculo.EFETIVO].por_cor_raca["parda"]) == (0, 1)
    assert (vinculos[Vinculo.COMISSIONADO].quilombolas, vinculos[Vinculo.COMISSIONADO].nao_informados) == (1, 0)
    assert vinculos[Vinculo.COMISSIONADO].por_genero == {"masculino": 1}
    assert em_2022.total == 3

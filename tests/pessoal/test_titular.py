"""O relatório do titular (LGPD art. 18) traz as nomeações e os estágios registrados com o CPF da pessoa, só dos
órgãos da conta."""

from __future__ import annotations

from datetime import date

import pytest

from nucleo.titular import relatorio_do_titular
from pessoal import services
from tests.concursos.conftest import cpf_valido
from tests.pessoal.conftest import DIA

pytestmark = pytest.mark.django_db


def test_a_nomeacao_e_o_estagio_com_o_cpf_entram_no_relatorio_do_titular(ubatuba, vargem_alta, rh):
    cpf = cpf_valido(123_456_789)
    nomeacao = services.nomeacao_registrar(orgao=ubatuba, nome="Carla Dias", cpf=cpf, cargo="Diretora",
                                           nomeado_em=DIA, ato="Portaria 12/2023", usuario=rh, cor_raca="preta",
                                           autodeclaracao_em=DIA).objeto
    services.nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=date(2023, 6, 30), ato="Portaria 140/2023",
                               usuario=rh, motivo="A pedido")
    services.estagio_contratar(orgao=vargem_alta, nome="Carla Dias", cpf=cpf, inicio=DIA,
                               termino_previsto=date(2023, 12, 31), ato="Termo 5/2023", usuario=rh)
    secoes = {s.titulo: s for s in relatorio_do_titular(cpf, None).secoes}
    [linha] = secoes["Cargos em comissão"].linhas
    assert linha[1:6] == ("Carla Dias", "Diretora", "", "01/03/2023", "30/06/2023")
    assert linha[7] == "Preta"
    assert "Exoneração em 30/06/2023 (Portaria 140/2023)" in linha[-1]
    assert len(secoes["Estágios"].linhas) == 1
    so_ubatuba = {s.titulo: s for s in relatorio_do_titular(cpf, frozenset({ubatuba.pk})).secoes}
    assert not so_ubatuba["Estágios"].linhas

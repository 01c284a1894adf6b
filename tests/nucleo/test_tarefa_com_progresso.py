"""A base das tarefas da fila (nucleo.models.TarefaComProgresso): a importação e a exportação grandes contam o
andamento do mesmo jeito e dão o mesmo sinal de vida."""

import pytest

from concursos.models import EstadoExportacao, EstadoImportacao, Exportacao, Importacao
from nucleo.models import TarefaComProgresso

CASOS = [(Importacao, EstadoImportacao.GRAVANDO, EstadoImportacao.CONCLUIDA),
         (Exportacao, EstadoExportacao.GERANDO, EstadoExportacao.PRONTA)]


@pytest.mark.parametrize(("modelo", "andando", "pronto"), CASOS)
def test_o_progresso_vai_de_0_a_100_e_fica_cheio_so_no_fim(modelo, andando, pronto):
    assert issubclass(modelo, TarefaComProgresso)
    assert modelo(estado=andando, total_linhas=None).progresso == 0
    assert modelo(estado=andando, total_linhas=3, linhas_processadas=1).progresso == 33
    assert modelo(estado=andando, total_linhas=3, linhas_processadas=5).progresso == 100
    assert modelo(estado=pronto, total_linhas=None).progresso == 100


@pytest.mark.parametrize(("modelo", "andando", "pronto"), CASOS)
def test_os_campos_do_andamento_sao_as_mesmas_colunas(modelo, andando, pronto):
    for nome in ("total_linhas", "linhas_processadas", "concluida_em", "ultimo_sinal"):
        assert modelo._meta.get_field(nome).column == nome
    assert not modelo._meta.get_field("ultimo_sinal").editable

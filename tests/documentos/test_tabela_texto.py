"""Tabelas longas dos PDFs em linhas de texto: colunas alinhadas qualquer que seja o conteúdo, nome longo quebrado sob
a própria coluna, e nada do conteúdo vira marcação no documento oficial."""

from documentos.tabela_texto import Coluna, tabela_texto

COLUNAS = [Coluna("Posição", direita=True), Coluna("Inscrição"), Coluna("Nome")]


def _linhas(tabela) -> list[str]:
    return [linha for bloco in tabela.blocos for linha in bloco.split("\n")]


def test_as_colunas_ficam_alinhadas_com_inscricoes_de_tamanhos_diferentes():
    tabela = tabela_texto(COLUNAS, [(1, "7", "Ana"), (12, "VA-000123", "Bruno"), (123, "0042", "Caio")])
    inicio_nome = tabela.cabecalho.index("Nome")
    assert [linha[inicio_nome:] for linha in _linhas(tabela)] == ["Ana", "Bruno", "Caio"]
    assert [linha[:7] for linha in _linhas(tabela)] == ["      1", "     12", "    123"]


def test_nome_longo_quebra_sob_a_coluna_nome():
    nome = "Maria Aparecida Cavalcanti de Albuquerque Nascimento dos Santos Oliveira"
    tabela = tabela_texto(COLUNAS, [(1, "0001", nome)], largura=50)
    inicio_nome = tabela.cabecalho.index("Nome")
    linhas = _linhas(tabela)
    assert len(linhas) > 1 and all(len(linha) <= 50 for linha in linhas)
    assert all(linha[:inicio_nome].strip() == "" for linha in linhas[1:])
    assert " ".join(linha[inicio_nome:] for linha in linhas) == nome


def test_o_conteudo_e_escapado_e_vem_em_blocos_de_cinco():
    tabela = tabela_texto(COLUNAS, [(i, f"{i:04d}", "<b>Zé</b> & Cia") for i in range(1, 12)], classes=["x"])
    assert len(tabela.blocos) == 3
    assert "<b>" not in "".join(tabela.blocos) and "&lt;b&gt;Zé&lt;/b&gt; &amp; Cia" in tabela.blocos[0]
    assert tabela.blocos[0].startswith('<span class="x">')

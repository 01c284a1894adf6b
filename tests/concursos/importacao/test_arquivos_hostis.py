"""Arquivos hostis ou quebrados: mensagem em português com linha, coluna e valor, e nada gravado.

Cada teste monta o arquivo como um atacante (ou um sistema de banca com defeito) o mandaria e confere o
que quem enviou lê e o que fica no banco. O sigilo dos dados do arquivo no log está em
test_dados_pessoais_no_log.py; o corpus de arquivos mutados, em test_corpus_de_arquivos_mutados.py.
"""

from __future__ import annotations

import csv
import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from concursos.importacao import leitura
from concursos.models import Candidato, Importacao, Inscricao
from tests.concursos.importacao.conftest import CABECALHO, RESULTADOS, csv_de, linha, mensagens, rodar


def nada_gravado(resultado) -> None:
    assert resultado.erros and not resultado.gravado
    assert not Candidato.objects.exists()
    assert not Inscricao.objects.exists()
    assert not Importacao.objects.exists()


class TestCaracteresEscondidos:
    def test_nul_num_nome(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome="Ana\x00Souza")))
        assert mensagens(resultado) == [
            "Linha 2, coluna «nome», valor «Ana\\u0000Souza»: o valor tem caracteres de controle (mostrados como "
            "\\u…); digite o valor de novo, sem copiá-lo de outro lugar."]
        nada_gravado(resultado)

    def test_quebra_de_linha_dentro_de_campo_entre_aspas(self, certame, cpfs):
        conteudo = csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], nome='"Bia\nLima"'),
                          linha("0003", cpfs[2]))
        resultado = rodar(certame, conteudo)
        # O registro começa na linha 3 do arquivo (e continua na 4); o seguinte é o da linha 5.
        assert mensagens(resultado) == [
            "Linha 3, coluna «nome», valor «Bia\\nLima»: quebra de linha dentro do campo: um registro deve ficar "
            "numa linha só (confira as aspas; numa planilha, tire as quebras de linha da célula)."]
        nada_gravado(resultado)

    def test_aspas_nao_fechadas_ate_o_fim_do_arquivo(self, certame, cpfs):
        conteudo = csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], nome='"Bia Lima'), linha("0003", cpfs[2]))
        resultado = rodar(certame, conteudo)
        assert len(resultado.erros) == 1
        erro = resultado.erros[0]
        assert (erro.linha, erro.coluna) == (3, "nome")
        assert erro.motivo.startswith("aspas abertas e não fechadas")
        assert erro.valor.endswith("…")  # o campo engoliu o resto do arquivo: só o começo aparece
        nada_gravado(resultado)

    def test_tab_num_nome_vira_espaco(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome='"Ana\tSouza"')))
        assert resultado.gravado, mensagens(resultado)
        assert Candidato.objects.get().nome == "Ana Souza"

    def test_tab_no_numero_de_inscricao(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha('"00\t01"', cpfs[0], nome="Ana", email="ana@exemplo.org")))
        assert mensagens(resultado) == [
            "Linha 2, coluna «inscricao», valor «00\\t01»: o valor tem um tab (mostrado como \\t), que não cabe "
            "neste campo; tire-o."]
        nada_gravado(resultado)

    @pytest.mark.parametrize("caractere", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200e", "\u200f"])
    def test_caracteres_que_invertem_o_texto(self, certame, cpfs, caractere):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome=f"Maria{caractere}amlaS")))
        escrito = f"\\u{ord(caractere):04x}"
        assert mensagens(resultado) == [
            f"Linha 2, coluna «nome», valor «Maria{escrito}amlaS»: o valor tem caracteres que invertem a direção "
            "do texto (mostrados como \\u…), que fazem a tela exibir algo diferente do que está gravado; digite "
            "o valor de novo, sem copiá-lo de outro lugar."]
        nada_gravado(resultado)

    @pytest.mark.parametrize("nome", ["\u200b\u200b", "\u200c \u200d", "\u2060", "\ufeff\ufeff", "\u3164"])
    def test_nome_so_de_caracteres_invisiveis(self, certame, cpfs, nome):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome=nome)))
        assert len(resultado.erros) == 1
        erro = resultado.erros[0]
        assert (erro.linha, erro.coluna) == (2, "nome")
        assert erro.motivo == "o valor só tem caracteres invisíveis ou espaços; informe o valor de verdade."
        assert "\\u" in erro.valor
        nada_gravado(resultado)

    def test_espaco_invisivel_no_meio_do_e_mail_e_do_numero(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("00\u200b01", cpfs[0], nome="Ana", email="ana@exemplo\u2060.org")))
        assert [(e.coluna, e.valor) for e in resultado.erros] == [
            ("inscricao", "00\\u200b01"), ("email", "ana@exemplo\\u2060.org")]
        nada_gravado(resultado)

    def test_os_demais_erros_da_linha_tambem_aparecem(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", "123", nome="Ana\u202e", email="sem-arroba")))
        assert [(e.linha, e.coluna, e.valor) for e in resultado.erros] == [
            (2, "nome", "Ana\\u202e"), (2, "cpf", "123"), (2, "email", "sem-arroba")]
        nada_gravado(resultado)

    def test_bom_no_comeco_de_cada_linha_e_tirado(self, certame, cpfs):
        linhas = [CABECALHO, linha("0001", cpfs[0]), linha("0002", cpfs[1])]
        conteudo = "".join(f"\ufeff{texto}\r\n" for texto in linhas).encode()
        resultado = rodar(certame, conteudo)
        assert resultado.gravado, mensagens(resultado)
        assert sorted(Inscricao.objects.values_list("numero", flat=True)) == ["0001", "0002"]

    def test_bom_no_meio_de_um_valor_e_recusado(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("00\ufeff01", cpfs[0], nome="Ana", email="ana@exemplo.org")))
        assert [(e.linha, e.coluna, e.valor) for e in resultado.erros] == [(2, "inscricao", "00\\ufeff01")]
        nada_gravado(resultado)


class TestAlgarismos:
    """Nota e classificação decidem a ordem das listas (Lei 12.990/2014, art. 3º): só os algarismos 0 a 9.

    Recusar em vez de normalizar (NFKC): «７０» só chega num arquivo que não saiu do sistema da banca como
    ela o vê, e um valor que muda ao ser lido não serve de prova do que a banca publicou.
    """

    @pytest.mark.parametrize(("coluna", "valor"), [
        ("nota_final", "７０"), ("nota_final", "٧٠,5"), ("nota_final", "7０,5"), ("classificacao", "１"),
        ("classificacao", "٣"),
    ])
    def test_algarismos_de_outros_sistemas_sao_recusados(self, certame, cpfs, coluna, valor):
        escrito = f'"{valor}"' if "," in valor else valor
        resultado_ = {"nota_final": (escrito, "", "habilitado"), "classificacao": ("70", escrito, "habilitado")}[coluna]
        conteudo = csv_de(linha("0001", cpfs[0], resultado=resultado_), cabecalho=CABECALHO + RESULTADOS)
        resultado = rodar(certame, conteudo)
        assert [(e.linha, e.coluna, e.valor) for e in resultado.erros] == [(2, coluna, valor)]
        assert resultado.erros[0].motivo.endswith("Use só os algarismos de 0 a 9 (o valor tem outros, como os de "
                                                  "largura dupla «７»).")
        nada_gravado(resultado)

    def test_data_com_algarismos_de_largura_dupla(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nascimento="３１/１２/１９９０")))
        assert [(e.linha, e.coluna) for e in resultado.erros] == [(2, "data_nascimento")]
        nada_gravado(resultado)


class TestCsvQuebrado:
    def test_byte_que_nao_e_utf8_no_meio_de_um_arquivo_grande(self, certame, cpfs):
        # Mais de um bloco de decodificação (8 KB) antes do byte: a linha certa, não a do começo do bloco.
        linhas = [linha(f"{i:04d}", cpfs[i % 40], cargo="ADM" if i < 40 else "MED") for i in range(300)]
        linhas[250] = linhas[250].replace("Pessoa 0250", "Jo\xe3o")
        conteudo = "\n".join([CABECALHO, *linhas]).replace("\xe3", "\udce3").encode("utf-8", "surrogateescape")
        resultado = rodar(certame, conteudo)
        assert mensagens(resultado) == [
            "Linha 252, coluna «nome», valor «Jo\\xe3o»: o arquivo não está em UTF-8 (o valor mostra como \\xNN o "
            "que não é UTF-8; é o que o Excel grava em «CSV» comum); salve-o como «CSV UTF-8» ou envie o .xlsx."]
        nada_gravado(resultado)

    def test_arquivo_cortado_no_meio_de_um_caractere(self, certame, cpfs):
        conteudo = csv_de(linha("0001", cpfs[0], nome="Conceição"))
        resultado = rodar(certame, conteudo[:conteudo.index("ç".encode()) + 1])
        assert [(e.linha, e.coluna) for e in resultado.erros] == [(2, "nome")]
        assert "não está em UTF-8" in resultado.erros[0].motivo
        nada_gravado(resultado)

    def test_campo_enorme(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], nome='"' + "A" * 200_000
                                                                          + '"')))
        assert mensagens(resultado) == [
            "Linha 3: um campo passa de 131.072 caracteres; confira se as aspas de algum campo foram abertas e não "
            "fechadas."]
        nada_gravado(resultado)

    def test_primeira_linha_enorme_sem_quebra(self, certame):
        resultado = rodar(certame, b"inscricao," * 20_000)
        assert mensagens(resultado) == [
            "Linha 1: a primeira linha passa de 64 KB: não é o cabeçalho de um arquivo do leiaute (veja "
            "docs/importacao.md)."]

    def test_quebra_de_linha_cr_solta_no_meio_do_registro(self, certame, cpfs):
        texto = csv_de(linha("0001", cpfs[0])).decode().replace("Pessoa 0001", "Pes\rsoa")
        resultado = rodar(certame, texto.encode())
        assert resultado.erros and all(e.linha in (2, 3) for e in resultado.erros)
        nada_gravado(resultado)


def xlsx(linhas: list[list], *, ajustar=None) -> bytes:
    livro = openpyxl.Workbook()
    aba = livro.active
    for valores in linhas:
        aba.append(valores)
    saida = io.BytesIO()
    livro.save(saida)
    if ajustar is None:
        return saida.getvalue()
    return reescrever_zip(saida.getvalue(), ajustar)


def reescrever_zip(conteudo: bytes, ajustar) -> bytes:
    """Reescreve o zip do XLSX: `ajustar(nome, dados)` devolve os novos dados do membro (None o tira)."""
    saida = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(conteudo)) as origem, zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as novo:
        for membro in origem.infolist():
            dados = ajustar(membro.filename, origem.read(membro))
            if dados is not None:
                novo.writestr(membro.filename, dados)
    return saida.getvalue()


def valida_xlsx(cpfs) -> list[list]:
    return [CABECALHO.split(","), *(linha(f"{i:04d}", cpfs[i]).split(",") for i in range(3))]


XXE = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
       b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">'
       b'<c r="A1" t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>')
RISADAS = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "hahahahahahahahahaha">'
           + b"".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'.encode() for i in range(8))
           + b']><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
             b'<row r="1"><c r="A1" t="inlineStr"><is><t>&i;</t></is></c></row></sheetData></worksheet>')


class TestXlsxHostil:
    def test_o_openpyxl_le_com_o_defusedxml(self):
        assert openpyxl.DEFUSEDXML is True

    def test_xxe_na_aba(self, certame, cpfs):
        conteudo = xlsx(valida_xlsx(cpfs), ajustar=lambda nome, dados: XXE if nome.endswith("sheet1.xml") else dados)
        resultado = rodar(certame, conteudo, nome="banca.xlsx")
        assert len(resultado.erros) == 1
        assert resultado.erros[0].linha == 1
        assert "declara entidades ou DTD" in resultado.erros[0].motivo
        assert "root:" not in str(resultado.erros[0])
        nada_gravado(resultado)

    @pytest.mark.parametrize("membro", ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "docProps/core.xml"])
    def test_billion_laughs(self, certame, cpfs, membro):
        conteudo = xlsx(valida_xlsx(cpfs), ajustar=lambda nome, dados: RISADAS if nome == membro else dados)
        resultado = rodar(certame, conteudo, nome="banca.xlsx")
        assert len(resultado.erros) == 1
        assert "declara entidades ou DTD" in resultado.erros[0].motivo
        nada_gravado(resultado)

    def test_bomba_de_zip(self, certame, cpfs, monkeypatch):
        monkeypatch.setattr(leitura, "MINIMO_PARA_TAXA", 1 << 20)
        enorme = b"<x>" + b" " * (8 << 20) + b"</x>"
        conteudo = xlsx(valida_xlsx(cpfs), ajustar=lambda nome, dados: enorme if nome.endswith("styles.xml")
                        else dados)
        resultado = rodar(certame, conteudo, nome="banca.xlsx")
        assert len(resultado.erros) == 1
        assert resultado.erros[0].motivo.startswith("a planilha XLSX descompactada teria 8 MB")
        assert "bomba de zip" in resultado.erros[0].motivo
        nada_gravado(resultado)

    def test_aba_que_falta_no_zip(self, certame, cpfs):
        conteudo = xlsx(valida_xlsx(cpfs), ajustar=lambda nome, dados: None if nome.endswith("sheet1.xml")
                        else dados)
        resultado = rodar(certame, conteudo, nome="banca.xlsx")
        assert [str(e) for e in resultado.erros] == ["Linha 1: a planilha não tem abas."]
        nada_gravado(resultado)

    def test_zip_cortado(self, certame, cpfs):
        conteudo = xlsx(valida_xlsx(cpfs))
        resultado = rodar(certame, conteudo[:len(conteudo) // 2], nome="banca.xlsx")
        assert resultado.erros[0].linha == 1
        assert "a planilha XLSX não pôde ser aberta" in resultado.erros[0].motivo
        nada_gravado(resultado)

    def test_xml_quebrado_no_meio_da_aba(self, certame, cpfs):
        def ajustar(nome, dados):
            return dados.replace(b"</row><row", b"</row><<row", 2) if nome.endswith("sheet1.xml") else dados

        resultado = rodar(certame, xlsx(valida_xlsx(cpfs), ajustar=ajustar), nome="banca.xlsx")
        assert len(resultado.erros) == 1
        assert resultado.erros[0].linha >= 1
        assert "corrompido" in resultado.erros[0].motivo
        nada_gravado(resultado)

    def test_dimensao_declarada_enorme_nao_trava(self, certame, cpfs):
        def ajustar(nome, dados):
            if nome.endswith("sheet1.xml"):
                return dados.replace(b'<dimension ref="A1:N4"/>', b'<dimension ref="A1:XFD1048576"/>')
            return dados

        resultado = rodar(certame, xlsx(valida_xlsx(cpfs), ajustar=ajustar), nome="banca.xlsx")
        assert resultado.gravado, mensagens(resultado)
        assert Inscricao.objects.count() == 3

    def test_formula_sem_valor_erro_de_celula_e_data_como_numero(self, certame, cpfs):
        linhas = valida_xlsx(cpfs)
        cabecalho = [*linhas[0], "nota_final"]
        linhas = [cabecalho, [*linhas[1], "=1/0"], [*linhas[2], "#DIV/0!"], [*linhas[3], "70"]]
        linhas[3][5] = 33000  # a data de nascimento como o número de série do Excel
        resultado = rodar(certame, xlsx(linhas), nome="banca.xlsx")
        assert [(e.linha, e.coluna, e.valor) for e in resultado.erros] == [
            (3, "nota_final", "#DIV/0!"), (4, "data_nascimento", "33000")]
        nada_gravado(resultado)

    def test_caracteres_escondidos_numa_celula(self, certame, cpfs):
        linhas = valida_xlsx(cpfs)
        linhas[1][2] = "Ana\u202eazuoS"
        linhas[2][2] = "Bia\nLima"
        resultado = rodar(certame, xlsx(linhas), nome="banca.xlsx")
        assert [(e.linha, e.coluna, e.valor) for e in resultado.erros] == [
            (2, "nome", "Ana\\u202eazuoS"), (3, "nome", "Bia\\nLima")]
        nada_gravado(resultado)


class TestListaDeErros:
    """O CSV de erros que o admin baixa traz os valores do arquivo: nenhum vira fórmula no Excel."""

    def test_valores_que_parecem_formula(self, client, operador, certame, cpfs):
        client.force_login(operador)
        hostis = {"cor": '"=HYPERLINK(""http://exemplo.invalid"";""Clique"")"', "quilombola": "+cmd|' /C calc'!A0",
                  "pcd": "@SUM(1+1)", "reserva": "-2+3"}
        conteudo = csv_de(linha("0001", cpfs[0], **hostis) + ",", linha("0002", cpfs[1]) + ",-3",
                          cabecalho=CABECALHO + ",nota_final")
        resposta = client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]),
                               {"arquivo": SimpleUploadedFile("banca.csv", conteudo, content_type="text/csv")})
        planilha = client.get(resposta.url + "?erros=csv").content.decode("utf-8-sig")
        valores = {(linha_, coluna): valor for linha_, coluna, valor, _ in csv.reader(io.StringIO(planilha),
                                                                                        delimiter=";")}
        assert valores[("2", "cor_raca")] == "'=HYPERLINK(\"http://exemplo.invalid\";\"Clique\")"
        assert valores[("2", "quilombola")] == "'+cmd|' /C calc'!A0"
        assert valores[("2", "pcd")] == "'@SUM(1+1)"
        assert valores[("2", "reserva")] == "'-2+3"
        assert valores[("3", "nota_final")] == "-3"  # um número negativo continua legível
        assert not Inscricao.objects.exists()

"""Centenas de arquivos mutados a partir de um válido (semente fixa, nada gravado em disco no repositório).

Para cada um, pelo serviço de importação (e uma amostra pelo envio do admin e pelo comando): nenhum erro
500, nenhum traceback, nada gravado pela metade (sem erros, grava tudo; com erros, as contagens não
mudam) e cada erro com a linha (e a coluna, quando há) e um motivo em português. Um arquivo mutado que
continua válido é gravado inteiro, como qualquer outro.
"""

from __future__ import annotations

import io
import random
import re
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.urls import reverse

from concursos.importacao import caracteres
from concursos.models import Candidato, EstadoImportacao, Importacao, Inscricao
from tests.concursos.importacao.conftest import CABECALHO, RESULTADOS, linha, rodar
from tests.concursos.importacao.test_arquivos_hostis import RISADAS, XXE

SEMENTE = 20_240_915
CSV_POR_MUTACAO = 20
XLSX_POR_MUTACAO = 10
AMOSTRA_ADMIN = 25
AMOSTRA_COMANDO = 12

# Um motivo em inglês, o nome de uma exceção ou um traceback no que o usuário lê.
_NAO_PORTUGUES = re.compile(r"Traceback|Error\b|Exception|codec|field larger|expected|line contains|NoneType|"
                            r"object|invalid literal|Falha inesperada|\bthe\b|\bcould\b|\bnot\b", re.IGNORECASE)
_LOCALIZADO = re.compile(r"Linha \d+(, coluna «[a-z_]*», valor «.*»)?: .+", re.DOTALL)
INSERCOES = ["\x00", "\t", "\n", "\r", "\r\n", '"', ",", ";", "\u202e", "\u2066", "\u200f", "\u200b", "\ufeff",
             "\u2060", "\x1b", "\x85", "７", "٣", "=HYPERLINK(\"x\")", "\\", "\\N", "'", "é"]
HOSTIS = ["\u202eamlaS", "\u200b\u200b", "\ufeff0001", "=1+1", "+cmd|' /C calc'!A0", "A" * 300, "７０", "\x00",
          "-1", "1e400", "NaN", "99999999999", "31/02/2024", "0000-00-00", "\\", "\\\\N", "\t\t", "@x"]


def csv_valido(cpfs) -> str:
    linhas = [linha(f"{i:04d}", cpfs[i], cargo="ADM" if i % 2 else "MED", resultado=(f"{70 + i}.5", str(i // 2 + 1),
                                                                                      "habilitado"))
              for i in range(6)]
    return "\n".join([CABECALHO + RESULTADOS, *linhas]) + "\n"


def mutar_csv(texto: str, sorteio: random.Random) -> list[tuple[str, bytes]]:
    """Um arquivo por mutação, cada um com um sorteio próprio."""
    dados = texto.encode()
    casos = []

    def caso(nome: str, conteudo: bytes) -> None:
        casos.append((nome, conteudo))

    for _ in range(CSV_POR_MUTACAO):
        posicao = sorteio.randrange(len(dados))
        caso("byte trocado", dados[:posicao] + bytes([sorteio.randrange(256)]) + dados[posicao + 1:])
        caso("cortado", dados[:sorteio.randrange(len(dados))])
        inserido = sorteio.choice(INSERCOES).encode()
        caso("caractere inserido", dados[:posicao] + inserido + dados[posicao:])
        linhas = texto.splitlines()
        alvo = sorteio.randrange(1, len(linhas))
        campos = linhas[alvo].split(",")
        campos[sorteio.randrange(len(campos))] = sorteio.choice(HOSTIS)
        caso("campo hostil", "\n".join([*linhas[:alvo], ",".join(campos), *linhas[alvo + 1:]]).encode())
        colunas = [linha_.split(",") for linha_ in linhas]
        ordem = list(range(len(colunas[0])))
        sorteio.shuffle(ordem)
        embaralhado = [[campos[i] for i in ordem] for campos in colunas]
        if sorteio.random() < 0.5:
            embaralhado[0] = sorteio.sample(embaralhado[0], len(embaralhado[0]))  # cabeçalho fora de ordem
        caso("colunas embaralhadas", "\n".join(",".join(c) for c in embaralhado).encode())
        cabecalho = colunas[0][:]
        cabecalho[sorteio.randrange(len(cabecalho))] = sorteio.choice([cabecalho[0], "", "cpf", "\ufeffnome", "x"])
        caso("cabeçalho estragado", "\n".join([",".join(cabecalho), *linhas[1:]]).encode())
        codificacao = sorteio.choice(["latin-1", "cp1252", "utf-16", "utf-16-le", "utf-32", "utf-8-sig"])
        caso(f"em {codificacao}", texto.replace("Pessoa", "Conceição").encode(codificacao))
        quebra = sorteio.choice(["\r\n", "\r", "\n\n", "\u2028"])
        caso("quebras de linha trocadas", quebra.join(linhas).encode())
        caso("BOM em cada linha", "".join(f"\ufeff{linha_}\n" for linha_ in linhas).encode())
        fatia = sorteio.randrange(len(linhas))
        caso("linhas repetidas", "\n".join([*linhas, *linhas[max(1, fatia):]]).encode())
    caso("vazio", b"")
    caso("só o cabeçalho", (CABECALHO + "\n").encode())
    caso("só espaços", b" \n\t\n")
    caso("binário", bytes(sorteio.randrange(256) for _ in range(2_000)))
    return casos


def xlsx_valido(cpfs) -> bytes:
    livro = openpyxl.Workbook()
    for texto in csv_valido(cpfs).splitlines():
        livro.active.append(texto.split(","))
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


def _trocar_membro(conteudo: bytes, membro: str, novos) -> bytes:
    saida = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(conteudo)) as origem, zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as novo:
        for info in origem.infolist():
            dados = origem.read(info)
            if info.filename == membro:
                dados = novos(dados)
            if dados is not None:
                novo.writestr(info.filename, dados)
    return saida.getvalue()


def mutar_xlsx(conteudo: bytes, sorteio: random.Random) -> list[tuple[str, bytes]]:
    aba = "xl/worksheets/sheet1.xml"
    casos = []
    for _ in range(XLSX_POR_MUTACAO):
        posicao = sorteio.randrange(len(conteudo))
        casos.append(("xlsx: byte trocado", conteudo[:posicao] + bytes([sorteio.randrange(256)])
                      + conteudo[posicao + 1:]))
        casos.append(("xlsx: cortado", conteudo[:sorteio.randrange(len(conteudo))]))

        def estragar_xml(dados: bytes, sorteio=sorteio) -> bytes:
            ponto = sorteio.randrange(len(dados))
            return dados[:ponto] + sorteio.choice([b"<", b">", b"&", b"\x00", b"</row>", b"<c r='ZZZ0'>",
                                                   b"\xff\xfe", b"]]>"]) + dados[ponto:]

        casos.append(("xlsx: XML da aba estragado", _trocar_membro(conteudo, aba, estragar_xml)))
        membro = sorteio.choice(["xl/workbook.xml", "xl/styles.xml", "[Content_Types].xml", aba,
                                 "xl/_rels/workbook.xml.rels"])
        casos.append((f"xlsx: sem {membro}", _trocar_membro(conteudo, membro, lambda dados: None)))

        def celula_hostil(dados: bytes, sorteio=sorteio) -> bytes:
            valor = sorteio.choice(["Ana&#x202E;azuoS", "&#x200B;", "=1+1", "&#x7;", "Bia&#10;Lima", "７０"])
            return re.sub(rb"<t>Pessoa 0003</t>", f"<t>{valor}</t>".encode(), dados, count=1)

        casos.append(("xlsx: célula hostil", _trocar_membro(conteudo, aba, celula_hostil)))
    casos.append(("xlsx: XXE", _trocar_membro(conteudo, aba, lambda dados: XXE)))
    casos.append(("xlsx: billion laughs", _trocar_membro(conteudo, aba, lambda dados: RISADAS)))
    casos.append(("xlsx: dimensão enorme", _trocar_membro(conteudo, aba, lambda dados: re.sub(
        rb'<dimension ref="[^"]*"/>', b'<dimension ref="A1:XFD1048576"/>', dados))))
    casos.append(("xlsx: não é zip", b"PK\x03\x04" + conteudo[4:200]))
    return casos


@pytest.fixture
def corpus(cpfs) -> list[tuple[str, str, bytes]]:
    sorteio = random.Random(SEMENTE)
    casos = [(nome, "banca.csv", dados) for nome, dados in mutar_csv(csv_valido(cpfs), sorteio)]
    casos += [(nome, "banca.xlsx", dados) for nome, dados in mutar_xlsx(xlsx_valido(cpfs), sorteio)]
    return casos


def contagens() -> tuple[int, int, int]:
    return Candidato.objects.count(), Inscricao.objects.count(), Importacao.objects.count()


def conferir_erros(erros, descricao: str) -> None:
    for erro in erros:
        texto = str(erro)
        assert _LOCALIZADO.fullmatch(texto), f"{descricao}: erro sem linha: {texto!r}"
        assert erro.linha >= 1, descricao
        assert not _NAO_PORTUGUES.search(erro.motivo), f"{descricao}: {erro.motivo!r}"
        # O que a tela e o registro da importação guardam (o JSON do PostgreSQL recusaria um \u0000).
        assert not caracteres.SUSPEITO.search(texto), f"{descricao}: erro com invisíveis: {texto!r}"


def test_o_servico_recusa_ou_grava_inteiro_cada_arquivo_mutado(certame, corpus):
    assert len(corpus) > 250
    recusados = 0
    for descricao, nome, dados in corpus:
        antes = contagens()
        with transaction.atomic():
            resultado = rodar(certame, dados, nome=nome)
            depois = contagens()
            if resultado.erros:
                recusados += 1
                assert not resultado.gravado, descricao
                assert depois == antes, f"{descricao}: gravou algo de um arquivo recusado"
                conferir_erros(resultado.erros, descricao)
            else:
                assert resultado.gravado, descricao
                assert depois[1] - antes[1] == resultado.inscricoes_criadas, descricao
            assert not caracteres.SUSPEITO.search(resultado.resumo()), descricao
            transaction.set_rollback(True)  # cada arquivo contra o mesmo banco (o certame sem inscrições)
    # A maioria das mutações estraga o arquivo: o teste exercita as recusas, não só arquivos válidos.
    assert recusados > len(corpus) // 2


def test_uma_amostra_pelo_envio_do_admin(client, operador, certame, corpus):
    client.force_login(operador)
    amostra = random.Random(SEMENTE).sample(corpus, AMOSTRA_ADMIN)
    for descricao, nome, dados in amostra:
        antes = contagens()[:2]
        ultima = Importacao.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        resposta = client.post(reverse("admin:concursos_certame_importar", args=[certame.pk]),
                               {"arquivo": SimpleUploadedFile(nome, dados)})
        assert resposta.status_code in (200, 302), descricao
        registro = Importacao.objects.filter(pk__gt=ultima).first()
        if registro is None:
            # Recusado já no envio (documentos/envios.py: o conteúdo não é o da extensão), com a mensagem no formulário.
            assert resposta.status_code == 200 and resposta.context["formulario"].errors, descricao
            assert contagens()[:2] == antes, descricao
            continue
        assert registro.estado in (EstadoImportacao.COM_ERROS, EstadoImportacao.CONCLUIDA), (
            f"{descricao}: {registro.estado} — {registro.resumo}")
        assert contagens()[:2] == antes, descricao  # o envio só valida (simulação)
        pagina = client.get(reverse("admin:concursos_importacao_progresso", args=[registro.pk]))
        assert pagina.status_code == 200, descricao
        assert "Traceback" not in pagina.content.decode()
        planilha = client.get(reverse("admin:concursos_importacao_progresso", args=[registro.pk]) + "?erros=csv")
        assert planilha.status_code == 200, descricao


def test_uma_amostra_pelo_comando(certame, corpus, tmp_path, capsys):
    amostra = random.Random(SEMENTE + 1).sample(corpus, AMOSTRA_COMANDO)
    for descricao, nome, dados in amostra:
        caminho = tmp_path / nome
        caminho.write_bytes(dados)
        antes = contagens()
        with transaction.atomic():
            try:
                call_command("importar_inscricoes", str(certame.pk), str(caminho))
            except CommandError as erro:
                assert "nada foi gravado" in str(erro), descricao
                assert contagens() == antes, descricao
            saida = capsys.readouterr()
            assert "Traceback" not in saida.out + saida.err, descricao
            for texto in filter(None, saida.err.splitlines()):
                assert texto.startswith(("Linha ", "… e mais")), f"{descricao}: {texto!r}"
            transaction.set_rollback(True)

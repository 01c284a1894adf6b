"""O ajudante comum de PDFs: código de verificação, QR code, hash dos bytes guardados, páginas e rodapé."""

import hashlib
import re

import pytest
import segno

from documentos import codigos
from documentos.models import DocumentoEmitido
from documentos.pdf import emitir_pdf, qr_code_svg, resposta_pdf
from documentos.tipos import OUTRO
from tests.documentos.pdfs import casas_do_qr, paginas, qr_codes_desenhados, texto

FORMATO = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


@pytest.fixture
def emitir(db, templates_de_teste, admin_user):
    def fazer(linhas=5, **extra):
        return emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, linhas + 1)},
                          tipo=OUTRO, titulo="Documento de teste", usuario=admin_user, **extra)
    return fazer


def test_o_codigo_tem_doze_sinais_sem_letras_ambiguas():
    gerados = {codigos.novo_codigo() for _ in range(2000)}
    assert len(gerados) == 2000
    assert all(FORMATO.match(c) for c in gerados)
    assert not any(set(c) & set("ILOU") for c in gerados)


@pytest.mark.parametrize("digitado", ["7kq2-9xhm-4tpa", "7KQ29XHM4TPA", " 7KQ2 9XHM 4TPA ", "7KQ2.9XHM.4TPA"])
def test_o_codigo_digitado_e_normalizado(digitado):
    assert codigos.normalizar(digitado) == "7KQ2-9XHM-4TPA"


def test_letras_confundiveis_viram_o_numero():
    assert codigos.normalizar("OIL0-0000-0000") == "0110-0000-0000"


@pytest.mark.parametrize("digitado", ["", "7KQ2-9XHM", "7KQ2-9XHM-4TPA-1", "7KQ2-9XHM-4TPU", "7KQ2-9XHM-4TP#"])
def test_texto_que_nao_e_codigo_e_recusado(digitado):
    assert codigos.normalizar(digitado) is None


def test_o_pdf_e_valido_e_tem_o_numero_de_paginas_registrado(emitir):
    documento = emitir(linhas=5)
    conteudo = documento.conteudo()
    assert conteudo.startswith(b"%PDF-") and conteudo.rstrip().endswith(b"%%EOF")
    assert documento.paginas == len(paginas(conteudo)) == 2
    assert documento.tamanho == len(conteudo)


def test_uma_tabela_longa_repete_o_cabecalho_em_cada_pagina(emitir):
    documento = emitir(linhas=150)
    textos = paginas(documento.conteudo())
    assert documento.paginas == len(textos) >= 4
    # Cabeçalho da tabela (thead) em todas as páginas da tabela; a última só tem o parágrafo final.
    assert all("Linha Texto" in t for t in textos[:-1])


def test_cada_pagina_traz_o_codigo_e_pagina_x_de_y(emitir):
    documento = emitir(linhas=5)
    textos = paginas(documento.conteudo())
    for numero, texto_pagina in enumerate(textos, 1):
        assert documento.codigo in texto_pagina
        assert f"Página {numero} de {len(textos)}" in texto_pagina


def test_o_hash_e_o_dos_bytes_guardados(emitir):
    documento = emitir()
    assert documento.sha256 == hashlib.sha256(documento.conteudo()).hexdigest()
    documento.refresh_from_db()
    assert len(documento.sha256) == 64


def test_o_pdf_aponta_para_a_pagina_publica_do_seu_codigo(emitir, settings):
    settings.SITE_URL = "https://concursos.exemplo.gov.br"
    documento = emitir()
    assert documento.url_verificacao == f"https://concursos.exemplo.gov.br/verificar/{documento.codigo}/"
    assert documento.url_verificacao in texto(documento.conteudo()).replace("\n", "")


def test_o_qr_code_e_um_svg_embutido_do_endereco_de_verificacao():
    url = "https://concursos.exemplo.gov.br/verificar/7KQ2-9XHM-4TPA/"
    uri = qr_code_svg(url)
    assert uri.startswith("data:image/svg+xml")
    assert uri == segno.make(url, error="m", micro=False).svg_data_uri(scale=4, border=0, dark="#000")


def test_o_qr_code_vai_no_pdf_como_desenho_vetorial_do_endereco_de_verificacao(emitir):
    documento = emitir()
    conteudo = documento.conteudo()
    # Sem imagem raster nem arquivo externo: o desenho da primeira página (a do cabeçalho), lido de volta do PDF, é
    # módulo a módulo o QR do endereço de verificação deste documento (e não o de outro).
    assert b"/Subtype /Image" not in conteudo
    esperado = casas_do_qr(segno.make(documento.url_verificacao, error="m", micro=False).matrix)
    desenhos = qr_codes_desenhados(conteudo)
    assert desenhos[0] == esperado
    outro = casas_do_qr(segno.make(documento.url_verificacao.replace(documento.codigo, "0000-0000-0000"),
                                   error="m", micro=False).matrix)
    assert outro != esperado


def test_cada_emissao_e_um_documento_novo_com_outro_codigo(emitir, admin_user):
    primeiro, segundo = emitir(), emitir()
    assert primeiro.codigo != segundo.codigo
    assert primeiro.sha256 != segundo.sha256  # o código impresso muda os bytes
    assert DocumentoEmitido.objects.count() == 2
    assert primeiro.emitido_por == admin_user


def test_a_referencia_ao_objeto_de_origem_e_guardada(emitir, admin_user):
    documento = emitir(referencia=admin_user)
    documento.refresh_from_db()
    assert documento.referencia == admin_user


def test_a_resposta_abre_o_pdf_no_navegador_com_nome_que_termina_no_codigo(emitir):
    documento = emitir(nome_arquivo="Quadro de vagas edital 001/2024")
    resposta = resposta_pdf(documento)
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Content-Disposition"] == (
        f'inline; filename="quadro-de-vagas-edital-001-2024-{documento.codigo}.pdf"')
    assert resposta.content == documento.conteudo()
    assert "no-store" in resposta["Cache-Control"]


def test_numeros_alinhados_preenchem_cada_coluna_ate_a_sua_largura():
    from documentos.pdf import ESPACO_DE_ALGARISMO as E
    from documentos.pdf import largura_numerica, numeros_alinhados

    assert numeros_alinhados([400, 3, 0], [6, 6, 7]) == f"{E * 2}400{E}{E * 4}3{E}{E * 5}0{E}"
    assert largura_numerica("Vagas", [1, 400]) >= len("Vagas") + 1
    assert largura_numerica("AC", [1_234_567]) == 9


@pytest.mark.parametrize("assinaturas", [[], [{"nome": "Ana Prefeita", "funcao": "Prefeita Municipal"},
                                             {"nome": "Bruno Secretário", "funcao": "Secretário de Administração"}]])
def test_nenhuma_pagina_traz_so_o_paragrafo_de_autenticacao(db, templates_de_teste, assinaturas):
    """O conteúdo cresce um parágrafo por vez, passando pelo fim da 1ª e da 2ª página: em nenhum tamanho a última
    página tem só o «Documento emitido…» (nem só o fecho com as assinaturas)."""
    contagens = set()
    for linhas in range(40, 130, 2):
        documento = emitir_pdf(template="documentos_teste/ate_o_fim.html",
                               contexto={"linhas": range(1, linhas + 1), "assinaturas": assinaturas},
                               tipo=OUTRO, titulo="Documento que cresce")
        texto_das_paginas = paginas(documento.conteudo())
        contagens.add(len(texto_das_paginas))
        ultima = texto_das_paginas[-1]
        assert "Documento emitido" in ultima and f"Parágrafo {linhas} " in ultima, linhas
        if assinaturas:
            assert "Ana Prefeita" in ultima and "Bruno Secretário" in ultima, linhas
    assert len(contagens) >= 2

"""O timbre do órgão: o brasão é PNG ou JPEG de verdade e pequeno (decisão 0006: o conteúdo, não o nome; SVG nunca),
o Estado vem da UF do município, e os signatários se cadastram na página do órgão."""

import io
import os

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from nucleo.arquivos import validar_brasao
from nucleo.municipios import nome_do_estado
from nucleo.texto import data_por_extenso, moeda_br


def imagem(formato: str, tamanho=(60, 80)) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", tamanho, (10, 20, 30)).save(saida, format=formato)
    return saida.getvalue()


@pytest.mark.parametrize("formato", ["PNG", "JPEG"])
def test_o_brasao_em_png_ou_jpeg_e_aceito(formato):
    validar_brasao(SimpleUploadedFile("brasao.qualquer", imagem(formato)))


def test_o_brasao_em_svg_e_recusado_mesmo_com_nome_de_png():
    svg = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    with pytest.raises(ValidationError, match="SVG não é aceito"):
        validar_brasao(SimpleUploadedFile("brasao.png", svg))


def test_um_html_com_nome_de_imagem_e_recusado():
    with pytest.raises(ValidationError, match="não é uma imagem PNG nem JPEG"):
        validar_brasao(SimpleUploadedFile("brasao.jpg", b"GIF89a" + b"\0" * 100))


def test_um_png_cortado_e_recusado():
    import weasyprint  # noqa: F401 (liga o LOAD_TRUNCATED_IMAGES do Pillow no processo, como na emissão de um PDF)

    # Ruído não se comprime: a metade do arquivo corta os dados da imagem.
    saida = io.BytesIO()
    Image.frombytes("RGB", (200, 200), os.urandom(200 * 200 * 3)).save(saida, format="PNG")
    with pytest.raises(ValidationError, match="corrompida ou cortada"):
        validar_brasao(SimpleUploadedFile("brasao.png", saida.getvalue()[:len(saida.getvalue()) // 2]))


def test_o_brasao_acima_do_limite_e_recusado(settings):
    settings.LIMITE_ENVIO_BRASAO_MB = 1
    with pytest.raises(ValidationError, match="passa do limite de 1 MB"):
        validar_brasao(SimpleUploadedFile("brasao.png", b"\x89PNG\r\n\x1a\n" + b"\0" * (1024 * 1024 + 1)))


def test_o_brasao_com_pixels_demais_e_recusado():
    # Um PNG pequeno em bytes e enorme em pixels é a bomba de descompressão: recusado antes de decodificar.
    with pytest.raises(ValidationError, match="pixels demais"):
        validar_brasao(SimpleUploadedFile("brasao.png", imagem("PNG", (5000, 4000))))


@pytest.mark.parametrize(("uf", "estado"), [("ES", "Estado do Espírito Santo"), ("SP", "Estado de São Paulo"),
                                            ("BA", "Estado da Bahia"), ("MS", "Estado de Mato Grosso do Sul"),
                                            ("df", "Distrito Federal")])
def test_o_estado_do_timbre_vem_da_uf(uf, estado):
    assert nome_do_estado(uf) == estado


@pytest.fixture
def orgao(db):
    from nucleo.models import Orgao

    return Orgao.objects.create(nome="Prefeitura Municipal de Iúna", municipio_id=3203007)


def test_o_estado_do_orgao_e_o_da_uf_do_municipio(orgao):
    assert orgao.estado == "Estado do Espírito Santo"


def test_datas_e_valores_do_fecho_em_portugues():
    from datetime import date
    from decimal import Decimal

    assert data_por_extenso(date(2026, 12, 3)) == "3 de dezembro de 2026"
    assert data_por_extenso(date(2026, 3, 1)) == "1º de março de 2026"
    assert moeda_br(Decimal("1234.5")) == "R$\u00a01.234,50"
    assert moeda_br(Decimal("1234567.89")) == "R$\u00a01.234.567,89"
    assert moeda_br(None, "—") == "—"


def test_o_admin_do_orgao_recusa_o_svg_e_mostra_o_brasao_sem_link_para_a_midia(admin_client, orgao, settings,
                                                                              tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    url = f"/admin/nucleo/orgao/{orgao.pk}/change/"
    pagina = admin_client.get(url)
    assert pagina.status_code == 200
    dados = {"nome": orgao.nome, "esfera": "municipal", "poder": "executivo", "tipo": "direta",
             "municipio": orgao.municipio_id, "retencao_anos": "5", "endereco": "Praça da Matriz, 1",
             "signatarios-TOTAL_FORMS": "1", "signatarios-INITIAL_FORMS": "0", "signatarios-0-ordem": "1",
             "signatarios-0-nome": "Ana Prefeita", "signatarios-0-cargo": "Prefeita Municipal",
             "signatarios-0-ativo": "on"}
    svg = SimpleUploadedFile("brasao.png", b"<svg xmlns='http://www.w3.org/2000/svg'></svg>")
    resposta = admin_client.post(url, {**dados, "brasao": svg})
    assert resposta.status_code == 200 and "SVG não é aceito" in resposta.content.decode()

    resposta = admin_client.post(url, {**dados, "brasao": SimpleUploadedFile("brasao.png", imagem("PNG"))})
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    orgao.refresh_from_db()
    assert orgao.endereco == "Praça da Matriz, 1" and orgao.signatarios.get().nome == "Ana Prefeita"
    pagina = admin_client.get(url).content.decode()
    assert "data:image/png;base64," in pagina and "/media/orgaos" not in pagina
    assert "Estado do Espírito Santo" in pagina

"""A página pública /verificar/: sem login, confirma um código emitido, recusa um desconhecido e compara arquivos."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from concursos.documentos import TIPO_QUADRO_VAGAS
from documentos.pdf import emitir_pdf
from documentos.tipos import OUTRO


@pytest.fixture
def documento(db, templates_de_teste, admin_user):
    return emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 4)},
                      tipo=TIPO_QUADRO_VAGAS, titulo="Quadro de vagas — Edital nº 007/2025",
                      usuario=admin_user)


def test_a_pagina_inicial_pede_o_codigo(client, db):
    resposta = client.get("/verificar/")
    assert resposta.status_code == 200
    assert "Verificar a autenticidade de um documento" in resposta.content.decode()


def test_o_codigo_digitado_de_qualquer_jeito_leva_a_pagina_do_documento(client, documento):
    digitado = documento.codigo.replace("-", "").lower()
    resposta = client.get("/verificar/", {"codigo": digitado})
    assert resposta.status_code == 302
    assert resposta["Location"] == f"/verificar/{documento.codigo}/"


def test_codigo_mal_digitado_mostra_o_erro_no_formulario(client, db):
    resposta = client.get("/verificar/", {"codigo": "123"})
    assert resposta.status_code == 200
    assert "O código tem 12 letras e números" in resposta.content.decode()


def test_documento_autentico_sem_login(client, documento):
    resposta = client.get(f"/verificar/{documento.codigo}/")
    pagina = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Documento autêntico" in pagina
    assert "Quadro de vagas — Edital nº 007/2025" in pagina
    assert "Quadro de vagas (anexo do edital)" in pagina
    assert documento.sha256 in pagina
    assert documento.emitido_em.astimezone().strftime("%Y") in pagina


def test_a_pagina_publica_nao_mostra_quem_emitiu_nem_o_arquivo(client, documento, admin_user):
    pagina = client.get(f"/verificar/{documento.codigo}/").content.decode()
    assert admin_user.username not in pagina
    assert documento.arquivo.name not in pagina


def test_codigo_em_minusculas_na_url_redireciona_para_a_forma_canonica(client, documento):
    resposta = client.get(f"/verificar/{documento.codigo.lower()}/")
    assert resposta.status_code == 302
    assert resposta["Location"] == f"/verificar/{documento.codigo}/"


def test_codigo_desconhecido_e_recusado(client, documento):
    resposta = client.get("/verificar/2222-3333-4444/")
    assert resposta.status_code == 404
    pagina = resposta.content.decode()
    assert "Código não encontrado" in pagina
    assert "Documento autêntico" not in pagina


def test_texto_que_nao_e_codigo_e_recusado(client, db):
    resposta = client.get("/verificar/nao-e-um-codigo/")
    assert resposta.status_code == 404
    assert "Código não encontrado" in resposta.content.decode()


def test_o_arquivo_original_e_reconhecido(client, documento):
    original = documento.conteudo()
    resposta = client.post(f"/verificar/{documento.codigo}/",
                           {"arquivo": SimpleUploadedFile("recebido.pdf", original, content_type="application/pdf")})
    pagina = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Arquivo idêntico ao emitido" in pagina
    assert "Arquivo diferente" not in pagina


def test_um_arquivo_alterado_e_denunciado(client, documento):
    original = documento.conteudo()
    alterado = original.replace(b"Linha da tabela 2", b"Linha da tabela 9", 1)
    if alterado == original:  # o texto pode estar comprimido no PDF: muda-se um byte qualquer do meio
        meio = len(original) // 2
        alterado = original[:meio] + bytes([original[meio] ^ 1]) + original[meio + 1:]
    resposta = client.post(f"/verificar/{documento.codigo}/",
                           {"arquivo": SimpleUploadedFile("recebido.pdf", alterado, content_type="application/pdf")})
    pagina = resposta.content.decode()
    assert "Arquivo diferente do emitido" in pagina
    assert "Arquivo idêntico" not in pagina


def test_o_pdf_de_outro_documento_nao_passa_por_este(client, documento, templates_de_teste, admin_user):
    outro = emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 4)},
                       tipo=OUTRO, titulo="Outro", usuario=admin_user)
    resposta = client.post(f"/verificar/{documento.codigo}/", {
        "arquivo": SimpleUploadedFile("outro.pdf", outro.conteudo(), content_type="application/pdf")})
    assert "Arquivo diferente do emitido" in resposta.content.decode()


def test_o_pdf_impresso_traz_o_endereco_desta_pagina(documento, settings):
    assert documento.url_verificacao == f"{settings.SITE_URL}/verificar/{documento.codigo}/"


def test_a_pagina_nomeia_o_orgao_emissor_que_distingue_dois_editais_de_mesmo_numero(client, db, templates_de_teste,
                                                                                    admin_user):
    from nucleo.models import Orgao
    from tests.conftest import municipio

    documentos = {}
    for nome, cidade, uf in (("Prefeitura Municipal de Iúna", "Iúna", "ES"),
                             ("Prefeitura Municipal de Ubatuba", "Ubatuba", "SP")):
        orgao = Orgao.objects.create(nome=nome, municipio=municipio(cidade, uf))
        documentos[nome] = emitir_pdf(template="documentos_teste/paginas.html", contexto={"linhas": range(1, 2)},
                                      tipo=TIPO_QUADRO_VAGAS, titulo="Quadro de vagas — Edital nº 001/2026",
                                      usuario=admin_user, orgao_id=orgao.pk)
    iuna = client.get(f"/verificar/{documentos['Prefeitura Municipal de Iúna'].codigo}/").content.decode()
    ubatuba = client.get(f"/verificar/{documentos['Prefeitura Municipal de Ubatuba'].codigo}/").content.decode()
    assert "Órgão emissor" in iuna
    assert "Prefeitura Municipal de Iúna — Iúna/ES" in iuna and "Ubatuba" not in iuna
    assert "Prefeitura Municipal de Ubatuba — Ubatuba/SP" in ubatuba

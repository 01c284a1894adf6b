"""PDFs dos certames: o quadro de vagas mostra os números do motor com os artigos; listas e convocações só com dados
publicáveis (CPF mascarado, sem cor ou raça); os downloads do admin exigem permissão."""

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from concursos.documentos import TIPO_CONVOCACOES, TIPO_QUADRO_VAGAS, emitir_convocacoes, emitir_lista, emitir_quadro
from concursos.models import Candidato, Convocacao
from concursos.selectors.listas import listas_do_cargo
from concursos.services.chamadas import chamada_inicial, desistencia_registrar
from documentos.models import DocumentoEmitido
from legislacao.saida import ordem_compacta
from tests.conftest import lotar_em_todos
from tests.documentos.pdfs import paginas, so_espacos_simples, texto

CORES = ("branca", "parda", "preta", "amarela", "indigena")


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def certame(fazer_certame, admin_user, levar_ao_resultado):
    """Vargem Alta (17% negros + 3% indígenas): 50 vagas com colisões, 8 vagas, e um cargo abaixo do mínimo (2)."""
    from concursos.services.certame import certame_publicar

    return certame_publicar(certame=fazer_certame(cargos=(("ADM", 50, 3), ("ENF", 8, 1), ("MOT", 2, 0))),
                            usuario=admin_user)


@pytest.fixture
def texto_quadro(certame, admin_user):
    return so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))


@pytest.fixture
def cargo_com_resultado(certame, inscrever, levar_ao_resultado):
    cargo = certame.cargos.get(codigo="ENF")
    inscrever(cargo, [("A01", "parda", True), ("A02", "branca", False), ("A03", "preta", True),
                      ("A04", "branca", False, True), ("A05", "indigena", True), ("A06", "branca", False),
                      ("A07", "parda", True), ("A08", "branca", False), ("A09", "branca", False),
                      ("A10", "parda", False), ("A11", "preta", True), ("A12", "branca", False, False, False,
                                                                         "eliminado")])
    Candidato.objects.update(email="pessoa@exemplo.com.br", telefone="(28) 99999-0000",
                             data_nascimento=date(1990, 4, 17))
    levar_ao_resultado(certame)
    cargo.refresh_from_db()
    return cargo


def _cpfs(cargo):
    return list(Candidato.objects.filter(inscricoes__cargo=cargo).values_list("cpf", flat=True))


def _formatado(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


# --- quadro de vagas ---------------------------------------------------------------------------------------------

def test_o_quadro_mostra_os_numeros_de_cargo_quadro(certame, texto_quadro):
    for cargo in certame.cargos.all():
        quadro = cargo.quadro()
        marca = " *" if quadro.abaixo_do_minimo else ""
        reservas = " ".join(str(r.vagas) for r in quadro.reservas)
        # Sem remuneração nem carga horária cadastradas, as duas colunas trazem «—».
        assert (f"{cargo.codigo}{marca} {cargo.nome} Médio — · — {quadro.vagas} {quadro.ampla} {quadro.pcd} {reservas}"
                in texto_quadro)


def test_o_quadro_traz_a_ordem_de_nomeacao_compacta_de_cada_cargo(certame, texto_quadro):
    for cargo in certame.cargos.all():
        quadro = cargo.quadro()
        ordem = ", ".join(ordem_compacta(quadro.ordem))
        assert f"{cargo.codigo} ({quadro.vagas} vagas): {ordem}." in texto_quadro


def test_o_quadro_explica_cada_ajuste_do_motor(certame, texto_quadro):
    ajustes = [(cargo.codigo, a) for cargo in certame.cargos.all() for a in cargo.quadro().ajustes]
    assert ajustes, "o cenário deve ter posições que a lei deixa em aberto"
    for codigo, ajuste in ajustes:
        assert f"Posição {ajuste.posicao} ({ajuste.vaga})" in texto_quadro
        assert so_espacos_simples(ajuste.motivo) in texto_quadro
        assert codigo in texto_quadro


def test_o_quadro_traz_a_base_legal_com_os_artigos_congelados(certame, texto_quadro):
    regras = certame.regras
    assert regras["lei"]["ementa"] in texto_quadro
    for grupo in regras["motor"]["grupos"]:
        assert grupo["artigo"] in texto_quadro and grupo["artigo_padrao"] in texto_quadro
    for chave in ("artigo_minimo", "artigo_arredondamento", "artigo_ordem_nomeacao", "artigo_reversao",
                  "artigo_ampla"):
        assert regras["motor"][chave] in texto_quadro
    # Nenhuma posição tem como base um registro de decisão do sistema: a lei ou o item do edital.
    assert "decisão 0001" not in texto_quadro and "registro de decisão" not in texto_quadro
    assert regras["lei"]["artigo_desistencia"] in texto_quadro
    assert "NEG 17%" in texto_quadro and "IND 3%" in texto_quadro


def test_cargo_abaixo_do_minimo_tem_nota(texto_quadro):
    assert "MOT *" in texto_quadro
    assert "Cargo com menos de 3 vagas, o mínimo para haver reserva (art. 2º, caput e § 2º)" in texto_quadro


def test_o_quadro_usa_as_regras_congeladas_mesmo_se_a_lei_mudar(certame, admin_user):
    from legislacao.services import lei_nova_versao

    nova = lei_nova_versao(lei=certame.lei)
    nova.grupos.filter(codigo="NEG").update(percentual=50, artigo="art. 99")
    conteudo = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))
    assert "art. 99" not in conteudo and "NEG 17%" in conteudo


def test_quadro_de_certame_nao_publicado_sai_marcado_como_previa(fazer_certame, admin_user):
    certame = fazer_certame(numero="002/2024")
    conteudo = texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo())
    assert "PRÉVIA" in conteudo


def test_o_quadro_registra_o_documento_com_o_certame(certame, admin_user):
    documento = emitir_quadro(certame=certame, usuario=admin_user)
    assert documento.tipo == TIPO_QUADRO_VAGAS
    assert documento.referencia == certame
    assert documento.titulo == f"Quadro de vagas — Edital nº {certame.numero_edital}"
    assert documento.codigo in paginas(documento.conteudo())[-1]


# --- listas de classificação ------------------------------------------------------------------------------------

@pytest.mark.parametrize("codigo", ["GERAL", "AC", "PCD", "NEG", "IND"])
def test_cada_lista_traz_seus_candidatos_com_cpf_mascarado(cargo_com_resultado, admin_user, codigo):
    lista = next(lista for lista in listas_do_cargo(cargo_com_resultado) if lista.codigo == codigo)
    conteudo = so_espacos_simples(texto(emitir_lista(cargo=cargo_com_resultado, codigo=codigo,
                                                     usuario=admin_user).conteudo()))
    assert lista.nome in conteudo
    assert f"{lista.total} candidato" in conteudo
    for linha in lista.linhas:
        nota = str(linha.nota_final).replace(".", ",")
        geral = "" if codigo == "GERAL" else f" {linha.classificacao}"
        assert f"{linha.posicao} {linha.numero} {linha.cpf_mascarado} {nota}{geral} {linha.nome}" in conteudo
    fora = {n for n in ("A01", "A02", "A03", "A04", "A05", "A12")} - {linha.numero for linha in lista.linhas}
    assert not any(f" {numero} Candidato" in conteudo for numero in fora)


def test_a_lista_nao_traz_cpf_completo_nem_dados_sensiveis(cargo_com_resultado, admin_user):
    conteudo = texto(emitir_lista(cargo=cargo_com_resultado, codigo="GERAL", usuario=admin_user).conteudo())
    assert "***." in conteudo
    for cpf in _cpfs(cargo_com_resultado):
        assert cpf not in conteudo and _formatado(cpf) not in conteudo
    minusculo = conteudo.lower()
    assert not any(cor in minusculo for cor in CORES)
    assert "pessoa@exemplo.com.br" not in conteudo and "99999" not in conteudo and "17/04/1990" not in conteudo


def test_lista_vazia_diz_que_nao_ha_candidatos(certame, admin_user):
    conteudo = so_espacos_simples(texto(emitir_lista(cargo=certame.cargos.get(codigo="MOT"), codigo="IND",
                                                     usuario=admin_user).conteudo()))
    assert "0 candidatos" in conteudo and "Nenhum candidato habilitado nesta lista." in conteudo


def test_lista_de_eliminado_fica_de_fora(cargo_com_resultado, admin_user):
    conteudo = texto(emitir_lista(cargo=cargo_com_resultado, codigo="GERAL", usuario=admin_user).conteudo())
    assert "A11" in conteudo and "A12" not in conteudo


def test_lista_longa_repete_o_cabecalho_e_numera_as_paginas(fazer_certame, inscrever, levar_ao_resultado,
                                                           admin_user):
    certame = fazer_certame(numero="005/2024", cargos=(("ADM", 10, 1),))
    cargo = certame.cargos.get()
    # Um nome longo quebra a linha e continua alinhado sob a coluna «Nome».
    inscrever(cargo, [(f"N{i:04d}", "parda", i % 4 == 0) for i in range(1, 261)])
    Candidato.objects.filter(inscricoes__numero="N0007").update(
        nome="Maria Aparecida Cavalcanti de Albuquerque Nascimento dos Santos Oliveira Pereira da Silva")
    levar_ao_resultado(certame)
    documento = emitir_lista(cargo=cargo, codigo="GERAL", usuario=admin_user)
    textos = [so_espacos_simples(t) for t in paginas(documento.conteudo())]
    assert documento.paginas == len(textos) >= 4
    for numero, pagina in enumerate(textos, 1):
        assert f"Página {numero} de {len(textos)}" in pagina
    com_linhas = [t for t in textos if "N0" in t]
    assert len(com_linhas) >= 4
    assert all("Posição Inscrição CPF Nota final Nome" in t for t in com_linhas)
    conteudo = " ".join(textos)
    assert "260 candidatos" in conteudo
    assert all(f" N{i:04d} " in conteudo for i in range(1, 261))
    assert "Maria Aparecida Cavalcanti de Albuquerque Nascimento dos Santos Oliveira Pereira da Silva" in conteudo


def test_a_lista_do_pdf_e_a_mesma_da_pagina_do_cargo(cargo_com_resultado, admin_user, admin_client):
    from django.urls import reverse

    for codigo in ("GERAL", "NEG", "AC"):
        tela = admin_client.get(reverse("admin:concursos_cargo_painel", args=[cargo_com_resultado.pk]),
                                {"aba": codigo})
        conteudo = so_espacos_simples(texto(emitir_lista(cargo=cargo_com_resultado, codigo=codigo,
                                                         usuario=admin_user).conteudo()))
        for linha in tela.context["pagina"]:
            assert f"{linha.posicao} {linha.numero} {linha.cpf_mascarado}" in conteudo


# --- convocações ------------------------------------------------------------------------------------------------

@pytest.fixture
def cargo_convocado(cargo_com_resultado, admin_user):
    chamada_inicial(cargo=cargo_com_resultado, data=date(2024, 9, 2), ato="Portaria nº 12/2024", usuario=admin_user)
    primeira = Convocacao.objects.get(cargo=cargo_com_resultado, posicao=1)
    desistencia_registrar(convocacao=primeira, data=date(2024, 9, 20), ato="Termo de desistência 3/2024",
                          usuario=admin_user)
    return cargo_com_resultado


def test_convocacoes_com_chamadas_desistencia_e_substituto(cargo_convocado, admin_user):
    documento = emitir_convocacoes(cargo=cargo_convocado, usuario=admin_user)
    conteudo = so_espacos_simples(texto(documento.conteudo()))
    assert documento.tipo == TIPO_CONVOCACOES
    assert "Portaria nº 12/2024" in conteudo and "Termo de desistência 3/2024" in conteudo
    assert "20/09/2024" in conteudo and "02/09/2024" in conteudo
    assert "Substituição de desistente" in conteudo
    substituta = Convocacao.objects.get(cargo=cargo_convocado, posicao=1, desistiu_em__isnull=True)
    assert f"(substitui {substituta.substitui.inscricao.numero})" in conteudo
    for convocacao in Convocacao.objects.filter(cargo=cargo_convocado).select_related("inscricao__candidato"):
        assert convocacao.inscricao.numero in conteudo
        assert convocacao.inscricao.candidato.cpf_mascarado in conteudo


def test_convocacoes_longas_repetem_o_cabecalho_e_numeram_as_paginas(fazer_certame, inscrever, levar_ao_resultado,
                                                                    admin_user):
    certame = fazer_certame(numero="006/2024", cargos=(("ADM", 120, 6),))
    cargo = certame.cargos.get()
    inscrever(cargo, [(f"C{i:04d}", "parda" if i % 3 == 0 else "branca", i % 3 == 0, i % 25 == 0)
                      for i in range(1, 131)])
    levar_ao_resultado(certame)
    cargo.refresh_from_db()
    chamada_inicial(cargo=cargo, data=date(2024, 9, 2), ato="Portaria nº 12/2024", usuario=admin_user)
    documento = emitir_convocacoes(cargo=cargo, usuario=admin_user)
    textos = [so_espacos_simples(t) for t in paginas(documento.conteudo())]
    assert len(textos) >= 3
    for numero, pagina in enumerate(textos, 1):
        assert f"Página {numero} de {len(textos)}" in pagina
    com_posicoes = [t for t in textos if " C0" in t]
    assert len(com_posicoes) >= 3
    assert all("Posição Vaga Lista Inscrição CPF Chamada Data Vacância Nome" in t for t in com_posicoes)
    conteudo = " ".join(textos)
    for convocacao in Convocacao.objects.filter(cargo=cargo).select_related("inscricao__candidato"):
        assert (f"{convocacao.posicao} {convocacao.vaga} {convocacao.lista} {convocacao.inscricao.numero} "
                f"{convocacao.inscricao.candidato.cpf_mascarado} 1ª 02/09/2024 — "
                f"{convocacao.inscricao.candidato}") in conteudo


def test_convocacoes_sem_cpf_completo_nem_cor(cargo_convocado, admin_user):
    conteudo = texto(emitir_convocacoes(cargo=cargo_convocado, usuario=admin_user).conteudo())
    for cpf in _cpfs(cargo_convocado):
        assert cpf not in conteudo and _formatado(cpf) not in conteudo
    assert not any(cor in conteudo.lower() for cor in CORES)


# --- downloads no admin -----------------------------------------------------------------------------------------

@pytest.fixture
def usuario_rh(db):
    usuario = get_user_model().objects.create_user("rh", password="senha-do-rh-123", is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.add(Permission.objects.get(codename="view_certame", content_type__app_label="concursos"))
    return usuario


def _urls(certame, cargo):
    return [reverse("admin:concursos_certame_quadro_pdf", args=[certame.pk]),
            reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, "GERAL"]),
            reverse("admin:concursos_cargo_convocacao_pdf", args=[cargo.pk])]


def test_sem_login_vai_para_a_entrada_do_admin(client, certame):
    for url in _urls(certame, certame.cargos.first()):
        resposta = client.get(url)
        assert resposta.status_code == 302 and "/admin/login/" in resposta["Location"]
    assert not DocumentoEmitido.objects.exists()


def test_sem_permissao_de_ver_certames_e_recusado(client, certame):
    sem_permissao = get_user_model().objects.create_user("estagiario", password="senha-123-abc", is_staff=True)
    lotar_em_todos(sem_permissao)
    client.force_login(sem_permissao)
    for url in _urls(certame, certame.cargos.first()):
        assert client.get(url).status_code == 403
    assert not DocumentoEmitido.objects.exists()


def test_com_permissao_recebe_o_pdf_no_navegador(client, certame, usuario_rh):
    client.force_login(usuario_rh)
    for url in _urls(certame, certame.cargos.get(codigo="ENF")):
        resposta = client.get(url)
        assert resposta.status_code == 200, url
        assert resposta["Content-Type"] == "application/pdf"
        assert resposta.content.startswith(b"%PDF-")
        documento = DocumentoEmitido.objects.get(codigo=resposta["X-Codigo-Verificacao"])
        assert resposta["Content-Disposition"] == f'inline; filename="{documento.nome_arquivo}"'
        assert documento.emitido_por == usuario_rh
    nomes = sorted(DocumentoEmitido.objects.values_list("nome_arquivo", flat=True))
    assert nomes[0].startswith("edital-de-convocacao-cargo-enf-edital-001-2024-")
    assert nomes[1].startswith("lista-geral-cargo-enf-edital-001-2024-")
    assert nomes[2].startswith("quadro-de-vagas-edital-001-2024-")


def test_lista_inexistente_da_404(client, certame, usuario_rh):
    client.force_login(usuario_rh)
    cargo = certame.cargos.first()
    assert client.get(reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, "XYZ"])).status_code == 404
    assert client.get(reverse("admin:concursos_cargo_convocacao_pdf", args=[999999])).status_code == 404


def test_o_codigo_do_pdf_baixado_e_confirmado_na_pagina_publica(client, certame, usuario_rh):
    client.force_login(usuario_rh)
    resposta = client.get(reverse("admin:concursos_certame_quadro_pdf", args=[certame.pk]))
    client.logout()
    from django.core.files.uploadedfile import SimpleUploadedFile

    pagina = client.post(f"/verificar/{resposta['X-Codigo-Verificacao']}/", {
        "arquivo": SimpleUploadedFile("quadro.pdf", resposta.content, content_type="application/pdf")})
    assert "Arquivo idêntico ao emitido" in pagina.content.decode()


def test_quadro_sem_lei_aplicavel_diz_por_que_e_nao_reserva(fazer_certame, admin_user):
    """Ubatuba art. 13: a lei vigorou dez anos; num edital de 2025 todas as vagas são de ampla (e PcD)."""
    from concursos.services.certame import certame_publicar

    certame = certame_publicar(certame=fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2025, 1, 6),
                                                     cargos=(("ADM", 10, 1),)), usuario=admin_user,
                               justificativa="Lei municipal expirada em 16/06/2024 (art. 13).")
    conteudo = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))
    assert ("Nenhuma lei municipal de reserva de vagas de Ubatuba/SP se aplica a este edital, publicado em "
            "06/01/2025: não há vagas reservadas para pessoas negras, indígenas ou quilombolas") in conteudo
    assert "ADM Cargo ADM Médio — · — 10 9 1" in conteudo


def test_quadro_de_lei_com_padrao_a_cada_k(afonso_claudio_publicada, fazer_certame, admin_user):
    """Afonso Cláudio art. 3º, § 1º: a cada 5 nomeações; com 8 vagas a 2ª vaga reservada é ajustada (decisão 0001)."""
    from concursos.services.certame import certame_publicar

    certame = certame_publicar(certame=fazer_certame(municipio="Afonso Cláudio", uf="ES", data_edital=date(2024, 3, 1),
                                                     cargos=(("ADM", 8, 0),)), usuario=admin_user)
    cargo = certame.cargos.get()
    conteudo = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))
    assert "a cada 5 nomeações, a 5ª vaga é do grupo" in conteudo and "art. 3º, § 1º" in conteudo
    (ajuste,) = cargo.quadro().ajustes
    assert f"Posição {ajuste.posicao} (PP) — cargo ADM: {so_espacos_simples(ajuste.motivo)}" in conteudo


def test_previa_com_cargo_impossivel_mostra_o_erro_em_vez_de_falhar(fazer_certame, admin_user):
    certame = fazer_certame(numero="003/2024", cargos=(("ADM", 10, 1), ("TEC", 3, 3)))
    conteudo = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))
    assert "PRÉVIA" in conteudo and "Quadro impossível" in conteudo and "ADM (10 vagas)" in conteudo


def test_quadro_de_certame_sem_cargos_sai_vazio_sem_erro(fazer_certame, admin_user):
    certame = fazer_certame(numero="004/2024", cargos=())
    conteudo = so_espacos_simples(texto(emitir_quadro(certame=certame, usuario=admin_user).conteudo()))
    assert "Total (0 cargos)" in conteudo

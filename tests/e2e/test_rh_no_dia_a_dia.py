"""O dia a dia do RH no navegador, com uma conta do perfil «Recursos humanos» (não superusuário): entra com a senha e o
código do aplicativo autenticador, abre o certame publicado de Vargem Alta, confere os cargos e o quadro de vagas,
importa o arquivo pequeno da banca, encerra as inscrições e publica o resultado, confere as listas de classificação
(ampla, negros, PcD), faz a convocação inicial e vê os convocados, registra uma desistência e emite o quadro de vagas
em PDF, cujo código abre a página de verificação, onde o próprio arquivo baixado confere como idêntico."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import expect

from concursos.services.certame import certame_publicar
from demonstracao.perfis import garantir_perfis
from tests.concursos.conftest import cpf_valido, fazer_certame, orgao  # noqa: F401 (fixtures)
from tests.conftest import lotar_em_todos
from tests.documentos.pdfs import texto
from tests.e2e.conftest import digitar_o_codigo

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SENHA = "senha-do-rh-bem-longa"
# O arquivo da banca do ADM (5 vagas, 1 PcD; Vargem Alta: a 3ª posição é de negros, art. 5º): classificação, nome, cor
# ou raça, reserva e PcD. As cotistas negras são a 3ª e a 6ª; a 4ª é PcD.
CANDIDATOS = [(1, "Alice Branco", "branca", False, False), (2, "Bento Rocha", "branca", False, False),
              (3, "Carla Souza", "parda", True, False), (4, "Davi Lima", "branca", False, True),
              (5, "Elisa Nunes", "branca", False, False), (6, "Fábio Santos", "preta", True, False),
              (7, "Gabriela Melo", "branca", False, False), (8, "Heitor Dias", "branca", False, False)]
CODIGO_DE_VERIFICACAO = re.compile(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b")


@pytest.fixture
def certame_publicado(leis_de_origem, fazer_certame, admin_user, settings, tmp_path):  # noqa: F811
    settings.MEDIA_ROOT = tmp_path / "media"
    certame = fazer_certame(cargos=(("ADM", 5, 1), ("MED", 2, 0)), numero="003/2025", data_edital=date(2025, 3, 10))
    return certame_publicar(certame=certame, usuario=admin_user)


@pytest.fixture
def maria_do_rh(certame_publicado):
    garantir_perfis()
    usuario = get_user_model().objects.create_user("maria.rh", password=SENHA, is_staff=True)
    usuario.groups.add(Group.objects.get(name="Recursos humanos"))
    lotar_em_todos(usuario)
    return TOTPDevice.objects.create(user=usuario, name="Celular", confirmed=True)


def _arquivo_da_banca(pasta) -> str:
    linhas = ["inscricao;cargo;nome;cpf;email;cor_raca;quilombola;pcd;reserva;classificacao;nota_final;situacao"]
    for posicao, nome, cor, reserva, pcd in CANDIDATOS:
        cpf = cpf_valido(700_000 + posicao)
        linhas.append(f"ADM-{posicao:02d};ADM;{nome};{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]};p{posicao}@exemplo.org;"
                      f"{cor};nao;{'sim' if pcd else 'nao'};{'sim' if reserva else 'nao'};{posicao};"
                      f"{90 - posicao},5;habilitado")
    arquivo = pasta / "resultado-adm.csv"
    arquivo.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return str(arquivo)


def _nomes(linhas) -> list[str]:
    """O candidato de cada linha da tabela, na ordem da tela (em qualquer coluna)."""
    return [next(nome for _, nome, *_ in CANDIDATOS if nome in linha) for linha in linhas.all_inner_texts()]


def _aba(page, nome: str) -> list[str]:
    """Abre a aba da lista e devolve os candidatos dela, na ordem."""
    page.locator(".certame-abas").get_by_role("link", name=re.compile(rf"^{re.escape(nome)}")).click()
    expect(page.locator("#titulo-lista")).to_have_text(nome)
    return _nomes(page.locator(".certame-tabela-lista tbody tr"))


def test_o_rh_importa_classifica_convoca_registra_a_desistencia_e_emite_o_quadro(
        certame_publicado, maria_do_rh, page, live_server, tmp_path, fotografar):
    base, certame = live_server.url, certame_publicado

    # Entrar: senha, depois o código do aplicativo.
    page.goto(f"{base}/admin/")
    page.get_by_label("Usuário").fill("maria.rh")
    page.get_by_label("Senha").fill(SENHA)
    fotografar(page, "login")
    page.get_by_role("button", name="Acessar").click()
    expect(page.get_by_role("heading", name="Verificação em duas etapas")).to_be_visible()
    fotografar(page, "segundo-fator")
    digitar_o_codigo(page, maria_do_rh)
    expect(page.get_by_role("heading", name="Administração")).to_be_visible()
    fotografar(page, "administracao")

    # O certame publicado: o painel com os cargos e o quadro de vagas.
    page.get_by_role("link", name="Certames").first.click()
    expect(page.locator("#result_list")).to_contain_text("Concurso de teste")
    fotografar(page, "certames")
    page.get_by_role("link", name="003/2025").first.click()
    page.wait_for_url(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Edital 003/2025 — Concurso de teste")
    quadro = page.locator(".certame-tabela-quadro")
    expect(quadro.locator("tbody th")).to_have_text([re.compile(r"^ADM — Cargo ADM"), re.compile(r"^MED — Cargo MED")])
    expect(quadro.locator("tbody tr").first.locator("td.num").first).to_have_text("5")
    fotografar(page, "painel-publicado")

    # O quadro do ADM: 3 vagas da ampla, 1 PcD, 1 de negros, nenhuma de indígenas (17% e 3% de 5 vagas, art. 1º); na
    # ordem de nomeação, a 3ª posição é a PcD e a 4ª, a de negros.
    page.get_by_role("link", name="ADM", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("ADM — Cargo ADM")
    tipos = page.locator(".certame-quadro-cargo tbody tr")
    for tipo, vagas in (("Ampla concorrência", "3"), ("Pessoas com deficiência", "1"),
                        ("Negros (pretos e pardos)", "1"), ("Indígenas", "0")):
        expect(tipos.filter(has=page.get_by_role("rowheader", name=tipo)).locator("td").first).to_have_text(vagas)
    posicoes = page.locator(".faixa li")
    expect(posicoes).to_have_count(5)
    expect(posicoes.nth(2)).to_have_attribute("aria-label", re.compile(r"^Posição 3: Pessoas com deficiência"))
    expect(posicoes.nth(3)).to_have_attribute("aria-label", re.compile(r"^Posição 4: Negros \(pretos e pardos\)"))
    fotografar(page, "cargo-quadro")

    # O arquivo da banca, validado e gravado.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Importar inscrições/resultado").click()
    page.get_by_label("Arquivo da banca").set_input_files(_arquivo_da_banca(tmp_path))
    fotografar(page, "importar")
    page.get_by_role("button", name="Enviar e validar").click()
    confirmar = page.get_by_role("button", name="Confirmar e gravar")
    expect(confirmar).to_be_visible()
    expect(page.locator("body")).to_contain_text("Carla Souza")
    fotografar(page, "importacao-validada")
    confirmar.click()
    expect(page.get_by_role("button", name="Confirmar e gravar")).to_have_count(0)
    fotografar(page, "importacao-gravada")

    # Encerrar as inscrições e publicar o resultado, cada etapa com a sua confirmação.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    expect(quadro.locator("tbody tr").first.locator("td.num").nth(5)).to_have_text("8")
    for etapa in ("Encerrar inscrições", "Publicar resultado"):
        page.get_by_role("link", name=etapa).click()
        page.get_by_role("button", name=etapa).click()
        expect(page.locator(".etapas [aria-current=step]")).not_to_have_text(re.compile(r"^Publicado$"))
    expect(page.locator(".etapas [aria-current=step]")).to_have_text("Resultado publicado")
    fotografar(page, "painel-resultado")

    # As listas de classificação do ADM: a ampla tem todos; negros, as duas cotistas; PcD, o Davi.
    page.get_by_role("link", name="ADM", exact=True).click()
    assert _aba(page, "Ampla concorrência") == [nome for _, nome, *_ in CANDIDATOS]
    fotografar(page, "lista-ampla")
    assert _aba(page, "Negros (pretos e pardos)") == ["Carla Souza", "Fábio Santos"]
    fotografar(page, "lista-negros")
    assert _aba(page, "Pessoas com deficiência") == ["Davi Lima"]
    fotografar(page, "lista-pcd")

    # A convocação inicial: primeiro a prévia, depois o ato.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Data do ato:").fill("02/06/2025")
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2025")
    page.get_by_role("button", name="Ver quem seria convocado").click()
    expect(page.locator(".certame-previa")).to_contain_text("Carla Souza")
    fotografar(page, "convocacao-previa")
    page.get_by_role("button", name="Confirmar e registrar a convocação inicial").click()
    expect(page.locator(".messagelist")).to_be_visible()

    # Os convocados do ADM na ordem de nomeação: Alice e Bento pela ampla, Davi na vaga PcD (3ª); Carla, a 1ª cotista,
    # 3ª da classificação, alcança a ampla (a 5ª posição) e não ocupa a vaga de negros, que vai ao Fábio (4ª).
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    page.get_by_role("link", name="ADM", exact=True).click()
    ordem = page.locator(".certame-tabela-ordem tbody tr")
    expect(ordem).to_have_count(5)
    assert _nomes(ordem) == ["Alice Branco", "Bento Rocha", "Davi Lima", "Fábio Santos",
                             "Carla Souza"]
    expect(ordem.nth(2)).to_contain_text("Pessoas com deficiência")
    expect(ordem.nth(3)).to_contain_text("Negros (pretos e pardos)")
    fotografar(page, "convocados")

    # Alice desiste: a posição 1 (ampla) vai à próxima da ampla ainda não convocada, a Elisa.
    page.get_by_role("link", name=re.compile(r"desistência da posição 1 \(ADM-01\)")).click()
    page.get_by_label("Data do ato:").fill("20/06/2025")
    page.get_by_label("Ato:", exact=True).fill("Termo de desistência nº 1/2025")
    fotografar(page, "desistencia")
    page.get_by_role("button", name="Registrar a vacância").click()
    desistente = page.locator("tr.desistente")
    expect(desistente).to_contain_text("Alice Branco")
    expect(desistente).to_contain_text("20/06/2025")
    expect(desistente).to_contain_text("substituído por ADM-05")
    substituto = page.locator(".certame-tabela-ordem tbody tr:not(.desistente)", has_text="Elisa Nunes")
    expect(substituto.locator("td").first).to_have_text("1")
    expect(substituto).to_contain_text("substitui ADM-01")
    fotografar(page, "depois-da-desistencia")

    # O quadro de vagas em PDF: o código do rodapé abre a verificação e o arquivo baixado é o emitido.
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")
    link = page.get_by_role("link", name="Quadro de vagas (PDF)")
    pdf = page.request.get(base + link.get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    emitido = tmp_path / "quadro-de-vagas.pdf"
    emitido.write_bytes(pdf.body())
    codigo = CODIGO_DE_VERIFICACAO.search(texto(pdf.body())).group()
    page.goto(f"{base}/verificar/")
    page.get_by_label("Código de verificação").fill(codigo)
    page.get_by_role("button", name="Verificar").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Documento autêntico")
    expect(page.locator("#resultado")).to_contain_text("Quadro de vagas — Edital nº 003/2025")
    page.get_by_label("Arquivo PDF que você recebeu").set_input_files(str(emitido))
    page.get_by_role("button", name="Comparar").click()
    expect(page.locator("#comparacao")).to_contain_text("Arquivo idêntico ao emitido.")
    fotografar(page, "quadro-verificado")

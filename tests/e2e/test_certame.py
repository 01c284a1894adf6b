"""O certame no navegador, como um servidor do RH o usaria: do cadastro do edital à desistência.

Cadastra o órgão e o certame com os cargos no admin, publica o edital, importa o arquivo da banca (um
primeiro envio com um CPF inválido é recusado com a linha e a coluna; o corrigido é gravado), encerra as
inscrições, publica o resultado, baixa o quadro de vagas em PDF, faz a convocação inicial e registra uma
desistência. As capturas de tela vão para /tmp (CAPTURAS_CERTAME muda a pasta).
"""

import os
import re
from datetime import date

import pytest
from playwright.sync_api import expect

from concursos.models import Certame, Convocacao, EstadoCertame, Inscricao
from tests.concursos.conftest import cpf_valido

CAPTURAS = os.environ.get("CAPTURAS_CERTAME", "/tmp")
# Classificação do ADM (20 vagas, 1 PcD; Vargem Alta: 3 negros, 1 indígena): 30 inscritos; os cotistas negros
# nas posições 2, 9, 12 (que entram pela ampla), 16, 22, 25 (as 3 vagas de negros) e 28, 30 (sobram para
# substituir); um indígena cotista na 27; dois PcD (14 e 29).
COTISTAS_NEGROS = {2: "parda", 9: "preta", 12: "parda", 16: "preta", 22: "parda", 25: "parda", 28: "preta",
                   30: "parda"}


def _cadastrar_orgao(page, base: str) -> None:
    page.goto(f"{base}/admin/nucleo/orgao/add/")
    page.get_by_label("Nome:").fill("Prefeitura Municipal de Vargem Alta")
    page.get_by_label("Sigla:").fill("PMVA")
    # O município se escolhe da lista do IBGE, pela busca do campo (sem acento nem caixa); a UF vem dele.
    page.locator(".field-municipio .select2-selection").click()
    page.locator(".select2-search__field").fill("vargem alta")
    page.locator(".select2-results__option", has_text="Vargem Alta/ES").click()
    page.get_by_label("CNPJ:").fill("11.222.333/0001-82")
    page.get_by_role("button", name="Salvar", exact=True).click()
    expect(page.locator(".errorlist")).to_contain_text("CNPJ inválido")
    page.get_by_label("CNPJ:").fill("11.222.333/0001-81")
    page.get_by_role("button", name="Salvar", exact=True).click()
    expect(page.locator(".messagelist")).to_contain_text("Inclusão salva")


def _cadastrar_certame(page, base: str) -> None:
    page.goto(f"{base}/admin/")
    page.get_by_role("link", name="Certames").first.click()
    page.get_by_role("link", name="Adicionar certame").click()
    page.get_by_label("Órgão ou entidade:").select_option(label="Prefeitura Municipal de Vargem Alta (Vargem Alta/ES)")
    page.get_by_label("Número do edital:").fill("001/2025")
    page.get_by_label("Título:").fill("Concurso público para cargos efetivos")
    # Município em branco: o do órgão, que decide a lei.
    page.get_by_label("Publicação do edital:").fill("10/03/2025")
    page.get_by_label("Início das inscrições:").fill("17/03/2025")
    page.get_by_label("Fim das inscrições:").fill("16/04/2025")
    # O certame novo abre com uma linha de cargo; a segunda vem do «Adicionar cargo».
    page.locator("#id_cargos-0-codigo").fill("ADM")
    page.locator("#id_cargos-0-nome").fill("Agente administrativo")
    page.locator("#id_cargos-0-vagas").fill("20")
    page.locator("#id_cargos-0-vagas_pcd").fill("1")
    page.locator(".add-row a").click()
    page.locator("#id_cargos-1-codigo").fill("MED")
    page.locator("#id_cargos-1-nome").fill("Médico clínico geral")
    page.locator("#id_cargos-1-escolaridade").select_option(label="Ensino superior")
    page.locator("#id_cargos-1-vagas").fill("2")
    page.locator("#id_cargos-1-vagas_pcd").fill("0")
    page.get_by_role("button", name="Salvar", exact=True).click()


def _arquivo_da_banca(pasta, nome: str, *, cpf_invalido_na_linha: int | None = None):
    """O CSV da banca (leiaute de docs/importacao.md): inscrições e resultado dos dois cargos."""
    linhas = ["inscricao;cargo;nome;cpf;email;cor_raca;quilombola;pcd;reserva;classificacao;nota_final;situacao"]
    for codigo, total in (("ADM", 30), ("MED", 4)):
        for posicao in range(1, total + 1):
            cor = "branca"
            if codigo == "ADM":
                cor = COTISTAS_NEGROS.get(posicao, "indigena" if posicao == 27 else "branca")
            pcd = "sim" if codigo == "ADM" and posicao in (14, 29) else "nao"
            cpf = cpf_valido(900_000 + len(linhas))
            cpf = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
            linhas.append(f"{codigo}-{posicao:04d};{codigo};Pessoa {codigo} {posicao:02d};{cpf};"
                          f"p{len(linhas)}@exemplo.org;{cor};nao;{pcd};{'nao' if cor == 'branca' else 'sim'};"
                          f"{posicao};{100 - posicao},5;habilitado")
    if cpf_invalido_na_linha:
        campos = linhas[cpf_invalido_na_linha - 1].split(";")
        campos[3] = "123.456.789-00"
        linhas[cpf_invalido_na_linha - 1] = ";".join(campos)
    arquivo = pasta / nome
    arquivo.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return str(arquivo)


def _enviar(page, arquivo: str) -> None:
    page.get_by_label("Arquivo da banca").set_input_files(arquivo)
    page.get_by_role("button", name="Enviar e validar").click()


def _capturar(page, nome: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=os.path.join(CAPTURAS, f"{nome}.png"), full_page=True)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_do_cadastro_do_edital_a_desistencia(leis_de_origem, admin_logado, live_server, tmp_path):
    page, base = admin_logado, live_server.url

    _cadastrar_orgao(page, base)
    _cadastrar_certame(page, base)

    # Salvo o certame, o RH cai no painel: quadro por cargo, a lei que se aplicaria e os avisos.
    expect(page.get_by_role("heading", level=1)).to_have_text("Edital 001/2025 — Concurso público para cargos efetivos")
    expect(page.locator(".messagelist")).to_contain_text("Confira o quadro de vagas e os avisos antes de publicar")
    expect(page.locator("#titulo-lei")).to_have_text("Lei que se aplica hoje (prévia: congelada ao publicar)")
    expect(page.locator(".certame-lei")).to_contain_text("vargem-alta-es-2023")
    expect(page.locator(".certame-avisos")).to_contain_text("MED (2 vagas): tem menos de 3 vagas")
    linha_adm = page.locator("tbody tr", has=page.get_by_role("link", name="ADM", exact=True))
    expect(linha_adm.locator("td.num")).to_have_text([re.compile(r"^20"), re.compile(r"^15"), re.compile(r"^1"),
                                                      re.compile(r"^3"), re.compile(r"^1"), re.compile(r"^0")])
    _capturar(page, "certame_rascunho")

    # Publicar: a confirmação mostra a lei que será congelada e o quadro.
    page.get_by_role("link", name="Publicar edital").click()
    expect(page.get_by_role("heading", name="Quadro de vagas que será publicado")).to_be_visible()
    page.get_by_role("button", name="Publicar edital").click()
    expect(page.locator(".messagelist")).to_contain_text("Edital 001/2025 publicado")
    expect(page.locator("#titulo-lei")).to_have_text("Lei aplicada (congelada na publicação)")
    certame = Certame.objects.get(numero_edital="001/2025")
    assert certame.estado == EstadoCertame.PUBLICADO and certame.lei.congelada

    # O arquivo da banca: o primeiro envio traz um CPF inválido na linha 5 e é recusado inteiro.
    page.get_by_role("link", name="Importar inscrições/resultado").click()
    _enviar(page, _arquivo_da_banca(tmp_path, "inscricoes.csv", cpf_invalido_na_linha=5))
    expect(page.get_by_role("heading", name="Arquivo recusado: nada foi gravado")).to_be_visible()
    erro = page.locator("table.importacao-erros tbody tr")
    expect(erro).to_have_count(1)
    expect(erro).to_contain_text("5")
    expect(erro).to_contain_text("cpf")
    expect(erro).to_contain_text("«123.456.789-00»")
    assert not Inscricao.objects.filter(certame=certame).exists()
    page.get_by_role("link", name="Enviar o arquivo corrigido").click()
    _enviar(page, _arquivo_da_banca(tmp_path, "inscricoes-corrigido.csv"))
    expect(page.get_by_role("heading", name="Arquivo validado: nenhum erro")).to_be_visible()
    page.get_by_role("button", name="Confirmar e gravar").click()
    expect(page.get_by_role("heading", name="Importação gravada")).to_be_visible()
    assert Inscricao.objects.filter(certame=certame).count() == 34
    page.goto(f"{base}/admin/concursos/certame/{certame.pk}/painel/")

    # Encerrar inscrições e publicar o resultado, cada um com a sua confirmação.
    page.get_by_role("link", name="Encerrar inscrições").click()
    expect(page.locator(".certame-explicacao")).to_contain_text("não mudam mais (art. 3º)")
    page.get_by_role("button", name="Encerrar inscrições").click()
    expect(page.locator(".messagelist")).to_contain_text("Etapa concluída: Inscrições encerradas")
    page.get_by_role("link", name="Publicar resultado").click()
    page.get_by_role("button", name="Publicar resultado").click()
    expect(page.locator(".messagelist")).to_contain_text("Etapa concluída: Resultado publicado")

    # O quadro de vagas em PDF abre numa aba nova (o painel fica); confere-se o que o link entrega.
    link = page.get_by_role("link", name="Quadro de vagas (PDF)")
    expect(link).to_have_attribute("target", "_blank")
    pdf = page.request.get(base + link.get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.body()[:5] == b"%PDF-"

    # Convocação inicial de todos os cargos, num ato, com a data em dd/mm/aaaa.
    page.get_by_role("link", name="Convocação inicial").click()
    page.get_by_label("Data do ato:").fill("02/09/2025")
    page.get_by_label("Ato:", exact=True).fill("Edital de convocação nº 1/2025")
    # Primeiro a prévia (issue 11): quem cada posição receberia e por quê, sem gravar nada; depois a confirmação.
    page.get_by_role("button", name="Ver quem seria convocado").click()
    expect(page.get_by_role("heading", name="Prévia: quem seria chamado")).to_be_visible()
    expect(page.locator(".certame-previa tbody tr").first).to_contain_text("Ampla concorrência")
    assert not Convocacao.objects.exists()
    page.get_by_role("button", name="Confirmar e registrar a convocação inicial").click()
    expect(page.locator(".messagelist")).to_contain_text("22 candidatos convocados em 2 cargos")
    _capturar(page, "certame_painel")

    # A página do cargo: listas com o artigo e a ordem de nomeação.
    page.get_by_role("link", name="ADM", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("ADM — Agente administrativo")
    ordem = page.locator(".certame-tabela-ordem tbody tr")
    expect(ordem).to_have_count(20)
    # Vargem Alta: a 3ª posição é de negros; o 1º cotista negro (classificação 2) entra pela ampla, na 2ª.
    expect(ordem.nth(1)).to_contain_text("ADM-0002")
    expect(ordem.nth(2)).to_contain_text("Negros (pretos e pardos)")
    page.get_by_role("link", name=re.compile(r"^Negros \(pretos e pardos\)")).click()
    expect(page.locator(".certame-lista")).to_contain_text("Base: art. 3º")
    page.get_by_role("link", name="Ordem de nomeação").click()

    # Desistência do titular da 3ª posição: vai ao próximo da mesma lista (Vargem Alta art. 4º, § 2º).
    terceiro = Convocacao.objects.get(cargo__codigo="ADM", posicao=3)
    page.get_by_role("link", name=f"Registrar desistência da posição 3 ({terceiro.inscricao.numero})").click()
    expect(page.locator(".certame-explicacao")).to_contain_text("art. 4º, § 2º")
    page.get_by_label("Data do ato:").fill("15/09/2025")
    page.get_by_label("Ato:", exact=True).fill("Termo de desistência nº 1/2025")
    page.get_by_role("button", name="Registrar a vacância").click()
    expect(page.locator(".messagelist")).to_contain_text("Vacância registrada: desistência. A posição 3 foi para a "
                                                         "inscrição")
    expect(page.locator("tr.desistente")).to_contain_text("Desistência em 15/09/2025")
    terceiro.refresh_from_db()
    assert terceiro.desistiu_em == date(2025, 9, 15)
    assert (terceiro.substituida_por.lista, terceiro.substituida_por.inscricao.numero) == ("NEG", "ADM-0028")
    _capturar(page, "certame_cargo")

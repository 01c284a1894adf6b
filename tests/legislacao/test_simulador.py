"""Simulador do quadro de vagas no admin: formulário, quadro, faixa, motivos, CSV e desempenho."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape

from legislacao.entrada import COLUNAS

pytestmark = pytest.mark.django_db

URL = reverse("admin:legislacao_simulador")


def simular(cliente, **dados):
    return cliente.post(URL, {k: str(v) for k, v in dados.items()})


def celulas(html: str) -> list[tuple[str, str]]:
    """(classe, rótulo) de cada célula da faixa, na ordem."""
    return re.findall(r'<li class="(v-[^"]+)" title="([^"]+)" aria-label="[^"]+">\d+'
                      r'<span class="tipo-vaga" aria-hidden="true">[A-Z]+</span></li>', html)


def test_cada_posicao_da_faixa_e_cada_item_da_legenda_dizem_o_codigo_do_tipo(admin_client):
    html = simular(admin_client, lei="vargem-alta-es-2023", vagas=20).content.decode()
    codigos = re.findall(r'aria-label="Posição (\d+): [^"]+">\d+'
                         r'<span class="tipo-vaga" aria-hidden="true">([A-Z]+)</span>', html)
    assert codigos[0] == ("1", "AC") and codigos[2] == ("3", "NEG")
    assert '<span class="amostra com-codigo v-g1" aria-hidden="true">NEG</span>' in html


def linha_do_quadro(html: str, codigo: str) -> str:
    return re.search(rf'<tr class="linha-{codigo.lower()}">.*?</tr>', html, re.S).group(0)


def csv(*linhas: str) -> SimpleUploadedFile:
    texto = ",".join(COLUNAS) + "\n" + "\n".join(linhas) + "\n"
    return SimpleUploadedFile("candidatos.csv", texto.encode(), content_type="text/csv")


def test_o_formulario_abre_com_as_leis_e_o_modelo_do_csv(admin_client):
    resposta = admin_client.get(URL)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Simulador do quadro de vagas" in html
    for slug in ("vargem-alta-es-2023", "iuna-es", "ibatiba-es-2024", "ubatuba-sp-lei-3765-2014",
                 "afonso-claudio-es-lei-2552-2023"):
        assert f'<option value="{slug}"' in html
    assert "inscricao, classificacao, cor_raca, quilombola, pcd, reserva, situacao" in html
    assert 'enctype="multipart/form-data"' in html


def test_a_ficha_da_lei_abre_o_simulador_com_a_lei_escolhida(admin_client):
    html = admin_client.get(URL, {"lei": "ibatiba-es-2024"}).content.decode()
    assert '<option value="ibatiba-es-2024" selected>' in html


def test_vargem_alta_com_50_vagas(admin_client):
    resposta = simular(admin_client, lei="vargem-alta-es-2023", vagas=50)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    neg, ind = linha_do_quadro(html, "NEG"), linha_do_quadro(html, "IND")
    assert "<strong>9</strong>" in neg and "17%" in neg and "art. 1º, I<" in neg and "50 × 17% = 8,5 → 9" in neg
    assert "<strong>2</strong>" in ind and "3%" in ind and "art. 1º, II<" in ind and "50 × 3% = 1,5 → 2" in ind
    assert "<strong>39</strong>" in linha_do_quadro(html, "AC")
    # A faixa: uma célula por posição, numerada, com cor e rótulo acessível por tipo.
    faixa = celulas(html)
    assert len(faixa) == 50
    assert faixa[2] == ("v-g1", "Posição 3: Negros (pretos e pardos)")
    assert faixa[0] == ("v-ac", "Posição 1: Ampla concorrência")
    assert faixa[16] == ("v-g2", "Posição 17: Indígenas")
    assert faixa[48][0] == "v-g2 aj" and faixa[48][1].startswith("Posição 49: Indígenas")
    assert faixa[49] == ("v-g1", "Posição 50: Negros (pretos e pardos)")
    assert sum(c.startswith("v-g1") for c, _ in faixa) == 9
    assert sum(c.startswith("v-g2") for c, _ in faixa) == 2
    # O motivo da colisão em 50 e a regra documentada.
    motivo = ("A 2ª vaga de Indígenas: a posição 50 ficou com uma vaga de Negros (pretos e pardos); como o tipo "
              "tem 2 vagas entre as 50 (art. 1º, II), ela ocupa a posição 49")
    assert escape(motivo) in html
    assert "docs/decisoes/0001-posicoes-das-vagas-reservadas.md" in html


def test_k_maior_que_n_mostra_o_cadastro_de_reserva_no_mesmo_padrao(admin_client):
    html = simular(admin_client, lei="afonso-claudio-es-lei-2552-2023", vagas=8, posicoes=20).content.decode()
    faixa = celulas(html)
    assert len(faixa) == 20
    pretos_e_pardos = [i + 1 for i, (classe, _) in enumerate(faixa) if classe.startswith("v-g1")]
    assert pretos_e_pardos == [5, 8, 15, 20]
    assert "Cadastro de reserva e novas vagas (posições 9 a 20)" in html
    assert faixa[14][1] == "Posição 15: Pretos e pardos (cadastro de reserva)"


def test_vagas_pcd_entram_no_quadro_e_na_faixa(admin_client):
    html = simular(admin_client, lei="ibatiba-es-2024", vagas=20, vagas_pcd=1).content.decode()
    assert "<strong>1</strong>" in linha_do_quadro(html, "PCD")
    assert "<strong>4</strong>" in linha_do_quadro(html, "NPI")
    assert "<strong>15</strong>" in linha_do_quadro(html, "AC")
    assert sum(c == "v-pcd" for c, _ in celulas(html)) == 1


def test_abaixo_do_minimo_cita_o_artigo(admin_client):
    html = simular(admin_client, lei="afonso-claudio-es-lei-2552-2023", vagas=4).content.decode()
    assert "Abaixo do mínimo legal." in html
    assert "menos que\n        o mínimo de 5 exigido pela lei (art. 1º, § 1º)" in html
    assert "<strong>0</strong>" in linha_do_quadro(html, "PP")
    assert all(c == "v-ac" for c, _ in celulas(html))


def test_erro_do_motor_aparece_como_erro_do_formulario(admin_client):
    resposta = simular(admin_client, lei="vargem-alta-es-2023", vagas=10, vagas_pcd=9)
    html = resposta.content.decode()
    assert "As 9 vagas PcD somadas às 2 vagas reservadas pela lei excedem as 10 vagas oferecidas." in html
    assert 'class="errorlist nonfield"' in html
    assert resposta.context["simulacao"] is None


def test_formulario_sem_vagas_ou_sem_lei_e_recusado(admin_client):
    resposta = simular(admin_client, vagas=10)
    assert "Escolha a lei ou informe o órgão e a data do edital." in resposta.content.decode()
    resposta = simular(admin_client, lei="vargem-alta-es-2023", vagas=0)
    assert resposta.context["form"].errors["vagas"]
    resposta = simular(admin_client, lei="vargem-alta-es-2023", municipio="Vargem Alta", vagas=10)
    assert "não os dois" in resposta.content.decode()
    resposta = simular(admin_client, municipio="Vargem Alta", vagas=10)
    assert set(resposta.context["form"].errors) == {"uf", "data_edital"}


def test_pelo_municipio_e_data_o_simulador_acha_a_lei_e_diz_por_que(admin_client):
    html = simular(admin_client, municipio="vargem alta", uf="ES", data_edital="01/07/2024", vagas=50).content.decode()
    assert "Aplica-se:" in html
    assert "em vigor desde 19/05/2023 (art. 7º)" in html
    assert "<strong>9</strong>" in linha_do_quadro(html, "NEG")


def test_ubatuba_depois_de_16_06_2024_nao_tem_lei_aplicavel(admin_client):
    resposta = simular(admin_client, municipio="Ubatuba", uf="SP", data_edital="17/06/2024", vagas=10)
    html = resposta.content.decode()
    assert "Nenhuma lei cadastrada se aplica a esse edital" in html
    assert ("vigorou por 10 anos, até 16/06/2024 inclusive (art. 13; Código Civil, art. 132, § 3º); o edital de "
            "17/06/2024 é posterior.") in html
    assert resposta.context["simulacao"] is None


def test_ubatuba_na_vigencia_se_aplica(admin_client):
    html = simular(admin_client, municipio="Ubatuba", uf="SP", data_edital="15/06/2024", vagas=10).content.decode()
    assert "Aplica-se:" in html and "ubatuba-sp-lei-3765-2014" in html
    assert "<strong>2</strong>" in linha_do_quadro(html, "NIQ")


def test_consulta_qual_lei_mostra_os_motivos_das_demais(admin_client):
    url = reverse("admin:legislacao_qual_lei")
    assert admin_client.get(url).status_code == 200
    html = admin_client.get(url, {"municipio": "Iúna", "uf": "ES", "data_edital": "01/03/2025"}).content.decode()
    assert "a data de publicação não é conhecida" in html
    html = admin_client.get(url, {"municipio": "Colatina", "uf": "ES", "data_edital": "01/03/2025"}).content.decode()
    assert "Não há lei de reserva de vagas cadastrada para Colatina/ES." in html


def test_qual_lei_para_orgao_federal_escolhe_pela_data_do_edital_lei_15142_art_11(admin_client):
    """Órgão federal: basta a data do edital; até 03/06/2025, a Lei 12.990/2014; a partir de 04/06/2025, a 15.142."""
    url = reverse("admin:legislacao_qual_lei")
    resposta = admin_client.get(url, {"esfera": "federal", "data_edital": "03/06/2025"})
    html = resposta.content.decode()
    assert resposta.context["aplicabilidade"].lei.slug == "federal-lei-12990-2014"
    assert "Qual lei se aplica — órgão federal, edital de 03/06/2025" in html
    assert "(art. 11)" in html  # a 15.142 diz por que não alcança o edital da véspera
    resposta = admin_client.get(url, {"esfera": "federal", "data_edital": "04/06/2025"})
    assert resposta.context["aplicabilidade"].lei.slug == "federal-lei-15142-2025"
    resposta = admin_client.get(url, {"esfera": "municipal", "data_edital": "04/06/2025"})
    assert set(resposta.context["form"].errors) == {"municipio", "uf"}


def test_simulador_pelo_orgao_federal_e_data(admin_client):
    html = simular(admin_client, esfera="federal", data_edital="01/07/2025", vagas=50).content.decode()
    assert "Aplica-se:" in html and "federal-lei-15142-2025" in html
    assert "<strong>13</strong>" in linha_do_quadro(html, "PP")


def test_com_csv_mostra_quem_ocupa_cada_vaga_e_destaca_a_revertida(admin_client):
    # Afonso Cláudio, 8 vagas: PP nas posições 5 e 8. Só um cotista fora da ampla: a 2ª vaga PP reverte.
    arquivo = csv(
        "A01,1,branca,nao,nao,nao,habilitado",
        "A02,2,parda,nao,nao,sim,habilitado",
        "A03,3,branca,nao,nao,nao,habilitado",
        "A04,4,branca,nao,nao,nao,habilitado",
        "A05,5,branca,nao,nao,nao,eliminado",
        "A06,6,branca,nao,nao,nao,habilitado",
        "A07,7,branca,nao,nao,nao,habilitado",
        "A08,8,branca,nao,nao,nao,habilitado",
        "A09,9,branca,nao,nao,nao,habilitado",
        "A10,10,preta,nao,nao,sim,habilitado",
    )
    resposta = admin_client.post(URL, {"lei": "afonso-claudio-es-lei-2552-2023", "vagas": "8", "candidatos": arquivo})
    html = resposta.content.decode()
    titulares = resposta.context["simulacao"].titulares
    assert [(t.posicao, t.inscricao) for t in titulares] == [
        (1, "A01"), (2, "A02"), (3, "A03"), (4, "A04"), (5, "A10"), (6, "A06"), (7, "A07"), (8, "A08")]
    assert "Quem ocupa cada vaga" in html
    assert "10 candidatos no arquivo,\n    9 habilitados" in html
    revertidas = re.findall(r'<tr class="revertida">.*?</tr>', html, re.S)
    assert len(revertidas) == 1
    assert ">8<" in revertidas[0] and "A08" in revertidas[0]
    assert "revertida para Ampla concorrência (art. 5º)" in revertidas[0]
    assert "Optou pela reserva, mas classificou-se na ampla" in html


def test_csv_com_valor_invalido_lista_linha_coluna_e_valor(admin_client):
    arquivo = csv("A01,1,branca,nao,nao,nao,habilitado", "A02,2,azul,nao,talvez,sim,habilitado")
    resposta = admin_client.post(URL, {"lei": "vargem-alta-es-2023", "vagas": "5", "candidatos": arquivo})
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Erros no arquivo de candidatos" in html
    linhas = re.findall(
        r'<tr><td class="num">(\d+)</td><td>([^<]*)</td><td><code>([^<]*)</code></td><td>([^<]*)</td>', html)
    assert ("3", "cor_raca", "azul") in [linha[:3] for linha in linhas]
    assert ("3", "pcd", "talvez", "valor desconhecido; use sim ou nao.") in linhas
    # O quadro continua calculado; só os titulares faltam.
    assert resposta.context["simulacao"].titulares is None
    assert len(celulas(html)) == 5


def test_csv_sem_cabecalho_valido_nao_derruba_a_pagina(admin_client):
    arquivo = SimpleUploadedFile("x.csv", b"nome;nota\nFulano;10\n")
    html = admin_client.post(URL, {"lei": "iuna-es", "vagas": "5", "candidatos": arquivo}).content.decode()
    assert "coluna obrigatória ausente do cabeçalho." in html


def test_n_1000_com_poucas_consultas(admin_client, django_assert_max_num_queries):
    """O tempo é medido em bench/bench_simulador.py; aqui, só que as consultas não crescem com N."""
    dados = {"lei": "vargem-alta-es-2023", "vagas": "1000", "vagas_pcd": "50"}
    with django_assert_max_num_queries(8):
        resposta = admin_client.post(URL, dados)
    assert len(celulas(resposta.content.decode())) == 1000


def candidatos_afonso_claudio() -> list[str]:
    # 12 candidatos; cotistas (pretos e pardos) nas classificações 4 e 11.
    return [f"B{i:02d},{i},{'preta' if i in (4, 11) else 'branca'},nao,nao,{'sim' if i in (4, 11) else 'nao'},"
            "habilitado" for i in range(1, 13)]


def test_titulares_do_lote_nao_mudam_mostrando_mais_ou_menos_posicoes(admin_client):
    """Afonso Cláudio art. 3º, § 1º: N = 5, PP na posição 5. O cotista 4 entra na ampla (art. 1º, § 3º); a vaga PP
    vai ao cotista 11. Mostrar 12 posições (chamadas posteriores) ou só 3 não muda quem ocupa as vagas do lote."""
    def titulares(posicoes):
        resposta = admin_client.post(URL, {"lei": "afonso-claudio-es-lei-2552-2023", "vagas": "5",
                                           "posicoes": str(posicoes), "candidatos": csv(*candidatos_afonso_claudio())})
        return [(t.posicao, t.inscricao, t.lista) for t in resposta.context["simulacao"].titulares], resposta

    lote = [(1, "B01", "Ampla concorrência"), (2, "B02", "Ampla concorrência"), (3, "B03", "Ampla concorrência"),
            (4, "B04", "Ampla concorrência"), (5, "B11", "Pretos e pardos")]
    assert titulares(5)[0] == lote
    mais, resposta = titulares(12)
    assert mais[:5] == lote
    # depois do lote, uma chamada por posição: ampla ao próximo da lista geral; a 10ª (PP) sem cotista restante
    assert mais[5:] == [(6, "B05", "Ampla concorrência"), (7, "B06", "Ampla concorrência"),
                        (8, "B07", "Ampla concorrência"), (9, "B08", "Ampla concorrência"),
                        (10, "B09", "Ampla concorrência"), (11, "B10", "Ampla concorrência"),
                        (12, "B12", "Ampla concorrência")]
    assert "As 5 primeiras posições são o lote" in resposta.content.decode()
    assert len(celulas(resposta.content.decode())) == 12
    menos, resposta = titulares(3)
    assert menos == lote[:3]
    assert "(1 no lote, 0 nas 3 posições mostradas)" in resposta.content.decode()


def test_a_vaga_pcd_do_edital_nunca_toma_a_posicao_que_a_lei_fixa_e_cada_posicao_tem_a_sua_base(admin_client):
    """Afonso Cláudio art. 3º, § 1º (toda 5ª é dos pretos e pardos) com a regra PcD do edital: 5%, fração para cima
    (a 1ª vaga PcD), nas posições 5 e 21. A PcD que o edital põe na 5ª vai à 6ª, e a tela diz a base de cada
    posição."""
    html = simular(admin_client, lei="afonso-claudio-es-lei-2552-2023", vagas=20, pcd_percentual=5,
                   pcd_arredondamento="teto", pcd_posicoes="5, 21", pcd_base="item 4.1 do edital",
                   item_criterio="item 5.3 do edital").content.decode()
    faixa = celulas(html)
    assert faixa[4] == ("v-g1", "Posição 5: Pretos e pardos")
    assert faixa[5][0] == "v-pcd aj"
    assert "<strong>1</strong>" in linha_do_quadro(html, "PCD") and "20 × 5% = 1" in linha_do_quadro(html, "PCD")
    assert escape("PP 5ª, 10ª, 15ª, 20ª (art. 3º, § 1º; fixadas na lei)") in html
    assert escape("PCD 6ª (art. 3º, § 1º)") in html
    assert "que a lei fixa para Pretos e pardos" in html


def test_posicoes_pcd_invalidas_sao_recusadas_em_portugues(admin_client):
    html = simular(admin_client, lei="ibatiba-es-2024", vagas=10, pcd_posicoes="5, zero").content.decode()
    assert "Informe posições (1, 2, 3…) separadas por vírgula" in html
    html = simular(admin_client, lei="ibatiba-es-2024", vagas=10, pcd_intervalo=20).content.decode()
    assert "Informe as posições PcD; o intervalo conta a partir da última." in html

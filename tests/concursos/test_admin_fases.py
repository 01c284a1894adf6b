"""As páginas das fases no admin: a ficha da fase, a importação do resultado, o ato do corte e a lista dos
classificados para a fase seguinte, com a base da reserva tirada da lei congelada no certame (Ibatiba art. 3º) ou,
se ela não fala das fases, do edital — e o aviso do painel nesse caso."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from concursos.importacao.resultado_da_fase import resultado_da_fase_importar
from concursos.models import Fase, ResultadoNaFase
from concursos.services.fases import aplicar_corte_da_fase
from documentos import pdf as documentos_pdf
from tests.concursos.conftest import encerrar_inscricoes


def _arquivo(linhas: list[tuple]) -> SimpleUploadedFile:
    texto = "\n".join(["inscricao;nota;situacao", *(";".join(str(c) for c in linha) for linha in linhas)])
    return SimpleUploadedFile("objetiva.csv", texto.encode(), content_type="text/csv")


def test_do_arquivo_ao_corte_e_a_lista_dos_classificados(fase_ibatiba, admin_client):
    fase, notas = fase_ibatiba
    ficha = admin_client.get(reverse("admin:concursos_fase_change", args=[fase.pk]))
    assert "A lei do certame aplica a reserva em todas as fases" in ficha.content.decode()
    assert "art. 3º" in ficha.content.decode()
    resposta = admin_client.post(reverse("admin:concursos_fase_resultado", args=[fase.pk]),
                                 {"arquivo": _arquivo(notas)}, follow=True)
    assert "Resultado da fase importado: 30 linhas." in resposta.content.decode()
    resposta = admin_client.post(reverse("admin:concursos_fase_corte", args=[fase.pk]),
                                 {"motivo": "Resultado definitivo da prova objetiva."}, follow=True)
    pagina = resposta.content.decode()
    assert "Corte aplicado" in pagina
    assert "Classificados para a fase seguinte" in pagina
    assert 'data-lista="NPI"' in pagina and "P2" in pagina and "P3" in pagina
    assert ResultadoNaFase.objects.filter(fase=fase, segue=True).count() == 12


def test_o_arquivo_com_erro_mostra_linha_coluna_e_valor_e_nada_grava(fase_ibatiba, admin_client):
    fase, notas = fase_ibatiba
    notas[4] = ("B3", "-5", "apto")
    resposta = admin_client.post(reverse("admin:concursos_fase_resultado", args=[fase.pk]),
                                 {"arquivo": _arquivo(notas)}, follow=True)
    pagina = resposta.content.decode()
    assert "Linha 6, coluna «nota», valor «-5»" in pagina
    assert "nada foi gravado" in pagina
    assert not ResultadoNaFase.objects.filter(fase=fase).exists()


def test_o_painel_do_certame_lista_as_fases_e_leva_ao_cadastro(fase_ibatiba, admin_client):
    fase, _ = fase_ibatiba
    pagina = admin_client.get(reverse("admin:concursos_certame_painel", args=[fase.certame_id])).content.decode()
    assert "Fases do certame" in pagina
    assert reverse("admin:concursos_fase_change", args=[fase.pk]) in pagina
    assert f"{reverse('admin:concursos_fase_add')}?certame={fase.certame_id}" in pagina


def test_o_painel_avisa_quando_a_lei_nao_fala_das_fases(leis_de_origem, fazer_certame, admin_client, admin_user):
    certame = encerrar_inscricoes(fazer_certame(cargos=(("ADM", 5, 0),)), admin_user)
    painel = reverse("admin:concursos_certame_painel", args=[certame.pk])
    assert "A lei não fala das fases" not in admin_client.get(painel).content.decode()
    Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva", seguem_quantidade=10)
    pagina = admin_client.get(painel).content.decode()
    assert "A lei não fala das fases" in pagina
    assert "aplica a reserva no corte de Prova objetiva" in pagina


def test_lei_que_fala_das_fases_nao_gera_aviso(fase_ibatiba, admin_client):
    fase, _ = fase_ibatiba
    pagina = admin_client.get(reverse("admin:concursos_certame_painel", args=[fase.certame_id])).content.decode()
    assert "A lei não fala das fases" not in pagina


def test_o_pdf_dos_classificados_cita_a_lei_congelada_e_mascara_o_cpf(fase_ibatiba, admin_client, admin_user,
                                                                       monkeypatch, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    pdfs_em_html = []

    def renderizar(html: str) -> tuple[bytes, int, dict]:
        pdfs_em_html.append(html)
        return b"%PDF-1.4\n%%EOF\n", 1, {}

    monkeypatch.setattr(documentos_pdf, "renderizar_pdf_com_campos", renderizar)
    fase, notas = fase_ibatiba
    resultado_da_fase_importar(fase=fase, arquivo=_arquivo(notas), nome="objetiva.csv", usuario=admin_user)
    fase = aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    cargo = fase.certame.cargos.get()
    resposta = admin_client.get(reverse("admin:concursos_fase_classificados_pdf", args=[fase.pk, cargo.pk]))
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    html = pdfs_em_html[-1]
    assert "Classificados para a fase seguinte" in html
    assert "em todas as fases do certame, também nas com nota de corte" in html and "art. 3º" in html
    cpf = fase.resultados.get(inscricao__numero="P2").inscricao.candidato.cpf
    assert cpf not in html and f"***.{cpf[3:6]}.{cpf[6:9]}-**" in html


def test_a_lista_das_fases_e_o_cadastro_pelo_painel_abrem(fase_ibatiba, admin_client):
    fase, _ = fase_ibatiba
    lista = admin_client.get(reverse("admin:concursos_fase_changelist")).content.decode()
    assert "Seguem os 10 melhores de cada cargo" in lista
    cadastro = admin_client.get(reverse("admin:concursos_fase_add") + f"?certame={fase.certame_id}")
    assert cadastro.status_code == 200
    assert cadastro.context["adminform"].form.initial["certame"] == str(fase.certame_id)


def test_a_ficha_recusa_fase_nova_antes_de_uma_que_ja_tem_resultado(fase_ibatiba, admin_client, admin_user):
    """Com a 1ª e a 3ª fases importadas, uma 2ª quebraria a cadeia: só entrou na 3ª quem seguiu da 1ª."""
    objetiva, notas = fase_ibatiba
    certame = objetiva.certame
    discursiva = Fase.objects.create(certame=certame, ordem=3, nome="Prova discursiva", nota_minima=50)
    resultado_da_fase_importar(fase=objetiva, arquivo=_arquivo(notas), nome="o.csv", usuario=admin_user)
    aplicar_corte_da_fase(fase=objetiva, usuario=admin_user, motivo="Resultado.")
    resultado_da_fase_importar(fase=discursiva, arquivo=_arquivo([("P2", 70, "apto")]), nome="d.csv",
                               usuario=admin_user)
    resposta = admin_client.post(reverse("admin:concursos_fase_add"),
                                 {"certame": certame.pk, "ordem": 2, "nome": "Títulos", "tipo": "titulos",
                                  "carater": "eliminatoria", "aplica_reserva": "on"})
    assert resposta.status_code == 200
    assert "A 3ª fase — Prova discursiva já tem resultado importado" in resposta.content.decode()
    assert not certame.fases.filter(ordem=2).exists()


def test_a_pagina_da_importacao_traz_os_modelos_que_o_importador_aceita(fase_ibatiba, admin_client):
    """O modelo do resultado da fase (CSV e XLSX) sai com o cabeçalho do leiaute e uma linha de exemplo; com o número
    de uma inscrição do certame no lugar do exemplo, o próprio importador o aceita."""
    import io

    from openpyxl import load_workbook

    fase, notas = fase_ibatiba
    pagina = admin_client.get(reverse("admin:concursos_fase_resultado", args=[fase.pk])).content.decode()
    assert "Modelos para baixar" in pagina and "Leiaute do arquivo" in pagina
    csv = admin_client.get(reverse("admin:concursos_fase_resultado_modelo", args=[fase.pk, "csv"]))
    assert csv["Content-Disposition"].startswith('attachment; filename="modelo-resultado-fase-')
    cabecalho, exemplo = csv.content.decode("utf-8-sig").splitlines()
    assert cabecalho == "inscricao;nota;situacao;classificacao"
    numero = notas[0][0]
    arquivo = SimpleUploadedFile("resultado.csv", f"{cabecalho}\n{exemplo.replace('000123', str(numero))}".encode())
    resposta = admin_client.post(reverse("admin:concursos_fase_resultado", args=[fase.pk]), {"arquivo": arquivo},
                                 follow=True)
    assert "Resultado da fase importado: 1 linha." in resposta.content.decode()
    xlsx = admin_client.get(reverse("admin:concursos_fase_resultado_modelo", args=[fase.pk, "xlsx"]))
    planilha = load_workbook(io.BytesIO(xlsx.content))
    assert [c.value for c in planilha["arquivo"][1]] == ["inscricao", "nota", "situacao", "classificacao"]
    assert "eliminado" in planilha["valores permitidos"]["C4"].value
    assert admin_client.get(reverse("admin:concursos_fase_resultado_modelo", args=[fase.pk, "exe"])).status_code == 404

"""Publicado o resultado, o arquivo da banca com nota, classificação ou situação é uma retificação do resultado
(decisão 0012): um ato, com o número, a data e o motivo; a prévia o diz e mostra quem deixaria cada posição e quem
entraria; quem ocupa uma posição e o arquivo elimina a deixa ao próximo da mesma lista (Vargem Alta art. 4º, § 2º;
Afonso Cláudio art. 3º, § 2º), pela mesma eliminação das páginas do admin; e tudo ou nada numa transação."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from concursos.importacao.retificacao_do_resultado import AtoDaRetificacao
from concursos.models import (
    AtoDoResultado,
    Chamada,
    Convocacao,
    Importacao,
    Inscricao,
    Situacao,
    TipoChamada,
)
from concursos.services.resultado import eliminacao_registrar
from tests.concursos.importacao.conftest import conta_que_importa, mensagens, rodar

pytestmark = pytest.mark.django_db

ATO = AtoDaRetificacao("Edital nº 3/2026 — retificação do resultado", date(2025, 6, 2),
                       "Recursos da prova discursiva acolhidos pela banca.")
CABECALHO = "inscricao,nota_final,classificacao,situacao"


def _arquivo(*linhas: str) -> bytes:
    return ("\n".join([CABECALHO, *linhas]) + "\n").encode()


def _numero(certame, posicao: int) -> str:
    return Convocacao.objects.get(cargo__certame=certame, posicao=posicao, desistiu_em__isnull=True).inscricao.numero


def test_o_arquivo_que_elimina_um_nomeado_chama_o_proximo_da_mesma_lista(vargem_alta_homologado, admin_user):
    """Vargem Alta art. 4º, § 2º: N1, na 3ª posição (negros), eliminada pelo arquivo retificado, dá lugar a N2."""
    certame = vargem_alta_homologado
    resultado = rodar(certame, _arquivo("N1,,,eliminado", "B5,95,7,habilitado"), usuario=admin_user, retificacao=ATO)
    assert resultado.erros == [], mensagens(resultado)
    assert resultado.gravado
    assert _numero(certame, 3) == "N2"
    chamada = Chamada.objects.get(cargo__certame=certame, tipo=TipoChamada.ELIMINACAO)
    assert (chamada.ato, chamada.data) == (ATO.ato, ATO.data)
    n1 = Inscricao.objects.get(numero="N1")
    assert (n1.situacao, n1.classificacao) == (Situacao.ELIMINADO, None)
    motivos = list(n1.history.values_list("history_change_reason", flat=True)[:2])
    assert motivos[0].startswith("Eliminação na posição 3 (Edital nº 3/2026 — retificação do resultado): Recursos")
    assert motivos[1] == f"Retificação do resultado: importação nº {resultado.importacao_id} (banca.csv)"
    ato = AtoDoResultado.objects.get()
    assert (ato.importacao_id, ato.motivo, ato.chamada) == (resultado.importacao_id, ATO.motivo, chamada)
    assert resultado.efeitos == [{"cargo": "ADM", "sai": "N1", "entra": "N2", "efeito": ato.efeito}]
    assert "a seguinte da mesma lista, «Negros (pretos e pardos)» (art. 4º, § 2º)" in ato.efeito
    assert resultado.resumo().startswith("Arquivo de resultados (retificação do resultado): 2 linhas lidas.")
    assert "1 posição fica vaga pela eliminação de quem a ocupava" in resultado.resumo()


def test_a_validacao_mostra_quem_entraria_e_nao_grava_nada(vargem_alta_homologado, admin_user):
    certame = vargem_alta_homologado
    resultado = rodar(certame, _arquivo("N1,,,eliminado"), gravar=False, usuario=admin_user, retificacao=ATO)
    assert resultado.erros == [] and not resultado.gravado
    assert [(e["sai"], e["entra"]) for e in resultado.efeitos] == [("N1", "N2")]
    assert (resultado.inscricoes_atualizadas, resultado.inscricoes_sem_mudanca) == (1, 0)
    assert Inscricao.objects.get(numero="N1").situacao == Situacao.HABILITADO
    assert _numero(certame, 3) == "N1"
    assert Chamada.objects.filter(cargo__certame=certame).count() == 1
    assert not AtoDoResultado.objects.exists()


def test_sem_o_ato_da_retificacao_o_arquivo_de_resultado_e_recusado(vargem_alta_homologado):
    resultado = rodar(vargem_alta_homologado, _arquivo("B5,95,7,habilitado"))
    assert mensagens(resultado) == [
        "Linha 1: o resultado deste certame já foi publicado: um arquivo com nota, classificação ou situação o "
        "retifica, e a retificação é um ato — informe no envio o ato publicado, a data e o motivo."]
    assert not resultado.gravado


def test_quem_ja_foi_chamado_nao_desiste_pelo_arquivo_nem_volta_depois_de_sair(vargem_alta_homologado, admin_user):
    certame = vargem_alta_homologado
    eliminacao_registrar(inscricao=Inscricao.objects.get(numero="B2"), data=date(2025, 5, 2), ato="Portaria nº 4/2026",
                         motivo="Não tomou posse.", usuario=admin_user)
    resultado = rodar(certame, _arquivo("N1,96,4,desistente", "B2,98,2,habilitado"), usuario=admin_user,
                      retificacao=ATO)
    assert mensagens(resultado) == [
        "Linha 2, coluna «situacao», valor «desistente»: a inscrição N1 ocupa a posição 3 do cargo ADM: a desistência "
        "de quem foi chamado se registra na página do cargo, com o termo de desistência.",
        "Linha 3, coluna «situacao», valor «habilitado»: a inscrição B2 deixou a posição 2 do cargo ADM em "
        "02/05/2025 (Portaria nº 4/2026): a situação dela vem desse ato e não muda pelo arquivo.",
    ]
    assert Inscricao.objects.get(numero="B2").situacao == Situacao.ELIMINADO


def test_a_porta_da_heteroidentificacao_recusa_o_arquivo_inteiro(afonso_claudio_nomeado, admin_user):
    """Afonso Cláudio art. 3º, § 2º, e art. 6º: a vaga reservada de P1 iria a P2, sem a heteroidentificação
    confirmada: nada do arquivo é gravado — nem a nota de A5, de outra linha (tudo ou nada)."""
    certame = afonso_claudio_nomeado
    resultado = rodar(certame, _arquivo("A5,99,5,habilitado", "P1,,,eliminado"), usuario=admin_user,
                      retificacao=ATO)
    (erro,) = mensagens(resultado)
    assert erro.startswith("Linha 3, coluna «situacao», valor «eliminado»: A lei do certame exige a "
                           "heteroidentificação para ocupar vaga reservada (art. 6º e art. 9º)")
    assert "P2 (não se aplica)" in erro
    assert not resultado.gravado
    assert Inscricao.objects.get(numero="P1").situacao == Situacao.HABILITADO
    assert Inscricao.objects.get(numero="A5").nota_final == 95
    assert not AtoDoResultado.objects.exists() and not Importacao.objects.exists()


def test_so_o_nome_e_o_contato_depois_do_resultado_nao_e_retificacao(vargem_alta_homologado):
    cpf = Inscricao.objects.select_related("candidato").get(numero="B5").candidato.cpf
    arquivo = (f"inscricao,cargo,nome,cpf,email,cor_raca,quilombola,pcd,reserva\n"
               f"B5,ADM,Outro Nome,{cpf},b5@exemplo.org,branca,nao,nao,nao\n").encode()
    resultado = rodar(vargem_alta_homologado, arquivo)
    assert resultado.erros == [], mensagens(resultado)
    assert resultado.efeitos is None and "retificação" not in resultado.resumo()
    assert Inscricao.objects.get(numero="B5").candidato.nome == "Outro Nome"


@pytest.fixture
def rh(vargem_alta_homologado, client):
    client.force_login(conta_que_importa("rh"))
    return client


def _enviar(cliente, certame, **campos):
    arquivo = SimpleUploadedFile("retificado.csv", _arquivo("N1,,,eliminado"), content_type="text/csv")
    return cliente.post(reverse("admin:concursos_certame_importar", args=[certame.pk]), {"arquivo": arquivo, **campos})


def test_pelo_admin_a_previa_diz_retificacao_do_resultado_e_a_gravacao_chama_o_substituto(vargem_alta_homologado,
                                                                                           rh):
    certame = vargem_alta_homologado
    envio = rh.get(reverse("admin:concursos_certame_importar", args=[certame.pk])).content.decode()
    assert "Retificação do resultado." in envio and "homologado em 10/03/2025" in envio
    resposta = _enviar(rh, certame, ato_retificacao=ATO.ato, data_retificacao="02/06/2025",
                       motivo_retificacao=ATO.motivo)
    pagina = rh.get(resposta.url).content.decode()
    assert "Arquivo validado: nenhum erro" in pagina
    assert "Retificação do resultado" in pagina and "(retificação do resultado)" in pagina
    assert "Ao confirmar, quem deixa cada posição e quem entra" in pagina
    assert "<td>N1</td><td>N2</td>" in pagina
    assert 'value="Confirmar a retificação e gravar"' in pagina
    assert _numero(certame, 3) == "N1"
    pagina = rh.post(resposta.url, {"confirmar": "1"}, follow=True).content.decode()
    assert "Importação gravada" in pagina and "Quem deixou cada posição e quem entrou" in pagina
    assert _numero(certame, 3) == "N2"
    importacao = Importacao.objects.get()
    assert AtoDoResultado.objects.get().importacao == importacao
    assert importacao.efeitos[0]["entra"] == "N2"


def test_pelo_admin_o_ato_vai_inteiro_ou_o_arquivo_de_resultado_e_recusado(vargem_alta_homologado, rh):
    certame = vargem_alta_homologado
    resposta = _enviar(rh, certame, ato_retificacao=ATO.ato)
    assert resposta.status_code == 200
    assert resposta.context["formulario"].errors["motivo_retificacao"] == [
        "A retificação é um ato: informe o ato, a data e o motivo."]
    resposta = _enviar(rh, certame)
    assert "a retificação é um ato" in rh.get(resposta.url).content.decode()
    assert _numero(certame, 3) == "N1"


def test_pela_linha_de_comando_o_ato_vem_nas_opcoes(vargem_alta_homologado, tmp_path, capsys):
    arquivo = tmp_path / "retificado.csv"
    arquivo.write_bytes(_arquivo("N1,,,eliminado"))
    with pytest.raises(CommandError, match="1 erro"):
        call_command("importar_inscricoes", str(vargem_alta_homologado.pk), str(arquivo))
    call_command("importar_inscricoes", str(vargem_alta_homologado.pk), str(arquivo), "--ato", ATO.ato,
                 "--data-do-ato", "02/06/2025", "--motivo", ATO.motivo)
    assert "Inscrição N1 eliminada: Deixa a posição 3 do cargo ADM, que foi para a inscrição N2" in \
        capsys.readouterr().out
    assert _numero(vargem_alta_homologado, 3) == "N2"
    registro = Importacao.objects.get()
    assert (registro.ato_retificacao, registro.data_retificacao, registro.motivo_retificacao) == (
        ATO.ato, ATO.data, ATO.motivo)
    assert registro.efeitos[0]["entra"] == "N2"

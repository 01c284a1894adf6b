"""Importação dos arquivos da banca: validação completa, tudo ou nada, CSV e XLSX, comando, admin e exportações."""

from __future__ import annotations

import hashlib
import io
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, IntegrityError
from django.urls import reverse
from localflavor.br.validators import BRCPFValidator

from concursos.admin import importacao as admin_importacao
from concursos.exportacao.recursos import CandidatoResource, InscricaoPublicacaoResource, InscricaoResource
from concursos.importacao import acompanhamento, gravacao, leiaute, servico
from concursos.importacao.leitura import contar_linhas
from concursos.importacao.servico import ErroGravacao
from concursos.importacao.validacao import cpf_confere
from concursos.models import Candidato, EstadoCertame, EstadoImportacao, Importacao, Inscricao, formatar_cpf
from concursos.services.certame import certame_avancar, certame_publicar
from tests.concursos.conftest import cpf_valido as gerar_cpf
from tests.concursos.importacao.conftest import CABECALHO, RESULTADOS, csv_de, linha, mensagens, rodar
from tests.conftest import lotar_em_todos


@pytest.fixture
def encerrar(admin_user):
    def encerrar(certame):
        certame = certame_publicar(certame=certame, usuario=admin_user)
        return certame_avancar(certame=certame, usuario=admin_user)
    return encerrar


def test_cpf_confere_concorda_com_o_validador_do_localflavor():
    validador = BRCPFValidator()
    for n in range(0, 5000, 7):
        for cpf in (gerar_cpf(n), f"{n:011d}"):
            try:
                validador(cpf)
                esperado = True
            except Exception:
                esperado = False
            assert cpf_confere(cpf) is esperado, cpf


class TestImportacaoValida:
    def test_cria_candidatos_e_inscricoes(self, certame, cpfs):
        conteudo = csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1], cargo="MED", cor="branca", reserva="nao"))
        resultado = rodar(certame, conteudo)
        assert resultado.erros == []
        assert resultado.gravado
        assert (resultado.linhas, resultado.candidatos_criados, resultado.inscricoes_criadas) == (2, 2, 2)
        inscricao = Inscricao.objects.select_related("candidato", "cargo").get(certame=certame, numero="0001")
        assert inscricao.cargo.codigo == "ADM"
        assert inscricao.candidato.cpf == cpfs[0]
        assert inscricao.candidato.data_nascimento == date(1990, 12, 31)
        assert (inscricao.candidato.genero, inscricao.candidato.telefone) == ("feminino", "(27) 99999-0000")
        assert (inscricao.cor_raca, inscricao.reserva, inscricao.quilombola, inscricao.pcd) == (
            "parda", True, False, False)
        assert inscricao.autodeclaracao_em == date(2024, 3, 10)
        assert (inscricao.situacao, inscricao.classificacao, inscricao.heteroidentificacao) == (
            "habilitado", None, "nao_se_aplica")
        # Criada em lote: a trilha é o registro único da importação, não um histórico por inscrição.
        assert not inscricao.history.exists()
        origem = inscricao.importacao
        assert origem.pk == resultado.importacao_id
        assert (origem.nome_original, origem.estado, origem.simulacao) == ("banca.csv", EstadoImportacao.CONCLUIDA,
                                                                           False)
        assert origem.sha256 == resultado.sha256 == hashlib.sha256(conteudo).hexdigest()
        assert "Inscrições: 2 novas" in origem.resumo
        assert inscricao.candidato.nome_busca == "pessoa 0001"

    def test_cpf_com_pontuacao_e_colunas_de_resultado(self, certame, cpfs):
        cpf = f"{cpfs[0][:3]}.{cpfs[0][3:6]}.{cpfs[0][6:9]}-{cpfs[0][9:]}"
        resultado = rodar(certame, csv_de(linha("0001", cpf, resultado=("\"87,5\"", "1", "habilitado")),
                                          linha("0002", cpfs[1], resultado=("80.25", "2", "eliminado")),
                                          cabecalho=CABECALHO + RESULTADOS))
        assert resultado.erros == []
        um, dois = Inscricao.objects.order_by("numero")
        assert (um.candidato.cpf, um.nota_final, um.classificacao) == (cpfs[0], Decimal("87.5"), 1)
        assert (dois.nota_final, dois.situacao) == (Decimal("80.25"), "eliminado")

    def test_csv_com_ponto_e_virgula_bom_acentos_no_cabecalho_e_colunas_em_outra_ordem(self, certame, cpfs):
        conteudo = ("\ufeffCPF;Inscrição;Cargo;Nome;E-mail;Cor raça;Quilombola;PcD;Reserva;Observação\n"
                    f"{cpfs[0]};A1;adm;Ana;ana@exemplo.org;Preta;Não;SIM;sim;qualquer coisa\n"
                    ";;;;;;;;;\n"
                    f"{cpfs[1]};A2;MED;Bia;bia@exemplo.org;indígena;nao;nao;sim;\n").encode()
        resultado = rodar(certame, conteudo)
        assert resultado.erros == [], mensagens(resultado)
        assert resultado.colunas_ignoradas == ["Observação"]
        ana = Inscricao.objects.get(numero="A1")
        assert (ana.cargo.codigo, ana.cor_raca, ana.pcd, ana.reserva) == ("ADM", "preta", True, True)
        assert Inscricao.objects.get(numero="A2").cor_raca == "indigena"

    def test_xlsx(self, certame, cpfs):
        from openpyxl import Workbook

        livro = Workbook()
        aba = livro.active
        aba.append(["inscricao", "cargo", "nome", "cpf", "email", "cor_raca", "quilombola", "pcd", "reserva",
                    "data_nascimento", "nota_final", "classificacao", "situacao"])
        cpf_sem_zero = gerar_cpf(12_345)  # começa com 0: a planilha, guardando como número, tira o zero
        assert cpf_sem_zero.startswith("0")
        aba.append([101, "ADM", "Carla", int(cpf_sem_zero), "c@exemplo.org", "parda", "nao", "nao", "sim",
                    date(1985, 5, 4), 77.5, 1, "habilitado"])
        aba.append([102, "ADM", "Davi", cpfs[1], "d@exemplo.org", "branca", False, True, False, None, 70, 2,
                    "habilitado"])
        saida = io.BytesIO()
        livro.save(saida)
        resultado = rodar(certame, saida.getvalue(), nome="banca.xlsx")
        assert resultado.erros == [], mensagens(resultado)
        carla = Inscricao.objects.select_related("candidato").get(numero="101")
        assert carla.candidato.cpf == cpf_sem_zero
        assert carla.candidato.data_nascimento == date(1985, 5, 4)
        assert (carla.nota_final, carla.classificacao) == (Decimal("77.5"), 1)
        davi = Inscricao.objects.get(numero="102")
        assert (davi.quilombola, davi.pcd, davi.reserva, davi.nota_final) == (False, True, False, Decimal("70"))

    def test_simulacao_nao_grava_nada_mas_conta(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])), gravar=False)
        assert resultado.erros == []
        assert not resultado.gravado
        assert (resultado.candidatos_criados, resultado.inscricoes_criadas) == (2, 2)
        assert "simulação" in resultado.resumo()
        assert not Candidato.objects.exists()
        assert not Inscricao.objects.exists()

    def test_varios_lotes_gravados_enquanto_o_arquivo_e_lido(self, certame, cpfs, lotes_pequenos):
        linhas = [linha(f"{i:04d}", cpfs[i], cargo="ADM" if i % 2 else "MED", resultado=(
            "50", str(i // 2 + 1), "habilitado")) for i in range(9)]
        resultado = rodar(certame, csv_de(*linhas, cabecalho=CABECALHO + RESULTADOS))
        assert resultado.erros == [], mensagens(resultado)
        assert Inscricao.objects.count() == 9
        assert set(Inscricao.objects.values_list("importacao", flat=True)) == {resultado.importacao_id}
        assert not Inscricao.history.exists()

    def test_gravacao_otimista_recusada_cai_para_a_gravacao_final(self, certame, cpfs, lotes_pequenos, monkeypatch):
        original = gravacao.Gravacao.lote_otimista
        chamadas = []

        def falhar_no_segundo(self, lote, existentes):
            chamadas.append(lote.primeira)
            if len(chamadas) == 2:
                original(self, lote, existentes)  # grava metade do lote e então falha: o savepoint desfaz
                raise IntegrityError("colisão simulada")
            return original(self, lote, existentes)

        monkeypatch.setattr(gravacao.Gravacao, "lote_otimista", falhar_no_segundo)
        resultado = rodar(certame, csv_de(*[linha(f"{i:04d}", cpfs[i]) for i in range(7)]))
        assert resultado.erros == [] and resultado.gravado
        assert len(chamadas) == 2  # depois da falha, os lotes seguintes esperam a validação
        assert Inscricao.objects.count() == 7
        assert Candidato.objects.count() == 7
        assert set(Inscricao.objects.values_list("importacao", flat=True)) == {resultado.importacao_id}


class TestErros:
    @pytest.mark.parametrize(("campo", "valor", "mensagem"), [
        ("cpf", "123.456.789-00", "Linha 2, coluna «cpf», valor «123.456.789-00»: CPF inválido: os dígitos "
                                  "verificadores não conferem."),
        ("cpf", "1234", "Linha 2, coluna «cpf», valor «1234»: CPF inválido: informe os 11 dígitos"),
        ("cpf", "111.111.111-11", "valor «111.111.111-11»: CPF inválido: os dígitos verificadores não conferem."),
        ("cargo", "XYZ", "Linha 2, coluna «cargo», valor «XYZ»: cargo desconhecido neste certame; use um dos "
                         "códigos: ADM, MED."),
        ("cor", "negra", "Linha 2, coluna «cor_raca», valor «negra»: valor desconhecido; use branca, preta, parda, "
                         "amarela ou indigena."),
        ("quilombola", "talvez", "Linha 2, coluna «quilombola», valor «talvez»: valor desconhecido; use sim ou nao."),
        ("reserva", "", "Linha 2, coluna «reserva», valor «»: valor desconhecido; use sim ou nao."),
        ("nascimento", "31/02/1990", "Linha 2, coluna «data_nascimento», valor «31/02/1990»: data inválida"),
        ("email", "sem-arroba", "Linha 2, coluna «email», valor «sem-arroba»: e-mail inválido."),
        ("nome", " ", "Linha 2, coluna «nome», valor «»: o nome é obrigatório."),
    ])
    def test_cada_valor_invalido_tem_linha_coluna_valor_e_motivo(self, certame, cpfs, campo, valor, mensagem):
        argumentos = {"cpf": cpfs[0]} | ({campo: valor} if campo != "cpf" else {"cpf": valor})
        resultado = rodar(certame, csv_de(linha("0001", **argumentos)))
        assert any(mensagem in m for m in mensagens(resultado)), mensagens(resultado)
        assert not resultado.gravado
        assert not Candidato.objects.exists()

    @pytest.mark.parametrize(("coluna", "valor", "trecho"), [
        ("nota_final", "78.55555", "use um número não negativo"),
        ("nota_final", "-1", "use um número não negativo"),
        ("classificacao", "0", "use um número inteiro a partir de 1"),
        ("classificacao", "2º", "use um número inteiro a partir de 1"),
        ("situacao", "aprovado", "use habilitado, eliminado ou desistente"),
    ])
    def test_colunas_de_resultado(self, certame, cpfs, coluna, valor, trecho):
        resultado_ok = {"nota_final": "80", "classificacao": "1", "situacao": "habilitado"} | {coluna: valor}
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], resultado=tuple(resultado_ok.values())),
                                          cabecalho=CABECALHO + RESULTADOS))
        assert mensagens(resultado) == [f"Linha 2, coluna «{coluna}», valor «{valor}»: " + mensagens(resultado)[0]
                                        .split(": ", 1)[1]]
        assert trecho in mensagens(resultado)[0]

    def test_todos_os_erros_de_uma_vez_e_nada_gravado(self, certame, cpfs):
        resultado = rodar(certame, csv_de(
            linha("0001", cpfs[0]),
            linha("0002", "000", cor="verde"),
            linha("0003", cpfs[2], cargo="ZZZ"),
            "0004,ADM,Só três campos",
            linha("0005", cpfs[4], email="x"),
        ))
        assert [(e.linha, e.coluna) for e in resultado.erros] == [
            (3, "cpf"), (3, "cor_raca"), (4, "cargo"), (5, ""), (6, "email")]
        assert "a linha tem 3 campos, e o cabeçalho 14" in mensagens(resultado)[3]
        assert resultado.total_erros == 5
        assert "5 erros; nada foi gravado." in resultado.resumo()
        assert not Candidato.objects.exists() and not Inscricao.objects.exists()

    def test_repeticoes_no_arquivo(self, certame, cpfs):
        resultado = rodar(certame, csv_de(
            linha("0001", cpfs[0], resultado=("90", "1", "habilitado")),
            linha("0001", cpfs[1], resultado=("80", "2", "habilitado")),
            linha("0003", cpfs[0], resultado=("70", "3", "habilitado")),
            linha("0004", cpfs[3], resultado=("60", "3", "habilitado")),
            linha("0005", cpfs[0], cargo="MED", resultado=("60", "3", "habilitado")),
            cabecalho=CABECALHO + RESULTADOS))
        assert mensagens(resultado) == [
            "Linha 3, coluna «inscricao», valor «0001»: inscrição repetida (já aparece na linha 2).",
            f"Linha 4, coluna «cpf», valor «{formatar_cpf(cpfs[0])}»: CPF repetido no cargo ADM (já "
            "aparece na linha 2); uma pessoa tem uma só inscrição por cargo.",
            "Linha 5, coluna «classificacao», valor «3»: classificação repetida no cargo ADM (já aparece na linha 4); "
            "a banca deve aplicar os critérios de desempate.",
        ]
        assert not Inscricao.objects.exists()

    def test_repeticoes_entre_lotes_desfazem_o_que_ja_tinha_sido_gravado(self, certame, cpfs, lotes_pequenos):
        linhas = [linha(f"{i:04d}", cpfs[i]) for i in range(6)] + [linha("0001", cpfs[10])]
        resultado = rodar(certame, csv_de(*linhas))
        assert mensagens(resultado) == [
            "Linha 8, coluna «inscricao», valor «0001»: inscrição repetida (já aparece na linha 3)."]
        assert not Candidato.objects.exists() and not Inscricao.objects.exists()
        assert not Inscricao.history.exists()

    def test_erro_de_valor_no_ultimo_lote_desfaz_os_lotes_gravados(self, certame, cpfs, lotes_pequenos):
        linhas = [linha(f"{i:04d}", cpfs[i]) for i in range(6)] + [linha("0099", cpfs[9], cor="?")]
        resultado = rodar(certame, csv_de(*linhas))
        assert [(e.linha, e.coluna) for e in resultado.erros] == [(8, "cor_raca")]
        assert not Candidato.objects.exists() and not Inscricao.objects.exists()

    def test_conflitos_com_o_banco(self, certame, cpfs):
        rodar(certame, csv_de(linha("0001", cpfs[0], resultado=("90", "1", "habilitado")),
                              cabecalho=CABECALHO + RESULTADOS))
        resultado = rodar(certame, csv_de(linha("0002", cpfs[0], resultado=("80", "2", "habilitado")),
                                          linha("0003", cpfs[3], resultado=("70", "1", "habilitado")),
                                          cabecalho=CABECALHO + RESULTADOS))
        assert mensagens(resultado) == [
            f"Linha 2, coluna «cpf», valor «{formatar_cpf(cpfs[0])}»: este CPF já tem a inscrição 0001 no "
            "cargo ADM; uma pessoa tem uma só inscrição por cargo.",
            "Linha 3, coluna «classificacao», valor «1»: a classificação 1 do cargo ADM já é da inscrição 0001, que "
            "não está no arquivo; envie as duas ou corrija a classificação.",
        ]
        assert Inscricao.objects.count() == 1

    def test_falha_na_gravacao_nao_deixa_nada_gravado(self, certame, cpfs, monkeypatch):
        original = servico._Registro.fechar

        def falhar(self, resultado):
            original(self, resultado)
            raise DatabaseError("falha simulada no fim da gravação")

        monkeypatch.setattr(servico._Registro, "fechar", falhar)
        with pytest.raises(ErroGravacao, match="nada foi gravado"):
            rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        assert not Candidato.objects.exists()
        assert not Inscricao.objects.exists()
        assert not Importacao.objects.exists()

    @pytest.mark.parametrize(("conteudo", "nome", "trecho"), [
        (b"", "banca.csv", "Linha 1: o arquivo está vazio"),
        (b"inscricao,cargo,nome\n1,ADM,Ana\n", "banca.csv", "coluna «cpf», valor «»: coluna obrigatória ausente"),
        (b"inscricao,observacao\n1,x\n", "banca.csv", "faltam colunas"),
        (b"inscricao,nota_final,nota_final\n1,2,3\n", "banca.csv", "coluna repetida no cabeçalho"),
        ("inscricao,nota_final\nção,1\n".encode("latin-1"), "banca.csv", "não está em UTF-8"),
        (b"\xd0\xcf\x11\xe0qualquer", "banca.xls", "o formato .xls (Excel 97-2003) não é aceito"),
        (b"PK\x03\x04nao e zip", "banca.xlsx", "a planilha XLSX não pôde ser aberta"),
        (b"inscricao,nota_final\n", "banca.csv", "Linha 2: o arquivo não tem nenhuma linha de dados"),
    ])
    def test_arquivo_ou_cabecalho_invalido(self, certame, conteudo, nome, trecho):
        resultado = rodar(certame, conteudo, nome=nome)
        assert any(trecho in m for m in mensagens(resultado)), mensagens(resultado)
        assert not resultado.gravado


class TestResultados:
    @pytest.fixture
    def importado(self, certame, cpfs):
        rodar(certame, csv_de(*[linha(f"{i:04d}", cpfs[i], cargo="ADM" if i < 3 else "MED") for i in range(5)]))
        return certame

    def test_arquivo_so_de_resultados_atualiza_pelo_numero(self, importado):
        conteudo = (b"inscricao;nota_final;classificacao;situacao\n0000;91,5;1;habilitado\n0001;88;2;habilitado\n"
                    b"0002;;;eliminado\n0003;70;1;habilitado\n")
        resultado = rodar(importado, conteudo)
        assert resultado.erros == [], mensagens(resultado)
        assert resultado.modo == leiaute.MODO_RESULTADOS
        assert (resultado.inscricoes_atualizadas, resultado.inscricoes_sem_mudanca) == (4, 0)
        assert "Inscrições: 0 novas, 4 atualizadas" in resultado.resumo()
        assert "Candidatos" not in resultado.resumo()
        valores = dict(Inscricao.objects.values_list("numero", "classificacao"))
        assert valores == {"0000": 1, "0001": 2, "0002": None, "0003": 1, "0004": None}
        assert Inscricao.objects.get(numero="0000").nota_final == Decimal("91.5")
        assert Inscricao.objects.get(numero="0002").situacao == "eliminado"
        # Cada inscrição alterada ganha o seu registro de histórico, que diz qual importação a alterou.
        alteracoes = Inscricao.history.filter(history_type="~")
        assert alteracoes.count() == 4
        assert set(alteracoes.values_list("history_change_reason", flat=True)) == {
            f"Importação nº {resultado.importacao_id} (banca.csv)"}
        # A importação de origem continua a que criou a inscrição.
        assert Inscricao.objects.get(numero="0000").importacao_id != resultado.importacao_id

    def test_reimportar_trocando_posicoes(self, importado, lotes_pequenos):
        rodar(importado, b"inscricao,classificacao\n0000,1\n0001,2\n0002,3\n")
        resultado = rodar(importado, b"inscricao,classificacao\n0000,3\n0001,1\n0002,2\n")
        assert resultado.erros == [], mensagens(resultado)
        assert dict(Inscricao.objects.filter(cargo__codigo="ADM").values_list("numero", "classificacao")) == {
            "0000": 3, "0001": 1, "0002": 2}

    def test_reimportar_o_mesmo_arquivo_nao_altera_nada(self, importado):
        conteudo = b"inscricao,classificacao,situacao\n0000,1,habilitado\n"
        rodar(importado, conteudo)
        resultado = rodar(importado, conteudo)
        assert (resultado.inscricoes_atualizadas, resultado.inscricoes_sem_mudanca) == (0, 1)
        assert Inscricao.history.filter(history_type="~").count() == 1

    def test_inscricao_desconhecida_e_de_outro_certame(self, importado, fazer_certame, cpfs):
        outro = fazer_certame(numero="002/2024")
        rodar(outro, csv_de(linha("9999", cpfs[20])))
        resultado = rodar(importado, b"inscricao,classificacao\n0000,1\n9999,2\n8888,3\n")
        assert mensagens(resultado) == [
            "Linha 3, coluna «inscricao», valor «9999»: esta inscrição é do edital 002/2024, não deste certame "
            "(edital 001/2024); confira se escolheu o certame certo.",
            "Linha 4, coluna «inscricao», valor «8888»: inscrição não encontrada neste certame; um arquivo só de "
            "resultados atualiza inscrições já importadas.",
        ]
        assert Inscricao.objects.get(numero="0000").classificacao is None

    def test_classificacao_repetida_no_cargo_vindo_do_banco(self, importado):
        resultado = rodar(importado, b"inscricao,classificacao\n0000,1\n0001,1\n0003,1\n")
        assert mensagens(resultado) == [
            "Linha 3, coluna «classificacao», valor «1»: classificação repetida no cargo ADM (já aparece na linha 2); "
            "a banca deve aplicar os critérios de desempate."]


class TestInscricoesEncerradas:
    def test_resultados_ainda_entram(self, certame, cpfs, encerrar):
        rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        certame = encerrar(certame)
        assert certame.inscricoes_travadas
        resultado = rodar(certame, b"inscricao,nota_final,classificacao\n0001,80,2\n0002,90,1\n")
        assert resultado.erros == [] and resultado.gravado
        # O leiaute completo também serve, desde que os campos travados não mudem.
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome="Nome Corrigido", resultado=(
            "81", "2", "habilitado")), cabecalho=CABECALHO + RESULTADOS))
        assert resultado.erros == [], mensagens(resultado)
        inscricao = Inscricao.objects.select_related("candidato").get(numero="0001")
        assert (inscricao.nota_final, inscricao.candidato.nome) == (Decimal("81"), "Nome Corrigido")

    def test_campos_travados_e_inscricao_nova_recusados(self, certame, cpfs, encerrar):
        rodar(certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        certame = encerrar(certame)
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], cor="preta", reserva="nao"),
                                          linha("0002", cpfs[1], cargo="MED"),
                                          linha("0003", cpfs[2])))
        assert mensagens(resultado) == [
            "Linha 2, coluna «cor_raca», valor «preta»: as inscrições estão encerradas (certame em «Inscrições "
            "encerradas»): a autodeclaração, a opção pela reserva e o cargo não mudam mais (art. 3º); "
            "valor registrado: «parda».",
            "Linha 2, coluna «reserva», valor «nao»: as inscrições estão encerradas (certame em «Inscrições "
            "encerradas»): a autodeclaração, a opção pela reserva e o cargo não mudam mais (art. 3º); "
            "valor registrado: «sim».",
            "Linha 3, coluna «cargo», valor «MED»: as inscrições estão encerradas (certame em «Inscrições "
            "encerradas»): a autodeclaração, a opção pela reserva e o cargo não mudam mais (art. 3º); "
            "valor registrado: «ADM».",
            "Linha 4, coluna «inscricao», valor «0003»: as inscrições estão encerradas (certame em «Inscrições "
            "encerradas»): não se aceita inscrição nova.",
        ]
        assert Inscricao.objects.get(numero="0001").cor_raca == "parda"
        assert Inscricao.objects.count() == 2


class TestCandidatoPorCpf:
    def test_mesma_pessoa_em_dois_certames_tem_um_cadastro(self, certame, fazer_certame, cpfs):
        outro = fazer_certame(numero="002/2024")
        rodar(certame, csv_de(linha("0001", cpfs[0], nome="Maria Souza", nome_social="Mia",
                                    telefone="(27) 3333-0000")))
        resultado = rodar(outro, csv_de(linha("X1", cpfs[0], nome="Maria Souza Lima", email="nova@exemplo.org",
                                              telefone="", nascimento="")))
        assert resultado.erros == []
        assert (resultado.candidatos_criados, resultado.candidatos_atualizados) == (0, 1)
        assert Candidato.objects.count() == 1
        pessoa = Candidato.objects.get()
        # Nome e e-mail atualizados; vazio não apaga o que já estava (nome social, telefone, nascimento).
        assert (pessoa.nome, pessoa.email) == ("Maria Souza Lima", "nova@exemplo.org")
        assert (pessoa.nome_social, pessoa.telefone, pessoa.data_nascimento) == ("Mia", "(27) 3333-0000",
                                                                                 date(1990, 12, 31))
        assert pessoa.inscricoes.count() == 2
        # O nome da busca acompanha o nome novo e mantém o nome social que o arquivo deixou vazio.
        assert pessoa.nome_busca == "maria souza lima / mia"

    def test_mesma_pessoa_em_dois_cargos_vale_a_ultima_linha(self, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome="Ana Souza", email="a@exemplo.org"),
                                          linha("0002", cpfs[1]),
                                          linha("0003", cpfs[0], cargo="MED", nome="Ana Souza Lima",
                                                email="ana@exemplo.org")))
        assert resultado.erros == [] and resultado.candidatos_criados == 2
        ana = Candidato.objects.get(cpf=cpfs[0])
        assert (ana.nome, ana.email, ana.nome_busca) == ("Ana Souza Lima", "ana@exemplo.org", "ana souza lima")
        assert sorted(ana.inscricoes.values_list("numero", "cargo__codigo")) == [("0001", "ADM"), ("0003", "MED")]

    def test_lote_com_pessoas_novas_e_ja_cadastradas(self, certame, fazer_certame, cpfs, lotes_pequenos):
        rodar(certame, csv_de(linha("0001", cpfs[0], nome="Bia")))
        outro = fazer_certame(numero="002/2024")
        resultado = rodar(outro, csv_de(*[linha(f"X{i}", cpfs[i], nome=f"Pessoa {i}") for i in range(5)]))
        assert resultado.erros == [] and resultado.gravado
        assert (resultado.candidatos_criados, resultado.candidatos_atualizados, resultado.inscricoes_criadas) == (
            4, 1, 5)
        assert Candidato.objects.get(cpf=cpfs[0]).nome == "Pessoa 0"
        assert Inscricao.objects.filter(certame=outro, importacao=resultado.importacao_id).count() == 5

    def test_nome_busca_sem_acento(self, certame, fazer_certame, cpfs):
        rodar(certame, csv_de(linha("0001", cpfs[0], nome="João Conceição"), linha("0002", cpfs[1], nome="Iúna Sá")))
        assert dict(Candidato.objects.values_list("cpf", "nome_busca")) == {cpfs[0]: "joao conceicao",
                                                                             cpfs[1]: "iuna sa"}
        rodar(fazer_certame(numero="002/2024"), csv_de(linha("X1", cpfs[0], nome="João Conceição",
                                                             nome_social="Joana Conceição")))
        assert Candidato.objects.get(cpf=cpfs[0]).nome_busca == "joao conceicao / joana conceicao"
        assert Candidato.objects.filter(nome_busca__palavras="JOANA").count() == 1

    def test_simulacao_conta_o_cadastro_que_mudaria(self, certame, fazer_certame, cpfs):
        rodar(certame, csv_de(linha("0001", cpfs[0], nome="Maria", email="maria@exemplo.org")))
        outro = fazer_certame(numero="002/2024")
        resultado = rodar(outro, csv_de(linha("X1", cpfs[0], nome="Maria", email="maria@exemplo.org"),
                                        linha("X2", cpfs[1])), gravar=False)
        assert (resultado.candidatos_criados, resultado.candidatos_atualizados) == (1, 0)


class TestComando:
    def test_importa_e_resume(self, certame, cpfs, tmp_path, capsys):
        arquivo = tmp_path / "banca.csv"
        arquivo.write_bytes(csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        call_command("importar_inscricoes", certame.numero_edital, str(arquivo))
        saida = capsys.readouterr().out
        assert "Arquivo de inscrições: 2 linhas lidas." in saida
        assert "Candidatos: 2 novos, 0 atualizados." in saida
        assert "Inscrições: 2 novas, 0 atualizadas" in saida
        assert "linhas/s" in saida
        assert Inscricao.objects.count() == 2
        registro = Importacao.objects.get()
        assert (registro.nome_original, registro.criada_por, registro.estado) == ("banca.csv", None,
                                                                                  EstadoImportacao.CONCLUIDA)
        assert registro.sha256 == hashlib.sha256(arquivo.read_bytes()).hexdigest()
        assert f"Registro da importação: nº {registro.pk} (SHA-256 do arquivo: {registro.sha256})" in saida
        assert set(Inscricao.objects.values_list("importacao", flat=True)) == {registro.pk}

    def test_dry_run(self, certame, cpfs, tmp_path, capsys):
        arquivo = tmp_path / "banca.csv"
        arquivo.write_bytes(csv_de(linha("0001", cpfs[0])))
        call_command("importar_inscricoes", str(certame.pk), str(arquivo), "--dry-run")
        assert "nada foi gravado" in capsys.readouterr().out
        assert not Inscricao.objects.exists()
        assert not Importacao.objects.exists()

    def test_erros_vao_para_stderr_e_o_codigo_de_saida_nao_e_zero(self, certame, cpfs, tmp_path, capsys):
        arquivo = tmp_path / "banca.csv"
        arquivo.write_bytes(csv_de(linha("0001", cpfs[0]), linha("0002", "123", cor="roxa")))
        with pytest.raises(CommandError, match="2 erro") as erro:
            call_command("importar_inscricoes", str(certame.pk), str(arquivo))
        assert erro.value.returncode == 1  # o código com que manage.py sai (BaseCommand.run_from_argv)
        stderr = capsys.readouterr().err
        assert "Linha 3, coluna «cpf», valor «123»: CPF inválido" in stderr
        assert "Linha 3, coluna «cor_raca», valor «roxa»" in stderr
        assert not Inscricao.objects.exists()

    def test_certame_inexistente(self, db, tmp_path):
        arquivo = tmp_path / "banca.csv"
        arquivo.write_bytes(b"inscricao\n")
        with pytest.raises(CommandError, match="não encontrado"):
            call_command("importar_inscricoes", "123/2099", str(arquivo))


class TestAdmin:
    def enviar(self, cliente, certame, conteudo, nome="banca.csv"):
        return cliente.post(reverse("admin:concursos_certame_importar", args=[certame.pk]),
                            {"arquivo": SimpleUploadedFile(nome, conteudo, content_type="text/csv")})

    def test_envio_com_erros_correcao_confirmacao(self, client, operador, certame, cpfs):
        client.force_login(operador)
        pagina = client.get(reverse("admin:concursos_certame_importar", args=[certame.pk]))
        assert pagina.status_code == 200
        assert "Leiaute do arquivo" in pagina.content.decode()

        resposta = self.enviar(client, certame, csv_de(linha("0001", cpfs[0]), linha("0002", "123")))
        importacao_com_erro = Importacao.objects.get()
        assert resposta.status_code == 302
        assert resposta.url == reverse("admin:concursos_importacao_progresso", args=[importacao_com_erro.pk])
        pagina = client.get(resposta.url).content.decode()
        assert "Arquivo recusado: nada foi gravado" in pagina
        assert "CPF inválido: informe os 11 dígitos" in pagina
        assert "«123»" in pagina
        assert "Prévia" in pagina and "Pessoa 0001" in pagina
        assert importacao_com_erro.estado == EstadoImportacao.COM_ERROS
        assert importacao_com_erro.erros == [{"linha": 3, "coluna": "cpf", "valor": "123", "motivo": (
            "CPF inválido: informe os 11 dígitos, com ou sem pontuação.")}]
        planilha = client.get(resposta.url + "?erros=csv")
        assert planilha["Content-Type"].startswith("text/csv")
        assert "3;cpf;123;CPF inválido" in planilha.content.decode("utf-8-sig")

        resposta = self.enviar(client, certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        validada = Importacao.objects.latest("pk")
        pagina = client.get(resposta.url).content.decode()
        assert "Arquivo validado: nenhum erro" in pagina
        assert "Candidatos: 2 novos" in pagina
        assert "Confirmar e gravar" in pagina
        assert not Inscricao.objects.exists()

        resposta = client.post(resposta.url, {"confirmar": "1"})
        assert resposta.status_code == 302
        validada.refresh_from_db()
        assert (validada.estado, validada.simulacao, validada.progresso) == (EstadoImportacao.CONCLUIDA, False, 100)
        assert Inscricao.objects.count() == 2
        assert set(Inscricao.objects.values_list("importacao", flat=True)) == {validada.pk}
        assert validada.criada_por == operador
        assert validada.sha256 == hashlib.sha256(csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1]))).hexdigest()
        pagina = client.get(resposta.url).content.decode()
        assert "Importação gravada" in pagina

        # Confirmar de novo (outra aba, clique duplo) não grava outra vez.
        client.post(resposta.url, {"confirmar": "1"})
        assert Inscricao.objects.count() == 2
        assert Importacao.objects.filter(simulacao=False).count() == 1

    def test_importacao_da_linha_de_comando_aparece_no_admin(self, client, operador, certame, cpfs, tmp_path):
        arquivo = tmp_path / "banca.csv"
        arquivo.write_bytes(csv_de(linha("0001", cpfs[0])))
        call_command("importar_inscricoes", str(certame.pk), str(arquivo))
        registro = Importacao.objects.get()
        client.force_login(operador)
        envio = client.get(reverse("admin:concursos_certame_importar", args=[certame.pk])).content.decode()
        assert "banca.csv" in envio
        pagina = client.get(reverse("admin:concursos_importacao_progresso", args=[registro.pk]))
        assert pagina.status_code == 200
        assert "Inscrições: 1 nova" in pagina.content.decode()

    def test_alteracao_a_mao_depois_da_importacao_tem_historico_proprio(self, admin_client, certame, cpfs):
        resultado = rodar(certame, csv_de(linha("0001", cpfs[0])))
        inscricao = Inscricao.objects.get()
        assert not inscricao.history.exists()
        url = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
        formulario = admin_client.get(url).context["adminform"].form
        dados = {nome: valor for nome, valor in formulario.initial.items() if valor is not None}
        resposta = admin_client.post(url, {**dados, "nota_final": "91.5", "situacao": "habilitado"})
        assert resposta.status_code == 302
        registro = inscricao.history.get()
        assert (registro.history_type, registro.history_user.username, registro.nota_final) == ("~", "admin",
                                                                                                 Decimal("91.5"))
        assert registro.importacao_id == resultado.importacao_id

    def test_arquivo_grande_vai_para_a_fila(self, client, operador, certame, cpfs, monkeypatch):
        from concursos import tarefas

        enfileiradas = []
        tarefa = tarefas.processar_importacao

        class Espia:
            def enqueue(self, *args, **kwargs):
                enfileiradas.append(args)
                return tarefa.enqueue(*args, **kwargs)

        monkeypatch.setattr(admin_importacao, "LIMITE_NA_HORA", 1)
        monkeypatch.setattr(tarefas, "processar_importacao", Espia())
        client.force_login(operador)
        resposta = self.enviar(client, certame, csv_de(linha("0001", cpfs[0]), linha("0002", cpfs[1])))
        importacao_fila = Importacao.objects.get()
        assert enfileiradas == [(importacao_fila.pk,)]
        # Nos testes o backend é o imediato: a tarefa já rodou.
        importacao_fila.refresh_from_db()
        assert importacao_fila.estado == EstadoImportacao.CONCLUIDA and importacao_fila.simulacao
        client.post(resposta.url, {"confirmar": "1"})
        assert len(enfileiradas) == 2
        assert Inscricao.objects.count() == 2

    def test_pagina_de_progresso_se_atualiza_enquanto_roda(self, client, operador, certame):
        importacao_rodando = Importacao.objects.create(
            certame=certame, arquivo="importacoes/x.csv", nome_original="x.csv", simulacao=False,
            estado=EstadoImportacao.GRAVANDO, total_linhas=200_000, linhas_processadas=50_000, criada_por=operador)
        client.force_login(operador)
        pagina = client.get(reverse("admin:concursos_importacao_progresso", args=[importacao_rodando.pk]))
        texto = pagina.content.decode()
        assert '<meta http-equiv="refresh" content="2">' in texto
        assert '<progress max="100" value="25"' in texto
        assert "Gravando: 25%" in texto
        assert "50.000 de cerca de 200.000 linhas" in texto

    def test_sem_permissao(self, client, certame):
        usuario = get_user_model().objects.create_user("visitante", password="senha-de-teste-1", is_staff=True)
        lotar_em_todos(usuario)
        client.force_login(usuario)
        resposta = client.get(reverse("admin:concursos_certame_importar", args=[certame.pk]))
        assert resposta.status_code == 403


class TestAcompanhamento:
    @pytest.mark.django_db(transaction=True, serialized_rollback=True)
    def test_progresso_visivel_para_outra_requisicao(self, fazer_certame):
        """Fora de transação grava direto; dentro (a gravação), no PostgreSQL, por uma segunda conexão."""
        from django.db import connection, transaction

        registro = Importacao.objects.create(certame=fazer_certame(), arquivo="importacoes/x.csv",
                                             nome_original="x.csv", total_linhas=10)
        andamento = acompanhamento.Acompanhamento(registro)
        andamento("validando", 4)
        registro.refresh_from_db()
        assert (registro.estado, registro.linhas_processadas, registro.progresso) == (
            EstadoImportacao.VALIDANDO, 4, 40)
        with transaction.atomic():
            andamento("gravando", 7)
            if connection.vendor == "postgresql":
                visto = andamento.lateral.execute(
                    "SELECT estado, linhas_processadas FROM concursos_importacao WHERE id = %s",
                    [registro.pk]).fetchone()
                assert visto == ("gravando", 7)
        andamento.fechar()

    def test_contar_linhas(self):
        assert contar_linhas(io.BytesIO(b"a,b\n1,2\n3,4\n"), "x.csv") == 2
        assert contar_linhas(io.BytesIO(b"a,b\n1,2\n3,4"), "x.csv") == 2


class TestExportacao:
    @pytest.fixture
    def importado(self, certame, cpfs):
        rodar(certame, csv_de(linha("0001", cpfs[0], nome_social="Mia", resultado=("90", "1", "habilitado")),
                              linha("0002", cpfs[1], cargo="MED", resultado=("80", "1", "habilitado")),
                              cabecalho=CABECALHO + RESULTADOS))
        return certame

    def test_publicacao_mascara_o_cpf_e_nao_tem_dados_sensiveis(self, importado, cpfs):
        dados = InscricaoPublicacaoResource().export()
        assert dados.headers == ["inscricao", "cargo", "nome", "cpf", "nota_final", "classificacao", "situacao"]
        proibidas = {"cor_raca", "quilombola", "pcd", "reserva", "data_nascimento", "email", "telefone",
                     "nome_social", "genero", "autodeclaracao_em"}
        assert not proibidas & set(dados.headers)
        primeira = dict(zip(dados.headers, dados[0], strict=True))
        assert primeira["cpf"] == f"***.{cpfs[0][3:6]}.{cpfs[0][6:9]}-**"
        assert primeira["nome"] == "Mia"
        texto = dados.export("csv")
        assert cpfs[0] not in texto and "parda" not in texto and "@exemplo.org" not in texto

    def test_exportacao_no_leiaute_da_importacao_volta_a_importar(self, importado, fazer_certame):
        dados = InscricaoResource().export()
        assert dados.headers == list(leiaute.COLUNAS)
        outro = fazer_certame(numero="002/2024", cargos=(("ADM", 5, 1), ("MED", 3, 0)))
        resultado = rodar(outro, dados.export("csv").encode())
        assert resultado.erros == [], mensagens(resultado)
        assert (resultado.inscricoes_criadas, resultado.candidatos_criados) == (2, 0)
        copia = Inscricao.objects.get(certame=outro, numero="0001")
        assert (copia.cor_raca, copia.reserva, copia.classificacao, copia.nota_final) == (
            "parda", True, 1, Decimal("90"))

    def test_exportacoes_sem_n_mais_1(self, importado, cpfs, django_assert_max_num_queries):
        rodar(importado, csv_de(*[linha(f"1{i:03d}", cpfs[i + 2]) for i in range(20)]))
        # O leiaute completo lê também os documentos apresentados para a reserva: uma consulta a mais por lote.
        for recurso, consultas in ((InscricaoResource, 3), (InscricaoPublicacaoResource, 2), (CandidatoResource, 2)):
            with django_assert_max_num_queries(consultas):
                dados = recurso().export()
            assert len(dados) == 22


def test_estado_encerrado_e_o_que_trava(certame):
    assert not certame.inscricoes_travadas
    certame.estado = EstadoCertame.INSCRICOES_ENCERRADAS
    assert certame.inscricoes_travadas

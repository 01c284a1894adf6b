"""Cada órgão tem o seu cadastro da pessoa (decisão 0005; LGPD art. 5º, VI: cada órgão é o controlador dos dados dos
seus certames): o arquivo da banca de um órgão cria ou atualiza só o cadastro daquele órgão, pelo CPF."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import timezone

from concursos.models import Candidato, Cargo, Certame, Inscricao
from nucleo.models import Orgao
from tests.concursos.importacao.conftest import csv_de, linha, rodar
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

CAMPOS = ("nome", "nome_social", "email", "telefone", "cor_raca", "data_nascimento", "nome_busca")


@pytest.fixture
def camara(db):
    """Um certame da Câmara de Vargem Alta, outro órgão (outro controlador) no mesmo município."""
    orgao = Orgao.objects.create(nome="Câmara Municipal de Vargem Alta", municipio=municipio("Vargem Alta", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="010/2024", titulo="Concurso da Câmara",
                                     data_edital=date(2024, 3, 1))
    for codigo in ("ADM", "MED"):
        Cargo.objects.create(certame=certame, codigo=codigo, nome=f"Cargo {codigo}", vagas=3)
    return certame


def _cadastro(certame: Certame, cpf: str) -> tuple:
    return Candidato.objects.values_list(*CAMPOS).get(orgao_id=certame.orgao_id, cpf=cpf)


def _da_prefeitura(cpf: str, numero: str = "0001") -> str:
    return linha(numero, cpf, nome="Maria da Silva", nome_social="Mia", email="maria@prefeitura.org",
                 telefone="(28) 3333-0000", cor="parda")


def _da_camara(cpf: str, numero: str = "C001", **mudancas) -> str:
    return linha(numero, cpf, **{"nome": "Maria da Silva Lima", "email": "maria@camara.org",
                                 "telefone": "(27) 99999-1111", "cor": "preta", "nascimento": "01/01/1991",
                                 **mudancas})


def test_o_mesmo_cpf_em_dois_orgaos_tem_dois_cadastros_e_um_arquivo_nao_muda_o_outro(certame, camara, cpfs):
    resultado = rodar(certame, csv_de(_da_prefeitura(cpfs[0])))
    assert resultado.erros == [] and resultado.candidatos_criados == 1
    da_prefeitura = _cadastro(certame, cpfs[0])

    resultado = rodar(camara, csv_de(_da_camara(cpfs[0])))
    assert resultado.erros == [] and resultado.gravado
    assert (resultado.candidatos_criados, resultado.candidatos_atualizados) == (1, 0)
    assert Candidato.objects.filter(cpf=cpfs[0]).count() == 2
    assert _cadastro(certame, cpfs[0]) == da_prefeitura
    # O cadastro da Câmara é só o do arquivo da Câmara: nada vem do da Prefeitura (nem o nome social).
    assert _cadastro(camara, cpfs[0]) == ("Maria da Silva Lima", "", "maria@camara.org", "(27) 99999-1111",
                                          "preta", date(1991, 1, 1), "maria da silva lima")
    da_camara = _cadastro(camara, cpfs[0])

    # E ao contrário: a Prefeitura reimporta com outros dados, e a Câmara continua como estava.
    resultado = rodar(certame, csv_de(linha("0001", cpfs[0], nome="Maria S. Souza", email="m@prefeitura.org",
                                            telefone="(28) 3333-2222", cor="parda")))
    assert resultado.erros == [] and resultado.candidatos_atualizados == 1
    assert _cadastro(certame, cpfs[0])[:4] == ("Maria S. Souza", "Mia", "m@prefeitura.org", "(28) 3333-2222")
    assert _cadastro(camara, cpfs[0]) == da_camara
    # Cada inscrição aponta o cadastro do órgão do seu certame.
    for inscricao in Inscricao.objects.select_related("candidato", "certame"):
        assert inscricao.candidato.orgao_id == inscricao.certame.orgao_id


def test_no_mesmo_orgao_o_cadastro_e_atualizado_como_sempre(certame, fazer_certame, camara, cpfs):
    rodar(camara, csv_de(_da_camara(cpfs[0])))
    rodar(certame, csv_de(_da_prefeitura(cpfs[0])))
    outro = fazer_certame(numero="002/2024")
    resultado = rodar(outro, csv_de(linha("X1", cpfs[0], nome="Maria da Silva Pereira", email="nova@prefeitura.org",
                                          telefone="", nascimento="")))
    assert resultado.erros == [] and (resultado.candidatos_criados, resultado.candidatos_atualizados) == (0, 1)
    # Nome e e-mail novos; vazio não apaga o que a Prefeitura já tinha (nome social, telefone, nascimento).
    assert _cadastro(certame, cpfs[0]) == ("Maria da Silva Pereira", "Mia", "nova@prefeitura.org", "(28) 3333-0000",
                                           "parda", date(1990, 12, 31), "maria da silva pereira / mia")
    assert _cadastro(camara, cpfs[0])[:3] == ("Maria da Silva Lima", "", "maria@camara.org")
    pessoa = Candidato.objects.get(orgao_id=certame.orgao_id, cpf=cpfs[0])
    assert sorted(pessoa.inscricoes.values_list("numero", flat=True)) == ["0001", "X1"]


def test_lote_com_pessoa_do_orgao_e_pessoa_so_de_outro_orgao(certame, fazer_certame, camara, cpfs, lotes_pequenos):
    """Um lote em que alguém já está no órgão vai pelo INSERT … ON CONFLICT, e não pelo COPY direto: quem só
    existe no outro órgão ganha cadastro aqui, e o de lá fica como estava."""
    rodar(camara, csv_de(_da_camara(cpfs[0]), _da_camara(cpfs[1], "C002", nome="Bia da Câmara")))
    rodar(certame, csv_de(linha("0001", cpfs[1], nome="Bia")))
    outro = fazer_certame(numero="002/2024")
    resultado = rodar(outro, csv_de(linha("X1", cpfs[0], nome="Maria Prefeitura"),
                                    linha("X2", cpfs[1], nome="Bia Prefeitura"),
                                    linha("X3", cpfs[2], nome="Carla")))
    assert resultado.erros == [] and resultado.gravado
    assert (resultado.candidatos_criados, resultado.candidatos_atualizados, resultado.inscricoes_criadas) == (2, 1, 3)
    assert _cadastro(certame, cpfs[0])[0] == "Maria Prefeitura" and _cadastro(certame, cpfs[1])[0] == "Bia Prefeitura"
    assert _cadastro(camara, cpfs[0])[0] == "Maria da Silva Lima" and _cadastro(camara, cpfs[1])[0] == "Bia da Câmara"
    assert not Candidato.objects.filter(orgao_id=camara.orgao_id, cpf=cpfs[2]).exists()


def test_reimportar_no_outro_orgao_mantem_a_inscricao_no_cadastro_de_la(certame, camara, cpfs):
    rodar(certame, csv_de(_da_prefeitura(cpfs[0])))
    rodar(camara, csv_de(_da_camara(cpfs[0])))
    resultado = rodar(camara, csv_de(_da_camara(cpfs[0], cargo="MED", reserva="nao")))
    assert resultado.erros == [] and resultado.inscricoes_atualizadas == 1
    inscricao = Inscricao.objects.select_related("candidato", "cargo").get(certame=camara, numero="C001")
    assert (inscricao.cargo.codigo, inscricao.reserva) == ("MED", False)
    assert inscricao.candidato.orgao_id == camara.orgao_id
    assert Inscricao.objects.get(certame=certame).candidato.orgao_id == certame.orgao_id


def test_simulacao_conta_como_novo_quem_so_existe_em_outro_orgao(certame, camara, cpfs):
    rodar(certame, csv_de(_da_prefeitura(cpfs[0])))
    resultado = rodar(camara, csv_de(_da_camara(cpfs[0]), _da_camara(cpfs[1], "C002")), gravar=False)
    assert resultado.erros == [] and (resultado.candidatos_criados, resultado.candidatos_atualizados) == (2, 0)
    assert not Candidato.objects.filter(orgao_id=camara.orgao_id).exists()


def test_cpf_ja_inscrito_no_cargo_so_conta_no_proprio_orgao(certame, camara, cpfs):
    rodar(certame, csv_de(_da_prefeitura(cpfs[0])))
    resultado = rodar(camara, csv_de(_da_camara(cpfs[0], "C001"), _da_camara(cpfs[1], "C002")))
    assert resultado.erros == [] and resultado.gravado
    # Na própria Câmara, o mesmo CPF em outra inscrição do mesmo cargo continua recusado.
    resultado = rodar(camara, csv_de(_da_camara(cpfs[0], "C003")))
    assert [e.coluna for e in resultado.erros] == ["cpf"]
    assert "já tem a inscrição C001" in str(resultado.erros[0])


def test_o_cadastro_criado_pelo_arquivo_tem_a_data_da_importacao_e_a_reimportacao_nao_a_muda(certame, cpfs,
                                                                                           lotes_pequenos):
    """A guarda de um cadastro que perder as inscrições conta da criação (concursos/retencao.py): em lotes (pelo COPY,
    no PostgreSQL) ou não, a importação a grava; atualizar o cadastro num arquivo seguinte não a renova."""
    antes = timezone.now()
    assert rodar(certame, csv_de(*(linha(f"{i:04d}", cpfs[i]) for i in range(5)))).gravado
    criados = dict(Candidato.objects.values_list("cpf", "criado_em"))
    assert len(criados) == 5 and all(antes <= criado <= timezone.now() for criado in criados.values())
    reimportado = rodar(certame, csv_de(*(linha(f"{i:04d}", cpfs[i], email=f"novo{i}@exemplo.org")
                                          for i in range(5))))
    assert reimportado.gravado and reimportado.candidatos_atualizados == 5
    assert dict(Candidato.objects.values_list("cpf", "criado_em")) == criados

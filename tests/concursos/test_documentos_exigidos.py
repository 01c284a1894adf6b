"""Os documentos que a lei exige antes de dar uma vaga reservada (decisão 0021).

Iúna art. 2º, II: concorre às vagas dos indígenas quem apresenta a declaração de pertencimento étnico ou ao menos um
dos documentos das alíneas a a d. Ibatiba art. 2º: concorre à reserva quem tem a informação em documento oficial. Onde
a lei congelada no certame exige documento para o grupo, a vaga dele só vai a quem o tem aceito: quem ainda não foi
conferido (ou não tem nenhum registrado) faz a chamada esperar — a inicial, as substituições e as novas vagas —, e
quem teve o documento recusado sai da lista do grupo, e a vaga vai ao próximo.
"""

from __future__ import annotations

from datetime import date

import pytest

from concursos.models import Certame, Chamada, Convocacao, Heteroidentificacao, Inscricao
from concursos.selectors.chamadas import previa_da_chamada
from concursos.selectors.listas import listas_do_cargo
from concursos.services.chamadas import chamada_inicial, desistencia_registrar, novas_vagas_chamar
from concursos.services.inscricao import documento_conferir, documento_nao_apresentado, documento_registrar
from concursos.services.resultado import eliminacao_registrar
from legislacao.models import Lei
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import posicao

HOJE = date(2024, 9, 2)


@pytest.fixture
def cargo_iuna(leis_de_origem, fazer_certame, inscrever, levar_ao_resultado):
    """Iúna, 10 vagas: a 3ª e a 8ª são dos negros e a 10ª dos indígenas (art. 3º, § 1º). Sete brancos à frente ocupam
    a ampla; N1 e N2 (pardos) as vagas dos negros; I1 e I2, indígenas cotistas, disputam a 10ª. Os cotistas já têm a
    autodeclaração confirmada pela comissão (art. 2º, § 1º): aqui só o documento está em jogo."""
    Lei.objects.filter(slug="iuna-es").update(data_publicacao=date(2022, 4, 1))
    certame = fazer_certame(municipio="Iúna", cargos=(("ADM", 10, 0),), numero="030/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [*((f"B{i}", "branca") for i in range(1, 8)), ("N1", "parda", True), ("N2", "parda", True),
                      ("I1", "indigena", True), ("I2", "indigena", True), ("B8", "branca")])
    Inscricao.objects.filter(cargo=cargo, reserva=True).update(heteroidentificacao=Heteroidentificacao.CONFIRMADO)
    levar_ao_resultado(certame)
    return cargo


@pytest.fixture
def cargo_ibatiba(leis_de_origem, fazer_certame, inscrever, levar_ao_resultado):
    """Ibatiba (20% para pessoas negras, pardas e indígenas, num grupo só; a lei não exige heteroidentificação),
    3 vagas: a 3ª é da reserva; as novas vagas seguem o padrão, e a 8ª também é."""
    certame = fazer_certame(municipio="Ibatiba", data_edital=date(2024, 8, 1), cargos=(("ADM", 3, 0),),
                            numero="040/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [*((f"B{i}", "branca") for i in range(1, 7)), ("P1", "parda", True), ("P2", "preta", True),
                      ("P3", "indigena", True)])
    levar_ao_resultado(certame)
    return cargo


def _inscricao(cargo, numero: str) -> Inscricao:
    return Inscricao.objects.select_related("certame").get(cargo=cargo, numero=numero)


def _aceitar(cargo, numero: str, usuario, tipo: str = "DECL", grupo: str = "IND"):
    documento = documento_registrar(inscricao=_inscricao(cargo, numero), grupo=grupo, tipo=tipo, usuario=usuario)
    return documento_conferir(documento=documento, aceito=True, usuario=usuario)


def _recusar(cargo, numero: str, usuario, tipo: str = "DECL", grupo: str = "IND"):
    documento = documento_registrar(inscricao=_inscricao(cargo, numero), grupo=grupo, tipo=tipo, usuario=usuario)
    return documento_conferir(documento=documento, aceito=False, usuario=usuario,
                              motivo="A declaração não traz a assinatura da liderança.")


def _convocar(cargo, usuario) -> Chamada:
    return chamada_inicial(cargo=cargo, data=HOJE, ato="Edital de convocação nº 1/2024", usuario=usuario)


def test_iuna_art_2_ii_indigena_sem_documento_aceito_nao_ocupa_a_10a_vaga(cargo_iuna, admin_user):
    with pytest.raises(ErroOperacao) as recusa:
        _convocar(cargo_iuna, admin_user)
    mensagem = str(recusa.value)
    assert "exige documento para ocupar vaga reservada" in mensagem
    assert "1 cotista seria chamado sem o documento aceito" in mensagem
    assert "Indígenas (art. 2º, II), a lei aceita um destes documentos: Declaração de pertencimento étnico" in mensagem
    assert "(art. 2º, II, d)" in mensagem and "I1 (nenhum documento registrado)" in mensagem
    # A chamada inteira espera: nem a ampla foi convocada.
    assert not Chamada.objects.filter(cargo=cargo_iuna).exists()
    assert not Convocacao.objects.filter(cargo=cargo_iuna).exists()

    # Registrado mas ainda não conferido: continua esperando.
    documento_registrar(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", tipo="RANI", usuario=admin_user)
    with pytest.raises(ErroOperacao, match=r"I1 \(documento a conferir\)"):
        _convocar(cargo_iuna, admin_user)


def test_iuna_art_2_ii_com_a_declaracao_de_pertencimento_ocupa_a_10a_vaga(cargo_iuna, admin_user):
    _aceitar(cargo_iuna, "I1", admin_user)
    _convocar(cargo_iuna, admin_user)
    decima = posicao(cargo_iuna, 10)
    assert (decima.vaga, decima.lista, decima.inscricao.numero) == ("IND", "IND", "I1")
    # Os negros (art. 2º, I) não apresentam documento: a 3ª e a 8ª são deles.
    assert (posicao(cargo_iuna, 3).inscricao.numero, posicao(cargo_iuna, 8).inscricao.numero) == ("N1", "N2")


def test_iuna_art_2_ii_a_d_um_documento_das_alineas_basta(cargo_iuna, admin_user):
    _aceitar(cargo_iuna, "I1", admin_user, tipo="NASC")
    _convocar(cargo_iuna, admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I1"


def test_iuna_art_2_ii_documento_recusado_sai_da_lista_dos_indigenas_e_a_10a_vai_ao_proximo(cargo_iuna, admin_user):
    _recusar(cargo_iuna, "I1", admin_user)
    _aceitar(cargo_iuna, "I2", admin_user, tipo="RC")
    listas = {lista.codigo: [linha.numero for linha in lista.linhas] for lista in listas_do_cargo(cargo_iuna)}
    assert listas["IND"] == ["I2"]
    # Recusado o documento, I1 continua no concurso: na lista geral, habilitado, concorrendo pela ampla.
    assert "I1" in listas["GERAL"] and _inscricao(cargo_iuna, "I1").situacao == "habilitado"
    _convocar(cargo_iuna, admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I2"


def test_iuna_art_2_ii_nada_apresentado_no_prazo_do_edital_vale_como_recusa(cargo_iuna, admin_user):
    documento_nao_apresentado(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", usuario=admin_user,
                              motivo="Prazo do item 8.4 do edital encerrado em 15/08/2024.")
    _aceitar(cargo_iuna, "I2", admin_user)
    _convocar(cargo_iuna, admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I2"


def test_sem_ninguem_com_documento_aceito_a_vaga_reverte_como_manda_a_lei(cargo_iuna, admin_user):
    """Iúna art. 8º: vaga reservada sem candidato aprovado do grupo reverte à ampla."""
    _recusar(cargo_iuna, "I1", admin_user)
    _recusar(cargo_iuna, "I2", admin_user)
    _convocar(cargo_iuna, admin_user)
    decima = posicao(cargo_iuna, 10)
    assert (decima.vaga, decima.lista, decima.inscricao.numero) == ("IND", "AC", "I1")


def test_a_desistencia_tambem_espera_o_documento_do_proximo_iuna_art_7_par_1(cargo_iuna, admin_user):
    _aceitar(cargo_iuna, "I1", admin_user)
    _convocar(cargo_iuna, admin_user)
    decima = posicao(cargo_iuna, 10)
    documento_registrar(inscricao=_inscricao(cargo_iuna, "I2"), grupo="IND", tipo="DECL", usuario=admin_user)
    with pytest.raises(ErroOperacao, match=r"I2 \(documento a conferir\)"):
        desistencia_registrar(convocacao=decima, data=HOJE, ato="Termo de desistência", usuario=admin_user)
    decima.refresh_from_db()
    assert decima.desistiu_em is None  # nada ficou registrado
    documento_conferir(documento=_inscricao(cargo_iuna, "I2").documentos.get(), aceito=True, usuario=admin_user)
    desistencia_registrar(convocacao=decima, data=HOJE, ato="Termo de desistência", usuario=admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I2"


def test_a_eliminacao_depois_do_resultado_tambem_espera_o_documento(cargo_iuna, admin_user):
    _aceitar(cargo_iuna, "I1", admin_user)
    _convocar(cargo_iuna, admin_user)
    with pytest.raises(ErroOperacao, match=r"I2 \(nenhum documento registrado\)"):
        eliminacao_registrar(inscricao=_inscricao(cargo_iuna, "I1"), data=HOJE, ato="Portaria nº 3/2024",
                             motivo="Decisão judicial.", usuario=admin_user)
    _aceitar(cargo_iuna, "I2", admin_user)
    eliminacao_registrar(inscricao=_inscricao(cargo_iuna, "I1"), data=HOJE, ato="Portaria nº 3/2024",
                         motivo="Decisão judicial.", usuario=admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I2"


def test_ibatiba_art_2_sem_documento_oficial_nao_ocupa_vaga_reservada_nem_nas_novas_vagas(cargo_ibatiba, admin_user):
    with pytest.raises(ErroOperacao, match=r"Negros, pardos e indígenas \(art. 2º\), a lei aceita documento oficial"):
        _convocar(cargo_ibatiba, admin_user)
    _aceitar(cargo_ibatiba, "P1", admin_user, tipo="DOC", grupo="NPI")
    _convocar(cargo_ibatiba, admin_user)
    assert posicao(cargo_ibatiba, 3).inscricao.numero == "P1"
    # Novas vagas (posições 4 a 8): a 8ª é da reserva e iria a P2, ainda sem documento.
    with pytest.raises(ErroOperacao, match=r"P2 \(nenhum documento registrado\)"):
        novas_vagas_chamar(cargo=cargo_ibatiba, quantidade=5, data=HOJE, ato="Edital nº 2/2024", usuario=admin_user)
    assert Chamada.objects.filter(cargo=cargo_ibatiba).count() == 1
    _recusar(cargo_ibatiba, "P2", admin_user, tipo="DOC", grupo="NPI")
    _aceitar(cargo_ibatiba, "P3", admin_user, tipo="DOC", grupo="NPI")
    novas_vagas_chamar(cargo=cargo_ibatiba, quantidade=5, data=HOJE, ato="Edital nº 2/2024", usuario=admin_user)
    assert posicao(cargo_ibatiba, 8).inscricao.numero == "P3"


def test_a_previa_avisa_quem_falta_e_qual_documento_e_leva_a_ficha(cargo_iuna, admin_user):
    documento_registrar(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", tipo="RES", usuario=admin_user)
    previa = previa_da_chamada(cargo_iuna)
    (falta,) = previa.sem_documento
    assert (falta.numero, falta.inscricao_id, falta.nome_grupo, falta.rotulo) == (
        "I1", _inscricao(cargo_iuna, "I1").pk, "Indígenas", "documento a conferir")
    assert falta.exigencia.artigo == "art. 2º, II"


def test_edital_publicado_antes_das_regras_de_documento_nao_as_ganha(cargo_iuna, admin_user):
    """As regras congeladas num edital publicado antes da chave nova ficam como eram: sem documento exigido."""
    certame = Certame.objects.get(pk=cargo_iuna.certame_id)
    regras = certame.regras
    assert regras["lei"]["documentos"]["IND"]["artigo"] == "art. 2º, II"
    del regras["lei"]["documentos"]
    Certame.objects.filter(pk=certame.pk).update(regras=regras)
    _convocar(cargo_iuna, admin_user)
    assert posicao(cargo_iuna, 10).inscricao.numero == "I1"


def test_os_documentos_da_lei_ficam_congelados_na_publicacao(cargo_iuna, admin_user):
    """Mudar a lei depois (numa nova versão) não muda o que o edital publicado exige."""
    from legislacao.models import DocumentoAceito
    from legislacao.services import lei_nova_versao

    nova = lei_nova_versao(lei=Certame.objects.get(pk=cargo_iuna.certame_id).lei)
    DocumentoAceito.objects.filter(grupo__lei=nova).delete()
    certame = Certame.objects.get(pk=cargo_iuna.certame_id)
    assert [t.codigo for t in certame.exigencias_documentais()["IND"].tipos] == ["DECL", "RC", "RANI", "RES", "NASC"]


class TestOsAtosDoDocumento:
    def test_so_os_documentos_que_a_lei_aceita_e_so_de_quem_concorre_ao_grupo(self, cargo_iuna, admin_user):
        with pytest.raises(ErroOperacao, match="não aceita o documento «CNH»"):
            documento_registrar(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", tipo="CNH", usuario=admin_user)
        with pytest.raises(ErroOperacao, match="não concorre a uma reserva desta lei que exija documento"):
            documento_registrar(inscricao=_inscricao(cargo_iuna, "N1"), grupo="IND", tipo="DECL",
                                usuario=admin_user)
        with pytest.raises(ErroOperacao, match="não concorre"):
            documento_registrar(inscricao=_inscricao(cargo_iuna, "B1"), grupo="IND", tipo="DECL",
                                usuario=admin_user)

    def test_a_recusa_e_a_nova_conferencia_exigem_o_motivo_e_ficam_no_historico(self, cargo_iuna, admin_user):
        documento = documento_registrar(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", tipo="DECL",
                                        usuario=admin_user)
        with pytest.raises(ErroOperacao, match="motivo da recusa"):
            documento_conferir(documento=documento, aceito=False, usuario=admin_user)
        documento_conferir(documento=documento, aceito=True, usuario=admin_user)
        with pytest.raises(ErroOperacao, match="para mudar a conferência, informe o motivo"):
            documento_conferir(documento=documento, aceito=False, usuario=admin_user, motivo="")
        documento = documento_conferir(documento=documento, aceito=False, usuario=admin_user,
                                       motivo="Recurso da banca: a declaração é de outra etnia.")
        assert (documento.conferencia, documento.conferido_por) == ("recusado", admin_user)
        assert [(h.conferencia, h.history_change_reason) for h in documento.history.order_by("history_id")] == [
            ("a_conferir", "Documento registrado à mão, a conferir."), ("aceito", "Documento aceito."),
            ("recusado", "Conferência refeita: recusado.")]

    def test_o_registro_de_nada_apresentado_exige_o_motivo_e_nao_se_confere(self, cargo_iuna, admin_user):
        with pytest.raises(ErroOperacao, match="Informe o motivo"):
            documento_nao_apresentado(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND", usuario=admin_user,
                                      motivo=" ")
        registro = documento_nao_apresentado(inscricao=_inscricao(cargo_iuna, "I1"), grupo="IND",
                                             usuario=admin_user, motivo="Prazo encerrado.")
        with pytest.raises(ErroOperacao, match="não há o que conferir"):
            documento_conferir(documento=registro, aceito=True, usuario=admin_user)

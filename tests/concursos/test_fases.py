"""As fases do certame e o corte de cada uma (decisão 0022): o resultado pelo arquivo da banca, o ato que grava quem
segue e por qual lista, e a reserva aplicada no corte. Ibatiba art. 3º: a reserva se aplica «em todas as fases do
concurso público ou processo seletivo, inclusive naqueles nos quais haja nota de corte»."""

from __future__ import annotations

import io
from datetime import date

import pytest
from django.core.exceptions import ValidationError

from concursos.importacao.resultado_da_fase import resultado_da_fase_importar
from concursos.models import AtoDoCertame, Fase, Heteroidentificacao, Inscricao, ResultadoNaFase, TipoAto
from concursos.services.fases import aplicar_corte_da_fase
from concursos.services.inscricao import documento_conferir, documento_registrar
from legislacao.entrada import ErroEntrada
from legislacao.models import Lei
from legislacao.motor import AMPLA, PCD
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import encerrar_inscricoes


def _csv(linhas: list[tuple], cabecalho: str = "inscricao;nota;situacao") -> io.BytesIO:
    texto = "\n".join([cabecalho, *(";".join(str(c) for c in linha) for linha in linhas)]) + "\n"
    return io.BytesIO(texto.encode())


def _lista(fase, lista: str) -> list[str]:
    return list(ResultadoNaFase.objects.filter(fase=fase, segue=True, lista=lista)
                .order_by("-nota").values_list("inscricao__numero", flat=True))


def test_ibatiba_art_3_o_corte_leva_os_10_melhores_e_20_por_cento_de_10_da_reserva(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    assert resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user) == 30
    fase = aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado definitivo da prova objetiva.")
    ampla = _lista(fase, AMPLA)
    assert len(ampla) == 10
    assert "P1" in ampla  # cotista entre os 10: segue pela ampla e não ocupa lugar da reserva
    assert _lista(fase, "NPI") == ["P2", "P3"]
    assert ResultadoNaFase.objects.filter(fase=fase, segue=False).count() == 18
    numeros = {n["lista"]: n for n in fase.numeros_do_corte["ADM"]["listas"]}
    assert (numeros["NPI"]["devidos"], numeros["NPI"]["seguem"]) == (2, 2)
    ato = AtoDoCertame.objects.get(certame=fase.certame, tipo=TipoAto.CORTE_DA_FASE)
    assert "art. 3º" in ato.fundamento  # da lei congelada no certame
    assert ato.motivo == "Resultado definitivo da prova objetiva."
    assert fase.history.first().history_change_reason.startswith("Corte aplicado: 12 seguem.")
    assert fase.corte_aplicado_por == admin_user


def test_ibatiba_art_3_inclusive_com_nota_de_corte_quem_nao_a_atinge_nao_segue(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    Fase.objects.filter(pk=fase.pk).update(nota_minima=80)
    resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)
    fase = aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    assert _lista(fase, "NPI") == ["P2", "P3"]  # 86 e 81: acima da nota mínima
    Fase.objects.filter(pk=fase.pk).update(corte_aplicado_em=None)
    Fase.objects.filter(pk=fase.pk).update(nota_minima=85)
    fase = aplicar_corte_da_fase(fase=Fase.objects.get(pk=fase.pk), usuario=admin_user, motivo="Resultado.")
    assert _lista(fase, "NPI") == ["P2"]
    assert {n["lista"]: n for n in fase.numeros_do_corte["ADM"]["listas"]}["NPI"]["faltam"] == 1


def test_o_eliminado_na_fase_nao_segue_e_a_reserva_leva_o_seguinte(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    notas = [(n, nota, "ausente" if n == "P2" else s) for n, nota, s in notas]
    resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)
    fase = aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    assert _lista(fase, "NPI") == ["P3", "P4"]


def test_o_arquivo_com_erros_e_recusado_inteiro_com_linha_coluna_e_valor(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    notas[0] = ("X99", 100, "apto")
    notas[1] = ("B2", "noventa", "apto")
    notas[2] = ("P1", 98, "talvez")
    notas[3] = ("B1", 97, "apto")
    with pytest.raises(ErroEntrada) as erro:
        resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)
    mensagens = [str(e) for e in erro.value.erros]
    assert mensagens[0] == ("Linha 2, coluna «inscricao», valor «X99»: não há inscrição com este número neste "
                            "certame.")
    assert mensagens[1].startswith("Linha 3, coluna «nota», valor «noventa»: informe um número")
    assert mensagens[2].startswith("Linha 4, coluna «situacao», valor «talvez»: use ")
    assert not ResultadoNaFase.objects.filter(fase=fase).exists()


def test_o_cabecalho_sem_a_situacao_e_recusado(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    with pytest.raises(ErroEntrada, match=r"coluna «situacao».*obrigatória ausente"):
        resultado_da_fase_importar(fase=fase, arquivo=_csv([n[:2] for n in notas], "inscricao;nota"),
                                   nome="objetiva.csv", usuario=admin_user)


def test_a_fase_seguinte_so_recebe_quem_seguiu_e_so_depois_do_corte(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    discursiva = Fase.objects.create(certame=fase.certame, ordem=2, nome="Prova discursiva", tipo="discursiva",
                                     nota_minima=50)
    with pytest.raises(ErroOperacao, match="Aplique antes o corte da fase anterior"):
        resultado_da_fase_importar(fase=discursiva, arquivo=_csv(notas[:1]), nome="d.csv", usuario=admin_user)
    resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)
    aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    with pytest.raises(ErroEntrada, match=r"valor «B24».*não seguiu da fase anterior"):
        resultado_da_fase_importar(fase=discursiva, arquivo=_csv([("P2", 70, "apto"), ("B24", 60, "apto")]),
                                   nome="d.csv", usuario=admin_user)
    assert resultado_da_fase_importar(fase=discursiva, arquivo=_csv([("P2", 70, "apto"), ("P3", 40, "apto")]),
                                      nome="d.csv", usuario=admin_user) == 2
    discursiva = aplicar_corte_da_fase(fase=discursiva, usuario=admin_user, motivo="Resultado da discursiva.")
    assert _lista(discursiva, AMPLA) == ["P2"]


def test_o_corte_aplicado_nao_se_repete_nem_o_resultado_muda_por_arquivo(fase_ibatiba, admin_user):
    fase, notas = fase_ibatiba
    resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)
    aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    with pytest.raises(ErroOperacao, match="já foi aplicado"):
        aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="De novo.")
    with pytest.raises(ErroOperacao, match="não muda por arquivo"):
        resultado_da_fase_importar(fase=fase, arquivo=_csv(notas), nome="objetiva.csv", usuario=admin_user)


def test_sem_resultado_nem_motivo_o_corte_nao_se_aplica(fase_ibatiba, admin_user):
    fase, _ = fase_ibatiba
    with pytest.raises(ErroOperacao, match="motivo"):
        aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo=" ")
    with pytest.raises(ErroOperacao, match="Importe antes o resultado"):
        aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")


def test_ibatiba_art_3_o_edital_nao_dispensa_a_reserva_no_corte(fase_ibatiba):
    fase, _ = fase_ibatiba
    fase.aplica_reserva = False
    with pytest.raises(ValidationError, match=r"todas as fases.*\(art\. 3º\)"):
        fase.full_clean()


def test_lei_que_nao_fala_das_fases_o_corte_segue_o_edital_e_cita_o_item(leis_de_origem, fazer_certame, inscrever,
                                                                          admin_user):
    """Vargem Alta não fala das fases: sem reserva no corte, se o edital assim dispõe, e o ato cita o item do edital."""
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("P1", "parda", True)])
    certame = encerrar_inscricoes(certame, admin_user)
    fase = Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva", seguem_quantidade=2,
                               aplica_reserva=False, item_edital="item 9.1 do edital")
    assert fase.artigo_da_lei == ""
    fase.full_clean()
    resultado_da_fase_importar(fase=fase, arquivo=_csv([("B1", 90, "apto"), ("B2", 80, "apto"), ("P1", 70, "apto")]),
                               nome="o.csv", usuario=admin_user)
    fase = aplicar_corte_da_fase(fase=fase, usuario=admin_user, motivo="Resultado.")
    assert _lista(fase, AMPLA) == ["B1", "B2"]
    assert not _lista(fase, "NEG")
    ato = AtoDoCertame.objects.get(certame=certame, tipo=TipoAto.CORTE_DA_FASE)
    assert "item 9.1 do edital" in ato.fundamento
    assert "art." not in ato.fundamento


def test_fase_so_classificatoria_nao_tem_corte(fase_ibatiba):
    fase, _ = fase_ibatiba
    fase.carater = "classificatoria"
    with pytest.raises(ValidationError, match="só classificatória"):
        fase.full_clean()


def test_edital_publicado_antes_do_campo_usa_o_artigo_da_versao_congelada_da_lei(fase_ibatiba):
    """Um certame de Ibatiba publicado antes de a lei ganhar `artigo_fases` não tem a chave no resumo congelado: o
    texto da lei é o mesmo (art. 3º), e vale o da versão congelada, que a migração preencheu."""
    fase, _ = fase_ibatiba
    certame = fase.certame
    del certame.regras["lei"]["artigo_fases"]
    certame.save(update_fields=["regras"])
    fase = Fase.objects.select_related("certame__lei").get(pk=fase.pk)
    assert fase.artigo_da_lei == "art. 3º"
    assert fase.regra_corte().aplica_reserva


def test_as_leis_que_falam_das_fases_tem_o_artigo_como_dado(leis_de_origem):
    """Ibatiba art. 3º e Lei 15.142/2025, art. 6º (migração legislacao/0015); as outras não falam das fases."""
    falam = dict(Lei.objects.exclude(artigo_fases="").values_list("slug", "artigo_fases"))
    assert falam == {"ibatiba-es-2024": "art. 3º", "federal-lei-15142-2025": "art. 6º"}
    assert "ainda não aplicado" not in Lei.objects.get(slug="federal-lei-15142-2025").observacoes


def test_antes_do_encerramento_das_inscricoes_nao_ha_resultado_de_fase(leis_de_origem, fazer_certame, inscrever,
                                                                      admin_user):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    inscrever(certame.cargos.get(), [("B1", "branca")])
    fase = Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva")
    with pytest.raises(ErroOperacao, match="depois do encerramento das inscrições"):
        resultado_da_fase_importar(fase=fase, arquivo=_csv([("B1", 90, "apto")]), nome="o.csv", usuario=admin_user)


def _importar_e_cortar(fase, linhas, usuario) -> Fase:
    resultado_da_fase_importar(fase=fase, arquivo=_csv(linhas), nome=f"fase-{fase.ordem}.csv", usuario=usuario)
    return aplicar_corte_da_fase(fase=Fase.objects.get(pk=fase.pk), usuario=usuario, motivo="Resultado.")


def _nao_confirmar(*numeros: str) -> None:
    Inscricao.objects.filter(numero__in=numeros).update(heteroidentificacao=Heteroidentificacao.NAO_CONFIRMADO)


def test_lei_15142_art_3_par_2_o_nao_confirmado_so_segue_pela_ampla_se_passou_por_ela_em_cada_fase(fase_ibatiba,
                                                                                                 admin_user):
    """Lei 15.142/2025, art. 3º, § 2º: o não confirmado prossegue pela ampla «desde que possua, em cada fase anterior do
    certame, conceito ou pontuação suficiente para as fases seguintes». Quem seguiu de uma fase pela lista da reserva
    passou só por ela: perdida a reserva, não segue, nem se passou pela ampla numa fase depois (decisão 0022; vale
    para toda lei, como Ibatiba, que aplica a reserva em todas as fases, art. 3º)."""
    objetiva, notas = fase_ibatiba
    certame = objetiva.certame
    discursiva = Fase.objects.create(certame=certame, ordem=2, nome="Prova discursiva", nota_minima=50)
    titulos = Fase.objects.create(certame=certame, ordem=3, nome="Títulos", nota_minima=0)
    objetiva = _importar_e_cortar(objetiva, notas, admin_user)
    assert "P1" in _lista(objetiva, AMPLA)
    assert _lista(objetiva, "NPI") == ["P2", "P3"]

    _nao_confirmar("P1", "P2")
    discursiva = _importar_e_cortar(discursiva, [("P1", 90, "apto"), ("P2", 80, "apto"), ("P3", 70, "apto"),
                                                 ("B1", 60, "apto")], admin_user)
    assert _lista(discursiva, AMPLA) == ["P1", "P3", "B1"]  # P1 passou a objetiva pela ampla e segue nela
    assert not ResultadoNaFase.objects.get(fase=discursiva, inscricao__numero="P2").segue

    _nao_confirmar("P3")  # na objetiva, pela reserva; na discursiva (sem K), pela ampla
    titulos = _importar_e_cortar(titulos, [("P1", 10, "apto"), ("P3", 9, "apto"), ("B1", 8, "apto")], admin_user)
    assert _lista(titulos, AMPLA) == ["P1", "B1"]


def test_quem_seguiu_pela_reserva_e_teve_o_documento_recusado_nao_segue_pela_ampla(fase_ibatiba, admin_user):
    """Ibatiba art. 2º (o documento oficial) e art. 3º (a reserva em todas as fases): P2 seguiu da objetiva pela lista
    da reserva; recusado o documento, sai dela e, como o não confirmado, não segue pela ampla na discursiva."""
    objetiva, notas = fase_ibatiba
    discursiva = Fase.objects.create(certame=objetiva.certame, ordem=2, nome="Prova discursiva", nota_minima=50)
    objetiva = _importar_e_cortar(objetiva, notas, admin_user)
    assert _lista(objetiva, "NPI") == ["P2", "P3"]
    inscricao = Inscricao.objects.select_related("certame").get(certame=objetiva.certame, numero="P2")
    grupo, exigencia = next(iter(objetiva.certame.exigencias_documentais().items()))
    documento = documento_registrar(inscricao=inscricao, grupo=grupo, tipo=exigencia.tipos[0].codigo,
                                    usuario=admin_user)
    documento_conferir(documento=documento, aceito=False, usuario=admin_user,
                       motivo="O documento não traz a informação.")
    discursiva = _importar_e_cortar(discursiva, [("P2", 80, "apto"), ("P3", 70, "apto")], admin_user)
    assert _lista(discursiva, AMPLA) == ["P3"]
    assert not ResultadoNaFase.objects.get(fase=discursiva, inscricao__numero="P2").segue


def test_o_nao_confirmado_que_seguiu_pela_lista_pcd_segue_nela(leis_de_origem, fazer_certame, inscrever, admin_user):
    """A heteroidentificação tira a reserva racial (Lei 15.142/2025, art. 3º, § 2º), não a deficiência: quem seguiu
    pela lista PcD passou por uma lista que não perdeu."""
    certame = fazer_certame(municipio="Ibatiba", data_edital=date(2024, 8, 1), cargos=(("ADM", 10, 1),),
                            numero="051/2024")
    cargo = certame.cargos.get()
    inscrever(cargo, [("B1", "branca"), ("B2", "branca"), ("B3", "branca"), ("Q1", "parda", True, True)])
    certame = encerrar_inscricoes(certame, admin_user)
    objetiva = Fase.objects.create(certame=certame, ordem=1, nome="Prova objetiva", seguem_quantidade=2)
    discursiva = Fase.objects.create(certame=certame, ordem=2, nome="Prova discursiva", nota_minima=50)
    objetiva = _importar_e_cortar(objetiva, [("B1", 90, "apto"), ("B2", 80, "apto"), ("B3", 70, "apto"),
                                             ("Q1", 60, "apto")], admin_user)
    assert _lista(objetiva, PCD) == ["Q1"]
    _nao_confirmar("Q1")
    discursiva = _importar_e_cortar(discursiva, [("B1", 90, "apto"), ("Q1", 60, "apto")], admin_user)
    assert _lista(discursiva, AMPLA) == ["B1", "Q1"]


def test_nao_se_cria_fase_antes_de_uma_que_ja_tem_resultado(fase_ibatiba, admin_user):
    """Com a 1ª e a 3ª fases cortadas, uma 2ª quebraria a cadeia: só entrou na 3ª quem seguiu da 1ª."""
    objetiva, notas = fase_ibatiba
    certame = objetiva.certame
    discursiva = Fase.objects.create(certame=certame, ordem=3, nome="Prova discursiva", nota_minima=50)
    _importar_e_cortar(objetiva, notas, admin_user)
    resultado_da_fase_importar(fase=discursiva, arquivo=_csv([("P2", 70, "apto")]), nome="d.csv", usuario=admin_user)
    nova = Fase(certame=certame, ordem=2, nome="Títulos")
    with pytest.raises(ValidationError, match=r"A 3ª fase — Prova discursiva já tem resultado importado.*ordem 4 em "
                                              r"diante"):
        nova.full_clean()
    nova.ordem = 4
    nova.full_clean()
    nova.save()
    nova.ordem = 2  # mudar de ordem para antes da 3ª também quebraria a cadeia
    with pytest.raises(ValidationError, match="ordem 4 em diante"):
        nova.full_clean()
    discursiva.refresh_from_db()
    discursiva.ordem = 5
    with pytest.raises(ValidationError, match="já tem resultado importado: a ordem dela não muda"):
        discursiva.full_clean()


@pytest.mark.parametrize(("coluna", "valor"), [("classificacao", "²"), ("classificacao", "١"),
                                                ("classificacao", "99999999999"), ("nota", "١٠٠"), ("nota", "1e2"),
                                                ("nota", "NaN"), ("nota", "1_000")])
def test_numeros_so_com_algarismos_ascii_ou_o_erro_diz_linha_coluna_e_valor(fase_ibatiba, admin_user, coluna, valor):
    fase, _ = fase_ibatiba
    linha = {"inscricao": "B1", "nota": "90", "situacao": "apto", "classificacao": "1", coluna: valor}
    with pytest.raises(ErroEntrada) as erro:
        resultado_da_fase_importar(fase=fase, arquivo=_csv([tuple(linha.values())], ";".join(linha)), nome="o.csv",
                                   usuario=admin_user)
    assert str(erro.value.erros[0]).startswith(f"Linha 2, coluna «{coluna}», valor «{valor}»: informe")
    assert not ResultadoNaFase.objects.filter(fase=fase).exists()

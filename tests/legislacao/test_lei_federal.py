"""Os modelos federais carregados pela migração legislacao/0011_leis_federais.py (docs/dominio.md, «Os modelos
federais»): a Lei 15.142/2025 com o Decreto 12.536/2025 e a Lei 12.990/2014, cada regra com o seu artigo; os quadros
tirados do texto, a cascata, a reserva de maior percentual e a lei certa pela data do edital de um órgão federal."""

import dataclasses
import json
from datetime import date
from decimal import Decimal
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from legislacao import motor
from legislacao.models import Consequencia, Esfera, GrupoReserva, Lei
from legislacao.selectors import lei_aplicavel, lei_por_slug
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

LEI_15142, LEI_12990 = "federal-lei-15142-2025", "federal-lei-12990-2014"


@pytest.fixture
def lei_15142(leis_de_origem) -> Lei:
    return lei_por_slug(LEI_15142)


@pytest.fixture
def lei_12990(leis_de_origem) -> Lei:
    return lei_por_slug(LEI_12990)


def contagens(lei: Lei, vagas: int) -> dict[str, int]:
    return {r.codigo: r.vagas for r in motor.calcular_quadro(lei.regras(), vagas).reservas}


def federal(data_edital: date):
    return lei_aplicavel(municipio=municipio("Vitória"), data_edital=data_edital, esfera=Esfera.FEDERAL)


# --- os registros ------------------------------------------------------------------------------------------------

def test_os_dois_modelos_federais_vem_com_o_texto_e_as_datas_do_dou(lei_15142, lei_12990):
    """Lei 15.142/2025: de 03/06/2025, no DOU de 04/06/2025, em vigor na publicação (art. 14), sem prazo de vigência
    (art. 12 manda revê-la em 10 anos). Lei 12.990/2014: de 09/06/2014, no DOU de 10/06/2014 (art. 6º)."""
    assert (lei_15142.esfera, lei_15142.data_publicacao, lei_15142.vigencia_anos) == (Esfera.FEDERAL, date(2025, 6, 4),
                                                                                      None)
    assert (lei_15142.artigo_vigor, lei_12990.artigo_vigor) == ("art. 14", "art. 6º")
    assert "Art. 11. O disposto nesta Lei não se aplicará" in lei_15142.texto
    assert "Art. 12. O Poder Executivo federal promoverá a revisão" in lei_15142.texto
    # O decreto regulamenta a lei (art. 1º, § 1º) e vai no mesmo registro, com o que não foi localizado marcado.
    assert "DECRETO Nº 12.536, DE 27 DE JUNHO DE 2025" in lei_15142.texto
    assert "Art. 17. As pessoas pretas e pardas, indígenas e quilombolas" in lei_15142.texto
    assert "[texto não localizado: preâmbulo e arts. 1º a 16]" in lei_15142.texto
    assert (lei_12990.esfera, lei_12990.data_publicacao, lei_12990.vigencia_anos) == (Esfera.FEDERAL, date(2014, 6, 10),
                                                                                      10)
    assert "Art. 6º Esta Lei entra em vigor na data de sua publicação e terá vigência pelo prazo de 10 (dez) anos." \
        in lei_12990.texto
    assert "[texto não localizado: art. 1º, §§ 1º a 3º]" in lei_12990.texto


def test_os_registros_federais_passam_na_validacao_do_cadastro(lei_15142, lei_12990):
    """Os mesmos limites do admin (p. ex. 120 caracteres por artigo), que o SQLite não confere ao gravar."""
    for lei in (lei_15142, lei_12990):
        lei.full_clean()
        for grupo in lei.grupos.all():
            grupo.full_clean()


def test_lei_15142_cada_regra_com_o_seu_artigo(lei_15142):
    """Mínimo de 2 vagas (art. 5º); meio para cima (art. 5º, § 2º); não confirmado segue na ampla (art. 3º, § 2º);
    eliminação só por fraude ou má-fé com contraditório e ampla defesa (art. 4º); reserva única (Decreto
    12.536/2025); abrangência da administração federal direta e indireta e da contratação temporária (art. 1º)."""
    lei = lei_15142
    assert (lei.minimo_vagas, lei.artigo_minimo) == (2, "art. 5º")
    assert (lei.arredondamento, lei.artigo_arredondamento) == (motor.Arredondamento.MEIO_PARA_CIMA, "art. 5º, § 2º")
    assert (lei.nao_confirmacao, lei.artigo_nao_confirmacao) == (Consequencia.AMPLA, "art. 3º, § 2º")
    assert lei.ausencia == Consequencia.AMPLA
    assert lei.artigo_fraude == "art. 4º, § 1º e § 2º"
    assert lei.uma_reserva_so and "Decreto nº 12.536/2025" in lei.artigo_uma_reserva
    assert (lei.aplica_concurso, lei.aplica_emprego_publico, lei.aplica_processo_seletivo) == (True, True, True)
    assert (lei.aplica_estagio, lei.aplica_comissao) == (False, False)
    assert lei.artigo_abrangencia == "art. 1º, I e II"
    # A administração pública federal direta e indireta: o Executivo federal (art. 1º, I).
    assert lei.abrange_executivo and not lei.abrange_legislativo and lei.artigo_abrangencia_orgaos == "art. 1º, I"
    assert all((lei.abrange_direta, lei.abrange_autarquia, lei.abrange_fundacao, lei.abrange_empresa_publica,
                lei.abrange_economia_mista))
    assert (lei.artigo_irretroatividade, lei.artigo_desistencia) == ("art. 11", "art. 7º, § 3º")
    assert "art. 9º, § 2º" in lei.observacoes  # a ordem de nomeação vale para a vida funcional
    grupos = {g.codigo: g for g in lei.grupos.all()}
    assert [(g.codigo, g.percentual, g.artigo_elegibilidade) for g in lei.grupos.all()] == [
        ("PP", Decimal("25.00"), "art. 2º, I"), ("IND", Decimal("3.00"), "art. 2º, II"),
        ("QUI", Decimal("2.00"), "art. 2º, III")]
    assert grupos["PP"].cores == {"preta", "parda"} and not grupos["PP"].quilombola
    assert grupos["IND"].cores == {"indigena"} and grupos["QUI"].quilombola and not grupos["QUI"].cores


def test_lei_12990_cada_regra_com_o_seu_artigo(lei_12990):
    """20% aos negros (art. 1º), a partir de 3 vagas (art. 1º, § 1º), meio para cima (art. 1º, § 2º); a declaração
    falsa elimina após procedimento com contraditório (art. 2º, parágrafo único); um grupo só, sem reserva única."""
    lei = lei_12990
    assert (lei.minimo_vagas, lei.artigo_minimo, lei.artigo_arredondamento) == (3, "art. 1º, § 1º", "art. 1º, § 2º")
    assert lei.artigo_fraude == "art. 2º, parágrafo único" and not lei.uma_reserva_so
    assert [(g.codigo, g.percentual, g.cores, g.artigo) for g in lei.grupos.all()] == [
        ("NEG", Decimal("20.00"), {"preta", "parda"}, "art. 1º")]
    assert (lei.aplica_concurso, lei.aplica_emprego_publico, lei.aplica_processo_seletivo) == (True, True, False)
    assert lei.abrange_executivo and not lei.abrange_legislativo and lei.artigo_abrangencia_orgaos == "art. 1º"


# --- os quadros tirados do texto -------------------------------------------------------------------------------

def test_lei_15142_reserva_a_partir_de_2_vagas_art_5(leis_de_origem):
    """Lei 15.142/2025, art. 5º: com 1 vaga não há reserva; com 2, 25% de 2 = 0,5 → 1 para pretos e pardos (§ 2º, I);
    3% e 2% de 2 ficam abaixo de 0,5 e descem a 0 (§ 2º, II)."""
    lei = lei_por_slug(LEI_15142)
    assert contagens(lei, 1) == {"PP": 0, "IND": 0, "QUI": 0}
    assert contagens(lei, 2) == {"PP": 1, "IND": 0, "QUI": 0}


def test_lei_15142_50_vagas_13_pp_2_ind_1_qui_art_5_par_2(leis_de_origem):
    """Lei 15.142/2025, art. 5º, § 2º, e Decreto 12.536/2025: 25% de 50 = 12,5 → 13; 3% = 1,5 → 2; 2% = 1; ampla,
    50 − 16 = 34."""
    quadro = motor.calcular_quadro(lei_por_slug(LEI_15142).regras(), 50)
    assert {r.codigo: r.vagas for r in quadro.reservas} == {"PP": 13, "IND": 2, "QUI": 1}
    assert quadro.ampla == 34 and len(quadro.ordem) == 50


def test_lei_12990_reserva_a_partir_de_3_vagas_art_1_par_1(leis_de_origem):
    """Lei 12.990/2014, art. 1º, § 1º e § 2º: 2 vagas, nenhuma reserva; 3 vagas, 20% = 0,6 → 1; 50 vagas, 10."""
    lei = lei_por_slug(LEI_12990)
    assert contagens(lei, 2) == {"NEG": 0}
    assert contagens(lei, 3) == {"NEG": 1}
    assert contagens(lei, 50) == {"NEG": 10}


def test_simular_vagas_com_a_lei_federal(leis_de_origem):
    """O comando aceita o modelo federal e mostra a regra da reserva única com o seu fundamento."""
    saida = StringIO()
    call_command("simular_vagas", "--lei", LEI_15142, "--vagas", "50", "--json", stdout=saida)
    dados = json.loads(saida.getvalue())
    assert (dados["lei"], dados["ampla"], dados["minimo_vagas"]) == (LEI_15142, 34, 2)
    assert {r["grupo"]: r["vagas"] for r in dados["reservas"]} == {"PP": 13, "IND": 2, "QUI": 1}
    saida = StringIO()
    call_command("simular_vagas", "--lei", LEI_15142, "--vagas", "50", stdout=saida)
    assert "Quem é elegível a mais de uma reserva concorre só na de maior percentual — Decreto nº 12.536/2025" \
        in saida.getvalue()


# --- a cascata e a reserva de maior percentual ------------------------------------------------------------------

def _convocar(lei: Lei, vagas: int, candidatos) -> list[tuple[str, str | None, str | None]]:
    regras = lei.regras()
    quadro = motor.calcular_quadro(regras, vagas)
    return [(c.vaga, c.lista, c.inscricao) for c in motor.convocar(regras, quadro, candidatos)]


def _brancos(n: int) -> list[motor.Candidato]:
    return [motor.Candidato(f"B{i}", i) for i in range(1, n + 1)]


def _pardos(n: int, inicio: int) -> list[motor.Candidato]:
    return [motor.Candidato(f"P{i}", inicio + i, "parda", reserva=True) for i in range(1, n + 1)]


def test_vaga_indigena_sem_candidato_passa_a_quilombola_e_depois_a_pretos_e_pardos(lei_15142):
    """Decreto 12.536/2025: sem indígenas, as vagas indígenas passam a quilombolas e, esgotados estes, a pretos e
    pardos (GrupoReserva.reverte_para: IND → QUI, PP); sem ninguém, à ampla (Lei 15.142/2025, art. 8º)."""
    quilombolas = [motor.Candidato(f"Q{i}", 89 + i, "branca", quilombola=True, reserva=True) for i in (1, 2)]
    chamados = _convocar(lei_15142, 50, [*_brancos(60), *_pardos(20, 60), *quilombolas])
    assert [lista for vaga, lista, _ in chamados if vaga == "IND"] == ["QUI", "PP"]
    # A lista quilombola ocupa as suas posições (a própria e a indígena recebida) na ordem da lista.
    assert [(vaga, inscricao) for vaga, lista, inscricao in chamados if lista == "QUI"] == [("IND", "Q1"),
                                                                                         ("QUI", "Q2")]


def test_vaga_quilombola_sem_candidato_passa_a_indigena(lei_15142):
    """Decreto 12.536/2025: sem quilombolas, a vaga quilombola passa a indígenas (QUI → IND, PP)."""
    indigenas = [motor.Candidato(f"I{i}", 80 + i, "indigena", reserva=True) for i in range(1, 4)]
    chamados = _convocar(lei_15142, 50, [*_brancos(60), *_pardos(20, 60), *indigenas])
    assert [lista for vaga, lista, _ in chamados if vaga in ("IND", "QUI")] == ["IND", "IND", "IND"]


def test_sem_nenhum_cotista_as_vagas_reservadas_revertem_a_ampla_art_8(lei_15142):
    chamados = _convocar(lei_15142, 50, _brancos(60))
    assert {lista for _, lista, _ in chamados} == {motor.AMPLA}


def test_quem_e_elegivel_a_varias_reservas_fica_na_de_maior_percentual(lei_15142):
    """Decreto 12.536/2025: a pessoa parda e quilombola concorre só em pretos e pardos (25% > 2%); a indígena e
    quilombola, só em indígenas (3% > 2%); a quilombola que não é preta, parda nem indígena, em quilombolas."""
    regras = lei_15142.regras()
    assert regras.reserva_de("parda", True).codigo == "PP"
    assert regras.reserva_de("indigena", True).codigo == "IND"
    assert regras.reserva_de("branca", True).codigo == "QUI"
    assert regras.reserva_de("preta", False).codigo == "PP"
    assert regras.reserva_de("branca", False) is None
    quilombolas = regras.elegiveis(regras.grupo("QUI"))
    assert ("parda", True) not in quilombolas and ("indigena", True) not in quilombolas
    assert ("branca", True) in quilombolas and ("amarela", True) in quilombolas
    assert ("parda", True) in regras.elegiveis(regras.grupo("PP"))


def test_a_parda_quilombola_concorre_em_pretos_e_pardos_e_nao_em_quilombolas(lei_15142):
    """Decreto 12.536/2025: as 13 vagas de pretos e pardos ficam com os 13 melhores pardos; a parda quilombola Q1, mais
    bem classificada que a quilombola Q2, não está na lista de quilombolas: a vaga quilombola vai a Q2, e Q1 só é
    chamada pela lista de pretos e pardos, quando uma vaga indígena, sem indígenas, passa a ela (a cascata; a outra,
    sem mais ninguém na cadeia, vai à ampla). Sem a regra, Q1 entraria pela lista de quilombolas."""
    q1 = motor.Candidato("Q1", 80, "parda", quilombola=True, reserva=True)
    q2 = motor.Candidato("Q2", 85, "branca", quilombola=True, reserva=True)
    candidatos = [*_brancos(40), *_pardos(13, 40), q1, q2]
    chamados = _convocar(lei_15142, 50, candidatos)
    assert [(vaga, inscricao) for vaga, lista, inscricao in chamados if lista == "QUI"] == [("QUI", "Q2")]
    assert [lista for vaga, lista, inscricao in chamados if inscricao == "Q1"] == ["PP"]
    assert [lista for vaga, lista, _ in chamados if vaga == "IND"] == ["PP", motor.AMPLA]
    sem_a_regra = dataclasses.replace(lei_15142.regras(), uma_reserva_so=False)
    quadro = motor.calcular_quadro(sem_a_regra, 50)
    antes = [(c.vaga, c.lista, c.inscricao) for c in motor.convocar(sem_a_regra, quadro, candidatos)]
    assert [(vaga, inscricao) for vaga, lista, inscricao in antes if lista == "QUI"] == [("IND", "Q1"), ("QUI", "Q2")]


def test_no_empate_de_percentuais_fica_o_grupo_que_vem_antes_na_lei():
    """A regra do empate (escrita em docs/dominio.md): com percentuais iguais, o primeiro grupo na ordem da lei."""
    a = motor.Grupo("A", "A", Decimal("5"), frozenset({"parda"}))
    b = motor.Grupo("B", "B", Decimal("5"), frozenset(), quilombola=True)
    for grupos, primeiro in (((a, b), "A"), ((b, a), "B")):
        regras = motor.Regras(slug="t", grupos=grupos, minimo_vagas=1, uma_reserva_so=True)
        assert regras.reserva_de("parda", True).codigo == primeiro


def test_regras_congeladas_antes_da_reserva_unica_continuam_validas(lei_15142):
    """Um edital publicado antes do campo guardou as regras sem a chave: elas se leem como antes (sem a regra)."""
    dados = motor.regras_para_dict(lei_15142.regras())
    assert dados["uma_reserva_so"] is True
    antigo = {k: v for k, v in dados.items() if k not in ("uma_reserva_so", "artigo_uma_reserva")}
    regras = motor.regras_de_dict(antigo)
    assert regras.uma_reserva_so is False and regras.artigo_uma_reserva == ""
    assert motor.regras_de_dict(dados) == lei_15142.regras()


# --- a lei certa pela data do edital (Lei 15.142/2025, art. 11) ---------------------------------------------------

def test_edital_federal_na_vespera_da_lei_15142_segue_a_12990_art_11(leis_de_origem):
    """Lei 15.142/2025, art. 11: os editais publicados antes de 04/06/2025 seguem a Lei 12.990/2014."""
    resultado = federal(date(2025, 6, 3))
    assert resultado.lei.slug == LEI_12990
    assert resultado.motivo.startswith("Órgão federal: vale a lei federal.")
    assert "até 03/06/2025 inclusive (Lei 15.142/2025, arts. 11 e 13" in resultado.motivo
    quinze = next(a for a in resultado.avaliacoes if a.lei.slug == LEI_15142)
    assert not quinze.aplica and "anterior à publicação da lei em 04/06/2025" in quinze.motivo
    assert "(art. 11)" in quinze.motivo


def test_edital_federal_desde_04_06_2025_segue_a_15142_art_14(leis_de_origem):
    """Lei 15.142/2025, art. 14: vigora desde a publicação (DOU de 04/06/2025); a 12.990 deixou de vigorar."""
    resultado = federal(date(2025, 6, 4))
    assert resultado.lei.slug == LEI_15142
    assert "em vigor desde 04/06/2025 (art. 14), por prazo indeterminado" in resultado.motivo
    doze = next(a for a in resultado.avaliacoes if a.lei.slug == LEI_12990)
    assert not doze.aplica and "deixou de vigorar por ato posterior" in doze.motivo
    assert federal(date(2030, 1, 1)).lei.slug == LEI_15142


def test_depois_dos_10_anos_da_12990_ela_continua_ate_a_lei_nova_adi_7654(leis_de_origem):
    """Lei 12.990/2014, art. 6º: 10 anos desde 10/06/2014; o STF (ADI 7.654) a manteve até a lei nova — um edital de
    janeiro de 2025 ainda segue a 12.990."""
    assert federal(date(2024, 6, 9)).lei.slug == LEI_12990
    assert federal(date(2024, 6, 10)).lei.slug == LEI_12990
    assert federal(date(2025, 1, 15)).lei.slug == LEI_12990


def test_edital_federal_antes_da_12990_nao_tem_reserva(leis_de_origem):
    """Lei 12.990/2014: vigora desde a publicação (10/06/2014); não alcança editais anteriores."""
    assert federal(date(2014, 6, 10)).lei.slug == LEI_12990
    resultado = federal(date(2014, 6, 9))
    assert resultado.lei is None
    assert "Nenhuma lei cadastrada se aplica a esse edital" in resultado.motivo


def test_a_lei_federal_vale_so_para_orgao_federal(leis_de_origem):
    """A lei federal alcança só a administração pública federal (Lei 15.142/2025, art. 1º): o órgão municipal de um
    município sem lei fica sem lei; o órgão federal sediado em Vargem Alta segue a lei federal, não a municipal."""
    sem_lei = lei_aplicavel(municipio=municipio("Vitória"), data_edital=date(2025, 7, 1))
    assert sem_lei.lei is None and sem_lei.motivo == "Não há lei de reserva de vagas cadastrada para Vitória/ES."
    assert sem_lei.avaliacoes == []
    municipal = lei_aplicavel(municipio=municipio("Vargem Alta"), data_edital=date(2025, 7, 1))
    assert municipal.lei.slug == "vargem-alta-es-2023"
    uniao = lei_aplicavel(municipio=municipio("Vargem Alta"), data_edital=date(2025, 7, 1), esfera=Esfera.FEDERAL)
    assert uniao.lei.slug == LEI_15142 and uniao.onde == "órgão federal"


def test_orgao_estadual_procura_a_lei_da_uf(leis_de_origem):
    resultado = lei_aplicavel(municipio=municipio("Vitória"), data_edital=date(2025, 7, 1), esfera=Esfera.ESTADUAL)
    assert resultado.lei is None
    assert resultado.motivo == "Não há lei estadual de reserva de vagas cadastrada para ES."


# --- o cadastro ---------------------------------------------------------------------------------------------------

def test_a_revogacao_se_registra_numa_lei_congelada_so_enquanto_em_branco(lei_15142):
    """Um edital publicado congela a lei; a revogação que vem depois ainda se registra (vale para editais futuros),
    uma vez: depois de preenchida, muda só por nova versão."""
    Lei.objects.filter(pk=lei_15142.pk).update(congelada=True)
    lei = Lei.objects.get(pk=lei_15142.pk)
    lei.encerrada_em, lei.artigo_encerramento = date(2035, 6, 4), "Lei de teste, art. 1º"
    lei.full_clean()
    lei.save()
    lei.encerrada_em = date(2036, 1, 1)
    with pytest.raises(ValidationError, match="vigência encerrada por ato posterior em"):
        lei.full_clean()


def test_o_encerramento_vem_depois_da_publicacao(lei_12990):
    lei_12990.encerrada_em = date(2014, 6, 10)
    with pytest.raises(ValidationError, match="posterior à publicação"):
        lei_12990.full_clean()


def test_codigo_reservado_e_grupo_sem_elegiveis_sao_recusados(lei_15142):
    with pytest.raises(ValidationError) as erro:
        GrupoReserva(lei=lei_15142, codigo="AC", nome="x", percentual=Decimal("1")).full_clean()
    assert "reservado" in str(erro.value) and "Marque ao menos um grupo" in str(erro.value)

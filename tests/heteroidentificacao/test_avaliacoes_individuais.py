"""A deliberação por avaliações individuais, onde a lei a pede (Lei 15.142/2025, art. 3º, com a IN Conjunta
MGI/MIR/MPI nº 261/2025: 5 titulares e 5 suplentes com diversidade de gênero e de cor, cada membro com a sua avaliação
registrada), e a votação secreta onde a lei a pede (Afonso Cláudio, Lei 2.552/2023, art. 11, § 2º), sem brecha de
uma para a outra (decisão 0017)."""

from __future__ import annotations

from datetime import date, time

import pytest
from django.urls import reverse
from django.utils import timezone

from concursos.models import Heteroidentificacao, Inscricao, RegraDecisao
from concursos.services.certame import certame_publicar
from heteroidentificacao import services
from heteroidentificacao.documentos import contexto_ata_recursos, contexto_ata_sessao
from heteroidentificacao.models import (
    AvaliacaoIndividual,
    Cedula,
    EstadoAvaliacao,
    FormaVotacao,
    Instancia,
    Papel,
    Participacao,
    Resultado,
    Sessao,
)
from heteroidentificacao.selectors import conferencia_da_comissao, cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from heteroidentificacao.services.deliberacao import assinatura_confere
from legislacao.models import Lei
from nucleo.models import Esfera, Orgao
from tests.concursos.conftest import prazos_do_edital
from tests.conftest import municipio
from tests.heteroidentificacao.procedimento import PARECER_CONFIRMA, PARECER_NAO_CONFIRMA, dispensar_os_demais

pytestmark = pytest.mark.django_db

EDITAL = date(2025, 7, 1)
DIA = date(2025, 9, 10)
FUNDAMENTO_FAVORAVEL = ("Pele parda, cabelo crespo e nariz largo: o conjunto fenotípico corresponde à "
                        "autodeclaração de pessoa parda.")
FUNDAMENTO_DESFAVORAVEL = PARECER_NAO_CONFIRMA

# IN 261/2025: 5 titulares e 5 suplentes, com diversidade de gênero e de cor.
FEDERAIS = [
    ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
    ("Bruno Titular", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Carla Titular", "branca", "feminino", True, False, False, Papel.TITULAR),
    ("Davi Titular", "parda", "masculino", True, False, False, Papel.TITULAR),
    ("Elza Titular", "indigena", "feminino", True, False, False, Papel.TITULAR),
    *[(f"{nome} Suplente", cor, genero, True, False, False, Papel.SUPLENTE)
      for nome, cor, genero in (("Ulisses", "preta", "masculino"), ("Dalva", "parda", "feminino"),
                                ("Tomás", "branca", "masculino"), ("Quitéria", "parda", "feminino"),
                                ("Cícero", "amarela", "masculino"))],
]
RECURSAIS = [(f"{nome.split()[0]} Recursal", *resto) for nome, *resto in FEDERAIS]


@pytest.fixture
def certame_federal(leis_de_origem, inscrever, admin_user, relogio):
    """Edital de 01/07/2025 de uma universidade federal: a Lei 15.142/2025 congelada na publicação."""
    from concursos.models import Cargo, Certame

    relogio.ir(EDITAL)
    orgao = Orgao.objects.create(nome="Universidade Federal do Espírito Santo", sigla="UFES", esfera=Esfera.FEDERAL,
                                 tipo="autarquia", municipio=municipio("Vitória"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="10/2025", titulo="Concurso", data_edital=EDITAL,
                                     regra_decisao=RegraDecisao.MAIORIA, **prazos_do_edital(EDITAL))
    cargo = Cargo.objects.create(certame=certame, codigo="PROF", nome="Professor", vagas=10)
    inscrever(cargo, [("001", "branca"), ("002", "parda", True), ("003", "preta", True), ("004", "parda", True)])
    return certame


def _publicar(certame, admin_user, regra=RegraDecisao.MAIORIA, item=""):
    certame.regra_decisao, certame.item_regra_decisao = regra, item
    certame.save()
    return certame_publicar(certame=certame, usuario=admin_user)


@pytest.fixture
def comissao_federal(certame_federal, fazer_comissao, admin_user):
    return fazer_comissao(_publicar(certame_federal, admin_user), membros=FEDERAIS)


def _titulares(comissao):
    return list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))


def _sessao_aberta(comissao, admin_user, relogio, *, convocar=1, dia=DIA, sessao=None):
    relogio.ir(dia)
    if sessao is None:
        sessao = Sessao.objects.create(comissao=comissao, numero=1, data=dia, inicio=time(9, 0), local="Auditório")
    if comissao.instancia == Instancia.PRIMEIRA:
        services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:convocar],
                                 usuario=admin_user)
    presidente = comissao.membros.get(presidente=True)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)
    return sessao, presidente


def _abrir(avaliacao, presidente, forma=FormaVotacao.INDIVIDUAL):
    if not avaliacao.em_recurso:
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    return services.votacao_abrir(avaliacao=avaliacao, forma=forma, candidato_saiu=True, usuario=presidente.usuario)


def _avaliar(avaliacao, membros, defere):
    for membro, sim in zip(membros, defere, strict=True):
        services.avaliacao_individual_registrar(
            avaliacao=avaliacao, usuario=membro.usuario, defere=sim, caracteristicas=["pele", "cabelo"],
            fundamentacao=FUNDAMENTO_FAVORAVEL if sim else FUNDAMENTO_DESFAVORAVEL)


def _deliberar(avaliacao, presidente, membros, defere):
    avaliacao = _abrir(avaliacao, presidente)
    _avaliar(avaliacao, membros, defere)
    avaliacao = services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    parecer = PARECER_CONFIRMA if avaliacao.resultado == Resultado.CONFIRMADO else PARECER_NAO_CONFIRMA
    return services.parecer_registrar(avaliacao=avaliacao, parecer=parecer, caracteristicas=["pele", "cabelo"],
                                      usuario=presidente.usuario)


def test_as_leis_dizem_como_a_comissao_delibera():
    """Migração 0013: Afonso Cláudio vota em segredo (art. 11, § 2º); a Lei 15.142/2025 pede avaliações individuais e
    a comissão de 5 titulares e 5 suplentes com diversidade (art. 3º, II; IN 261/2025); a ausência não elimina."""
    afonso = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    assert (afonso.forma_deliberacao, afonso.votacao_secreta, afonso.artigo_forma_deliberacao) == (
        "votacao", True, "art. 11, § 2º")
    assert set(Lei.objects.filter(esfera="municipal").values_list("forma_deliberacao", flat=True)) == {"votacao"}
    federal = Lei.objects.get(slug="federal-lei-15142-2025")
    assert federal.forma_deliberacao == "individual" and "261/2025" in federal.artigo_forma_deliberacao
    assert (federal.comissao_minimo_membros, federal.comissao_minimo_suplentes) == (5, 5)
    assert federal.comissao_diversidade_genero and federal.comissao_diversidade_cor
    assert federal.artigo_comissao_diversidade.startswith("art. 3º, II")
    assert federal.ausencia == "ampla" and federal.nao_confirmacao == "ampla"


def test_lei_de_votos_secretos_nao_admite_avaliacoes_individuais():
    """Afonso Cláudio art. 11, § 2º: os votos são sempre secretos; a avaliação nominal não cabe nessa lei."""
    from django.core.exceptions import ValidationError

    afonso = Lei.objects.get(slug="afonso-claudio-es-lei-2552-2023")
    afonso.forma_deliberacao = "individual"
    with pytest.raises(ValidationError, match="votos secretos"):
        afonso.clean()


def test_composicao_federal_exige_cinco_suplentes_e_diversidade(certame_federal, fazer_comissao, admin_user):
    """IN 261/2025 e Lei 15.142/2025, art. 3º, II: com quatro suplentes e titulares todos do mesmo gênero, a comissão
    não atende à lei, e as falhas citam os dispositivos da lei congelada."""
    certame = _publicar(certame_federal, admin_user)
    so_mulheres = [(n, c, "feminino", e, car, p, papel) for n, c, _, e, car, p, papel in FEDERAIS[:9]]
    falhas = [str(f) for f in conferencia_da_comissao(fazer_comissao(certame, membros=so_mulheres)).falhas]
    assert any("4 suplentes; a lei exige ao menos 5" in f and "261/2025" in f for f in falhas)
    assert any("diversidade de gênero" in f and "art. 3º, II" in f for f in falhas)


def test_composicao_federal_regular(comissao_federal):
    assert conferencia_da_comissao(comissao_federal).regular


def test_cada_membro_avalia_e_a_maioria_decide_com_a_ata_nominal(comissao_federal, admin_user, relogio):
    """IN 261/2025: cada membro registra a sua avaliação; 3 a 2 pela maioria (regra do edital) não confirma, e o
    candidato segue na ampla (Lei 15.142/2025, art. 3º, § 2º). A ata transcreve cada avaliação com o nome e cita a
    lei congelada; nada passa pelas cédulas do voto secreto."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    dispensar_os_demais(comissao_federal, admin_user)
    titulares = _titulares(comissao_federal)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    with pytest.raises(ErroOperacao, match="não há cédula"):
        services.voto_registrar(avaliacao=avaliacao, usuario=titulares[0].usuario, confirma=True)
    _avaliar(avaliacao, titulares[:4], [True, True, False, False])
    with pytest.raises(ErroOperacao, match="Falta 1 avaliação"):
        services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="já registrou"):
        _avaliar(avaliacao, titulares[:1], [True])
    _avaliar(avaliacao, titulares[4:], [False])
    assert not Participacao.objects.exists() and not Cedula.objects.exists()
    with pytest.raises(ErroOperacao, match="presidente"):
        services.deliberacao_encerrar(avaliacao=avaliacao, usuario=titulares[1].usuario)
    avaliacao = services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    assert avaliacao.resultado == Resultado.NAO_CONFIRMADO
    assert avaliacao.votos_abertos_texto == "5 avaliações (2 favoráveis a 3 desfavoráveis)"
    services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_NAO_CONFIRMA, caracteristicas=["pele"],
                               usuario=presidente.usuario)
    assert Inscricao.objects.get(pk=avaliacao.inscricao_id).heteroidentificacao == Heteroidentificacao.NAO_CONFIRMADO
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)

    contexto = contexto_ata_sessao(sessao)
    [linha] = contexto["avaliacoes"]
    assert linha.individual and [m.nome for m in linha.individuais] == [m.nome for m in titulares]
    assert [m.defere for m in linha.individuais] == [True, True, False, False, False]
    assert all(m.assinatura_confere for m in linha.individuais)
    assert any("261/2025" in r.artigo and "com o seu nome" in r.texto for r in contexto["base_legal"])
    from django.template.loader import render_to_string

    html = render_to_string("heteroidentificacao/pdf/ata.html", contexto)
    assert "Carla Titular, às" in html and "indefere" in html and "maioria dos membros" in html
    assert "Votos abertos até a formação da decisão" not in html


def test_assinatura_nao_confere_se_o_registro_muda_no_banco(comissao_federal, admin_user, relogio):
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, _titulares(comissao_federal)[:1], [False])
    individual = AvaliacaoIndividual.objects.get()
    assert assinatura_confere(individual)
    AvaliacaoIndividual.objects.filter(pk=individual.pk).update(defere=True)
    assert not assinatura_confere(AvaliacaoIndividual.objects.get())


def test_a_forma_e_a_da_lei_congelada(comissao_federal, comissao, admin_user, relogio, presidente):
    """A lei federal manda avaliar individualmente (IN 261/2025): nada de cédulas; a de Afonso Cláudio manda votar em
    segredo (art. 11, § 2º): nada de avaliações nominais."""
    sessao, presidente_federal = _sessao_aberta(comissao_federal, admin_user, relogio)
    with pytest.raises(ErroOperacao, match=r"registrar a sua avaliação.*261/2025"):
        _abrir(sessao.avaliacoes.get(), presidente_federal, forma=FormaVotacao.ELETRONICA)

    relogio.ir(date(2024, 4, 10))
    afonso = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=time(9, 0), local="A")
    services.sessao_convocar(sessao=afonso, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    services.sessao_abrir(sessao=afonso, presentes=list(comissao.membros.filter(papel="titular")),
                          usuario=presidente.usuario)
    avaliacao = afonso.avaliacoes.get()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match=r"votos são secretos \(art\. 11, § 2º\)"):
        services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.INDIVIDUAL, candidato_saiu=True,
                               usuario=presidente.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.ELETRONICA, candidato_saiu=True,
                                       usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="Não há avaliação individual aberta"):
        services.avaliacao_individual_registrar(avaliacao=avaliacao, usuario=presidente.usuario, defere=True,
                                                caracteristicas=["pele"], fundamentacao=FUNDAMENTO_FAVORAVEL)
    assert not AvaliacaoIndividual.objects.exists()


def test_avaliacao_sem_tracos_ou_fundamentacao_e_recusada(comissao_federal, admin_user, relogio):
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    membro = _titulares(comissao_federal)[0]
    with pytest.raises(ErroOperacao, match="traços fenotípicos"):
        services.avaliacao_individual_registrar(avaliacao=avaliacao, usuario=membro.usuario, defere=False,
                                                caracteristicas=[], fundamentacao=FUNDAMENTO_DESFAVORAVEL)
    with pytest.raises(ErroOperacao, match="ao menos 60 caracteres"):
        services.avaliacao_individual_registrar(avaliacao=avaliacao, usuario=membro.usuario, defere=False,
                                                caracteristicas=["pele"], fundamentacao="Não é pardo.")


def test_suplente_fora_da_sessao_nao_avalia(comissao_federal, admin_user, relogio):
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    suplente = comissao_federal.membros.filter(papel=Papel.SUPLENTE).first()
    with pytest.raises(ErroOperacao, match="Só avaliam os membros presentes"):
        _avaliar(avaliacao, [suplente], [True])


def test_unanimidade_para_indeferir_o_edital_escolhe_e_a_publicacao_congela(certame_federal, fazer_comissao,
                                                                            admin_user, relogio):
    """Regra do edital dentro da lei: com unanimidade para indeferir, 4 a 1 contra confirma a autodeclaração."""
    certame = _publicar(certame_federal, admin_user, RegraDecisao.UNANIMIDADE_PARA_INDEFERIR, "item 6.3 do edital")
    comissao = fazer_comissao(certame, membros=FEDERAIS)
    sessao, presidente = _sessao_aberta(comissao, admin_user, relogio, convocar=2)
    titulares = _titulares(comissao)
    primeira, segunda = sessao.avaliacoes.order_by("pk")
    assert _deliberar(primeira, presidente, titulares, [True, False, False, False, False]).resultado == "confirmado"
    assert _deliberar(segunda, presidente, titulares, [False] * 5).resultado == "nao_confirmado"


def test_regra_do_edital_fora_da_lei_nao_se_publica(fazer_certame, inscrever, admin_user, leis_de_origem,
                                                    afonso_claudio_publicada):
    """Afonso Cláudio manda votar em segredo (art. 11, § 2º): o edital não escolhe a unanimidade das avaliações."""
    certame = fazer_certame(municipio="Afonso Cláudio", uf="ES", data_edital=date(2024, 3, 1))
    certame.regra_decisao = RegraDecisao.UNANIMIDADE_PARA_INDEFERIR
    certame.save()
    with pytest.raises(ErroOperacao, match=r"manda a comissão votar \(art\. 11, § 2º\)"):
        certame_publicar(certame=certame, usuario=admin_user)


def test_duas_instancias_a_autodeclaracao_prevalece_com_duas_decisoes_nao_unanimes(
        certame_federal, fazer_comissao, admin_user, relogio):
    """Edital do TCU de 2025, item 5.2.6.15: 3 a 2 contra na comissão e 3 a 2 contra na recursal — a autodeclaração
    prevalece; 5 a 0 contra na comissão e 3 a 2 na recursal — não confirmada."""
    certame = _publicar(certame_federal, admin_user, RegraDecisao.DUAS_INSTANCIAS, "item 5.2.6.15 do edital")
    comissao = fazer_comissao(certame, membros=FEDERAIS)
    recursal = fazer_comissao(certame, instancia=Instancia.RECURSAL, membros=RECURSAIS)
    sessao, presidente = _sessao_aberta(comissao, admin_user, relogio, convocar=2)
    titulares = _titulares(comissao)
    primeira, segunda = sessao.avaliacoes.order_by("pk")
    assert _deliberar(primeira, presidente, titulares, [True, True, False, False, False]).resultado == "nao_confirmado"
    assert _deliberar(segunda, presidente, titulares, [False] * 5).resultado == "nao_confirmado"
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    dispensar_os_demais(comissao, admin_user)
    relogio.ir(date(2025, 9, 15))
    services.resultado_provisorio_publicar(comissao=comissao, data=date(2025, 9, 15), usuario=admin_user)
    relogio.ir(date(2025, 9, 16))
    recursos = [services.recurso_protocolar(avaliacao=a, protocolado_em=date(2025, 9, 16),
                                            fundamentos="Sou pardo, conforme as fotos.", usuario=admin_user)
                for a in (primeira, segunda)]
    sessao_recursal = Sessao.objects.create(comissao=recursal, numero=1, data=date(2025, 9, 20), inicio=time(9, 0),
                                            local="Sala")
    julgamentos = [services.recurso_pautar(recurso=r, sessao=sessao_recursal, horario=time(9, n), usuario=admin_user)
                   for n, r in enumerate(recursos)]
    _, presidente_recursal = _sessao_aberta(recursal, admin_user, relogio, dia=date(2025, 9, 20),
                                            sessao=sessao_recursal)
    recursais = _titulares(recursal)
    contra_3_a_2 = [True, True, False, False, False]
    prevaleceu = _deliberar(julgamentos[0], presidente_recursal, recursais, contra_3_a_2)
    mantida = _deliberar(julgamentos[1], presidente_recursal, recursais, contra_3_a_2)
    assert (prevaleceu.resultado, prevaleceu.prevaleceu_autodeclaracao) == (Resultado.CONFIRMADO, True)
    assert (mantida.resultado, mantida.prevaleceu_autodeclaracao) == (Resultado.NAO_CONFIRMADO, False)
    services.sessao_encerrar(sessao=sessao_recursal, usuario=presidente_recursal.usuario)
    linhas = {linha.numero: linha for linha in contexto_ata_recursos(sessao_recursal)["julgamentos"]}
    assert linhas[prevaleceu.inscricao.numero].prevaleceu and not linhas[mantida.inscricao.numero].prevaleceu


def test_membro_avalia_pela_area_da_comissao_e_ve_a_propria_avaliacao(comissao_federal, admin_user, relogio):
    from django.test import Client

    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    do_presidente = Client()
    do_presidente.force_login(presidente.usuario)
    avaliacao = services.avaliacao_registrar_presenca(avaliacao=sessao.avaliacoes.get(), compareceu=True,
                                                      usuario=presidente.usuario)
    pagina = do_presidente.get(reverse("comissao:sessao", args=[sessao.pk])).content.decode()
    assert "Abrir as avaliações individuais" in pagina and "Cédulas em papel" not in pagina
    do_presidente.post(reverse("comissao:abrir_votacao", args=[avaliacao.pk]),
                       {"candidato_saiu": "on", "forma": FormaVotacao.INDIVIDUAL})
    avaliacao.refresh_from_db()
    pagina = do_presidente.get(reverse("comissao:sessao", args=[sessao.pk])).content.decode()
    assert "Encerrar as avaliações" in pagina and "0 de 5 membros presentes já registraram" in pagina
    membro = _titulares(comissao_federal)[1]
    cliente = Client()
    cliente.force_login(membro.usuario)
    pagina = cliente.get(reverse("comissao:votacao", args=[sessao.pk]))
    assert "Registrar e assinar a minha avaliação" in pagina.content.decode()
    resposta = cliente.post(reverse("comissao:avaliar", args=[avaliacao.pk]), {
        "defere": "sim", "caracteristicas": ["pele", "cabelo"], "fundamentacao": FUNDAMENTO_FAVORAVEL})
    assert resposta.status_code == 302
    pagina = cliente.get(reverse("comissao:votacao", args=[sessao.pk])).content.decode()
    assert "Avaliação registrada às" in pagina and "defiro a autodeclaração" in pagina
    assert AvaliacaoIndividual.objects.get().membro == membro
    assert avaliacao.estado == EstadoAvaliacao.VOTACAO


def test_a_ficha_da_avaliacao_no_admin_mostra_cada_avaliacao(comissao_federal, admin_user, admin_client, relogio):
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _deliberar(sessao.avaliacoes.get(), presidente, _titulares(comissao_federal), [True] * 4 + [False])
    html = admin_client.get(reverse("admin:heteroidentificacao_avaliacao_change", args=[avaliacao.pk])).content
    html = html.decode()
    assert "avaliações individuais dos membros" in html.lower()
    assert "Elza Titular: indefere" in html and "assinatura não confere" not in html


def test_a_regra_de_decisao_so_muda_por_retificacao_e_antes_da_primeira_decisao(comissao_federal, admin_user,
                                                                               relogio):
    """Congelada na publicação como as outras regras do edital: muda por retificação, e só até a comissão decidir."""
    from concursos.services.retificacao_do_edital import certame_retificar

    def retificar(regra):
        return certame_retificar(certame=comissao_federal.certame, dados_certame={"regra_decisao": regra},
                                 dados_cargos={}, data=timezone.localdate(), usuario=admin_user,
                                 publicacao="Edital de retificação nº 1/2025", motivo="Erro material.")

    ato = retificar(RegraDecisao.UNANIMIDADE_PARA_INDEFERIR)
    assert ato.alteracoes[0]["depois"] == RegraDecisao.UNANIMIDADE_PARA_INDEFERIR.label
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    _deliberar(sessao.avaliacoes.get(), presidente, _titulares(comissao_federal), [False] * 5)
    with pytest.raises(ErroOperacao, match="já decidiu"):
        retificar(RegraDecisao.MAIORIA)


def test_o_relatorio_do_titular_traz_as_avaliacoes_individuais(comissao_federal, admin_user, relogio):
    """LGPD art. 18: o candidato vê as avaliações que a ata transcreve (a lei federal não põe os nomes em sigilo)."""
    from heteroidentificacao.titular import secoes

    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _deliberar(sessao.avaliacoes.get(), presidente, _titulares(comissao_federal), [True] * 5)
    secao = next(s for s in secoes(avaliacao.inscricao.candidato.cpf, None)
                 if s.titulo == "Avaliações individuais dos membros")
    assert len(secao.linhas) == 5 and {linha[2] for linha in secao.linhas} == {m.nome for m in
                                                                                _titulares(comissao_federal)}

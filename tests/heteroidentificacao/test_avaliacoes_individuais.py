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


def test_tracos_trocados_no_banco_nao_conferem(comissao_federal, admin_user, relogio):
    """Os traços não estão no texto assinado, mas o resumo deles está: trocá-los no banco desfaz a assinatura."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, _titulares(comissao_federal)[:1], [False])
    AvaliacaoIndividual.objects.update(caracteristicas=["nariz"])
    assert not assinatura_confere(AvaliacaoIndividual.objects.get())


def test_no_fim_da_guarda_os_tracos_saem_e_a_assinatura_continua_a_conferir(comissao_federal, admin_user, relogio):
    """LGPD art. 16 e art. 5º, II: os traços fenotípicos de cada membro saem com os da avaliação; a decisão e a
    fundamentação ficam (são o ato da comissão), a assinatura e o selo continuam a conferir, e a ata diz que os traços
    foram apagados."""
    from heteroidentificacao.retencao import anonimizar_avaliacoes
    from heteroidentificacao.services.deliberacao import deliberacao_confere

    _, avaliacao = _deliberada(comissao_federal, admin_user, relogio)
    anonimizar_avaliacoes([comissao_federal.certame_id])
    individuais = list(AvaliacaoIndividual.objects.filter(avaliacao=avaliacao))
    assert individuais and all(i.caracteristicas == [] and i.caracteristicas_apagadas_em for i in individuais)
    assert all(assinatura_confere(i) for i in individuais)
    assert deliberacao_confere(avaliacao.__class__.objects.get(pk=avaliacao.pk))
    linha = next(linha for linha in contexto_ata_sessao(avaliacao.sessao)["avaliacoes"] if linha.individual)
    assert all(m.tracos_apagados and not m.tracos and m.assinatura_confere for m in linha.individuais)


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
    with pytest.raises(ErroOperacao, match="já abriu a deliberação"):
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


def test_o_relatorio_do_titular_nao_antecipa_as_avaliacoes_da_deliberacao_aberta(comissao_federal, admin_user,
                                                                                  relogio):
    """Decisão 0017: enquanto a deliberação corre, ninguém vê as avaliações já registradas — nem pelo relatório do
    titular (LGPD art. 18), que as traz depois do encerramento."""
    from heteroidentificacao.titular import secoes

    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, _titulares(comissao_federal)[:2], [False, False])
    secao = next(s for s in secoes(avaliacao.inscricao.candidato.cpf, None)
                 if s.titulo == "Avaliações individuais dos membros")
    assert secao.linhas == ()


# ---- o revisor atacante (decisão 0017, «Ataques e defesas») ----


def _retificar(certame, admin_user, **dados):
    from concursos.services.retificacao_do_edital import certame_retificar

    return certame_retificar(certame=certame, dados_certame=dados, dados_cargos={}, data=timezone.localdate(),
                             usuario=admin_user, publicacao="Edital de retificação nº 1/2025", motivo="Erro material.")


def _ata(sessao):
    from django.template.loader import render_to_string

    contexto = contexto_ata_sessao(sessao)
    return contexto["avaliacoes"][0], render_to_string("heteroidentificacao/pdf/ata.html", contexto)


def test_a_regra_de_decisao_e_a_da_abertura_e_a_retificacao_para_desde_entao(comissao_federal, admin_user,
                                                                           relogio):
    """A comissão abre a deliberação pela maioria (regra do edital): a retificação para a unanimidade, no meio das
    avaliações, é recusada; e mesmo a regra mudada no certame por fora não alcança a deliberação aberta, que apura
    pela regra gravada na abertura — 2 a 3 não confirma pela maioria, e a ata cita a maioria."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    dispensar_os_demais(comissao_federal, admin_user)
    certame = comissao_federal.certame
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    assert avaliacao.regra_decisao == RegraDecisao.MAIORIA
    certame.refresh_from_db()
    assert certame.deliberacao_aberta_em == avaliacao.candidato_saiu_em
    with pytest.raises(ErroOperacao, match="já abriu a deliberação de algum candidato"):
        _retificar(certame, admin_user, regra_decisao=RegraDecisao.UNANIMIDADE_PARA_INDEFERIR)
    type(certame).objects.filter(pk=certame.pk).update(regra_decisao=RegraDecisao.UNANIMIDADE_PARA_INDEFERIR)
    _avaliar(avaliacao, _titulares(comissao_federal), [True, True, False, False, False])
    avaliacao = services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    assert avaliacao.resultado == Resultado.NAO_CONFIRMADO
    services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_NAO_CONFIRMA, caracteristicas=["pele"],
                               usuario=presidente.usuario)
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    linha, html = _ata(sessao)
    assert linha.regra == RegraDecisao.MAIORIA.label and linha.deliberacao_confere
    assert "regra do edital — maioria dos membros" in html and "NÃO CONFERE" not in html


def test_anulada_a_deliberacao_a_retificacao_continua_recusada(comissao_federal, admin_user, relogio):
    """A anulação não reabre a retificação: a comissão já se reuniu sob a regra publicada."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    services.votacao_anular(avaliacao=avaliacao, motivo="Queda de energia.", usuario=presidente.usuario)
    with pytest.raises(ErroOperacao, match="já abriu a deliberação"):
        _retificar(comissao_federal.certame, admin_user, regra_decisao=RegraDecisao.DUAS_INSTANCIAS)


def test_aberta_a_votacao_secreta_a_nao_confirmacao_nao_muda(comissao, presidente, admin_user, relogio):
    """Afonso Cláudio, art. 9º, § 10 (o edital escolhe): aberta a primeira votação, ainda sem decisão, a retificação da
    consequência da não confirmação é recusada; o item, que só a cita, ainda se corrige."""
    from concursos import nao_confirmacao

    certame = comissao.certame
    relogio.ir(date(2024, 4, 10))
    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=time(9, 0), local="A")
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1], usuario=admin_user)
    services.sessao_abrir(sessao=sessao, presentes=list(comissao.membros.filter(papel="titular")),
                          usuario=presidente.usuario)
    avaliacao = sessao.avaliacoes.get()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    assert not nao_confirmacao.comissao_ja_deliberou(certame)
    services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.ELETRONICA, candidato_saiu=True,
                           usuario=presidente.usuario)
    certame.refresh_from_db()
    assert nao_confirmacao.comissao_ja_deliberou(certame)
    assert not Inscricao.objects.filter(certame=certame, heteroidentificacao__in=nao_confirmacao.DECIDIDAS).exists()
    with pytest.raises(ErroOperacao, match="já abriu a deliberação de candidatos deste certame"):
        _retificar(certame, admin_user, nao_confirmacao="eliminacao", item_nao_confirmacao="item 7.12")
    _retificar(certame, admin_user, item_nao_confirmacao="item 7.13")


def test_a_ficha_so_mostra_as_avaliacoes_depois_do_encerramento(comissao_federal, admin_user, admin_client,
                                                               relogio):
    """Durante a deliberação, o RH não lê as avaliações já registradas (e não as repassa a quem ainda avalia)."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    titulares = _titulares(comissao_federal)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, titulares[:2], [False, False])
    url = reverse("admin:heteroidentificacao_avaliacao_change", args=[avaliacao.pk])
    html = admin_client.get(url).content.decode()
    assert "2 avaliações registradas de 5" in html
    assert FUNDAMENTO_DESFAVORAVEL not in html and "indefere" not in html
    _avaliar(avaliacao, titulares[2:], [True, True, True])
    services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    html = admin_client.get(url).content.decode()
    assert "Ana Presidenta: indefere" in html and "não confere" not in html


def test_a_ata_da_deliberacao_anulada_conta_as_avaliacoes_descartadas(comissao_federal, admin_user, relogio):
    """Decisão 0017, § 5: anulada pelo presidente ou pela saída de um membro, a ata diz quantas avaliações foram
    descartadas — não há cédula a destruir."""
    from heteroidentificacao.models import OcorrenciaSessao, TipoOcorrencia

    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    titulares = _titulares(comissao_federal)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, titulares[:2], [True, False])
    services.votacao_anular(avaliacao=avaliacao, motivo="Queda de energia.", usuario=presidente.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.INDIVIDUAL, candidato_saiu=True,
                                       usuario=presidente.usuario)
    _avaliar(avaliacao, titulares[:1], [True])
    saindo = next(m for m in titulares[1:] if not m.presidente)
    assert services.membro_registrar_saida(sessao=sessao, membro=saindo, motivo="Mal-estar.",
                                           usuario=presidente.usuario) == [avaliacao]
    anulacoes = list(OcorrenciaSessao.objects.filter(sessao=sessao, tipo=TipoOcorrencia.VOTACAO_ANULADA)
                     .order_by("pk").values_list("descricao", flat=True))
    assert "2 avaliações individuais registradas foram descartadas." in anulacoes[0]
    assert "1 avaliação individual registrada foi descartada." in anulacoes[1]
    assert not any("cédulas" in texto for texto in anulacoes)


def _deliberada(comissao_federal, admin_user, relogio, defere=(True, True, False, False, False)):
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    dispensar_os_demais(comissao_federal, admin_user)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, _titulares(comissao_federal), list(defere))
    avaliacao = services.deliberacao_encerrar(avaliacao=avaliacao, usuario=presidente.usuario)
    services.parecer_registrar(avaliacao=avaliacao, parecer=PARECER_NAO_CONFIRMA, caracteristicas=["pele"],
                               usuario=presidente.usuario)
    services.sessao_encerrar(sessao=sessao, usuario=presidente.usuario)
    return sessao, avaliacao


def test_o_dba_apaga_uma_avaliacao_divergente_e_ajusta_o_placar(comissao_federal, admin_user, admin_client,
                                                                relogio):
    """2 a 3: o DBA apaga uma avaliação desfavorável e troca o placar e o resultado (cada linha que fica continua
    com a assinatura certa). O selo do encerramento não confere, e a ata e a ficha dizem."""
    from heteroidentificacao.models import Avaliacao
    from heteroidentificacao.services.deliberacao import deliberacao_confere

    sessao, avaliacao = _deliberada(comissao_federal, admin_user, relogio)
    assert deliberacao_confere(avaliacao)
    avaliacao.avaliacoes_individuais.filter(defere=False).order_by("pk").first().delete()
    Avaliacao.objects.filter(pk=avaliacao.pk).update(cedulas_abertas=4, abertas_nao_confirmam=2,
                                                     resultado=Resultado.CONFIRMADO)
    avaliacao = Avaliacao.objects.get(pk=avaliacao.pk)
    assert all(assinatura_confere(i) for i in avaliacao.avaliacoes_individuais.all())
    assert not deliberacao_confere(avaliacao)
    linha, html = _ata(sessao)
    assert not linha.deliberacao_confere and "NÃO CONFERE: o placar, o resultado" in html
    ficha = admin_client.get(reverse("admin:heteroidentificacao_avaliacao_change", args=[avaliacao.pk]))
    assert "A deliberação não confere com as avaliações assinadas" in ficha.content.decode()


@pytest.mark.parametrize("adulteracao", [
    {"resultado": Resultado.CONFIRMADO},
    {"abertas_confirmam": 3, "abertas_nao_confirmam": 2},
    {"cedulas_abertas": 4},
])
def test_o_placar_ou_o_resultado_alterados_no_banco_nao_conferem(comissao_federal, admin_user, relogio,
                                                                  adulteracao):
    from heteroidentificacao.models import Avaliacao
    from heteroidentificacao.services.deliberacao import deliberacao_confere

    _, avaliacao = _deliberada(comissao_federal, admin_user, relogio)
    Avaliacao.objects.filter(pk=avaliacao.pk).update(**adulteracao)
    assert not deliberacao_confere(Avaliacao.objects.get(pk=avaliacao.pk))


def test_a_avaliacao_de_antes_da_anulacao_nao_serve_na_reabertura(comissao_federal, admin_user, relogio):
    """O DBA guarda a avaliação desfavorável assinada, a deliberação é anulada e reaberta, e ele a devolve ao banco
    no lugar da nova: a assinatura cobre o momento da abertura, e não confere."""
    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    membro = _titulares(comissao_federal)[1]
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    _avaliar(avaliacao, [membro], [False])
    antiga = AvaliacaoIndividual.objects.get()
    services.votacao_anular(avaliacao=avaliacao, motivo="Queda de energia.", usuario=presidente.usuario)
    avaliacao = services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.INDIVIDUAL, candidato_saiu=True,
                                       usuario=presidente.usuario)
    AvaliacaoIndividual.objects.bulk_create([antiga])
    assert not assinatura_confere(AvaliacaoIndividual.objects.select_related("avaliacao", "membro").get())


def test_a_troca_da_chave_do_servidor_nao_desfaz_as_assinaturas(comissao_federal, admin_user, relogio, settings):
    """Com a chave nova em SECRET_KEY e a antiga em SECRET_KEY_FALLBACKS, o que foi assinado antes ainda confere;
    sem a antiga, não."""
    from heteroidentificacao.models import Avaliacao
    from heteroidentificacao.services.deliberacao import deliberacao_confere

    _, avaliacao = _deliberada(comissao_federal, admin_user, relogio)
    antiga = settings.SECRET_KEY
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = "chave-nova-" + "x" * 50, [antiga]
    avaliacao = Avaliacao.objects.get(pk=avaliacao.pk)
    assert deliberacao_confere(avaliacao)
    assert all(assinatura_confere(i) for i in avaliacao.avaliacoes_individuais.all())
    settings.SECRET_KEY_FALLBACKS = []
    assert not deliberacao_confere(avaliacao)


def test_nomes_em_sigilo_nao_admitem_avaliacoes_individuais():
    """Com os nomes dos membros em sigilo até o resultado (p. ex. Afonso Cláudio, art. 11, § 1º), cada membro não
    pode assinar uma avaliação que a ata mostra com o nome: a lei é recusada, mesmo sem votos secretos."""
    from django.core.exceptions import ValidationError

    federal = Lei.objects.get(slug="federal-lei-15142-2025")
    federal.sigilo_membros = True
    with pytest.raises(ValidationError, match="nomes dos membros em sigilo"):
        federal.clean()


def test_a_migracao_marca_as_deliberacoes_ja_abertas(comissao_federal, admin_user, relogio):
    """heteroidentificacao/0007: num banco de antes, o certame com deliberação aberta fica marcado (a retificação da
    regra para) e a avaliação individual guarda a regra do edital."""
    from importlib import import_module

    from django.apps import apps

    from concursos.models import Certame
    from heteroidentificacao.models import Avaliacao

    sessao, presidente = _sessao_aberta(comissao_federal, admin_user, relogio)
    avaliacao = _abrir(sessao.avaliacoes.get(), presidente)
    Certame.objects.update(deliberacao_aberta_em=None, regra_decisao=RegraDecisao.UNANIMIDADE_PARA_INDEFERIR)
    Avaliacao.objects.update(regra_decisao="")
    import_module("heteroidentificacao.migrations.0007_regra_e_selo_da_deliberacao").preencher(apps, None)
    assert Certame.objects.get().deliberacao_aberta_em == avaliacao.candidato_saiu_em
    assert Avaliacao.objects.get().regra_decisao == RegraDecisao.UNANIMIDADE_PARA_INDEFERIR

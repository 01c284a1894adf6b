"""PDFs da heteroidentificação (Afonso Cláudio, Lei 2.552/2023): a ata guarda o sigilo do voto e das entrevistas,
os resultados publicam só dados publicáveis, e todo documento é verificável em /verificar/."""

from __future__ import annotations

import re
from datetime import date, time

import pytest
from django.utils import timezone

from concursos.models import Candidato
from heteroidentificacao import services
from heteroidentificacao.documentos import (
    ata_recursos_emitir,
    ata_sessao_emitir,
    edital_convocacao_emitir,
    resultado_emitir,
    termo_confidencialidade_emitir,
)
from heteroidentificacao.models import Comissao, FormaVotacao, Sessao
from heteroidentificacao.selectors import cotistas_a_convocar
from heteroidentificacao.services import ErroOperacao
from tests.documentos.pdfs import so_espacos_simples, texto
from tests.heteroidentificacao.conftest import MEMBROS_REGULARES
from tests.heteroidentificacao.procedimento import PARECER_DUVIDA, SHA256, gravar

pytestmark = pytest.mark.django_db

NOTA_SIGILOSA = "Candidato relatou episódios de discriminação na escola"
PARECER_NAO = ("Pele clara, cabelo liso e traços faciais que, no conjunto, não correspondem ao fenótipo pardo "
               "autodeclarado.")


def _texto(documento) -> str:
    return so_espacos_simples(texto(documento.conteudo()))


def _formatado(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def _titulares(comissao):
    return list(comissao.membros.filter(papel="titular").order_by("nome"))


def _papel(avaliacao, presidente, votos):
    """Apuração em cédulas de papel, abertas na ordem dada (o placar não depende do sorteio)."""
    for confirma in votos:
        avaliacao = services.cedula_papel_abrir(avaliacao=avaliacao, confirma=confirma, usuario=presidente.usuario)
    return avaliacao


@pytest.fixture
def sessao_encerrada(sessao, comissao, presidente, admin_user):
    """1ª sessão: 002 confirmado por 3 a 0 (votos eletrônicos), 003 não confirmado por 2 a 1, 005 ausente."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente.usuario)
    conduz = presidente.usuario
    unanime, dividido, ausente = sessao.avaliacoes.order_by("horario")

    services.avaliacao_registrar_presenca(avaliacao=unanime, compareceu=True, usuario=conduz)
    gravar(unanime, presidente, referencia="Cartão SD 1, arquivo 002.mp4")
    services.avaliacao_anotar(avaliacao=unanime, notas=NOTA_SIGILOSA, usuario=conduz)
    services.votacao_abrir(avaliacao=unanime, candidato_saiu=True, usuario=conduz)
    for membro in _titulares(comissao):
        services.voto_registrar(avaliacao=unanime, usuario=membro.usuario, confirma=True)
    services.votacao_apurar(avaliacao=unanime, usuario=conduz)
    services.parecer_registrar(avaliacao=unanime, caracteristicas=["pele", "cabelo"], usuario=conduz,
                               parecer="Pele parda e cabelo crespo: fenótipo compatível com a autodeclaração.")

    services.avaliacao_registrar_presenca(avaliacao=dividido, compareceu=True, usuario=conduz)
    gravar(dividido, presidente, referencia="Cartão SD 1, arquivo 003.mp4")
    services.votacao_abrir(avaliacao=dividido, forma=FormaVotacao.PAPEL, candidato_saiu=True, usuario=conduz)
    _papel(dividido, presidente, [True, False, False])
    services.parecer_registrar(avaliacao=dividido, caracteristicas=["pele", "cabelo", "nariz"], usuario=conduz,
                               parecer=PARECER_NAO)

    services.avaliacao_registrar_presenca(avaliacao=ausente, compareceu=False, usuario=conduz)
    return services.sessao_encerrar(sessao=sessao, ocorrencias="Falta de energia das 10:00 às 10:10.",
                                    usuario=conduz)


@pytest.fixture
def provisorio(sessao_encerrada, comissao, admin_user, relogio):
    relogio.ir(date(2024, 4, 15))
    return services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 15), usuario=admin_user)


@pytest.fixture
def sessao_de_recursos(provisorio, comissao, presidente, admin_user, relogio):
    """O edital manda a própria comissão julgar os recursos; o da inscrição 003 é provido por 2 votos."""
    Comissao.objects.filter(pk=comissao.pk).update(recursos_pela_mesma=True)
    recorrida = sessao_encerrada_avaliacao(comissao, "003")
    relogio.ir(date(2024, 4, 16))
    recurso = services.recurso_protocolar(avaliacao=recorrida, protocolado_em=date(2024, 4, 16), usuario=admin_user,
                                          fundamentos="O candidato alega que a iluminação da sala prejudicou a "
                                                      "avaliação e junta fotografias.")
    relogio.ir(date(2024, 4, 22), time(14, 30))
    sessao = Sessao.objects.create(comissao=comissao, numero=2, data=date(2024, 4, 22), inicio=time(14, 0),
                                   local="Sala de reuniões da Secretaria de Administração")
    julgamento = services.recurso_pautar(recurso=recurso, sessao=sessao, horario=time(14, 0), usuario=admin_user)
    conduz = presidente.usuario
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=conduz)
    services.gravacao_examinar(avaliacao=julgamento, usuario=conduz)
    services.votacao_abrir(avaliacao=julgamento, forma=FormaVotacao.PAPEL, candidato_saiu=True, usuario=conduz)
    _papel(julgamento, presidente, [True, True])
    services.parecer_registrar(avaliacao=julgamento, caracteristicas=["conjunto"], usuario=conduz,
                               parecer="Na gravação, o conjunto fenotípico corresponde ao de pessoa parda.")
    return services.sessao_encerrar(sessao=sessao, usuario=conduz)


def sessao_encerrada_avaliacao(comissao, numero):
    return comissao.sessoes.get(numero=1).avaliacoes.get(inscricao__numero=numero)


@pytest.fixture
def final(sessao_de_recursos, comissao, admin_user, relogio):
    relogio.ir(date(2024, 4, 25))
    return services.resultado_final_publicar(comissao=comissao, data=date(2024, 4, 25), usuario=admin_user)


@pytest.fixture
def ata(sessao_encerrada, admin_user) -> str:
    return _texto(ata_sessao_emitir(sessao=sessao_encerrada, usuario=admin_user))


# --- ata da sessão ----------------------------------------------------------------------------------------------

def test_ata_registra_dois_votos_numa_decisao_de_tres_a_zero(ata):
    """Art. 11, § 2º: só os votos abertos até a decisão; a unanimidade nunca aparece."""
    assert "Inscrição 002 — Candidato 002" in ata
    assert "Resultado: Autodeclaração confirmada. Votos abertos até a formação da decisão: 2 votos." in ata
    assert "3 a 0" not in ata and "3 votos (3" not in ata
    assert not re.search(r"un[aâ]nim", ata, re.IGNORECASE)


def test_ata_registra_o_placar_quando_foi_preciso_abrir_a_terceira_cedula(ata):
    """Art. 11, § 2º: «3 votos (2 a 1)» — e o parecer motivado com os traços fenotípicos (art. 9º, § 3º)."""
    trecho = ata[ata.index("Inscrição 003"):ata.index("Inscrição 005")]
    assert "Autodeclaração não confirmada. Votos abertos até a formação da decisão: 3 votos (2 a 1)." in trecho
    assert "Traços fenotípicos observados: textura do cabelo, formato do nariz, cor da pele." in trecho
    assert PARECER_NAO in trecho


def test_ata_nao_traz_as_notas_da_entrevista(ata):
    """Art. 10, IV: o conteúdo das entrevistas é sigiloso."""
    assert NOTA_SIGILOSA not in ata
    assert "As anotações das entrevistas são sigilosas e não integram esta ata." in ata


def test_ata_declara_deliberacao_sem_candidatos_e_cedulas_destruidas(ata):
    """Art. 9º, § 6º (sem a presença dos candidatos) e art. 11, § 2º (cédulas não abertas destruídas)."""
    assert "depois de o candidato deixar a sala, sem a presença de candidatos (art. 9º, § 6º)" in ata
    assert "as cédulas não abertas foram destruídas sem abrir (art. 11, § 2º)" in ata


def test_ata_traz_ausencia_com_a_consequencia_da_lei_ocorrencias_e_assinaturas(ata, sessao_encerrada, comissao):
    """Art. 9º, § 9º: o ausente é eliminado; a ata vai assinada pelos membros presentes."""
    trecho = ata[ata.index("Inscrição 005"):]
    assert re.search(r"ausente Ausência registrada às \d\d:\d\d\. Resultado: Ausente\. O candidato não "
                     r"compareceu", trecho)
    assert "eliminação do certame (art. 9º, § 9º)" in trecho
    assert "Falta de energia das 10:00 às 10:10." in ata
    aberta_em = timezone.localtime(sessao_encerrada.aberta_em)
    assert f"Em {aberta_em:%d/%m/%Y}, às {aberta_em:%H:%M}, em Auditório da Prefeitura" in ata
    assert "designada pela Portaria nº 45/2024, de 15/03/2024" in ata
    for membro in _titulares(comissao):
        assert ata.count(membro.nome) == 2  # na lista de quem participou e na linha de assinatura
    assert "Ana Presidenta — Presidente" in ata
    assert "Davi Suplente" not in ata


def test_ata_cita_a_base_legal_com_os_artigos(ata):
    """Arts. 6º, 9º e 11: a abertura declara as regras que a sessão aplica."""
    for trecho in ("maioria absoluta dos membros da comissão — art. 9º, § 4º;",
                   "se nenhum lado alcança a maioria, a comissão conclui em parecer motivado se há dúvida razoável "
                   "sobre o fenótipo, caso em que prevalece a autodeclaração — art. 6º, § 1º;",
                   "só se vota com mais membros presentes do que a maioria — art. 11, § 2º;",
                   "conferida sobre os membros que de fato deliberam, a cada votação — art. 8º, I e II, § 2º e § 3º;",
                   "apenas o fenótipo apresentado pelo candidato — art. 9º, § 3º;",
                   "valem apenas para este certame — art. 9º, § 5º;"):
        assert trecho in ata


def test_ata_registra_a_duvida_razoavel_com_o_artigo(certame_afonso, fazer_comissao, admin_user):
    """Art. 6º, § 1º: com 4 membros, 2 a 2 não forma a maioria absoluta (art. 9º, § 4º) e prevalece a
    autodeclaração."""
    comissao = fazer_comissao(certame_afonso, membros=[*MEMBROS_REGULARES[:3], (
        "Davi Quarto", "parda", "masculino", True, True, False, "titular")])
    presidente = comissao.membros.get(presidente=True).usuario
    sessao = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=time(9, 0),
                                   local="Auditório da Prefeitura")
    avaliacao, *_ = services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao))[:1],
                                             usuario=admin_user)
    services.sessao_abrir(sessao=sessao, presentes=_titulares(comissao), usuario=presidente)
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente)
    services.gravacao_registrar(avaliacao=avaliacao, referencia="SD 2, 004.mp4", sha256=SHA256, usuario=presidente)
    services.votacao_abrir(avaliacao=avaliacao, forma=FormaVotacao.PAPEL, candidato_saiu=True, usuario=presidente)
    for confirma in (True, False, True, False):
        avaliacao = services.cedula_papel_abrir(avaliacao=avaliacao, confirma=confirma, usuario=presidente)
    services.parecer_registrar(avaliacao=avaliacao, caracteristicas=["pele"], usuario=presidente, duvida=True,
                               parecer=PARECER_DUVIDA)
    sessao = services.sessao_encerrar(sessao=sessao, usuario=presidente)
    ata = _texto(ata_sessao_emitir(sessao=sessao, usuario=admin_user))
    assert ("Resultado: Autodeclaração confirmada, por dúvida razoável reconhecida no parecer (art. 6º, § 1º). Votos "
            "abertos até a formação da decisão: 4 votos (2 a 2)." in ata)
    assert PARECER_DUVIDA in ata


def test_ata_so_depois_de_encerrada_a_sessao(sessao, admin_user):
    with pytest.raises(ErroOperacao, match="encerrada"):
        ata_sessao_emitir(sessao=sessao, usuario=admin_user)


# --- ata de recursos --------------------------------------------------------------------------------------------

def test_ata_de_recursos_registra_a_gravacao_o_desfecho_e_os_votos(sessao_de_recursos, admin_user):
    """Art. 6º, § 2º (recurso) e art. 9º, § 2º (a gravação é examinada)."""
    ata = _texto(ata_recursos_emitir(sessao=sessao_de_recursos, usuario=admin_user))
    assert "Inscrição 003 — Candidato 003" in ata
    assert "Decisão recorrida: autodeclaração não confirmada (1ª sessão, de 10/04/2024)" in ata
    assert "iluminação da sala prejudicou a avaliação" in ata
    assert ("A comissão examinou a gravação da avaliação recorrida (acesso registrado em 22/04/2024, às 14:30, a "
            "pedido de Primeira instância, para julgar o recurso)." in ata)
    assert ("recurso provido — autodeclaração confirmada. Votos abertos até a formação da decisão: 2 votos." in ata)
    assert "2 a 0" not in ata


def test_sessao_sem_recursos_nao_tem_ata_de_recursos(sessao_encerrada, admin_user):
    with pytest.raises(ErroOperacao, match="não julgou recursos"):
        ata_recursos_emitir(sessao=sessao_encerrada, usuario=admin_user)


# --- resultados -------------------------------------------------------------------------------------------------

def test_resultado_provisorio_mascara_o_cpf_e_nao_mostra_cor_ou_raca(provisorio, admin_user):
    """LGPD: CPF mascarado e nenhum dado de cor ou raça na lista publicada."""
    resultado = _texto(resultado_emitir(comissao=provisorio, final=False, usuario=admin_user))
    for candidato in Candidato.objects.filter(inscricoes__numero__in=["002", "003", "005"]):
        assert candidato.cpf_mascarado in resultado
        assert _formatado(candidato.cpf) not in resultado and candidato.cpf not in resultado
    assert not re.search(r"\b(parda|preta|branca|cor ou raça)\b", resultado, re.IGNORECASE)
    assert "002 Candidato 002" in resultado and "Autodeclaração confirmada" in resultado
    # O edital não escolheu a eliminação, que a lei lhe deixa (art. 9º, § 10; decisão 0018): o não confirmado fica na
    # ampla.
    assert ("Autodeclaração não confirmada: permanece só na ampla concorrência, conforme o art. 9º, § 10"
            in resultado)
    # «Declaração falsa» só onde um procedimento de fraude a reconheceu (art. 7º): aqui, nenhum.
    assert "declaração falsa" not in resultado.lower()
    assert "Ausente: eliminação do certame, conforme o art. 9º, § 9º" in resultado


def test_resultado_provisorio_traz_o_prazo_de_recurso_e_os_membros(provisorio, admin_user):
    """Art. 6º, § 2º (recurso) e art. 11, § 1º (os nomes se tornam públicos com o resultado)."""
    resultado = _texto(resultado_emitir(comissao=provisorio, final=False, usuario=admin_user))
    assert "cabe recurso até 17/04/2024, 2 dias contados da publicação do resultado do candidato" in resultado
    assert ("Ana Presidenta (presidente); Bruno Segundo (membro titular); Carla Terceira (membro titular); "
            "Davi Suplente (membro suplente)." in resultado)


def test_resultado_so_depois_de_publicado(sessao_encerrada, comissao, admin_user):
    """Art. 11, § 1º: antes da publicação, os nomes dos membros são sigilosos."""
    with pytest.raises(ErroOperacao, match="Publique antes o resultado provisório"):
        resultado_emitir(comissao=comissao, final=False, usuario=admin_user)


def test_resultado_final_traz_o_desfecho_dos_recursos(final, admin_user):
    resultado = _texto(resultado_emitir(comissao=final, final=True, usuario=admin_user))
    assert re.search(r"003 Candidato 003 \*\*\*\.\d{3}\.\d{3}-\*\* Provido Autodeclaração confirmada", resultado)
    assert re.search(r"005 Candidato 005 \*\*\*\.\d{3}\.\d{3}-\*\* — Ausente: eliminação", resultado)
    assert "prazo de recurso" not in resultado.lower()


# --- termo e edital ---------------------------------------------------------------------------------------------

def test_termo_de_confidencialidade_do_membro(presidente, admin_user):
    """Art. 11: sigilo dos dados dos candidatos e dos votos (§ 2º); das entrevistas (art. 10, IV) e da gravação
    (art. 9º, § 2º)."""
    termo = _texto(termo_confidencialidade_emitir(membro=presidente, usuario=admin_user))
    assert f"Eu, Ana Presidenta, CPF {_formatado(presidente.cpf)}, presidente da comissão" in termo
    assert "sem usá-las para nenhuma outra finalidade — art. 11, caput;" in termo
    assert "as perguntas, as respostas e as anotações da comissão — art. 10, IV;" in termo
    assert "não revelar os votos dos demais membros de que venha a ter conhecimento — art. 11, § 2º;" in termo
    assert "reproduzir a gravação do procedimento, de uso exclusivo da comissão — art. 9º, § 2º;" in termo
    assert "Afonso Cláudio/ES, ____/____/________." in termo


def test_edital_lista_os_horarios_sem_cpf_e_sem_os_membros(sessao, comissao, admin_user):
    """Art. 9º, § 7º a § 9º e § 2º: convocação presencial por edital, ausência elimina, sessão filmada;
    nomes dos membros em sigilo até o resultado (art. 11, § 1º)."""
    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)
    edital = _texto(edital_convocacao_emitir(comissao=comissao, usuario=admin_user))
    assert "1ª sessão — 10/04/2024, a partir das 09:00 — Auditório da Prefeitura" in edital
    for horario, numero in (("09:00", "002"), ("09:15", "003"), ("09:30", "005")):
        assert f"{horario} {numero} Candidato {numero} ADM" in edital
    for candidato in Candidato.objects.all():
        assert candidato.cpf_mascarado not in edital and candidato.cpf not in edital
    assert not any(m.nome in edital for m in comissao.membros.all())
    assert "documento oficial de identificação com foto" in edital
    assert "O candidato que não comparecer: eliminação do certame — art. 9º, § 9º." in edital
    assert "O procedimento é filmado" in edital and "guardada a confidencialidade — art. 9º, § 2º." in edital


# --- verificação pública ----------------------------------------------------------------------------------------

@pytest.fixture
def todos_os_documentos(final, comissao, presidente, admin_user):
    sessoes = comissao.sessoes.order_by("numero")
    return [ata_sessao_emitir(sessao=sessoes[0], usuario=admin_user),
            ata_recursos_emitir(sessao=sessoes[1], usuario=admin_user),
            resultado_emitir(comissao=comissao, final=False, usuario=admin_user),
            resultado_emitir(comissao=comissao, final=True, usuario=admin_user),
            termo_confidencialidade_emitir(membro=presidente, usuario=admin_user),
            edital_convocacao_emitir(comissao=comissao, usuario=admin_user)]


def test_cada_documento_traz_um_codigo_que_a_pagina_publica_confirma(client, todos_os_documentos):
    assert len({d.tipo for d in todos_os_documentos}) == 6
    for documento in todos_os_documentos:
        conteudo = _texto(documento)
        assert f"Código de verificação {documento.codigo}" in conteudo
        assert f"Página 1 de {documento.paginas}" in conteudo
        pagina = client.get(f"/verificar/{documento.codigo}/").content.decode()
        assert "Documento autêntico" in pagina and documento.sha256 in pagina


# --- o que a ata registra de cada avaliação e o seu fecho ---------------------------------------------------------

def test_ata_traz_a_hora_real_de_cada_avaliacao_e_a_gravacao(ata):
    """Art. 9º, § 2º: a referência e o SHA-256 da gravação; e as horas reais, não só as do edital de convocação."""
    trecho = ata[ata.index("Inscrição 002"):ata.index("Inscrição 003")]
    assert re.search(r"convocado para as 09:00 · presente Entrevista iniciada às \d\d:\d\d; votos apurados às "
                     r"\d\d:\d\d\. Gravação: Cartão SD 1, arquivo 002\.mp4 \(SHA-256 (ab){32}\)\.", trecho)


def test_assinaturas_nunca_ficam_sozinhas_na_ultima_pagina(sessao_encerrada, comissao, admin_user):
    """O encerramento e as assinaturas formam uma só peça: por mais que o texto antes deles cresça, a última página
    traz o encerramento junto das assinaturas."""
    from tests.documentos.pdfs import paginas

    for linhas in range(0, 60, 6):
        Sessao.objects.filter(pk=sessao_encerrada.pk).update(
            ocorrencias="\n".join(f"Ocorrência nº {i + 1}: registro de teste." for i in range(linhas)))
        ultima = paginas(ata_sessao_emitir(sessao=sessao_encerrada, usuario=admin_user).conteudo())[-1]
        assert "Encerramento" in ultima and "Ana Presidenta" in ultima, linhas


def test_cada_membro_presente_assina_num_campo_proprio_na_ordem_da_ata(sessao_encerrada, admin_user):
    """Cada assinatura da ata tem o seu campo (campo-assinatura-1, 2…, na ordem dos membros que participaram): a
    assinatura digital de cada membro vai ao seu lugar. O PDF os traz como destinos nomeados (as âncoras)."""
    import io

    from pypdf import PdfReader

    documento = ata_sessao_emitir(sessao=sessao_encerrada, usuario=admin_user)
    leitor = PdfReader(io.BytesIO(documento.conteudo()))
    participantes = sessao_encerrada.participantes.count()
    assert sorted(leitor.named_destinations) == [f"campo-assinatura-{n}" for n in range(1, participantes + 1)]
    ultima = leitor.pages[-1].extract_text()
    assert "Ana Presidenta" in ultima and "Documento emitido" in ultima


def test_resultado_final_diz_declaracao_falsa_so_onde_a_fraude_foi_reconhecida(final, comissao, admin_user):
    """Art. 7º: a falsidade da autodeclaração só se reconhece em procedimento com contraditório e ampla defesa; a
    não confirmação é uma avaliação fenotípica e nunca é chamada de «declaração falsa»."""
    resultado = _texto(resultado_emitir(comissao=final, final=True, usuario=admin_user))
    assert "declaração falsa" not in resultado.lower()
    inscricao = sessao_encerrada_avaliacao(comissao, "005").inscricao
    procedimento = services.fraude_instaurar(inscricao=inscricao, data=date(2024, 4, 25), ato="Portaria nº 77/2024",
                                             fatos="Documentos indicam declaração incompatível.", usuario=admin_user)
    services.fraude_registrar_defesa(procedimento=procedimento, notificado_em=date(2024, 4, 25), defesa_em=None,
                                     defesa="", usuario=admin_user)
    services.fraude_decidir(procedimento=procedimento, fraude=True, data=date(2024, 4, 25), usuario=admin_user,
                            oficio_mp="Ofício nº 9/2024",
                            decisao="Reconhecida a falsidade, depois de notificado o candidato e aberto o prazo de "
                                    "defesa, que não foi exercida.")
    resultado = _texto(resultado_emitir(comissao=final, final=True, usuario=admin_user))
    assert ("005 Candidato 005" in resultado and "Eliminação por declaração falsa, reconhecida em procedimento "
            "administrativo em 25/04/2024, conforme o art. 7º e parágrafo único" in resultado)
    assert resultado.lower().count("declaração falsa") == 1


def test_resultado_so_diz_que_os_curriculos_estao_publicados_quando_estao(provisorio, admin_user):
    """Art. 11, § 3º: sem os currículos entregues, o documento não afirma que foram publicados."""
    resultado = _texto(resultado_emitir(comissao=provisorio, final=False, usuario=admin_user))
    assert "Os currículos estão publicados" not in resultado
    assert "nem todos foram publicados até esta data (art. 11, § 3º)" in resultado


def test_a_ata_nasce_com_a_ordem_das_assinaturas_dos_membros_presentes(sessao_encerrada, admin_user):
    """Quem assina a ata digitalmente são os membros que participaram, na ordem das linhas do fecho; cada linha só
    aceita o certificado do CPF do seu membro."""
    documento = ata_sessao_emitir(sessao=sessao_encerrada, usuario=admin_user)
    membros = list(sessao_encerrada.participantes.all())
    ordem = list(documento.assinaturas.order_by("ordem").values_list("ordem", "nome", "cpf"))
    assert [o for o, _, _ in ordem] == list(range(1, len(membros) + 1))
    assert {(nome, cpf) for _, nome, cpf in ordem} == {(m.nome, m.cpf) for m in membros}
    assert ordem[0][1] in texto(documento.conteudo())

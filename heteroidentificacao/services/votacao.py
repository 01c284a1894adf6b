"""A votação secreta: abrir, o voto de cada membro (cifrado, heteroidentificacao/urna.py), a apuração eletrônica, a
das cédulas de papel e a anulação antes da apuração.

Quem vota numa avaliação fica fixado quando a votação abre (`Avaliacao.eleitores`: os presentes naquele momento);
um membro que sai antes de votar deixa de contar (heteroidentificacao/services/incidentes.py). Sigilo e ameaças:
docs/decisoes/0003-sigilo-do-voto.md.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from concursos.models import Certame, RegraDecisao
from heteroidentificacao import apuracao, urna
from heteroidentificacao.models import (
    CONTA_DA_COMISSAO,
    Avaliacao,
    Cedula,
    EstadoAvaliacao,
    EstadoSessao,
    FormaVotacao,
    Participacao,
    Resultado,
    Sessao,
    TipoOcorrencia,
)
from heteroidentificacao.selectors import exames_da_gravacao, maioria_da_comissao, titulares
from heteroidentificacao.services.comum import (
    exigir_motivo,
    exigir_presidente,
    exigir_quem_vota,
    exigir_sessao_aberta,
    hora,
    registrar_ocorrencia,
    travar_avaliacao,
)
from legislacao.models import FormaDeliberacao, SemMaioria, citar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import plural

Eleitor = Avaliacao.eleitores.through
INT4 = 2**31 - 1
# O eleitor vota com uma conta da comissão: se a conta ganhou acesso ao admin depois, ela não vota.
CONTA_DO_ELEITOR = Q(**{f"membro__usuario__{campo}": valor for campo, valor in CONTA_DA_COMISSAO.children})


def travar_votos(avaliacao_id: int, usuarios) -> None:
    """Trava, até o fim da transação, o voto destes usuários nesta avaliação: um voto em curso termina antes, e nenhum
    começa depois. No PostgreSQL é uma trava consultiva (`pg_advisory_xact_lock`), que não escreve em linha nenhuma:
    um `SELECT … FOR UPDATE` na linha do eleitor deixaria no `xmax` dela a transação de cada voto, e com isso a ordem
    em que votaram, mesmo depois da apuração. No SQLite as escritas já são em série."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for usuario in sorted(set(usuarios)):
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [avaliacao_id % INT4, usuario % INT4])


def _travar_eleitores(avaliacao: Avaliacao) -> None:
    travar_votos(avaliacao.pk, Eleitor.objects.filter(avaliacao=avaliacao).values_list("membro__usuario_id",
                                                                                      flat=True))


def _exigir_exame_da_gravacao(avaliacao: Avaliacao) -> None:
    """No recurso contra a não confirmação, a comissão decide pela gravação da avaliação recorrida (art. 9º, § 2º): a
    votação só abre depois de registrado o exame dela pela comissão, neste julgamento (`gravacao_examinar`); outro
    acesso (p. ex. o do candidato, que a requereu) não conta."""
    lei = avaliacao.sessao.comissao.certame.lei
    if lei is None or not lei.gravacao:
        return
    recorrida = avaliacao.recurso.avaliacao
    if not recorrida.gravacao_sha256:
        raise ErroOperacao("A gravação da avaliação recorrida não foi registrada: a comissão não tem o que examinar"
                           f"{citar(lei.artigo_gravacao)}. Peça ao RH que registre a referência e o SHA-256.")
    if avaliacao.pk not in exames_da_gravacao([avaliacao.pk]):
        raise ErroOperacao("Registre o exame da gravação da avaliação recorrida antes de votar: o acesso fica "
                           f"registrado, e a ata só diz que a gravação foi examinada se o acesso estiver registrado"
                           f"{citar(lei.artigo_gravacao)}.")


def _exigir_forma_da_lei(forma: str, lei) -> None:
    """A forma de deliberar é da lei congelada no certame (`Lei.forma_deliberacao`): onde ela manda cada membro
    registrar a sua avaliação, só assim; onde manda votar, só em cédulas, eletrônicas ou de papel. Uma lei de votos
    secretos nunca deixa a comissão deliberar com as avaliações nominais, que a ata mostra (decisão 0017)."""
    if forma not in FormaVotacao.values:
        raise ErroOperacao("Escolha a forma de votação.")
    individual = lei is not None and lei.forma_deliberacao == FormaDeliberacao.INDIVIDUAL
    if individual and forma != FormaVotacao.INDIVIDUAL:
        raise ErroOperacao("A lei do certame manda cada membro registrar a sua avaliação, assinada"
                           f"{citar(lei.artigo_forma_deliberacao)}: abra a deliberação por avaliações individuais.")
    if not individual and forma == FormaVotacao.INDIVIDUAL:
        segredo = (f": os votos são secretos{citar(lei.artigo_votacao)}" if lei is not None and lei.votacao_secreta
                   else "")
        raise ErroOperacao(f"A lei do certame manda a comissão votar{segredo}. Abra a votação eletrônica ou em papel.")


def _marcar_deliberacao_no_certame(avaliacao: Avaliacao, forma: str) -> str:
    """Grava no certame a abertura da primeira deliberação (daí em diante a retificação não muda mais a regra de
    decisão nem a consequência da não confirmação: concursos/nao_confirmacao.py) e devolve a regra de decisão que
    esta deliberação segue: a do edital nas avaliações individuais (no recurso contra a ausência, a maioria); nenhuma
    na votação, que decide pela maioria da lei. O certame fica travado até o fim da transação: uma retificação
    simultânea termina antes (e a regra lida aqui já é a retificada) ou espera e é recusada."""
    certame = Certame.objects.select_for_update(of=("self",)).get(pk=avaliacao.sessao.comissao.certame_id)
    if certame.deliberacao_aberta_em is None:
        certame.deliberacao_aberta_em = avaliacao.candidato_saiu_em
        certame.save(update_fields=["deliberacao_aberta_em"])
    if forma != FormaVotacao.INDIVIDUAL:
        return ""
    return RegraDecisao.MAIORIA if avaliacao.recurso_contra_ausencia else certame.regra_decisao


@transaction.atomic
def votacao_abrir(*, avaliacao: Avaliacao, forma: str = FormaVotacao.ELETRONICA, candidato_saiu: bool,
                  usuario) -> Avaliacao:
    """Abre a votação só depois de confirmado que o candidato deixou a sala (art. 9º, § 6º); no recurso, depois de a
    comissão examinar a gravação (ou, contra a ausência, os fundamentos). Quem está presente agora vota, e só se a
    composição deles atender à lei e houver mais presentes que a maioria (art. 8º; art. 11, § 2º)."""
    # A sessão antes da avaliação, como na saída de um membro: os presentes lidos aqui não mudam até o fim.
    Sessao.objects.select_for_update().filter(pk=avaliacao.sessao_id).first()
    avaliacao = travar_avaliacao(avaliacao)
    sessao = avaliacao.sessao
    comissao = sessao.comissao
    exigir_presidente(sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    lei = comissao.certame.lei
    if avaliacao.estado != avaliacao.estado_antes_da_votacao:
        raise ErroOperacao("A votação abre depois da entrevista, e só se ainda não estiver aberta nem apurada.")
    if not candidato_saiu:
        if avaliacao.recurso_contra_ausencia:
            raise ErroOperacao("Confirme que a comissão examinou os fundamentos do recurso contra a ausência.")
        if avaliacao.em_recurso:
            raise ErroOperacao("Confirme que a comissão examinou a gravação da avaliação recorrida.")
        raise ErroOperacao("Confirme que o candidato deixou a sala: é vedado deliberar na presença do candidato"
                           f"{citar(lei.artigo_deliberacao if lei else '')}.")
    _exigir_forma_da_lei(forma, lei)
    if avaliacao.em_recurso and not avaliacao.recurso_contra_ausencia:
        _exigir_exame_da_gravacao(avaliacao)
    eleitores = list(sessao.presentes.all())
    exigir_quem_vota(comissao, eleitores, data=timezone.localdate(), recusa="A votação não pode ser aberta")
    avaliacao.estado = EstadoAvaliacao.VOTACAO
    avaliacao.candidato_saiu_em = timezone.now()
    avaliacao.forma_votacao = forma
    avaliacao.regra_decisao = _marcar_deliberacao_no_certame(avaliacao, forma)
    avaliacao.membros_da_comissao = titulares(comissao)
    avaliacao.votantes = len(eleitores)
    avaliacao.maioria = maioria_da_comissao(comissao, presentes=len(eleitores))
    avaliacao.cedulas_abertas = avaliacao.abertas_confirmam = avaliacao.abertas_nao_confirmam = (
        0 if forma == FormaVotacao.PAPEL else None)
    if avaliacao.recurso_contra_ausencia:
        motivo = "Fundamentos examinados: votação do recurso contra a ausência aberta."
    elif avaliacao.em_recurso:
        motivo = "Gravação examinada: votação do recurso aberta."
    else:
        motivo = "Candidato fora da sala: votação aberta."
    auditar(avaliacao, usuario, motivo)
    avaliacao.save()
    avaliacao.eleitores.set(eleitores)
    return avaliacao


@sensitive_variables()
def voto_registrar(*, avaliacao: Avaliacao, usuario, confirma: bool) -> None:
    """O voto de um membro, do seu próprio login: registra que votou e, à parte, a cédula cifrada, sem dono.

    O mesmo caminho para os dois votos: a trava do voto deste membro (trinta membros votando juntos não se
    enfileiram; a apuração, a anulação e a saída do membro esperam o voto em curso), uma consulta que confere que ele
    é eleitor desta votação aberta, com uma conta da comissão, e duas inserções. A restrição única de `Participacao`
    impede o segundo voto.
    """
    if not usuario.is_authenticated:
        _recusar_voto(avaliacao, usuario)
    with transaction.atomic():
        travar_votos(avaliacao.pk, [usuario.pk])
        membro = Eleitor.objects.filter(
            CONTA_DO_ELEITOR, avaliacao_id=avaliacao.pk, membro__usuario_id=usuario.pk,
            avaliacao__estado=EstadoAvaliacao.VOTACAO, avaliacao__forma_votacao=FormaVotacao.ELETRONICA,
            avaliacao__sessao__estado=EstadoSessao.ABERTA,
        ).values_list("membro_id", flat=True).first()
        if membro is None:
            _recusar_voto(avaliacao, usuario)
        cedula = uuid.uuid4()
        conteudo = urna.lacrar(confirma, chave=settings.CHAVE_CEDULAS, avaliacao_id=avaliacao.pk, cedula_id=cedula)
        try:
            # Sem ponto de salvamento: a recusa desfaz a transação inteira, que é só este voto.
            Participacao.objects.create(avaliacao_id=avaliacao.pk, membro_id=membro)
        except IntegrityError as erro:
            raise ErroOperacao("Você já votou nesta avaliação.") from erro
        Cedula.objects.create(id=cedula, avaliacao_id=avaliacao.pk, conteudo=conteudo)


def _recusar_voto(avaliacao: Avaliacao, usuario) -> None:
    """Por que o voto não cabe, fora do caminho comum (que é o mesmo para os dois votos)."""
    avaliacao = Avaliacao.objects.select_related("sessao").only("estado", "forma_votacao", "sessao__estado").get(
        pk=avaliacao.pk)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A votação desta avaliação não está aberta.")
    if avaliacao.forma_votacao == FormaVotacao.INDIVIDUAL:
        raise ErroOperacao("Nesta deliberação cada membro registra a sua avaliação, assinada: não há cédula.")
    if avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Esta votação é em cédulas de papel.")
    if usuario.is_authenticated and Eleitor.objects.filter(avaliacao=avaliacao, membro__usuario=usuario).exists():
        raise ErroOperacao("A sua conta ganhou acesso ao admin: quem vota na comissão entra com uma conta criada só "
                           "para ela. Peça ao RH que retire esse acesso.")
    raise ErroOperacao("Só votam os membros presentes quando a votação foi aberta.")


def _abridor(avaliacao: Avaliacao):
    """Abre uma cédula, só na memória, com a chave do servidor, presa à sua avaliação e à sua chave primária."""
    @sensitive_variables()
    def abrir(cedula: tuple[uuid.UUID, bytes]) -> bool:
        try:
            return urna.abrir(cedula[1], chave=settings.CHAVE_CEDULAS, avaliacao_id=avaliacao.pk, cedula_id=cedula[0])
        except urna.CedulaInvalida as erro:
            raise ErroOperacao("Uma cédula não abre com a chave do servidor: a CHAVE_CEDULAS mudou durante a "
                               "votação, ou a cédula foi alterada no banco. Anule a votação e abra-a de "
                               "novo.") from erro
    return abrir


@transaction.atomic
@sensitive_variables()
def votacao_apurar(*, avaliacao: Avaliacao, usuario) -> Avaliacao:
    """Apura a votação eletrônica: abre as cédulas em ordem aleatória até a maioria e apaga todas."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Não há votação eletrônica aberta nesta avaliação.")
    _travar_eleitores(avaliacao)
    votaram = Participacao.objects.filter(avaliacao=avaliacao).count()
    if votaram < avaliacao.votantes:
        faltam = avaliacao.votantes - votaram
        raise ErroOperacao(f"{'Falta' if faltam == 1 else 'Faltam'} {plural(faltam, 'voto', 'votos')} dos membros "
                           "presentes.")
    cedulas = list(Cedula.objects.filter(avaliacao=avaliacao).values_list("id", "conteudo"))
    if len(cedulas) != votaram or votaram != avaliacao.votantes:
        raise ErroOperacao(f"Há {plural(len(cedulas), 'cédula', 'cédulas')} para {votaram} membros que votaram: a "
                           "urna não confere. Anule a votação e abra-a de novo.")
    # Fechadas, as cédulas são embaralhadas; só as abertas até a maioria são decifradas (art. 11, § 2º).
    resultado = apuracao.apurar(cedulas, maioria=avaliacao.maioria, abrir=_abridor(avaliacao))
    # As não abertas são destruídas sem leitura; as abertas ficam só no placar (art. 11, § 2º). As participações
    # também saem: todos os eleitores votaram (conferido acima), e nem a ordem em que votaram fica no banco.
    Cedula.objects.filter(avaliacao=avaliacao).delete()
    Participacao.objects.filter(avaliacao=avaliacao).delete()
    _concluir_apuracao(avaliacao, resultado.abertas, resultado.confirmam, resultado.nao_confirmam,
                       resultado.decisao, usuario)
    return avaliacao


@transaction.atomic
def cedula_papel_abrir(*, avaliacao: Avaliacao, confirma: bool, usuario) -> Avaliacao:
    """Apuração em papel: o presidente tira uma cédula da urna e informa o valor; formada a maioria, as restantes
    são destruídas sem abrir. Abertas todas sem maioria, o resultado espera o parecer da comissão."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.forma_votacao != FormaVotacao.PAPEL:
        raise ErroOperacao("Não há apuração em papel aberta nesta avaliação.")
    placar, decisao = apuracao.registrar_aberta(
        (avaliacao.abertas_confirmam, avaliacao.abertas_nao_confirmam), confirma, maioria=avaliacao.maioria)
    abertas = avaliacao.cedulas_abertas + 1
    if decisao is None and abertas < avaliacao.votantes:
        avaliacao.cedulas_abertas = abertas
        avaliacao.abertas_confirmam, avaliacao.abertas_nao_confirmam = placar
        avaliacao.save(update_fields=["cedulas_abertas", "abertas_confirmam", "abertas_nao_confirmam"])
        return avaliacao
    _concluir_apuracao(avaliacao, abertas, *placar, decisao, usuario)
    return avaliacao


def resultado_da_decisao(avaliacao: Avaliacao, decisao: bool | None) -> str:
    """O que a apuração decide por si: só a maioria (art. 9º, § 4º). Sem maioria, a lei diz o que vale; se ela manda
    a comissão motivar a dúvida razoável (art. 6º, § 1º), o resultado fica em branco até o parecer."""
    if avaliacao.recurso_contra_ausencia:
        # Recurso contra a ausência: sem a maioria para o prover, a ausência se mantém.
        return Resultado.NOVA_CONVOCACAO if decisao else Resultado.AUSENTE
    if decisao is not None:
        return Resultado.CONFIRMADO if decisao else Resultado.NAO_CONFIRMADO
    lei = avaliacao.sessao.comissao.certame.lei
    if lei is not None and lei.sem_maioria == SemMaioria.PARECER_DUVIDA:
        return ""
    return Resultado.NAO_CONFIRMADO


def _concluir_apuracao(avaliacao: Avaliacao, abertas: int, confirmam: int, nao_confirmam: int,
                       decisao: bool | None, usuario) -> None:
    avaliacao.cedulas_abertas = abertas
    avaliacao.abertas_confirmam = confirmam
    avaliacao.abertas_nao_confirmam = nao_confirmam
    avaliacao.apurada_em = timezone.now()
    avaliacao.estado = EstadoAvaliacao.APURADA
    avaliacao.resultado = resultado_da_decisao(avaliacao, decisao)
    avaliacao.por_duvida = False
    texto = apuracao.texto_votos(abertas, confirmam, nao_confirmam)
    sem_maioria = "" if decisao is not None else f", sem que um lado alcançasse a maioria de {avaliacao.maioria}"
    auditar(avaliacao, usuario, f"Votação apurada: {texto}{sem_maioria}.")
    avaliacao.save()


@transaction.atomic
def votacao_anular(*, avaliacao: Avaliacao, motivo: str, usuario, automatica: bool = False) -> Avaliacao:
    """Anula a votação antes da apuração, com o motivo na ata: as cédulas depositadas são destruídas sem leitura e
    a votação pode ser aberta de novo (eletrônica ou em papel), com os presentes de então."""
    avaliacao = travar_avaliacao(avaliacao)
    sessao = avaliacao.sessao
    if not automatica:
        exigir_presidente(sessao, usuario)
        motivo = exigir_motivo(motivo, "da anulação")
    exigir_sessao_aberta(avaliacao)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO:
        raise ErroOperacao("Só se anula uma votação aberta e ainda não apurada.")
    papel = avaliacao.forma_votacao == FormaVotacao.PAPEL
    if papel and avaliacao.cedulas_abertas:
        raise ErroOperacao("A apuração das cédulas em papel já começou: conclua-a.")
    # Trava os eleitores antes de apagar: um voto em curso termina antes, e nenhum chega depois.
    _travar_eleitores(avaliacao)
    Cedula.objects.filter(avaliacao=avaliacao).delete()
    Participacao.objects.filter(avaliacao=avaliacao).delete()
    # O modo antes de limpar a forma: a ata diz quantas avaliações individuais foram descartadas, ou que as cédulas
    # foram destruídas sem leitura.
    individual = avaliacao.por_avaliacoes_individuais
    individuais = avaliacao.avaliacoes_individuais.count()
    avaliacao.avaliacoes_individuais.all().delete()
    avaliacao.eleitores.clear()
    avaliacao.estado = avaliacao.estado_antes_da_votacao
    avaliacao.forma_votacao = avaliacao.regra_decisao = ""
    avaliacao.votantes = avaliacao.maioria = avaliacao.membros_da_comissao = None
    avaliacao.cedulas_abertas = avaliacao.abertas_confirmam = avaliacao.abertas_nao_confirmam = None
    candidato = avaliacao.inscricao.numero
    if individual:
        descartadas = plural(individuais, "avaliação individual registrada foi descartada",
                             "avaliações individuais registradas foram descartadas")
        destino = f"{descartadas}." if individuais else "Nenhum membro havia registrado a sua avaliação."
    elif papel:
        destino = "As cédulas em papel depositadas devem ser destruídas sem leitura."
    else:
        destino = "As cédulas depositadas foram destruídas sem leitura."
    registrar_ocorrencia(sessao, TipoOcorrencia.VOTACAO_ANULADA,
                         f"Às {hora(timezone.now())}, a votação da inscrição {candidato} foi anulada antes da "
                         f"apuração. Motivo: {motivo.rstrip('.')}. {destino}", usuario, avaliacao=avaliacao)
    auditar(avaliacao, usuario, "Votação anulada antes da apuração.")
    avaliacao.save()
    return avaliacao

"""Escritas da heteroidentificação: cada passo do procedimento é uma função, numa transação, com registro.

Convocação → sessão aberta (quórum e composição conferidos) → presença → entrevista → o candidato
deixa a sala (Afonso Cláudio art. 9º, § 6º) → votação secreta → apuração (art. 9º, § 4º; art. 11, § 2º)
→ parecer motivado (art. 6º, § 1º) → efeito na inscrição do certame. Depois: resultado provisório,
recursos (art. 6º, § 2º), resultado final e, se houver indício de fraude, o procedimento com
contraditório e ampla defesa (art. 7º).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from simple_history.utils import bulk_create_with_history

from concursos.models import Convocacao, Heteroidentificacao, Inscricao, Situacao
from concursos.services import ErroOperacao, auditar, nomeacao_anular
from heteroidentificacao import apuracao
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    Caracteristica,
    Cedula,
    Comissao,
    EstadoAvaliacao,
    EstadoFraude,
    EstadoRecurso,
    EstadoSessao,
    FormaVotacao,
    Instancia,
    Membro,
    Papel,
    Participacao,
    ProcedimentoFraude,
    Recurso,
    Resultado,
    Sessao,
)
from heteroidentificacao.selectors import conferencia_da_comissao
from legislacao.models import Maioria, citar

__all__ = ["ErroOperacao"]

# Um parecer de não confirmação precisa dizer o que a comissão viu: decisões genéricas são anuladas.
PARECER_MINIMO = 60


def _travar_avaliacao(avaliacao: Avaliacao) -> Avaliacao:
    return (Avaliacao.objects.select_for_update(of=("self",))
            .select_related("sessao__comissao__certame__lei", "inscricao", "recurso").get(pk=avaliacao.pk))


def _exigir_presidente(sessao: Sessao, usuario) -> Membro:
    presidente = sessao.comissao.membros.filter(presidente=True).first()
    if presidente is None or presidente.usuario_id is None or presidente.usuario_id != usuario.pk:
        raise ErroOperacao("Só o presidente da comissão conduz a sessão.")
    return presidente


# ---- convocação e sessão ----

@transaction.atomic
def sessao_convocar(*, sessao: Sessao, inscricoes: list[Inscricao], intervalo_minutos: int = 15,
                    usuario) -> list[Avaliacao]:
    """Convoca cotistas para a sessão, com horários sucessivos a partir do início (art. 9º, § 7º e § 8º)."""
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    if sessao.comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("A comissão recursal julga recursos; os candidatos são convocados pela primeira instância.")
    if sessao.estado == EstadoSessao.ENCERRADA:
        raise ErroOperacao("A sessão já foi encerrada.")
    ultimo = sessao.avaliacoes.order_by("-horario").values_list("horario", flat=True).first()
    inicio = datetime.combine(sessao.data, ultimo or sessao.inicio)
    if ultimo:
        inicio += timedelta(minutes=intervalo_minutos)
    avaliacoes = []
    for i, inscricao in enumerate(inscricoes):
        if inscricao.certame_id != sessao.comissao.certame_id:
            raise ErroOperacao(f"A inscrição {inscricao.numero} é de outro certame.")
        if not inscricao.reserva:
            raise ErroOperacao(f"A inscrição {inscricao.numero} não optou pela reserva: não há o que "
                               "heteroidentificar.")
        if inscricao.situacao != Situacao.HABILITADO:
            raise ErroOperacao(f"A inscrição {inscricao.numero} não está habilitada "
                               f"({inscricao.get_situacao_display()}).")
        horario = (inicio + timedelta(minutes=i * intervalo_minutos)).time()
        avaliacoes.append(Avaliacao(sessao=sessao, inscricao=inscricao, horario=horario))
        inscricao.heteroidentificacao = Heteroidentificacao.PENDENTE
        auditar(inscricao, usuario, f"Convocada para a heteroidentificação: {sessao}, às {horario:%H:%M}.")
        inscricao.save(update_fields=["heteroidentificacao"])
    try:
        with transaction.atomic():
            return bulk_create_with_history(avaliacoes, Avaliacao, default_user=usuario,
                                            default_change_reason=f"Convocada para a {sessao}.")
    except IntegrityError as erro:
        raise ErroOperacao("Alguma das inscrições já foi convocada para heteroidentificação.") from erro


@transaction.atomic
def sessao_abrir(*, sessao: Sessao, presentes: list[Membro], usuario) -> Sessao:
    """Abre a sessão com os membros presentes: a composição deve atender à lei e haver quórum."""
    sessao = Sessao.objects.select_for_update(of=("self",)).select_related("comissao__certame__lei").get(pk=sessao.pk)
    _exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.AGENDADA:
        raise ErroOperacao("A sessão já foi aberta.")
    comissao = sessao.comissao
    conferencia = conferencia_da_comissao(comissao)
    if not conferencia.regular:
        raise ErroOperacao("A composição da comissão não atende à lei: "
                           + "; ".join(str(f) for f in conferencia.falhas))
    presentes = list(presentes)
    if any(m.comissao_id != comissao.pk for m in presentes):
        raise ErroOperacao("Só membros desta comissão podem ser registrados como presentes.")
    titulares = comissao.membros.filter(papel=Papel.TITULAR).count()
    if len(presentes) > titulares:
        raise ErroOperacao(f"Votam no máximo {titulares} membros (os titulares ou os suplentes que os substituem).")
    lei = comissao.certame.lei
    # Sem regra na lei, a comissão delibera ao menos como colegiado de três.
    minimo = (lei.comissao_minimo_membros if lei else None) or 3
    if len(presentes) < minimo:
        raise ErroOperacao(f"Sem quórum: {len(presentes)} membro(s) presente(s); a comissão delibera com ao menos "
                           f"{minimo}{citar(lei.artigo_comissao_membros if lei else '')}.")
    if not any(m.presidente for m in presentes):
        raise ErroOperacao("O presidente precisa estar entre os presentes.")
    sessao.presentes.set(presentes)
    sessao.estado = EstadoSessao.ABERTA
    sessao.aberta_em = timezone.now()
    auditar(sessao, usuario, f"Sessão aberta com {len(presentes)} membros presentes.")
    sessao.save(update_fields=["estado", "aberta_em"])
    return sessao


@transaction.atomic
def sessao_encerrar(*, sessao: Sessao, ocorrencias: str = "", usuario) -> Sessao:
    sessao = Sessao.objects.select_for_update().select_related("comissao").get(pk=sessao.pk)
    _exigir_presidente(sessao, usuario)
    if sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("Só se encerra uma sessão aberta.")
    pendentes = sessao.avaliacoes.exclude(estado__in=[EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE]).count()
    if pendentes:
        raise ErroOperacao(f"Ainda há {pendentes} avaliação(ões) sem parecer nesta sessão.")
    sessao.estado = EstadoSessao.ENCERRADA
    sessao.encerrada_em = timezone.now()
    sessao.ocorrencias = ocorrencias
    auditar(sessao, usuario, "Sessão encerrada.")
    sessao.save(update_fields=["estado", "encerrada_em", "ocorrencias"])
    return sessao


def _exigir_sessao_aberta(avaliacao: Avaliacao) -> None:
    if avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A sessão não está aberta.")


# ---- avaliação de um candidato ----

@transaction.atomic
def avaliacao_registrar_presenca(*, avaliacao: Avaliacao, compareceu: bool, usuario) -> Avaliacao:
    """Presente: começa a entrevista. Ausente: a consequência da lei (p. ex. eliminação, art. 9º, § 9º)."""
    avaliacao = _travar_avaliacao(avaliacao)
    _exigir_presidente(avaliacao.sessao, usuario)
    _exigir_sessao_aberta(avaliacao)
    if avaliacao.em_recurso:
        raise ErroOperacao("No recurso a comissão examina a gravação: não há chamada do candidato.")
    if avaliacao.estado != EstadoAvaliacao.AGUARDANDO:
        raise ErroOperacao("A presença deste candidato já foi registrada.")
    if compareceu:
        avaliacao.estado = EstadoAvaliacao.ENTREVISTA
        auditar(avaliacao, usuario, "Candidato presente: entrevista iniciada.")
        avaliacao.save(update_fields=["estado"])
        return avaliacao
    lei = avaliacao.sessao.comissao.certame.lei
    avaliacao.estado = EstadoAvaliacao.AUSENTE
    avaliacao.resultado = Resultado.AUSENTE
    avaliacao.parecer = ("O candidato não compareceu ao procedimento de heteroidentificação"
                         + (f": {lei.get_ausencia_display().lower()}{citar(lei.artigo_ausencia)}." if lei else "."))
    auditar(avaliacao, usuario, "Candidato ausente.")
    avaliacao.save(update_fields=["estado", "resultado", "parecer"])
    _aplicar_na_inscricao(avaliacao, usuario)
    return avaliacao


@transaction.atomic
def avaliacao_anotar(*, avaliacao: Avaliacao, notas: str, usuario) -> Avaliacao:
    """As notas da entrevista (sigilosas: só a comissão as vê; art. 10, IV)."""
    avaliacao = _travar_avaliacao(avaliacao)
    _exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado not in (EstadoAvaliacao.ENTREVISTA, EstadoAvaliacao.VOTACAO, EstadoAvaliacao.APURADA):
        raise ErroOperacao("As notas são registradas durante a entrevista e a deliberação.")
    avaliacao.notas_entrevista = notas
    avaliacao.save(update_fields=["notas_entrevista"])
    return avaliacao


@transaction.atomic
def votacao_abrir(*, avaliacao: Avaliacao, forma: str = FormaVotacao.ELETRONICA, candidato_saiu: bool,
                  usuario) -> Avaliacao:
    """Abre a votação só depois de confirmado que o candidato deixou a sala (art. 9º, § 6º); no recurso,
    depois de a comissão examinar a gravação."""
    avaliacao = _travar_avaliacao(avaliacao)
    sessao = avaliacao.sessao
    _exigir_presidente(sessao, usuario)
    _exigir_sessao_aberta(avaliacao)
    lei = sessao.comissao.certame.lei
    esperado = EstadoAvaliacao.AGUARDANDO if avaliacao.em_recurso else EstadoAvaliacao.ENTREVISTA
    if avaliacao.estado != esperado:
        raise ErroOperacao("A votação abre depois da entrevista, uma única vez.")
    if not candidato_saiu:
        if avaliacao.em_recurso:
            raise ErroOperacao("Confirme que a comissão examinou a gravação da avaliação recorrida.")
        raise ErroOperacao("Confirme que o candidato deixou a sala: é vedado deliberar na presença do candidato"
                           f"{citar(lei.artigo_deliberacao if lei else '')}.")
    if forma not in FormaVotacao.values:
        raise ErroOperacao("Escolha a forma de votação.")
    membros = sessao.comissao.membros.filter(papel=Papel.TITULAR).count()
    votantes = sessao.presentes.count()
    if lei is not None and lei.maioria == Maioria.SIMPLES_PRESENTES:
        maioria = apuracao.maioria_absoluta(votantes)
    else:
        maioria = apuracao.maioria_absoluta(membros)
    avaliacao.estado = EstadoAvaliacao.VOTACAO
    avaliacao.candidato_saiu_em = timezone.now()
    avaliacao.forma_votacao = forma
    avaliacao.membros_da_comissao = membros
    avaliacao.votantes = votantes
    avaliacao.maioria = maioria
    if forma == FormaVotacao.PAPEL:
        avaliacao.cedulas_abertas = avaliacao.abertas_confirmam = avaliacao.abertas_nao_confirmam = 0
    auditar(avaliacao, usuario, "Candidato fora da sala: votação aberta." if not avaliacao.em_recurso
             else "Gravação examinada: votação do recurso aberta.")
    avaliacao.save()
    return avaliacao


def voto_registrar(*, avaliacao: Avaliacao, usuario, confirma: bool) -> None:
    """O voto de um membro, do seu próprio login: registra que votou e, à parte, uma cédula sem dono.

    Sem `select_for_update` da avaliação: trinta membros votando ao mesmo tempo não se enfileiram; a
    restrição única de `Participacao` impede o segundo voto, e a apuração trava a avaliação. O caminho
    comum é uma consulta e duas inserções; as recusas são explicadas depois, fora dele.
    """
    membro = Membro.objects.filter(
        usuario_id=usuario.pk, sessoes_presentes__estado=EstadoSessao.ABERTA,
        sessoes_presentes__avaliacoes__pk=avaliacao.pk,
        sessoes_presentes__avaliacoes__estado=EstadoAvaliacao.VOTACAO,
        sessoes_presentes__avaliacoes__forma_votacao=FormaVotacao.ELETRONICA,
    ).values_list("pk", flat=True).first() if usuario.is_authenticated else None
    if membro is None:
        _recusar_voto(avaliacao)
    try:
        with transaction.atomic():
            Participacao.objects.create(avaliacao_id=avaliacao.pk, membro_id=membro)
            Cedula.objects.create(avaliacao_id=avaliacao.pk, confirma=confirma)
    except IntegrityError as erro:
        raise ErroOperacao("Você já votou nesta avaliação.") from erro


def _recusar_voto(avaliacao: Avaliacao) -> None:
    avaliacao = Avaliacao.objects.select_related("sessao").only("estado", "forma_votacao", "sessao__estado").get(
        pk=avaliacao.pk)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.sessao.estado != EstadoSessao.ABERTA:
        raise ErroOperacao("A votação desta avaliação não está aberta.")
    if avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Esta votação é em cédulas de papel.")
    raise ErroOperacao("Só os membros presentes à sessão votam.")


@transaction.atomic
def votacao_apurar(*, avaliacao: Avaliacao, usuario) -> Avaliacao:
    """Apura a votação eletrônica: abre as cédulas em ordem aleatória até a maioria e apaga todas."""
    avaliacao = _travar_avaliacao(avaliacao)
    _exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.VOTACAO or avaliacao.forma_votacao != FormaVotacao.ELETRONICA:
        raise ErroOperacao("Não há votação eletrônica aberta nesta avaliação.")
    cedulas = list(Cedula.objects.filter(avaliacao=avaliacao).values_list("confirma", flat=True))
    if len(cedulas) < avaliacao.votantes:
        faltam = avaliacao.votantes - len(cedulas)
        raise ErroOperacao(f"Falta{'m' if faltam > 1 else ''} {faltam} voto{'s' if faltam > 1 else ''} "
                           "dos membros presentes.")
    resultado = apuracao.apurar(cedulas, maioria=avaliacao.maioria)
    # As não abertas são destruídas sem leitura; as abertas ficam só no placar (art. 11, § 2º).
    Cedula.objects.filter(avaliacao=avaliacao).delete()
    _concluir_apuracao(avaliacao, resultado.abertas, resultado.confirmam, resultado.nao_confirmam,
                       resultado.decisao, usuario)
    return avaliacao


@transaction.atomic
def cedula_papel_abrir(*, avaliacao: Avaliacao, confirma: bool, usuario) -> Avaliacao:
    """Apuração em papel: o presidente tira uma cédula da urna e informa o valor; formada a maioria, as
    restantes são destruídas sem abrir. Se todas as cédulas forem abertas sem maioria, prevalece a dúvida."""
    avaliacao = _travar_avaliacao(avaliacao)
    _exigir_presidente(avaliacao.sessao, usuario)
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


def _concluir_apuracao(avaliacao: Avaliacao, abertas: int, confirmam: int, nao_confirmam: int,
                       decisao: bool | None, usuario) -> None:
    lei = avaliacao.sessao.comissao.certame.lei
    avaliacao.cedulas_abertas = abertas
    avaliacao.abertas_confirmam = confirmam
    avaliacao.abertas_nao_confirmam = nao_confirmam
    avaliacao.apurada_em = timezone.now()
    avaliacao.estado = EstadoAvaliacao.APURADA
    if decisao is None:
        # Nenhum lado alcançou a maioria: na dúvida razoável prevalece a autodeclaração (art. 6º, § 1º).
        duvida = lei is None or lei.duvida_favorece
        avaliacao.resultado = Resultado.CONFIRMADO if duvida else Resultado.NAO_CONFIRMADO
        avaliacao.por_duvida = duvida
        if duvida:
            avaliacao.parecer = (
                f"Apurados {apuracao.texto_votos(abertas, confirmam, nao_confirmam)}, nenhum lado alcançou a "
                f"maioria de {avaliacao.maioria} votos. Havendo dúvida razoável sobre o fenótipo, prevalece a "
                f"autodeclaração{citar(lei.artigo_duvida if lei else '')}.")
    else:
        avaliacao.resultado = Resultado.CONFIRMADO if decisao else Resultado.NAO_CONFIRMADO
    auditar(avaliacao, usuario, f"Votação apurada: {apuracao.texto_votos(abertas, confirmam, nao_confirmam)}.")
    avaliacao.save()


@transaction.atomic
def parecer_registrar(*, avaliacao: Avaliacao, parecer: str, caracteristicas: list[str], usuario) -> Avaliacao:
    """O parecer motivado; o da não confirmação diz os traços fenotípicos observados (art. 9º, § 3º)."""
    avaliacao = _travar_avaliacao(avaliacao)
    _exigir_presidente(avaliacao.sessao, usuario)
    if avaliacao.estado != EstadoAvaliacao.APURADA:
        raise ErroOperacao("O parecer é registrado depois da apuração dos votos.")
    parecer = parecer.strip()
    invalidas = set(caracteristicas) - set(Caracteristica.values)
    if invalidas:
        raise ErroOperacao(f"Traço fenotípico desconhecido: {', '.join(sorted(invalidas))}.")
    lei = avaliacao.sessao.comissao.certame.lei
    if avaliacao.resultado == Resultado.NAO_CONFIRMADO:
        if not caracteristicas:
            raise ErroOperacao("Indique os traços fenotípicos que fundamentam a não confirmação: só o fenótipo é "
                               f"avaliado{citar(lei.artigo_fenotipo if lei else '')}.")
        if len(parecer) < PARECER_MINIMO:
            raise ErroOperacao(f"Descreva no parecer, em ao menos {PARECER_MINIMO} caracteres, por que os traços "
                               "observados não correspondem à autodeclaração: decisões genéricas são anuladas.")
    elif not parecer:
        raise ErroOperacao("Escreva o parecer.")
    avaliacao.parecer = parecer
    avaliacao.caracteristicas = sorted(set(caracteristicas))
    avaliacao.estado = EstadoAvaliacao.CONCLUIDA
    auditar(avaliacao, usuario, f"Parecer: {avaliacao.get_resultado_display()}.")
    avaliacao.save(update_fields=["parecer", "caracteristicas", "estado"])
    _aplicar_na_inscricao(avaliacao, usuario)
    if avaliacao.em_recurso:
        recurso = avaliacao.recurso
        recurso.estado = EstadoRecurso.JULGADO
        auditar(recurso, usuario, f"Recurso julgado: {avaliacao.get_resultado_display()}.")
        recurso.save(update_fields=["estado"])
    return avaliacao


RESULTADO_NA_INSCRICAO = {
    Resultado.CONFIRMADO: Heteroidentificacao.CONFIRMADO,
    Resultado.NAO_CONFIRMADO: Heteroidentificacao.NAO_CONFIRMADO,
    Resultado.AUSENTE: Heteroidentificacao.AUSENTE,
}


def _aplicar_na_inscricao(avaliacao: Avaliacao, usuario) -> None:
    """O efeito no certame: as listas e chamadas leem `Inscricao.heteroidentificacao` e aplicam a lei
    congelada (eliminação ou só ampla: concursos.services.candidatos_do_cargo)."""
    inscricao = Inscricao.objects.select_for_update().get(pk=avaliacao.inscricao_id)
    inscricao.heteroidentificacao = RESULTADO_NA_INSCRICAO[avaliacao.resultado]
    instancia = "recurso" if avaliacao.em_recurso else "primeira instância"
    auditar(inscricao, usuario, f"Heteroidentificação ({instancia}): {avaliacao.get_resultado_display()}.")
    inscricao.save(update_fields=["heteroidentificacao"])


# ---- resultados e recursos ----

@transaction.atomic
def resultado_provisorio_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    """Publica o resultado provisório; a partir daqui correm os prazos de recurso e os nomes dos membros
    deixam de ser sigilosos (art. 11, § 1º)."""
    comissao = Comissao.objects.select_for_update().get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("O resultado provisório é da comissão de primeira instância.")
    if comissao.resultado_provisorio_em:
        raise ErroOperacao("O resultado provisório já foi publicado.")
    avaliacoes = Avaliacao.objects.filter(sessao__comissao=comissao, recurso__isnull=True)
    if not avaliacoes.exists():
        raise ErroOperacao("Nenhum candidato foi avaliado ainda.")
    pendentes = avaliacoes.exclude(estado__in=[EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE]).count()
    if pendentes:
        raise ErroOperacao(f"Há {pendentes} avaliação(ões) sem parecer.")
    comissao.resultado_provisorio_em = data
    auditar(comissao, usuario, "Resultado provisório publicado.")
    comissao.save(update_fields=["resultado_provisorio_em"])
    return comissao


def prazo_recurso_fim(comissao: Comissao) -> date | None:
    if comissao.resultado_provisorio_em is None:
        return None
    return comissao.resultado_provisorio_em + timedelta(days=comissao.prazo_recurso_dias)


@transaction.atomic
def recurso_protocolar(*, avaliacao: Avaliacao, protocolado_em: date, fundamentos: str, usuario) -> Recurso:
    """O recurso do candidato contra a decisão de primeira instância (art. 6º, § 2º); fora do prazo do
    edital fica registrado como não conhecido."""
    avaliacao = _travar_avaliacao(avaliacao)
    comissao = avaliacao.sessao.comissao
    if avaliacao.em_recurso:
        raise ErroOperacao("Esta já é a decisão do recurso: não cabe outro recurso por este procedimento.")
    if comissao.resultado_provisorio_em is None:
        raise ErroOperacao("O recurso cabe depois da publicação do resultado provisório.")
    if avaliacao.resultado not in (Resultado.NAO_CONFIRMADO, Resultado.AUSENTE):
        raise ErroOperacao("Só cabe recurso contra a não confirmação ou a eliminação por ausência.")
    if not fundamentos.strip():
        raise ErroOperacao("Registre os fundamentos do recurso.")
    if hasattr(avaliacao, "recurso_interposto"):
        raise ErroOperacao("Já há recurso registrado contra esta decisão.")
    fim = prazo_recurso_fim(comissao)
    estado = EstadoRecurso.PROTOCOLADO if protocolado_em <= fim else EstadoRecurso.INTEMPESTIVO
    recurso = Recurso(avaliacao=avaliacao, protocolado_em=protocolado_em, fundamentos=fundamentos.strip(),
                      estado=estado, registrado_por=usuario)
    auditar(recurso, usuario, "Recurso protocolado." if estado == EstadoRecurso.PROTOCOLADO
             else f"Recurso fora do prazo (terminou em {fim:%d/%m/%Y}).")
    recurso.save()
    return recurso


def comissao_que_julga(comissao: Comissao) -> Comissao | None:
    """A instância dos recursos: a mesma comissão, se o edital assim definir; senão, a recursal."""
    if comissao.recursos_pela_mesma:
        return comissao
    return Comissao.objects.filter(certame=comissao.certame_id, instancia=Instancia.RECURSAL).first()


@transaction.atomic
def recurso_pautar(*, recurso: Recurso, sessao: Sessao, horario: time, usuario) -> Avaliacao:
    """Põe o recurso na pauta de uma sessão da instância que o julga."""
    recurso = Recurso.objects.select_for_update().select_related("avaliacao__sessao__comissao").get(pk=recurso.pk)
    if recurso.estado != EstadoRecurso.PROTOCOLADO:
        raise ErroOperacao("Só um recurso protocolado no prazo e ainda não julgado vai à pauta.")
    if hasattr(recurso, "julgamento"):
        raise ErroOperacao("Este recurso já está na pauta de uma sessão.")
    julgadora = comissao_que_julga(recurso.avaliacao.sessao.comissao)
    if julgadora is None:
        raise ErroOperacao("Designe a comissão recursal (ou marque que a própria comissão julga os recursos).")
    if sessao.comissao_id != julgadora.pk:
        nome = "comissão recursal" if julgadora.instancia == Instancia.RECURSAL else "própria comissão"
        raise ErroOperacao(f"O recurso é julgado pela {nome}: escolha uma sessão dela.")
    if sessao.estado == EstadoSessao.ENCERRADA:
        raise ErroOperacao("A sessão já foi encerrada.")
    avaliacao = Avaliacao(sessao=sessao, inscricao_id=recurso.avaliacao.inscricao_id, recurso=recurso,
                          horario=horario, gravacao_referencia=recurso.avaliacao.gravacao_referencia,
                          gravacao_sha256=recurso.avaliacao.gravacao_sha256)
    auditar(avaliacao, usuario, f"Recurso na pauta da {sessao}.")
    avaliacao.save()
    return avaliacao


@transaction.atomic
def resultado_final_publicar(*, comissao: Comissao, data: date, usuario) -> Comissao:
    comissao = Comissao.objects.select_for_update().get(pk=comissao.pk)
    if comissao.resultado_provisorio_em is None:
        raise ErroOperacao("Publique antes o resultado provisório.")
    if comissao.resultado_final_em:
        raise ErroOperacao("O resultado final já foi publicado.")
    fim = prazo_recurso_fim(comissao)
    if data <= fim:
        raise ErroOperacao(f"O prazo de recurso corre até {fim:%d/%m/%Y}: publique o resultado final depois dele.")
    abertos = Recurso.objects.filter(avaliacao__sessao__comissao=comissao, estado=EstadoRecurso.PROTOCOLADO).count()
    if abertos:
        raise ErroOperacao(f"Há {abertos} recurso(s) ainda não julgado(s).")
    comissao.resultado_final_em = data
    auditar(comissao, usuario, "Resultado final publicado.")
    comissao.save(update_fields=["resultado_final_em"])
    return comissao


# ---- gravação ----

@transaction.atomic
def gravacao_registrar(*, avaliacao: Avaliacao, referencia: str, sha256: str, usuario) -> Avaliacao:
    """A referência do arquivo da filmagem e o seu SHA-256 (art. 9º, § 2º); o arquivo fica com a organizadora."""
    avaliacao = _travar_avaliacao(avaliacao)
    sha256 = sha256.strip().lower()
    if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
        raise ErroOperacao("O SHA-256 tem 64 dígitos hexadecimais.")
    avaliacao.gravacao_referencia = referencia.strip()
    avaliacao.gravacao_sha256 = sha256
    auditar(avaliacao, usuario, "Gravação registrada.")
    avaliacao.save(update_fields=["gravacao_referencia", "gravacao_sha256"])
    return avaliacao


@transaction.atomic
def gravacao_acessar(*, avaliacao: Avaliacao, usuario, solicitante: str, fundamento: str) -> AcessoGravacao:
    """Acesso à gravação só por pedido fundamentado, e cada acesso fica registrado (art. 9º, § 2º)."""
    if not avaliacao.gravacao_referencia:
        raise ErroOperacao("A gravação desta avaliação não foi registrada.")
    if not solicitante.strip() or len(fundamento.strip()) < 20:
        raise ErroOperacao("Informe quem pede e o fundamento do pedido (ao menos 20 caracteres).")
    return AcessoGravacao.objects.create(avaliacao=avaliacao, usuario=usuario, solicitante=solicitante.strip(),
                                         fundamento=fundamento.strip())


# ---- fraude ----

@transaction.atomic
def fraude_instaurar(*, inscricao: Inscricao, data: date, ato: str, fatos: str, usuario) -> ProcedimentoFraude:
    if ProcedimentoFraude.objects.filter(inscricao=inscricao,
                                         estado__in=[EstadoFraude.INSTAURADO, EstadoFraude.DEFESA]).exists():
        raise ErroOperacao("Já há um procedimento em curso para esta inscrição.")
    procedimento = ProcedimentoFraude(inscricao=inscricao, instaurado_em=data, ato=ato, fatos=fatos)
    auditar(procedimento, usuario, "Procedimento instaurado.")
    procedimento.save()
    return procedimento


@transaction.atomic
def fraude_registrar_defesa(*, procedimento: ProcedimentoFraude, notificado_em: date, defesa_em: date | None,
                            defesa: str, usuario) -> ProcedimentoFraude:
    procedimento = ProcedimentoFraude.objects.select_for_update().get(pk=procedimento.pk)
    if procedimento.estado not in (EstadoFraude.INSTAURADO, EstadoFraude.DEFESA):
        raise ErroOperacao("O procedimento já foi decidido.")
    procedimento.notificado_em = notificado_em
    procedimento.defesa_em = defesa_em
    procedimento.defesa = defesa
    procedimento.estado = EstadoFraude.DEFESA if defesa_em else EstadoFraude.INSTAURADO
    auditar(procedimento, usuario, "Notificação e defesa registradas.")
    procedimento.save()
    return procedimento


@transaction.atomic
def fraude_decidir(*, procedimento: ProcedimentoFraude, fraude: bool, decisao: str, data: date, usuario,
                   oficio_mp: str = "") -> ProcedimentoFraude:
    """Decide depois do contraditório: reconhecida a fraude, o candidato é eliminado e os documentos vão ao
    Ministério Público (Iúna art. 2º, § 2º; Afonso Cláudio art. 7º)."""
    procedimento = (ProcedimentoFraude.objects.select_for_update(of=("self",)).select_related("inscricao__certame__lei")
                    .get(pk=procedimento.pk))
    if procedimento.estado not in (EstadoFraude.INSTAURADO, EstadoFraude.DEFESA):
        raise ErroOperacao("O procedimento já foi decidido.")
    if procedimento.notificado_em is None:
        raise ErroOperacao("Notifique o candidato e abra prazo de defesa antes de decidir (contraditório e ampla "
                           "defesa).")
    if len(decisao.strip()) < PARECER_MINIMO:
        raise ErroOperacao(f"Fundamente a decisão (ao menos {PARECER_MINIMO} caracteres).")
    procedimento.estado = EstadoFraude.FRAUDE if fraude else EstadoFraude.ARQUIVADO
    procedimento.decisao = decisao.strip()
    procedimento.decidido_em = data
    if fraude:
        if not oficio_mp.strip():
            raise ErroOperacao("Informe o ofício de encaminhamento ao Ministério Público.")
        procedimento.encaminhado_mp_em = data
        procedimento.oficio_mp = oficio_mp.strip()
        lei = procedimento.inscricao.certame.lei
        motivo = f"Eliminada por declaração falsa{citar(lei.artigo_fraude if lei else '')}"
        nomeacao = Convocacao.objects.filter(inscricao_id=procedimento.inscricao_id, desistiu_em__isnull=True).first()
        if nomeacao is not None:
            # Já nomeado: anula-se a nomeação e a posição vai ao próximo da mesma lista (art. 7º, p. ú.).
            nomeacao_anular(convocacao=nomeacao, data=data, ato=procedimento.ato, usuario=usuario)
            procedimento.nomeacao_anulada = True
        else:
            inscricao = Inscricao.objects.select_for_update().get(pk=procedimento.inscricao_id)
            inscricao.situacao = Situacao.ELIMINADO
            auditar(inscricao, usuario, f"{motivo}.")
            inscricao.save(update_fields=["situacao"])
    auditar(procedimento, usuario, procedimento.get_estado_display())
    procedimento.save()
    return procedimento

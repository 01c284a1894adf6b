"""Comissão de heteroidentificação: membros, sessões, avaliações, cédulas secretas, recursos e fraude.

As regras vêm da lei congelada no certame (`certame.lei`), com os seus artigos. As escritas passam por
heteroidentificacao/services/; a contagem dos votos, por heteroidentificacao/apuracao.py.

Sigilo do voto (Afonso Cláudio art. 11, § 2º; decisão em docs/decisoes/0003-sigilo-do-voto.md): o voto só
chega ao banco cifrado. `Participacao` diz quem votou (sem valor e sem hora); `Cedula` guarda o voto cifrado
com AES-256-GCM sob a chave do servidor (heteroidentificacao/urna.py), sem membro e sem hora, e é apagada na
apuração, que guarda só quantas cédulas foram abertas e o placar até a decisão.

Passa de 500 linhas de propósito: os modelos do procedimento são um só agregado (a comissão, as sessões, as
avaliações, as cédulas, os recursos, a fraude), com restrições que se referem umas às outras.
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import FileExtensionValidator, MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from concursos.models import Certame, CorRaca, Escolaridade, Genero, Inscricao, RegraDecisao
from documentos.envios import validar_pdf_enviado
from heteroidentificacao.apuracao import texto_votos
from nucleo.texto import plural


class Instancia(models.TextChoices):
    PRIMEIRA = "primeira", "Primeira instância"
    RECURSAL = "recursal", "Comissão recursal"


class ComissaoManager(models.Manager):
    def get_queryset(self) -> models.QuerySet:
        # A comissão se mostra com o certame e o órgão (__str__): as listas de escolha e os filtros não fazem uma
        # consulta por comissão.
        return super().get_queryset().select_related("certame__orgao")


class Comissao(models.Model):
    """A comissão de um certame: as suas decisões valem só para ele (Afonso Cláudio art. 9º, § 5º)."""

    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.PROTECT,
                                related_name="comissoes")
    instancia = models.CharField("instância", max_length=10, choices=Instancia.choices, default=Instancia.PRIMEIRA)
    ato_designacao = models.CharField("ato de designação", max_length=200, help_text="P. ex. «Portaria nº 45/2025».")
    data_designacao = models.DateField("data da designação")
    recursos_pela_mesma = models.BooleanField(
        "recursos julgados por esta mesma comissão", default=False,
        help_text="Marque se o edital manda a própria comissão julgar os recursos; senão, uma comissão recursal "
                  "sem nenhum membro desta os julga.")
    prazo_recurso_dias = models.PositiveSmallIntegerField(
        "prazo de recurso (dias)", default=2,
        help_text="Contados da publicação do resultado de cada candidato (edital).")
    tolerancia_ausencia_minutos = models.PositiveSmallIntegerField(
        "tolerância para a ausência (minutos)", default=15, validators=[MaxValueValidator(240)],
        help_text="Quanto o edital manda esperar depois do horário de cada candidato antes de registrar a "
                  "ausência.")
    resultado_provisorio_em = models.DateField("resultado provisório publicado em", null=True, blank=True)
    resultado_final_em = models.DateField("resultado final publicado em", null=True, blank=True)
    history = HistoricalRecords()

    objects = ComissaoManager()

    class Meta:
        verbose_name = "comissão de heteroidentificação"
        verbose_name_plural = "comissões de heteroidentificação"
        ordering = ["certame", "instancia"]
        constraints = [models.UniqueConstraint(fields=["certame", "instancia"], name="comissao_unica_por_instancia")]
        # Sem citar lei: a permissão vale para as comissões de todos os certames; o dispositivo do sigilo é o da lei
        # de cada um (Lei.artigo_sigilo_membros, p. ex. Afonso Cláudio art. 11, § 1º).
        permissions = [("ver_membros_em_sigilo", "Pode ver os nomes dos membros antes do resultado, onde a lei do "
                                                 "certame os põe em sigilo (órgãos de controle)")]

    def __str__(self) -> str:
        return f"{self.get_instancia_display()} — {self.certame}"

    @property
    def lei(self):
        return self.certame.lei

    @property
    def nomes_publicos(self) -> bool:
        return self.nomes_publicos_desde is not None

    @property
    def nomes_publicos_desde(self):
        """Os nomes (e currículos) ficam em sigilo até o resultado ser publicado (art. 11, § 1º e § 3º): o
        provisório, para a primeira instância; o final, que traz o julgamento dos recursos, para a recursal."""
        if self.instancia == Instancia.PRIMEIRA:
            return self.resultado_provisorio_em
        return (Comissao.objects.filter(certame=self.certame_id, instancia=Instancia.PRIMEIRA)
                .values_list("resultado_final_em", flat=True).first())


class Papel(models.TextChoices):
    TITULAR = "titular", "Titular"
    SUPLENTE = "suplente", "Suplente"


def _caminho_curriculo(membro: Membro, nome: str) -> str:
    return f"comissoes/{membro.comissao_id}/curriculos/{uuid.uuid4().hex}.pdf"


def _caminho_termo(membro: Membro, nome: str) -> str:
    return f"comissoes/{membro.comissao_id}/termos/{uuid.uuid4().hex}.pdf"


# A extensão e o conteúdo (um HTML com nome .pdf é recusado), no limite de LIMITE_ENVIO_PDF_MB.
SO_PDF = [FileExtensionValidator(["pdf"], "Envie o arquivo em PDF."), validar_pdf_enviado]
# Quem vota na comissão não pode ser quem a administra: uma conta do RH (ou um superusuário) ligada a um membro
# poria o admin inteiro atrás do voto secreto, e o contrário.
CONTA_DA_COMISSAO = Q(is_staff=False, is_superuser=False, groups__isnull=True)


class Membro(models.Model):
    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.CASCADE, related_name="membros")
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="usuário (acesso à área da comissão)", null=True, blank=True,
        on_delete=models.PROTECT, related_name="membros_comissao", limit_choices_to=CONTA_DA_COMISSAO,
        help_text="Uma conta criada para a comissão: sem acesso ao admin, sem superpoderes e sem grupo de acesso.")
    papel = models.CharField("papel", max_length=10, choices=Papel.choices, default=Papel.TITULAR)
    presidente = models.BooleanField("presidente", default=False)
    nome = models.CharField("nome", max_length=200)
    cpf = models.CharField("CPF", max_length=11)
    cor_raca = models.CharField("cor ou raça (IBGE)", max_length=10, choices=CorRaca.choices)
    genero = models.CharField("gênero", max_length=16, choices=Genero.choices)
    servidor_efetivo = models.BooleanField("servidor público efetivo", default=False)
    estavel = models.BooleanField("com estabilidade", default=False)
    servidor_carreira = models.BooleanField("servidor de carreira", default=False)
    carreira = models.CharField("carreira e cargo", max_length=200, blank=True)
    reside_desde = models.DateField("reside no município desde", null=True, blank=True)
    escolaridade = models.CharField("escolaridade", max_length=16, choices=Escolaridade.choices)
    formacao = models.CharField("formação", max_length=200, blank=True)
    reputacao_declarada_em = models.DateField("declaração de reputação ilibada em", null=True, blank=True)
    curriculo = models.FileField("currículo (PDF)", upload_to=_caminho_curriculo, blank=True, validators=SO_PDF)
    termo_assinado_em = models.DateField("termo de confidencialidade assinado em", null=True, blank=True)
    termo_assinado = models.FileField("termo assinado (PDF)", upload_to=_caminho_termo, blank=True, validators=SO_PDF)
    history = HistoricalRecords(excluded_fields=["cor_raca", "cpf"])

    class Meta:
        verbose_name = "membro da comissão"
        verbose_name_plural = "membros da comissão"
        ordering = ["comissao", "-presidente", "papel", "nome"]
        constraints = [
            models.UniqueConstraint(fields=["comissao", "cpf"], name="membro_cpf_unico_na_comissao"),
            models.UniqueConstraint(fields=["comissao", "usuario"], condition=Q(usuario__isnull=False),
                                    name="membro_usuario_unico_na_comissao"),
            models.UniqueConstraint(fields=["comissao"], condition=Q(presidente=True),
                                    name="comissao_um_presidente"),
        ]

    def __str__(self) -> str:
        return self.nome

    def save(self, *args, **kwargs):
        # Também fora do admin: nenhum caminho reescreve o que sustentou uma decisão.
        self.clean()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.congelado or (self.papel == Papel.TITULAR and Sessao.objects.filter(comissao=self.comissao_id).exclude(
                estado=EstadoSessao.AGENDADA).exists()):
            raise ValidationError(f"{self.nome} não pode ser removido: a comissão já fez sessão com ele, ou a maioria "
                                  "absoluta se conta sobre os titulares.")
        return super().delete(*args, **kwargs)

    def clean(self) -> None:
        if self.pk is not None and self.congelado:
            anterior = Membro.objects.get(pk=self.pk)
            campos = [self._meta.get_field(c) for c in CAMPOS_CONFERIDOS]
            mudados = [str(f.verbose_name) for f in campos if getattr(anterior, f.attname) != getattr(self, f.attname)]
            if mudados:
                raise ValidationError(f"{self.nome} já participou de sessão (ou o resultado foi publicado): não mudam "
                                      f"mais {', '.join(mudados)}.")
        titular = self.papel == Papel.TITULAR
        era_titular = self.pk is not None and Membro.objects.filter(pk=self.pk, papel=Papel.TITULAR).exists()
        if titular != era_titular and self.comissao_id and Sessao.objects.filter(
                comissao=self.comissao_id).exclude(estado=EstadoSessao.AGENDADA).exists():
            # A maioria absoluta conta os titulares (Afonso Cláudio art. 9º, § 4º): mudá-los no meio do procedimento
            # mudaria a maioria de uma votação para outra.
            raise ValidationError("A comissão já fez sessão: os titulares não mudam mais, porque a maioria absoluta "
                                  "se conta sobre eles; acrescente suplentes.")

    @property
    def congelado(self) -> bool:
        """Quem já se sentou numa sessão (ou cuja comissão já tem resultado publicado) não muda mais o que a lei
        confere (cor ou raça, vínculo, requisitos, papel, login): as decisões tomadas se apoiam nesses dados."""
        return self.pk is not None and (self.sessoes_participadas.exists() or self.comissao.nomes_publicos)


# O que a composição confere (Afonso Cláudio art. 8º e art. 11) e o login com que o membro vota.
CAMPOS_CONFERIDOS = ("papel", "presidente", "cpf", "cor_raca", "genero", "servidor_efetivo", "estavel",
                     "servidor_carreira", "reside_desde", "escolaridade", "reputacao_declarada_em",
                     "termo_assinado_em", "usuario")


class EstadoSessao(models.TextChoices):
    AGENDADA = "agendada", "Agendada"
    ABERTA = "aberta", "Aberta"
    ENCERRADA = "encerrada", "Encerrada"


class Sessao(models.Model):
    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.PROTECT, related_name="sessoes")
    numero = models.PositiveIntegerField("número")
    data = models.DateField("data")
    inicio = models.TimeField("início")
    local = models.CharField("local", max_length=200)
    estado = models.CharField("estado", max_length=10, choices=EstadoSessao.choices, default=EstadoSessao.AGENDADA)
    presentes = models.ManyToManyField(Membro, verbose_name="membros presentes", blank=True,
                                       related_name="sessoes_presentes",
                                       help_text="Quem está presente agora (entradas e saídas ficam nas ocorrências).")
    participantes = models.ManyToManyField(
        Membro, verbose_name="membros que participaram", blank=True, related_name="sessoes_participadas",
        help_text="Todos os que estiveram presentes em algum momento: assinam a ata.")
    aberta_em = models.DateTimeField("aberta em", null=True, blank=True)
    encerrada_em = models.DateTimeField("encerrada em", null=True, blank=True)
    ocorrencias = models.TextField("ocorrências", blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "sessão"
        verbose_name_plural = "sessões"
        ordering = ["comissao", "numero"]
        constraints = [models.UniqueConstraint(fields=["comissao", "numero"], name="sessao_numero_unico")]

    def __str__(self) -> str:
        return f"{self.numero}ª sessão ({self.data:%d/%m/%Y})"


class EstadoAvaliacao(models.TextChoices):
    AGUARDANDO = "aguardando", "Aguardando o candidato"
    ENTREVISTA = "entrevista", "Em entrevista"
    AUSENTE = "ausente", "Candidato ausente"
    VOTACAO = "votacao", "Votação aberta (candidato fora da sala)"
    APURADA = "apurada", "Votos apurados"
    CONCLUIDA = "concluida", "Parecer registrado"


class Resultado(models.TextChoices):
    CONFIRMADO = "confirmado", "Autodeclaração confirmada"
    NAO_CONFIRMADO = "nao_confirmado", "Autodeclaração não confirmada"
    AUSENTE = "ausente", "Ausente"
    # Só no julgamento de um recurso contra a ausência: nunca uma confirmação sem ver o candidato.
    NOVA_CONVOCACAO = "nova_convocacao", "Nova convocação (ausência justificada)"


class FormaVotacao(models.TextChoices):
    ELETRONICA = "eletronica", "Cada membro no seu dispositivo"
    PAPEL = "papel", "Cédulas em papel (o presidente registra as abertas)"
    # Só onde a lei manda cada membro registrar a sua avaliação (Lei.forma_deliberacao): nada nela é secreto.
    INDIVIDUAL = "individual", "Avaliação individual de cada membro, registrada e assinada"


class Caracteristica(models.TextChoices):
    # Só o fenótipo conta (Afonso Cláudio art. 9º, § 3º): o parecer diz quais traços a comissão observou.
    PELE = "pele", "Cor da pele"
    CABELO = "cabelo", "Textura do cabelo"
    NARIZ = "nariz", "Formato do nariz"
    LABIOS = "labios", "Formato dos lábios"
    CONJUNTO = "conjunto", "Conjunto fenotípico"


class Avaliacao(models.Model):
    """A heteroidentificação de uma inscrição numa sessão (primeira instância ou recurso)."""

    sessao = models.ForeignKey(Sessao, verbose_name="sessão", on_delete=models.PROTECT, related_name="avaliacoes")
    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.PROTECT,
                                  related_name="avaliacoes_heteroidentificacao")
    recurso = models.OneToOneField("Recurso", verbose_name="recurso julgado", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="julgamento")
    nova_convocacao_por = models.OneToOneField(
        "Recurso", verbose_name="nova convocação determinada pelo recurso", null=True, blank=True,
        on_delete=models.PROTECT, related_name="nova_avaliacao")
    horario = models.TimeField("horário")
    iniciada_em = models.DateTimeField("entrevista iniciada em", null=True, blank=True)
    estado = models.CharField("estado", max_length=12, choices=EstadoAvaliacao.choices,
                              default=EstadoAvaliacao.AGUARDANDO)
    notas_entrevista = models.TextField("notas da entrevista (sigilosas)", blank=True)
    candidato_saiu_em = models.DateTimeField("candidato deixou a sala em", null=True, blank=True)
    forma_votacao = models.CharField("forma de votação", max_length=10, choices=FormaVotacao.choices, blank=True)
    membros_da_comissao = models.PositiveSmallIntegerField("membros da comissão (base da maioria)", null=True,
                                                           blank=True)
    votantes = models.PositiveSmallIntegerField("membros presentes que votam", null=True, blank=True)
    eleitores = models.ManyToManyField("Membro", verbose_name="membros que votam", blank=True,
                                       related_name="avaliacoes_como_eleitor")
    maioria = models.PositiveSmallIntegerField("votos que formam a maioria", null=True, blank=True)
    cedulas_abertas = models.PositiveSmallIntegerField("cédulas abertas", null=True, blank=True)
    abertas_confirmam = models.PositiveSmallIntegerField("abertas que confirmam", null=True, blank=True)
    abertas_nao_confirmam = models.PositiveSmallIntegerField("abertas que não confirmam", null=True, blank=True)
    apurada_em = models.DateTimeField("apurada em", null=True, blank=True)
    resultado = models.CharField("resultado", max_length=16, choices=Resultado.choices, blank=True)
    por_duvida = models.BooleanField("confirmada pela dúvida razoável", default=False)
    regra_decisao = models.CharField(
        "regra de decisão das avaliações individuais", max_length=20, choices=RegraDecisao.choices, blank=True,
        db_default="",
        help_text="A regra do edital quando a deliberação abriu (no recurso contra a ausência, a maioria): a apuração "
                  "decide por ela, e uma retificação posterior não a alcança.")
    selo_deliberacao = models.CharField(
        "selo da deliberação (HMAC-SHA-256)", max_length=64, blank=True, db_default="",
        help_text="Gravado no encerramento das avaliações individuais: cobre as assinaturas de todas, o placar e o "
                  "resultado. Uma linha apagada ou um placar alterado no banco fazem a ata dizer que não confere.")
    prevaleceu_autodeclaracao = models.BooleanField(
        "autodeclaração prevaleceu pela regra das duas instâncias", default=False, db_default=False,
        help_text="As decisões desfavoráveis da comissão e da recursal foram ambas não unânimes (regra do edital).")
    caracteristicas = models.JSONField("traços fenotípicos observados", default=list, blank=True)
    parecer = models.TextField("parecer motivado", blank=True)
    gravacao_referencia = models.CharField("gravação (referência do arquivo)", max_length=300, blank=True)
    gravacao_sha256 = models.CharField("gravação (SHA-256)", max_length=64, blank=True)
    resultado_publicado_em = models.DateField("resultado publicado em", null=True, blank=True)
    history = HistoricalRecords(excluded_fields=["notas_entrevista"])

    class Meta:
        verbose_name = "avaliação"
        verbose_name_plural = "avaliações"
        ordering = ["sessao", "horario", "pk"]
        constraints = [
            # Uma avaliação de primeira instância por inscrição; outra só por nova convocação que um recurso
            # contra a ausência determinou.
            models.UniqueConstraint(fields=["inscricao"], condition=Q(recurso__isnull=True,
                                                                      nova_convocacao_por__isnull=True),
                                    name="avaliacao_primeira_unica"),
        ]
        indexes = [models.Index(fields=["sessao", "estado"], name="avaliacao_sessao_estado_idx")]

    def __str__(self) -> str:
        return f"Inscrição {self.inscricao.numero} — {self.sessao}"

    @property
    def em_recurso(self) -> bool:
        return self.recurso_id is not None

    @property
    def estado_antes_da_votacao(self) -> str:
        """O recurso vota logo (a comissão decide pela gravação ou pelos fundamentos); a primeira instância, depois da
        entrevista."""
        return EstadoAvaliacao.AGUARDANDO if self.em_recurso else EstadoAvaliacao.ENTREVISTA

    @property
    def recurso_contra_ausencia(self) -> bool:
        """O julgamento de um recurso contra a ausência: a comissão nunca viu o candidato e não avalia o fenótipo;
        decide só se cabe nova convocação."""
        return self.em_recurso and self.recurso.avaliacao.resultado == Resultado.AUSENTE

    @property
    def sem_maioria(self) -> bool:
        """Apurada sem que um lado alcançasse a maioria: o resultado espera o parecer da comissão (art. 6º, § 1º)."""
        return self.estado == EstadoAvaliacao.APURADA and not self.resultado

    @property
    def por_avaliacoes_individuais(self) -> bool:
        return self.forma_votacao == FormaVotacao.INDIVIDUAL

    @property
    def votos_abertos_texto(self) -> str:
        """O que a ata registra (art. 11, § 2º): «2 votos» ou «3 votos (2 a 1)», nunca «3 a 0». Nas avaliações
        individuais, que não são secretas, o placar inteiro: «5 avaliações (3 a 2)», «5 avaliações (5 a 0)»."""
        if self.por_avaliacoes_individuais and self.cedulas_abertas is not None:
            return (f"{plural(self.cedulas_abertas, 'avaliação', 'avaliações')} ({self.abertas_confirmam or 0} "
                    f"favoráveis a {self.abertas_nao_confirmam or 0} desfavoráveis)")
        if self.cedulas_abertas is None:
            return ""
        return texto_votos(self.cedulas_abertas, self.abertas_confirmam or 0, self.abertas_nao_confirmam or 0)


class Participacao(models.Model):
    """Quem já votou numa avaliação: sem o valor do voto, sem hora e com chave aleatória (a ordem dos votos
    não fica registrada, e nada a liga a uma cédula)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # As chaves estrangeiras da participação e da cédula não têm restrição no banco: para conferi-las, o PostgreSQL
    # travaria a cada voto a linha da avaliação e a do membro (FOR KEY SHARE), deixando no `xmax` delas a transação do
    # voto, e o voto esperaria atrás da anulação ou da apuração, que travam a avaliação (um impasse). Os valores vêm
    # sempre da consulta de eleitores do próprio voto (services/votacao.py).
    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.CASCADE,
                                  related_name="participacoes", db_constraint=False)
    membro = models.ForeignKey(Membro, verbose_name="membro", on_delete=models.PROTECT, related_name="+",
                               db_constraint=False)

    class Meta:
        verbose_name = "participação na votação"
        verbose_name_plural = "participações na votação"
        constraints = [models.UniqueConstraint(fields=["avaliacao", "membro"], name="um_voto_por_membro")]

    def __str__(self) -> str:
        return f"{self.membro} votou"


class Cedula(models.Model):
    """Uma cédula secreta: o voto cifrado (heteroidentificacao/urna.py), sem membro, sem hora e com chave aleatória.

    Existe só entre o voto e a apuração: a apuração abre as cédulas na memória e apaga todas (as abertas viram o
    placar da avaliação; as não abertas são destruídas sem que ninguém as leia). No banco só há o texto cifrado,
    do mesmo tamanho para os dois votos.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.CASCADE, related_name="+",
                                  db_constraint=False)
    conteudo = models.BinaryField("voto cifrado")

    class Meta:
        verbose_name = "cédula"
        verbose_name_plural = "cédulas"
        default_permissions = ()

    def __str__(self) -> str:
        return "Cédula secreta"


class AvaliacaoIndividual(models.Model):
    """A avaliação de um membro, registrada do seu próprio login e assinada (decisão 0017): onde a lei manda cada
    membro avaliar (`Lei.forma_deliberacao`), a ata a mostra com o nome, os traços e a fundamentação. Não é uma
    cédula: nada aqui é secreto, e uma lei de votos secretos nunca chega a este registro.

    A assinatura é o HMAC do conteúdo com a chave do servidor (`conteudo_assinado`): alterar uma linha no banco a
    desfaz, e a ata diz que ela não confere. Registrada, não muda; só sai se a deliberação for anulada antes do
    encerramento (a ata diz quando e por quê)."""

    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.CASCADE,
                                  related_name="avaliacoes_individuais")
    membro = models.ForeignKey(Membro, verbose_name="membro", on_delete=models.PROTECT, related_name="+")
    defere = models.BooleanField("defere a autodeclaração")
    caracteristicas = models.JSONField("traços fenotípicos observados", default=list)
    # A assinatura cobre o resumo dos traços, não os traços: no fim da guarda eles saem (LGPD art. 16; dado de origem
    # racial, art. 5º, II) e o resumo fica, de modo que a assinatura continua a conferir.
    resumo_caracteristicas = models.CharField("resumo dos traços (SHA-256)", max_length=64)
    caracteristicas_apagadas_em = models.DateTimeField("traços apagados no fim da guarda em", null=True, blank=True)
    fundamentacao = models.TextField("fundamentação")
    registrada_em = models.DateTimeField("registrada em")
    assinatura = models.CharField("assinatura (HMAC-SHA-256)", max_length=64)

    class Meta:
        verbose_name = "avaliação individual de membro"
        verbose_name_plural = "avaliações individuais de membros"
        ordering = ["avaliacao", "registrada_em", "pk"]
        constraints = [models.UniqueConstraint(fields=["avaliacao", "membro"], name="uma_avaliacao_por_membro")]

    def __str__(self) -> str:
        return f"Avaliação de {self.membro}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError("A avaliação individual assinada não muda.")
        super().save(*args, **kwargs)

    def conteudo_assinado(self, cpf: str, aberta_em: datetime) -> str:
        """O que a assinatura cobre: a avaliação e o momento em que a deliberação abriu (`candidato_saiu_em`, que
        muda a cada abertura: a avaliação de uma deliberação anulada não serve à seguinte), o membro (pelo CPF), a
        decisão, o resumo dos traços, a fundamentação e o momento do registro."""
        decisao = "defere" if self.defere else "indefere"
        return "|".join(["avaliacao-individual-v3", str(self.avaliacao_id), aberta_em.isoformat(), cpf, decisao,
                         self.resumo_caracteristicas, self.fundamentacao, self.registrada_em.isoformat()])

    @staticmethod
    def resumir(caracteristicas: list[str]) -> str:
        return hashlib.sha256(",".join(sorted(caracteristicas)).encode()).hexdigest()

    @property
    def caracteristicas_conferem(self) -> bool:
        """Os traços guardados são os do resumo assinado; apagados no fim da guarda, não há o que conferir."""
        return (self.caracteristicas_apagadas_em is not None and not self.caracteristicas) or (
            self.resumir(self.caracteristicas) == self.resumo_caracteristicas)


class EstadoRecurso(models.TextChoices):
    PROTOCOLADO = "protocolado", "Protocolado"
    INTEMPESTIVO = "intempestivo", "Não conhecido (fora do prazo)"
    JULGADO = "julgado", "Julgado"


class Recurso(models.Model):
    avaliacao = models.OneToOneField(Avaliacao, verbose_name="decisão recorrida", on_delete=models.PROTECT,
                                     related_name="recurso_interposto")
    protocolado_em = models.DateField("protocolado em")
    fundamentos = models.TextField("fundamentos do candidato")
    estado = models.CharField("estado", max_length=12, choices=EstadoRecurso.choices,
                              default=EstadoRecurso.PROTOCOLADO)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                       on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "recurso"
        verbose_name_plural = "recursos"
        ordering = ["-protocolado_em"]

    def __str__(self) -> str:
        return f"Recurso da inscrição {self.avaliacao.inscricao.numero}"


class AcessoGravacao(models.Model):
    """Cada acesso à gravação, com o pedido fundamentado (art. 9º, § 2º): nunca se altera nem se apaga."""

    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.PROTECT,
                                  related_name="acessos_gravacao")
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.PROTECT,
                                related_name="+")
    solicitante = models.CharField("pedido de", max_length=200, help_text="Candidato, órgão, comissão recursal…")
    fundamento = models.TextField("fundamento do pedido")
    em = models.DateTimeField("acesso em", auto_now_add=True)
    julgamento = models.ForeignKey(
        Avaliacao, verbose_name="exame pela comissão no julgamento do recurso", null=True, blank=True,
        on_delete=models.PROTECT, related_name="exames_da_gravacao",
        help_text="Preenchido quando o acesso é o exame da gravação pela comissão que julga o recurso: só esse faz a "
                  "ata dizer que a comissão a examinou.")

    class Meta:
        verbose_name = "acesso à gravação"
        verbose_name_plural = "acessos às gravações"
        ordering = ["-em"]

    def __str__(self) -> str:
        return f"Acesso de {self.usuario} em {self.em:%d/%m/%Y %H:%M}"


class EstadoFraude(models.TextChoices):
    INSTAURADO = "instaurado", "Instaurado (aguardando defesa)"
    DEFESA = "defesa", "Defesa apresentada"
    ARQUIVADO = "arquivado", "Arquivado (sem fraude)"
    FRAUDE = "fraude", "Fraude reconhecida"


class ProcedimentoFraude(models.Model):
    """Apuração de declaração falsa, com contraditório e ampla defesa (Afonso Cláudio art. 7º; Iúna art. 2º)."""

    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.PROTECT,
                                  related_name="procedimentos_fraude")
    instaurado_em = models.DateField("instaurado em")
    ato = models.CharField("ato de instauração", max_length=200)
    fatos = models.TextField("fatos apurados")
    notificado_em = models.DateField("candidato notificado em", null=True, blank=True)
    defesa_em = models.DateField("defesa apresentada em", null=True, blank=True)
    defesa = models.TextField("defesa", blank=True)
    estado = models.CharField("estado", max_length=12, choices=EstadoFraude.choices,
                              default=EstadoFraude.INSTAURADO)
    decisao = models.TextField("decisão fundamentada", blank=True)
    decidido_em = models.DateField("decidido em", null=True, blank=True)
    nomeacao_anulada = models.BooleanField("nomeação anulada", default=False)
    encaminhado_mp_em = models.DateField("encaminhado ao Ministério Público em", null=True, blank=True)
    oficio_mp = models.CharField("ofício ao Ministério Público", max_length=200, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "procedimento de apuração de fraude"
        verbose_name_plural = "procedimentos de apuração de fraude"
        ordering = ["-instaurado_em"]

    def __str__(self) -> str:
        return f"Apuração — inscrição {self.inscricao.numero}"


class TipoOcorrencia(models.TextChoices):
    FORA_DA_DATA = "fora_da_data", "Sessão aberta fora da data marcada"
    SAIDA = "saida", "Saída de membro"
    ENTRADA = "entrada", "Entrada de membro"
    VOTACAO_ANULADA = "anulacao", "Votação anulada antes da apuração"


class OcorrenciaSessao(models.Model):
    """O que aconteceu durante a sessão e vai à ata com a hora: abertura fora da data, saída e entrada de membros,
    votação anulada. Só se acrescenta; nada se altera nem se apaga."""

    sessao = models.ForeignKey(Sessao, verbose_name="sessão", on_delete=models.PROTECT,
                               related_name="ocorrencias_registradas")
    em = models.DateTimeField("em", default=timezone.now)
    tipo = models.CharField("tipo", max_length=14, choices=TipoOcorrencia.choices)
    membro = models.ForeignKey(Membro, verbose_name="membro", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    descricao = models.TextField("descrição")
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                       on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = "ocorrência da sessão"
        verbose_name_plural = "ocorrências da sessão"
        ordering = ["sessao", "em", "pk"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} às {timezone.localtime(self.em):%H:%M}"


class Dispensa(models.Model):
    """Um cotista que a comissão não avalia, com o motivo registrado (p. ex. eliminado em fase anterior à
    heteroidentificação): sem isso, o resultado provisório não sai com cotistas sem avaliação."""

    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.PROTECT,
                                 related_name="dispensas")
    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.PROTECT,
                                  related_name="dispensas_heteroidentificacao")
    motivo = models.TextField("motivo")
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrada por",
                                       on_delete=models.PROTECT, related_name="+")
    registrada_em = models.DateTimeField("registrada em", auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "cotista fora da heteroidentificação"
        verbose_name_plural = "cotistas fora da heteroidentificação"
        ordering = ["comissao", "inscricao__numero"]
        constraints = [models.UniqueConstraint(fields=["comissao", "inscricao"], name="dispensa_unica")]

    def __str__(self) -> str:
        return f"Inscrição {self.inscricao.numero} fora da heteroidentificação"

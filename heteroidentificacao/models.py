"""Comissão de heteroidentificação: membros, sessões, avaliações, cédulas secretas, recursos e fraude.

As regras vêm da lei congelada no certame (`certame.lei`), com os seus artigos. As escritas passam por
heteroidentificacao/services.py; a contagem dos votos, por heteroidentificacao/apuracao.py.

Sigilo do voto (Afonso Cláudio art. 11, § 2º; decisão em docs/decisoes/0003-sigilo-do-voto.md): nenhuma
tabela liga um membro a um valor de voto. `Participacao` diz quem votou (sem valor e sem hora);
`Cedula` guarda o valor (sem membro, sem hora, chave aleatória) e é apagada na apuração, que guarda só
quantas cédulas foram abertas e o placar até a decisão.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.validators import FileExtensionValidator
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from concursos.models import Certame, CorRaca, Escolaridade, Genero, Inscricao
from heteroidentificacao.apuracao import texto_votos


class Instancia(models.TextChoices):
    PRIMEIRA = "primeira", "Primeira instância"
    RECURSAL = "recursal", "Comissão recursal"


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
        "prazo de recurso (dias)", default=2, help_text="Contados da publicação do resultado provisório (edital).")
    resultado_provisorio_em = models.DateField("resultado provisório publicado em", null=True, blank=True)
    resultado_final_em = models.DateField("resultado final publicado em", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "comissão de heteroidentificação"
        verbose_name_plural = "comissões de heteroidentificação"
        ordering = ["certame", "instancia"]
        constraints = [models.UniqueConstraint(fields=["certame", "instancia"], name="comissao_unica_por_instancia")]
        permissions = [("ver_membros_em_sigilo", "Pode ver os nomes dos membros antes do resultado "
                                                 "(órgãos de controle; Afonso Cláudio art. 11, § 1º)")]

    def __str__(self) -> str:
        return f"{self.get_instancia_display()} — edital {self.certame.numero_edital}"

    @property
    def lei(self):
        return self.certame.lei

    @property
    def nomes_publicos(self) -> bool:
        """Os nomes (e currículos) ficam em sigilo até o resultado ser publicado (art. 11, § 1º e § 3º): o
        provisório, para a primeira instância; o final, que traz o julgamento dos recursos, para a recursal."""
        if self.instancia == Instancia.PRIMEIRA:
            return self.resultado_provisorio_em is not None
        return Comissao.objects.filter(certame=self.certame_id, instancia=Instancia.PRIMEIRA,
                                       resultado_final_em__isnull=False).exists()


class Papel(models.TextChoices):
    TITULAR = "titular", "Titular"
    SUPLENTE = "suplente", "Suplente"


def _caminho_curriculo(membro: Membro, nome: str) -> str:
    return f"comissoes/{membro.comissao_id}/curriculos/{uuid.uuid4().hex}.pdf"


def _caminho_termo(membro: Membro, nome: str) -> str:
    return f"comissoes/{membro.comissao_id}/termos/{uuid.uuid4().hex}.pdf"


SO_PDF = [FileExtensionValidator(["pdf"], "Envie o arquivo em PDF.")]


class Membro(models.Model):
    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.CASCADE, related_name="membros")
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="usuário (acesso à área da comissão)",
                                null=True, blank=True, on_delete=models.PROTECT, related_name="membros_comissao")
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
                                       related_name="sessoes_presentes")
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


class FormaVotacao(models.TextChoices):
    ELETRONICA = "eletronica", "Cada membro no seu dispositivo"
    PAPEL = "papel", "Cédulas em papel (o presidente registra as abertas)"


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
    horario = models.TimeField("horário")
    estado = models.CharField("estado", max_length=12, choices=EstadoAvaliacao.choices,
                              default=EstadoAvaliacao.AGUARDANDO)
    notas_entrevista = models.TextField("notas da entrevista (sigilosas)", blank=True)
    candidato_saiu_em = models.DateTimeField("candidato deixou a sala em", null=True, blank=True)
    forma_votacao = models.CharField("forma de votação", max_length=10, choices=FormaVotacao.choices, blank=True)
    membros_da_comissao = models.PositiveSmallIntegerField("membros da comissão (base da maioria)", null=True,
                                                           blank=True)
    votantes = models.PositiveSmallIntegerField("membros presentes que votam", null=True, blank=True)
    maioria = models.PositiveSmallIntegerField("votos que formam a maioria", null=True, blank=True)
    cedulas_abertas = models.PositiveSmallIntegerField("cédulas abertas", null=True, blank=True)
    abertas_confirmam = models.PositiveSmallIntegerField("abertas que confirmam", null=True, blank=True)
    abertas_nao_confirmam = models.PositiveSmallIntegerField("abertas que não confirmam", null=True, blank=True)
    apurada_em = models.DateTimeField("apurada em", null=True, blank=True)
    resultado = models.CharField("resultado", max_length=16, choices=Resultado.choices, blank=True)
    por_duvida = models.BooleanField("confirmada pela dúvida razoável", default=False)
    caracteristicas = models.JSONField("traços fenotípicos observados", default=list, blank=True)
    parecer = models.TextField("parecer motivado", blank=True)
    gravacao_referencia = models.CharField("gravação (referência do arquivo)", max_length=300, blank=True)
    gravacao_sha256 = models.CharField("gravação (SHA-256)", max_length=64, blank=True)
    history = HistoricalRecords(excluded_fields=["notas_entrevista"])

    class Meta:
        verbose_name = "avaliação"
        verbose_name_plural = "avaliações"
        ordering = ["sessao", "horario", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["inscricao"], condition=Q(recurso__isnull=True),
                                    name="avaliacao_primeira_unica"),
        ]
        indexes = [models.Index(fields=["sessao", "estado"], name="avaliacao_sessao_estado_idx")]

    def __str__(self) -> str:
        return f"Inscrição {self.inscricao.numero} — {self.sessao}"

    @property
    def em_recurso(self) -> bool:
        return self.recurso_id is not None

    @property
    def votos_abertos_texto(self) -> str:
        """O que a ata registra (art. 11, § 2º): «2 votos» ou «3 votos (2 a 1)», nunca «3 a 0»."""
        if self.cedulas_abertas is None:
            return ""
        return texto_votos(self.cedulas_abertas, self.abertas_confirmam or 0, self.abertas_nao_confirmam or 0)


class Participacao(models.Model):
    """Quem já votou numa avaliação: sem o valor do voto, sem hora e com chave aleatória (a ordem dos votos
    não fica registrada, e nada a liga a uma cédula)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.CASCADE,
                                  related_name="participacoes")
    membro = models.ForeignKey(Membro, verbose_name="membro", on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = "participação na votação"
        verbose_name_plural = "participações na votação"
        constraints = [models.UniqueConstraint(fields=["avaliacao", "membro"], name="um_voto_por_membro")]

    def __str__(self) -> str:
        return f"{self.membro} votou"


class Cedula(models.Model):
    """Uma cédula secreta: só o valor, sem membro, sem hora e com chave aleatória (não revela a ordem).

    Existe só entre o voto e a apuração: a apuração apaga todas (as abertas viram o placar da avaliação;
    as não abertas são destruídas sem que ninguém as leia).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    avaliacao = models.ForeignKey(Avaliacao, verbose_name="avaliação", on_delete=models.CASCADE, related_name="+")
    confirma = models.BooleanField("confirma a autodeclaração")

    class Meta:
        verbose_name = "cédula"
        verbose_name_plural = "cédulas"
        default_permissions = ()

    def __str__(self) -> str:
        return "Cédula secreta"


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

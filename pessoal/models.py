"""O quadro de pessoal de cada órgão fora dos concursos: as nomeações para cargos em comissão, os contratos de estágio
e o cadastro dos servidores com a autodeclaração de cada recadastramento (Ubatuba art. 1º, parágrafo único, I e II, e
arts. 8º e 10).

Cor ou raça é dado pessoal sensível (LGPD art. 5º, II, e art. 11): a autodeclaração é opcional, fica fora do histórico
do django-simple-history (a página do histórico não a mostraria só a quem pode vê-la) e só aparece a quem tem
`pessoal.ver_autodeclaracao_do_pessoal`. Nomear, exonerar, contratar e encerrar são atos (pessoal/services.py): cada
um deixa uma linha em `AtoPessoal`, que não se altera nem se apaga.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import Q
from localflavor.br.validators import BRCPFValidator
from simple_history.models import HistoricalRecords

from concursos.models import CorRaca, Genero
from nucleo.models import Orgao

# A autodeclaração fica fora do histórico (LGPD art. 11), como a da inscrição (concursos/models.py).
CAMPOS_DA_AUTODECLARACAO = ("cor_raca", "quilombola", "autodeclaracao_em")


class TipoQuadro(models.TextChoices):
    """Onde o piso se mede: no conjunto dos cargos em comissão (Ubatuba art. 8º) ou nos estágios de cada órgão (art.
    1º, parágrafo único, I)."""

    COMISSAO = "comissao", "cargos em comissão"
    ESTAGIO = "estagio", "estágios"


class Vinculo(models.TextChoices):
    EFETIVO = "efetivo", "Efetivo"
    COMISSIONADO = "comissionado", "Comissionado"
    EMPREGADO_PUBLICO = "empregado_publico", "Empregado público"
    TEMPORARIO = "temporario", "Temporário"
    ESTAGIARIO = "estagiario", "Estagiário"


class Autodeclarado(models.Model):
    """A pessoa como o órgão a conhece, com a autodeclaração opcional de cor ou raça: sem ela, a pessoa conta como «não
    informada», nunca como fora dos grupos."""

    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT, related_name="+")
    nome = models.CharField("nome", max_length=200)
    cpf = models.CharField("CPF", max_length=11, blank=True, validators=[BRCPFValidator()],
                           help_text="Opcional; só os 11 dígitos.")
    genero = models.CharField("gênero", max_length=16, choices=Genero.choices, default=Genero.NAO_INFORMADO)
    cor_raca = models.CharField("cor ou raça (IBGE)", max_length=10, choices=CorRaca.choices, blank=True,
                                help_text="Autodeclarada e opcional; em branco, «não informada».")
    quilombola = models.BooleanField("quilombola (autodeclarado)", default=False)
    autodeclaracao_em = models.DateField("data da autodeclaração", null=True, blank=True)
    criado_em = models.DateTimeField("cadastrado em", auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.nome


class NomeacaoComissao(Autodeclarado):
    """Uma nomeação para cargo em comissão: ocupa o cargo do dia da nomeação até a véspera da exoneração."""

    cargo = models.CharField("cargo ou função", max_length=200)
    simbolo = models.CharField("símbolo ou nível", max_length=30, blank=True)
    nomeado_em = models.DateField("data da nomeação")
    ato_nomeacao = models.CharField("ato da nomeação", max_length=200, help_text="P. ex. «Portaria nº 123/2023».")
    exonerado_em = models.DateField("data da exoneração", null=True, blank=True,
                                    help_text="Vazia enquanto a pessoa está no cargo.")
    ato_exoneracao = models.CharField("ato da exoneração", max_length=200, blank=True)
    history = HistoricalRecords(excluded_fields=list(CAMPOS_DA_AUTODECLARACAO))

    class Meta:
        verbose_name = "nomeação para cargo em comissão"
        verbose_name_plural = "nomeações para cargos em comissão"
        ordering = ["-nomeado_em", "nome"]
        indexes = [models.Index(fields=["orgao", "nomeado_em"], name="nomeacao_orgao_data_idx")]
        constraints = [models.CheckConstraint(
            condition=Q(exonerado_em__isnull=True) | Q(exonerado_em__gte=models.F("nomeado_em")),
            name="exoneracao_depois_da_nomeacao")]

    def ocupa_em(self, data: date) -> bool:
        return self.nomeado_em <= data and (self.exonerado_em is None or self.exonerado_em > data)


class ContratoEstagio(Autodeclarado):
    """Um contrato de estágio: ocupa a vaga do início até o término previsto ou até a véspera do encerramento."""

    instituicao = models.CharField("instituição de ensino", max_length=200, blank=True)
    curso = models.CharField("curso", max_length=200, blank=True)
    inicio = models.DateField("início")
    termino_previsto = models.DateField("término previsto")
    ato_contratacao = models.CharField("ato ou termo da contratação", max_length=200,
                                       help_text="P. ex. «Termo de compromisso nº 45/2023».")
    encerrado_em = models.DateField("data do encerramento", null=True, blank=True,
                                    help_text="Só no encerramento antes do término previsto.")
    ato_encerramento = models.CharField("ato do encerramento", max_length=200, blank=True)
    history = HistoricalRecords(excluded_fields=list(CAMPOS_DA_AUTODECLARACAO))

    class Meta:
        verbose_name = "contrato de estágio"
        verbose_name_plural = "contratos de estágio"
        ordering = ["-inicio", "nome"]
        indexes = [models.Index(fields=["orgao", "inicio"], name="estagio_orgao_inicio_idx")]
        constraints = [
            models.CheckConstraint(condition=Q(termino_previsto__gte=models.F("inicio")),
                                   name="estagio_termino_depois_do_inicio"),
            models.CheckConstraint(condition=Q(encerrado_em__isnull=True) | Q(encerrado_em__gte=models.F("inicio")),
                                   name="estagio_encerramento_depois_do_inicio")]

    def ocupa_em(self, data: date) -> bool:
        return (self.inicio <= data <= self.termino_previsto
                and (self.encerrado_em is None or self.encerrado_em > data))


class TipoAtoPessoal(models.TextChoices):
    NOMEACAO = "nomeacao", "Nomeação"
    EXONERACAO = "exoneracao", "Exoneração"
    EXONERACAO_SEM_EFEITO = "exoneracao_sem_efeito", "Exoneração tornada sem efeito"
    CONTRATACAO = "contratacao", "Contratação de estágio"
    ENCERRAMENTO = "encerramento", "Encerramento de estágio"
    ENCERRAMENTO_SEM_EFEITO = "encerramento_sem_efeito", "Encerramento tornado sem efeito"


class AtoPessoal(models.Model):
    """Um ato registrado sobre uma nomeação ou um contrato de estágio. Não se altera nem se apaga: uma exoneração
    registrada errada se corrige por outro ato (tornada sem efeito), e as duas linhas ficam."""

    nomeacao = models.ForeignKey(NomeacaoComissao, verbose_name="nomeação", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="atos")
    contrato = models.ForeignKey(ContratoEstagio, verbose_name="contrato de estágio", null=True, blank=True,
                                 on_delete=models.PROTECT, related_name="atos")
    tipo = models.CharField("ato", max_length=24, choices=TipoAtoPessoal.choices)
    data = models.DateField("data")
    ato = models.CharField("ato publicado", max_length=200)
    motivo = models.TextField("motivo", blank=True)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                on_delete=models.SET_NULL, related_name="+")
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)

    class Meta:
        verbose_name = "ato de pessoal"
        verbose_name_plural = "atos de pessoal"
        ordering = ["registrado_em", "pk"]
        constraints = [models.CheckConstraint(
            condition=Q(nomeacao__isnull=True, contrato__isnull=False) | Q(nomeacao__isnull=False,
                                                                            contrato__isnull=True),
            name="ato_de_uma_nomeacao_ou_de_um_contrato")]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()}: {self.ato}"


class Servidor(models.Model):
    """O servidor como o sistema de RH do órgão o cadastra; a cor ou raça vem das autodeclarações, com data."""

    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT,
                              related_name="+", db_index=False)
    matricula = models.CharField("matrícula", max_length=30)
    nome = models.CharField("nome", max_length=200)
    cargo = models.CharField("cargo", max_length=200)
    vinculo = models.CharField("vínculo", max_length=20, choices=Vinculo.choices)
    genero = models.CharField("gênero", max_length=16, choices=Genero.choices, default=Genero.NAO_INFORMADO)
    criado_em = models.DateTimeField("cadastrado em", auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "servidor"
        verbose_name_plural = "servidores"
        ordering = ["nome"]
        permissions = [("ver_autodeclaracao_do_pessoal",
                        "Pode ver cor ou raça de servidores, nomeados e estagiários (LGPD art. 11)")]
        constraints = [models.UniqueConstraint(fields=["orgao", "matricula"], name="matricula_unica_no_orgao")]

    def __str__(self) -> str:
        return f"{self.nome} ({self.matricula})"


class AutodeclaracaoServidor(models.Model):
    """Uma autodeclaração de cor ou raça de um servidor, com a data em que foi feita (Ubatuba art. 10: facultativa, no
    recadastramento anual). Uma atualização não apaga a anterior: vale, numa data, a mais recente até ela."""

    servidor = models.ForeignKey(Servidor, verbose_name="servidor", on_delete=models.PROTECT,
                                 related_name="autodeclaracoes")
    cor_raca = models.CharField("cor ou raça (IBGE)", max_length=10, choices=CorRaca.choices, blank=True)
    quilombola = models.BooleanField("quilombola", default=False)
    data = models.DateField("data da autodeclaração")
    registrada_em = models.DateTimeField("registrada em", auto_now_add=True)
    registrada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrada por", null=True,
                                       on_delete=models.SET_NULL, related_name="+")
    importacao = models.ForeignKey("ImportacaoRH", verbose_name="importação", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = "autodeclaração do servidor"
        verbose_name_plural = "autodeclarações do servidor"
        ordering = ["servidor", "-data", "-pk"]
        indexes = [models.Index(fields=["servidor", "-data", "-id"], name="autodeclaracao_vigente_idx")]

    def __str__(self) -> str:
        return f"{self.servidor}: autodeclaração de {self.data:%d/%m/%Y}"


class TipoArquivoRH(models.TextChoices):
    SERVIDORES = "servidores", "Servidores (recadastramento)"
    COMISSAO = "comissao", "Nomeações para cargos em comissão"
    ESTAGIO = "estagio", "Contratos de estágio"


class ImportacaoRH(models.Model):
    """Um arquivo do sistema de RH enviado: quem, quando, o SHA-256 e o que a gravação fez. O conteúdo fica só até a
    confirmação (ou a desistência): traz cor ou raça, e guardá-lo depois não serve a nada (LGPD art. 6º, III)."""

    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT, related_name="+")
    tipo = models.CharField("arquivo de", max_length=12, choices=TipoArquivoRH.choices)
    nome_original = models.CharField("arquivo", max_length=255)
    sha256 = models.CharField("SHA-256", max_length=64)
    conteudo = models.BinaryField("conteúdo", editable=False, default=b"")
    linhas = models.PositiveIntegerField("linhas", default=0)
    resumo = models.CharField("resultado", max_length=300, blank=True)
    criada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="enviada por", null=True,
                                   on_delete=models.SET_NULL, related_name="+")
    criada_em = models.DateTimeField("enviada em", auto_now_add=True)
    confirmada_em = models.DateTimeField("gravada em", null=True, blank=True)

    class Meta:
        verbose_name = "importação do arquivo do RH"
        verbose_name_plural = "importações dos arquivos do RH"
        ordering = ["-criada_em"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()}: {self.nome_original}"

"""A comissão de monitoramento da lei, os seus membros e os seus relatórios (Ubatuba art. 9º e art. 13).

A comissão é de um órgão (a de Ubatuba é municipal: o órgão é a Prefeitura), constituída por um ato (Ubatuba art. 9º,
§ 1º: «por ato do Prefeito») e regida por uma lei, que diz a composição (monitoramento/composicao.py) e os relatórios
(monitoramento/prazos.py). Os membros não veem dado pessoal nenhum: os indicadores que acompanham são agregados
(monitoramento/acesso.py).

O relatório é escrito em rascunho e emitido por um ato (`services.relatorio_emitir`); emitido, não muda mais. Uma
correção é um novo relatório que retifica o anterior (`retifica`), e o anterior fica como foi emitido.
"""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from legislacao.models import Lei, citar
from monitoramento import composicao
from nucleo.models import Orgao
from nucleo.texto import plural


class ComissaoMonitoramento(models.Model):
    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT,
                              related_name="comissoes_monitoramento",
                              help_text="Numa lei municipal, a Prefeitura: a comissão acompanha a lei no município.")
    lei = models.ForeignKey(Lei, verbose_name="lei", on_delete=models.PROTECT, related_name="comissoes_monitoramento",
                            help_text="A lei que a comissão acompanha: diz a composição e os relatórios.")
    ato_numero = models.CharField("ato de constituição", max_length=200,
                                  help_text="P. ex. «Decreto nº 6.512/2015» ou «Portaria nº 45/2025».")
    ato_data = models.DateField("data do ato")
    inicio = models.DateField("início da vigência")
    fim = models.DateField("fim da vigência", null=True, blank=True,
                           help_text="Em branco: a comissão está em funcionamento.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "comissão de monitoramento"
        verbose_name_plural = "comissões de monitoramento"
        ordering = ["orgao", "-inicio"]
        constraints = [models.CheckConstraint(condition=Q(fim__isnull=True) | Q(fim__gte=models.F("inicio")),
                                              name="comissao_monitoramento_fim_depois_do_inicio")]
        # Os membros acompanham os indicadores, que são agregados: a permissão não dá acesso a dado pessoal nenhum.
        permissions = [("ver_indicadores", "Vê os indicadores do monitoramento da lei dos seus órgãos"),
                       ("emitir_relatorio", "Emite os relatórios da comissão de monitoramento")]

    def __str__(self) -> str:
        return f"Comissão de monitoramento — {self.ato_numero}"

    def clean(self) -> None:
        if self.fim and self.inicio and self.fim < self.inicio:
            raise ValidationError({"fim": "O fim da vigência não pode ser anterior ao início."})

    def regras(self) -> composicao.RegrasMonitoramento:
        """A composição que a lei exige, lida dos dados dela."""
        lei = self.lei
        return composicao.RegrasMonitoramento(
            unidades=composicao.unidades_da_lei(lei.monitoramento_unidades),
            grupos=composicao.grupos_etnicos(lei.grupos.all()) if lei.monitoramento_representante_por_grupo else (),
            artigo=lei.artigo_composicao_monitoramento)

    def conferencia(self, data: date | None = None) -> composicao.Conferencia:
        """A composição na data `data` (hoje, sem ela; antes do início da vigência, no início) contra a lei."""
        data = max(data or timezone.localdate(), self.inicio)
        if self.fim:
            data = min(data, self.fim)
        return composicao.conferir(self.regras(), [m.para_conferencia() for m in self.membros.all()], data=data)


class Funcao(models.TextChoices):
    COORDENADOR = "coordenador", "Coordenação"
    MEMBRO = "membro", "Membro"


class Titularidade(models.TextChoices):
    TITULAR = "titular", "Titular"
    SUPLENTE = "suplente", "Suplente"


class GrupoEtnico(models.TextChoices):
    # Os mesmos códigos de monitoramento.composicao.GRUPOS_ETNICOS.
    NEGROS = "negros", "negros (pretos e pardos)"
    INDIGENAS = "indigenas", "indígenas"
    QUILOMBOLAS = "quilombolas", "quilombolas"


class MembroMonitoramento(models.Model):
    """Um membro: um servidor indicado por uma das unidades da lei ou o representante de um grupo étnico
    (Ubatuba art. 9º, § 1º). A conta, opcional, é a que acessa os indicadores agregados."""

    comissao = models.ForeignKey(ComissaoMonitoramento, verbose_name="comissão", on_delete=models.CASCADE,
                                 related_name="membros")
    nome = models.CharField("nome", max_length=200)
    unidade = models.CharField("unidade que indicou", max_length=200, blank=True,
                               help_text="Como a lei a nomeia; em branco no representante de um grupo.")
    grupo = models.CharField("representante do grupo", max_length=12, choices=GrupoEtnico.choices, blank=True)
    funcao = models.CharField("função", max_length=12, choices=Funcao.choices, default=Funcao.MEMBRO)
    titularidade = models.CharField("titular ou suplente", max_length=10, choices=Titularidade.choices,
                                    default=Titularidade.TITULAR)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="conta no sistema", null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="comissoes_monitoramento",
                                help_text="Para acessar os indicadores do órgão (agregados, sem dado pessoal).")
    inicio = models.DateField("início")
    fim = models.DateField("fim", null=True, blank=True, help_text="Em branco: em exercício.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "membro da comissão de monitoramento"
        verbose_name_plural = "membros da comissão de monitoramento"
        ordering = ["comissao", "-funcao", "titularidade", "nome"]
        constraints = [
            # Ou indicado por uma unidade, ou representante de um grupo: nunca os dois, nunca nenhum.
            models.CheckConstraint(condition=(Q(unidade="") & ~Q(grupo="")) | (~Q(unidade="") & Q(grupo="")),
                                   name="membro_monitoramento_unidade_ou_grupo"),
            models.CheckConstraint(condition=Q(fim__isnull=True) | Q(fim__gte=models.F("inicio")),
                                   name="membro_monitoramento_fim_depois_do_inicio"),
        ]

    def __str__(self) -> str:
        return f"{self.nome} — {self.indicacao}"

    @property
    def indicacao(self) -> str:
        """De onde vem o membro, como o PDF e a ficha o dizem."""
        if self.grupo:
            return f"representante dos {composicao.NOMES_DOS_GRUPOS[self.grupo]}"
        return f"indicação {composicao.pela(self.unidade)}"

    def clean(self) -> None:
        if bool(self.unidade) == bool(self.grupo):
            raise ValidationError("Informe a unidade que indicou o membro ou o grupo que ele representa.")
        if self.fim and self.inicio and self.fim < self.inicio:
            raise ValidationError({"fim": "O fim não pode ser anterior ao início."})

    def para_conferencia(self) -> composicao.MembroMonitoramento:
        return composicao.MembroMonitoramento(
            nome=self.nome, unidade=self.unidade, grupo=self.grupo, coordenador=self.funcao == Funcao.COORDENADOR,
            titular=self.titularidade == Titularidade.TITULAR, inicio=self.inicio, fim=self.fim)


class TipoRelatorio(models.TextChoices):
    ANUAL = "anual", "Relatório anual"
    CONCLUSIVO = "conclusivo", "Relatório conclusivo"


class EstadoRelatorio(models.TextChoices):
    RASCUNHO = "rascunho", "Rascunho"
    EMITIDO = "emitido", "Emitido"


class RelatorioMonitoramento(models.Model):
    """O relatório da comissão: o anual, de um ano de referência (Ubatuba art. 9º, § 2º), ou o conclusivo, de um período
    (art. 13). As conclusões e recomendações são da comissão; os indicadores entram no PDF na emissão."""

    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT,
                              related_name="relatorios_monitoramento", editable=False)
    comissao = models.ForeignKey(ComissaoMonitoramento, verbose_name="comissão", on_delete=models.PROTECT,
                                 related_name="relatorios")
    tipo = models.CharField("tipo", max_length=12, choices=TipoRelatorio.choices, default=TipoRelatorio.ANUAL)
    ano_referencia = models.PositiveSmallIntegerField(
        "ano de referência", null=True, blank=True,
        help_text="No relatório anual: o ano cuja execução ele relata (o de abril de 2025 relata 2024).")
    ano_inicial = models.PositiveSmallIntegerField("ano inicial", null=True, blank=True,
                                                   help_text="No relatório conclusivo: o primeiro ano do período.")
    ano_final = models.PositiveSmallIntegerField("ano final", null=True, blank=True,
                                                 help_text="No relatório conclusivo: o último ano do período.")
    conclusoes = models.TextField("conclusões", blank=True)
    recomendacoes = models.TextField("recomendações", blank=True)
    estado = models.CharField("situação", max_length=10, choices=EstadoRelatorio.choices,
                              default=EstadoRelatorio.RASCUNHO, editable=False)
    emitido_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="emitido por", null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+", editable=False)
    emitido_em = models.DateTimeField("emitido em", null=True, blank=True, editable=False)
    motivo_emissao = models.CharField("motivo da emissão", max_length=300, blank=True, editable=False)
    retifica = models.OneToOneField("self", verbose_name="retifica o relatório", null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="retificado_por", editable=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "relatório de monitoramento"
        verbose_name_plural = "relatórios de monitoramento"
        ordering = ["orgao", "-ano_referencia", "-ano_final", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(tipo=TipoRelatorio.ANUAL, ano_referencia__isnull=False, ano_inicial__isnull=True,
                             ano_final__isnull=True)
                           | Q(tipo=TipoRelatorio.CONCLUSIVO, ano_referencia__isnull=True, ano_inicial__isnull=False,
                               ano_final__gte=models.F("ano_inicial"))),
                name="relatorio_monitoramento_periodo_do_tipo"),
            models.CheckConstraint(
                condition=Q(estado=EstadoRelatorio.RASCUNHO) | Q(emitido_em__isnull=False),
                name="relatorio_monitoramento_emitido_com_data"),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} {self.periodo}" + (" (retificação)" if self.retifica_id else "")

    def save(self, *args, **kwargs):
        # O órgão é o da comissão: não se digita, e por isso não diverge (o recorte por órgão o usa).
        if self.comissao_id:
            self.orgao_id = self.comissao.orgao_id
        super().save(*args, **kwargs)

    @property
    def periodo(self) -> str:
        if self.tipo == TipoRelatorio.ANUAL:
            return str(self.ano_referencia or "")
        return f"{self.ano_inicial}–{self.ano_final}" if self.ano_inicial and self.ano_final else ""

    @property
    def emitido(self) -> bool:
        return self.estado == EstadoRelatorio.EMITIDO

    def clean(self) -> None:
        erros: dict[str, str] = {}
        lei = self.comissao.lei if self.comissao_id else None
        if self.tipo == TipoRelatorio.ANUAL:
            if self.ano_referencia is None:
                erros["ano_referencia"] = "Informe o ano de referência do relatório anual."
            if self.ano_inicial is not None or self.ano_final is not None:
                erros["ano_inicial"] = "O relatório anual tem um ano de referência, não um período."
            if lei is not None and not lei.relatorio_anual_mes:
                erros["tipo"] = "A lei da comissão não pede relatório anual."
        else:
            if self.ano_referencia is not None:
                erros["ano_referencia"] = "O relatório conclusivo tem um período (ano inicial e final)."
            if self.ano_inicial is None or self.ano_final is None:
                erros["ano_final"] = "Informe o ano inicial e o ano final do período."
            elif self.ano_final < self.ano_inicial:
                erros["ano_final"] = "O ano final não pode ser anterior ao inicial."
            elif lei is not None and not lei.relatorio_conclusivo_anos:
                erros["tipo"] = "A lei da comissão não pede relatório conclusivo."
            elif lei is not None and self.ano_final - self.ano_inicial + 1 != lei.relatorio_conclusivo_anos:
                erros["ano_final"] = (f"O relatório conclusivo é de {plural(lei.relatorio_conclusivo_anos, 'ano')}"
                                      f"{citar(lei.artigo_relatorio_conclusivo)}.")
        if erros:
            raise ValidationError(erros)

"""O que todas as camadas partilham: os órgãos (a fronteira dos dados), quem trabalha para cada um, o registro
dos acessos a dados pessoais sensíveis (LGPD art. 37) e a base das tarefas em segundo plano com andamento.

Decisão 0005 (docs/decisoes/0005-orgaos-como-fronteira.md): o órgão mora no núcleo porque todas as camadas —
certames, comissão, documentos — recortam os seus dados por ele.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone
from localflavor.br.br_states import STATE_CHOICES
from localflavor.br.validators import BRCNPJValidator

from nucleo.arquivos import validar_brasao
from nucleo.municipios import chave_do_nome, nome_do_estado


class TarefaComProgresso(models.Model):
    """Base de um trabalho longo da fila (a importação, a exportação grande): o andamento para a barra de progresso
    e o último sinal do processo, que mostra se ele ainda vive (concursos/recuperacao.py).

    Quem herda tem `estado` (com `estado_concluido`, o estado do trabalho que acabou bem) e `criada_em`.
    """

    total_linhas = models.PositiveIntegerField("linhas", null=True, blank=True)
    linhas_processadas = models.PositiveIntegerField("linhas processadas", default=0)
    concluida_em = models.DateTimeField("concluída em", null=True, blank=True)
    # Gravado com o andamento: sem sinal por TAREFAS_SEM_SINAL_MINUTOS, o processo morreu (concursos/recuperacao.py).
    ultimo_sinal = models.DateTimeField("último sinal do processo", null=True, blank=True, editable=False)

    estado_concluido: str

    class Meta:
        abstract = True

    @property
    def progresso(self) -> int:
        """Percentual concluído (0 a 100) para a barra de progresso."""
        if self.estado == self.estado_concluido:
            return 100
        if not self.total_linhas:
            return 0
        return min(100, self.linhas_processadas * 100 // self.total_linhas)

    def sinalizar(self, **campos) -> None:
        """Grava o sinal de vida (e o andamento em `campos`) num UPDATE só, sem salvar o resto do registro."""
        type(self)._default_manager.filter(pk=self.pk).update(ultimo_sinal=timezone.now(), **campos)

    @classmethod
    def sem_sinal(cls, estados, *, desde: datetime) -> models.QuerySet:
        """As tarefas nestes estados sem sinal desde `desde`; sem sinal nenhum (anteriores ao campo), conta o pedido."""
        return (cls._default_manager.filter(estado__in=estados)
                .alias(sinal=Coalesce("ultimo_sinal", F("criada_em"))).filter(sinal__lt=desde))

    def recomecar(self, consulta: models.QuerySet, **campos) -> bool:
        """Zera o andamento desta tarefa, se ela ainda está em `consulta` (um UPDATE condicional: de dois cliques, só
        o primeiro vale), e a relê; False se nada mudou."""
        feito = consulta.filter(pk=self.pk).update(linhas_processadas=0, concluida_em=None, ultimo_sinal=None,
                                                   **campos)
        if feito:
            self.refresh_from_db()
        return bool(feito)


class Esfera(models.TextChoices):
    """A esfera do ente: decide de quem é a lei de reserva de vagas (a lei municipal não alcança órgão da União, e a
    Lei 15.142/2025, art. 1º, só alcança a administração pública federal)."""

    MUNICIPAL = "municipal", "Municipal"
    ESTADUAL = "estadual", "Estadual"
    FEDERAL = "federal", "Federal"


class TipoOrgao(models.TextChoices):
    # Vargem Alta art. 1º, parágrafo único: a administração pública abrange todos estes.
    DIRETA = "direta", "Administração direta (Prefeitura, Câmara)"
    AUTARQUIA = "autarquia", "Autarquia"
    FUNDACAO = "fundacao", "Fundação pública"
    EMPRESA_PUBLICA = "empresa_publica", "Empresa pública"
    ECONOMIA_MISTA = "economia_mista", "Sociedade de economia mista"


class Poder(models.TextChoices):
    # A lei de reserva diz quais Poderes alcança (p. ex. Iúna art. 1º: «promovidos pela Prefeitura»; Afonso Cláudio
    # art. 1º: Executivo e Legislativo; as federais, a administração pública federal).
    EXECUTIVO = "executivo", "Poder Executivo (Prefeitura, Governo, ministérios e a administração indireta)"
    LEGISLATIVO = "legislativo", "Poder Legislativo (Câmara Municipal, Assembleia Legislativa, Congresso)"


class MunicipioQuerySet(models.QuerySet):
    def pelo_nome(self, nome: str, uf: str) -> Municipio:
        """O município da UF com esse nome, comparado sem acento, caixa nem pontuação (Municipio.DoesNotExist se
        não há)."""
        try:
            return self.get(uf=uf.strip().upper(), nome_busca=chave_do_nome(nome))
        except Municipio.DoesNotExist:
            raise Municipio.DoesNotExist(f"{nome}/{uf}") from None


class Municipio(models.Model):
    """Um município da lista do IBGE (nucleo/dados/municipios_ibge.csv), carregada por migração: não se cadastra
    nem se altera pelo sistema. A lei de reserva de vagas se resolve pelo código, não pelo nome digitado."""

    codigo_ibge = models.PositiveIntegerField("código IBGE", primary_key=True)
    nome = models.CharField("nome", max_length=60)
    uf = models.CharField("UF", max_length=2, choices=STATE_CHOICES)
    # O nome sem acento e em minúsculas, para a busca do admin («iuna» acha Iúna).
    nome_busca = models.CharField("nome para a busca", max_length=60, editable=False, db_index=True)

    objects = MunicipioQuerySet.as_manager()

    class Meta:
        verbose_name = "município (IBGE)"
        verbose_name_plural = "municípios (IBGE)"
        ordering = ["nome", "uf"]

    def __str__(self) -> str:
        return f"{self.nome}/{self.uf}"

    def save(self, *args, **kwargs):
        self.nome_busca = chave_do_nome(self.nome)
        super().save(*args, **kwargs)


def validar_cnpj(valor: str) -> None:
    """O CNPJ com os dígitos verificadores certos: a regra é a do cadastro da Receita Federal (Instrução Normativa
    RFB nº 2.119/2022), que desde a IN RFB nº 2.229/2024 admite também letras nas 12 primeiras posições."""
    try:
        BRCNPJValidator()(valor.strip().upper())
    except ValidationError:
        raise ValidationError(
            "CNPJ inválido: confira os 14 caracteres (p. ex. 27.165.000/0001-00); os dois últimos são dígitos "
            "verificadores calculados a partir dos outros, pela regra da Receita Federal (Instrução Normativa RFB "
            "nº 2.119/2022).", code="cnpj_invalido") from None


class OrgaoManager(models.Manager):
    def get_queryset(self) -> models.QuerySet:
        # O nome do órgão leva o município (__str__): as listas de escolha e os filtros não fazem uma consulta por
        # órgão.
        return super().get_queryset().select_related("municipio")


class Orgao(models.Model):
    nome = models.CharField("nome", max_length=200)
    sigla = models.CharField("sigla", max_length=30, blank=True)
    tipo = models.CharField("natureza", max_length=20, choices=TipoOrgao.choices, default=TipoOrgao.DIRETA,
                            help_text="A natureza da entidade: a lei de reserva diz quais alcança.")
    esfera = models.CharField(
        # O padrão também no banco: quem grava um órgão sem saber do campo (uma migração antiga, outro sistema) o
        # grava municipal, como eram todos antes dele.
        "esfera", max_length=10, choices=Esfera.choices, default=Esfera.MUNICIPAL, db_default=Esfera.MUNICIPAL,
        help_text="De qual ente o órgão é: decide a lei de reserva de vagas dos editais — a municipal do município "
                  "do órgão, a estadual da UF ou a federal (p. ex. uma universidade federal ou o INSS: federal).")
    # db_default: as linhas gravadas por quem ainda não conhece o campo (migrações antigas, SQL) também o têm.
    poder = models.CharField("Poder", max_length=12, choices=Poder.choices, default=Poder.EXECUTIVO,
                             db_default=Poder.EXECUTIVO,
                             help_text="A Câmara Municipal é do Legislativo; a Prefeitura e as entidades da "
                                       "administração indireta, do Executivo. A lei de reserva diz quais alcança.")
    municipio = models.ForeignKey(
        Municipio, verbose_name="município", on_delete=models.PROTECT, related_name="orgaos",
        help_text="Da lista do IBGE (a sede, num órgão estadual ou federal). Num órgão municipal, decide a lei de "
                  "reserva de vagas dos editais: a do município do órgão que publica o edital.")
    cnpj = models.CharField("CNPJ", max_length=18, blank=True, validators=[validar_cnpj])
    retencao_anos = models.PositiveSmallIntegerField(
        "guarda dos dados dos candidatos (anos)", default=5,
        help_text="Da tabela de temporalidade do órgão: por quantos anos, contados do fim da validade do certame "
                  "(com a prorrogação), os dados pessoais dos candidatos são guardados. Depois, são anonimizados "
                  "(LGPD art. 15, I, e art. 16); as listas publicadas ficam como foram publicadas.")
    # O timbre dos documentos: o brasão, o nome, o Estado (da UF do município, nunca digitado) e o endereço.
    # db_default: os órgãos gravados por quem ainda não conhece os campos (migrações antigas, SQL) também os têm.
    brasao = models.FileField(
        "brasão", upload_to="orgaos/brasoes/", blank=True, db_default="", validators=[validar_brasao],
        help_text="PNG ou JPEG (SVG não é aceito): vai no alto de cada documento do órgão (quadro de vagas, "
                  "editais de convocação).")
    endereco = models.CharField(
        "endereço", max_length=300, blank=True, db_default="",
        help_text="Como vai no timbre dos documentos, p. ex. «Avenida Iperoig, 222, Centro, CEP 11680-000».")

    objects = OrgaoManager()

    class Meta:
        verbose_name = "órgão ou entidade"
        verbose_name_plural = "órgãos e entidades"
        ordering = ["municipio__uf", "municipio__nome", "nome"]
        permissions = [("ver_todos_os_orgaos", "Vê e administra todos os órgãos da instalação")]

    def __str__(self) -> str:
        return f"{self.nome} ({self.municipio})"

    @property
    def uf(self) -> str:
        """A UF do município: não se digita, e por isso não diverge (nem na caixa: «es» e «ES»)."""
        return self.municipio.uf

    @property
    def estado(self) -> str:
        """«Estado do Espírito Santo», do timbre: da UF do município."""
        return nome_do_estado(self.uf)


class Signatario(models.Model):
    """Quem assina os documentos do órgão (o quadro de vagas, os editais de convocação), na ordem em que as
    assinaturas aparecem. Quem deixa o cargo fica inativo: os documentos já emitidos continuam como foram."""

    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.CASCADE,
                              related_name="signatarios")
    nome = models.CharField("nome", max_length=200)
    cargo = models.CharField("cargo ou função", max_length=200, help_text="P. ex. «Prefeita Municipal».")
    ordem = models.PositiveSmallIntegerField("ordem", default=1,
                                             help_text="A ordem das assinaturas no documento (1 é a primeira).")
    ativo = models.BooleanField("assina os documentos novos", default=True)

    class Meta:
        verbose_name = "signatário dos documentos"
        verbose_name_plural = "signatários dos documentos"
        ordering = ["orgao", "ordem", "nome"]

    def __str__(self) -> str:
        return f"{self.nome}, {self.cargo}"


class Lotacao(models.Model):
    """Para qual órgão uma conta trabalha. O RH de uma prefeitura tem uma lotação; o pessoal de uma banca, uma por
    órgão atendido; um órgão de controle, uma por órgão fiscalizado. Quem não tem lotação não vê dado de órgão
    nenhum; o que se pode fazer em cada um vem dos grupos (perfis) da conta."""

    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.CASCADE,
                                related_name="lotacoes")
    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.CASCADE,
                              related_name="lotacoes")

    class Meta:
        verbose_name = "lotação"
        verbose_name_plural = "lotações"
        constraints = [models.UniqueConstraint(fields=["usuario", "orgao"], name="lotacao_unica")]

    def __str__(self) -> str:
        return f"{self.usuario} — {self.orgao}"


class TipoAcesso(models.TextChoices):
    FICHA = "ficha", "Ficha aberta"
    HISTORICO = "historico", "Histórico da ficha"
    LISTA = "lista", "Lista"
    FILTRO = "filtro", "Lista filtrada por dado sensível"
    EXPORTACAO = "exportacao", "Exportação"
    PDF = "pdf", "PDF"
    PREVIA = "previa", "Prévia de importação"
    RELATORIO_TITULAR = "relatorio_titular", "Relatório do titular"


class AcessoSensivel(models.Model):
    """Uma operação com dados pessoais sensíveis (cor ou raça, deficiência: LGPD art. 5º, II, e art. 11): quem, quando,
    em que órgão, por qual tela, quantos registros e com que finalidade (LGPD art. 37). Não se altera nem se apaga
    pelo sistema; o encarregado de dados (art. 41) o lê e exporta. Não guarda o dado acessado: só a referência."""

    em = models.DateTimeField("quando", auto_now_add=True, db_index=True)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="usuário", null=True,
                                on_delete=models.SET_NULL, related_name="+")
    nome_usuario = models.CharField("conta", max_length=150,
                                    help_text="O login de quem acessou, guardado mesmo se a conta for removida.")
    orgao = models.ForeignKey(Orgao, verbose_name="órgão", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+", db_index=False)
    tipo = models.CharField("tipo de acesso", max_length=20, choices=TipoAcesso.choices)
    tela = models.CharField("tela", max_length=200, help_text="O endereço (sem os dados da busca) ou o comando.")
    descricao = models.CharField("o que foi acessado", max_length=300)
    filtro = models.CharField("filtro", max_length=300, blank=True,
                              help_text="Os filtros por dado sensível da lista, quando houver.")
    quantidade = models.PositiveIntegerField("registros", default=1)
    modelo = models.CharField("modelo", max_length=100, blank=True)
    objeto_id = models.PositiveBigIntegerField("id do registro", null=True, blank=True)
    titular_id = models.PositiveBigIntegerField("id do titular", null=True, blank=True,
                                                help_text="O candidato a quem o dado se refere, num acesso a uma "
                                                          "ficha (para o relatório do titular, LGPD art. 18).")
    finalidade = models.CharField("finalidade", max_length=300, blank=True)

    class Meta:
        verbose_name = "acesso a dado sensível"
        verbose_name_plural = "registro de acessos a dados sensíveis"
        ordering = ["-em"]
        permissions = [("emitir_relatorio_titular", "Emite o relatório do titular (LGPD art. 18)")]
        indexes = [models.Index(fields=["orgao", "-em"], name="acesso_orgao_em_idx"),
                   models.Index(fields=["titular_id"], name="acesso_titular_idx")]

    def __str__(self) -> str:
        return f"{self.nome_usuario}: {self.descricao}"

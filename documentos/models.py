"""Documentos emitidos em PDF: cada um com código de verificação e o SHA-256 dos bytes guardados.

Quem recebe um PDF (impresso ou por e-mail) confere a autenticidade na página pública
/verificar/<código>/: o código existe, e o arquivo que tem em mãos tem o mesmo hash do emitido.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from simple_history.models import HistoricalRecords

from documentos.tipos import tipos_de_documento
from nucleo.endereco import endereco_publico


def _caminho(documento: DocumentoEmitido, nome: str) -> str:
    return f"documentos/{documento.emitido_em:%Y/%m}/{documento.codigo}.pdf"


class DocumentoEmitido(models.Model):
    """Um PDF emitido pelo sistema. Nunca se altera: emitir de novo gera outro documento, com outro código. Só o PDF
    pode sair do armazenamento, quando a guarda de quem o emitiu acaba (o relatório do titular, com os dados inteiros
    de uma pessoa): o arquivo fica vazio, e o registro e o SHA-256, que a página de verificação confere, ficam."""

    # Os tipos são os que os apps registram (documentos/tipos.py): a página pública diz o que é cada documento.
    tipo = models.CharField("tipo", max_length=32, choices=tipos_de_documento)
    titulo = models.CharField("título", max_length=300)
    codigo = models.CharField("código de verificação", max_length=14, unique=True)
    sha256 = models.CharField("SHA-256", max_length=64, help_text="Hash dos bytes do PDF guardado.")
    arquivo = models.FileField("arquivo PDF", upload_to=_caminho)
    nome_arquivo = models.CharField("nome para download", max_length=200)
    tamanho = models.PositiveIntegerField("tamanho (bytes)")
    paginas = models.PositiveIntegerField("páginas")
    emitido_em = models.DateTimeField("emitido em")
    emitido_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="emitido por", null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")
    # Referência opcional ao objeto de origem (certame, cargo, sessão...), para achar os documentos dele.
    orgao = models.ForeignKey("nucleo.Orgao", verbose_name="órgão", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+", help_text="O órgão de cujo certame é o documento.")
    referencia_tipo = models.ForeignKey(ContentType, verbose_name="tipo do objeto", null=True, blank=True,
                                        on_delete=models.SET_NULL, related_name="+")
    referencia_id = models.PositiveBigIntegerField("id do objeto", null=True, blank=True)
    referencia = GenericForeignKey("referencia_tipo", "referencia_id")
    # Qual documento do objeto é este, quando o objeto tem mais de um do mesmo tipo (p. ex. o código da lista de
    # classificação do cargo): é o que a reemissão precisa para emitir o mesmo documento de novo.
    chave = models.CharField("chave", max_length=40, blank=True)
    # Um documento substituído continua autêntico (foi emitido), mas deixou de valer: a página de verificação diz
    # por qual ato e leva ao que o substitui.
    substituido_por = models.ForeignKey("self", verbose_name="substituído por", null=True, blank=True,
                                        on_delete=models.PROTECT, related_name="substitui")
    motivo_substituicao = models.CharField("motivo da substituição", max_length=200, blank=True)
    # Onde o template pôs cada linha de assinatura (<div class="campo-assinatura" id="campo-assinatura-N">), lida
    # na emissão: {"N": {"pagina": 0, "caixa": [x1, y1, x2, y2]}}, em pontos do PDF, origem embaixo à esquerda.
    campos_assinatura = models.JSONField("campos de assinatura", default=dict, blank=True)

    class Meta:
        verbose_name = "documento emitido"
        verbose_name_plural = "documentos emitidos"
        ordering = ["-emitido_em"]
        permissions = [("assinar_documentoemitido", "Pode assinar documentos emitidos")]
        indexes = [models.Index(fields=["referencia_tipo", "referencia_id"], name="documento_referencia_idx")]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.titulo}"

    def get_absolute_url(self) -> str:
        return reverse("documentos:verificar_codigo", args=[self.codigo])

    @property
    def vigente(self) -> bool:
        return self.substituido_por_id is None

    def conteudo(self) -> bytes:
        """Os bytes do PDF guardado (os mesmos do SHA-256)."""
        with self.arquivo.open("rb") as arquivo:
            return arquivo.read()

    @property
    def url_verificacao(self) -> str:
        """Endereço absoluto da página pública (impresso no PDF e no QR code)."""
        return endereco_publico() + self.get_absolute_url()


def _caminho_assinado(assinatura: AssinaturaDoDocumento, nome: str) -> str:
    documento = assinatura.documento
    return f"documentos/{documento.emitido_em:%Y/%m}/{documento.codigo}-assinatura-{assinatura.ordem}.pdf"


class AssinaturaDoDocumento(models.Model):
    """Uma assinatura digital (PAdES) de um documento emitido, na sua ordem: a ata leva a de cada membro da comissão,
    um depois do outro. Enquanto não assinada, diz quem falta; assinada, guarda o PDF com esta assinatura (e as
    anteriores), que é uma revisão incremental do emitido: os bytes do emitido ficam como estavam no começo do
    arquivo, e o SHA-256 do emitido continua conferindo."""

    documento = models.ForeignKey(DocumentoEmitido, verbose_name="documento", on_delete=models.PROTECT,
                                  related_name="assinaturas")
    ordem = models.PositiveSmallIntegerField("ordem")
    nome = models.CharField("signatário", max_length=200)
    cargo = models.CharField("cargo ou função", max_length=200, blank=True)
    cpf = models.CharField("CPF esperado", max_length=11, blank=True,
                           help_text="Se preenchido, só um certificado com este CPF assina nesta posição.")
    titular = models.CharField("titular do certificado", max_length=200, blank=True)
    documento_do_titular = models.CharField("CPF ou CNPJ do certificado", max_length=30, blank=True)
    emissor = models.CharField("AC emissora", max_length=200, blank=True)
    icp_brasil = models.BooleanField("ICP-Brasil", default=False)
    assinado_em = models.DateTimeField("assinado em", null=True, blank=True)
    assinado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    arquivo = models.FileField("PDF assinado", upload_to=_caminho_assinado, blank=True)
    sha256 = models.CharField("SHA-256 do PDF assinado", max_length=64, blank=True)
    tamanho = models.PositiveIntegerField("tamanho (bytes)", null=True, blank=True)
    # O CPF fica fora do histórico, como o dos membros da comissão (heteroidentificacao.Membro).
    history = HistoricalRecords(excluded_fields=["arquivo", "cpf", "documento_do_titular"])

    class Meta:
        verbose_name = "assinatura do documento"
        verbose_name_plural = "assinaturas do documento"
        ordering = ["documento", "ordem"]
        constraints = [models.UniqueConstraint(fields=["documento", "ordem"], name="assinatura_ordem_unica")]

    def __str__(self) -> str:
        return f"{self.ordem}. {self.nome}"

    @property
    def assinada(self) -> bool:
        return self.assinado_em is not None

    def conteudo(self) -> bytes:
        with self.arquivo.open("rb") as arquivo:
            return arquivo.read()


class TarefaEmSegundoPlano(DBTaskResult):
    """A fila do django-tasks-db (importações e exportações grandes) com nome em português no admin.

    Fica aqui, e não no núcleo, só para não mudar o endereço (/admin/documentos/tarefaemsegundoplano/), a seção do
    admin e a permissão «documentos.view_tarefaemsegundoplano»: é um proxy de uma biblioteca, que não conhece app
    nenhum do projeto."""

    class Meta:
        proxy = True
        verbose_name = "tarefa em segundo plano"
        verbose_name_plural = "tarefas em segundo plano"
        default_permissions = ("view",)

    @property
    def task_name(self) -> str:
        return super().task_name

    # O título da coluna na lista da fila (o do pacote viria do nome do atributo, em inglês: «Task name»).
    task_name.fget.short_description = "tarefa"

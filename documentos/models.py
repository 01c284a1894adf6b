"""Documentos emitidos em PDF: cada um com código de verificação e o SHA-256 dos bytes guardados.

Quem recebe um PDF (impresso ou por e-mail) confere a autenticidade na página pública
/verificar/<código>/: o código existe, e o arquivo que tem em mãos tem o mesmo hash do emitido.

E as exportações grandes do admin (CSV, XLSX), geradas pela fila de tarefas e baixadas depois.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from documentos.tipos import tipos_de_documento
from nucleo.models import TarefaComProgresso


def _caminho(documento: DocumentoEmitido, nome: str) -> str:
    return f"documentos/{documento.emitido_em:%Y/%m}/{documento.codigo}.pdf"


class DocumentoEmitido(models.Model):
    """Um PDF emitido pelo sistema. Nunca se altera: emitir de novo gera outro documento, com outro código."""

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

    class Meta:
        verbose_name = "documento emitido"
        verbose_name_plural = "documentos emitidos"
        ordering = ["-emitido_em"]
        indexes = [models.Index(fields=["referencia_tipo", "referencia_id"], name="documento_referencia_idx")]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.titulo}"

    def get_absolute_url(self) -> str:
        return reverse("documentos:verificar_codigo", args=[self.codigo])

    def conteudo(self) -> bytes:
        """Os bytes do PDF guardado (os mesmos do SHA-256)."""
        with self.arquivo.open("rb") as arquivo:
            return arquivo.read()

    @property
    def url_verificacao(self) -> str:
        """Endereço absoluto da página pública (impresso no PDF e no QR code)."""
        return settings.SITE_URL.rstrip("/") + self.get_absolute_url()


class EstadoExportacao(models.TextChoices):
    NA_FILA = "na_fila", "Na fila"
    GERANDO = "gerando", "Preparando o arquivo"
    PRONTA = "pronta", "Pronta para baixar"
    FALHOU = "falhou", "Falhou"


def _caminho_exportacao(exportacao: Exportacao, nome: str) -> str:
    # A chave aleatória no caminho: o arquivo traz dados pessoais e o nome não pode ser adivinhado, mesmo que a
    # pasta de mídia seja servida diretamente pelo servidor web.
    return f"exportacoes/{exportacao.criada_em:%Y/%m}/{exportacao.chave}/{nome}"


class Exportacao(TarefaComProgresso):
    """Uma exportação do admin grande demais para a requisição, gerada pela fila de tarefas e baixada depois.

    Guarda o pedido (modelo, recurso, formato, campos e os filtros da lista) para refazer a consulta no processo
    da fila, com as permissões de quem pediu conferidas de novo lá; e o andamento, para a página de progresso.
    Só quem pediu baixa o arquivo.
    """

    chave = models.UUIDField("chave", default=uuid.uuid4, unique=True, editable=False)
    criada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="pedida por", on_delete=models.CASCADE,
                                   related_name="+")
    criada_em = models.DateTimeField("pedida em", default=timezone.now)
    modelo = models.CharField("modelo", max_length=100, help_text="app_label.model_name da lista exportada.")
    recurso = models.CharField("recurso", max_length=100, help_text="Classe do django-import-export usada.")
    descricao = models.CharField("descrição", max_length=300)
    formato = models.CharField("formato", max_length=20)
    campos = models.JSONField("campos", default=list, blank=True)
    filtros = models.TextField("filtros da lista", blank=True)
    estado = models.CharField("estado", max_length=10, choices=EstadoExportacao.choices,
                              default=EstadoExportacao.NA_FILA)
    linhas_processadas = models.PositiveIntegerField("linhas prontas", default=0)
    arquivo = models.FileField("arquivo", upload_to=_caminho_exportacao, blank=True)
    nome_arquivo = models.CharField("nome para download", max_length=200, blank=True)
    erro = models.TextField("erro", blank=True)

    estado_concluido = EstadoExportacao.PRONTA

    class Meta:
        verbose_name = "exportação"
        verbose_name_plural = "exportações"
        ordering = ["-criada_em"]
        indexes = [models.Index(fields=["criada_por", "-criada_em"], name="exportacao_usuario_idx")]

    def __str__(self) -> str:
        return f"{self.descricao} ({self.get_estado_display()})"

    @property
    def em_andamento(self) -> bool:
        return self.estado in (EstadoExportacao.NA_FILA, EstadoExportacao.GERANDO)


class TarefaEmSegundoPlano(DBTaskResult):
    """A fila do django-tasks-db (importações e exportações grandes) com nome em português no admin."""

    class Meta:
        proxy = True
        verbose_name = "tarefa em segundo plano"
        verbose_name_plural = "tarefas em segundo plano"
        default_permissions = ("view",)

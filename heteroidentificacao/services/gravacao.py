"""A gravação do procedimento (art. 9º, § 2º): registro e acesso por pedido fundamentado."""

from __future__ import annotations

from django.db import transaction

from concursos.services import ErroOperacao, auditar
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
)
from heteroidentificacao.services.comum import travar_avaliacao


@transaction.atomic
def gravacao_registrar(*, avaliacao: Avaliacao, referencia: str, sha256: str, usuario) -> Avaliacao:
    """A referência do arquivo da filmagem e o seu SHA-256 (art. 9º, § 2º); o arquivo fica com a organizadora."""
    avaliacao = travar_avaliacao(avaliacao)
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

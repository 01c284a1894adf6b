"""A gravação do procedimento (art. 9º, § 2º): registro e acesso por pedido fundamentado.

A organizadora filma e guarda o arquivo; aqui ficam a referência e o SHA-256, que o RH ou o presidente registram,
e cada acesso, com quem pediu e por quê. Onde a lei manda filmar, a decisão exige a gravação registrada, e o
julgamento de um recurso exige o acesso registrado à gravação da avaliação recorrida.
"""

from __future__ import annotations

from django.db import transaction

from heteroidentificacao.models import AcessoGravacao, Avaliacao, EstadoAvaliacao
from heteroidentificacao.services.comum import exigir_presidente, exigir_sessao_aberta, travar_avaliacao
from nucleo.servicos import ErroOperacao, auditar


@transaction.atomic
def gravacao_registrar(*, avaliacao: Avaliacao, referencia: str, sha256: str, usuario) -> Avaliacao:
    """A referência do arquivo da filmagem e o seu SHA-256 (art. 9º, § 2º); o arquivo fica com a organizadora."""
    avaliacao = travar_avaliacao(avaliacao)
    if avaliacao.em_recurso:
        raise ErroOperacao("O recurso é julgado pela gravação da avaliação recorrida: registre-a nela.")
    if avaliacao.resultado_publicado_em is not None or avaliacao.estado == EstadoAvaliacao.CONCLUIDA:
        raise ErroOperacao("A decisão desta avaliação já foi registrada: a gravação que a fundamenta não muda mais.")
    sha256 = sha256.strip().lower()
    if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
        raise ErroOperacao("O SHA-256 tem 64 dígitos hexadecimais.")
    if not referencia.strip():
        raise ErroOperacao("Informe a referência do arquivo da gravação.")
    avaliacao.gravacao_referencia = referencia.strip()
    avaliacao.gravacao_sha256 = sha256
    auditar(avaliacao, usuario, "Gravação registrada.")
    avaliacao.save(update_fields=["gravacao_referencia", "gravacao_sha256"])
    return avaliacao


@transaction.atomic
def gravacao_registrar_na_sessao(*, avaliacao: Avaliacao, referencia: str, sha256: str, usuario) -> Avaliacao:
    """O presidente registra, durante a sessão, a gravação que a organizadora lhe entrega, antes do parecer."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    if avaliacao.em_recurso or avaliacao.estado not in (EstadoAvaliacao.ENTREVISTA, EstadoAvaliacao.VOTACAO,
                                                        EstadoAvaliacao.APURADA):
        raise ErroOperacao("A gravação se registra durante a avaliação do candidato presente, antes do parecer.")
    return gravacao_registrar(avaliacao=avaliacao, referencia=referencia, sha256=sha256, usuario=usuario)


@transaction.atomic
def gravacao_acessar(*, avaliacao: Avaliacao, usuario, solicitante: str, fundamento: str,
                     julgamento: Avaliacao | None = None) -> AcessoGravacao:
    """Acesso à gravação só por pedido fundamentado, e cada acesso fica registrado (art. 9º, § 2º)."""
    if not avaliacao.gravacao_referencia:
        raise ErroOperacao("A gravação desta avaliação não foi registrada.")
    if not solicitante.strip() or len(fundamento.strip()) < 20:
        raise ErroOperacao("Informe quem pede e o fundamento do pedido (ao menos 20 caracteres).")
    return AcessoGravacao.objects.create(avaliacao=avaliacao, usuario=usuario, solicitante=solicitante.strip(),
                                         fundamento=fundamento.strip(), julgamento=julgamento)


@transaction.atomic
def gravacao_examinar(*, avaliacao: Avaliacao, usuario) -> AcessoGravacao:
    """A comissão que julga o recurso examina a gravação da avaliação recorrida: o acesso fica registrado em nome
    do presidente, e só então a votação abre e a ata diz que a gravação foi examinada."""
    avaliacao = travar_avaliacao(avaliacao)
    exigir_presidente(avaliacao.sessao, usuario)
    exigir_sessao_aberta(avaliacao)
    if not avaliacao.em_recurso or avaliacao.recurso_contra_ausencia:
        raise ErroOperacao("Só no julgamento de um recurso contra a não confirmação se examina a gravação.")
    recurso = avaliacao.recurso
    sessao = avaliacao.sessao
    if avaliacao.estado != EstadoAvaliacao.AGUARDANDO:
        raise ErroOperacao("O exame da gravação vem antes da votação do recurso.")
    return gravacao_acessar(
        avaliacao=recurso.avaliacao, usuario=usuario, julgamento=avaliacao,
        solicitante=f"{sessao.comissao.get_instancia_display()}, para julgar o recurso",
        fundamento=f"Exame da gravação pela comissão, na {sessao}, para julgar o recurso protocolado em "
                   f"{recurso.protocolado_em:%d/%m/%Y}.")

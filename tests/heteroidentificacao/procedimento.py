"""Passos do procedimento que muitos testes repetem, pelos serviços, como o presidente os dá."""

from __future__ import annotations

from heteroidentificacao import services
from heteroidentificacao.models import Avaliacao, Comissao, EstadoAvaliacao, FormaVotacao, Membro
from heteroidentificacao.selectors import cotistas_a_convocar

PARECER_NAO_CONFIRMA = ("Pele clara, cabelo liso e traços faciais finos que, no conjunto, não correspondem ao "
                        "fenótipo pardo declarado na inscrição.")
PARECER_CONFIRMA = "Pele parda e cabelo crespo: o conjunto corresponde à autodeclaração."
PARECER_DUVIDA = ("Traços de leitura ambígua: pele morena clara e cabelo ondulado, que a comissão não consegue "
                  "enquadrar com segurança; há dúvida razoável sobre o fenótipo.")
PARECER_AUSENCIA = ("O candidato comprovou internação hospitalar no dia e na hora da sessão: a ausência se "
                    "justifica e cabe nova convocação.")
SHA256 = "ab" * 32


def gravar(avaliacao: Avaliacao, presidente: Membro, referencia: str = "Cartão SD 1, arquivo 001.mp4") -> Avaliacao:
    """A gravação que a lei exige antes da decisão (Afonso Cláudio art. 9º, § 2º)."""
    return services.gravacao_registrar(avaliacao=avaliacao, referencia=referencia, sha256=SHA256,
                                       usuario=presidente.usuario)


def ate_a_votacao(avaliacao: Avaliacao, presidente: Membro, *, forma: str = FormaVotacao.ELETRONICA) -> Avaliacao:
    """Presença (ou, no recurso, o exame da gravação) e a votação aberta."""
    if not avaliacao.em_recurso:
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
        gravar(avaliacao, presidente)
    elif not avaliacao.recurso_contra_ausencia:
        services.gravacao_examinar(avaliacao=avaliacao, usuario=presidente.usuario)
    return services.votacao_abrir(avaliacao=avaliacao, forma=forma, candidato_saiu=True, usuario=presidente.usuario)


def votar(avaliacao: Avaliacao, votos: list[tuple[Membro, bool]]) -> None:
    for membro, confirma in votos:
        services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)


def apurar(avaliacao: Avaliacao, presidente: Membro, votos: list[tuple[Membro, bool]]) -> Avaliacao:
    avaliacao = ate_a_votacao(avaliacao, presidente)
    votar(avaliacao, votos)
    return services.votacao_apurar(avaliacao=avaliacao, usuario=presidente.usuario)


def decidir(avaliacao: Avaliacao, presidente: Membro, votos: list[tuple[Membro, bool]], *, parecer: str | None = None,
            caracteristicas: tuple[str, ...] = ("pele", "cabelo"), duvida: bool | None = None) -> Avaliacao:
    """Da chamada ao parecer: com o parecer de não confirmação quando a votação não confirma."""
    avaliacao = apurar(avaliacao, presidente, votos)
    if parecer is None:
        parecer = PARECER_AUSENCIA if avaliacao.recurso_contra_ausencia else (
            PARECER_NAO_CONFIRMA if avaliacao.resultado != "confirmado" else PARECER_CONFIRMA)
    if avaliacao.recurso_contra_ausencia:
        caracteristicas = ()
    return services.parecer_registrar(avaliacao=avaliacao, parecer=parecer, caracteristicas=list(caracteristicas),
                                      duvida=duvida, usuario=presidente.usuario)


def dispensar_os_demais(comissao: Comissao, usuario) -> None:
    """Os cotistas não convocados por um teste ficam registrados, com o motivo, como fora da heteroidentificação."""
    for inscricao in cotistas_a_convocar(comissao):
        services.cotista_dispensar(comissao=comissao, inscricao=inscricao, usuario=usuario,
                                   motivo="Eliminado na prova objetiva, antes da heteroidentificação.")


def concluidas(sessao) -> bool:
    return not sessao.avaliacoes.exclude(estado__in=[EstadoAvaliacao.CONCLUIDA, EstadoAvaliacao.AUSENTE]).exists()

"""Os tipos de documento: cada app registra os seus, e `documentos` não conhece quem o chama.

Um app registra os tipos que emite ao ser importado o seu `documentos.py` (o `AppConfig.ready()` do app o importa),
com `registrar_tipo("quadro_vagas", "Quadro de vagas (anexo do edital)")`. O código é o que se guarda em
`DocumentoEmitido.tipo` e não muda nunca (os documentos já emitidos o trazem); o rótulo é o que a página pública de
verificação e o filtro do admin mostram. Emitir um PDF de tipo não registrado é recusado antes de renderizar.
"""

from __future__ import annotations

# Do tamanho da coluna DocumentoEmitido.tipo.
TAMANHO_MAXIMO = 32

_registrados: dict[str, str] = {}


class TipoDesconhecido(ValueError):
    """Um tipo de documento que nenhum app registrou (ou registrado duas vezes com rótulos diferentes)."""


def registrar_tipo(codigo: str, rotulo: str) -> str:
    """Registra um tipo de documento e devolve o código, para o app guardá-lo numa constante.

    Registrar de novo o mesmo código com o mesmo rótulo não faz nada (um módulo reimportado); com outro rótulo, é
    um conflito entre apps e é recusado."""
    if not codigo or len(codigo) > TAMANHO_MAXIMO:
        raise TipoDesconhecido(f"O código do tipo de documento «{codigo}» deve ter de 1 a {TAMANHO_MAXIMO} caracteres.")
    anterior = _registrados.setdefault(codigo, rotulo)
    if anterior != rotulo:
        raise TipoDesconhecido(f"O tipo de documento «{codigo}» já está registrado como «{anterior}»; não pode "
                               f"ser registrado de novo como «{rotulo}».")
    return codigo


def rotulo_do_tipo(codigo: str) -> str:
    """O rótulo de um tipo registrado; um tipo que nenhum app registrou é recusado."""
    try:
        return _registrados[codigo]
    except KeyError:
        raise TipoDesconhecido(f"O tipo de documento «{codigo}» não está registrado. O app que emite o documento "
                               "deve registrá-lo com documentos.tipos.registrar_tipo no seu documentos.py.") from None


def tipos_de_documento() -> list[tuple[str, str]]:
    """As escolhas de DocumentoEmitido.tipo (choices chamável): os tipos registrados, com o genérico por último."""
    return sorted(_registrados.items(), key=lambda item: item[0] == OUTRO)


# O genérico, de quem não tem um tipo próprio.
OUTRO = registrar_tipo("outro", "Outro documento")

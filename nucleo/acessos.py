"""O registro de cada acesso a dado pessoal sensível (LGPD art. 37): uma linha por ficha, lista, filtro, exportação,
PDF ou prévia, gravada na hora do acesso. É o que o encarregado de dados lê (art. 41); nada disso vai para o log
do servidor, que não guarda dado pessoal nenhum."""

from __future__ import annotations

from urllib.parse import urlencode

from nucleo.models import AcessoSensivel, TipoAcesso

__all__ = ["TipoAcesso", "registrar_acesso", "registrar_acesso_na_requisicao", "registrar_acessos_por_orgao"]


def registrar_acesso(*, usuario, tipo: str, descricao: str, tela: str, orgao_id: int | None = None,
                     quantidade: int = 1, filtro: str = "", objeto=None, titular_id: int | None = None,
                     finalidade: str = "", salvar: bool = True) -> AcessoSensivel:
    """Grava o acesso. `objeto` (uma ficha) dá o modelo e o id; `titular_id`, o candidato a quem o dado se refere."""
    acesso = AcessoSensivel(
        usuario=usuario if getattr(usuario, "is_authenticated", False) else None,
        nome_usuario=usuario.get_username() if getattr(usuario, "is_authenticated", False) else "",
        orgao_id=orgao_id, tipo=tipo, tela=tela[:200], descricao=descricao[:300], quantidade=quantidade,
        filtro=filtro[:300], modelo=objeto._meta.label_lower if objeto is not None else "",
        objeto_id=objeto.pk if objeto is not None else None, titular_id=titular_id, finalidade=finalidade[:300])
    if salvar:
        acesso.save()
    return acesso


def registrar_acessos_por_orgao(request, quantidades: dict[int | None, int], **dados) -> None:
    """Uma linha por órgão dos registros acessados (numa consulta só): uma lista com candidatos de dois órgãos fica
    no registro de cada um, para o encarregado de cada órgão (LGPD art. 41)."""
    modelos = [registrar_acesso(usuario=request.user, tela=request.path, orgao_id=orgao, quantidade=quantidade,
                                salvar=False, **dados) for orgao, quantidade in quantidades.items()]
    if len(modelos) == 1:
        # O caso comum, um órgão: um INSERT só (o bulk_create abriria uma transação, com BEGIN e COMMIT a mais em cada
        # página da lista — medido em bench/bench_admin_inscricoes.py).
        modelos[0].save()
    else:
        AcessoSensivel.objects.bulk_create(modelos)


def registrar_acesso_na_requisicao(request, **dados) -> AcessoSensivel:
    """O mesmo, com a conta e a tela da requisição (o endereço sem a busca: nela pode haver um nome ou um CPF)."""
    return registrar_acesso(usuario=request.user, tela=request.path, **dados)


def filtros_sensiveis(parametros, campos: tuple[str, ...]) -> str:
    """Os parâmetros da lista que filtram por um dado sensível, como texto para o registro («cor_raca__exact=parda»)."""
    pares = [(chave, valor) for chave, valor in parametros.items() if set(chave.split("__")) & set(campos)]
    return urlencode(sorted(pares))

"""Quem vê os indicadores do monitoramento: a permissão e o recorte por órgão (nucleo/orgaos.py), juntos.

Os membros da comissão entram com o perfil «Comissão de monitoramento» (demonstracao/perfis.py) e uma lotação no órgão
da comissão: veem os indicadores dele, e só dele. Os indicadores são agregados (contagens e percentuais, sem nome, CPF
nem cor ou raça de ninguém): a permissão não dá acesso a dado pessoal, e por isso não é registrada como acesso a dado
sensível (nucleo/acessos.py).
"""

from __future__ import annotations

from nucleo.orgaos import pode_acessar

PERMISSAO_INDICADORES = "monitoramento.ver_indicadores"


def pode_ver_indicadores(usuario, orgao_id: int | None) -> bool:
    """Se a conta vê os indicadores do órgão `orgao_id`: tem a permissão e está lotada nele (ou vê todos os órgãos)."""
    if orgao_id is None or not getattr(usuario, "is_authenticated", False):
        return False
    return usuario.has_perm(PERMISSAO_INDICADORES) and pode_acessar(usuario, orgao_id)

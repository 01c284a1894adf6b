"""Quem vê os indicadores: a comissão de monitoramento (`monitoramento.ver_indicadores`) e quem vê os certames (o RH, os
órgãos de controle), cada um só os dos seus órgãos (nucleo/orgaos.py). Os indicadores são agregados: nenhum deles dá o
dado de uma pessoa; os links para os registros por trás dos números seguem as permissões de cada lista."""

from __future__ import annotations

from nucleo.orgaos import pode_acessar

PERMISSOES_DO_PAINEL = ("monitoramento.ver_indicadores", "concursos.view_certame")


def pode_ver_indicadores(usuario, orgao_id: int | None) -> bool:
    return any(usuario.has_perm(p) for p in PERMISSOES_DO_PAINEL) and pode_acessar(usuario, orgao_id)

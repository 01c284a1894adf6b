"""Admin dos certames, uma tela por módulo: certames (com cargos e o painel), candidatos, inscrições,
chamadas; e o que elas partilham (comum), a importação, a exportação e os documentos."""

from concursos.admin import candidatos, cargos, certames, chamadas, fases, inscricoes

__all__ = ["candidatos", "cargos", "certames", "chamadas", "fases", "inscricoes"]

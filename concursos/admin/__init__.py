"""Admin dos certames, uma tela por módulo: órgãos, certames (com cargos e o painel), candidatos, inscrições,
chamadas; e o que elas partilham (comum), a importação, a exportação e os documentos."""

from concursos.admin import candidatos, certames, chamadas, inscricoes, orgaos

__all__ = ["candidatos", "certames", "chamadas", "inscricoes", "orgaos"]

"""Quadro de vagas de um cargo segundo uma lei: quantas vagas cada grupo reserva e em que posições.

    python manage.py simular_vagas --lei SLUG --vagas N [--vagas-pcd M] [--posicoes K] [--json]
"""

from __future__ import annotations

from legislacao.management.commands._simulacao import ComandoSimulacao
from legislacao.saida import linhas_quadro, quadro_para_dict


class Command(ComandoSimulacao):
    help = ("Simula o quadro de vagas de um cargo: vagas de ampla concorrência, PcD e de cada grupo de reserva, "
            "com os artigos da lei, e a ordem de nomeação das K primeiras posições.")

    def handle(self, *args, **options) -> None:
        lei, regras, quadro = self.quadro(options)
        if options["json"]:
            self.escrever_json(quadro_para_dict(lei, regras, quadro))
        else:
            self.escrever_linhas(linhas_quadro(lei, regras, quadro))

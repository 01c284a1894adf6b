"""Os avisos da importação: dados da banca que não impedem a gravação, mas que o RH precisa ver (decisão 0025).

A opção pela reserva de quem se autodeclara fora de todos os grupos da lei do certame (p. ex. `branca` com
`reserva=sim`, sem ser quilombola onde a lei reserva aos quilombolas) não põe ninguém em lista de reserva: a
autodeclaração é o que vale (docs/dominio.md), e a pessoa concorre à ampla. A importação grava (o arquivo pode estar
certo: a opção é do candidato), mas diz, linha a linha, onde está cada caso, para que a banca confira antes do
encerramento das inscrições (depois dele, a autodeclaração e a opção não mudam mais).
"""

from __future__ import annotations

from django.db import connection

from concursos.importacao.leiaute import MODO_INSCRICOES
from concursos.importacao.preparo import PREPARO
from concursos.importacao.validacao import Leitura
from concursos.models import Certame
from legislacao.entrada import Erro

LIMITE_AVISOS = 500


def reserva_fora_dos_grupos(certame: Certame, leitura: Leitura) -> tuple[list[Erro], int]:
    """As linhas da tabela de preparo com `reserva=sim` e uma autodeclaração que nenhum grupo de reserva da lei do
    certame alcança: os primeiros LIMITE_AVISOS avisos e o total. Só num arquivo de inscrições (o de resultados não
    traz a autodeclaração)."""
    if leitura.modo != MODO_INSCRICOES or not leitura.linhas:
        return [], 0
    grupos = certame.regras_motor().grupos
    elegiveis = sorted({par for grupo in grupos for par in grupo.elegiveis()})
    fora = " AND ".join(["NOT (cor_raca = %s AND quilombola = %s)"] * len(elegiveis)) or "TRUE"
    parametros = [valor for par in elegiveis for valor in par]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT linha, cor_raca, quilombola FROM {PREPARO} WHERE reserva = %s AND cor_raca IS NOT NULL "
                       f"AND quilombola IS NOT NULL AND {fora} ORDER BY linha", [True, *parametros])
        linhas = cursor.fetchall()
    nomes = ", ".join(grupo.nome for grupo in grupos)
    alcance = (f"nenhum grupo de reserva da lei do certame ({nomes}) alcança esta autodeclaração" if grupos else
               "a lei do certame não reserva vagas por cor ou raça")
    avisos = [Erro(linha, "reserva", "sim",
                   f"a autodeclaração é «{cor}»{' quilombola' if quilombola else ''}, e {alcance}: a opção pela "
                   "reserva não vale, e a pessoa concorre só à ampla. Se o arquivo estiver errado, peça à banca a "
                   "correção antes do encerramento das inscrições.")
              for linha, cor, quilombola in linhas[:LIMITE_AVISOS]]
    return avisos, len(linhas)

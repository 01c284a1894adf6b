"""Escritas da heteroidentificação: cada passo do procedimento é uma função, numa transação, com registro.

Convocação → sessão aberta (quórum e composição conferidos) → presença → entrevista → o candidato
deixa a sala (Afonso Cláudio art. 9º, § 6º) → votação secreta → apuração (art. 9º, § 4º; art. 11, § 2º), ou,
onde a lei manda cada membro avaliar, as avaliações individuais assinadas e o encerramento pela regra do edital
→ parecer motivado (art. 6º, § 1º) → efeito na inscrição do certame. Depois: resultado provisório,
recursos (art. 6º, § 2º), resultado final e, se houver indício de fraude, o procedimento com
contraditório e ampla defesa (art. 7º).
"""

from heteroidentificacao.services.avaliacao import (
    avaliacao_anotar,
    avaliacao_registrar_presenca,
    avaliacao_transferir,
    parecer_registrar,
)
from heteroidentificacao.services.comum import PARECER_MINIMO
from heteroidentificacao.services.deliberacao import avaliacao_individual_registrar, deliberacao_encerrar
from heteroidentificacao.services.fraude import fraude_decidir, fraude_instaurar, fraude_registrar_defesa
from heteroidentificacao.services.gravacao import (
    gravacao_acessar,
    gravacao_examinar,
    gravacao_registrar,
    gravacao_registrar_na_sessao,
)
from heteroidentificacao.services.incidentes import membro_registrar_entrada, membro_registrar_saida
from heteroidentificacao.services.recursos import comissao_que_julga, recurso_pautar, recurso_protocolar
from heteroidentificacao.services.resultados import (
    cotista_dispensar,
    prazo_recurso_da_avaliacao,
    resultado_final_publicar,
    resultado_provisorio_publicar,
)
from heteroidentificacao.services.sessao import sessao_abrir, sessao_convocar, sessao_encerrar
from heteroidentificacao.services.votacao import (
    cedula_papel_abrir,
    votacao_abrir,
    votacao_anular,
    votacao_apurar,
    voto_registrar,
)
from nucleo.servicos import ErroOperacao

__all__ = [
    "PARECER_MINIMO",
    "ErroOperacao",
    "avaliacao_anotar",
    "avaliacao_individual_registrar",
    "avaliacao_registrar_presenca",
    "avaliacao_transferir",
    "cedula_papel_abrir",
    "comissao_que_julga",
    "cotista_dispensar",
    "deliberacao_encerrar",
    "fraude_decidir",
    "fraude_instaurar",
    "fraude_registrar_defesa",
    "gravacao_acessar",
    "gravacao_examinar",
    "gravacao_registrar",
    "gravacao_registrar_na_sessao",
    "membro_registrar_entrada",
    "membro_registrar_saida",
    "parecer_registrar",
    "prazo_recurso_da_avaliacao",
    "recurso_pautar",
    "recurso_protocolar",
    "resultado_final_publicar",
    "resultado_provisorio_publicar",
    "sessao_abrir",
    "sessao_convocar",
    "sessao_encerrar",
    "votacao_abrir",
    "votacao_anular",
    "votacao_apurar",
    "voto_registrar",
]

"""A demonstração do monitoramento: a Prefeitura de Ubatuba/SP com um concurso a cada dois anos enquanto a Lei
3.765/2014 vigorou (até 16/06/2024, art. 13), cada um com a convocação inicial, desistências e as vagas que
reverteram; é o que o painel de indicadores, o relatório da comissão de monitoramento (art. 9º) e a página de
transparência mostram."""

from __future__ import annotations

import random
from datetime import date, timedelta

from concursos.models import Certame, Convocacao, Escolaridade, EstadoCertame, Inscricao
from concursos.services.certame import certame_avancar
from concursos.services.chamadas import chamada_inicial, desistencia_registrar
from nucleo.models import Orgao

UBATUBA = 3555406
ORGAO_UBATUBA = "Prefeitura Municipal da Estância Balneária de Ubatuba"
# Um concurso a cada dois anos, de 2016 a 2022: a lei vigorou de 16/06/2014 a 16/06/2024.
EDITAIS_UBATUBA = [(f"{i:03d}/{ano}", date(ano, 3, 7)) for i, ano in enumerate((2016, 2018, 2020, 2022), 1)]
CARGOS_UBATUBA = [
    ("AGE", "Agente de educação infantil", Escolaridade.MEDIO, 12, 1, 60),
    ("GUA", "Guarda-vidas", Escolaridade.FUNDAMENTAL, 8, 0, 30),
    ("ENG", "Engenheiro civil", Escolaridade.SUPERIOR, 3, 0, 9),
    ("PSI", "Psicólogo", Escolaridade.SUPERIOR, 2, 0, 8),
]


def garantir_concursos_de_ubatuba(usuario, preencher, cpf_base: int) -> list[Certame]:
    """Os concursos de demonstração de Ubatuba, do edital à convocação inicial e às desistências, com as datas de cada
    ano (só os que ainda não existem). `preencher`: a função do carregar_demo que cria cargos e inscritos e publica."""
    orgao, _ = Orgao.objects.get_or_create(nome=ORGAO_UBATUBA, defaults={"sigla": "PMU", "municipio_id": UBATUBA})
    certames = []
    for n, (edital, data_edital) in enumerate(EDITAIS_UBATUBA):
        certame = Certame.objects.filter(orgao=orgao, numero_edital=edital).first()
        if certame is None:
            certame = _concurso(orgao, edital, data_edital, usuario, preencher, cpf_base + n * 1_000, semente=n)
        certames.append(certame)
    return certames


def _concurso(orgao: Orgao, edital: str, data_edital: date, usuario, preencher, cpf_base: int,
              semente: int) -> Certame:
    certame = Certame.objects.create(
        orgao=orgao, numero_edital=edital, titulo=f"Concurso público de {data_edital.year}", data_edital=data_edital,
        inscricoes_inicio=data_edital + timedelta(days=7), inscricoes_fim=data_edital + timedelta(days=37),
        validade_meses=24)
    certame = preencher(certame, CARGOS_UBATUBA, cpf_base, etapa=EstadoCertame.PUBLICADO, semente=semente)
    # A autodeclaração é da inscrição (art. 3º): no período de inscrições daquele ano. Nos concursos de 2018 e 2022
    # ninguém optou pela reserva para engenheiro civil: a vaga reservada reverte à ampla (art. 4º, § 2º).
    Inscricao.objects.filter(certame=certame).update(autodeclaracao_em=data_edital + timedelta(days=20))
    if semente % 2:
        Inscricao.objects.filter(certame=certame, cargo__codigo="ENG").update(reserva=False)
    dia = certame.inscricoes_fim + timedelta(days=1)
    while not certame.alcancou(EstadoCertame.HOMOLOGADO):
        certame = certame_avancar(certame=certame, usuario=usuario, data=dia)
        dia += timedelta(days=15)
    sorteio = random.Random(semente)
    for cargo in certame.cargos.order_by("codigo"):
        chamada_inicial(cargo=cargo, data=dia, ato=f"Decreto nº {100 + semente}/{data_edital.year}", usuario=usuario)
        # Um em cada oito convocados desiste antes da posse; quem vem depois é da mesma lista (art. 4º, § 1º).
        for convocacao in Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True).order_by("posicao"):
            if sorteio.random() < 0.125:
                desistencia_registrar(convocacao=convocacao, data=dia + timedelta(days=20),
                                      ato=f"Termo de desistência nº {convocacao.posicao}/{data_edital.year}",
                                      usuario=usuario)
    return certame

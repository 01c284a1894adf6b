"""A demonstração do monitoramento: a Prefeitura de Ubatuba/SP com um concurso a cada dois anos enquanto a Lei
3.765/2014 vigorou (até 16/06/2024, art. 13), cada um com a convocação inicial, desistências e as vagas que
reverteram; é o que o painel de indicadores, o relatório da comissão de monitoramento (art. 9º) e a página de
transparência mostram. E a comissão de monitoramento (art. 9º, § 1º), as nomeações para cargos em comissão e os
estágios de 2018 a 2023 (art. 8º e art. 1º, parágrafo único, I: num dos anos, abaixo do piso), os servidores com a
autodeclaração do recadastramento (art. 10) e o rascunho do relatório anual de 2023."""

from __future__ import annotations

import random
from datetime import date, timedelta

from concursos.models import Certame, Convocacao, Escolaridade, EstadoCertame, Inscricao
from concursos.services.certame import certame_avancar
from concursos.services.chamadas import Apresentacao, chamada_inicial, desistencia_registrar
from legislacao.models import Lei
from monitoramento.models import (
    ComissaoMonitoramento,
    Funcao,
    MembroMonitoramento,
    RelatorioMonitoramento,
    TipoRelatorio,
)
from nucleo.models import Orgao
from nucleo.servicos import auditar
from pessoal.models import ContratoEstagio, NomeacaoComissao, Servidor, Vinculo
from pessoal.services import (
    estagio_contratar,
    estagio_encerrar,
    nomeacao_exonerar,
    nomeacao_registrar,
    servidor_autodeclarar,
)

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


def apresentacao_de_ubatuba(dia: date) -> Apresentacao:
    """O que o edital de convocação de Ubatuba diz aos convocados: onde, até quando (30 dias do ato) e o que levar."""
    return Apresentacao(local="Departamento de Recursos Humanos, Avenida Dona Maria Alves, 865, Centro, das 9h às 16h",
                        prazo=dia + timedelta(days=30),
                        documentos="Documento oficial de identidade com foto\nCPF\nComprovante de residência\n"
                                   "Certificado ou diploma da escolaridade exigida")


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
    # Nos concursos de 2018 e 2022 ninguém optou pela reserva para engenheiro civil: a vaga reservada reverte à ampla
    # (art. 4º, § 2º).
    certame = preencher(certame, CARGOS_UBATUBA, cpf_base, etapa=EstadoCertame.PUBLICADO, semente=semente,
                        sem_reserva=("ENG",) if semente % 2 else ())
    # A autodeclaração é da inscrição (art. 3º): no período de inscrições daquele ano.
    Inscricao.objects.filter(certame=certame).update(autodeclaracao_em=data_edital + timedelta(days=20))
    dia = certame.inscricoes_fim + timedelta(days=1)
    while not certame.alcancou(EstadoCertame.HOMOLOGADO):
        certame = certame_avancar(certame=certame, usuario=usuario, data=dia)
        dia += timedelta(days=15)
    sorteio = random.Random(semente)
    for cargo in certame.cargos.order_by("codigo"):
        chamada_inicial(cargo=cargo, data=dia, ato=f"Decreto nº {100 + semente}/{data_edital.year}", usuario=usuario,
                        apresentacao=apresentacao_de_ubatuba(dia))
        # Um em cada oito convocados desiste antes da posse; quem vem depois é da mesma lista (art. 4º, § 1º).
        for convocacao in Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True).order_by("posicao"):
            if sorteio.random() < 0.125:
                desistencia_registrar(convocacao=convocacao, data=dia + timedelta(days=20),
                                      ato=f"Termo de desistência nº {convocacao.posicao}/{data_edital.year}",
                                      usuario=usuario)
    return certame


# A comissão de monitoramento de Ubatuba (art. 9º, § 1º): constituída por ato do Prefeito em 2019, com um servidor de
# cada secretaria que a lei nomeia (a primeira coordena) e um representante de cada grupo étnico. Os nomes são de
# exemplo; as unidades vêm dos dados da lei.
LEI_UBATUBA = "ubatuba-sp-lei-3765-2014"
ATO_COMISSAO = "Decreto nº 6.850/2019"
DATA_ATO_COMISSAO = date(2019, 3, 12)
SERVIDORES_DA_COMISSAO = ["Marta Conceição dos Santos", "Paulo Henrique Ribeiro", "Renata Oliveira Campos"]
REPRESENTANTES = {"negros": "Jorge Luís Benedito", "indigenas": "Araci Mirim (Aldeia Boa Vista)",
                  "quilombolas": "Antônio Carlos da Caçandoca"}
CONCLUSOES_2023 = (
    "Demonstração — conclusões de exemplo. Em 2023 não houve edital de concurso; as convocações do concurso de 2022 "
    "seguiram a alternância e a proporcionalidade, e as vagas reservadas sem candidato reverteram à ampla "
    "concorrência. Nos cargos em comissão a participação dos grupos da lei voltou a ficar acima do piso, depois de "
    "2020, quando ficou abaixo dele.")
RECOMENDACOES_2023 = (
    "Demonstração — recomendações de exemplo. Convidar os nomeados e os estagiários sem autodeclaração a fazê-la no "
    "próximo recadastramento; divulgar o processo seletivo de estágio nas comunidades quilombolas e na aldeia.")

# As nomeações para cargos em comissão: nome, cargo, nomeação, cor ou raça («» sem autodeclaração), quilombola e
# exoneração. Em 31/12/2020 só 1 dos 6 ocupados é dos grupos da lei (16,7%): o painel de 2020 avisa do piso (art. 8º).
NOMEACOES = [
    ("Ana Paula Reis", "Diretora de Assistência Social", date(2018, 1, 2), "parda", False, date(2020, 3, 31)),
    ("Roberto Guimarães", "Chefe de Gabinete", date(2018, 1, 2), "branca", False, None),
    ("Cláudia Nascimento", "Diretora de Ensino Fundamental", date(2018, 2, 1), "preta", False, date(2020, 6, 30)),
    ("Marcelo Tavares", "Assessor de Comunicação", date(2018, 2, 1), "", False, None),
    ("Sérgio Pacheco", "Assessor Jurídico", date(2019, 3, 1), "branca", False, None),
    ("Juliana Prado", "Diretora de Turismo", date(2019, 5, 2), "branca", False, date(2023, 1, 31)),
    ("Tânia Souza", "Coordenadora de Atenção Básica", date(2020, 2, 3), "", False, None),
    ("Luciana Araújo", "Diretora de Cultura", date(2020, 8, 3), "parda", False, None),
    ("Rosa Potiguara", "Assessora de Políticas Indígenas", date(2021, 2, 1), "indigena", False, None),
    ("Fernando Lopes", "Diretor de Obras", date(2021, 4, 1), "branca", False, None),
    ("Benedito dos Santos", "Coordenador de Pesca Artesanal", date(2022, 6, 1), "preta", True, None),
    ("Carla Mendes", "Diretora de Meio Ambiente", date(2023, 3, 1), "parda", False, None),
]
# Os contratos de estágio: nome, curso, início, término previsto, cor ou raça, quilombola e encerramento antecipado.
ESTAGIOS = [
    ("Gabriela Moura", "Pedagogia", date(2018, 3, 1), date(2019, 2, 28), "parda", False, None),
    ("Lucas Ferreira", "Administração", date(2018, 3, 1), date(2019, 12, 20), "branca", False, None),
    ("Beatriz Ramos", "Serviço Social", date(2019, 3, 1), date(2021, 2, 26), "preta", False, None),
    ("Thiago Almeida", "Direito", date(2019, 8, 1), date(2021, 7, 30), "", False, None),
    ("Camila Rocha", "Engenharia Civil", date(2020, 3, 2), date(2022, 2, 25), "branca", False, None),
    ("Yara Tupinambá", "Enfermagem", date(2021, 3, 1), date(2022, 12, 16), "indigena", False, None),
    ("Davi Conceição", "Gestão Ambiental", date(2022, 3, 2), date(2023, 12, 22), "preta", True, None),
    ("Felipe Barbosa", "Contabilidade", date(2022, 8, 1), date(2024, 7, 31), "branca", False, date(2023, 5, 31)),
    ("Larissa Campos", "Psicologia", date(2023, 3, 1), date(2024, 2, 29), "parda", False, None),
    ("Vinícius Dias", "Sistemas de Informação", date(2023, 8, 1), date(2025, 7, 31), "", False, None),
]
# Os servidores e a autodeclaração do recadastramento de 2021 (art. 10: facultativa; «» quem não a fez).
SERVIDORES = [
    ("10231", "Helena Batista", "Professora de educação básica", "parda"),
    ("10452", "Osvaldo Pires", "Agente administrativo", "branca"),
    ("10877", "Sandra Lima", "Enfermeira", "preta"),
    ("11024", "José Carlos Moraes", "Guarda-vidas", ""),
    ("11310", "Priscila Matos", "Agente de educação infantil", "branca"),
    ("11598", "Raimundo Nonato Silva", "Motorista", "parda"),
    ("12003", "Irene Kuaray", "Agente comunitária de saúde", "indigena"),
    ("12240", "Adriana Vieira", "Psicóloga", ""),
]
RECADASTRAMENTO = date(2021, 9, 15)


def garantir_monitoramento_de_ubatuba(orgao: Orgao, usuario, membro) -> tuple[ComissaoMonitoramento,
                                                                              RelatorioMonitoramento]:
    """A comissão de monitoramento de Ubatuba (com a conta `membro` na coordenação), o quadro de pessoal de 2018 a 2023
    (pelos atos de `pessoal.services`) e o rascunho do relatório anual de 2023; só o que ainda não existe."""
    lei = Lei.objects.vigentes_versoes().get(slug=LEI_UBATUBA)
    comissao = ComissaoMonitoramento.objects.filter(orgao=orgao, ato_numero=ATO_COMISSAO).first()
    if comissao is None:
        comissao = _comissao(orgao, lei, usuario, membro)
    if not NomeacaoComissao.objects.filter(orgao=orgao).exists():
        _nomeacoes(orgao, usuario)
    if not ContratoEstagio.objects.filter(orgao=orgao).exists():
        _estagios(orgao, usuario)
    if not Servidor.objects.filter(orgao=orgao).exists():
        _servidores(orgao, usuario)
    relatorio = RelatorioMonitoramento.objects.filter(comissao=comissao, tipo=TipoRelatorio.ANUAL,
                                                      ano_referencia=2023).first()
    if relatorio is None:
        relatorio = RelatorioMonitoramento(comissao=comissao, tipo=TipoRelatorio.ANUAL, ano_referencia=2023,
                                           conclusoes=CONCLUSOES_2023, recomendacoes=RECOMENDACOES_2023)
        auditar(relatorio, usuario, "Demonstração: rascunho do relatório anual de 2023.")
        relatorio.save()
    return comissao, relatorio


def _comissao(orgao: Orgao, lei: Lei, usuario, membro) -> ComissaoMonitoramento:
    comissao = ComissaoMonitoramento(orgao=orgao, lei=lei, ato_numero=ATO_COMISSAO, ato_data=DATA_ATO_COMISSAO,
                                     inicio=DATA_ATO_COMISSAO)
    auditar(comissao, usuario, "Demonstração: comissão de monitoramento de Ubatuba.")
    comissao.save()
    regras = comissao.regras()
    membros = [MembroMonitoramento(comissao=comissao, nome=nome, unidade=unidade, inicio=DATA_ATO_COMISSAO,
                                   funcao=Funcao.COORDENADOR if n == 0 else Funcao.MEMBRO,
                                   usuario=membro if n == 0 else None)
               for n, (nome, unidade) in enumerate(zip(SERVIDORES_DA_COMISSAO, regras.unidades, strict=True))]
    membros += [MembroMonitoramento(comissao=comissao, nome=REPRESENTANTES[grupo], grupo=grupo,
                                    inicio=DATA_ATO_COMISSAO) for grupo in regras.grupos]
    for novo in membros:
        auditar(novo, usuario, f"Demonstração: membro designado pelo {ATO_COMISSAO}.")
        novo.save()
    return comissao


def _nomeacoes(orgao: Orgao, usuario) -> None:
    for n, (nome, cargo, nomeado_em, cor, quilombola, exonerado_em) in enumerate(NOMEACOES, 1):
        nomeacao = nomeacao_registrar(
            orgao=orgao, nome=nome, cargo=cargo, nomeado_em=nomeado_em, ato=f"Portaria nº {n * 37}/{nomeado_em.year}",
            usuario=usuario, simbolo="DAS-2", cor_raca=cor, quilombola=quilombola,
            autodeclaracao_em=nomeado_em if cor or quilombola else None).objeto
        if exonerado_em is not None:
            nomeacao_exonerar(nomeacao=nomeacao, exonerado_em=exonerado_em, usuario=usuario,
                              ato=f"Portaria nº {n * 37 + 1}/{exonerado_em.year}", motivo="Exoneração a pedido.")


def _estagios(orgao: Orgao, usuario) -> None:
    for n, (nome, curso, inicio, termino, cor, quilombola, encerrado_em) in enumerate(ESTAGIOS, 1):
        contrato = estagio_contratar(
            orgao=orgao, nome=nome, inicio=inicio, termino_previsto=termino, ato=f"Termo de compromisso nº {n}/"
            f"{inicio.year}", usuario=usuario, instituicao="Universidade de Taubaté", curso=curso, cor_raca=cor,
            quilombola=quilombola, autodeclaracao_em=inicio if cor or quilombola else None).objeto
        if encerrado_em is not None:
            estagio_encerrar(contrato=contrato, encerrado_em=encerrado_em, usuario=usuario,
                             ato=f"Termo de rescisão nº {n}/{encerrado_em.year}", motivo="Estagiário contratado.")


def _servidores(orgao: Orgao, usuario) -> None:
    for matricula, nome, cargo, cor in SERVIDORES:
        servidor = Servidor(orgao=orgao, matricula=matricula, nome=nome, cargo=cargo, vinculo=Vinculo.EFETIVO)
        auditar(servidor, usuario, "Demonstração: servidor do cadastro do RH.")
        servidor.save()
        if cor:
            servidor_autodeclarar(servidor=servidor, data=RECADASTRAMENTO, usuario=usuario, cor_raca=cor)

"""Dois órgãos, A e B, cada um com um conjunto completo de dados (certame publicado, inscrições com resultado,
chamada, importação, documento emitido, comissão com membros, sessão com avaliação, recurso, apuração de fraude,
acesso à gravação, registro de acesso a dado sensível, exportação), e as contas de A que tentam alcançar B.

As marcas de cada órgão (nomes, CPFs, edital, números de inscrição…) são únicas: achar uma marca de B numa página
vista por uma conta de A é vazamento.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, time

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission

from concursos.documentos import emitir_quadro
from concursos.models import (
    Candidato,
    Cargo,
    Certame,
    Chamada,
    Convocacao,
    DocumentoApresentado,
    EstadoCertame,
    Exportacao,
    Fase,
    Importacao,
    Inscricao,
    formatar_cpf,
)
from concursos.services.certame import certame_avancar, certame_publicar
from concursos.services.chamadas import chamada_inicial
from demonstracao.perfis import garantir_perfis
from documentos.models import DocumentoEmitido
from heteroidentificacao import services
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    Comissao,
    Dispensa,
    Instancia,
    Membro,
    Papel,
    ProcedimentoFraude,
    Recurso,
    Sessao,
)
from heteroidentificacao.selectors import cotistas_a_convocar
from monitoramento.models import ComissaoMonitoramento, MembroMonitoramento, RelatorioMonitoramento
from nucleo.acessos import TipoAcesso, registrar_acesso
from nucleo.models import AcessoSensivel, Lotacao, Orgao, Signatario
from pessoal import services as pessoal
from pessoal.importacao import criar_importacao
from pessoal.models import ContratoEstagio, ImportacaoRH, NomeacaoComissao, Servidor
from tests.concursos.conftest import cpf_valido, prazos_do_edital
from tests.conftest import municipio
from tests.heteroidentificacao.conftest import (  # noqa: F401 (fixtures autouse da heteroidentificação)
    DIA_DA_SESSAO,
    criar_membro,
    midia_temporaria,
    relogio,
)
from tests.heteroidentificacao.procedimento import decidir, dispensar_os_demais

SENHA = "senha-forte-123"
# Uma palavra rara por órgão, presente em quase todo texto que os dados dele produzem.
TOKENS = {"A": "Jacarandá", "B": "Xiririca"}
PREFIXOS = {"A": "JAC", "B": "XIR"}
CPF_BASE = {"A": 710_000_000, "B": 820_000_000}


@dataclass
class DadosDoOrgao:
    letra: str
    orgao: Orgao
    certame: Certame = None
    cargo: Cargo = None
    inscricoes: list[Inscricao] = field(default_factory=list)
    comissao: Comissao = None
    sessao: Sessao = None
    objetos: dict = field(default_factory=dict)  # modelo -> um objeto do órgão (para as URLs)
    marcas: set[str] = field(default_factory=set)
    rh: object = None

    @property
    def token(self) -> str:
        return TOKENS[self.letra]


def _usuario(username: str, perfil: str | None, orgao: Orgao, *permissoes: str):
    usuario = get_user_model().objects.create_user(username, password=SENHA, is_staff=True)
    if perfil:
        usuario.groups.add(Group.objects.get(name=perfil))
    for permissao in permissoes:
        app, codigo = permissao.split(".")
        usuario.user_permissions.add(Permission.objects.get(content_type__app_label=app, codename=codigo))
    Lotacao.objects.create(usuario=usuario, orgao=orgao)
    return usuario


def _primeira_fase(letra: str, admin_user) -> DadosDoOrgao:
    token, prefixo = TOKENS[letra], PREFIXOS[letra]
    orgao = Orgao.objects.create(nome=f"Autarquia {token}", sigla=f"AUT{prefixo}",
                                 municipio=municipio("Afonso Cláudio"))
    dados = DadosDoOrgao(letra, orgao)
    dados.rh = _usuario(f"rh_{letra.lower()}", "Recursos humanos", orgao)
    certame = Certame.objects.create(orgao=orgao, numero_edital=f"{prefixo}-0{ord(letra)}/2024",
                                     titulo=f"Concurso {token}", data_edital=date(2024, 3, 1),
                                     **prazos_do_edital(date(2024, 3, 1)))
    cargo = Cargo.objects.create(certame=certame, codigo="ADM", nome=f"Analista {token}", vagas=10, vagas_pcd=0,
                                 escolaridade="4_superior")
    linhas = [("branca", False), ("parda", True), ("preta", True), ("branca", False), ("parda", True),
              ("indigena", True)]
    for i, (cor, reserva) in enumerate(linhas, 1):
        cpf = cpf_valido(CPF_BASE[letra] + i)
        candidato = Candidato.objects.create(orgao=orgao, nome=f"Candidata {token} {i}", cpf=cpf, cor_raca=cor)
        numero = f"{prefixo}{i:04d}"
        dados.inscricoes.append(Inscricao.objects.create(
            certame=certame, cargo=cargo, candidato=candidato, numero=numero, reserva=reserva, cor_raca=cor,
            classificacao=i, situacao="habilitado", nota_final=100 - i))
        dados.marcas |= {candidato.nome, cpf, formatar_cpf(cpf), numero}
    dados.certame = certame_publicar(certame=certame, usuario=admin_user)
    dados.cargo = cargo
    dados.marcas |= {orgao.nome, certame.numero_edital, certame.titulo, cargo.nome}

    comissao = Comissao.objects.create(certame=certame, instancia=Instancia.PRIMEIRA,
                                       ato_designacao=f"Portaria {token} 45/2024", data_designacao=date(2024, 3, 15))
    for nome, cor, genero, estavel, carreira, presidente, papel in [
            (f"Ana {token} Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
            (f"Bruno {token} Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
            (f"Carla {token} Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
            (f"Davi {token} Suplente", "parda", "masculino", True, True, False, Papel.SUPLENTE)]:
        membro = criar_membro(comissao, nome, cor, genero, estavel, carreira, presidente, papel)
        dados.marcas |= {nome, membro.cpf, formatar_cpf(membro.cpf)}
    dados.comissao = comissao
    dados.sessao = Sessao.objects.create(comissao=comissao, numero=1, data=DIA_DA_SESSAO, inicio=time(9, 0),
                                         local=f"Auditório {token}")
    dados.marcas.add(dados.sessao.local)
    cotistas = list(cotistas_a_convocar(comissao))
    services.sessao_convocar(sessao=dados.sessao, inscricoes=cotistas[:1], usuario=admin_user)
    dispensar_os_demais(comissao, admin_user)
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR).order_by("nome"))
    presidente = comissao.membros.get(presidente=True)
    services.sessao_abrir(sessao=dados.sessao, presentes=titulares, usuario=presidente.usuario)
    decidir(dados.sessao.avaliacoes.get(), presidente, [(m, False) for m in titulares])
    services.sessao_encerrar(sessao=dados.sessao, usuario=presidente.usuario)
    return dados


def _segunda_fase(dados: DadosDoOrgao, admin_user) -> None:
    token = dados.token
    avaliacao = dados.sessao.avaliacoes.get()
    recurso = services.recurso_protocolar(avaliacao=avaliacao, protocolado_em=date(2024, 5, 2),
                                          fundamentos=f"Sou parda, conforme fotos ({token}).", usuario=admin_user)
    acesso = services.gravacao_acessar(avaliacao=avaliacao, usuario=admin_user, solicitante=f"Candidata {token}",
                                       fundamento=f"Recurso contra a decisão da comissão {token}, com fotos.")
    fraude = services.fraude_instaurar(inscricao=dados.inscricoes[2], data=date(2024, 5, 2),
                                       ato=f"Portaria {token} 77/2024", fatos="Denúncia com documentos.",
                                       usuario=admin_user)
    certame = dados.certame
    while not certame.alcancou(EstadoCertame.RESULTADO):
        certame = certame_avancar(certame=certame, usuario=admin_user)
    dados.certame = certame
    chamada = chamada_inicial(cargo=dados.cargo, data=date(2024, 7, 1), ato=f"Decreto {token} 1/2024",
                              usuario=admin_user)
    importacao = Importacao.objects.create(certame=certame, arquivo="importacoes/x.csv",
                                           nome_original=f"{token.lower()}.csv", total_linhas=10,
                                           criada_por=dados.rh)
    documento = emitir_quadro(certame=certame, usuario=admin_user)
    acesso_sensivel = registrar_acesso(usuario=dados.rh, tipo=TipoAcesso.FICHA, descricao=f"Ficha {token}",
                                       tela="/admin/", orgao_id=dados.orgao.pk, objeto=dados.inscricoes[1],
                                       titular_id=dados.inscricoes[1].candidato_id)
    exportacao = Exportacao.objects.create(criada_por=dados.rh, modelo="concursos.inscricao",
                                           recurso="InscricaoPublicacaoResource", formato="CSV",
                                           descricao=f"Inscrições {token}")
    # Um documento apresentado para a reserva (Iúna art. 2º, II), com uma observação que só B tem.
    apresentado = DocumentoApresentado.objects.create(
        inscricao=dados.inscricoes[5], grupo="IND", tipo="DECL", nome="Declaração de pertencimento étnico",
        origem="manual", observacao=f"Protocolo {token} 12/2024")
    # Uma fase do certame (Ibatiba art. 3º: a reserva em todas as fases), com um nome que só B tem.
    fase = Fase.objects.create(certame=certame, ordem=1, nome=f"Prova objetiva {token}", seguem_quantidade=10)
    # O quadro de pessoal (pessoal/): um servidor com autodeclaração, uma nomeação, um estágio e um arquivo do RH.
    servidor = Servidor.objects.create(orgao=dados.orgao, matricula=f"{PREFIXOS[dados.letra]}-77",
                                       nome=f"Servidora {token}", cargo=f"Professora {token}", vinculo="efetivo")
    pessoal.servidor_autodeclarar(servidor=servidor, data=date(2024, 4, 1), cor_raca="parda", usuario=admin_user)
    nomeacao = pessoal.nomeacao_registrar(orgao=dados.orgao, nome=f"Assessora {token}", cargo="Assessora",
                                          nomeado_em=date(2024, 3, 1), ato=f"Portaria {token} 5/2024",
                                          usuario=admin_user, cor_raca="preta").objeto
    estagio = pessoal.estagio_contratar(orgao=dados.orgao, nome=f"Estagiária {token}", inicio=date(2024, 3, 1),
                                        termino_previsto=date(2025, 2, 28), ato=f"Termo {token} 3/2024",
                                        usuario=admin_user, cor_raca="indigena").objeto
    arquivo_rh = criar_importacao(orgao=dados.orgao, tipo="servidores", nome=f"{token.lower()}-rh.csv",
                                  conteudo=f"matricula;nome;cargo;vinculo;genero\n1;{token};x;efetivo;\n".encode(),
                                  usuario=dados.rh)
    dados.marcas |= {servidor.nome, servidor.matricula, servidor.cargo, nomeacao.nome, nomeacao.ato_nomeacao,
                     estagio.nome, estagio.ato_contratacao, arquivo_rh.nome_original}
    # A comissão de monitoramento da lei (Ubatuba art. 9º), com um membro e um relatório que só B tem.
    monitoramento = ComissaoMonitoramento.objects.create(
        orgao=dados.orgao, lei=certame.lei, ato_numero=f"Decreto {token} 9/2024", ato_data=date(2024, 1, 5),
        inicio=date(2024, 1, 10))
    membro_monitoramento = MembroMonitoramento.objects.create(
        comissao=monitoramento, nome=f"Olga {token} Monitora", unidade="Secretaria de Administração",
        inicio=date(2024, 1, 10))
    relatorio = RelatorioMonitoramento.objects.create(comissao=monitoramento, ano_referencia=2024,
                                                      conclusoes=f"Conclusões {token} sobre 2024.")
    dados.marcas |= {monitoramento.ato_numero, membro_monitoramento.nome, relatorio.conclusoes}
    # Quem assina os documentos do órgão (o fecho do quadro de vagas e dos editais de convocação).
    signatario = Signatario.objects.create(orgao=dados.orgao, nome=f"Signatária {token}", cargo=f"Prefeita {token}")
    dados.marcas |= {signatario.nome}
    dados.marcas |= {recurso.fundamentos, acesso.fundamento, fraude.ato, chamada.ato, importacao.nome_original,
                     documento.codigo, acesso_sensivel.descricao, exportacao.descricao,
                     dados.comissao.ato_designacao, apresentado.observacao, fase.nome}
    dados.objetos = {
        Orgao: dados.orgao, Certame: certame, Cargo: dados.cargo, Candidato: dados.inscricoes[1].candidato,
        Inscricao: dados.inscricoes[1], Chamada: chamada, Convocacao: chamada.convocacoes.order_by("posicao")[0],
        Importacao: importacao, Comissao: dados.comissao, Membro: dados.comissao.membros.get(presidente=True),
        Sessao: dados.sessao, Avaliacao: avaliacao, Recurso: recurso, ProcedimentoFraude: fraude,
        AcessoGravacao: acesso, DocumentoEmitido: documento, AcessoSensivel: acesso_sensivel,
        Exportacao: exportacao, Dispensa: dados.comissao.dispensas.first(), get_user_model(): dados.rh,
        DocumentoApresentado: apresentado, Fase: fase,
        Servidor: servidor, NomeacaoComissao: nomeacao, ContratoEstagio: estagio, ImportacaoRH: arquivo_rh,
        ComissaoMonitoramento: monitoramento, RelatorioMonitoramento: relatorio, Signatario: signatario,
    }
    dados.objetos = {modelo: objeto for modelo, objeto in dados.objetos.items() if objeto is not None}


@dataclass
class Cenario:
    a: DadosDoOrgao
    b: DadosDoOrgao
    rh_a: object
    controle_a: object
    encarregado_a: object
    membro_a: object  # a conta do presidente da comissão de A, na área da comissão
    monitoramento_a: object  # um membro da comissão de monitoramento de A (relatórios e indicadores)

    @property
    def contas_de_a(self) -> dict:
        return {"RH de A": self.rh_a, "controle de A": self.controle_a, "encarregado de A": self.encarregado_a,
                "monitoramento de A": self.monitoramento_a}


@pytest.fixture
def dois_orgaos(leis_de_origem, afonso_claudio_publicada, admin_user, relogio) -> Cenario:  # noqa: F811
    garantir_perfis()
    a, b = _primeira_fase("A", admin_user), _primeira_fase("B", admin_user)
    relogio.ir(date(2024, 5, 1))
    for dados in (a, b):
        services.resultado_provisorio_publicar(comissao=dados.comissao, data=date(2024, 5, 1), usuario=admin_user)
    relogio.ir(date(2024, 5, 2))
    for dados in (a, b):
        _segunda_fase(dados, admin_user)
    return Cenario(
        a=a, b=b,
        rh_a=_usuario("rh_a_sensiveis", "Recursos humanos", a.orgao, "concursos.ver_dados_sensiveis"),
        controle_a=_usuario("controle_a", "Órgão de controle", a.orgao),
        encarregado_a=_usuario("encarregado_a", "Encarregado de dados", a.orgao),
        membro_a=a.comissao.membros.get(presidente=True).usuario,
        monitoramento_a=_usuario("monitoramento_a", "Comissão de monitoramento", a.orgao),
    )

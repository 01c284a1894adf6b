"""PDFs da heteroidentificação: atas das sessões e dos recursos, resultados, termo de confidencialidade e edital.

Todos saem por `documentos.pdf.emitir_pdf` (código de verificação, QR code, SHA-256). Aqui só se montam os
contextos. Candidatos e avaliações chegam ao template como dataclasses com o que cada documento pode mostrar, nunca
como objetos do banco, e a consulta adia `notas_entrevista`: as notas sigilosas da entrevista não chegam a uma ata
(Afonso Cláudio art. 10, IV). Dos votos, só `Avaliacao.votos_abertos_texto` (art. 11, § 2º): nem a unanimidade nem
o voto de um membro aparecem. Onde a lei manda cada membro registrar a sua avaliação, assinada (`Lei.forma_deliberacao`;
decisão 0017), não há voto secreto: a ata transcreve cada avaliação com o nome do membro.

A ata é montada de blocos (abertura, base legal, presentes, avaliações, deliberação, ocorrências, encerramento,
assinaturas) cuja ordem é dado (`BLOCOS_ATA_SESSAO`, `BLOCOS_ATA_RECURSOS`), como nas atas do SAPL. Uma sessão
de 200 candidatos precisa sair em até 3 s: cada candidato é um parágrafo, não uma linha de tabela com bordas
(o WeasyPrint gasta cerca de meio milissegundo por célula).

Passa de 500 linhas de propósito: cada documento é um contexto pequeno, e todos partilham as mesmas dataclasses de
leitura (o que um documento pode mostrar de um candidato e de uma avaliação); separá-los espalharia a regra do que não
sai num PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from itertools import groupby

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import Truncator

from concursos import nao_confirmacao
from concursos.models import Certame, formatar_cpf, mascarar_cpf
from documentos.models import DocumentoEmitido
from documentos.pdf import emitir_pdf
from documentos.tipos import registrar_tipo
from heteroidentificacao.composicao import Enunciado
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    AvaliacaoIndividual,
    Caracteristica,
    Comissao,
    EstadoFraude,
    EstadoRecurso,
    EstadoSessao,
    Instancia,
    Membro,
    Papel,
    ProcedimentoFraude,
    Resultado,
    Sessao,
    TipoOcorrencia,
)
from heteroidentificacao.selectors import exames_da_gravacao, prazo_recurso_fim, titulares
from heteroidentificacao.services import ErroOperacao, comissao_que_julga
from heteroidentificacao.services.deliberacao import assinatura_confere, deliberacao_confere
from legislacao.models import Consequencia, FormaDeliberacao, Lei, Maioria, SemMaioria

# Os tipos dos documentos da heteroidentificação (documentos/tipos.py); o código fica guardado em cada documento.
TIPO_ATA_SESSAO = registrar_tipo("ata_sessao", "Ata de sessão de heteroidentificação")
TIPO_ATA_RECURSO = registrar_tipo("ata_recurso", "Ata de julgamento de recursos")
TIPO_RESULTADO_PROVISORIO = registrar_tipo("resultado_provisorio", "Resultado provisório da heteroidentificação")
TIPO_RESULTADO_FINAL = registrar_tipo("resultado_final", "Resultado final da heteroidentificação")
TIPO_TERMO_CONFIDENCIALIDADE = registrar_tipo("termo_confidencialidade", "Termo de confidencialidade")
TIPO_EDITAL_CONVOCACAO = registrar_tipo("edital_convocacao", "Edital de convocação para heteroidentificação")

# O encerramento traz as assinaturas no mesmo bloco, que não se parte: nunca uma página só de assinaturas.
BLOCOS_ATA_SESSAO = ("abertura", "base_legal", "presentes", "avaliacoes", "deliberacao", "ocorrencias",
                     "encerramento")
BLOCOS_ATA_RECURSOS = ("abertura", "base_legal", "presentes", "recursos", "deliberacao", "ocorrencias",
                       "encerramento")
# Os fundamentos inteiros ficam no processo do recurso; a ata registra o resumo.
PALAVRAS_FUNDAMENTOS = 80


class Regra(Enunciado):
    """Uma regra do procedimento e o dispositivo da lei que a estabelece."""


@dataclass(frozen=True)
class Presente:
    nome: str
    funcao: str
    # Só nas linhas de assinatura da ata: a assinatura digital daquela linha só aceita o certificado deste CPF.
    cpf: str = ""


@dataclass(frozen=True)
class AvaliacaoDoMembro:
    """A avaliação individual de um membro, onde a lei manda cada um registrar a sua (decisão 0017): não é secreta, e
    a ata a mostra com o nome. O voto secreto nunca chega aqui."""

    nome: str
    defere: bool
    tracos: str
    fundamentacao: str
    registrada_em: datetime
    assinatura: str
    assinatura_confere: bool
    tracos_apagados: bool = False
    """Os traços saíram no fim da guarda (LGPD art. 16); a assinatura ainda confere pelo resumo deles."""


@dataclass(frozen=True)
class LinhaDaAta:
    """O que as atas registram de um candidato e da decisão: nunca as notas da entrevista nem o voto secreto de um
    membro (só a avaliação individual assinada, onde a lei manda cada membro registrar a sua)."""

    numero: str
    nome: str
    cargo: str
    resultado: str
    votos: str
    por_duvida: bool
    caracteristicas: str
    parecer: str
    individual: bool
    individuais: tuple[AvaliacaoDoMembro, ...]
    regra: str
    """A regra de decisão gravada quando a deliberação abriu (não a do certame hoje)."""
    deliberacao_confere: bool
    """Se o placar e o resultado conferem com as avaliações assinadas e com o selo do encerramento."""
    prevaleceu: bool


@dataclass(frozen=True)
class LinhaAvaliacao(LinhaDaAta):
    horario: time
    compareceu: bool
    iniciada_em: datetime | None
    apurada_em: datetime | None
    gravacao: str
    nova_convocacao: bool


@dataclass(frozen=True)
class LinhaRecurso(LinhaDaAta):
    protocolado_em: date
    decisao_recorrida: str
    sessao_recorrida: str
    fundamentos: str
    provido: bool
    contra_ausencia: bool
    exame: str
    """O que a comissão examinou, só com o acesso registrado (art. 9º, § 2º), ou que não há registro dele."""


@dataclass(frozen=True)
class LinhaResultado:
    numero: str
    nome: str
    cpf: str
    resultado: str
    recurso: str = ""
    publicado_em: date | None = None
    prazo_fim: date | None = None


@dataclass(frozen=True)
class Ocorrencia:
    em: datetime
    descricao: str


@dataclass(frozen=True)
class Chamado:
    horario: time
    numero: str
    nome: str
    cargo: str


@dataclass(frozen=True)
class SessaoConvocada:
    numero: int
    data: date
    inicio: time
    local: str
    convocados: list[Chamado]


def _nome(candidato_nome: str, nome_social: str) -> str:
    return nome_social or candidato_nome


def _tracos(valores: list[str]) -> str:
    rotulos = dict(Caracteristica.choices)
    return ", ".join(rotulos.get(v, v).lower() for v in valores)


def _na_ata(avaliacao: Avaliacao) -> dict:
    """Os campos de `LinhaDaAta`, da avaliação e do candidato; as avaliações individuais vêm pré-carregadas
    (`_avaliacoes`), e só existem onde a lei manda cada membro avaliar."""
    inscricao, candidato = avaliacao.inscricao, avaliacao.inscricao.candidato
    return {"numero": inscricao.numero, "nome": _nome(candidato.nome, candidato.nome_social),
            "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
            "resultado": avaliacao.get_resultado_display() or "Aguardando o parecer da comissão",
            "votos": avaliacao.votos_abertos_texto,
            "por_duvida": avaliacao.por_duvida, "caracteristicas": _tracos(avaliacao.caracteristicas),
            "parecer": avaliacao.parecer, "individual": avaliacao.por_avaliacoes_individuais,
            "individuais": tuple(
                AvaliacaoDoMembro(i.membro.nome, i.defere, _tracos(i.caracteristicas), i.fundamentacao,
                                  i.registrada_em, i.assinatura, assinatura_confere(i),
                                  i.caracteristicas_apagadas_em is not None)
                for i in avaliacao.avaliacoes_individuais.all()),
            "regra": avaliacao.get_regra_decisao_display(),
            "deliberacao_confere": not avaliacao.por_avaliacoes_individuais or deliberacao_confere(avaliacao),
            "prevaleceu": avaliacao.prevaleceu_autodeclaracao}


def _conforme(artigo: str) -> str:
    return f", conforme o {artigo}" if artigo else ""


def consequencia(lei: Lei | None, resultado: str, certame: Certame) -> str:
    """O resultado com a consequência que a lei lhe dá, p. ex. «Ausente: eliminação do certame, conforme o art. 9º,
    § 9º» — na não confirmação, a que o edital escolheu dentro da lei, com o artigo e o item do edital (decisão 0018).
    A confirmação não tem consequência a dizer: o candidato segue nas vagas reservadas."""
    if not resultado:
        return "Avaliação em andamento"
    rotulo = Resultado(resultado).label
    if resultado == Resultado.NOVA_CONVOCACAO:
        return "Ausência justificada em recurso: nova convocação"
    if lei is None or resultado == Resultado.CONFIRMADO:
        return rotulo
    if resultado == Resultado.NAO_CONFIRMADO:
        escolha = nao_confirmacao.do_certame(certame)
        return f"{rotulo}: {escolha.rotulo.lower()}{_conforme(escolha.base)}"
    valor, artigo = lei.ausencia, lei.artigo_ausencia
    if valor == Consequencia.NAO_PREVISTA:
        return f"{rotulo}: consequência definida no edital"
    return f"{rotulo}: {Consequencia(valor).label.lower()}{_conforme(artigo)}"


def _maioria(lei: Lei) -> Regra | None:
    if lei.maioria == Maioria.ABSOLUTA_MEMBROS:
        return Regra("confirma-se a autodeclaração reconhecida pela maioria absoluta dos membros da comissão",
                     lei.artigo_maioria)
    if lei.maioria == Maioria.SIMPLES_PRESENTES:
        return Regra("confirma-se a autodeclaração reconhecida pela maioria dos membros presentes", lei.artigo_maioria)
    return None


def _diversidade(lei: Lei) -> Regra | None:
    exigidas = [nome for exige, nome in ((lei.comissao_diversidade_genero, "de gênero"),
                                         (lei.comissao_diversidade_cor, "de cor")) if exige]
    if not exigidas:
        return None
    return Regra(f"a comissão tem diversidade {' e '.join(exigidas)} entre os seus titulares e entre os que "
                 "deliberam", lei.artigo_comissao_diversidade)


def regras_da_sessao(lei: Lei | None, certame: Certame, *, recursos: bool = False) -> list[Regra]:
    """A base legal que a ata declara na abertura, só com as regras que a lei congelada no certame tem (e, na não
    confirmação, a escolha do edital dentro dela)."""
    if lei is None:
        return []
    nao_confirmado = nao_confirmacao.do_certame(certame)
    candidatas = [
        Regra("a autodeclaração dos candidatos às vagas reservadas é confirmada por procedimento de "
              "heteroidentificação", lei.artigo_heteroidentificacao),
        Regra("a comissão considera apenas o fenótipo apresentado pelo candidato", lei.artigo_fenotipo),
        Regra("o candidato responde às perguntas da comissão; o silêncio pode ser interpretado contra a "
              "autodeclaração, em parecer fundamentado", lei.artigo_silencio),
        Regra("é vedado à comissão deliberar na presença dos candidatos", lei.artigo_deliberacao),
        _maioria(lei),
        Regra("os votos são secretos e a ata registra apenas o número de votos abertos até a formação da decisão",
              lei.artigo_votacao) if lei.votacao_secreta else None,
        Regra("cada membro registra a sua avaliação motivada, assinada, e a ata a transcreve com o seu nome",
              lei.artigo_forma_deliberacao) if lei.forma_deliberacao == FormaDeliberacao.INDIVIDUAL else None,
        _diversidade(lei),
        Regra("para que o resultado nunca revele o voto de cada membro, só se vota com mais membros presentes do que "
              "a maioria", lei.artigo_votacao) if lei.votacao_secreta else None,
        Regra("a composição exigida da comissão é conferida sobre os membros que de fato deliberam, a cada votação",
              lei.artigo_comissao),
        Regra("se nenhum lado alcança a maioria, a comissão conclui em parecer motivado se há dúvida razoável sobre o "
              "fenótipo, caso em que prevalece a autodeclaração", lei.artigo_duvida)
        if lei.sem_maioria == SemMaioria.PARECER_DUVIDA else None,
        Regra("o procedimento é filmado; a gravação é de uso exclusivo da comissão e confidencial",
              lei.artigo_gravacao) if lei.gravacao else None,
        Regra("as deliberações da comissão valem apenas para este certame", lei.artigo_validade_comissao),
        Regra(f"o candidato não confirmado: {nao_confirmado.rotulo.lower()}", nao_confirmado.base),
    ]
    if recursos:
        candidatas.append(Regra(f"recurso: {lei.get_recurso_display().lower()}", lei.artigo_recurso))
    else:
        candidatas.append(Regra(f"o candidato que não comparece: {Consequencia(lei.ausencia).label.lower()}",
                                lei.artigo_ausencia) if lei.ausencia != Consequencia.NAO_PREVISTA else None)
    return [r for r in candidatas if r is not None and r.artigo]


def regras_da_convocacao(lei: Lei | None, comissao: Comissao) -> list[Regra]:
    """O que o edital de convocação avisa aos candidatos, com os artigos da lei (Afonso Cláudio art. 9º)."""
    regras = [Regra("O candidato comparece pessoalmente, no local e no horário indicados, com documento oficial de "
                    "identificação com foto: a entrevista é presencial", lei.artigo_momento if lei else "")]
    if lei is None:
        return regras
    se_houver = [
        Regra("A heteroidentificação ocorre antes da última fase eliminatória do certame e convoca todos os "
              "candidatos cotistas aprovados até então", lei.artigo_momento),
        Regra(f"O candidato que não comparecer: {Consequencia(lei.ausencia).label.lower()}",
              lei.artigo_ausencia) if lei.ausencia != Consequencia.NAO_PREVISTA else None,
        Regra("O procedimento é filmado; a gravação é de uso exclusivo da comissão e pode ser requerida "
              "fundamentadamente pelo candidato, guardada a confidencialidade", lei.artigo_gravacao)
        if lei.gravacao else None,
        Regra("O candidato responde às perguntas da comissão; o silêncio pode ser interpretado contra a "
              "autodeclaração, em parecer fundamentado", lei.artigo_silencio),
        Regra("A comissão considera apenas o fenótipo apresentado pelo candidato", lei.artigo_fenotipo),
        Regra("A comissão delibera sem a presença do candidato", lei.artigo_deliberacao),
        Regra(f"Do resultado provisório cabe recurso em até {comissao.prazo_recurso_dias} dias da publicação",
              lei.artigo_recurso),
    ]
    return regras + [r for r in se_houver if r is not None and r.artigo]


def _funcao(membro: Membro, *, na_sessao: bool = False) -> str:
    if membro.presidente:
        return "Presidente"
    if membro.papel == Papel.TITULAR:
        return "Membro titular"
    return "Membro suplente, em substituição a titular" if na_sessao else "Membro suplente"


def _em_ordem(membros) -> list[Membro]:
    """Presidente, titulares e suplentes, cada grupo em ordem alfabética."""
    return sorted(membros, key=lambda m: (not m.presidente, m.papel != Papel.TITULAR, m.nome))


def _certame(comissao: Comissao) -> Certame:
    return Certame.objects.select_related("orgao", "lei").get(pk=comissao.certame_id)


def _contexto_comum(sessao: Sessao) -> dict:
    """O que as duas atas têm: os membros que participaram (todos assinam, inclusive quem saiu ou entrou depois,
    com a hora), as ocorrências com a hora e os titulares da comissão."""
    comissao = sessao.comissao
    certame = _certame(comissao)
    lei = certame.lei
    ocorrencias = list(sessao.ocorrencias_registradas.select_related("membro"))
    movimento: dict[int, list[str]] = {}
    for ocorrencia in ocorrencias:
        if ocorrencia.membro_id and ocorrencia.tipo in (TipoOcorrencia.SAIDA, TipoOcorrencia.ENTRADA):
            verbo = "saiu" if ocorrencia.tipo == TipoOcorrencia.SAIDA else "entrou"
            movimento.setdefault(ocorrencia.membro_id, []).append(
                f"{verbo} às {timezone.localtime(ocorrencia.em):%H:%M}")
    participantes = _em_ordem(sessao.participantes.all())
    return {
        "sessao": sessao, "comissao": comissao, "certame": certame, "lei": lei,
        "presentes": [Presente(m.nome, _funcao(m, na_sessao=True) + (f" ({', '.join(movimento[m.pk])})"
                                                                      if m.pk in movimento else ""))
                      for m in participantes],
        "assinantes": [Presente(m.nome, _funcao(m, na_sessao=True), m.cpf) for m in participantes],
        "titulares": titulares(comissao),
        "ocorrencias": [Ocorrencia(o.em, o.descricao) for o in ocorrencias],
    }


def _sessao_encerrada(sessao: Sessao) -> Sessao:
    sessao = Sessao.objects.select_related("comissao").get(pk=sessao.pk)
    if sessao.estado != EstadoSessao.ENCERRADA:
        raise ErroOperacao("A ata é emitida depois de encerrada a sessão.")
    return sessao


def _emitir(template: str, contexto: dict, *, tipo: str, usuario, referencia, titulo: str,
            nome_arquivo: str) -> DocumentoEmitido:
    """Emite o PDF com o número do edital no fim do título e do nome do arquivo."""
    certame = contexto["certame"]
    edital = certame.numero_edital
    return emitir_pdf(template=template, contexto=contexto, tipo=tipo, usuario=usuario, referencia=referencia,
                      titulo=f"{titulo} — Edital nº {edital}", nome_arquivo=f"{nome_arquivo} edital {edital}",
                      orgao_id=certame.orgao_id, assinantes=contexto.get("assinantes", ()))


def _avaliacoes(**filtros):
    individuais = AvaliacaoIndividual.objects.select_related("membro").order_by("membro__nome", "pk")
    return (Avaliacao.objects.filter(**filtros).defer("notas_entrevista")
            .select_related("inscricao__candidato", "inscricao__cargo")
            .prefetch_related(Prefetch("avaliacoes_individuais", queryset=individuais)).order_by("horario", "pk"))


def _gravacao(avaliacao: Avaliacao) -> str:
    if not avaliacao.gravacao_sha256:
        return ""
    return f"{avaliacao.gravacao_referencia} (SHA-256 {avaliacao.gravacao_sha256})"


# --- ata da sessão ----------------------------------------------------------------------------------------------

def contexto_ata_sessao(sessao: Sessao) -> dict:
    sessao = _sessao_encerrada(sessao)
    linhas = []
    for a in _avaliacoes(sessao=sessao, recurso__isnull=True):
        linhas.append(LinhaAvaliacao(**_na_ata(a), horario=a.horario, compareceu=a.resultado != Resultado.AUSENTE,
                                     iniciada_em=a.iniciada_em, apurada_em=a.apurada_em, gravacao=_gravacao(a),
                                     nova_convocacao=a.nova_convocacao_por_id is not None))
    if not linhas:
        raise ErroOperacao("Nenhum candidato foi avaliado em primeira instância nesta sessão.")
    contexto = _contexto_comum(sessao)
    contexto |= {
        "blocos": [f"heteroidentificacao/pdf/blocos/{b}.html" for b in BLOCOS_ATA_SESSAO],
        "avaliacoes": linhas, "recursos": False, "base_legal": regras_da_sessao(contexto["lei"], contexto["certame"]),
        "totais": {rotulo: n for _, rotulo in Resultado.choices
                   if (n := sum(1 for linha in linhas if linha.resultado == rotulo))},
    }
    return contexto


def ata_sessao_emitir(*, sessao: Sessao, usuario) -> DocumentoEmitido:
    """A ata de uma sessão de primeira instância, assinada pelos membros que dela participaram (documento interno)."""
    contexto = contexto_ata_sessao(sessao)
    numero = contexto["sessao"].numero
    return _emitir("heteroidentificacao/pdf/ata.html", contexto, tipo=TIPO_ATA_SESSAO, usuario=usuario,
                   referencia=contexto["sessao"], titulo=f"Ata da {numero}ª sessão de heteroidentificação",
                   nome_arquivo=f"ata sessao {numero} heteroidentificacao")


# --- ata dos recursos -------------------------------------------------------------------------------------------

def _sessao_recorrida(recorrida: Avaliacao, sessao: Sessao) -> str:
    anterior = recorrida.sessao
    texto = f"{anterior.numero}ª sessão, de {anterior.data:%d/%m/%Y}"
    return texto if anterior.comissao_id == sessao.comissao_id else f"{texto}, da primeira instância"


def _exame(julgamento: Avaliacao, exames: dict[int, AcessoGravacao]) -> str:
    """A ata diz que a gravação foi examinada só se o acesso a ela está registrado (art. 9º, § 2º)."""
    if julgamento.recurso_contra_ausencia:
        return ("A comissão examinou os fundamentos e os documentos do recurso contra a ausência; não avaliou o "
                "fenótipo, pois não viu o candidato.")
    acesso = exames.get(julgamento.pk)
    if acesso is None:
        return "Não há registro de que a comissão tenha examinado a gravação da avaliação recorrida."
    momento = timezone.localtime(acesso.em)
    return (f"A comissão examinou a gravação da avaliação recorrida (acesso registrado em {momento:%d/%m/%Y}, às "
            f"{momento:%H:%M}, a pedido de {acesso.solicitante}).")


def contexto_ata_recursos(sessao: Sessao) -> dict:
    sessao = _sessao_encerrada(sessao)
    julgamentos = list(_avaliacoes(sessao=sessao, recurso__isnull=False)
                       .select_related("recurso__avaliacao__sessao")
                       .defer("recurso__avaliacao__notas_entrevista"))
    exames = exames_da_gravacao([a.pk for a in julgamentos])
    linhas = []
    for a in julgamentos:
        recurso = a.recurso
        recorrida = recurso.avaliacao
        linhas.append(LinhaRecurso(
            **_na_ata(a), protocolado_em=recurso.protocolado_em, decisao_recorrida=recorrida.get_resultado_display(),
            sessao_recorrida=_sessao_recorrida(recorrida, sessao),
            fundamentos=Truncator(recurso.fundamentos).words(PALAVRAS_FUNDAMENTOS),
            provido=a.resultado in (Resultado.CONFIRMADO, Resultado.NOVA_CONVOCACAO),
            contra_ausencia=a.recurso_contra_ausencia, exame=_exame(a, exames)))
    if not linhas:
        raise ErroOperacao("Esta sessão não julgou recursos.")
    contexto = _contexto_comum(sessao)
    contexto |= {
        "blocos": [f"heteroidentificacao/pdf/blocos/{b}.html" for b in BLOCOS_ATA_RECURSOS],
        "julgamentos": linhas, "recursos": True,
        "base_legal": regras_da_sessao(contexto["lei"], contexto["certame"], recursos=True),
        "providos": sum(1 for linha in linhas if linha.provido),
        "nao_providos": sum(1 for linha in linhas if not linha.provido),
    }
    return contexto


def ata_recursos_emitir(*, sessao: Sessao, usuario) -> DocumentoEmitido:
    """A ata de uma sessão que julgou recursos (art. 6º, § 2º), pela gravação da avaliação recorrida."""
    contexto = contexto_ata_recursos(sessao)
    numero = contexto["sessao"].numero
    return _emitir("heteroidentificacao/pdf/ata.html", contexto, tipo=TIPO_ATA_RECURSO, usuario=usuario,
                   referencia=contexto["sessao"],
                   titulo=f"Ata da {numero}ª sessão de julgamento de recursos da heteroidentificação",
                   nome_arquivo=f"ata recursos sessao {numero} heteroidentificacao")


# --- resultados -------------------------------------------------------------------------------------------------

def _recurso_e_resultado(avaliacao: Avaliacao) -> tuple[str, str]:
    """Para o resultado final: o desfecho do recurso, se houve, e o resultado que prevalece."""
    recurso = getattr(avaliacao, "recurso_interposto", None)
    if recurso is None:
        return "—", avaliacao.resultado
    if recurso.estado == EstadoRecurso.INTEMPESTIVO:
        return "Não conhecido (fora do prazo)", avaliacao.resultado
    julgamento = getattr(recurso, "julgamento", None)
    if recurso.estado != EstadoRecurso.JULGADO or julgamento is None or not julgamento.resultado:
        return "Pendente de julgamento", avaliacao.resultado
    provido = julgamento.resultado in (Resultado.CONFIRMADO, Resultado.NOVA_CONVOCACAO)
    return ("Provido" if provido else "Não provido"), julgamento.resultado


def _membros_publicos(comissoes: list[Comissao]) -> list[dict]:
    return [{"comissao": c, "membros": [Presente(m.nome, _funcao(m)) for m in _em_ordem(c.membros.all())],
             "curriculos": all(m.curriculo for m in c.membros.all())}
            for c in comissoes]


def contexto_resultado(comissao: Comissao, *, final: bool) -> dict:
    """O resultado provisório (com o prazo de recurso de cada candidato, que corre da publicação do seu resultado) ou
    o final. Cada candidato aparece uma vez, pela avaliação de primeira instância mais recente (a nova convocação
    substitui a ausência justificada em recurso); quem teve a fraude reconhecida em procedimento próprio aparece
    assim, e só ele (Afonso Cláudio art. 7º)."""
    comissao = Comissao.objects.get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("O resultado é emitido pela comissão de primeira instância.")
    publicado_em = comissao.resultado_final_em if final else comissao.resultado_provisorio_em
    if publicado_em is None:
        raise ErroOperacao(f"Publique antes o resultado {'final' if final else 'provisório'}: só então os nomes dos "
                           "membros deixam de ser sigilosos e corre o prazo de recurso.")
    certame = _certame(comissao)
    lei = certame.lei
    avaliacoes = (_avaliacoes(sessao__comissao=comissao, recurso__isnull=True, resultado_publicado_em__isnull=False)
                  .order_by("inscricao__cargo__codigo", "inscricao__candidato__nome", "inscricao__numero",
                            "resultado_publicado_em", "pk"))
    if final:
        avaliacoes = (avaliacoes.select_related("recurso_interposto__julgamento")
                      .defer("recurso_interposto__julgamento__notas_entrevista"))
    fraudes = dict(ProcedimentoFraude.objects.filter(inscricao__certame=certame, estado=EstadoFraude.FRAUDE)
                   .values_list("inscricao_id", "decidido_em"))
    ultimas = {}
    for a in avaliacoes:
        # A nova convocação (depois do recurso provido contra a ausência) substitui a avaliação anterior.
        ultimas[a.inscricao_id] = a
    cargos = []
    for cargo, grupo in groupby(ultimas.values(), key=lambda a: a.inscricao.cargo):
        linhas = []
        for a in grupo:
            recurso, resultado = _recurso_e_resultado(a) if final else ("", a.resultado)
            texto = consequencia(lei, resultado, certame)
            if a.inscricao_id in fraudes:
                texto = (f"Eliminação por declaração falsa, reconhecida em procedimento administrativo em "
                         f"{fraudes[a.inscricao_id]:%d/%m/%Y}{_conforme(lei.artigo_fraude if lei else '')}")
            candidato = a.inscricao.candidato
            linhas.append(LinhaResultado(a.inscricao.numero, _nome(candidato.nome, candidato.nome_social),
                                         mascarar_cpf(candidato.cpf), texto, recurso, a.resultado_publicado_em,
                                         prazo_recurso_fim(comissao, a.resultado_publicado_em)))
        cargos.append({"cargo": cargo, "linhas": linhas})
    comissoes = [comissao]
    julgadora = comissao_que_julga(comissao)
    if final and julgadora is not None and julgadora.pk != comissao.pk:
        comissoes.append(julgadora)
    datas = {linha.publicado_em for c in cargos for linha in c["linhas"]}
    return {
        "comissao": comissao, "certame": certame, "lei": lei, "final": final, "publicado_em": publicado_em,
        "cargos": cargos, "total": sum(len(c["linhas"]) for c in cargos), "comissoes": _membros_publicos(comissoes),
        "prazo_recurso_fim": prazo_recurso_fim(comissao, comissao.resultado_provisorio_em), "julgadora": julgadora,
        "complementar": len(datas) > 1,
    }


def resultado_emitir(*, comissao: Comissao, final: bool, usuario) -> DocumentoEmitido:
    """O resultado provisório (com o prazo de recurso) ou o final (com o desfecho dos recursos), por cargo, com CPF
    mascarado e sem cor ou raça; traz os membros, cujos nomes se tornam públicos com o resultado (art. 11, § 1º)."""
    contexto = contexto_resultado(comissao, final=final)
    etapa = "final" if final else "provisório"
    return _emitir("heteroidentificacao/pdf/resultado.html", contexto,
                   tipo=TIPO_RESULTADO_FINAL if final else TIPO_RESULTADO_PROVISORIO,
                   usuario=usuario, referencia=contexto["comissao"], titulo=f"Resultado {etapa} da heteroidentificação",
                   nome_arquivo=f"resultado {etapa} heteroidentificacao")


# --- termo de confidencialidade ---------------------------------------------------------------------------------

def obrigacoes_do_termo(lei: Lei | None) -> list[Regra]:
    """O que o membro promete guardar, com o dispositivo de cada sigilo (Afonso Cláudio arts. 9º e 11)."""
    confidencialidade = lei.artigo_confidencialidade if lei else ""
    obrigacoes = [
        Regra("guardar sigilo sobre as informações pessoais dos candidatos a que tiver acesso durante o "
              "procedimento de heteroidentificação, sem usá-las para nenhuma outra finalidade", confidencialidade),
        Regra("guardar sigilo sobre o conteúdo das entrevistas: as perguntas, as respostas e as anotações da "
              "comissão", (lei.artigo_sigilo_entrevistas or confidencialidade) if lei else ""),
        Regra("manter secreto o meu voto e não revelar os votos dos demais membros de que venha a ter conhecimento",
              lei.artigo_votacao if lei and lei.votacao_secreta else ""),
        Regra("não divulgar, copiar nem reproduzir a gravação do procedimento, de uso exclusivo da comissão",
              lei.artigo_gravacao if lei and lei.gravacao else ""),
    ]
    if lei and lei.sigilo_membros:
        obrigacoes.append(Regra("não divulgar a composição da comissão antes da publicação do resultado",
                                lei.artigo_sigilo_membros))
    return obrigacoes


def contexto_termo(membro: Membro) -> dict:
    membro = Membro.objects.select_related("comissao").get(pk=membro.pk)
    certame = _certame(membro.comissao)
    return {"membro": membro, "cpf": formatar_cpf(membro.cpf), "funcao": _funcao(membro),
            "comissao": membro.comissao, "certame": certame, "lei": certame.lei,
            "obrigacoes": obrigacoes_do_termo(certame.lei)}


def termo_confidencialidade_emitir(*, membro: Membro, usuario) -> DocumentoEmitido:
    """O termo que cada membro assina (art. 11, caput): traz o CPF inteiro, porque é o documento do próprio membro."""
    contexto = contexto_termo(membro)
    return _emitir("heteroidentificacao/pdf/termo_confidencialidade.html", contexto,
                   tipo=TIPO_TERMO_CONFIDENCIALIDADE, usuario=usuario, referencia=contexto["membro"],
                   titulo="Termo de confidencialidade — Comissão de heteroidentificação",
                   nome_arquivo="termo confidencialidade heteroidentificacao")


# --- edital de convocação ---------------------------------------------------------------------------------------

def contexto_edital(comissao: Comissao) -> dict:
    comissao = Comissao.objects.get(pk=comissao.pk)
    if comissao.instancia != Instancia.PRIMEIRA:
        raise ErroOperacao("Os candidatos são convocados pela comissão de primeira instância.")
    certame = _certame(comissao)
    avaliacoes = _avaliacoes(sessao__comissao=comissao, recurso__isnull=True).order_by("sessao__numero", "horario",
                                                                                         "pk")
    sessoes = []
    cargos = {}
    for sessao, grupo in groupby(avaliacoes.select_related("sessao"), key=lambda a: a.sessao):
        convocados = []
        for a in grupo:
            inscricao, candidato = a.inscricao, a.inscricao.candidato
            cargos[inscricao.cargo.codigo] = inscricao.cargo.nome
            convocados.append(Chamado(a.horario, inscricao.numero, _nome(candidato.nome, candidato.nome_social),
                                        inscricao.cargo.codigo))
        sessoes.append(SessaoConvocada(sessao.numero, sessao.data, sessao.inicio, sessao.local, convocados))
    if not sessoes:
        raise ErroOperacao("Nenhum candidato foi convocado ainda.")
    return {"comissao": comissao, "certame": certame, "lei": certame.lei, "sessoes": sessoes,
            "total": sum(len(s.convocados) for s in sessoes), "regras": regras_da_convocacao(certame.lei, comissao),
            "cargos": sorted(cargos.items())}


def edital_convocacao_emitir(*, comissao: Comissao, usuario) -> DocumentoEmitido:
    """O edital que convoca os cotistas, por sessão e horário (art. 9º, § 7º e § 8º): sem CPF, sem cor ou raça e sem
    os nomes dos membros (sigilosos até o resultado, art. 11, § 1º)."""
    contexto = contexto_edital(comissao)
    return _emitir("heteroidentificacao/pdf/edital_convocacao.html", contexto, tipo=TIPO_EDITAL_CONVOCACAO,
                   usuario=usuario, referencia=contexto["comissao"],
                   titulo="Edital de convocação para a heteroidentificação",
                   nome_arquivo="edital convocacao heteroidentificacao")


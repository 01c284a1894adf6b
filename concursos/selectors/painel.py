"""Leituras do painel do certame: a lei que vale para ele, o quadro e o andamento de cada cargo e os avisos ao RH."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from django.db.models import Count, Max, Q
from django.utils import timezone

from concursos import nao_confirmacao
from concursos.models import (
    REGRAS_SEM_LEI,
    SELECAO_DO_TIPO,
    Cargo,
    Certame,
    Chamada,
    Convocacao,
    Inscricao,
    TipoChamada,
    erro_da_nao_confirmacao,
)
from concursos.selectors.chamadas import ResumoVagas, quadro_das_posicoes, resumo_das_vagas
from legislacao import motor
from legislacao.abrangencia import fora_da_abrangencia_do_orgao
from legislacao.models import Esfera, Lei, citar, consequencias_admitidas
from legislacao.selectors import Incidencia, avaliar
from nucleo.texto import data_br, plural


@dataclass(frozen=True)
class LeiDoCertame:
    """A lei do certame: antes da publicação, a que se aplicaria hoje (prévia); depois, a congelada no edital.

    `posterior`: publicado sem lei, a lei cadastrada depois cuja vigência hoje alcança a data do edital. `documentos`:
    (grupo, o que a lei aceita, artigo) de cada grupo que exige documento para a reserva (p. ex. Iúna art. 2º, II)."""

    lei: Lei | None
    motivo: str
    congelada: bool
    regras: motor.Regras
    avaliacoes: list[Incidencia] = field(default_factory=list)
    posterior: Incidencia | None = None
    documentos: list[tuple[str, str, str]] = field(default_factory=list)


def _documentos(certame: Certame, regras: motor.Regras) -> list[tuple[str, str, str]]:
    exigencias = certame.exigencias_documentais()
    return [(g.nome, exigencias[g.codigo].descrever(), exigencias[g.codigo].artigo) for g in regras.grupos
            if g.codigo in exigencias]


def lei_do_certame(certame: Certame) -> LeiDoCertame:
    if certame.publicado:
        # Publicado, vale o que foi congelado (certame.regras), ainda que a lei tenha mudado depois.
        regras = certame.regras_motor()
        return LeiDoCertame(certame.lei, certame.motivo_lei, True, regras,
                            posterior=leis_posteriores([certame]).get(certame.pk),
                            documentos=_documentos(certame, regras))
    aplicabilidade = certame.aplicabilidade()
    lei = aplicabilidade.lei
    regras = replace(lei.regras() if lei else REGRAS_SEM_LEI, pcd=certame.regra_pcd(),
                     item_criterio=certame.item_criterio)
    return LeiDoCertame(lei, aplicabilidade.motivo, False, regras, aplicabilidade.avaliacoes,
                        documentos=_documentos(certame, regras))


def leis_posteriores(certames: list[Certame]) -> dict[int, Incidencia]:
    """Dos certames publicados sem lei, os que uma lei cadastrada depois alcança: a vigência dela, como está hoje,
    inclui a data do edital (a lei ganhou a data de publicação, ou foi cadastrada depois da publicação). As regras
    publicadas não mudam sozinhas; o painel e a lista avisam o RH. Uma consulta para todos os certames."""
    sem_lei = [c for c in certames if c.publicado and c.lei_id is None]
    if not sem_lei:
        return {}

    def chave(certame_ou_lei, esfera) -> tuple:
        if esfera == Esfera.MUNICIPAL:
            return esfera, certame_ou_lei.municipio_id
        if esfera == Esfera.ESTADUAL:
            return esfera, certame_ou_lei.uf
        return (esfera,)

    # As leis que alcançam um edital são as da esfera do órgão (legislacao.selectors.leis_da_esfera).
    esferas = {c.orgao.esfera for c in sem_lei}
    filtro = Q()
    if Esfera.MUNICIPAL in esferas:
        filtro |= Q(esfera=Esfera.MUNICIPAL, municipio_id__in={c.municipio_id for c in sem_lei})
    if Esfera.ESTADUAL in esferas:
        filtro |= Q(esfera=Esfera.ESTADUAL, uf__in={c.uf for c in sem_lei if c.orgao.esfera == Esfera.ESTADUAL})
    if Esfera.FEDERAL in esferas:
        filtro |= Q(esfera=Esfera.FEDERAL)
    consulta = Lei.objects.vigentes_versoes().filter(filtro)
    leis = defaultdict(list)
    for lei in consulta:
        leis[chave(lei, lei.esfera)].append(lei)
    achadas = {}
    for certame in sem_lei:
        candidatas = leis[chave(certame, certame.orgao.esfera)]
        incidencias = [a for a in (avaliar(lei, certame.data_edital) for lei in candidatas) if a.aplica]
        if incidencias:
            achadas[certame.pk] = max(incidencias, key=lambda a: a.lei.data_publicacao)
    return achadas


@dataclass
class QuadroDoCargo:
    """Uma linha do painel: o quadro do cargo (ou o erro que impede calculá-lo) e o andamento das chamadas."""

    cargo: Cargo
    quadro: motor.Quadro | None
    erro: str
    resumo: list[ResumoVagas]
    inscricoes: int
    chamadas: int
    novas_vagas: int = 0  # posições chamadas além das vagas do edital
    celulas: list = field(default_factory=list)  # preenchido pela tela, na ordem das suas colunas

    def vagas_do_tipo(self, codigo: str) -> ResumoVagas | None:
        return next((r for r in self.resumo if r.codigo == codigo), None)


def _por_cargo(consulta) -> dict[int, int]:
    return dict(consulta.values_list("cargo_id").annotate(n=Count("pk")).order_by())


def quadros_dos_cargos(cargos: list[Cargo], regras: motor.Regras) -> list[QuadroDoCargo]:
    """O quadro e o resumo (posições de cada tipo, preenchidas, revertidas) de vários cargos em quatro consultas.

    Mesma conta de `resumo_do_cargo`, agrupada no banco, para o painel não fazer uma consulta por cargo: todas as
    posições chamadas contam, as do edital e as novas vagas.
    """
    ids = [c.pk for c in cargos]
    preenchidas: dict[int, Counter] = defaultdict(Counter)
    revertidas: dict[int, Counter] = defaultdict(Counter)
    ativas = Convocacao.objects.filter(cargo_id__in=ids, desistiu_em__isnull=True)
    for cargo_id, vaga, lista, n in (ativas.filter(inscricao__isnull=False).values_list("cargo_id", "vaga", "lista")
                                     .annotate(n=Count("pk")).order_by()):
        (preenchidas if vaga == lista else revertidas)[cargo_id][vaga] += n
    ultimas = dict(ativas.values_list("cargo_id").annotate(m=Max("posicao")).order_by())
    inscricoes = _por_cargo(Inscricao.objects.filter(cargo_id__in=ids))
    chamadas = _por_cargo(Chamada.objects.filter(cargo_id__in=ids))
    linhas = []
    for cargo in cargos:
        andamento = {"inscricoes": inscricoes.get(cargo.pk, 0), "chamadas": chamadas.get(cargo.pk, 0)}
        try:
            quadro = quadro_das_posicoes(regras, cargo, ultimas.get(cargo.pk))
        except motor.ErroRegras as erro:
            linhas.append(QuadroDoCargo(cargo, None, str(erro), [], **andamento))
            continue
        resumo = resumo_das_vagas(quadro, preenchidas[cargo.pk], revertidas[cargo.pk])
        linhas.append(QuadroDoCargo(cargo, quadro, "", resumo, novas_vagas=len(quadro.ordem) - cargo.vagas,
                                    **andamento))
    return linhas


def andamento_por_tipo(quadros: list[QuadroDoCargo], colunas: list[str]) -> list[dict]:
    """Os totais do certame em cada coluna do painel: posições chamadas, preenchidas pela própria lista e
    revertidas."""
    totais = []
    for codigo in colunas:
        celulas = [r for q in quadros if (r := q.vagas_do_tipo(codigo))]
        totais.append({"posicoes": sum(r.reservadas for r in celulas),
                       "preenchidas": sum(r.preenchidas for r in celulas),
                       "revertidas": sum(r.revertidas for r in celulas)})
    return totais


@dataclass(frozen=True)
class ChamadasDoTipo:
    tipo: str
    nome: str
    chamadas: int
    convocados: int


def chamadas_do_certame(certame: Certame) -> list[ChamadasDoTipo]:
    """Quantas chamadas de cada tipo (inicial, substituições, novas vagas) e quantas pessoas cada tipo chamou."""
    contagem = (Chamada.objects.filter(cargo__certame=certame).values_list("tipo")
                .annotate(chamadas=Count("pk", distinct=True),
                          convocados=Count("convocacoes", filter=Q(convocacoes__inscricao__isnull=False)))
                .order_by())
    por_tipo = {tipo: (n, pessoas) for tipo, n, pessoas in contagem}
    return [ChamadasDoTipo(tipo, nome, *por_tipo[tipo]) for tipo, nome in TipoChamada.choices if tipo in por_tipo]


@dataclass(frozen=True)
class Aviso:
    """Algo que o RH precisa ver antes de publicar ou de convocar; `lei`, quando o aviso é sobre uma lei."""

    nivel: str  # "erro" (impede ou invalida), "alerta" (confira) ou "info"
    titulo: str
    texto: str
    lei: Lei | None = None


def _vagas(n: int) -> str:
    return f"{n} vaga{'s' if n != 1 else ''}"


def avisos_do_certame(certame: Certame, lei: LeiDoCertame, cargos: list[Cargo]) -> list[Aviso]:
    """Os avisos do painel: lei ausente ou fora de vigência, lei sem data, cargos abaixo do mínimo, fracionamento e as
    nomeações que passaram do prazo da posse."""
    avisos = [*_avisos_da_lei(certame, lei), *_avisos_dos_cargos(lei.regras, cargos),
              *_avisos_das_posicoes(certame, lei.regras, cargos), *_aviso_da_posse(certame, timezone.localdate()),
              *_aviso_das_fases(certame, lei)]
    if not cargos:
        avisos.append(Aviso("info", "Nenhum cargo cadastrado",
                            "Cadastre os cargos e as vagas de cada um (em «Editar dados e cargos») antes de "
                            "publicar o edital."))
    return avisos


def _aviso_das_fases(certame: Certame, lei: LeiDoCertame) -> list[Aviso]:
    """Uma lei que não fala das fases deixa ao edital se o corte de cada uma aplica a reserva (decisão 0022): o painel o
    diz, com o que cada fase cadastrada faz. A lei que fala (p. ex. Ibatiba art. 3º) a aplica sempre: nada a avisar."""
    if lei.lei is None or not lei.regras.grupos:
        return []
    artigo = certame.artigo_das_fases if lei.congelada else lei.lei.artigo_fases
    fases = list(certame.fases.all())
    if artigo or not fases:
        return []
    com = [f.nome for f in fases if f.aplica_reserva]
    sem = [f.nome for f in fases if not f.aplica_reserva]
    partes = [f"aplica a reserva no corte de {', '.join(com)}" if com else "",
              f"não a aplica no corte de {', '.join(sem)}" if sem else ""]
    return [Aviso("alerta", "A lei não fala das fases do certame",
                  "A lei de reserva de vagas deste certame não diz se a reserva vale em cada fase (nas que têm nota "
                  f"de corte ou «os melhores seguem»): o sistema faz o que o edital disser, e pelo cadastro o edital "
                  f"{' e '.join(p for p in partes if p)}. Confira o item do edital de cada fase.")]


def nomeacoes_sem_posse_no_prazo(certame: Certame, hoje: date) -> int:
    """Quantos nomeados do certame não tomaram posse e já passaram do prazo da posse do edital em `hoje`."""
    if not certame.prazo_posse_dias:
        return 0
    return Convocacao.objects.filter(
        cargo__certame=certame, desistiu_em__isnull=True, empossado_em__isnull=True,
        nomeado_em__lt=hoje - timedelta(days=certame.prazo_posse_dias)).count()


def _aviso_da_posse(certame: Certame, hoje: date) -> list[Aviso]:
    vencidas = nomeacoes_sem_posse_no_prazo(certame, hoje)
    if not vencidas:
        return []
    passaram = "nomeação passou" if vencidas == 1 else "nomeações passaram"
    torne = "torne-a" if vencidas == 1 else "torne-as"
    return [Aviso("alerta", f"{vencidas} {passaram} do prazo de posse",
                  f"O edital dá {plural(certame.prazo_posse_dias, 'dia', 'dias')} para a posse, contados da "
                  f"nomeação: {torne} sem efeito na ordem de nomeação de cada cargo («Tornar sem efeito»), e o "
                  "próximo da mesma lista é chamado.")]


def _avisos_de_abrangencia(certame: Certame, lei: Lei | None) -> list[Aviso]:
    """O que o art. 1º da lei do certame não menciona: o Poder e a natureza do órgão, o tipo de seleção (p. ex. Iúna,
    «promovidos pela Prefeitura», num concurso da Câmara; Ubatuba numa contratação temporária)."""
    if lei is None:
        return []
    return [Aviso("alerta", fora.titulo,
                  f"{fora.texto} O sistema aplica as regras dela a este certame: confirme com a assessoria jurídica "
                  "do órgão que a lei o alcança (ou corrija o cadastro do órgão ou o tipo do certame).", lei)
            for fora in fora_da_abrangencia_do_orgao(lei, certame.orgao, selecoes_do_certame(certame))]


def selecoes_do_certame(certame: Certame) -> tuple[str, ...]:
    """Os tipos de seleção do edital, como a lei os nomeia no art. 1º (legislacao/abrangencia.py): o do certame."""
    return (SELECAO_DO_TIPO[certame.tipo],) if certame.tipo in SELECAO_DO_TIPO else ()


def _avisos_da_nao_confirmacao(certame: Certame, lei: Lei | None) -> list[Aviso]:
    """O que o edital diz do candidato não confirmado, contra o que a lei admite (decisão 0018)."""
    if lei is None:
        return []
    if certame.publicado:
        escolha = nao_confirmacao.do_certame(certame)
        if not escolha.elimina or escolha.item:
            return []
        return [Aviso("alerta", "Eliminação do não confirmado sem o item do edital",
                      "Este edital elimina quem a comissão de heteroidentificação não confirma, mas sem o item do "
                      f"edital que o diga: a consequência foi congelada da lei na publicação{citar(escolha.artigo)}, "
                      "antes de o edital poder escolhê-la. Informe o item por retificação; se o edital não prevê a "
                      "eliminação, retifique para «permanece só na ampla concorrência» antes da primeira decisão da "
                      "comissão.", lei)]
    erro = erro_da_nao_confirmacao(certame.nao_confirmacao, certame.item_nao_confirmacao,
                                   consequencias_admitidas(lei.nao_confirmacao), lei.artigo_nao_confirmacao)
    if erro:
        return [Aviso("erro", "O que o edital diz do não confirmado", f"{erro} Corrija em «Editar dados» antes de "
                                                                      "publicar.", lei)]
    if (not certame.nao_confirmacao and lei.exige_heteroidentificacao
            and len(consequencias_admitidas(lei.nao_confirmacao)) > 1):
        return [Aviso("info", "O edital não diz o que acontece ao não confirmado",
                      f"A lei deixa ao edital{citar(lei.artigo_nao_confirmacao)} manter na ampla concorrência ou "
                      "eliminar quem a comissão de heteroidentificação não confirma. Publicado sem a escolha, o "
                      "candidato fica na ampla concorrência; para eliminá-lo, informe em «Editar dados» a escolha e o "
                      "item do edital que a prevê.", lei)]
    return []


def _aviso_da_lei_corrigida(certame: Certame) -> list[Aviso]:
    """Publicado com uma versão da lei que uma versão posterior corrigiu, e a correção já não alcança a data do
    edital (p. ex. Afonso Cláudio, cuja data de publicação era a da aprovação pela Câmara)."""
    if certame.lei is None:
        return []
    atual = Lei.objects.vigentes_versoes().filter(slug=certame.lei.slug).exclude(pk=certame.lei_id).first()
    if atual is None or (incidencia := avaliar(atual, certame.data_edital)).aplica:
        return []
    return [Aviso("alerta", "A lei foi corrigida depois da publicação do edital",
                  f"{incidencia.motivo} O edital foi publicado com a versão {certame.lei.versao}, que a dava por "
                  "aplicável; as regras publicadas não mudam sozinhas: avalie com a assessoria jurídica do órgão se a "
                  "reserva se sustenta.", atual)]


def _avisos_do_publicado_sem_lei(certame: Certame, lei: LeiDoCertame) -> list[Aviso]:
    justificativa = (f" Justificativa registrada na publicação: «{certame.justificativa_sem_lei}»"
                     if certame.justificativa_sem_lei else "")
    avisos = [Aviso("alerta", "Edital publicado sem lei de reserva de vagas",
                    f"Na publicação nenhuma lei de reserva se aplicava: {lei.motivo}{justificativa} As vagas deste "
                    "certame não têm reserva racial; só a ampla concorrência e as vagas PcD do edital.")]
    if lei.posterior is not None:
        avisos.insert(0, Aviso(
            "erro", "Uma lei cadastrada depois alcança a data deste edital",
            f"{lei.posterior.motivo} O edital de {data_br(certame.data_edital)} foi publicado sem reserva de vagas, "
            "e as regras publicadas não mudam sozinhas: avalie com a assessoria jurídica do órgão a retificação do "
            "edital para aplicar a lei.", lei.posterior.lei))
    return avisos


def _avisos_do_municipio(certame: Certame) -> list[Aviso]:
    if not certame.fora_do_municipio_do_orgao:
        return []
    return [Aviso("alerta", "Certame em outro município que o do órgão",
                  f"O órgão ({certame.orgao.nome}) é de {certame.orgao.municipio}; o certame está em "
                  f"{certame.municipio}, e a lei aplicável é a deste município. Motivo registrado: "
                  f"«{certame.motivo_municipio.strip() or '—'}».")]


def _avisos_da_lei(certame: Certame, lei: LeiDoCertame) -> list[Aviso]:
    local = str(certame.municipio)
    abrangencia = [*_avisos_do_municipio(certame), *_avisos_de_abrangencia(certame, lei.lei),
                   *_avisos_da_nao_confirmacao(certame, lei.lei)]
    if lei.congelada:
        if lei.lei is None:
            return [*_avisos_do_municipio(certame), *_avisos_do_publicado_sem_lei(certame, lei)]
        return [*_aviso_da_lei_corrigida(certame), *abrangencia]
    avisos = list(abrangencia)
    for avaliacao in lei.avaliacoes:
        if avaliacao.aplica:
            continue
        if avaliacao.lei.data_publicacao is None:
            avisos.append(Aviso(
                "alerta", "Lei sem data de publicação conhecida",
                f"{avaliacao.motivo} Enquanto a data não for informada, o sistema não sabe se a lei já vigorava "
                f"em {data_br(certame.data_edital)} e não a aplica.", avaliacao.lei))
        else:
            avisos.append(Aviso(
                "alerta" if lei.lei else "erro", "Data do edital fora da vigência da lei", avaliacao.motivo,
                avaliacao.lei))
    if lei.lei is None:
        if not lei.avaliacoes:
            texto = (f"Não há lei de reserva de vagas cadastrada para {local}. Se o município tem lei, cadastre-a "
                     "antes de publicar; publicado assim, o edital não reserva vagas para pessoas negras, "
                     "indígenas ou quilombolas.")
        else:
            texto = ("Nenhuma lei cadastrada se aplica a este edital (motivos acima). Publicado assim, o edital não "
                     "reserva vagas para pessoas negras, indígenas ou quilombolas.")
        avisos.append(Aviso("erro", "Nenhuma lei de reserva se aplica", texto))
    return avisos


def _avisos_dos_cargos(regras: motor.Regras, cargos: list[Cargo]) -> list[Aviso]:
    if not regras.grupos:
        return []
    minimo = regras.minimo_vagas
    artigo = f" ({regras.artigo_minimo})" if regras.artigo_minimo else ""
    abaixo = [c for c in cargos if c.vagas < minimo]
    avisos = []
    if abaixo:
        lista = ", ".join(f"{c.codigo} ({_vagas(c.vagas)})" for c in abaixo)
        plural = len(abaixo) > 1
        avisos.append(Aviso(
            "alerta", f"Cargo{'s' if plural else ''} abaixo do mínimo legal",
            f"{lista}: {'têm' if plural else 'tem'} menos de {_vagas(minimo)}, o mínimo da lei{artigo}, e por isso "
            f"nenhuma vaga é reservada no edital. A reserva passa a valer se as nomeações do cargo chegarem ao "
            f"mínimo (cadastro de reserva e novas vagas, no mesmo padrão)."))
        soma = sum(c.vagas for c in abaixo)
        if plural and soma >= minimo:
            reservaria = [(g.nome, motor.vagas_reservadas(regras, g, soma)) for g in regras.grupos]
            texto_reserva = "; ".join(f"{nome}: {_vagas(n)}" for nome, n in reservaria if n)
            avisos.append(Aviso(
                "erro", "Possível fracionamento de vagas (STF, ADC 41)",
                f"{len(abaixo)} cargos ficam abaixo do mínimo, mas somam {_vagas(soma)}: se fossem um só cargo, "
                f"a lei reservaria {texto_reserva or 'vagas'}. O STF (ADC 41) advertiu que fracionar as vagas "
                "de um concurso em cargos com menos vagas que o mínimo, para fugir da reserva, é inconstitucional. "
                "Confira se são de fato cargos distintos (atribuições, requisitos e remuneração) e registre a "
                "justificativa no processo do edital."))
    return avisos


def _quadro(regras: motor.Regras, cargo: Cargo) -> motor.Quadro | None:
    try:
        return cargo.quadro(regras=regras)
    except motor.ErroRegras:
        return None


def _avisos_das_posicoes(certame: Certame, regras: motor.Regras, cargos: list[Cargo]) -> list[Aviso]:
    """As posições que a lei deixa em aberto sem o item do edital que adota o critério, e os editais congelados antes
    da correção das posições fixadas na lei em que uma vaga PcD toma uma delas (decisão 0014)."""
    avisos = []
    quadros = [(c, q) for c in cargos if (q := _quadro(regras, c))]
    abertas = [c.codigo for c, q in quadros if q.ajustes]
    if abertas and not regras.item_criterio:
        avisos.append(Aviso(
            "alerta", "Posições que a lei deixa em aberto sem o item do edital",
            f"Em {plural(len(abertas), 'cargo', 'cargos')} ({', '.join(abertas[:10])}"
            f"{'…' if len(abertas) > 10 else ''}) o padrão da lei não alcança uma vaga reservada dentro das vagas, ou "
            "duas vagas caem na mesma posição, e o quadro de vagas as põe pelo critério do edital. Informe em «Vagas "
            "PcD e posições em aberto» o item do edital que adota o critério: o quadro o cita como base."))
    if not regras.posicoes_da_lei_protegidas and certame.publicado:
        corrigidas = replace(regras, posicoes_da_lei_protegidas=True)
        tomadas = [c.codigo for c, q in quadros if c.vagas_pcd and _quadro(corrigidas, c).ordem != q.ordem]
        if tomadas:
            chamou = Chamada.objects.filter(cargo__certame=certame).exists()
            avisos.append(Aviso(
                "alerta" if chamou else "erro", "Vaga PcD numa posição que a lei fixa",
                f"As regras deste edital foram congeladas quando uma vaga PcD podia tomar uma posição que a lei fixa "
                f"para um grupo; em {plural(len(tomadas), 'cargo', 'cargos')} ({', '.join(tomadas[:10])}) ela a "
                "toma. " + ("Já houve chamada: a ordem de nomeação é permanente, e a correção cabe à administração "
                            "(ou ao Judiciário), fora do sistema." if chamou else
                            "Antes da primeira chamada, retifique o edital marcando «Aplicar as posições que a lei "
                            "fixa».")))
    return avisos


def validade_restante(certame: Certame, hoje: date) -> str:
    """Quanto falta da validade, para o painel: «faltam 45 dias», «último dia», «terminou há 3 dias»."""
    fim = certame.fim_da_validade
    if fim is None:
        return ""
    dias = (fim - hoje).days
    if dias > 0:
        return f"{'falta' if dias == 1 else 'faltam'} {plural(dias, 'dia')}"
    if dias == 0:
        return "hoje é o último dia"
    return f"terminou há {plural(-dias, 'dia')}"


"""Leituras dos certames: o quadro de vagas por cargo e as listas de classificação, cada uma com o artigo."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, F, Q, QuerySet

from concursos.models import (
    REGRAS_SEM_LEI,
    Candidato,
    Cargo,
    Certame,
    Chamada,
    Convocacao,
    Heteroidentificacao,
    Inscricao,
    Situacao,
    TipoCertame,
    mascarar_cpf,
)
from legislacao import motor
from legislacao.models import Consequencia, Lei
from legislacao.selectors import Avaliacao, lei_aplicavel
from nucleo.texto import data_br

GERAL = "GERAL"
# Linhas lidas por consulta quando a lista inteira é pedida (o PDF).
LOTE_LEITURA = 2_000
# Sem a junção com o candidato no recorte (nome e CPF vêm depois, só das linhas da página): com OFFSET alto, o
# banco juntaria também cada linha pulada.
CAMPOS_DA_LINHA = ("numero", "candidato_id", "nota_final", "classificacao")


@dataclass(frozen=True)
class LinhaLista:
    posicao: int
    numero: str
    nome: str
    cpf_mascarado: str
    nota_final: Decimal | None
    classificacao: int


class LinhasDaLista(Sequence):
    """As linhas de uma lista, lidas do banco só quando pedidas: uma página (o admin) ou todas (o PDF).

    Um cargo pode ter 100.000 inscritos: o banco filtra, ordena e recorta a página, e a posição na lista é o
    deslocamento da página mais a ordem dentro dela (as listas são contínuas, sem saltos). O total vem pronto
    (uma contagem de todas as listas numa consulta só), então o Paginator do Django não conta de novo.
    """

    def __init__(self, consulta: QuerySet[Inscricao], total: int):
        self.consulta = consulta
        self.total = total

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, indice):
        if isinstance(indice, slice):
            inicio, fim, passo = indice.indices(self.total)
            if passo != 1:
                raise ValueError("As linhas de uma lista só se leem em sequência.")
            return self._ler(inicio, fim)
        if indice < 0:
            indice += self.total
        if not 0 <= indice < self.total:
            raise IndexError(indice)
        return self._ler(indice, indice + 1)[0]

    def __iter__(self):
        # Em lotes, do ponto onde o anterior parou (a classificação é única no cargo): sem OFFSET crescente e sem
        # uma consulta com 100.000 parâmetros.
        posicao, ultima = 0, None
        while True:
            consulta = self.consulta if ultima is None else self.consulta.filter(classificacao__gt=ultima)
            lote = self._montar(posicao, consulta.values_list(*CAMPOS_DA_LINHA)[:LOTE_LEITURA])
            if not lote:
                return
            yield from lote
            posicao, ultima = posicao + len(lote), lote[-1].classificacao

    def _ler(self, inicio: int, fim: int) -> list[LinhaLista]:
        if fim <= inicio:
            return []
        return self._montar(inicio, self.consulta.values_list(*CAMPOS_DA_LINHA)[inicio:fim])

    @staticmethod
    def _montar(inicio: int, linhas) -> list[LinhaLista]:
        linhas = list(linhas)
        pessoas = {pk: (nome_social or nome, cpf) for pk, nome, nome_social, cpf in Candidato.objects.filter(
            pk__in=[candidato for _, candidato, _, _ in linhas]).values_list("pk", "nome", "nome_social", "cpf")}
        return [LinhaLista(inicio + i, numero, pessoas[candidato][0], mascarar_cpf(pessoas[candidato][1]), nota,
                           classificacao)
                for i, (numero, candidato, nota, classificacao) in enumerate(linhas, 1)]


@dataclass(frozen=True)
class Lista:
    codigo: str
    nome: str
    artigo: str
    linhas: LinhasDaLista

    @property
    def total(self) -> int:
        return len(self.linhas)


def _artigos(certame: Certame) -> dict:
    return (certame.regras or {}).get("lei", {})


# A heteroidentificação não confirmada ou a ausência tiram o candidato da reserva; eliminam-no só se a lei
# manda. É o mesmo efeito de `candidatos_do_cargo` (concursos/services/), aqui como filtro do banco.
SEM_RESERVA = (Heteroidentificacao.NAO_CONFIRMADO, Heteroidentificacao.AUSENTE)


def habilitados_do_cargo(cargo: Cargo) -> QuerySet[Inscricao]:
    """As inscrições habilitadas e classificadas do cargo, na ordem da classificação, depois da heteroidentificação.

    O filtro pelo certame (redundante) deixa o banco ler a ordem do índice (certame, cargo, classificação).
    """
    lei = _artigos(cargo.certame)
    eliminados = [h for h, chave in zip(SEM_RESERVA, ("nao_confirmacao", "ausencia"), strict=True)
                  if lei.get(chave) == Consequencia.ELIMINACAO]
    consulta = Inscricao.objects.filter(certame_id=cargo.certame_id, cargo=cargo, classificacao__isnull=False,
                                        situacao=Situacao.HABILITADO)
    if eliminados:
        consulta = consulta.exclude(heteroidentificacao__in=eliminados)
    return consulta.order_by("classificacao")


def filtros_das_listas(regras: motor.Regras) -> dict[str, Q | None]:
    """O filtro de cada lista, na ordem das abas: geral (todos), ampla, PcD e um por grupo de reserva."""
    cotista = Q(reserva=True) & ~Q(heteroidentificacao__in=SEM_RESERVA)
    filtros: dict[str, Q | None] = {GERAL: None, motor.AMPLA: ~cotista & Q(pcd=False), motor.PCD: Q(pcd=True)}
    for grupo in regras.grupos:
        elegivel = Q(cor_raca__in=sorted(grupo.cores))
        if grupo.quilombola:
            elegivel |= Q(quilombola=True)
        filtros[grupo.codigo] = cotista & elegivel
    return filtros


def listas_do_cargo(cargo: Cargo) -> list[Lista]:
    """Lista geral, ampla, PcD e uma por grupo de reserva, só com os habilitados, na ordem da classificação.

    Cotistas e PcD aparecem também na geral (concorrem concomitantemente: Vargem Alta art. 4º; Ibatiba
    art. 4º); a de ampla traz os inscritos só na ampla concorrência (Afonso Cláudio art. 3º).

    Uma consulta conta todas as listas; as linhas só são lidas quando pedidas (ver LinhasDaLista).
    """
    certame = cargo.certame
    regras = certame.regras_motor()
    elegibilidade = _artigos(certame).get("elegibilidade", {})
    habilitados = habilitados_do_cargo(cargo)
    filtros = filtros_das_listas(regras)
    # Apelidos neutros: o código de um grupo vem dos dados da lei e não deve virar nome de coluna.
    contagem = habilitados.aggregate(**{f"n{i}": Count("pk", filter=filtro)
                                        for i, filtro in enumerate(filtros.values())})
    nomes = {GERAL: ("Lista geral", "classificação final da banca, após os desempates do edital"),
             motor.AMPLA: ("Ampla concorrência", "inscritos só na ampla concorrência (Afonso Cláudio art. 3º)"),
             motor.PCD: ("Pessoas com deficiência", "vagas PcD do edital")}
    for grupo in regras.grupos:
        nomes[grupo.codigo] = (grupo.nome, elegibilidade.get(grupo.codigo) or grupo.artigo)
    return [Lista(codigo, *nomes[codigo],
                  LinhasDaLista(habilitados.filter(filtro) if filtro is not None else habilitados, contagem[f"n{i}"]))
            for i, (codigo, filtro) in enumerate(filtros.items())]


@dataclass(frozen=True)
class ResumoVagas:
    """Por tipo de vaga de um cargo: reservadas no edital, preenchidas e revertidas (a vaga foi a outra lista)."""

    codigo: str
    nome: str
    artigo: str
    reservadas: int
    preenchidas: int
    revertidas: int


def resumo_do_cargo(cargo: Cargo, quadro: motor.Quadro | None = None) -> list[ResumoVagas]:
    quadro = quadro or cargo.quadro()
    ativas = Convocacao.objects.filter(cargo=cargo, desistiu_em__isnull=True, posicao__lte=cargo.vagas)
    preenchidas = Counter()
    revertidas = Counter()
    for vaga, lista in ativas.exclude(inscricao=None).values_list("vaga", "lista"):
        (preenchidas if vaga == lista else revertidas)[vaga] += 1
    return _resumo(quadro, preenchidas, revertidas)


def _resumo(quadro: motor.Quadro, preenchidas: Counter, revertidas: Counter) -> list[ResumoVagas]:
    linhas = [ResumoVagas(motor.AMPLA, motor.NOME_AMPLA, "", quadro.ampla, preenchidas[motor.AMPLA], 0)]
    if quadro.pcd:
        linhas.append(ResumoVagas(motor.PCD, motor.NOME_PCD, "edital", quadro.pcd, preenchidas[motor.PCD],
                                  revertidas[motor.PCD]))
    linhas += [ResumoVagas(r.codigo, r.nome, r.artigo, r.vagas, preenchidas[r.codigo], revertidas[r.codigo])
               for r in quadro.reservas]
    return linhas


# ---- painel do certame ----


@dataclass(frozen=True)
class LeiDoCertame:
    """A lei do certame: antes da publicação, a que se aplicaria hoje (prévia); depois, a congelada no edital."""

    lei: Lei | None
    motivo: str
    congelada: bool
    regras: motor.Regras
    avaliacoes: list[Avaliacao] = field(default_factory=list)


def lei_do_certame(certame: Certame) -> LeiDoCertame:
    if certame.publicado:
        # Publicado, vale o que foi congelado (certame.regras), ainda que a lei tenha mudado depois.
        return LeiDoCertame(certame.lei, certame.motivo_lei, True, certame.regras_motor())
    aplicabilidade = lei_aplicavel(municipio=certame.municipio, uf=certame.uf, data_edital=certame.data_edital)
    lei = aplicabilidade.lei
    regras = lei.regras() if lei else REGRAS_SEM_LEI
    return LeiDoCertame(lei, aplicabilidade.motivo, False, regras, aplicabilidade.avaliacoes)


@dataclass
class QuadroDoCargo:
    """Uma linha do painel: o quadro do cargo (ou o erro que impede calculá-lo) e o andamento das chamadas."""

    cargo: Cargo
    quadro: motor.Quadro | None
    erro: str
    resumo: list[ResumoVagas]
    inscricoes: int
    chamadas: int
    celulas: list = field(default_factory=list)  # preenchido pela tela, na ordem das suas colunas

    def vagas_do_tipo(self, codigo: str) -> ResumoVagas | None:
        return next((r for r in self.resumo if r.codigo == codigo), None)


def quadros_dos_cargos(cargos: list[Cargo], regras: motor.Regras) -> list[QuadroDoCargo]:
    """O quadro e o resumo (reservadas, preenchidas, revertidas) de vários cargos em três consultas.

    Mesma conta de `resumo_do_cargo`, agrupada no banco, para o painel não fazer uma consulta por cargo.
    """
    ids = [c.pk for c in cargos]
    preenchidas: dict[int, Counter] = defaultdict(Counter)
    revertidas: dict[int, Counter] = defaultdict(Counter)
    ativas = (Convocacao.objects.filter(cargo_id__in=ids, desistiu_em__isnull=True, inscricao__isnull=False,
                                        posicao__lte=F("cargo__vagas"))
              .values_list("cargo_id", "vaga", "lista").annotate(n=Count("pk")).order_by())
    for cargo_id, vaga, lista, n in ativas:
        (preenchidas if vaga == lista else revertidas)[cargo_id][vaga] += n
    inscricoes = dict(Inscricao.objects.filter(cargo_id__in=ids).values_list("cargo_id")
                      .annotate(n=Count("pk")).order_by())
    chamadas = dict(Chamada.objects.filter(cargo_id__in=ids).values_list("cargo_id")
                    .annotate(n=Count("pk")).order_by())
    linhas = []
    for cargo in cargos:
        try:
            quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd)
        except motor.ErroRegras as erro:
            linhas.append(QuadroDoCargo(cargo, None, str(erro), [], inscricoes.get(cargo.pk, 0),
                                        chamadas.get(cargo.pk, 0)))
            continue
        resumo = _resumo(quadro, preenchidas[cargo.pk], revertidas[cargo.pk])
        linhas.append(QuadroDoCargo(cargo, quadro, "", resumo, inscricoes.get(cargo.pk, 0),
                                    chamadas.get(cargo.pk, 0)))
    return linhas


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
    """Os avisos do painel: lei ausente ou fora de vigência, lei sem data, cargos abaixo do mínimo e fracionamento."""
    avisos = [*_avisos_da_lei(certame, lei), *_avisos_dos_cargos(lei.regras, cargos)]
    if not cargos:
        avisos.append(Aviso("info", "Nenhum cargo cadastrado",
                            "Cadastre os cargos e as vagas de cada um (em «Editar dados e cargos») antes de "
                            "publicar o edital."))
    return avisos


# Que campo da lei diz se ela alcança cada tipo de certame (p. ex. Ubatuba art. 8º: estágios; Afonso Cláudio
# art. 1º: só concursos).
ABRANGENCIA = {
    TipoCertame.CONCURSO: ("aplica_concurso",),
    TipoCertame.PROCESSO_SELETIVO: ("aplica_processo_seletivo", "aplica_temporario"),
    TipoCertame.ESTAGIO: ("aplica_estagio",),
}


def _aviso_de_abrangencia(certame: Certame, lei: Lei | None) -> list[Aviso]:
    campos = ABRANGENCIA.get(certame.tipo, ())
    if lei is None or not campos or any(getattr(lei, campo) for campo in campos):
        return []
    artigo = f" ({lei.artigo_abrangencia})" if lei.artigo_abrangencia else ""
    tipo = certame.get_tipo_display().lower()
    return [Aviso("alerta", "A lei não menciona este tipo de seleção",
                  f"{lei.ementa} não inclui {tipo} na sua abrangência{artigo}. O sistema aplica as regras dela a "
                  "este certame; confirme que o edital adota a reserva (ou corrija o tipo do certame).", lei)]


def _avisos_da_lei(certame: Certame, lei: LeiDoCertame) -> list[Aviso]:
    local = f"{certame.municipio}/{certame.uf.upper()}"
    abrangencia = _aviso_de_abrangencia(certame, lei.lei)
    if lei.congelada:
        if lei.lei is None:
            return [Aviso("alerta", "Edital publicado sem lei de reserva de vagas",
                          f"Na publicação nenhuma lei de reserva se aplicava: {lei.motivo} As vagas deste certame "
                          "não têm reserva racial; só a ampla concorrência e as vagas PcD do edital.")]
        return abrangencia
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


def ordem_de_nomeacao(cargo: Cargo) -> QuerySet[Convocacao]:
    """Todas as convocações do cargo na ordem de nomeação, desistentes e substitutos incluídos (nada se apaga)."""
    return (Convocacao.objects.filter(cargo=cargo)
            .select_related("chamada", "inscricao__candidato", "substitui__inscricao",
                            "substituida_por__inscricao")
            .order_by("posicao", "chamada__numero", "pk"))

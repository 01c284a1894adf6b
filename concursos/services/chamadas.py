"""As chamadas de um cargo: a convocação inicial pelo motor, a substituição de quem desiste, tem a nomeação anulada ou
é eliminado depois do resultado, e as novas vagas no prazo de validade. Cada chamada é um ato que nunca se altera nem
se apaga."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.db.models import Max

from concursos.models import (
    CAUSAS_DEPOIS_DA_POSSE,
    CAUSAS_DO_REGISTRO,
    Cargo,
    CausaVacancia,
    Certame,
    Chamada,
    Convocacao,
    EstadoCertame,
    Heteroidentificacao,
    Inscricao,
    Situacao,
    TipoChamada,
)
from concursos.selectors.chamadas import cotistas_sem_heteroidentificacao, generos_nas_reservas, ja_chamados
from concursos.selectors.comprovacao import cotistas_sem_documento
from concursos.selectors.listas import candidatos_do_cargo
from concursos.services.certame import exigir_validade, fora_da_validade
from concursos.services.inscricao import situacao_registrar
from legislacao import motor
from legislacao.models import citar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br, plural


def travar_cargo(cargo: Cargo) -> Cargo:
    """O cargo (e o certame) travado até o fim da transação: quem chama, desiste ou elimina no mesmo cargo espera a
    sua vez, e cada ato lê o que o anterior gravou."""
    return Cargo.objects.select_for_update().select_related("certame").get(pk=cargo.pk)


@dataclass(frozen=True)
class Apresentacao:
    """O que o edital de convocação diz aos convocados: onde se apresentar, até quando e o que levar (os documentos
    que o edital exige de todos, um por linha; os da reserva vêm da lei congelada do certame)."""

    local: str = ""
    prazo: date | None = None
    documentos: str = ""


def _conferir_apresentacao(apresentacao: Apresentacao | None, data: date) -> Apresentacao:
    apresentacao = apresentacao or Apresentacao()
    if apresentacao.prazo is not None and apresentacao.prazo < data:
        raise ErroOperacao(f"O prazo de apresentação ({data_br(apresentacao.prazo)}) é anterior à data do ato "
                           f"({data_br(data)}).")
    return apresentacao


def _nova_chamada(cargo: Cargo, tipo: str, data: date, ato: str, usuario, observacao: str = "",
                  apresentacao: Apresentacao | None = None) -> Chamada:
    apresentacao = _conferir_apresentacao(apresentacao, data)
    numero = (cargo.chamadas.aggregate(m=Max("numero"))["m"] or 0) + 1
    return Chamada.objects.create(cargo=cargo, numero=numero, tipo=tipo, data=data, ato=ato, criada_por=usuario,
                                  observacao=observacao, local=apresentacao.local.strip(), prazo=apresentacao.prazo,
                                  documentos=apresentacao.documentos.strip())


def exigir_heteroidentificacao(cargo: Cargo, titulares: list[tuple[str | None, str | None]]) -> None:
    """A porta da heteroidentificação: onde a lei do certame a exige, vaga reservada só com ela confirmada.

    `titulares`: (lista de onde vem, número da inscrição) de cada posição que a chamada preencheria. Quem vem de uma
    lista de reserva precisa da autodeclaração confirmada pela comissão (p. ex. Afonso Cláudio art. 6º; Iúna art. 2º,
    § 1º); quem ocupa vaga de ampla ou PcD não passa pela porta. A chamada inteira é recusada, com a lista de quem
    falta, em vez de guardar a vaga à espera (decisão 0009): a comissão avalia antes do resultado, e o RH vê quem
    convocar.
    """
    faltam = cotistas_sem_heteroidentificacao(cargo, titulares)
    if not faltam:
        return
    lei = cargo.certame.lei
    estados = dict(Heteroidentificacao.choices)
    exemplos = "; ".join(f"{n} ({estados[e].lower()})" for n, e in faltam[:10])
    mais = f" e mais {plural(len(faltam) - 10, 'outra', 'outras')}" if len(faltam) > 10 else ""
    raise ErroOperacao(
        "A lei do certame exige a heteroidentificação para ocupar vaga reservada"
        f"{citar(lei.artigo_heteroidentificacao)}: no cargo {cargo.codigo}, "
        f"{plural(len(faltam), 'cotista seria chamado', 'cotistas seriam chamados')} sem a autodeclaração "
        f"confirmada pela comissão — {exemplos}{mais}. Convoque-os para uma sessão da comissão de "
        "heteroidentificação e registre a chamada depois que ela decidir.")


def exigir_documentos(cargo: Cargo, titulares: list[tuple[str | None, str | None]]) -> None:
    """A porta dos documentos: onde a lei do certame exige documento para o grupo (Iúna art. 2º, II; Ibatiba art. 2º),
    vaga desse grupo só com o documento aceito.

    Quem teve o documento recusado já saiu da lista do grupo (concursos/selectors/listas.py) e a vaga vai ao próximo;
    quem ainda não foi conferido, ou não tem nenhum documento registrado, pode vir a tê-lo aceito — a lei de Iúna manda
    apresentá-lo «em etapa específica a ser discriminada no edital» —, e a posição é permanente: a chamada inteira é
    recusada, dizendo quem falta e qual documento a lei aceita, em vez de dar a vaga ao seguinte (decisão 0021).
    """
    faltam = cotistas_sem_documento(cargo, titulares)
    if not faltam:
        return
    por_grupo: dict[str, list] = {}
    for falta in faltam:
        por_grupo.setdefault(falta.grupo, []).append(falta)
    partes = []
    for faltas in por_grupo.values():
        exigencia = faltas[0].exigencia
        quem = "; ".join(f"{f.numero} ({f.rotulo})" for f in faltas[:10])
        mais = f" e mais {plural(len(faltas) - 10, 'outra', 'outras')}" if len(faltas) > 10 else ""
        partes.append(f"{faltas[0].nome_grupo}{citar(exigencia.artigo)}, a lei aceita {exigencia.descrever()} — "
                      f"{quem}{mais}")
    raise ErroOperacao(
        f"A lei do certame exige documento para ocupar vaga reservada: no cargo {cargo.codigo}, "
        f"{plural(len(faltam), 'cotista seria chamado', 'cotistas seriam chamados')} sem o documento aceito. "
        f"{'. '.join(partes)}. Confira o documento na ficha de cada inscrição (ou registre que não foi apresentado no "
        "prazo do edital) e registre a chamada depois.")


def exigir_as_portas(cargo: Cargo, titulares: list[tuple[str | None, str | None]]) -> None:
    """As condições da lei congelada para ocupar vaga reservada: a heteroidentificação e os documentos."""
    exigir_heteroidentificacao(cargo, titulares)
    exigir_documentos(cargo, titulares)


def _exigir_a_ultima_chamada(cargo: Cargo, vista: int | None) -> None:
    """Contra a repetição: o ato vale para o cargo como quem o pediu o viu. Se outra chamada entrou nesse meio-tempo
    (um clique duplo, duas abas, duas pessoas), esta é recusada — cada pedido nomeia uma vez só."""
    if vista is None:
        return
    atual = cargo.chamadas.aggregate(m=Max("numero"))["m"] or 0
    if atual != vista:
        raise ErroOperacao(f"Outra chamada (a {atual}ª) foi registrada no cargo {cargo.codigo} depois que esta página "
                           "foi aberta: nada foi feito. Confira as convocações do cargo antes de chamar de novo.")


def _ids_por_numero(cargo: Cargo, numeros) -> dict[str, int]:
    numeros = [n for n in numeros if n is not None]
    return dict(Inscricao.objects.filter(cargo=cargo, numero__in=numeros).values_list("numero", "pk"))


@transaction.atomic
def chamada_inicial(*, cargo: Cargo, data: date, ato: str, usuario,
                    apresentacao: Apresentacao | None = None) -> Chamada:
    """A convocação das vagas do edital, de uma vez, pelo motor (padrão da lei e listas)."""
    cargo = travar_cargo(cargo)
    if not cargo.certame.alcancou(EstadoCertame.RESULTADO):
        raise ErroOperacao("A convocação inicial exige o resultado publicado.")
    if cargo.chamadas.exists():
        raise ErroOperacao(f"O cargo {cargo.codigo} já tem convocação inicial; use desistência ou novas vagas.")
    exigir_validade(cargo.certame, data)
    regras = cargo.regras_motor()
    quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd)
    convocados = motor.convocar(regras, quadro, candidatos_do_cargo(cargo, ate=cargo.vagas))
    # Quem a lista de um grupo põe numa posição mais favorável (p. ex. Iúna art. 5º, § 2º) também passa pelas portas
    # da reserva: a posição vem da lista do grupo.
    exigir_as_portas(cargo, [(c.pela_lista or c.lista, c.inscricao) for c in convocados])
    chamada = _nova_chamada(cargo, TipoChamada.INICIAL, data, ato, usuario, apresentacao=apresentacao)
    ids = _ids_por_numero(cargo, (c.inscricao for c in convocados))
    Convocacao.objects.bulk_create([
        Convocacao(chamada=chamada, cargo=cargo, posicao=c.posicao, vaga=c.vaga, lista=c.lista or "",
                   pela_lista=c.pela_lista or "", inscricao_id=ids.get(c.inscricao))
        for c in convocados
    ])
    return chamada


@transaction.atomic
def desistencia_registrar(*, convocacao: Convocacao, data: date, ato: str, usuario,
                          apresentacao: Apresentacao | None = None) -> Chamada | None:
    """Registra a desistência (antes da posse) e chama, para a mesma posição, o próximo da mesma lista de quem
    desistiu: a vacância com a causa «desistência» (`vacancia_registrar`)."""
    return vacancia_registrar(convocacao=convocacao, causa=CausaVacancia.DESISTENCIA, data=data, ato=ato,
                              usuario=usuario, apresentacao=apresentacao)


@transaction.atomic
def vacancia_registrar(*, convocacao: Convocacao, causa: CausaVacancia | str, data: date, ato: str,
                       usuario, apresentacao: Apresentacao | None = None) -> Chamada | None:
    """Registra a saída do titular pela causa (a desistência antes da posse; depois dela, a exoneração, a rescisão,
    a demissão, a aposentadoria; o falecimento) e chama, para a mesma posição, o próximo da mesma lista (Iúna art. 7º,
    I e § 1º; Vargem Alta art. 4º, § 2º; Afonso Cláudio art. 3º, § 2º). Esgotada a lista, a vaga segue a cadeia de
    reversão e, por fim, a ampla (Vargem Alta art. 4º, § 3º). Sem nenhum candidato restante, ou terminada a validade
    do certame, a vacância fica registrada e a posição, vaga (devolve None).

    A situação da inscrição: quem desiste fica «desistente»; quem saiu depois da posse (ou faleceu) continua
    «habilitado» — foi aprovado e provido, e a causa fica na posição (decisão 0013). `apresentacao`: o local, o prazo
    e os documentos do edital de convocação de quem for chamado, como na chamada inicial."""
    if causa not in CAUSAS_DO_REGISTRO:
        raise ErroOperacao("Esta causa de vacância tem o seu próprio ato (a nomeação sem efeito, a anulação por "
                           "fraude, a eliminação).")
    travar_cargo(convocacao.cargo)
    atual = Convocacao.objects.get(pk=convocacao.pk)
    if atual.desistiu_em is None:
        _exigir_a_etapa_da_causa(atual, causa)
    situacao = Situacao.DESISTENTE if causa == CausaVacancia.DESISTENCIA else None
    return _vagar_posicao(convocacao, data, ato, usuario, situacao=situacao, causa=causa, apresentacao=apresentacao)


def _exigir_a_etapa_da_causa(convocacao: Convocacao, causa: str) -> None:
    rotulo = CausaVacancia(causa).label.lower()
    if causa in CAUSAS_DEPOIS_DA_POSSE and convocacao.empossado_em is None:
        raise ErroOperacao(f"A {rotulo} é de quem já tomou posse, e o titular da posição {convocacao.posicao} "
                           f"ainda não tomou posse («{convocacao.etapa}»): antes da posse, a saída é a desistência, ou "
                           "a nomeação tornada sem efeito quando o prazo da posse passa.")
    if causa == CausaVacancia.DESISTENCIA and convocacao.empossado_em is not None:
        raise ErroOperacao(f"O titular da posição {convocacao.posicao} tomou posse em "
                           f"{data_br(convocacao.empossado_em)}: depois da posse, a saída a pedido é a exoneração a "
                           "pedido.")


@transaction.atomic
def nomeacao_anular(*, convocacao: Convocacao, data: date, ato: str, usuario) -> Chamada | None:
    """Anula a nomeação de quem fraudou a autodeclaração, depois do procedimento com contraditório e ampla
    defesa (Afonso Cláudio art. 7º, parágrafo único; Iúna art. 2º, § 2º), e chama para a mesma posição o
    próximo da mesma lista, como numa desistência."""
    return _vagar_posicao(convocacao, data, ato, usuario, situacao=Situacao.ELIMINADO, causa=CausaVacancia.ANULACAO)


@transaction.atomic
def eliminado_substituir(*, convocacao: Convocacao, data: date, ato: str, usuario, motivo: str,
                         ultima_chamada: int | None = None, apresentacao: Apresentacao | None = None
                         ) -> Chamada | None:
    """Elimina, depois do resultado, quem ocupa a posição (documentos não apresentados na posse, decisão judicial, a
    retificação do resultado pela banca) e chama para ela o próximo da mesma lista, como numa desistência (Vargem
    Alta art. 4º, § 2º; Iúna art. 7º, § 1º; Afonso Cláudio art. 3º, § 2º). O ato, com o motivo, é registrado por quem
    chama (concursos/services/resultado.py). `ultima_chamada`: a última chamada do cargo que a prévia mostrou (como
    em `novas_vagas_chamar`)."""
    _exigir_a_ultima_chamada(travar_cargo(convocacao.cargo), ultima_chamada)
    return _vagar_posicao(convocacao, data, ato, usuario, situacao=Situacao.ELIMINADO, causa=CausaVacancia.ELIMINACAO,
                          justificativa=motivo, apresentacao=apresentacao)


# O tipo da chamada que substitui, por causa; as causas novas (a exoneração, o falecimento...) dão «vacância».
TIPO_DA_SUBSTITUICAO = {CausaVacancia.DESISTENCIA: TipoChamada.DESISTENCIA,
                        CausaVacancia.ANULACAO: TipoChamada.ANULACAO, CausaVacancia.ELIMINACAO: TipoChamada.ELIMINACAO}
# O começo do registro de cada causa de antes das causas de vacância, como as chamadas já gravadas o trazem.
MOTIVO_DA_CAUSA = {CausaVacancia.ANULACAO: "Nomeação anulada", CausaVacancia.ELIMINACAO: "Eliminação"}


def _vagar_posicao(convocacao: Convocacao, data: date, ato: str, usuario, *, situacao: str | None, causa: str,
                   justificativa: str = "", apresentacao: Apresentacao | None = None) -> Chamada | None:
    """A posição vaga pela `causa` e, no prazo de validade, o próximo da mesma lista chamado para ela. `situacao`:
    a nova situação da inscrição (None: não muda, e o histórico dela registra a causa); `apresentacao`: o que o
    edital de convocação diz a quem for chamado."""
    apresentacao = _conferir_apresentacao(apresentacao, data)
    cargo = travar_cargo(convocacao.cargo)
    convocacao = Convocacao.objects.select_for_update(of=("self",)).select_related("inscricao").get(pk=convocacao.pk)
    if convocacao.desistiu_em is not None:
        raise ErroOperacao("Esta desistência já foi registrada." if causa == CausaVacancia.DESISTENCIA
                           else "O titular já deixou esta posição.")
    if convocacao.inscricao is None:
        raise ErroOperacao("Esta posição não tem titular: não há de quem registrar a vacância.")
    _exigir_data_depois_da_etapa(convocacao, data)
    convocacao.desistiu_em, convocacao.ato_desistencia, convocacao.causa_vacancia = data, ato, causa
    motivo = MOTIVO_DA_CAUSA.get(causa, CausaVacancia(causa).label)
    registro = f"{motivo} na posição {convocacao.posicao} ({ato})" + (f": {justificativa.rstrip('.')}."
                                                                       if justificativa else ".")
    auditar(convocacao, usuario, registro)
    convocacao.save(update_fields=["desistiu_em", "ato_desistencia", "causa_vacancia"])
    inscricao = situacao_registrar(inscricao=convocacao.inscricao, situacao=situacao or convocacao.inscricao.situacao,
                                   usuario=usuario, motivo=registro)
    if fora_da_validade(cargo.certame, data):
        # A vacância (a anulação, a eliminação) fica registrada; ninguém é chamado depois do fim da validade.
        return None
    regras = cargo.regras_motor()
    lista = convocacao.lista or convocacao.vaga
    ((origem, candidato),) = motor.chamar_seguintes(regras, [lista], candidatos_do_cargo(cargo), ja_chamados(cargo),
                                                    generos_nas_reservas(cargo, regras))
    if candidato is None:
        return None
    exigir_as_portas(cargo, [(origem, candidato.inscricao)])
    tipo = TIPO_DA_SUBSTITUICAO.get(causa, TipoChamada.VACANCIA)
    observacao = (f"{motivo}: {inscricao.numero} na posição {convocacao.posicao}."
                  + (f" Motivo: {justificativa}" if justificativa else "")
                  + (f" A mesma lista{citar(artigo_da_mesma_lista(cargo.certame))}." if tipo == TipoChamada.VACANCIA
                     else ""))
    chamada = _nova_chamada(cargo, tipo, data, ato, usuario, observacao=observacao, apresentacao=apresentacao)
    Convocacao.objects.create(
        chamada=chamada, cargo=cargo, posicao=convocacao.posicao, vaga=convocacao.vaga, lista=origem or "",
        inscricao=Inscricao.objects.get(cargo=cargo, numero=candidato.inscricao), substitui=convocacao)
    return chamada


def artigo_da_mesma_lista(certame: Certame) -> str:
    """O dispositivo da regra da mesma lista na lei congelada do certame (p. ex. Iúna art. 7º, § 1º)."""
    return (certame.regras or {}).get("lei", {}).get("artigo_desistencia", "")


def _exigir_data_depois_da_etapa(convocacao: Convocacao, data: date) -> None:
    ultima = max(d for d in (convocacao.chamada.data, convocacao.nomeado_em, convocacao.empossado_em,
                             convocacao.exercicio_em) if d is not None)
    if data < ultima:
        raise ErroOperacao(f"A data da vacância ({data_br(data)}) é anterior ao último passo registrado do titular da "
                           f"posição {convocacao.posicao} ({data_br(ultima)}).")


@transaction.atomic
def novas_vagas_chamar(*, cargo: Cargo, quantidade: int, data: date, ato: str, usuario,
                       ultima_chamada: int | None = None, apresentacao: Apresentacao | None = None) -> Chamada:
    """Vagas surgidas no prazo de validade: as posições seguintes, no mesmo padrão (Iúna art. 7º, § 2º).

    `ultima_chamada`: o número da última chamada do cargo que quem pediu viu na página; com ele, pedidos repetidos ou
    simultâneos (o cargo fica travado durante o ato) chamam uma vez só."""
    if quantidade < 1:
        raise ErroOperacao("Informe ao menos uma vaga nova.")
    cargo = travar_cargo(cargo)
    if not cargo.chamadas.exists():
        raise ErroOperacao("Faça primeiro a convocação inicial das vagas do edital.")
    _exigir_a_ultima_chamada(cargo, ultima_chamada)
    exigir_validade(cargo.certame, data)
    ultima = cargo.convocacoes.aggregate(m=Max("posicao"))["m"]
    regras = cargo.regras_motor()
    quadro = motor.calcular_quadro(regras, cargo.vagas, cargo.vagas_pcd, ultima + quantidade)
    vagas = quadro.ordem[ultima:]
    chamados = motor.chamar_seguintes(regras, vagas, candidatos_do_cargo(cargo), ja_chamados(cargo),
                                      generos_nas_reservas(cargo, regras))
    restantes = sum(1 for _, c in chamados if c is not None)
    if restantes < quantidade:
        raise ErroOperacao(f"Só há {plural(restantes, 'candidato habilitado', 'candidatos habilitados')} ainda sem "
                           f"chamada no cargo {cargo.codigo}; informe no máximo "
                           f"{plural(restantes, 'vaga', 'vagas')}.")
    exigir_as_portas(cargo, [(origem, c.inscricao) for origem, c in chamados])
    posicoes = f"posição {ultima + 1}" if quantidade == 1 else f"posições {ultima + 1} a {ultima + quantidade}"
    chamada = _nova_chamada(cargo, TipoChamada.NOVAS_VAGAS, data, ato, usuario,
                            observacao=f"{plural(quantidade, 'vaga nova', 'vagas novas')}: {posicoes}.",
                            apresentacao=apresentacao)
    ids = _ids_por_numero(cargo, (c.inscricao for _, c in chamados))
    Convocacao.objects.bulk_create([
        Convocacao(chamada=chamada, cargo=cargo, posicao=ultima + i, vaga=vaga, lista=origem,
                   inscricao_id=ids[c.inscricao])
        for i, (vaga, (origem, c)) in enumerate(zip(vagas, chamados, strict=True), 1)
    ])
    return chamada


@transaction.atomic
def chamada_inicial_certame(*, certame: Certame, data: date, ato: str, usuario,
                            apresentacao: Apresentacao | None = None) -> list[Chamada]:
    """A convocação inicial de todos os cargos do certame que ainda não a tiveram, num só ato."""
    cargos = list(certame.cargos.filter(chamadas__isnull=True).order_by("codigo"))
    if not cargos:
        raise ErroOperacao("Todos os cargos deste certame já tiveram a convocação inicial.")
    return [chamada_inicial(cargo=cargo, data=data, ato=ato, usuario=usuario, apresentacao=apresentacao)
            for cargo in cargos]

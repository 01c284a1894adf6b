"""A retificação do edital publicado: o único caminho para mudar o que o edital disse, como ato registrado.

Publicado o edital, a ficha do certame e a dos cargos ficam só de consulta (o histórico também: nada se reverte). O que
o edital pode corrigir — o título, o período de inscrição enquanto ele corre, o prazo de validade antes da
homologação, o nome, a escolaridade, a remuneração, a carga horária e os requisitos de um cargo, e as vagas dele
enquanto não teve chamada — muda aqui, por um ato com número, data, publicação oficial, motivo e a lista do que mudou
(antes e depois). A lei congelada não muda: ela foi resolvida pela data e pelo município do edital, que uma
retificação não altera (seria outro edital).

Depois do ato, `documentos_reemitir` emite de novo os documentos que a retificação alcança (o quadro de vagas sempre;
as listas e as convocações dos cargos alterados, ou de todos, se mudou o certame) e marca os anteriores como
substituídos: a página pública de verificação de um deles diz «Substituído pela retificação nº N de dd/mm/aaaa» e leva
ao novo. A reemissão fica fora da transação do ato (renderizar leva segundos e não deve segurar travas); se falhar no
meio, chamá-la de novo termina o que faltou — só se substitui o que ainda está vigente.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from concursos import nao_confirmacao
from concursos.documentos import (
    COM_OUTRAS_LISTAS,
    TIPO_CONVOCACOES,
    TIPO_LISTA_CLASSIFICACAO,
    TIPO_QUADRO_VAGAS,
    ListaDesconhecida,
    emitir_convocacoes,
    emitir_lista,
    emitir_quadro,
)
from concursos.models import (
    CAMPOS_DAS_REGRAS_DO_EDITAL,
    AtoDoCertame,
    Cargo,
    Certame,
    Chamada,
    EstadoCertame,
    TipoAto,
    erro_da_nao_confirmacao,
    erro_da_regra_de_decisao,
    erro_das_vagas_pcd,
)
from concursos.services.certame import ato_registrar
from documentos.models import DocumentoEmitido
from documentos.substituicao import documento_substituir
from legislacao import motor
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br, moeda_br

CAMPOS_DO_CERTAME = ("titulo", "inscricoes_inicio", "inscricoes_fim", "validade_meses", "prazo_posse_dias",
                     "prazo_exercicio_dias", *CAMPOS_DAS_REGRAS_DO_EDITAL, "nao_confirmacao", "item_nao_confirmacao")
# As regras do edital que mudam posições: depois da primeira chamada de qualquer cargo, a ordem de nomeação é
# permanente (só a redação da base, `pcd_base` e `item_criterio`, ainda se corrige).
CAMPOS_DAS_POSICOES = ("pcd_percentual", "pcd_arredondamento", "pcd_minimo_vagas", "pcd_posicoes", "pcd_intervalo")
CAMPOS_DO_CARGO = ("nome", "escolaridade", "vagas", "vagas_pcd", "remuneracao", "carga_horaria", "requisitos")
FUNDAMENTO = ("Constituição Federal, art. 37, caput (publicidade): o edital publicado só muda por retificação "
              "publicada")


@dataclass(frozen=True)
class Alteracao:
    """Um campo que a retificação muda: onde (o edital ou um cargo), qual, antes e depois, como o RH os lê."""

    onde: str
    campo: str
    antes: str
    depois: str
    cargo_id: int | None = None

    def como_dict(self) -> dict:
        return {"onde": self.onde, "campo": self.campo, "antes": self.antes, "depois": self.depois,
                "cargo_id": self.cargo_id}


def _legivel(objeto, campo: str, valor) -> str:
    if valor is None or valor == "":
        return "—"
    if isinstance(valor, date):
        return data_br(valor)
    if campo == "remuneracao":
        return moeda_br(valor)
    if campo == "carga_horaria":
        return f"{valor} h por semana"
    escolhas = dict(objeto._meta.get_field(campo).flatchoices)
    return str(escolhas.get(valor, valor))


def _diferencas(objeto, novos: dict, campos: tuple[str, ...], onde: str, cargo_id: int | None = None
                ) -> list[Alteracao]:
    desconhecidos = set(novos) - set(campos)
    if desconhecidos:
        raise ErroOperacao(f"A retificação não altera {', '.join(sorted(desconhecidos))}.")
    _conferir_valores(objeto, novos, onde)
    return [Alteracao(onde, str(objeto._meta.get_field(campo).verbose_name), _legivel(objeto, campo, atual),
                      _legivel(objeto, campo, valor), cargo_id)
            for campo, valor in novos.items() if (atual := getattr(objeto, campo)) != valor]


def _conferir_valores(objeto, novos: dict, onde: str) -> None:
    """Cada valor novo passa pelas regras do próprio campo (tamanho, escolhas, mínimos e máximos do modelo), como na
    ficha: uma remuneração negativa ou 500 horas por semana não entram no edital por retificação."""
    for campo, valor in novos.items():
        definicao = objeto._meta.get_field(campo)
        try:
            definicao.clean(valor, objeto)
        except ValidationError as erro:
            raise ErroOperacao(f"{onde}, {definicao.verbose_name}: {' '.join(erro.messages)}") from erro


def _conferir_certame(certame: Certame, novos: dict) -> None:
    if not certame.publicado:
        raise ErroOperacao("O edital ainda não foi publicado: corrija-o na própria ficha; a retificação é do edital "
                           "publicado.")
    datas = {c: novos[c] for c in ("inscricoes_inicio", "inscricoes_fim") if c in novos and novos[c] != getattr(
        certame, c)}
    if datas and certame.alcancou(EstadoCertame.INSCRICOES_ENCERRADAS):
        raise ErroOperacao("As inscrições já foram encerradas: o período de inscrição não muda mais.")
    inicio = novos.get("inscricoes_inicio", certame.inscricoes_inicio)
    fim = novos.get("inscricoes_fim", certame.inscricoes_fim)
    if inicio and fim and fim < inicio:
        raise ErroOperacao(f"O fim das inscrições ({data_br(fim)}) é anterior ao início ({data_br(inicio)}).")
    if novos.get("validade_meses", certame.validade_meses) != certame.validade_meses and certame.data_homologacao:
        raise ErroOperacao("O certame já foi homologado e a validade, contada: ela só se prorroga, uma vez, por igual "
                           "período (Constituição Federal, art. 37, III).")
    meses = novos.get("validade_meses")
    if meses is not None and not 1 <= meses <= 24:
        raise ErroOperacao("O prazo de validade vai de 1 a 24 meses (Constituição Federal, art. 37, III).")
    regra = novos.get("regra_decisao", certame.regra_decisao)
    if erro := erro_da_regra_de_decisao(regra, certame.lei):
        raise ErroOperacao(erro)
    if regra != certame.regra_decisao and nao_confirmacao.comissao_ja_deliberou(certame):
        raise ErroOperacao("A comissão de heteroidentificação já abriu a deliberação de algum candidato: a regra de "
                           "decisão das avaliações individuais não muda mais.")
    posicoes = [c for c in CAMPOS_DAS_POSICOES if c in novos and novos[c] != getattr(certame, c)]
    if posicoes and Chamada.objects.filter(cargo__certame=certame).exists():
        raise ErroOperacao("Já houve chamada neste certame: a ordem de nomeação é permanente, e a regra das vagas "
                           "PcD não muda mais.")
    _conferir_nao_confirmacao(certame, novos)


def _conferir_nao_confirmacao(certame: Certame, novos: dict) -> None:
    """A consequência da não confirmação muda dentro do que a lei do certame admite, e só antes de a comissão abrir a
    primeira deliberação: quem ela já avalia o faz sob a regra publicada (decisões 0017 e 0018). O item do edital,
    que só a cita, ainda se corrige."""
    escolha = novos.get("nao_confirmacao", certame.nao_confirmacao)
    item = novos.get("item_nao_confirmacao", certame.item_nao_confirmacao)
    if escolha == certame.nao_confirmacao and item == certame.item_nao_confirmacao:
        return
    if not escolha:
        raise ErroOperacao("Diga o que o edital dispõe para o candidato não confirmado na heteroidentificação: "
                           "permanecer na ampla concorrência ou ser eliminado.")
    artigo = (certame.regras or {}).get("lei", {}).get("artigo_nao_confirmacao", "")
    if erro := erro_da_nao_confirmacao(escolha, item, nao_confirmacao.admitidas_no_certame(certame), artigo):
        raise ErroOperacao(erro)
    if escolha != certame.nao_confirmacao and nao_confirmacao.comissao_ja_deliberou(certame):
        raise ErroOperacao("A comissão de heteroidentificação já abriu a deliberação de candidatos deste certame sob "
                           "a regra publicada: o que acontece ao não confirmado não muda mais.")


def _conferir_vagas_pcd(certame: Certame, dados_certame: dict, dados_cargos: dict[int, dict],
                        aplicar_posicoes_da_lei: bool) -> None:
    """Com a regra PcD do edital retificada, cada cargo precisa ter as vagas PcD que ela dá (retifique-as junto)."""
    novo = Certame(**{f.attname: getattr(certame, f.attname) for f in Certame._meta.concrete_fields})
    for campo, valor in dados_certame.items():
        setattr(novo, campo, valor)
    if aplicar_posicoes_da_lei:
        novo.regras = _com_posicoes_da_lei(certame.regras)
    for cargo in Cargo.objects.filter(certame=certame).order_by("codigo"):
        dados = dados_cargos.get(cargo.pk, {})
        vagas, pcd = dados.get("vagas", cargo.vagas), dados.get("vagas_pcd", cargo.vagas_pcd)
        if erro := erro_das_vagas_pcd(novo, vagas, pcd):
            raise ErroOperacao(f"Cargo {cargo.codigo}: {erro} Retifique também as vagas PcD do cargo.")
        cargo.certame = novo
        try:
            motor.calcular_quadro(cargo.regras_motor(), vagas, pcd)
        except motor.ErroRegras as erro:
            raise ErroOperacao(f"Cargo {cargo.codigo}: {erro}") from erro


def _conferir_cargo(certame: Certame, cargo: Cargo, novos: dict) -> None:
    vagas, pcd = novos.get("vagas", cargo.vagas), novos.get("vagas_pcd", cargo.vagas_pcd)
    if (vagas, pcd) == (cargo.vagas, cargo.vagas_pcd):
        return
    if cargo.chamadas.exists():
        raise ErroOperacao(f"O cargo {cargo.codigo} já teve chamada: as vagas do edital não mudam mais; as que "
                           "surgirem no prazo de validade são «novas vagas».")
    try:
        motor.calcular_quadro(cargo.regras_motor(certame.regras_motor()), vagas, pcd)
    except motor.ErroRegras as erro:
        raise ErroOperacao(f"Cargo {cargo.codigo}: {erro}") from erro


POSICOES_DA_LEI = "posições que a lei fixa"


def _posicoes_da_lei(certame: Certame, aplicar: bool) -> list[Alteracao]:
    """Nas regras congeladas antes da correção (decisão 0014), a vaga PcD ainda pode tomar uma posição que a lei fixa;
    a retificação aplica a regra corrigida enquanto nenhum cargo teve chamada (a ordem de nomeação é permanente)."""
    if not aplicar:
        return []
    if certame.regras_motor().posicoes_da_lei_protegidas:
        raise ErroOperacao("As regras deste edital já reservam ao grupo da lei as posições que ela fixa.")
    if Chamada.objects.filter(cargo__certame=certame).exists():
        raise ErroOperacao("Já houve chamada neste certame: a ordem de nomeação é permanente, e as posições não mudam "
                           "mais por retificação.")
    return [Alteracao("Edital", POSICOES_DA_LEI, "a vaga PcD pode tomar uma posição que a lei fixa para um grupo",
                      "sempre do grupo da lei; a vaga PcD vai à posição seguinte")]


def alteracoes_da_retificacao(certame: Certame, dados_certame: dict, dados_cargos: dict[int, dict],
                              aplicar_posicoes_da_lei: bool = False) -> list[Alteracao]:
    """O que a retificação mudaria (a prévia mostra; o ato grava), conferido contra a etapa e a lei congelada."""
    _conferir_certame(certame, dados_certame)
    alteracoes = [*_diferencas(certame, dados_certame, CAMPOS_DO_CERTAME, "Edital"),
                  *_posicoes_da_lei(certame, aplicar_posicoes_da_lei)]
    cargos = Cargo.objects.filter(certame=certame).in_bulk(dados_cargos)
    if len(cargos) != len(dados_cargos):
        raise ErroOperacao("Um dos cargos informados não é deste certame.")
    for pk, novos in dados_cargos.items():
        cargo = cargos[pk]
        _conferir_cargo(certame, cargo, novos)
        alteracoes += _diferencas(cargo, novos, CAMPOS_DO_CARGO, f"Cargo {cargo.codigo}", cargo.pk)
    _conferir_vagas_pcd(certame, dados_certame, dados_cargos, aplicar_posicoes_da_lei)
    return alteracoes


def _com_posicoes_da_lei(regras: dict) -> dict:
    return {**regras, "motor": {**regras["motor"], "posicoes_da_lei_protegidas": True}}


@transaction.atomic
def certame_retificar(*, certame: Certame, dados_certame: dict, dados_cargos: dict[int, dict], data: date,
                      publicacao: str, motivo: str, usuario, aplicar_posicoes_da_lei: bool = False) -> AtoDoCertame:
    """Registra a retificação nº N do edital e aplica o que ela muda. `dados_certame`: os campos do edital que mudam
    (de CAMPOS_DO_CERTAME); `dados_cargos`: por id do cargo, os campos do cargo que mudam (de CAMPOS_DO_CARGO);
    `aplicar_posicoes_da_lei`: nas regras congeladas antes da correção, a posição que a lei fixa passa a ser sempre do
    grupo da lei (decisão 0014)."""
    certame = Certame.objects.select_for_update(of=("self",)).get(pk=certame.pk)
    # Os cargos também: uma chamada simultânea (que trava o cargo) não passa entre a conferência e a gravação.
    list(Cargo.objects.select_for_update().filter(pk__in=list(dados_cargos)))
    if not motivo.strip():
        raise ErroOperacao("Informe o motivo da retificação: ele vai no ato e no histórico.")
    if not publicacao.strip():
        raise ErroOperacao("Informe a publicação oficial da retificação (p. ex. «Edital de retificação nº 1/2026»).")
    alteracoes = alteracoes_da_retificacao(certame, dados_certame, dados_cargos, aplicar_posicoes_da_lei)
    if not alteracoes:
        raise ErroOperacao("Nada muda: os valores informados são os que o edital já tem.")
    numero = (certame.atos.aggregate(m=Max("numero_retificacao"))["m"] or 0) + 1
    razao = f"Retificação nº {numero}: {motivo.strip()}"
    for campo, valor in dados_certame.items():
        setattr(certame, campo, valor)
    if aplicar_posicoes_da_lei:
        certame.regras = _com_posicoes_da_lei(certame.regras)
    auditar(certame, usuario, razao)
    certame.save()
    for cargo in Cargo.objects.filter(pk__in=list(dados_cargos)):
        for campo, valor in dados_cargos[cargo.pk].items():
            setattr(cargo, campo, valor)
        auditar(cargo, usuario, razao)
        cargo.save()
    return ato_registrar(certame, TipoAto.RETIFICACAO, data=data, usuario=usuario, publicacao=publicacao,
                         fundamento=FUNDAMENTO, motivo=motivo.strip(), numero_retificacao=numero,
                         alteracoes=[a.como_dict() for a in alteracoes])


def _vigentes(objeto, tipos: tuple[str, ...], ate) -> list[DocumentoEmitido]:
    return list(DocumentoEmitido.objects.filter(
        referencia_tipo=ContentType.objects.get_for_model(objeto), referencia_id=objeto.pk, tipo__in=tipos,
        substituido_por__isnull=True, emitido_em__lt=ate).order_by("emitido_em"))


def _reemitir_do_cargo(cargo: Cargo, antigos: list[DocumentoEmitido], usuario) -> list[tuple]:
    """Um documento novo por documento distinto do cargo (a lista de cada código, as convocações), e os antigos
    que ele substitui. Uma lista emitida sem a chave (antes dela existir) ou de um código que o cargo não tem mais
    fica como está."""
    por_documento: dict[tuple[str, str], list[DocumentoEmitido]] = {}
    for antigo in antigos:
        if antigo.tipo == TIPO_LISTA_CLASSIFICACAO and not antigo.chave:
            continue
        por_documento.setdefault((antigo.tipo, antigo.chave), []).append(antigo)
    pares = []
    for (tipo, chave), lote in por_documento.items():
        try:
            novo = (emitir_convocacoes(cargo=cargo, usuario=usuario) if tipo == TIPO_CONVOCACOES
                    else emitir_lista(cargo=cargo, codigo=chave.removesuffix(COM_OUTRAS_LISTAS), usuario=usuario,
                                      com_outras_listas=chave.endswith(COM_OUTRAS_LISTAS)))
        except ListaDesconhecida:
            continue
        pares.append((novo, lote))
    return pares


def documentos_reemitir(*, ato: AtoDoCertame, usuario) -> list[DocumentoEmitido]:
    """Emite de novo o que a retificação `ato` alcança e marca os anteriores como substituídos por ela. Devolve os
    documentos novos. Pode ser chamada de novo: só o que ainda está vigente (e é anterior ao ato) é substituído."""
    certame = ato.certame
    motivo = f"Substituído pela retificação nº {ato.numero_retificacao} de {data_br(ato.data)}"
    quadro = emitir_quadro(certame=certame, usuario=usuario)
    pares = [(quadro, _vigentes(certame, (TIPO_QUADRO_VAGAS,), ato.registrado_em))]
    mudou_o_edital = any(a["cargo_id"] is None for a in ato.alteracoes)
    cargos = (certame.cargos.all() if mudou_o_edital
              else certame.cargos.filter(pk__in={a["cargo_id"] for a in ato.alteracoes}))
    for cargo in cargos.order_by("codigo"):
        antigos = _vigentes(cargo, (TIPO_LISTA_CLASSIFICACAO, TIPO_CONVOCACOES), ato.registrado_em)
        pares += _reemitir_do_cargo(cargo, antigos, usuario)
    for novo, antigos in pares:
        for antigo in antigos:
            documento_substituir(antigo=antigo, novo=novo, motivo=motivo)
    return [novo for novo, _ in pares]

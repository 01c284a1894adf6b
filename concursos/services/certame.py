"""O edital: a publicação (que congela as regras da lei no certame) e as etapas seguintes."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from concursos import nao_confirmacao
from concursos.models import (
    REGRAS_SEM_LEI,
    AtoDoCertame,
    Certame,
    EstadoCertame,
    Inscricao,
    TipoAto,
    erro_da_nao_confirmacao,
    erro_da_regra_de_decisao,
    erro_das_vagas_pcd,
)
from legislacao import comprovacao, motor
from legislacao.models import Consequencia, Lei, consequencias_admitidas
from legislacao.services import lei_congelar
from nucleo.servicos import ErroOperacao, auditar
from nucleo.texto import data_br, plural, somar_meses


def resumo_da_lei(lei: Lei | None) -> dict:
    """O que o certame guarda da lei além das regras do motor (consequências, artigos e os documentos que cada grupo
    exige), congelado com elas. Um certame publicado antes de uma chave nova não a tem: quem lê trata a falta como
    «a lei congelada não dizia» (p. ex. `Certame.exigencias_documentais`)."""
    if lei is None:
        return {}
    return {
        "slug": lei.slug, "versao": lei.versao, "ementa": lei.ementa,
        "artigo_ampla": lei.artigo_ampla, "artigo_reversao": lei.artigo_reversao,
        "artigo_desistencia": lei.artigo_desistencia, "artigo_cadastro": lei.artigo_cadastro,
        "nao_confirmacao": lei.nao_confirmacao, "artigo_nao_confirmacao": lei.artigo_nao_confirmacao,
        "ausencia": lei.ausencia, "artigo_ausencia": lei.artigo_ausencia,
        "elegibilidade": {g.codigo: g.artigo_elegibilidade for g in lei.grupos.all()},
        "escolha_local_pela_ampla": lei.escolha_local_pela_ampla, "artigo_escolha_local": lei.artigo_escolha_local,
        "artigo_autodeclaracao": lei.artigo_autodeclaracao, "artigo_fases": lei.artigo_fases,
        **{campo: getattr(lei, campo) for campo in CAMPOS_DAS_LISTAS},
        "documentos": comprovacao.exigencias_para_dict(lei.exigencias_documentais()),
    }


# Os nomes e artigos das listas de classificação (concursos/selectors/listas.py), como a lei os dá.
CAMPOS_DAS_LISTAS = ("nome_lista_geral", "artigo_lista_geral", "nome_lista_ampla", "artigo_lista_ampla",
                     "nome_lista_reserva", "artigo_lista_reserva")


VALIDADE = "Constituição Federal, art. 37, III"


def ato_registrar(certame: Certame, tipo: str, *, data: date, usuario, fundamento: str, publicacao: str = "",
                  motivo: str = "", alteracoes: list | None = None, numero_retificacao: int | None = None
                  ) -> AtoDoCertame:
    """O registro de um ato do certame, numerado na ordem. Quem chama já travou o certame (select_for_update): dois
    atos simultâneos não recebem o mesmo número."""
    numero = (certame.atos.aggregate(m=Max("numero"))["m"] or 0) + 1
    return AtoDoCertame.objects.create(
        certame=certame, numero=numero, tipo=tipo, data=data, publicacao=publicacao.strip(),
        fundamento=fundamento, motivo=motivo, alteracoes=alteracoes or [], numero_retificacao=numero_retificacao,
        registrado_por=usuario if usuario is not None and usuario.is_authenticated else None)


def fundamento_da_etapa(certame: Certame, tipo: str) -> str:
    """O fundamento legal de cada etapa, dito a partir da lei congelada do certame (nunca de outra)."""
    resumo = (certame.regras or {}).get("lei", {})
    edital = f"Edital nº {certame.numero_edital}"
    if tipo == TipoAto.PUBLICACAO:
        if certame.lei_id is None:
            return f"{edital}, sem lei de reserva de vagas aplicável: {certame.motivo_lei}"
        return f"{edital}, com a reserva de vagas da {resumo.get('ementa') or certame.lei}, congelada na publicação"
    if tipo == TipoAto.ENCERRAMENTO:
        return f"{edital}: encerradas as inscrições, a autodeclaração e a opção pela reserva não mudam mais"
    if tipo == TipoAto.RESULTADO:
        return f"{edital}: o resultado, com a lista geral e a de cada reserva"
    if tipo == TipoAto.HOMOLOGACAO:
        return (f"{edital}; {VALIDADE}: validade de {plural(certame.validade_meses, 'mês', 'meses')}, até "
                f"{data_br(certame.validade_ate)}")
    return f"{VALIDADE}: a validade prorroga-se uma vez, por igual período"


def _problemas_dos_prazos(certame: Certame) -> list[str]:
    inicio, fim = certame.inscricoes_inicio, certame.inscricoes_fim
    if not inicio or not fim:
        return ["informe o início e o fim das inscrições"]
    problemas = []
    if fim < inicio:
        problemas.append(f"o fim das inscrições ({data_br(fim)}) é anterior ao início ({data_br(inicio)})")
    if inicio < certame.data_edital:
        problemas.append(f"as inscrições começariam ({data_br(inicio)}) antes da publicação do edital "
                         f"({data_br(certame.data_edital)})")
    return problemas


def _exigir_datas_da_etapa(certame: Certame, seguinte: str, data: date) -> None:
    """As datas do edital valem para as etapas: não se encerra a inscrição antes do fim do período, nem se homologa
    sem o prazo de validade (CF art. 37, III) ou antes do resultado."""
    fim = certame.inscricoes_fim
    if seguinte in (EstadoCertame.INSCRICOES_ENCERRADAS, EstadoCertame.RESULTADO):
        if fim is None:
            raise ErroOperacao("O edital não diz até quando vão as inscrições: informe o fim delas por retificação.")
        if data <= fim:
            etapa = ("elas só se encerram" if seguinte == EstadoCertame.INSCRICOES_ENCERRADAS
                     else "o resultado só se publica")
            raise ErroOperacao(f"As inscrições vão até {data_br(fim)}: {etapa} depois desse dia (data do ato: "
                               f"{data_br(data)}).")
    if seguinte == EstadoCertame.HOMOLOGADO:
        if not certame.validade_meses:
            raise ErroOperacao("O edital não diz o prazo de validade do certame (até 2 anos, Constituição Federal, "
                               "art. 37, III): informe-o por retificação antes de homologar.")
        resultado = certame.atos.filter(tipo=TipoAto.RESULTADO).order_by("-numero").first()
        if resultado and data < resultado.data:
            raise ErroOperacao(f"A homologação ({data_br(data)}) não pode ser anterior à publicação do resultado "
                               f"({data_br(resultado.data)}).")


def _exigir_municipio(certame: Certame) -> None:
    """O município decide a lei: o do órgão que publica o edital, ou outro com o motivo escrito."""
    if certame.fora_do_municipio_do_orgao and not certame.motivo_municipio.strip():
        raise ErroOperacao(f"O certame está em {certame.municipio}, e o órgão ({certame.orgao.nome}) é de "
                           f"{certame.orgao.municipio}: a lei aplicável é a do município do órgão que publica o "
                           "edital. Registre o motivo do outro município em «Editar dados» antes de publicar.")


def _exigir_justificativa(aplicabilidade, justificativa: str) -> str:
    """Sem lei aplicável, o edital sai sem nenhuma vaga reservada: isso se publica só com a justificativa escrita."""
    if aplicabilidade.lei is None and not justificativa.strip():
        raise ErroOperacao(f"Nenhuma lei de reserva de vagas se aplica a este edital: {aplicabilidade.motivo} "
                           "Publicado assim, ele não reserva vagas para pessoas negras, indígenas ou quilombolas; "
                           "para publicá-lo, escreva a justificativa, que fica registrada no ato.")
    return justificativa.strip() if aplicabilidade.lei is None else ""


def _fixar_nao_confirmacao(certame: Certame, resumo: dict) -> None:
    """O que o edital diz do candidato não confirmado, conferido contra a lei e gravado: em branco, o que a lei manda
    ou, se ela deixa ao edital, a ampla concorrência (sem o item que a preveja, não há eliminação; decisão 0018)."""
    da_lei = resumo.get("nao_confirmacao", Consequencia.NAO_PREVISTA)
    if erro := erro_da_nao_confirmacao(certame.nao_confirmacao, certame.item_nao_confirmacao,
                                       consequencias_admitidas(da_lei), resumo.get("artigo_nao_confirmacao", "")):
        raise ErroOperacao(erro)
    certame.nao_confirmacao = nao_confirmacao.resolver(certame.nao_confirmacao, da_lei)


@transaction.atomic
def certame_publicar(*, certame: Certame, usuario, justificativa: str = "", data: date | None = None,
                     publicacao: str = "") -> Certame:
    """Publica o edital: resolve a lei em vigor na data do edital e congela as suas regras no certame.

    Depois disso, mudanças na lei não alcançam este certame (a lei usada fica congelada e só muda por
    nova versão). Sem lei aplicável, exige a `justificativa` escrita, que fica no certame e no histórico do ato.
    """
    certame = (Certame.objects.select_for_update(of=("self",)).select_related("orgao__municipio", "municipio")
               .get(pk=certame.pk))
    if certame.estado != EstadoCertame.RASCUNHO:
        raise ErroOperacao("Este edital já foi publicado.")
    cargos = list(certame.cargos.all())
    if not cargos:
        raise ErroOperacao("Cadastre ao menos um cargo antes de publicar o edital.")
    if problemas := _problemas_dos_prazos(certame):
        raise ErroOperacao(f"Confira os prazos do edital antes de publicá-lo: {'; '.join(problemas)}.")
    _exigir_municipio(certame)
    aplicabilidade = certame.aplicabilidade()
    certame.justificativa_sem_lei = _exigir_justificativa(aplicabilidade, justificativa)
    if erro := erro_da_regra_de_decisao(certame.regra_decisao, aplicabilidade.lei):
        raise ErroOperacao(erro)
    lei = lei_congelar(lei=aplicabilidade.lei) if aplicabilidade.lei else None
    regras = lei.regras() if lei else REGRAS_SEM_LEI
    com_edital = replace(regras, pcd=certame.regra_pcd(), item_criterio=certame.item_criterio)
    for cargo in cargos:
        if erro := erro_das_vagas_pcd(certame, cargo.vagas, cargo.vagas_pcd):
            raise ErroOperacao(f"Cargo {cargo.codigo}: {erro}")
        try:
            motor.calcular_quadro(cargo.regras_motor(com_edital), cargo.vagas, cargo.vagas_pcd)
        except motor.ErroRegras as erro:
            raise ErroOperacao(f"Cargo {cargo.codigo}: {erro}") from erro
    resumo = resumo_da_lei(lei)
    _fixar_nao_confirmacao(certame, resumo)
    certame.lei = lei
    certame.regras = {"motor": motor.regras_para_dict(regras), "lei": resumo}
    certame.motivo_lei = aplicabilidade.motivo
    certame.estado = EstadoCertame.PUBLICADO
    certame.publicado_em = timezone.now()
    auditar(certame, usuario, "Edital publicado; regras da lei congeladas." if lei else
            f"Edital publicado sem lei de reserva de vagas. Justificativa: {certame.justificativa_sem_lei}")
    certame.save()
    ato_registrar(certame, TipoAto.PUBLICACAO, data=data or certame.data_edital, usuario=usuario,
                  publicacao=publicacao, fundamento=fundamento_da_etapa(certame, TipoAto.PUBLICACAO),
                  motivo=certame.justificativa_sem_lei)
    return certame


PROXIMO_ESTADO = {
    EstadoCertame.PUBLICADO: EstadoCertame.INSCRICOES_ENCERRADAS,
    EstadoCertame.INSCRICOES_ENCERRADAS: EstadoCertame.RESULTADO,
    EstadoCertame.RESULTADO: EstadoCertame.HOMOLOGADO,
}
ATO_DA_ETAPA = {
    EstadoCertame.INSCRICOES_ENCERRADAS: TipoAto.ENCERRAMENTO,
    EstadoCertame.RESULTADO: TipoAto.RESULTADO,
    EstadoCertame.HOMOLOGADO: TipoAto.HOMOLOGACAO,
}


@transaction.atomic
def certame_avancar(*, certame: Certame, usuario, data: date | None = None, publicacao: str = "") -> Certame:
    """Leva o certame à etapa seguinte: inscrições encerradas → resultado → homologado."""
    certame = Certame.objects.select_for_update(of=("self",)).get(pk=certame.pk)
    seguinte = PROXIMO_ESTADO.get(certame.estado)
    if seguinte is None:
        raise ErroOperacao(f"Não há etapa seguinte a «{certame.get_estado_display()}» por esta ação.")
    if seguinte == EstadoCertame.RESULTADO and not Inscricao.objects.filter(
            certame=certame, classificacao__isnull=False).exists():
        raise ErroOperacao("Importe o resultado (classificação) antes de publicá-lo.")
    motivo = f"Etapa: {EstadoCertame(seguinte).label}."
    data = data or timezone.localdate()
    _exigir_datas_da_etapa(certame, seguinte, data)
    if seguinte == EstadoCertame.HOMOLOGADO:
        certame.data_homologacao = data
        # A validade corre da homologação, pelo prazo do edital (CF art. 37, III); sem ele, não se homologa.
        certame.validade_ate = somar_meses(certame.data_homologacao, certame.validade_meses)
        motivo = f"{motivo} Válido até {data_br(certame.validade_ate)}."
    certame.estado = seguinte
    auditar(certame, usuario, motivo)
    certame.save()
    tipo = ATO_DA_ETAPA[seguinte]
    ato_registrar(certame, tipo, data=data, usuario=usuario, publicacao=publicacao,
                  fundamento=fundamento_da_etapa(certame, tipo))
    return certame


@transaction.atomic
def certame_prorrogar(*, certame: Certame, ato: str, data: date, usuario) -> Certame:
    """Prorroga a validade uma vez, por igual período (CF art. 37, III), por ato publicado dentro da validade."""
    certame = Certame.objects.select_for_update(of=("self",)).get(pk=certame.pk)
    if certame.estado != EstadoCertame.HOMOLOGADO or not certame.validade_ate or not certame.validade_meses:
        raise ErroOperacao("Só se prorroga a validade de um certame homologado com o prazo do edital informado.")
    if certame.prorrogado_ate:
        raise ErroOperacao(f"A validade já foi prorrogada até {data_br(certame.prorrogado_ate)}: a Constituição "
                           "admite uma prorrogação só (art. 37, III).")
    if data > certame.validade_ate:
        raise ErroOperacao(f"A validade terminou em {data_br(certame.validade_ate)}: a prorrogação tem de ser feita "
                           "dentro dela (Constituição Federal, art. 37, III).")
    if not ato.strip():
        raise ErroOperacao("Informe o ato da prorrogação (p. ex. «Decreto nº 10/2026»).")
    certame.prorrogado_ate = somar_meses(certame.validade_ate, certame.validade_meses)
    auditar(certame, usuario, f"Validade prorrogada até {data_br(certame.prorrogado_ate)} ({ato.strip()}).")
    certame.save(update_fields=["prorrogado_ate"])
    ato_registrar(certame, TipoAto.PRORROGACAO, data=data, usuario=usuario, publicacao=ato,
                  fundamento=f"{fundamento_da_etapa(certame, TipoAto.PRORROGACAO)}: até "
                             f"{data_br(certame.prorrogado_ate)}")
    return certame


def fora_da_validade(certame: Certame, data: date) -> bool:
    fim = certame.fim_da_validade
    return bool(fim and data > fim)


def exigir_validade(certame: Certame, data: date) -> None:
    """Nenhuma nomeação depois do fim da validade (CF art. 37, III; p. ex. Vargem Alta art. 2º, § 2º, e Iúna art. 3º,
    § 2º, falam das vagas «durante o prazo de validade»)."""
    if fora_da_validade(certame, data):
        raise ErroOperacao(f"O prazo de validade do certame terminou em {data_br(certame.fim_da_validade)}: não há "
                           "chamada depois dele (Constituição Federal, art. 37, III).")

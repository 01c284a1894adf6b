"""A guarda dos dados pessoais e o seu fim (LGPD art. 15, I, e art. 16), rodada todo dia pela fila de tarefas.

1. Os arquivos da banca saem do armazenamento depois de usados (fica o SHA-256 na importação, que identifica o
   arquivo; os valores das células com erro também saem da lista de erros).
2. Os candidatos dos certames cuja guarda acabou (fim da validade, com a prorrogação, mais os anos da tabela de
   temporalidade do órgão: `Orgao.retencao_anos`) são anonimizados: ficam o nome (e o nome social, que as listas
   publicadas mostram no lugar dele) e o CPF mascarado, como nas listas publicadas; saem o CPF, o nascimento, o
   gênero, a cor ou raça, a deficiência e os contatos, e a autodeclaração das inscrições (o histórico das
   inscrições não a guarda). Quem ainda tem inscrição num certame dentro da guarda não é tocado. O cadastro sem
   inscrição nenhuma, que nenhum certame alcança, é anonimizado do mesmo jeito quando a guarda do seu órgão,
   contada da criação do cadastro, acaba.
3. Os resultados das tarefas terminadas há mais de `RETENCAO_TAREFAS_DIAS` saem da fila, e os arquivos das
   exportações vencidas, do armazenamento.
4. O PDF guardado de um relatório do titular (art. 18) sai do armazenamento `RETENCAO_RELATORIO_TITULAR_DIAS`
   depois da emissão: traz o cadastro inteiro da pessoa, e a finalidade acaba com a entrega. Fica o registro da
   emissão, com o SHA-256, e a página de verificação continua a reconhecer o PDF entregue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import CharField, Exists, F, OuterRef, Value
from django.db.models.functions import Cast, Concat, Substr
from django.utils import timezone

from concursos.documentos import TIPO_RELATORIO_TITULAR
from concursos.models import Candidato, Certame, EstadoImportacao, Genero, Importacao, Inscricao
from concursos.services.inscricao import autodeclaracoes_apagar
from documentos.models import DocumentoEmitido, TarefaEmSegundoPlano
from nucleo import retencao
from nucleo.arquivos import sha256_do_arquivo
from nucleo.models import Orgao


@dataclass
class Resumo:
    arquivos_apagados: int = 0
    certames_vencidos: int = 0
    anonimizados: dict[str, int] = field(default_factory=dict)
    sem_inscricao_anonimizados: int = 0
    tarefas_apagadas: int = 0
    relatorios_apagados: int = 0

    def __str__(self) -> str:
        anonimizados = ", ".join(f"{n} {nome}" for nome, n in self.anonimizados.items()) or "nada"
        return (f"Arquivos da banca apagados: {self.arquivos_apagados}. Certames com a guarda vencida: "
                f"{self.certames_vencidos}; anonimizados: {anonimizados}. Cadastros sem inscrição anonimizados: "
                f"{self.sem_inscricao_anonimizados}. Resultados de tarefas apagados: "
                f"{self.tarefas_apagadas}. PDFs de relatórios do titular apagados: {self.relatorios_apagados}.")


def _somar_anos(dia: date, anos: int) -> date:
    try:
        return dia.replace(year=dia.year + anos)
    except ValueError:  # 29 de fevereiro
        return dia.replace(year=dia.year + anos, day=28)


def fim_da_guarda(certame: Certame) -> date | None:
    fim = certame.prorrogado_ate or certame.validade_ate
    if fim is None:
        return None
    return _somar_anos(fim, certame.orgao.retencao_anos)


def certames_vencidos(hoje: date) -> list[int]:
    certames = Certame.objects.select_related("orgao").exclude(validade_ate=None, prorrogado_ate=None)
    return [c.pk for c in certames if (fim := fim_da_guarda(c)) is not None and fim < hoje]


def _sha256(importacao: Importacao) -> str:
    with importacao.arquivo.open("rb") as arquivo:
        return sha256_do_arquivo(arquivo)


def apagar_arquivos_usados(agora) -> int:
    """Os arquivos das importações gravadas ou recusadas; das que falharam, depois de alguns dias (para tentar de
    novo); das validações não confirmadas, depois de alguns dias, com a validação vencida."""
    dias = timedelta(days=settings.RETENCAO_ARQUIVOS_DIAS)
    usados = Importacao.objects.exclude(arquivo="").filter(
        estado__in=[EstadoImportacao.CONCLUIDA, EstadoImportacao.COM_ERROS, EstadoImportacao.FALHOU])
    apagados = 0
    for importacao in usados.only("pk", "arquivo", "estado", "simulacao", "concluida_em", "sha256", "erros",
                                  "avisos"):
        esperando = importacao.estado == EstadoImportacao.FALHOU or (
            importacao.simulacao and importacao.estado == EstadoImportacao.CONCLUIDA)
        if esperando and (importacao.concluida_em is None or importacao.concluida_em > agora - dias):
            continue
        # O aviso diz a autodeclaração no valor e no motivo (dado sensível): fica só onde estava, linha e coluna.
        mudancas = {"arquivo": "", "erros": [{k: v for k, v in erro.items() if k != "valor"}
                                             for erro in importacao.erros],
                    "avisos": [{"linha": aviso.get("linha"), "coluna": aviso.get("coluna")}
                               for aviso in importacao.avisos]}
        try:
            mudancas["sha256"] = importacao.sha256 or _sha256(importacao)
        except OSError:
            mudancas["sha256"] = importacao.sha256
        if importacao.simulacao and importacao.estado == EstadoImportacao.CONCLUIDA:
            mudancas |= {"estado": EstadoImportacao.FALHOU, "resumo": (
                f"A validação não foi confirmada em {settings.RETENCAO_ARQUIVOS_DIAS} dias e o arquivo foi apagado "
                "(guarda dos arquivos da banca). Envie o arquivo de novo para importar.")}
        Importacao.objects.filter(pk=importacao.pk).update(**mudancas)
        importacao.arquivo.storage.delete(importacao.arquivo.name)
        apagados += 1
    return apagados


def anonimizar_candidatos(certames: list[int]) -> int:
    """Os candidatos só com inscrições em certames vencidos, e a autodeclaração dessas inscrições."""
    if not certames:
        return 0
    inscricoes = Inscricao.objects.filter(certame_id__in=certames)
    ainda_guardados = Inscricao.objects.exclude(certame_id__in=certames).values("candidato_id")
    candidatos = (Candidato.objects.filter(pk__in=inscricoes.values("candidato_id"), anonimizado_em=None)
                  .exclude(pk__in=ainda_guardados))
    with transaction.atomic():
        total = _anonimizar(candidatos)
        autodeclaracoes_apagar(inscricoes=inscricoes)
    return total


def anonimizar_sem_inscricao(hoje: date) -> int:
    """Os cadastros sem inscrição nenhuma criados antes de `hoje` menos os anos da guarda do seu órgão."""
    sem_inscricao = Candidato.objects.filter(~Exists(Inscricao.objects.filter(candidato_id=OuterRef("pk"))),
                                             anonimizado_em=None)
    return sum(_anonimizar(sem_inscricao.filter(orgao=orgao,
                                                criado_em__date__lt=_somar_anos(hoje, -orgao.retencao_anos)))
               # Sem o município que o gerente dos órgãos junta (nucleo/models.py): aqui só a guarda importa.
               for orgao in Orgao.objects.select_related(None).only("pk", "retencao_anos"))


def _anonimizar(candidatos) -> int:
    return candidatos.update(
        cpf=Concat(Value("***"), Substr("cpf", 4, 6), Value("**#"), Cast(F("pk"), CharField())),
        data_nascimento=None, genero=Genero.NAO_INFORMADO, cor_raca="", quilombola=False, pcd=False, email="",
        telefone="", anonimizado_em=timezone.now())


def apagar_tarefas_terminadas(agora) -> int:
    limite = agora - timedelta(days=settings.RETENCAO_TAREFAS_DIAS)
    apagadas, _ = TarefaEmSegundoPlano.objects.filter(finished_at__lt=limite).delete()
    return apagadas


def apagar_relatorios_do_titular(agora) -> int:
    """Os PDFs dos relatórios do titular emitidos há mais de RETENCAO_RELATORIO_TITULAR_DIAS; o registro fica."""
    limite = agora - timedelta(days=settings.RETENCAO_RELATORIO_TITULAR_DIAS)
    vencidos = DocumentoEmitido.objects.filter(tipo=TIPO_RELATORIO_TITULAR, emitido_em__lt=limite)
    apagados = 0
    for documento in vencidos.exclude(arquivo="").only("pk", "arquivo"):
        DocumentoEmitido.objects.filter(pk=documento.pk).update(arquivo="")
        documento.arquivo.storage.delete(documento.arquivo.name)
        # As versões assinadas trazem o PDF inteiro: saem junto.
        for assinatura in documento.assinaturas.exclude(arquivo="").only("pk", "arquivo"):
            type(assinatura).objects.filter(pk=assinatura.pk).update(arquivo="")
            assinatura.arquivo.storage.delete(assinatura.arquivo.name)
        apagados += 1
    return apagados


def aplicar_retencao(hoje: date | None = None) -> Resumo:
    agora = timezone.now()
    hoje = hoje or timezone.localdate()
    vencidos = certames_vencidos(hoje)
    from concursos.exportacao.geracao import apagar_vencidas

    apagar_vencidas()
    return Resumo(arquivos_apagados=apagar_arquivos_usados(agora), certames_vencidos=len(vencidos),
                  anonimizados=retencao.anonimizar(vencidos),
                  sem_inscricao_anonimizados=anonimizar_sem_inscricao(hoje),
                  tarefas_apagadas=apagar_tarefas_terminadas(agora),
                  relatorios_apagados=apagar_relatorios_do_titular(agora))

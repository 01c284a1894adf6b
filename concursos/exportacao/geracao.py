"""Exportações grandes do admin (1.000.000 de inscrições), geradas pela fila de tarefas e gravadas aos poucos.

Até `LIMITE_NA_HORA` linhas a exportação sai na própria requisição, pelo django-import-export. Acima disso, o
pedido vira uma `concursos.Exportacao` e a tarefa `concursos.tarefas.gerar_exportacao` a executa: refaz a
consulta da lista com o mesmo usuário e os mesmos filtros (as permissões são conferidas de novo, no processo da
fila), passa cada linha pelo mesmo Resource da exportação imediata (os mesmos cabeçalhos e valores, o CPF
mascarado da versão de publicação) e grava o arquivo em fluxo — CSV, TSV e XLSX linha a linha, sem montar a
planilha inteira na memória, cada célula neutralizada como na exportação imediata
(concursos/exportacao/formatos_seguros.py) —, anotando o andamento para a página de progresso.
"""

from __future__ import annotations

import csv
import io
import tempfile
from datetime import timedelta

from django.apps import apps
from django.contrib import admin
from django.core.files import File
from django.http import HttpRequest, QueryDict
from django.utils import timezone
from django.utils.text import slugify

from concursos.exportacao.formatos_seguros import neutralizar_linha
from concursos.models import EstadoExportacao, Exportacao

# Até aqui a exportação cabe numa requisição (alguns segundos); acima, vai para a fila.
LIMITE_NA_HORA = 20_000
# De quantas em quantas linhas o andamento é gravado (uma atualização por lote, não por linha).
PASSO_PROGRESSO = 5_000
# Os arquivos trazem dados pessoais: ficam disponíveis por uma semana e depois são apagados (LGPD art. 15 e 16).
DIAS_GUARDADA = 7
DELIMITADORES = {"CSV": ";", "TSV": "\t"}


class ExportacaoRecusada(Exception):
    """O pedido não vale mais (p. ex. a permissão foi retirada); a mensagem, em português, diz por quê."""


class FiltroInvalido(ExportacaoRecusada):
    """Os filtros do endereço não são os da lista (um campo que não existe, um valor do tipo errado)."""

    def __init__(self):
        super().__init__("Os filtros do endereço não correspondem aos da lista (um campo que não existe ou um valor "
                         "inválido). Volte à lista, escolha os filtros por lá e peça a exportação de novo.")


def requisicao_da_lista(exportacao: Exportacao) -> HttpRequest:
    """Uma requisição como a da lista de onde o pedido partiu: o mesmo usuário, os mesmos filtros e a mesma busca."""
    requisicao = HttpRequest()
    requisicao.method = "GET"
    requisicao.GET = QueryDict(exportacao.filtros)
    requisicao.user = exportacao.criada_por
    return requisicao


def admin_do_modelo(exportacao: Exportacao):
    return admin.site.get_model_admin(apps.get_model(exportacao.modelo))


def recurso_e_formato(model_admin, requisicao: HttpRequest, exportacao: Exportacao):
    """O Resource e o formato pedidos, se quem pediu ainda pode usá-los (a permissão pode ter mudado na fila)."""
    if not model_admin.has_export_permission(requisicao) or not model_admin.has_view_permission(requisicao):
        raise ExportacaoRecusada("Quem pediu a exportação não tem mais permissão de exportar esta lista.")
    recursos = {r.__name__: r for r in model_admin.get_export_resource_classes(requisicao)}
    if exportacao.recurso not in recursos:
        raise ExportacaoRecusada("Quem pediu a exportação não tem mais permissão para esta versão do arquivo "
                                 "(p. ex. a dos dados sensíveis).")
    formatos = {f.__name__: f for f in model_admin.get_export_formats()}
    if exportacao.formato not in formatos:
        raise ExportacaoRecusada(f"O formato {exportacao.formato} não está disponível.")
    recurso = recursos[exportacao.recurso](**model_admin.get_export_resource_kwargs(requisicao))
    return recurso, formatos[exportacao.formato]()


def nome_do_arquivo(model_admin, formato, consulta) -> str:
    """O que o arquivo é, de quem e de quando: «inscricoes-edital-001-2026-prefeitura-de-ubatuba-2026-12-01.csv»
    (o edital e o órgão quando a lista é de um certame só; ModelAdmin.partes_do_nome_da_exportacao)."""
    partes = [str(model_admin.opts.verbose_name_plural), *model_admin.partes_do_nome_da_exportacao(consulta)]
    nome = "-".join(slugify(parte.replace("/", "-")) for parte in partes)
    return f"{nome}-{timezone.localdate():%Y-%m-%d}.{formato.get_extension()}"


def gerar(exportacao: Exportacao) -> Exportacao:
    """Gera o arquivo de uma exportação pedida; em caso de erro, a exportação fica «Falhou», com o motivo."""
    exportacao.sinalizar(estado=EstadoExportacao.GERANDO)
    try:
        model_admin = admin_do_modelo(exportacao)
        requisicao = requisicao_da_lista(exportacao)
        recurso, formato = recurso_e_formato(model_admin, requisicao, exportacao)
        consulta = recurso.filter_export(model_admin.get_export_queryset(requisicao))
        exportacao.total_linhas = consulta.count()
        exportacao.save(update_fields=["total_linhas"])
        with tempfile.TemporaryFile() as destino:
            _escrever(destino, recurso, formato, consulta, exportacao)
            destino.seek(0)
            exportacao.nome_arquivo = nome_do_arquivo(model_admin, formato, consulta)
            exportacao.arquivo.save(exportacao.nome_arquivo, File(destino), save=False)
    except ExportacaoRecusada as erro:
        return _falhou(exportacao, str(erro))
    except Exception:
        _falhou(exportacao, "Erro inesperado ao gerar o arquivo; tente de novo ou avise o suporte.")
        raise
    exportacao.estado = EstadoExportacao.PRONTA
    exportacao.linhas_processadas = exportacao.total_linhas
    exportacao.concluida_em = timezone.now()
    exportacao.save(update_fields=["estado", "linhas_processadas", "concluida_em", "arquivo", "nome_arquivo"])
    return exportacao


def _falhou(exportacao: Exportacao, motivo: str) -> Exportacao:
    exportacao.estado = EstadoExportacao.FALHOU
    exportacao.erro = motivo
    exportacao.concluida_em = timezone.now()
    exportacao.save(update_fields=["estado", "erro", "concluida_em"])
    return exportacao


def _linhas(recurso, consulta, exportacao: Exportacao, *, nativos: bool):
    """Cada linha como a exportação imediata a escreveria (mesmo Resource, mesmos campos), anotando o andamento.

    É o `export_resource` do django-import-export com a lista de campos resolvida uma vez, não a cada linha.
    """
    campos = recurso.get_export_fields(exportacao.campos or None)
    for n, objeto in enumerate(recurso.iter_queryset(consulta), 1):
        yield [recurso.export_field(campo, objeto, force_native_type=nativos) for campo in campos]
        if n % PASSO_PROGRESSO == 0:
            exportacao.sinalizar(linhas_processadas=n)


def _escrever(destino, recurso, formato, consulta, exportacao: Exportacao) -> None:
    cabecalho = recurso.get_export_headers(selected_fields=exportacao.campos or None)
    nome = type(formato).__name__
    if nome in DELIMITADORES:
        # O mesmo dialeto da exportação imediata («;» ou tabulação, fim de linha \r\n), em UTF-8 com BOM
        # (concursos/exportacao/formatos_seguros.py).
        texto = io.TextIOWrapper(destino, encoding="utf-8-sig", newline="")
        escritor = csv.writer(texto, delimiter=DELIMITADORES[nome])
        escritor.writerow(neutralizar_linha(cabecalho))
        escritor.writerows(map(neutralizar_linha, _linhas(recurso, consulta, exportacao, nativos=False)))
        texto.flush()
        texto.detach()  # o arquivo continua aberto para a gravação no armazenamento
    elif nome == "XLSX":
        _escrever_xlsx(destino, cabecalho, _linhas(recurso, consulta, exportacao, nativos=True),
                       str(recurso._meta.model._meta.verbose_name_plural))
    else:
        # JSON, HTML: o django-import-export monta o arquivo inteiro na memória; servem para listas menores.
        dados = recurso.export(queryset=consulta, export_fields=exportacao.campos or None,
                               force_native_type=formato.is_binary())
        conteudo = formato.export_data(dados)
        destino.write(conteudo if isinstance(conteudo, bytes) else conteudo.encode("utf-8"))


def _escrever_xlsx(destino, cabecalho, linhas, titulo: str) -> None:
    # Modo «write_only» do openpyxl: cada linha vai para o disco ao ser escrita (um milhão de linhas não cabe
    # numa planilha montada na memória). Cabeçalho em negrito e congelado, como no XLSX da exportação imediata.
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    livro = Workbook(write_only=True)
    planilha = livro.create_sheet(title=titulo[:31])
    planilha.freeze_panes = "A2"
    negrito = Font(bold=True)
    celulas = []
    for rotulo in neutralizar_linha(cabecalho):
        celula = WriteOnlyCell(planilha, value=rotulo)
        celula.font = negrito
        celulas.append(celula)
    planilha.append(celulas)
    for linha in linhas:
        planilha.append(neutralizar_linha(linha))
    livro.save(destino)


def apagar_vencidas() -> int:
    """Apaga as exportações (e os arquivos) com mais de DIAS_GUARDADA dias; devolve quantas."""
    vencidas = Exportacao.objects.filter(criada_em__lt=timezone.now() - timedelta(days=DIAS_GUARDADA))
    for exportacao in vencidas:
        if exportacao.arquivo:
            exportacao.arquivo.delete(save=False)
    return vencidas.delete()[0]

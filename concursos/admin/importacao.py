"""Telas de importação do admin: envio do arquivo da banca, validação com prévia, confirmação e progresso. Publicado o
resultado, o envio pede o ato da retificação do resultado, e a prévia diz quem deixaria cada posição e quem entraria.

Fluxo: o usuário envia o CSV ou XLSX → nasce uma Importacao (só validar) → a validação roda (na hora,
se o arquivo é pequeno; em segundo plano, pela fila do django-tasks, se é grande) → a página da
importação mostra a prévia, as contagens e todos os erros (linha, coluna, valor, motivo) → o usuário
confirma → a gravação roda, tudo ou nada. A página da importação se atualiza sozinha enquanto algo
roda e pode ser deixada e revisitada: o estado fica no registro da Importacao.
"""

from __future__ import annotations

import csv
from datetime import timedelta
from functools import wraps

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.http import content_disposition_header

from concursos.admin.comum import CAMPOS_SENSIVEIS_INSCRICAO, pode_ver_sensiveis
from concursos.importacao.acompanhamento import executar_importacao
from concursos.importacao.leiaute import COLUNAS_DOCUMENTO, leiaute_do_certame
from concursos.importacao.leitura import contar_linhas, ler_previa
from concursos.importacao.modelo import MODELOS, modelo_csv, modelo_xlsx, nome_do_arquivo
from concursos.models import Certame, EstadoCertame, EstadoImportacao, Importacao
from concursos.recuperacao import marcar_paradas, processo_da_fila_parado, reabrir_importacao
from documentos.envios import conferir_csv, conferir_tamanho, conferir_xlsx, limite_em_fluxo
from nucleo.acessos import TipoAcesso, registrar_acesso_na_requisicao
from nucleo.orgaos import recortar
from nucleo.planilhas import celula_segura
from nucleo.texto import milhar

PERMISSAO = "concursos.add_inscricao"
# Até aqui a validação e a gravação rodam dentro da própria requisição (alguns segundos, no máximo);
# acima, vão para a fila e a página acompanha o progresso.
LIMITE_NA_HORA = 5_000
ERROS_NA_PAGINA = 500
# O documento apresentado para a reserva diz a etnia declarada: na prévia, como a autodeclaração.
SENSIVEIS_NA_PREVIA = (*CAMPOS_SENSIVEIS_INSCRICAO, *COLUNAS_DOCUMENTO)
EM_ANDAMENTO = (EstadoImportacao.PENDENTE, EstadoImportacao.VALIDANDO, EstadoImportacao.GRAVANDO)


class FormularioEnvio(forms.Form):
    arquivo = forms.FileField(
        label="Arquivo da banca",
        help_text="CSV (UTF-8, separado por vírgula ou ponto e vírgula) ou planilha XLSX, com o cabeçalho na "
                  "primeira linha.")

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if not arquivo.name.lower().endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError("Envie um arquivo .csv ou .xlsx (a planilha .xls antiga não é aceita: "
                                        "salve como .xlsx).")
        conferir_tamanho(arquivo, "importacao")
        if arquivo.name.lower().endswith(".xlsx"):
            conferir_xlsx(arquivo)
        else:
            conferir_csv(arquivo)
        return arquivo


# Publicado o resultado, o arquivo com nota, classificação ou situação o retifica: um ato, com o número, a data e o
# motivo (decisão 0012). Opcionais no formulário (um arquivo só com o nome e o contato da pessoa não retifica nada);
# a validação recusa o arquivo de resultado que chega sem eles.
CAMPOS_RETIFICACAO = ("ato_retificacao", "data_retificacao", "motivo_retificacao")


class FormularioRetificacao(FormularioEnvio):
    ato_retificacao = forms.CharField(
        label="Ato da retificação", max_length=200, required=False, widget=forms.TextInput(attrs={"size": 50}),
        help_text="O ato publicado que retifica o resultado: p. ex. «Edital nº 3/2026 — retificação do resultado».")
    data_retificacao = forms.DateField(label="Data do ato", required=False, help_text="dd/mm/aaaa",
                                       widget=forms.DateInput(attrs={"placeholder": "dd/mm/aaaa", "size": 10}))
    motivo_retificacao = forms.CharField(
        label="Motivo da retificação", max_length=2000, required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="P. ex. «recursos da prova discursiva acolhidos pela banca». Fica registrado com o ato.")

    def clean(self):
        dados = super().clean()
        if any(dados.get(c) for c in CAMPOS_RETIFICACAO):
            for campo in CAMPOS_RETIFICACAO:
                if not dados.get(campo) and campo not in self.errors:
                    self.add_error(campo, "A retificação é um ato: informe o ato, a data e o motivo.")
        return dados


def _com_permissao(view):
    @wraps(view)
    def verificada(request, *args, **kwargs):
        if not request.user.has_perm(PERMISSAO):
            raise PermissionDenied
        return view(request, *args, **kwargs)
    return verificada


def iniciar(importacao: Importacao) -> None:
    """Roda a validação ou a gravação na hora (arquivo pequeno) ou a põe na fila (arquivo grande)."""
    if importacao.total_linhas is not None and importacao.total_linhas <= LIMITE_NA_HORA:
        executar_importacao(importacao, acompanhar=False)
    else:
        from concursos.tarefas import processar_importacao

        processar_importacao.enqueue(importacao.pk)


def _contexto(request, admin_site, certame: Certame, titulo: str, **extra) -> dict:
    return {
        **admin_site.each_context(request),
        "title": titulo,
        "certame": certame,
        "opts": Certame._meta,
        "app_label": Certame._meta.app_label,
        **extra,
    }


@limite_em_fluxo("importacao")
def enviar(request, certame_id: int, *, admin_site):
    certame = get_object_or_404(recortar(Certame.objects.all(), request.user, "orgao"), pk=certame_id)
    retificacao = certame.alcancou(EstadoCertame.RESULTADO)
    formulario = (FormularioRetificacao if retificacao else FormularioEnvio)(request.POST or None,
                                                                             request.FILES or None)
    if request.method == "POST" and formulario.is_valid():
        enviado = formulario.cleaned_data["arquivo"]
        importacao = Importacao(certame=certame, nome_original=enviado.name[:255], simulacao=True,
                                criada_por=request.user, total_linhas=contar_linhas(enviado, enviado.name),
                                **{c: formulario.cleaned_data[c] for c in CAMPOS_RETIFICACAO if retificacao})
        importacao.arquivo.save(enviado.name, enviado, save=False)
        importacao.save()
        iniciar(importacao)
        return redirect("admin:concursos_importacao_progresso", importacao_id=importacao.pk)
    marcar_paradas()
    recentes = certame.importacoes.select_related("criada_por")[:10]
    return render(request, "admin/concursos/importacao/enviar.html", _contexto(
        request, admin_site, certame, f"Importar arquivo da banca — edital {certame.numero_edital}",
        formulario=formulario, recentes=recentes, leiaute=leiaute_do_certame(certame.exigencias_documentais()),
        modelos=MODELOS.values(),
        limite_na_hora=milhar(LIMITE_NA_HORA),
        travado=certame.inscricoes_travadas, artigo_travado=certame.citar("artigo_autodeclaracao"),
        retificacao=retificacao))


def progresso(request, importacao_id: int, *, admin_site):
    marcar_paradas()
    importacao = get_object_or_404(recortar(Importacao.objects.select_related("certame", "criada_por"),
                                             request.user, "certame__orgao"), pk=importacao_id)
    certame = importacao.certame
    if request.method == "POST" and "confirmar" in request.POST:
        return _confirmar(request, importacao)
    if request.method == "POST" and "refazer" in request.POST:
        return _refazer(request, importacao)
    if request.GET.get("erros") == "csv":
        return _erros_csv(importacao)
    em_andamento = importacao.estado in EM_ANDAMENTO
    validada = importacao.simulacao and importacao.estado == EstadoImportacao.CONCLUIDA
    colunas, previa = [], []
    # Sem o arquivo (a guarda já o apagou, concursos/retencao.py), sem prévia.
    if importacao.arquivo and (validada or importacao.estado == EstadoImportacao.COM_ERROS):
        try:
            with importacao.arquivo.open("rb") as arquivo:
                colunas, linhas = ler_previa(arquivo, importacao.nome_original)
            colunas = [c for c in colunas if c not in SENSIVEIS_NA_PREVIA or pode_ver_sensiveis(request)]
            previa = [(linha["linha"], [linha[c] for c in colunas]) for linha in linhas]
            if previa and set(colunas) & set(SENSIVEIS_NA_PREVIA):
                registrar_acesso_na_requisicao(
                    request, tipo=TipoAcesso.PREVIA, descricao=f"Prévia da importação {importacao.nome_original}",
                    quantidade=len(previa), orgao_id=importacao.certame.orgao_id, objeto=importacao)
        except OSError:
            pass  # o arquivo pode ter sido removido do armazenamento; a prévia é só conveniência
    # O aviso diz a autodeclaração da linha: dado sensível, só para quem o vê, com o acesso registrado.
    avisos = importacao.avisos if pode_ver_sensiveis(request) else []
    if avisos:
        registrar_acesso_na_requisicao(
            request, tipo=TipoAcesso.PREVIA, descricao=f"Avisos da importação {importacao.nome_original}",
            quantidade=len(avisos), orgao_id=importacao.certame.orgao_id, objeto=importacao)
    parada = (importacao.estado == EstadoImportacao.PENDENTE
              and timezone.now() - importacao.criada_em > timedelta(seconds=30))
    # O comando do processo da fila é assunto do administrador, e só quando a fila de fato parou.
    fila_parada = parada and request.user.is_superuser and processo_da_fila_parado(importacao.criada_em)
    return render(request, "admin/concursos/importacao/progresso.html", _contexto(
        request, admin_site, certame, f"Importação de «{importacao.nome_original}»",
        importacao=importacao, em_andamento=em_andamento, validada=validada,
        retificacao=importacao.efeitos is not None,
        gravada=not importacao.simulacao and importacao.estado == EstadoImportacao.CONCLUIDA,
        colunas=colunas, previa=previa, erros=importacao.erros[:ERROS_NA_PAGINA],
        mais_erros=max(0, len(importacao.erros) - ERROS_NA_PAGINA), parada=parada, fila_parada=fila_parada,
        avisos=avisos, avisos_ocultos=len(importacao.avisos) - len(avisos),
        minutos_sem_sinal=settings.TAREFAS_SEM_SINAL_MINUTOS,
        processadas=milhar(importacao.linhas_processadas),
        total=milhar(importacao.total_linhas) if importacao.total_linhas is not None else None))


def _confirmar(request, importacao: Importacao):
    # Só a primeira confirmação vale: dois cliques (ou duas abas) não gravam o arquivo duas vezes.
    confirmadas = Importacao.objects.filter(
        pk=importacao.pk, simulacao=True, estado=EstadoImportacao.CONCLUIDA,
    ).update(simulacao=False, estado=EstadoImportacao.PENDENTE, linhas_processadas=0, concluida_em=None)
    if confirmadas:
        importacao.refresh_from_db()
        iniciar(importacao)
        importacao.refresh_from_db()
        if importacao.estado == EstadoImportacao.CONCLUIDA:
            messages.success(request, "Importação gravada.")
        elif importacao.estado in EM_ANDAMENTO:
            messages.info(request, "A gravação está em andamento; esta página se atualiza sozinha e pode ser "
                                   "fechada e reaberta.")
    else:
        messages.warning(request, "Esta importação não está aguardando confirmação (já foi confirmada ou tem "
                                  "erros).")
    return redirect("admin:concursos_importacao_progresso", importacao_id=importacao.pk)


def _refazer(request, importacao: Importacao):
    # Como na confirmação, só o primeiro pedido vale: dois cliques não processam o arquivo duas vezes.
    if reabrir_importacao(importacao):
        iniciar(importacao)
        messages.info(request, "A importação foi enviada de novo para processamento.")
    else:
        messages.warning(request, "Esta importação não pode ser refeita: já foi refeita, ainda está em andamento ou o "
                                  "arquivo já foi apagado pela guarda dos dados (envie-o de novo).")
    return redirect("admin:concursos_importacao_progresso", importacao_id=importacao.pk)


def _erros_csv(importacao: Importacao) -> HttpResponse:
    resposta = HttpResponse(content_type="text/csv; charset=utf-8")
    resposta["Content-Disposition"] = f'attachment; filename="erros-importacao-{importacao.pk}.csv"'
    resposta.write("\ufeff")  # BOM: o Excel abre o UTF-8 com acentos
    escritor = csv.writer(resposta, delimiter=";")
    escritor.writerow(["linha", "coluna", "valor", "motivo"])
    # O valor vem do arquivo da banca: «=HYPERLINK(…)» num nome não pode virar fórmula no Excel de quem baixa.
    for erro in importacao.erros:
        escritor.writerow([celula_segura(erro.get(campo)) for campo in ("linha", "coluna", "valor", "motivo")])
    return resposta


def modelo(request, certame_id: int, tipo: str, formato: str, *, admin_site):
    certame = get_object_or_404(recortar(Certame.objects.all(), request.user, "orgao"), pk=certame_id)
    escolhido = MODELOS.get(tipo)
    if escolhido is None or formato not in ("csv", "xlsx"):
        raise Http404("Modelo desconhecido.")
    conteudo = modelo_csv(certame, escolhido) if formato == "csv" else modelo_xlsx(certame, escolhido)
    return resposta_do_modelo(conteudo, formato, nome_do_arquivo(certame, escolhido, formato))


def resposta_do_modelo(conteudo: bytes, formato: str, nome: str) -> HttpResponse:
    """Um modelo para baixar (CSV ou XLSX), como anexo com o nome que diz o que é."""
    resposta = HttpResponse(conteudo, content_type="text/csv; charset=utf-8" if formato == "csv" else
                            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    resposta["Content-Disposition"] = content_disposition_header(True, nome)
    return resposta


def urls(admin_site) -> list:
    def view(funcao):
        @wraps(funcao)
        def chamada(request, *args, **kwargs):
            return funcao(request, *args, admin_site=admin_site, **kwargs)
        return admin_site.admin_view(_com_permissao(chamada))

    return [
        path("certame/<int:certame_id>/importar/", view(enviar), name="concursos_certame_importar"),
        path("importacao/<int:importacao_id>/", view(progresso), name="concursos_importacao_progresso"),
        path("certame/<int:certame_id>/importar/modelo-<str:tipo>.<str:formato>", view(modelo),
             name="concursos_certame_importar_modelo"),
    ]

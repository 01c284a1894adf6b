"""python manage.py importar_inscricoes CERTAME ARQUIVO [--dry-run] [--ato ATO --data-do-ato DATA --motivo MOTIVO]: o
arquivo da banca, tudo ou nada; publicado o resultado, o arquivo com colunas de resultado o retifica e precisa do ato
(decisão 0012)."""

from __future__ import annotations

import logging
from datetime import date, datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from concursos.importacao import falhas
from concursos.importacao.retificacao_do_resultado import AtoDaRetificacao
from concursos.importacao.servico import ErroGravacao, importar
from concursos.models import Certame
from nucleo.texto import milhar, plural

logger = logging.getLogger(__name__)


def achar_certame(referencia: str) -> Certame:
    """Pelo id ou pelo número do edital (que só é único por órgão: se houver mais de um, pede o id)."""
    if referencia.isdigit():
        certame = Certame.objects.filter(pk=int(referencia)).first()
        if certame is not None:
            return certame
    certames = list(Certame.objects.filter(numero_edital=referencia).select_related("orgao")[:10])
    if not certames:
        raise CommandError(f"Certame «{referencia}» não encontrado (informe o id ou o número do edital).")
    if len(certames) > 1:
        opcoes = "; ".join(f"id {c.pk}: {c} ({c.orgao})" for c in certames)
        raise CommandError(f"Há mais de um certame com o edital «{referencia}»; informe o id. {opcoes}")
    return certames[0]


def _data(texto: str) -> date:
    try:
        return datetime.strptime(texto, "%d/%m/%Y").date()
    except ValueError as exc:
        raise CommandError(f"Data inválida: «{texto}» (use dd/mm/aaaa).") from exc


class Command(BaseCommand):
    # O comando só lê o arquivo e grava dados: as verificações do sistema (admin, modelos) ficam para o
    # `manage.py check` da CI, e não somam ~0,05 s a cada importação.
    requires_system_checks = []
    help = ("Importa o arquivo da banca (CSV UTF-8 com vírgula ou ponto e vírgula, ou XLSX) para um certame: "
            "inscrições (cria ou atualiza candidatos e inscrições) ou só resultados. Valida tudo antes; com "
            "qualquer erro, lista todos e não grava nada. Leiaute em docs/importacao.md.")

    def add_arguments(self, parser):
        parser.add_argument("certame", help="id do certame ou número do edital (p. ex. 001/2025)")
        parser.add_argument("arquivo", help="arquivo .csv ou .xlsx")
        parser.add_argument("--dry-run", action="store_true", help="só valida e mostra o que faria; não grava")
        parser.add_argument("--ato", default="", help="publicado o resultado: o ato que o retifica (p. ex. «Edital nº "
                                                      "3/2026 — retificação do resultado»)")
        parser.add_argument("--data-do-ato", type=_data, default=None, help="a data do ato da retificação (dd/mm/aaaa)")
        parser.add_argument("--motivo", default="", help="o motivo da retificação do resultado")

    def handle(self, *args, certame: str, arquivo: str, dry_run: bool, ato: str, data_do_ato: date | None,
               motivo: str, **opcoes):
        caminho = Path(arquivo)
        if not caminho.is_file():
            raise CommandError(f"Arquivo não encontrado: {arquivo}")
        alvo = achar_certame(certame)
        try:
            resultado = importar(certame=alvo, arquivo=caminho, nome=caminho.name, gravar=not dry_run,
                                 retificacao=AtoDaRetificacao(ato, data_do_ato, motivo))
        except ErroGravacao as exc:
            raise CommandError(str(exc)) from exc
        except Exception as exc:
            # Nem a pilha nem a mensagem na tela: a mensagem de uma exceção pode trazer dados do arquivo.
            falhas.registrar(logger, "Falha inesperada na importação pela linha de comando:", exc=exc)
            raise CommandError("Falha inesperada ao processar o arquivo; nada foi gravado. O tipo do erro e onde "
                               "ele ocorreu ficaram no log do servidor.") from exc
        if resultado.erros:
            for erro in resultado.erros:
                self.stderr.write(str(erro))
            restantes = resultado.total_erros - len(resultado.erros)
            if restantes > 0:
                self.stderr.write(f"… e mais {plural(restantes, 'erro não listado', 'erros não listados')}.")
            raise CommandError(f"O arquivo tem {plural(resultado.total_erros, 'erro')} em "
                               f"{plural(resultado.linhas, 'linha lida', 'linhas lidas')}: nada foi gravado.")
        self.stdout.write(f"Certame: {alvo} (id {alvo.pk}).")
        self.stdout.write(resultado.resumo())
        for aviso in resultado.avisos:
            self.stdout.write(f"Aviso: {aviso}")
        for efeito in resultado.efeitos or ():
            self.stdout.write(f"Inscrição {efeito['sai']} eliminada: {efeito['efeito']}")
        segundos = f"{resultado.segundos:.1f}".replace(".", ",")
        self.stdout.write(f"Tempo: {segundos} s ({milhar(round(resultado.linhas_por_segundo))} linhas/s).")
        if resultado.gravado:
            self.stdout.write(f"Registro da importação: nº {resultado.importacao_id} (SHA-256 do arquivo: "
                              f"{resultado.sha256}); as inscrições criadas apontam para ele.")
        if dry_run:
            self.stdout.write("Simulação (--dry-run): o arquivo está válido e nada foi gravado.")

"""Mede a emissão do PDF «Quadro de vagas» de um certame com 200 cargos. Meta: até 3 s.

Monta um banco próprio (SQLite temporário, ou o de DATABASE_URL), aplica as migrações (que carregam as
leis), cria um certame de Vargem Alta/ES (lei vargem-alta-es-2023: 17% negros + 3% indígenas) com 200
cargos de vagas variadas (semente fixa: muitos cargos pequenos, alguns abaixo do mínimo, poucos com
centenas de vagas), publica o edital e mede `emitir_quadro` de ponta a ponta: leitura dos cargos, motor,
template, WeasyPrint, hash e gravação do PDF. Mostra o melhor tempo e a mediana de algumas rodadas, e
quanto coube a cada etapa na última.

Uso: python bench/bench_pdf_quadro.py [--cargos N] [--rodadas R] [--perfil] [--salvar ARQUIVO.pdf]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ))
META_S = 3.0
NOMES = ("Agente Administrativo", "Assistente Social", "Auxiliar de Serviços Gerais", "Enfermeiro", "Engenheiro Civil",
         "Fiscal de Tributos", "Médico Clínico Geral", "Motorista", "Operador de Máquinas Pesadas",
         "Professor de Educação Básica", "Psicólogo", "Técnico de Enfermagem", "Vigia", "Agente Comunitário de Saúde",
         "Contador", "Farmacêutico", "Nutricionista", "Odontólogo", "Procurador Municipal", "Técnico em Informática")
ESCOLARIDADES = ("1_fundamental", "2_medio", "3_tecnico", "4_superior")


def preparar_django(pasta: str):
    """Banco só do benchmark; devolve a função que o desfaz.

    Com DATABASE_URL (p. ex. PostgreSQL), cria e migra um banco de testes ao lado («test_<nome>»), apagado ao
    fim, para não deixar tabelas nem dados no banco indicado; sem ela, um SQLite na pasta temporária.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "1"
    proprio = "DATABASE_URL" in os.environ
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{pasta}/bench.sqlite3")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    if not proprio:
        call_command("migrate", verbosity=0, interactive=False)
        return lambda: None
    original = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    return lambda: connection.creation.destroy_test_db(original, verbosity=0)


def vagas_sorteadas(sorteio: random.Random) -> int:
    faixa = sorteio.random()
    if faixa < 0.55:
        return sorteio.randint(1, 5)
    if faixa < 0.88:
        return sorteio.randint(6, 30)
    if faixa < 0.98:
        return sorteio.randint(31, 120)
    return sorteio.randint(121, 400)


def criar_certame(quantidade: int):
    from django.contrib.auth import get_user_model

    from concursos.models import Cargo, Certame, Orgao
    from concursos.services import certame_publicar

    usuario, _ = get_user_model().objects.get_or_create(username="bench-pdf", defaults={"is_staff": True})
    orgao, _ = Orgao.objects.get_or_create(nome="Prefeitura Municipal de Vargem Alta", municipio="Vargem Alta",
                                           uf="ES")
    numero = f"{Certame.objects.count() + 1:03d}/2024"
    certame = Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso público para cargos efetivos",
                                     municipio="Vargem Alta", uf="ES", data_edital=date(2024, 3, 1))
    sorteio = random.Random(20240301)
    cargos = []
    for i in range(1, quantidade + 1):
        vagas = vagas_sorteadas(sorteio)
        pcd = max(1, (vagas * 5 + 50) // 100) if vagas >= 5 else 0
        nome = NOMES[i % len(NOMES)]
        cargos.append(Cargo(certame=certame, codigo=f"C{i:03d}", nome=f"{nome} {i // len(NOMES) + 1}",
                            escolaridade=ESCOLARIDADES[i % len(ESCOLARIDADES)], vagas=vagas, vagas_pcd=pcd))
    Cargo.objects.bulk_create(cargos)
    certame = certame_publicar(certame=certame, usuario=usuario)
    return certame, usuario, sum(c.vagas for c in cargos)


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--cargos", type=int, default=200)
    argumentos.add_argument("--rodadas", type=int, default=5)
    argumentos.add_argument("--perfil", action="store_true", help="mostra as funções mais custosas (cProfile)")
    argumentos.add_argument("--salvar", help="grava o PDF da última rodada neste arquivo")
    opcoes = argumentos.parse_args()
    with tempfile.TemporaryDirectory() as pasta:
        desfazer = preparar_django(pasta)
        try:
            medir(opcoes, pasta)
        finally:
            desfazer()


def medir(opcoes, pasta: str) -> None:
    from django.template.loader import render_to_string
    from django.test.utils import override_settings

    import documentos.pdf as pdf
    from concursos.documentos import contexto_quadro, emitir_quadro

    with override_settings(MEDIA_ROOT=pasta):
        certame, usuario, total_vagas = criar_certame(opcoes.cargos)
        print(f"Certame {certame.numero_edital} ({certame.lei.slug}): {opcoes.cargos} cargos, "
              f"{total_vagas} vagas.")
        emitir_quadro(certame=certame, usuario=usuario)  # aquecimento: fontes, templates, imports
        tempos = []
        documento = None
        for _ in range(opcoes.rodadas):
            inicio = time.perf_counter()
            documento = emitir_quadro(certame=certame, usuario=usuario)
            tempos.append(time.perf_counter() - inicio)
        print(f"PDF: {documento.paginas} páginas, {documento.tamanho / 1024:.0f} KiB, código {documento.codigo}")
        print(f"Emissão do quadro de vagas ({opcoes.rodadas} rodadas): melhor {min(tempos):.2f} s, "
              f"mediana {statistics.median(tempos):.2f} s (meta: {META_S:.0f} s) — "
              f"{'OK' if statistics.median(tempos) <= META_S else 'ACIMA DA META'}")

        # Etapas, medidas à parte, para saber onde está o tempo.
        inicio = time.perf_counter()
        contexto = contexto_quadro(certame)
        t_contexto = time.perf_counter() - inicio
        inicio = time.perf_counter()
        html = render_to_string("concursos/pdf/quadro_vagas.html", {**contexto, "documento": {
            "codigo": documento.codigo, "url_verificacao": documento.url_verificacao,
            "qr_code": pdf.qr_code_svg(documento.url_verificacao), "titulo": documento.titulo,
            "tipo": documento.get_tipo_display(), "emitido_em": documento.emitido_em}})
        t_html = time.perf_counter() - inicio
        inicio = time.perf_counter()
        pdf.renderizar_pdf(html)
        t_pdf = time.perf_counter() - inicio
        print(f"Etapas: contexto (banco + motor) {t_contexto * 1000:.0f} ms; template {t_html * 1000:.0f} ms "
              f"({len(html) / 1024:.0f} KiB de HTML); WeasyPrint {t_pdf * 1000:.0f} ms")
        if opcoes.salvar:
            Path(opcoes.salvar).write_bytes(documento.conteudo())
            print(f"PDF gravado em {opcoes.salvar}")
        if opcoes.perfil:
            import cProfile
            import pstats

            perfil = cProfile.Profile()
            perfil.enable()
            emitir_quadro(certame=certame, usuario=usuario)
            perfil.disable()
            pstats.Stats(perfil).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()

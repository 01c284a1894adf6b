"""Mede a emissão do PDF «Quadro de vagas» de um certame com 200 cargos. Meta: até 3 s.

Monta um banco próprio (SQLite temporário, ou o de DATABASE_URL), aplica as migrações (que carregam as
leis), cria um certame de Vargem Alta/ES (lei vargem-alta-es-2023: 17% negros + 3% indígenas) com 200
cargos de vagas variadas (semente fixa: muitos cargos pequenos, alguns abaixo do mínimo, poucos com
centenas de vagas), cada um com remuneração, carga horária e requisitos, e o órgão com o timbre (brasão, endereço) e
dois signatários, publica o edital e mede `emitir_quadro` de ponta a ponta: leitura dos cargos, motor, template,
WeasyPrint, hash e gravação do PDF. Mostra o melhor tempo e a mediana de algumas rodadas, e
quanto coube a cada etapa na última.

Uso: python bench/bench_pdf_quadro.py [--cargos N] [--rodadas R] [--perfil] [--salvar ARQUIVO.pdf]
"""

from __future__ import annotations

import io
import random
import statistics
from datetime import date
from decimal import Decimal
from pathlib import Path

from _comum import cronometrar, detalhar_emissao, prazos_do_edital, rodar_emissao

META_S = 3.0
NOMES = ("Agente Administrativo", "Assistente Social", "Auxiliar de Serviços Gerais", "Enfermeiro", "Engenheiro Civil",
         "Fiscal de Tributos", "Médico Clínico Geral", "Motorista", "Operador de Máquinas Pesadas",
         "Professor de Educação Básica", "Psicólogo", "Técnico de Enfermagem", "Vigia", "Agente Comunitário de Saúde",
         "Contador", "Farmacêutico", "Nutricionista", "Odontólogo", "Procurador Municipal", "Técnico em Informática")
ESCOLARIDADES = ("1_fundamental", "2_medio", "3_tecnico", "4_superior")


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

    from concursos.models import Cargo, Certame
    from concursos.services.certame import certame_publicar
    from nucleo.models import Municipio, Orgao

    usuario, _ = get_user_model().objects.get_or_create(username="bench-pdf", defaults={"is_staff": True})
    orgao, criado = Orgao.objects.get_or_create(nome="Prefeitura Municipal de Vargem Alta",
                                                municipio=Municipio.objects.pelo_nome("Vargem Alta", "ES"))
    if criado:
        dar_timbre(orgao)
    numero = f"{Certame.objects.count() + 1:03d}/2024"
    certame = Certame.objects.create(orgao=orgao, numero_edital=numero, titulo="Concurso público para cargos efetivos",
                                     data_edital=date(2024, 3, 1), **prazos_do_edital(date(2024, 3, 1)))
    sorteio = random.Random(20240301)
    # Outro sorteio para a remuneração e a carga: as vagas de cada cargo ficam as mesmas de antes delas (o tempo de
    # hoje se compara com o de antes).
    detalhes = random.Random(20240302)
    cargos = []
    for i in range(1, quantidade + 1):
        vagas = vagas_sorteadas(sorteio)
        pcd = max(1, (vagas * 5 + 50) // 100) if vagas >= 5 else 0
        nome = NOMES[i % len(NOMES)]
        cargos.append(Cargo(certame=certame, codigo=f"C{i:03d}", nome=f"{nome} {i // len(NOMES) + 1}",
                            escolaridade=ESCOLARIDADES[i % len(ESCOLARIDADES)], vagas=vagas, vagas_pcd=pcd,
                            remuneracao=Decimal(detalhes.randint(150_000, 1_500_000)) / 100,
                            carga_horaria=detalhes.choice((20, 30, 40)),
                            requisitos=f"Escolaridade exigida para {nome.lower()} e registro no conselho da classe."))
    Cargo.objects.bulk_create(cargos)
    certame = certame_publicar(certame=certame, usuario=usuario)
    return certame, usuario, sum(c.vagas for c in cargos)


def dar_timbre(orgao) -> None:
    """O brasão (um PNG de 240 × 300), o endereço e dois signatários: o que o quadro publicado leva."""
    from django.core.files.base import ContentFile
    from PIL import Image

    from nucleo.models import Signatario

    saida = io.BytesIO()
    Image.new("RGB", (240, 300), (24, 70, 130)).save(saida, format="PNG")
    orgao.endereco = "Rua Principal, 100, Centro, CEP 29295-000"
    orgao.brasao.save("brasao.png", ContentFile(saida.getvalue()))
    Signatario.objects.create(orgao=orgao, nome="Prefeita de teste", cargo="Prefeita Municipal", ordem=1)
    Signatario.objects.create(orgao=orgao, nome="Secretário de teste", cargo="Secretário de Administração", ordem=2)


def main() -> None:
    rodar_emissao(medir, __doc__.splitlines()[0], tamanho="--cargos", padrao=200,
                  ajuda_salvar="grava o PDF da última rodada neste arquivo")


def medir(opcoes, pasta: str) -> None:
    from django.test.utils import override_settings

    from concursos.documentos import contexto_quadro, emitir_quadro

    with override_settings(MEDIA_ROOT=pasta):
        certame, usuario, total_vagas = criar_certame(opcoes.cargos)
        print(f"Certame {certame.numero_edital} ({certame.lei.slug}): {opcoes.cargos} cargos, "
              f"{total_vagas} vagas.")
        tempos, _, documento = cronometrar(lambda: emitir_quadro(certame=certame, usuario=usuario), opcoes.rodadas)
        print(f"PDF: {documento.paginas} páginas, {documento.tamanho / 1024:.0f} KiB, código {documento.codigo}")
        print(f"Emissão do quadro de vagas ({opcoes.rodadas} rodadas): melhor {min(tempos):.2f} s, "
              f"mediana {statistics.median(tempos):.2f} s (meta: {META_S:.0f} s) — "
              f"{'OK' if statistics.median(tempos) <= META_S else 'ACIMA DA META'}")
        detalhar_emissao(documento, emitir=lambda: emitir_quadro(certame=certame, usuario=usuario),
                         contexto=lambda: contexto_quadro(certame), template="concursos/pdf/quadro_vagas.html",
                         rotulo_contexto="contexto (banco + motor)",
                         destino=Path(opcoes.salvar) if opcoes.salvar else None, perfil=opcoes.perfil)


if __name__ == "__main__":
    main()

"""Mede a emissão dos PDFs da lista de classificação e das convocações de um cargo com 1.000 classificados.

Meta: até 3 s por PDF de 1.000 linhas.

Monta um banco próprio (SQLite temporário, ou o de DATABASE_URL, p. ex. PostgreSQL), aplica as migrações
(que carregam as leis), cria um certame de Vargem Alta/ES (17% negros + 3% indígenas) com um cargo de 1.000
habilitados (nomes realistas, alguns longos e com nome social, CPFs válidos, semente fixa; mais 20 eliminados e
20 que desistem, fora das listas), publica o resultado, faz a convocação inicial de 960 vagas (48 PcD) e registra
20 desistências (cada uma chama o substituto da mesma lista): a convocação tem então 980 linhas. Mede
`emitir_lista` (lista geral: 1.000 linhas; lista NEG) e `emitir_convocacoes` de ponta a ponta: banco,
template, WeasyPrint, hash e gravação. Mostra o melhor tempo e a mediana de algumas rodadas e, na última,
quanto coube a cada etapa.

Uso: python bench/bench_pdf_listas.py [--classificados N] [--rodadas R] [--perfil] [--salvar PASTA]
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from datetime import date
from pathlib import Path

from _comum import cpf_valido, cronometrar, detalhar_emissao, prazos_do_edital, rodar_emissao

META_S = 3.0
NOMES = ("Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Larissa", "Beatriz", "Luana",
         "Rafaela", "Gabriela", "Vitória", "João", "José", "Carlos", "Paulo", "Lucas", "Pedro", "Marcos", "Rafael",
         "Thiago", "Bruno", "Wesley", "Matheus", "Vinícius", "Sebastião", "Raimunda", "Josefa", "Francisco")
SOBRENOMES = ("Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
              "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Zanotti",
              "Bravim", "Caliman", "Falqueto", "Entringer", "Schimidt", "Pagani", "Tesch", "Cavalcanti de Albuquerque")
CORES = ["branca"] * 40 + ["parda"] * 46 + ["preta"] * 11 + ["indigena"] * 2 + ["amarela"] * 1


def criar_cargo(classificados: int, eliminados: int = 20):
    """O cargo com `classificados` habilitados no fim, o resultado publicado, a convocação e as desistências.

    Grava `classificados` + 2 × `eliminados` inscrições: `eliminados` delas eliminadas e outras tantas que desistem
    depois de convocadas (quem desiste sai das listas), para que a lista geral fique com `classificados` linhas.
    """
    from django.contrib.auth import get_user_model

    from concursos.models import Candidato, Cargo, Certame, Convocacao, Inscricao
    from concursos.services.certame import certame_avancar, certame_publicar
    from concursos.services.chamadas import chamada_inicial, desistencia_registrar
    from nucleo.models import Municipio, Orgao

    usuario, _ = get_user_model().objects.get_or_create(username="bench-pdf", defaults={"is_staff": True})
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta",
                                 municipio=Municipio.objects.pelo_nome("Vargem Alta", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="001/2025", titulo="Concurso público para cargos "
                                     "efetivos", data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
    vagas = classificados - 2 * eliminados
    cargo = Cargo.objects.create(certame=certame, codigo="AGA", nome="Agente Administrativo", vagas=vagas,
                                 vagas_pcd=vagas // 20)
    sorteio = random.Random(20250203)
    total = classificados + 2 * eliminados
    candidatos = []
    for i in range(total):
        nome = f"{sorteio.choice(NOMES)} {sorteio.choice(SOBRENOMES)} {sorteio.choice(SOBRENOMES)}"
        social = f"{sorteio.choice(NOMES)} {sorteio.choice(SOBRENOMES)}" if sorteio.random() < 0.01 else ""
        candidatos.append(Candidato(orgao=orgao, nome=nome, nome_social=social, cpf=cpf_valido(300_000_000 + i)))
    Candidato.objects.bulk_create(candidatos, batch_size=500)
    candidatos = list(Candidato.objects.order_by("pk"))
    eliminar = set(sorteio.sample(range(total), eliminados))
    inscricoes = []
    for i, candidato in enumerate(candidatos):
        cor = sorteio.choice(CORES)
        inscricoes.append(Inscricao(
            certame=certame, cargo=cargo, candidato=candidato, numero=f"{2025000 + i + 1:08d}", cor_raca=cor,
            reserva=cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6, pcd=sorteio.random() < 0.05,
            nota_final=f"{95 - i * 60 / total:.3f}", classificacao=i + 1,
            situacao="eliminado" if i in eliminar else "habilitado"))
    Inscricao.objects.bulk_create(inscricoes, batch_size=500)
    certame = certame_publicar(certame=certame, usuario=usuario)
    while certame.estado != "resultado":
        certame = certame_avancar(certame=certame, usuario=usuario)
    cargo.refresh_from_db()
    chamada_inicial(cargo=cargo, data=date(2025, 9, 1), ato="Edital de convocação nº 1/2025", usuario=usuario)
    titulares = Convocacao.objects.filter(cargo=cargo, inscricao__isnull=False).order_by("posicao")
    for n, convocacao in enumerate(titulares[:eliminados], 1):
        desistencia_registrar(convocacao=convocacao, data=date(2025, 9, 20), ato=f"Termo de desistência nº {n}/2025",
                              usuario=usuario)
    return cargo, usuario


def main() -> None:
    # O aviso do WeasyPrint sobre o HarfBuzz-Subset (usa o fontTools no lugar) sairia a cada PDF.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    rodar_emissao(medir, __doc__.splitlines()[0], tamanho="--classificados", padrao=1000,
                  ajuda_salvar="grava os PDFs da última rodada nesta pasta")


def medir(opcoes, pasta: str) -> None:
    from django.db import connection
    from django.test.utils import override_settings

    from concursos.documentos import contexto_convocacoes, contexto_lista, emitir_convocacoes, emitir_lista

    with override_settings(MEDIA_ROOT=pasta):
        inicio = time.perf_counter()
        cargo, usuario = criar_cargo(opcoes.classificados)
        print(f"Banco: {connection.vendor}. Cargo {cargo.codigo} com {opcoes.classificados} habilitados, "
              f"{cargo.vagas} vagas convocadas e 20 desistências (dados em {time.perf_counter() - inicio:.1f} s, "
              "fora da medição).")
        casos = [
            ("Lista geral", "concursos/pdf/lista.html", lambda: contexto_lista(cargo, "GERAL"),
             lambda: emitir_lista(cargo=cargo, codigo="GERAL", usuario=usuario)),
            ("Lista NEG", "concursos/pdf/lista.html", lambda: contexto_lista(cargo, "NEG"),
             lambda: emitir_lista(cargo=cargo, codigo="NEG", usuario=usuario)),
            ("Convocações", "concursos/pdf/convocacoes.html", lambda: contexto_convocacoes(cargo),
             lambda: emitir_convocacoes(cargo=cargo, usuario=usuario)),
        ]
        dentro = True
        for nome, template, contexto, emitir in casos:
            tempos, cpu, documento = cronometrar(emitir, opcoes.rodadas)
            mediana = statistics.median(tempos)
            linhas = contexto()
            n = len(linhas["lista"].linhas) if "lista" in linhas else len(linhas["convocacoes"])
            ok = mediana <= META_S
            dentro &= ok
            print(f"{nome} ({n} linhas, {documento.paginas} páginas, {documento.tamanho / 1024:.0f} KiB): "
                  f"melhor {min(tempos):.2f} s, mediana {mediana:.2f} s (CPU {statistics.median(cpu):.2f} s; "
                  f"{opcoes.rodadas} rodadas; meta {META_S:.0f} s) — {'OK' if ok else 'ACIMA DA META'}")
            destino = Path(opcoes.salvar) / documento.nome_arquivo if opcoes.salvar else None
            detalhar_emissao(documento, emitir=emitir, contexto=contexto, template=template, titulo="etapas",
                             recuo="    ", destino=destino, perfil=opcoes.perfil)
        print(f"{'DENTRO' if dentro else 'FORA'} da meta: cada PDF de ~1.000 linhas em até {META_S:.0f} s (mediana).")


if __name__ == "__main__":
    main()

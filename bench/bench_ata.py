"""Mede a emissão da ata de uma sessão de heteroidentificação com 200 candidatos. Meta: até 3 s.

Monta um banco próprio (SQLite temporário, ou o de DATABASE_URL), aplica as migrações (que carregam as leis), cria
um certame de Afonso Cláudio/ES (Lei 2.552/2023) com 4 cargos e os cotistas, uma comissão que atende ao art. 8º e
uma sessão em que cada candidato passa pelos serviços do procedimento: presença, notas da entrevista, votação
secreta eletrônica dos três titulares, apuração e parecer motivado (semente fixa: cerca de 5% ausentes e 12% de
não confirmações, com os traços fenotípicos). Depois mede `ata_sessao_emitir` de ponta a ponta (banco, template,
WeasyPrint, hash e gravação): o melhor tempo, a mediana de algumas rodadas e quanto coube a cada etapa na última.

Uso: python bench/bench_ata.py [--candidatos N] [--rodadas R] [--perfil] [--salvar ARQUIVO.pdf]
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from datetime import date, datetime
from datetime import time as horario
from pathlib import Path
from zoneinfo import ZoneInfo

import time_machine
from _comum import cpf_valido, cronometrar, detalhar_emissao, prazos_do_edital, rodar_emissao

META_S = 3.0
PRENOMES = ("Ana", "Bruno", "Carla", "Daniel", "Eduarda", "Felipe", "Gabriela", "Heitor", "Isabela", "João",
            "Kátia", "Lucas", "Mariana", "Nathan", "Olívia", "Paulo", "Quésia", "Rafael", "Sabrina", "Thiago",
            "Úrsula", "Vinícius", "Wellington", "Yasmin")
SOBRENOMES = ("Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
              "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Monteiro",
              "Barbosa", "Moreira", "Cardoso", "Teixeira", "Correia")
CARGOS = (("ADM", "Agente Administrativo", "2_medio"), ("ENF", "Enfermeiro", "4_superior"),
          ("PEB", "Professor de Educação Básica", "4_superior"), ("MOT", "Motorista", "1_fundamental"))
MEMBROS = (("Ana Paula Rocha", "preta", "feminino", True), ("Bruno Ferreira Lima", "parda", "masculino", False),
           ("Carla Mendes Souza", "branca", "feminino", False), ("Davi Nogueira Alves", "parda", "masculino", False))
CONFIRMA = (
    "A comissão observou pele de tonalidade parda, cabelo crespo e lábios grossos, traços que, em conjunto, "
    "correspondem ao fenótipo da pessoa parda e confirmam a autodeclaração.",
    "O candidato apresenta pele negra, cabelo crespo e nariz largo: o conjunto fenotípico é o de pessoa preta, "
    "como autodeclarado.",
    "Pele morena escura, cabelo cacheado de textura crespa e formato do nariz compatíveis com o fenótipo pardo; "
    "a comissão reconhece a condição autodeclarada.",
)
NAO_CONFIRMA = (
    "Pele clara, cabelo liso e traços faciais afilados (nariz estreito, lábios finos) que, no conjunto, não "
    "correspondem ao fenótipo de pessoa parda: a autodeclaração não é confirmada.",
    "A comissão observou pele branca com bronzeamento, cabelo ondulado fino e nariz estreito; os traços "
    "fenotípicos não correspondem aos de pessoa preta ou parda.",
)
NOTAS = ("Respondeu às perguntas sobre a própria trajetória; relatou situações vividas na escola e no trabalho.",
         "Informou que a família se reconhece parda; apresentou-se sem maquiagem, como orienta o edital.")


def criar_certame(quantidade: int, sorteio: random.Random):
    from django.contrib.auth import get_user_model

    from concursos.models import Candidato, Cargo, Certame, Inscricao
    from concursos.services.certame import certame_publicar
    from nucleo.models import Municipio, Orgao

    usuario, _ = get_user_model().objects.get_or_create(username="bench-ata", defaults={"is_staff": True})
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Afonso Cláudio",
                                 municipio=Municipio.objects.pelo_nome("Afonso Cláudio", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="001/2024", titulo="Concurso público para cargos "
                                     "efetivos", data_edital=date(2024, 3, 1), **prazos_do_edital(date(2024, 3, 1)))
    cargos = Cargo.objects.bulk_create(Cargo(certame=certame, codigo=codigo, nome=nome, escolaridade=escolaridade,
                                             vagas=25, vagas_pcd=1) for codigo, nome, escolaridade in CARGOS)
    candidatos = Candidato.objects.bulk_create(
        Candidato(orgao=orgao,
                  nome=f"{sorteio.choice(PRENOMES)} {sorteio.choice(SOBRENOMES)} {sorteio.choice(SOBRENOMES)}",
                  cpf=cpf_valido(100_000 + i), cor_raca=sorteio.choice(("preta", "parda", "parda")))
        for i in range(quantidade))
    Inscricao.objects.bulk_create(
        Inscricao(certame=certame, cargo=cargos[i % len(cargos)], candidato=c, numero=f"{2024_0001 + i}",
                  reserva=True, cor_raca=c.cor_raca, classificacao=i // len(cargos) + 1, nota_final=90 - i / 10)
        for i, c in enumerate(candidatos))
    _informar_publicacao_de_exemplo(usuario)
    return certame_publicar(certame=certame, usuario=usuario), usuario


def _informar_publicacao_de_exemplo(usuario) -> None:
    """A Lei 2.552/2023 não traz a data de publicação (art. 14) e sem ela não se aplica a edital nenhum: o benchmark
    informa uma data de exemplo, como a demonstração (demonstracao/management/commands/carregar_demo.py)."""
    from legislacao.models import Lei
    from legislacao.services import lei_informar_publicacao

    lei = Lei.objects.filter(slug="afonso-claudio-es-lei-2552-2023", data_publicacao__isnull=True).first()
    if lei is not None:
        lei_informar_publicacao(lei=lei, data=date(2023, 12, 4), usuario=usuario,
                                motivo="Benchmark: data de publicação de exemplo.")


def criar_comissao(certame):
    from django.contrib.auth import get_user_model

    from heteroidentificacao.models import Comissao, Membro, Papel

    comissao = Comissao.objects.create(certame=certame, ato_designacao="Portaria nº 45/2024",
                                       data_designacao=date(2024, 3, 15))
    for i, (nome, cor, genero, presidente) in enumerate(MEMBROS):
        login = get_user_model().objects.create_user(username=f"membro{i}", first_name=nome)
        Membro.objects.create(comissao=comissao, usuario=login, nome=nome, cpf=cpf_valido(9_000 + i), cor_raca=cor,
                              genero=genero, papel=Papel.SUPLENTE if i == 3 else Papel.TITULAR,
                              presidente=presidente, servidor_efetivo=i != 2, estavel=i != 2,
                              servidor_carreira=presidente, carreira="Analista administrativo" if presidente else "",
                              reside_desde=date(2005, 1, 1), escolaridade="4_superior",
                              reputacao_declarada_em=date(2024, 3, 10), termo_assinado_em=date(2024, 3, 10))
    return comissao


def avaliar_todos(sessao, comissao, usuario, sorteio: random.Random) -> None:
    """Cada candidato pelos serviços, como na sessão real."""
    from heteroidentificacao import services
    from heteroidentificacao.models import Papel
    from heteroidentificacao.selectors import cotistas_a_convocar

    services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), intervalo_minutos=2,
                             usuario=usuario)
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR))
    presidente = next(m for m in titulares if m.presidente).usuario
    services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente)
    for avaliacao in sessao.avaliacoes.order_by("horario"):
        if sorteio.random() < 0.05:
            services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente)
            continue
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente)
        services.gravacao_registrar_na_sessao(avaliacao=avaliacao, referencia=f"Cartão SD 1, {avaliacao.pk:04d}.mp4",
                                              sha256=f"{avaliacao.pk:064x}", usuario=presidente)
        services.avaliacao_anotar(avaliacao=avaliacao, notas=sorteio.choice(NOTAS), usuario=presidente)
        services.votacao_abrir(avaliacao=avaliacao, candidato_saiu=True, usuario=presidente)
        nao_confirma = sorteio.random() < 0.12
        for membro in titulares:
            confirma = (sorteio.random() < 0.2) if nao_confirma else (sorteio.random() < 0.9)
            services.voto_registrar(avaliacao=avaliacao, usuario=membro.usuario, confirma=confirma)
        avaliacao = services.votacao_apurar(avaliacao=avaliacao, usuario=presidente)
        if avaliacao.resultado == "nao_confirmado":
            services.parecer_registrar(avaliacao=avaliacao, parecer=sorteio.choice(NAO_CONFIRMA),
                                       caracteristicas=sorteio.sample(["pele", "cabelo", "nariz", "labios"], 3),
                                       usuario=presidente)
        else:
            services.parecer_registrar(avaliacao=avaliacao, parecer=sorteio.choice(CONFIRMA),
                                       caracteristicas=["conjunto", "pele", "cabelo"], usuario=presidente)
    services.sessao_encerrar(sessao=sessao, usuario=presidente,
                             ocorrencias="Às 11h, um candidato passou mal na sala de espera e foi atendido; a "
                                         "ordem de chamada foi mantida.")


def main() -> None:
    rodar_emissao(medir, __doc__.splitlines()[0], tamanho="--candidatos", padrao=200,
                  ajuda_salvar="grava o PDF da última rodada neste arquivo")


def medir(opcoes, pasta: str) -> None:
    from django.db import connection
    from django.test.utils import override_settings

    from heteroidentificacao.documentos import ata_sessao_emitir, contexto_ata_sessao
    from heteroidentificacao.models import Sessao

    with override_settings(MEDIA_ROOT=pasta):
        sorteio = random.Random(20240410)
        inicio = time.perf_counter()
        certame, usuario = criar_certame(opcoes.candidatos, sorteio)
        comissao = criar_comissao(certame)
        sessao = Sessao.objects.create(comissao=comissao, numero=1, data=date(2024, 4, 10), inicio=horario(8, 0),
                                       local="Auditório da Câmara Municipal")
        # A sessão acontece no seu dia, no fim da tarde (todos os horários já passaram): abrir noutra data exigiria o
        # motivo, e a ausência só se registra depois do horário de cada um. A medida da emissão é fora dessa viagem.
        with time_machine.travel(datetime(2024, 4, 10, 23, 0, tzinfo=ZoneInfo("America/Sao_Paulo")), tick=True):
            avaliar_todos(sessao, comissao, usuario, sorteio)
        resultados = Counter(a.get_resultado_display().lower() for a in sessao.avaliacoes.only("resultado"))
        print(f"Banco: {connection.vendor}. Certame {certame.numero_edital} ({certame.lei.slug}): sessão com "
              f"{opcoes.candidatos} candidatos avaliados pelos serviços em {time.perf_counter() - inicio:.1f} s "
              f"({', '.join(f'{k}: {v}' for k, v in sorted(resultados.items()))}).")
        tempos, cpu, documento = cronometrar(lambda: ata_sessao_emitir(sessao=sessao, usuario=usuario),
                                             opcoes.rodadas)
        mediana = statistics.median(tempos)
        print(f"PDF: {documento.paginas} páginas, {documento.tamanho / 1024:.0f} KiB, código {documento.codigo}")
        print(f"Emissão da ata ({opcoes.rodadas} rodadas): melhor {min(tempos):.2f} s, mediana {mediana:.2f} s "
              f"(meta: {META_S:.0f} s) — {'OK' if mediana <= META_S else 'ACIMA DA META'}")
        print(f"CPU do processo por emissão: mediana {statistics.median(cpu):.2f} s")
        detalhar_emissao(documento, emitir=lambda: ata_sessao_emitir(sessao=sessao, usuario=usuario),
                         contexto=lambda: contexto_ata_sessao(sessao), template="heteroidentificacao/pdf/ata.html",
                         destino=Path(opcoes.salvar) if opcoes.salvar else None, perfil=opcoes.perfil)


if __name__ == "__main__":
    main()

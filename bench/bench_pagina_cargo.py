"""Mede a página de um cargo no admin (listas de classificação e ordem de nomeação) com 100.000 inscrições, no
PostgreSQL. Meta: mediana ≤ 300 ms de servidor e ≤ 15 consultas em cada aba e página.

Cria um banco próprio (`bench_pagina_cargo`, no servidor de DATABASE_URL ou em 127.0.0.1:5432), aplica as
migrações, grava um certame de Vargem Alta/ES (17% negros + 3% indígenas) com um cargo de 100.000
inscrições (nomes realistas, CPFs válidos, 5% eliminados, 5% PcD, cotistas entre pretos, pardos e indígenas,
alguns não confirmados na heteroidentificação; semente fixa), publica o resultado e faz a convocação inicial
de 500 vagas (25 PcD). Mede pelo cliente de teste do Django (middleware, admin, template) a aba padrão, cada
lista na primeira página, páginas do meio e a última, e a ordem de nomeação. Para cada cenário: a mediana do
tempo no servidor e o número de consultas.

Uso: python bench/bench_pagina_cargo.py [--inscricoes N] [--rodadas R] [--manter]
(--manter reaproveita o banco já gravado por uma execução anterior)
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from _comum import (
    banco_postgres_proprio,
    cpf_valido,
    entrar_no_admin,
    medir_requisicoes,
    milhar,
    prazos_do_edital,
    usuario_rh,
)

BANCO = "bench_pagina_cargo"
META_MS = 300
META_CONSULTAS = 15
VAGAS, VAGAS_PCD = 500, 25
LOTE = 5_000

NOMES = ["Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Larissa", "Beatriz", "Luana",
         "Rafaela", "Gabriela", "Vitória", "Daniela", "Tatiane", "Simone", "João", "José", "Carlos", "Paulo",
         "Lucas", "Pedro", "Marcos", "Rafael", "Gabriel", "Thiago", "Bruno", "Diego", "Rodrigo", "Leandro",
         "Antônio", "Francisco", "Raimunda", "Josefa", "Sebastião", "Luiz", "Marlene", "Cláudia", "Sônia", "Rita"]
SOBRENOMES = ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
              "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Monteiro",
              "Cardoso", "Zanotti", "Bravim", "Caliman", "Falqueto", "Entringer", "Schimidt", "Pagani", "Tesch"]
CORES = ["branca"] * 40 + ["parda"] * 46 + ["preta"] * 11 + ["indigena"] * 2 + ["amarela"] * 1


def gravar_dados(inscricoes: int) -> None:
    """O certame, o cargo e as inscrições, pelo ORM (bulk_create em lotes): os campos que o modelo calcula ao
    gravar, como o nome normalizado da busca, saem como numa importação de verdade."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from concursos.models import Candidato, Cargo, Certame, Inscricao
    from concursos.services.certame import certame_avancar, certame_publicar
    from concursos.services.chamadas import chamada_inicial
    from nucleo.models import Municipio, Orgao

    sorteio = random.Random(20250203)
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta",
                                 municipio=Municipio.objects.pelo_nome("Vargem Alta", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="001/2025", titulo="Concurso de benchmark",
                                     data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
    cargo = Cargo.objects.create(certame=certame, codigo="PEB", nome="Professor de Educação Básica", vagas=VAGAS,
                                 vagas_pcd=VAGAS_PCD)
    candidatos = Candidato.objects.bulk_create(
        (Candidato(orgao=orgao, nome=f"{sorteio.choice(NOMES)} {sorteio.choice(SOBRENOMES)} "
                                     f"{sorteio.choice(SOBRENOMES)}",
                   cpf=cpf_valido(200_000_000 + i)) for i in range(inscricoes)), batch_size=LOTE)

    def linhas():
        for i, candidato in enumerate(candidatos):
            cor = sorteio.choice(CORES)
            reserva = cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6
            hetero = "nao_se_aplica"
            if reserva:
                hetero = "nao_confirmado" if sorteio.random() < 0.05 else "confirmado"
            yield Inscricao(certame=certame, cargo=cargo, candidato=candidato, numero=f"{i + 1:08d}", reserva=reserva,
                            cor_raca=cor, pcd=sorteio.random() < 0.05, nota_final=f"{100 - i * 90 / inscricoes:.3f}",
                            classificacao=i + 1, situacao="habilitado" if sorteio.random() < 0.95 else "eliminado",
                            heteroidentificacao=hetero)

    Inscricao.objects.bulk_create(linhas(), batch_size=LOTE)
    usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
    certame = certame_publicar(certame=certame, usuario=usuario)
    while certame.estado != "resultado":
        certame = certame_avancar(certame=certame, usuario=usuario)
    cargo.refresh_from_db()
    chamada_inicial(cargo=cargo, data=date(2025, 9, 1), ato="Edital de convocação nº 1/2025", usuario=usuario)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=100_000)
    argumentos.add_argument("--rodadas", type=int, default=15)
    argumentos.add_argument("--manter", action="store_true", help=f"reaproveita o banco {BANCO} já gravado")
    opcoes = argumentos.parse_args()
    inicio = time.perf_counter()
    if banco_postgres_proprio(BANCO, manter=opcoes.manter, cliente_de_teste=True):
        gravar_dados(opcoes.inscricoes)
        print(f"Dados: {milhar(opcoes.inscricoes)} inscrições num cargo, convocação inicial de {VAGAS} vagas, "
              f"gravados em {time.perf_counter() - inicio:.1f} s (fora da medição)")
    else:
        print(f"Dados: banco {BANCO} reaproveitado (--manter)")

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from concursos.models import Cargo
    from concursos.selectors.listas import listas_do_cargo

    cargo = Cargo.objects.select_related("certame").get(codigo="PEB")
    url = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    listas = {lista.codigo: lista.total for lista in listas_do_cargo(cargo)}
    print("Listas: " + ", ".join(f"{codigo} {milhar(total)}" for codigo, total in listas.items()))

    def ultima(codigo: str) -> int:
        return max(1, -(-listas[codigo] // 100))

    cenarios = [
        ("aba padrão (ordem de nomeação)", ""),
        ("ordem de nomeação, página 3", "?aba=ordem&p=3"),
        ("lista geral, página 1", "?aba=GERAL"),
        ("lista geral, página do meio", f"?aba=GERAL&p={ultima('GERAL') // 2}"),
        ("lista geral, última página", f"?aba=GERAL&p={ultima('GERAL')}"),
        ("ampla, última página", f"?aba=AC&p={ultima('AC')}"),
        ("PcD, página 1", "?aba=PCD"),
        ("NEG, página 1", "?aba=NEG"),
        ("NEG, última página", f"?aba=NEG&p={ultima('NEG')}"),
        ("IND, página 1", "?aba=IND"),
        ("IND, última página", f"?aba=IND&p={ultima('IND')}"),
    ]
    print(f"\nPágina do cargo {cargo.codigo} ({milhar(opcoes.inscricoes)} inscrições), mediana de {opcoes.rodadas} "
          "requisições:")
    print(f"{'cenário':<34} {'usuário':<12} {'mediana':>10} {'consultas':>9}  meta")
    dentro = True
    superusuario = get_user_model().objects.get(username="bench")
    for rotulo, usuario in (("superusuário", superusuario), ("RH", usuario_rh("view_certame", "view_cargo"))):
        cliente = Client()
        entrar_no_admin(cliente, usuario)
        for nome, parametros in cenarios:
            mediana, consultas, resposta = medir_requisicoes(cliente, url + parametros, opcoes.rodadas)
            status = resposta.status_code
            ok = status == 200 and mediana <= META_MS and consultas <= META_CONSULTAS
            dentro &= ok
            print(f"{nome:<34} {rotulo:<12} {mediana:>7.1f} ms {consultas:>9}  {'ok' if ok else 'FORA'}"
                  + ("" if status == 200 else f"  HTTP {status}"))
    print(f"\n{'DENTRO' if dentro else 'FORA'} da meta: mediana ≤ {META_MS} ms e ≤ {META_CONSULTAS} consultas em todos "
          "os cenários.")


if __name__ == "__main__":
    main()

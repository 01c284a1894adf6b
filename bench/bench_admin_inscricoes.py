"""Mede a lista de inscrições do admin com 1.000.000 de inscrições em 500 cargos, no PostgreSQL.

Cria um banco próprio (`bench_admin`, no servidor de DATABASE_URL ou em 127.0.0.1:5432), aplica as
migrações, grava com COPY um certame de Vargem Alta/ES com 500 cargos, 1.000.000 de candidatos (nomes
realistas, CPFs válidos) e uma inscrição de cada, e mede pelo cliente de teste do Django (o mesmo caminho
de uma requisição: middleware, admin, template) a lista sem filtro, a busca por CPF (com e sem pontuação),
por número de inscrição e por nome (sem acento: «joao» acha «João»), e os filtros. Para cada cenário: mediana
do tempo no servidor e número de consultas. Meta: mediana ≤ 300 ms com ≤ 10 consultas (sem filtro, CPF,
inscrição, busca por nome e um filtro).

Uso: python bench/bench_admin_inscricoes.py [--inscricoes N] [--cargos C] [--rodadas R] [--manter]
(--manter reaproveita o banco já gravado por uma execução anterior; --banco NOME usa outro banco, para não
apagar o de outra medição rodando no mesmo servidor)
"""

from __future__ import annotations

import argparse
import random
import re
import time
from datetime import date

from _comum import (
    banco_postgres_proprio,
    copiar,
    cpf_valido,
    entrar_no_admin,
    medir_requisicoes,
    milhar,
    nome_de_banco,
    prazos_do_edital,
    usuario_rh,
)

BANCO = "bench_admin"
META_MS = 300
META_CONSULTAS = 10

NOMES = ["Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Larissa", "Beatriz", "Luana",
         "Rafaela", "Gabriela", "Vitória", "Daniela", "Tatiane", "Simone", "João", "José", "Carlos", "Paulo",
         "Lucas", "Pedro", "Marcos", "Rafael", "Gabriel", "Thiago", "Bruno", "Diego", "Rodrigo", "Leandro",
         "Anderson", "Wesley", "Matheus", "Felipe", "Gustavo", "Vinícius", "Renato", "Jefferson", "Elias", "Samuel",
         "Antônio", "Francisco", "Raimunda", "Josefa", "Sebastião", "Luiz", "Marlene", "Cláudia", "Sônia", "Rita"]
SOBRENOMES = ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
              "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves", "Monteiro",
              "Mendes", "Barros", "Freitas", "Barbosa", "Pinto", "Moura", "Cavalcanti", "Dias", "Castro", "Campos",
              "Cardoso", "Zanotti", "Bravim", "Caliman", "Falqueto", "Entringer", "Schimidt", "Pagani", "Tesch",
              "Vieira", "Teixeira", "Correia", "Nunes", "Batista", "Moreira", "Machado", "Lopes", "Marques", "Ramos"]
CORES = ["branca"] * 40 + ["parda"] * 46 + ["preta"] * 11 + ["indigena"] * 2 + ["amarela"] * 1


def gravar_dados(inscricoes: int, cargos: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from concursos.busca import nome_para_busca
    from concursos.models import Cargo, Certame
    from concursos.services.certame import certame_avancar, certame_publicar
    from nucleo.models import Municipio, Orgao

    sorteio = random.Random(7)
    orgao = Orgao.objects.create(nome="Prefeitura Municipal de Vargem Alta",
                                 municipio=Municipio.objects.pelo_nome("Vargem Alta", "ES"))
    certame = Certame.objects.create(orgao=orgao, numero_edital="001/2025", titulo="Concurso de benchmark",
                                     data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
    Cargo.objects.bulk_create([
        Cargo(certame=certame, codigo=f"C{i:03d}", nome=f"Cargo {i}", vagas=sorteio.randint(1, 40), vagas_pcd=0)
        for i in range(cargos)])
    ids_cargos = list(certame.cargos.order_by("codigo").values_list("pk", flat=True))
    por_cargo = -(-inscricoes // len(ids_cargos))
    with connection.cursor() as django_cursor:
        cursor = django_cursor.cursor
        nomes = (f"{sorteio.choice(NOMES)} {sorteio.choice(SOBRENOMES)} {sorteio.choice(SOBRENOMES)}"
                 for _ in range(inscricoes))
        copiar(cursor, "concursos_candidato",
               "orgao_id, nome, nome_social, nome_busca, cpf, genero, cor_raca, quilombola, pcd, email, telefone",
               ((str(orgao.pk), nome, "", nome_para_busca(nome, ""), cpf_valido(100_000_000 + i), "nao_informado", "",
                 "f", "f", "", "") for i, nome in enumerate(nomes)))
        cursor.execute("SELECT min(id) FROM concursos_candidato")
        primeiro = cursor.fetchone()[0]

        def linhas():
            for i in range(inscricoes):
                cargo, classificacao = ids_cargos[i // por_cargo], i % por_cargo + 1
                cor = sorteio.choice(CORES)
                reserva = "t" if cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6 else "f"
                situacao = "habilitado" if sorteio.random() < 0.95 else "eliminado"
                nota = f"{100 - classificacao * 90 / por_cargo:.3f}"
                yield (str(certame.pk), str(cargo), str(primeiro + i), f"{i + 1:08d}", reserva, cor, "f",
                       "t" if sorteio.random() < 0.05 else "f", nota, str(classificacao), situacao,
                       "nao_se_aplica")

        copiar(cursor, "concursos_inscricao",
               "certame_id, cargo_id, candidato_id, numero, reserva, cor_raca, quilombola, pcd, nota_final, "
               "classificacao, situacao, heteroidentificacao", linhas())
        cursor.execute("ANALYZE")
    usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
    certame = certame_publicar(certame=certame, usuario=usuario)
    certame_avancar(certame=certame, usuario=usuario)
    certame_avancar(certame=certame, usuario=usuario)


def total_exibido(resposta) -> str:
    """O total como o RH o lê, no rodapé da lista («cerca de 1.000.000 inscrições (estimativa)», «1 inscrição»)."""
    rodape = re.search(r'<p class="paginator">(.*?)</p>', resposta.content.decode(), re.S)
    texto = re.sub(r"<a [^>]*>\d+</a>|<span class=\"this-page\">\d+</span>|…", " ", rodape.group(1)) if rodape else ""
    return " ".join(re.sub(r"<[^>]+>", " ", texto).replace("Mostrar tudo", "").split())


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=1_000_000)
    argumentos.add_argument("--cargos", type=int, default=500)
    argumentos.add_argument("--rodadas", type=int, default=15)
    argumentos.add_argument("--manter", action="store_true", help="reaproveita o banco já gravado")
    argumentos.add_argument("--banco", default=BANCO, type=nome_de_banco, help=f"nome do banco (padrão {BANCO})")
    opcoes = argumentos.parse_args()
    inicio = time.perf_counter()
    if banco_postgres_proprio(opcoes.banco, manter=opcoes.manter, cliente_de_teste=True):
        gravar_dados(opcoes.inscricoes, opcoes.cargos)
        print(f"Dados: {milhar(opcoes.inscricoes)} inscrições em {opcoes.cargos} cargos, gravados em "
              f"{time.perf_counter() - inicio:.1f} s (fora da medição)")
    else:
        print(f"Dados: banco {opcoes.banco} reaproveitado (--manter)")

    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from concursos.busca import normalizar
    from concursos.models import Cargo, Inscricao

    lista = reverse("admin:concursos_inscricao_changelist")
    amostra = Inscricao.objects.select_related("candidato", "cargo").order_by("-pk")[1234]
    c = amostra.candidato.cpf
    cpf_pontuado = f"{c[:3]}.{c[3:6]}.{c[6:9]}-{c[9:]}"
    cargo = Cargo.objects.order_by("codigo")[250]
    nome = amostra.candidato.nome.split()
    # O nome da amostra digitado sem acento e em maiúsculas («JOAO SILVA» para «João … Silva»).
    sem_acento = f"{normalizar(nome[0]).upper()}+{normalizar(nome[-1]).upper()}"
    # (cenário, endereço, é da lista de inscrições?, tem meta?)
    cenarios = [(rotulo, lista + parametros, True, meta) for rotulo, parametros, meta in [
        ("sem filtro (1ª página)", "", True),
        ("busca CPF com pontuação", f"?q={cpf_pontuado}", True),
        ("busca CPF só dígitos", f"?q={c}", True),
        ("busca nº de inscrição", f"?q={amostra.numero}", True),
        ("filtro certame + cargo", f"?certame={cargo.certame_id}&cargo={cargo.pk}", True),
        ("filtro situação = eliminado", "?situacao__exact=eliminado", True),
        ("filtro certame, página 200", f"?certame={cargo.certame_id}&p=199", False),
        ("busca por nome (2 palavras)", f"?q={nome[0]}+{nome[-1]}", True),
        ("busca por nome sem acento", f"?q={sem_acento}", True),
        # Termos amplos (2% a 4% das linhas): a página sai rápido, a contagem exata é que pesa.
        ("busca só pelo sobrenome", f"?q={normalizar(nome[-1])}", False),
        ("busca por «joao» (~2% das linhas)", "?q=joao", False),
        ("ordenar por nº de inscrição", "?o=1", False),
    ]]
    candidatos = reverse("admin:concursos_candidato_changelist")
    autocomplete = reverse("admin:autocomplete") + "?app_label=concursos&model_name=inscricao&field_name=candidato"
    cenarios += [
        ("candidatos: sem filtro", candidatos, False, True),
        ("candidatos: busca CPF", f"{candidatos}?q={cpf_pontuado}", False, True),
        ("candidatos: busca por nome", f"{candidatos}?q={nome[0]}+{nome[-1]}", False, True),
        ("candidatos: nome sem acento", f"{candidatos}?q={sem_acento}", False, True),
        ("autocomplete de candidato (nome)", f"{autocomplete}&term={nome[-1]}", False, True),
    ]
    # As páginas do certame com o mesmo volume (sem meta na issue; para acompanhar).
    cenarios += [
        ("painel do certame (500 cargos)", reverse("admin:concursos_certame_painel", args=[cargo.certame_id]),
         False, False),
        ("página do cargo, lista geral", reverse("admin:concursos_cargo_painel", args=[cargo.pk]) + "?aba=GERAL",
         False, False),
    ]
    superusuario = get_user_model().objects.get(username="bench")
    print(f"\nLista de inscrições do admin ({milhar(Inscricao.objects.count())} inscrições), "
          f"mediana de {opcoes.rodadas} requisições:")
    print(f"{'cenário':<32} {'usuário':<12} {'mediana':>10} {'consultas':>9}  {'meta':<10}  total exibido")
    dentro = True
    # O RH sem a permissão de dados sensíveis; e o RH com ela, cada lista com uma linha no registro de acessos
    # (nucleo/acessos.py). Os dois lotados no órgão: as consultas passam pelo recorte por órgão.
    rh = usuario_rh("view_inscricao", "view_candidato", "view_cargo", "view_certame")
    rh_sensivel = usuario_rh("view_inscricao", "view_candidato", "view_cargo", "view_certame", "ver_dados_sensiveis",
                             login="rh-sensivel")
    for rotulo, usuario in (("superusuário", superusuario), ("RH", rh), ("RH+sensível", rh_sensivel)):
        cliente = Client()
        entrar_no_admin(cliente, usuario)
        for nome_cenario, url, _, com_meta in cenarios:
            mediana, consultas, resposta = medir_requisicoes(cliente, url, opcoes.rodadas)
            status, total = resposta.status_code, total_exibido(resposta)
            ok = status == 200 and mediana <= META_MS and consultas <= META_CONSULTAS
            if com_meta:
                dentro &= ok
            marca = ("ok" if ok else "FORA") if com_meta else "(sem meta)"
            print(f"{nome_cenario:<32} {rotulo:<12} {mediana:>7.1f} ms {consultas:>9}  {marca:<10}  {total}"
                  + ("" if status == 200 else f"  HTTP {status}"))
    veredito = "DENTRO" if dentro else "FORA"
    print(f"\n{veredito} da meta: mediana ≤ {META_MS} ms e ≤ {META_CONSULTAS} consultas nos cenários com meta "
          "(lista sem filtro, busca por CPF, por inscrição e por nome, filtros; e a lista de candidatos).")


if __name__ == "__main__":
    main()

"""Mede o painel de indicadores com 50 órgãos × 10 anos × 1.000.000 de inscrições, no PostgreSQL.

Cria um banco próprio (`bench_indicadores`, no servidor de DATABASE_URL ou em 127.0.0.1:5432), aplica as migrações e
grava com COPY: 50 órgãos, um certame publicado por órgão e ano (2016 a 2025, com as regras congeladas de Vargem
Alta/ES), 20 cargos em cada (10.000 cargos, de 1 a 30 vagas), 1.000.000 de inscrições (cor ou raça na proporção do
IBGE, 60% dos negros e indígenas na reserva, o resultado da heteroidentificação de cada cotista) e as posições chamadas
de cada cargo (com vagas revertidas e desistências). Mede pelo cliente de teste do Django (middleware, admin, template,
gráficos) a mediana do tempo no servidor e as consultas: o painel de um órgão (todos os anos e um ano), o de todos os
órgãos da conta e o de um certame (meta: ≤ 500 ms); e o PDF do relatório anual da comissão de monitoramento de um órgão
(meta: ≤ 5 s).

Uso: python bench/bench_indicadores.py [--orgaos N] [--anos A] [--inscricoes I] [--rodadas R] [--manter] [--banco B]
"""

from __future__ import annotations

import argparse
import random
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
)

BANCO = "bench_indicadores"
META_MS = 500
META_RELATORIO_S = 5
CARGOS_POR_CERTAME = 20
CORES = ["branca"] * 40 + ["parda"] * 46 + ["preta"] * 11 + ["indigena"] * 2 + ["amarela"] * 1
HETERO = ["confirmado"] * 16 + ["nao_confirmado"] * 2 + ["ausente"] + ["pendente"]


def gravar_dados(orgaos: int, anos: int, inscricoes: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from concursos.models import Cargo, Certame
    from concursos.services.certame import certame_publicar
    from nucleo.models import Municipio, Orgao

    sorteio = random.Random(13)
    usuario = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench-senha-123")
    municipio = Municipio.objects.pelo_nome("Vargem Alta", "ES")
    modelo = Certame.objects.create(
        orgao=Orgao.objects.create(nome="Órgão 00", municipio=municipio), numero_edital="000/2025",
        titulo="Modelo", data_edital=date(2025, 2, 3), **prazos_do_edital(date(2025, 2, 3)))
    Cargo.objects.create(certame=modelo, codigo="M", nome="Modelo", vagas=3)
    modelo = certame_publicar(certame=modelo, usuario=usuario)
    regras = modelo.regras_motor()
    lista_orgaos = [modelo.orgao, *Orgao.objects.bulk_create(
        [Orgao(nome=f"Órgão {i:02d}", municipio=municipio) for i in range(1, orgaos)])]
    certames = Certame.objects.bulk_create([
        Certame(orgao=o, numero_edital=f"{i + 1:03d}/{2026 - anos + a}", titulo=f"Concurso {2026 - anos + a}",
                municipio=municipio, data_edital=date(2026 - anos + a, 3, 1),
                **prazos_do_edital(date(2026 - anos + a, 3, 1)), estado="homologado", lei_id=modelo.lei_id,
                regras=modelo.regras, motivo_lei=modelo.motivo_lei, publicado_em=modelo.publicado_em)
        for i, o in enumerate(lista_orgaos) for a in range(anos)])
    cargos = Cargo.objects.bulk_create([
        Cargo(certame=c, codigo=f"C{k:02d}", nome=f"Cargo {k}", vagas=sorteio.randint(1, 30), vagas_pcd=0)
        for c in certames for k in range(CARGOS_POR_CERTAME)])
    por_cargo = inscricoes // len(cargos)
    from legislacao import motor

    ordens = {}
    with connection.cursor() as django_cursor:
        cursor = django_cursor.cursor
        copiar(cursor, "concursos_candidato",
               "orgao_id, nome, nome_social, nome_busca, cpf, genero, cor_raca, quilombola, pcd, email, telefone",
               ((str(cargos[i // por_cargo].certame.orgao_id), f"Pessoa {i}", "", f"pessoa {i}",
                 cpf_valido(100_000_000 + i), sorteio.choice(["feminino", "masculino"]), "", "f", "f", "", "")
                for i in range(por_cargo * len(cargos))))
        cursor.execute("SELECT min(id) FROM concursos_candidato")
        primeiro = cursor.fetchone()[0]
        cotistas: dict[int, list[int]] = {}

        def linhas():
            for i in range(por_cargo * len(cargos)):
                cargo = cargos[i // por_cargo]
                cor = sorteio.choice(CORES)
                reserva = cor in ("preta", "parda", "indigena") and sorteio.random() < 0.6
                hetero = sorteio.choice(HETERO) if reserva else "nao_se_aplica"
                if reserva:
                    cotistas.setdefault(cargo.pk, []).append(i)
                yield (str(cargo.certame_id), str(cargo.pk), str(primeiro + i), f"{i + 1:08d}", "t" if reserva else "f",
                       cor, "f", "f", f"{100 - (i % por_cargo) * 90 / por_cargo:.3f}", str(i % por_cargo + 1),
                       "habilitado", hetero)

        copiar(cursor, "concursos_inscricao",
               "certame_id, cargo_id, candidato_id, numero, reserva, cor_raca, quilombola, pcd, nota_final, "
               "classificacao, situacao, heteroidentificacao", linhas())
        cursor.execute("SELECT min(id) FROM concursos_inscricao")
        primeira = cursor.fetchone()[0]
        copiar(cursor, "concursos_chamada", "cargo_id, numero, tipo, data, ato, observacao, criada_em",
               ((str(c.pk), "1", "inicial", f"{c.certame.data_edital.year}-09-01", "Decreto", "",
                 f"{c.certame.data_edital.year}-09-01 10:00:00+00") for c in cargos))
        cursor.execute("SELECT cargo_id, id FROM concursos_chamada")
        chamadas = dict(cursor.fetchall())

        def convocacoes():
            for n, cargo in enumerate(cargos):
                if cargo.vagas not in ordens:
                    ordens[cargo.vagas] = motor.calcular_quadro(regras, cargo.vagas).ordem
                base = n * por_cargo
                for posicao, vaga in enumerate(ordens[cargo.vagas], 1):
                    revertida = vaga != motor.AMPLA and sorteio.random() < 0.3
                    lista = motor.AMPLA if revertida else vaga
                    desistiu = sorteio.random() < 0.05
                    yield (str(chamadas[cargo.pk]), str(cargo.pk), str(posicao), vaga, lista, "",
                           str(primeira + base + posicao - 1),
                           f"{cargo.certame.data_edital.year}-10-01" if desistiu else "\\N",
                           "desistencia" if desistiu else "", "", "")

        copiar(cursor, "concursos_convocacao",
               "chamada_id, cargo_id, posicao, vaga, lista, pela_lista, inscricao_id, desistiu_em, causa_vacancia, "
               "ato_nomeacao, ato_desistencia", convocacoes())
        cursor.execute("ANALYZE")


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--orgaos", type=int, default=50)
    argumentos.add_argument("--anos", type=int, default=10)
    argumentos.add_argument("--inscricoes", type=int, default=1_000_000)
    argumentos.add_argument("--rodadas", type=int, default=9)
    argumentos.add_argument("--manter", action="store_true", help="reaproveita o banco já gravado")
    argumentos.add_argument("--banco", default=BANCO, type=nome_de_banco, help=f"nome do banco (padrão {BANCO})")
    opcoes = argumentos.parse_args()
    inicio = time.perf_counter()
    if banco_postgres_proprio(opcoes.banco, manter=opcoes.manter, cliente_de_teste=True):
        gravar_dados(opcoes.orgaos, opcoes.anos, opcoes.inscricoes)
        print(f"Dados: {opcoes.orgaos} órgãos × {opcoes.anos} anos, {milhar(opcoes.inscricoes)} inscrições, gravados "
              f"em {time.perf_counter() - inicio:.1f} s (fora da medição)")
    else:
        print(f"Dados: banco {opcoes.banco} reaproveitado (--manter)")

    from django.contrib.auth import get_user_model
    from django.test import Client

    from concursos.models import Certame, Convocacao, Inscricao
    from nucleo.models import Orgao

    print(f"  {milhar(Inscricao.objects.count())} inscrições, {milhar(Convocacao.objects.count())} posições chamadas, "
          f"{Certame.objects.count()} certames")
    cliente = Client()
    entrar_no_admin(cliente, get_user_model().objects.get(username="bench"))
    orgao = Orgao.objects.order_by("nome")[min(7, opcoes.orgaos - 1)]
    certame = Certame.objects.filter(orgao=orgao).order_by("-data_edital").first()
    ano = certame.data_edital.year
    cenarios = [
        ("Um órgão, todos os anos", f"/admin/indicadores/?orgao={orgao.pk}"),
        ("Um órgão, um ano", f"/admin/indicadores/?orgao={orgao.pk}&ano={ano}"),
        ("Todos os órgãos, um ano (números do cache)", f"/admin/indicadores/?ano={ano}"),
        ("Todos os órgãos, todos os anos (números do cache)", "/admin/indicadores/"),
        ("Um certame (com a ordem de nomeação de 20 cargos)", f"/admin/indicadores/certame/{certame.pk}/"),
    ]
    from django.core.cache import cache

    print(f"Painel de indicadores (mediana de {opcoes.rodadas} requisições; meta ≤ {META_MS} ms):")
    for rotulo, url in cenarios[2:4]:
        cache.clear()
        inicio = time.perf_counter()
        assert cliente.get(url).status_code == 200
        print(f"  {rotulo}, calculado na hora (o cache vazio): {(time.perf_counter() - inicio) * 1000:.0f} ms")
    for rotulo, url in cenarios:
        mediana, consultas, resposta = medir_requisicoes(cliente, url, opcoes.rodadas)
        assert resposta.status_code == 200, (url, resposta.status_code)
        situacao = "ok" if mediana <= META_MS else "ACIMA DA META"
        print(f"  {rotulo}: {mediana:.0f} ms, {consultas} consultas — {situacao}")
    medir_relatorio(orgao, ano, opcoes.rodadas)


def medir_relatorio(orgao, ano: int, rodadas: int) -> None:
    """O PDF do relatório anual da comissão de monitoramento do órgão (indicadores, tendência e gráficos)."""
    import statistics
    from datetime import date as data

    from django.contrib.auth import get_user_model

    from legislacao.models import Lei
    from monitoramento.documentos import relatorio_pdf_emitir
    from monitoramento.graficos import _DESENHADOS
    from monitoramento.models import ComissaoMonitoramento, RelatorioMonitoramento
    from monitoramento.services import relatorio_emitir

    usuario = get_user_model().objects.get(username="bench")
    # A lei que pede o relatório anual (Ubatuba art. 9º, § 2º); os certames do benchmark são de Vargem Alta, e os
    # indicadores, os de cada edital.
    lei = Lei.objects.vigentes_versoes().get(slug="ubatuba-sp-lei-3765-2014")
    comissao, _ = ComissaoMonitoramento.objects.get_or_create(
        orgao=orgao, lei=lei, defaults={"ato_numero": "Decreto nº 1/2016", "ato_data": data(2016, 1, 4),
                                        "inicio": data(2016, 1, 4)})
    relatorio = RelatorioMonitoramento.objects.filter(comissao=comissao, ano_referencia=ano).first()
    if relatorio is None:
        relatorio = relatorio_emitir(relatorio=RelatorioMonitoramento.objects.create(
            comissao=comissao, ano_referencia=ano, conclusoes="Conclusões do benchmark."), usuario=usuario,
            motivo="Emitido pelo benchmark.")
    tempos = []
    for _ in range(max(3, rodadas // 2)):
        _DESENHADOS.clear()
        inicio = time.perf_counter()
        documento = relatorio_pdf_emitir(relatorio=relatorio, usuario=usuario)
        tempos.append(time.perf_counter() - inicio)
    situacao = "ok" if statistics.median(tempos) <= META_RELATORIO_S else "ACIMA DA META"
    print(f"Relatório anual da comissão em PDF ({documento.paginas} páginas; mediana de {len(tempos)}, os gráficos "
          f"desenhados de novo a cada vez; meta ≤ {META_RELATORIO_S} s): {statistics.median(tempos):.2f} s — "
          f"{situacao}")


if __name__ == "__main__":
    main()

"""As regras do motor para as cinco leis de origem, em Python puro (sem banco).

Espelham a migração legislacao/migrations/0002_cinco_leis.py campo a campo, com os mesmos artigos;
`test_motor_leis.py` confere que as duas descrições não divergem. Acrescenta um preset no molde da
Lei federal 15.142/2025 (docs/dominio.md, «Os modelos federais»), que as leis municipais não exercitam:
três grupos, mínimo 2 e reversão em cascata entre grupos antes da ampla.
"""

from __future__ import annotations

from decimal import Decimal

from legislacao.motor import Grupo, Padrao, Regras

PRETOS_PARDOS = frozenset({"preta", "parda"})
INDIGENAS = frozenset({"indigena"})

VARGEM_ALTA = Regras(
    slug="vargem-alta-es-2023",
    grupos=(
        Grupo("NEG", "Negros (pretos e pardos)", Decimal("17.00"), PRETOS_PARDOS, artigo="art. 1º, I",
              artigo_padrao="art. 5º"),
        Grupo("IND", "Indígenas", Decimal("3.00"), INDIGENAS, artigo="art. 1º, II", artigo_padrao="art. 5º"),
    ),
    minimo_vagas=3,
    artigo_minimo="art. 2º, caput e § 2º",
    artigo_arredondamento="art. 2º, § 1º",
    artigo_reversao="art. 4º, § 3º",
    artigo_ampla="art. 4º, § 1º",
)

IUNA = Regras(
    slug="iuna-es",
    grupos=(
        Grupo("NEG", "Negros (pretos e pardos)", Decimal("20.00"), PRETOS_PARDOS, padrao=Padrao.POSICOES,
              posicoes=(3,), artigo="art. 3º, I", artigo_padrao="art. 3º, § 1º, I, e art. 6º"),
        Grupo("IND", "Indígenas", Decimal("5.00"), INDIGENAS, padrao=Padrao.POSICOES, posicoes=(10,),
              artigo="art. 3º, II", artigo_padrao="art. 3º, § 1º, II, e art. 6º"),
    ),
    minimo_vagas=3,
    artigo_minimo="art. 3º, § 2º",
    artigo_arredondamento="art. 3º, § 3º",
    artigo_reversao="art. 8º",
    artigo_ampla="art. 5º, § 1º",
    lista_mais_favoravel=True,
    artigo_lista_mais_favoravel="art. 5º, §§ 1º e 2º",
)

IBATIBA = Regras(
    slug="ibatiba-es-2024",
    grupos=(
        Grupo("NPI", "Negros, pardos e indígenas", Decimal("20.00"), frozenset({"preta", "parda", "indigena"}),
              artigo="art. 1º", artigo_padrao="art. 5º"),
    ),
    minimo_vagas=3,
    artigo_minimo="art. 1º, § 1º (por cargo)",
    artigo_arredondamento="art. 1º, § 2º",
    artigo_ordem_nomeacao="art. 5º, I a III",
    artigo_desempate="art. 5º, I a III",
    artigo_reversao="art. 4º, § 3º",
    artigo_ampla="art. 4º, § 1º",
)

UBATUBA = Regras(
    slug="ubatuba-sp-lei-3765-2014",
    grupos=(
        Grupo("NIQ", "Negros, índios e quilombolas", Decimal("20.00"), frozenset({"preta", "parda", "indigena"}),
              quilombola=True, artigo="art. 1º", artigo_padrao="art. 7º"),
    ),
    minimo_vagas=3,
    artigo_minimo="art. 2º, § 2º",
    artigo_arredondamento="art. 2º, § 3º",
    artigo_ordem_nomeacao="art. 7º, § 1º, I a III",
    equidade_genero=True,
    artigo_equidade_genero="art. 1º, parágrafo único, II, e art. 2º, § 4º",
    pcd_primeiro_nos_empregos=True,
    artigo_pcd_primeiro_nos_empregos="art. 7º, caput",
    artigo_reversao="art. 4º, § 2º",
    artigo_ampla="art. 4º",
)

AFONSO_CLAUDIO = Regras(
    slug="afonso-claudio-es-lei-2552-2023",
    grupos=(
        Grupo("PP", "Pretos e pardos", Decimal("20.00"), PRETOS_PARDOS, padrao=Padrao.A_CADA, intervalo=5,
              artigo="art. 1º, caput", artigo_padrao="art. 3º, § 1º"),
    ),
    minimo_vagas=5,
    artigo_minimo="art. 1º, § 1º",
    artigo_arredondamento="art. 1º, § 2º",
    artigo_reversao="art. 5º",
    artigo_ampla="art. 1º, § 3º",
)

CINCO_LEIS = (VARGEM_ALTA, IUNA, IBATIBA, UBATUBA, AFONSO_CLAUDIO)
POR_SLUG = {r.slug: r for r in CINCO_LEIS}

# Molde da Lei 15.142/2025 segundo docs/dominio.md: 25% + 3% + 2%, a partir de 2 vagas, e as vagas não
# preenchidas passam de quilombolas a indígenas (e vice-versa), depois a pretos e pardos, por fim à ampla.
FEDERAL = Regras(
    slug="federal-lei-15142-2025",
    grupos=(
        Grupo("PP", "Pretos e pardos", Decimal("25.00"), PRETOS_PARDOS, artigo="Lei 15.142/2025"),
        Grupo("IND", "Indígenas", Decimal("3.00"), INDIGENAS, reverte_para=("QUI", "PP"), artigo="Lei 15.142/2025"),
        Grupo("QUI", "Quilombolas", Decimal("2.00"), frozenset(), quilombola=True, reverte_para=("IND", "PP"),
              artigo="Lei 15.142/2025"),
    ),
    minimo_vagas=2,
    artigo_reversao="Lei 15.142/2025",
)

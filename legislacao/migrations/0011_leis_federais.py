"""Carrega os modelos federais: a Lei 15.142/2025, com a regulamentação do Decreto 12.536/2025, e a Lei 12.990/2014,
que continua a reger os editais federais publicados antes de 04/06/2025 (Lei 15.142/2025, art. 11).

Os textos estão em legislacao/dados/leis/ (as fontes e o que não foi localizado, no README.md de lá); as regras,
explicadas, em docs/dominio.md, «Os modelos federais». O decreto não é um registro à parte: regulamenta a Lei
15.142/2025 (art. 1º, § 1º) e não se aplica sem ela, por isso o texto dele vai no mesmo registro, depois do da lei.
"""

from datetime import date
from decimal import Decimal
from pathlib import Path

from django.db import migrations

TEXTOS = Path(__file__).resolve().parent.parent / "dados" / "leis"
DECRETO = "federal-decreto-12536-2025"
LEI_15142 = "federal-lei-15142-2025"
LEI_12990 = "federal-lei-12990-2014"
# Os artigos do decreto que fixam os percentuais, a cascata e a reserva única não foram localizados (README.md dos
# textos): a regra cita o decreto, sem inventar o número do artigo.
D12536 = "Decreto nº 12.536/2025"

LEIS = [
    {
        "slug": LEI_15142, "numero": "15.142/2025",
        "ementa": "Lei nº 15.142, de 3 de junho de 2025, regulamentada pelo Decreto nº 12.536, de 27 de junho de "
                  "2025 (reserva de 30% das vagas às pessoas pretas e pardas, indígenas e quilombolas)",
        "data_publicacao": date(2025, 6, 4), "artigo_vigor": "art. 14",
        "artigo_irretroatividade": "art. 11",
        "minimo_vagas": 2, "artigo_minimo": "art. 5º",
        "artigo_arredondamento": "art. 5º, § 2º",
        "artigo_ampla": f"art. 7º, § 2º; {D12536}, art. 17",
        "artigo_reversao": f"art. 8º; {D12536} (indígenas ↔ quilombolas → pretos e pardos → ampla)",
        "artigo_desistencia": "art. 7º, § 3º", "artigo_cadastro": "art. 5º, § 3º e § 4º",
        "uma_reserva_so": True, "artigo_uma_reserva": f"{D12536} (classificação em múltiplas hipóteses de reserva)",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_temporario": True, "artigo_abrangencia": "art. 1º, I e II",
        "exige_heteroidentificacao": True, "artigo_heteroidentificacao": "art. 3º, caput e § 1º",
        "nao_confirmacao": "ampla", "artigo_nao_confirmacao": "art. 3º, § 2º",
        "ausencia": "ampla",
        "artigo_ausencia": "IN Conjunta MGI/MIR/MPI nº 261/2025; a lei só elimina por fraude ou má-fé (art. 4º)",
        "artigo_fraude": "art. 4º, § 1º e § 2º",
        "observacoes": (
            "Abrange a administração pública federal direta, as autarquias, as fundações públicas, as empresas "
            "públicas e as sociedades de economia mista controladas pela União, e os processos seletivos "
            "simplificados de contratação temporária da Lei 8.745/1993 da administração direta, das autarquias e "
            "das fundações (art. 1º, I e II). O percentual incide também sobre as vagas que surgirem na validade "
            "(art. 1º, § 2º). A eliminação só cabe por fraude ou má-fé apurada em procedimento com contraditório e "
            "ampla defesa; o resultado vai ao Ministério Público e à AGU (art. 4º). A reserva vale em todas as "
            "etapas, para quem atinge a nota mínima de cada fase (art. 6º) — ainda não aplicado pelo sistema. A "
            "ordem de nomeação pela alternância e proporcionalidade vale para a vida funcional toda (art. 9º, "
            "§ 2º). Esgotada a ampla, podem ser nomeados os que restarem na reserva (art. 9º, § 1º). O "
            "procedimento de confirmação é reavaliado a cada 2 anos (art. 3º, § 3º) e o programa, revisto em 10 "
            "anos (art. 12): a lei não tem prazo de vigência. Incisos III a V do art. 3º vetados. A comissão de "
            "confirmação segue a Instrução Normativa Conjunta MGI/MIR/MPI nº 261/2025 (5 integrantes e suplentes, "
            "diversidade de gênero, de cor e, se possível, regional)."),
        "grupos": [
            {"codigo": "PP", "nome": "Pretos e pardos", "percentual": "25.00", "artigo": f"art. 1º; {D12536}",
             "preta": True, "parda": True, "artigo_elegibilidade": "art. 2º, I", "artigo_padrao": "art. 9º"},
            {"codigo": "IND", "nome": "Indígenas", "percentual": "3.00", "artigo": f"art. 1º, § 1º; {D12536}",
             "indigena": True, "artigo_elegibilidade": "art. 2º, II",
             "documentos": "Confirmação complementar à autodeclaração por procedimento fixado em regulamento.",
             "artigo_documentos": "art. 3º, § 4º",
             "artigo_padrao": "art. 9º", "reverte_para": "QUI,PP"},
            {"codigo": "QUI", "nome": "Quilombolas", "percentual": "2.00", "artigo": f"art. 1º, § 1º; {D12536}",
             "quilombola": True, "artigo_elegibilidade": "art. 2º, III",
             "documentos": "Confirmação complementar à autodeclaração por procedimento fixado em regulamento.",
             "artigo_documentos": "art. 3º, § 4º",
             "artigo_padrao": "art. 9º", "reverte_para": "IND,PP"},
        ],
    },
    {
        "slug": LEI_12990, "numero": "12.990/2014",
        "ementa": "Lei nº 12.990, de 9 de junho de 2014 (reserva aos negros de 20% das vagas nos concursos "
                  "públicos federais)",
        "data_publicacao": date(2014, 6, 10), "artigo_vigor": "art. 6º",
        "vigencia_anos": 10, "artigo_vigencia": "art. 6º",
        "artigo_irretroatividade": "art. 6º, parágrafo único",
        "encerrada_em": date(2025, 6, 4),
        "artigo_encerramento": "Lei 15.142/2025, arts. 11 e 13, que a revogou salvo para editais anteriores; STF, "
                               "ADI 7.654",
        "minimo_vagas": 3, "artigo_minimo": "art. 1º, § 1º",
        "artigo_arredondamento": "art. 1º, § 2º",
        "artigo_ampla": "art. 3º, § 1º", "artigo_reversao": "art. 3º, § 3º", "artigo_desistencia": "art. 3º, § 2º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "artigo_abrangencia": "art. 1º",
        "artigo_fraude": "art. 2º, parágrafo único",
        "observacoes": (
            "Abrange a administração pública federal, as autarquias, as fundações públicas, as empresas públicas e "
            "as sociedades de economia mista controladas pela União (art. 1º). A lei não trata da comissão de "
            "heteroidentificação; a declaração falsa elimina, ou anula a admissão, após procedimento com "
            "contraditório e ampla defesa (art. 2º, parágrafo único). O prazo de 10 anos do art. 6º terminaria em "
            "10/06/2024; o STF (ADI 7.654, medida cautelar referendada em 14/06/2024) manteve a reserva até a "
            "conclusão do processo legislativo, e a Lei 15.142/2025 a revogou ressalvados os editais publicados "
            "antes da sua entrada em vigor (arts. 11 e 13)."),
        "grupos": [
            {"codigo": "NEG", "nome": "Negros (pretos e pardos)", "percentual": "20.00", "artigo": "art. 1º",
             "preta": True, "parda": True, "artigo_elegibilidade": "art. 2º", "artigo_padrao": "art. 4º"},
        ],
    },
]


def texto(slug: str) -> str:
    texto = (TEXTOS / f"{slug}.txt").read_text(encoding="utf-8")
    if slug == LEI_15142:
        texto += "\n\n" + (TEXTOS / f"{DECRETO}.txt").read_text(encoding="utf-8")
    return texto


def carregar(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    for dados in LEIS:
        dados = dict(dados)
        grupos = dados.pop("grupos")
        lei = Lei.objects.create(esfera="federal", texto=texto(dados["slug"]), **dados)
        for ordem, grupo in enumerate(grupos, 1):
            GrupoReserva.objects.create(lei=lei, ordem=ordem, **dict(grupo, percentual=Decimal(grupo["percentual"])))


def remover(apps, schema_editor):
    apps.get_model("legislacao", "Lei").objects.filter(slug__in=[d["slug"] for d in LEIS]).delete()


class Migration(migrations.Migration):
    dependencies = [("legislacao", "0010_encerramento_e_reserva_unica")]

    operations = [migrations.RunPython(carregar, remover)]

"""Carrega as cinco leis municipais de origem do produto, com textos integrais e artigos.

Os textos estão em legislacao/dados/leis/<slug>.txt; as regras, explicadas, em docs/dominio.md.
"""

from datetime import date
from decimal import Decimal
from pathlib import Path

from django.db import migrations

TEXTOS = Path(__file__).resolve().parent.parent / "dados" / "leis"

LEIS = [
    {
        "slug": "vargem-alta-es-2023",
        "municipio": "Vargem Alta", "uf": "ES", "numero": "",
        "ementa": "Lei municipal de Vargem Alta/ES, de 19 de maio de 2023 (reserva de vagas para negros e "
                  "indígenas)",
        "data_publicacao": date(2023, 5, 19), "artigo_vigor": "art. 7º",
        "vigencia_anos": 10, "artigo_vigencia": "art. 7º", "artigo_irretroatividade": "art. 6º",
        "minimo_vagas": 3, "artigo_minimo": "art. 2º, caput e § 2º",
        "artigo_arredondamento": "art. 2º, § 1º", "artigo_prioridade": "art. 5º (alternância e proporcionalidade)",
        "artigo_ampla": "art. 4º, § 1º", "artigo_reversao": "art. 4º, § 3º", "artigo_desistencia": "art. 4º, § 2º",
        "artigo_cadastro": "art. 2º, § 2º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_temporario": True, "artigo_abrangencia": "art. 1º e parágrafo único",
        "artigo_fraude": "art. 3º, parágrafo único",
        "observacoes": "A autodeclaração é feita na inscrição e não pode ser pedida depois (art. 3º). "
                       "Abrange administração direta, autarquias, fundações, empresas públicas e sociedades de "
                       "economia mista do Município (art. 1º, parágrafo único).",
        "grupos": [
            {"codigo": "NEG", "nome": "Negros (pretos e pardos)", "percentual": "17.00", "artigo": "art. 1º, I",
             "preta": True, "parda": True, "artigo_elegibilidade": "art. 3º",
             "artigo_padrao": "art. 5º"},
            {"codigo": "IND", "nome": "Indígenas", "percentual": "3.00", "artigo": "art. 1º, II",
             "indigena": True, "artigo_elegibilidade": "art. 3º", "artigo_padrao": "art. 5º"},
        ],
    },
    {
        "slug": "iuna-es",
        "municipio": "Iúna", "uf": "ES", "numero": "",
        "ementa": "Lei municipal de Iúna/ES (reserva de vagas para negros e indígenas)",
        "data_publicacao": None, "artigo_vigor": "art. 10",
        "artigo_irretroatividade": "art. 9º",
        "minimo_vagas": 3, "artigo_minimo": "art. 3º, § 2º",
        "artigo_arredondamento": "art. 3º, § 3º", "artigo_prioridade": "art. 6º (alternância e proporcionalidade)",
        "artigo_ampla": "art. 5º, § 1º", "artigo_reversao": "art. 8º", "artigo_desistencia": "art. 7º, § 1º",
        "artigo_cadastro": "art. 7º, § 2º",
        "aplica_concurso": True, "aplica_processo_seletivo": True, "aplica_temporario": True,
        "artigo_abrangencia": "art. 1º",
        "exige_heteroidentificacao": True, "artigo_heteroidentificacao": "art. 2º, § 1º e § 5º (decreto)",
        "artigo_fraude": "art. 2º, § 2º e § 3º",
        "observacoes": "O texto não traz a data de publicação: informe-a para que a lei se aplique a editais. "
                       "Presumem-se verdadeiras as informações da inscrição (art. 2º, § 4º). O candidato aprovado "
                       "na ampla é nomeado pela lista que lhe for mais favorável (art. 5º, § 2º).",
        "grupos": [
            {"codigo": "NEG", "nome": "Negros (pretos e pardos)", "percentual": "20.00", "artigo": "art. 3º, I",
             "preta": True, "parda": True, "artigo_elegibilidade": "art. 2º, I",
             "padrao": "posicoes", "posicoes": "3", "artigo_padrao": "art. 3º, § 1º, I, e art. 6º"},
            {"codigo": "IND", "nome": "Indígenas", "percentual": "5.00", "artigo": "art. 3º, II",
             "indigena": True, "artigo_elegibilidade": "art. 2º, II",
             "documentos": "Declaração de pertencimento étnico expedida por caciques, tuxauas, lideranças "
                           "indígenas de comunidades, associações ou organizações representativas dos povos "
                           "indígenas; ou ao menos um destes: a) registro civil com a identificação étnica; "
                           "b) Registro Nacional de Nascimento (RANI) expedido pela FUNAI; c) comprovante de "
                           "residência em áreas ou territórios indígenas, demarcados ou não; d) certidão de "
                           "nascimento ou RG que expresse o local de nascimento.",
             "artigo_documentos": "art. 2º, II",
             "padrao": "posicoes", "posicoes": "10", "artigo_padrao": "art. 3º, § 1º, II, e art. 6º"},
        ],
    },
    {
        "slug": "ibatiba-es-2024",
        "municipio": "Ibatiba", "uf": "ES", "numero": "",
        "ementa": "Lei municipal de Ibatiba/ES, de 20 de junho de 2024 (reserva de vagas para pessoas negras, "
                  "pardas e indígenas)",
        "data_publicacao": date(2024, 6, 20), "artigo_vigor": "art. 8º",
        "artigo_irretroatividade": "art. 6º",
        "minimo_vagas": 3, "artigo_minimo": "art. 1º, § 1º (por cargo)",
        "artigo_arredondamento": "art. 1º, § 2º", "artigo_prioridade": "art. 5º, I a III",
        "artigo_ampla": "art. 4º, § 1º", "artigo_reversao": "art. 4º, § 3º", "artigo_desistencia": "art. 4º, § 2º",
        "aplica_concurso": True, "aplica_processo_seletivo": True, "artigo_abrangencia": "art. 1º",
        "observacoes": "A reserva se aplica em todas as fases, inclusive nas notas de corte (art. 3º). "
                       "Regulamentação por decreto (art. 7º).",
        "grupos": [
            {"codigo": "NPI", "nome": "Negros, pardos e indígenas", "percentual": "20.00", "artigo": "art. 1º",
             "preta": True, "parda": True, "indigena": True, "artigo_elegibilidade": "art. 2º",
             "documentos": "A condição deve constar de documentos oficiais.", "artigo_documentos": "art. 2º",
             "artigo_padrao": "art. 5º"},
        ],
    },
    {
        "slug": "ubatuba-sp-lei-3765-2014",
        "municipio": "Ubatuba", "uf": "SP", "numero": "3.765",
        "ementa": "Lei nº 3.765, de 16 de junho de 2014, de Ubatuba/SP (reserva de vagas para negros, índios e "
                  "quilombolas)",
        "data_publicacao": date(2014, 6, 16), "artigo_vigor": "art. 15",
        "vigencia_anos": 10, "artigo_vigencia": "art. 13", "artigo_irretroatividade": "art. 14",
        "minimo_vagas": 3, "artigo_minimo": "art. 2º, § 2º",
        "artigo_arredondamento": "art. 2º, § 3º", "artigo_prioridade": "art. 7º, § 1º, I a III",
        "artigo_ampla": "art. 4º", "artigo_reversao": "art. 4º, § 2º", "artigo_desistencia": "art. 4º, § 1º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_estagio": True, "aplica_comissao": True,
        "artigo_abrangencia": "art. 1º, parágrafo único, I, e art. 8º",
        "artigo_fraude": "art. 3º, § 2º",
        "observacoes": "Equidade de gênero no preenchimento (art. 1º, parágrafo único, II, e art. 2º, § 4º). "
                       "Empregos públicos: as vagas PcD são preenchidas primeiro (art. 7º, caput). A opção pela "
                       "reserva é facultativa (art. 3º, § 1º). Comissão de monitoramento com relatório anual em "
                       "abril (art. 9º) e relatório conclusivo a cada dois anos (art. 13).",
        "grupos": [
            {"codigo": "NIQ", "nome": "Negros, índios e quilombolas", "percentual": "20.00", "artigo": "art. 1º",
             "preta": True, "parda": True, "indigena": True, "quilombola": True,
             "artigo_elegibilidade": "art. 3º", "artigo_padrao": "art. 7º"},
        ],
    },
    {
        "slug": "afonso-claudio-es-lei-2552-2023",
        "municipio": "Afonso Cláudio", "uf": "ES", "numero": "2.552/2023",
        "ementa": "Lei nº 2.552/2023 de Afonso Cláudio/ES (reserva de vagas para pretos e pardos e "
                  "heteroidentificação)",
        "data_publicacao": date(2023, 11, 30), "artigo_vigor": "art. 14",
        "artigo_irretroatividade": "art. 14",
        "minimo_vagas": 5, "artigo_minimo": "art. 1º, § 1º",
        "artigo_arredondamento": "art. 1º, § 2º", "artigo_prioridade": "art. 3º, § 1º",
        "artigo_ampla": "art. 1º, § 3º", "artigo_reversao": "art. 5º", "artigo_desistencia": "art. 3º, § 2º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "artigo_abrangencia": "art. 1º",
        "exige_heteroidentificacao": True, "artigo_heteroidentificacao": "art. 6º e art. 9º",
        "nao_confirmacao": "eliminacao", "artigo_nao_confirmacao": "art. 7º (declaração falsa)",
        "ausencia": "eliminacao", "artigo_ausencia": "art. 9º, § 9º",
        "artigo_fraude": "art. 7º e parágrafo único",
        "duvida_favorece": True, "artigo_duvida": "art. 6º, § 1º",
        "comissao_minimo_membros": 3, "comissao_minimo_pretos_pardos": 2, "comissao_minimo_estaveis": 2,
        "comissao_presidente_carreira": True, "comissao_residencia_anos": 5, "comissao_escolaridade_edital": True,
        "artigo_comissao": "art. 8º, I e II, § 2º e § 3º",
        "maioria": "absoluta_membros", "artigo_maioria": "art. 9º, § 4º",
        "votacao_secreta": True, "artigo_votacao": "art. 11, § 2º",
        "recurso": "mesma_ou_superior", "artigo_recurso": "art. 6º, § 2º",
        "observacoes": "O texto traz a data de aprovação pela Câmara (30/11/2023), usada como publicação; "
                       "corrija-a se o ato publicado tiver outra data. Revisão da lei em 10 anos (art. 12). "
                       "Sigilo dos nomes da comissão até o resultado (art. 11, § 1º); currículos publicados "
                       "(art. 11, § 3º); procedimento filmado (art. 9º, § 2º); nunca deliberar na presença do "
                       "candidato (art. 9º, § 6º).",
        "grupos": [
            {"codigo": "PP", "nome": "Pretos e pardos", "percentual": "20.00", "artigo": "art. 1º, caput",
             "preta": True, "parda": True, "artigo_elegibilidade": "art. 2º",
             "padrao": "a_cada", "intervalo": 5, "artigo_padrao": "art. 3º, § 1º"},
        ],
    },
]


def carregar(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    GrupoReserva = apps.get_model("legislacao", "GrupoReserva")
    for dados in LEIS:
        dados = dict(dados)
        grupos = dados.pop("grupos")
        texto = (TEXTOS / f"{dados['slug']}.txt").read_text(encoding="utf-8")
        lei = Lei.objects.create(esfera="municipal", texto=texto, **dados)
        for ordem, grupo in enumerate(grupos, 1):
            grupo = dict(grupo, percentual=Decimal(grupo["percentual"]))
            GrupoReserva.objects.create(lei=lei, ordem=ordem, **grupo)


def remover(apps, schema_editor):
    apps.get_model("legislacao", "Lei").objects.filter(slug__in=[d["slug"] for d in LEIS]).delete()


class Migration(migrations.Migration):
    dependencies = [("legislacao", "0001_initial")]

    operations = [migrations.RunPython(carregar, remover)]

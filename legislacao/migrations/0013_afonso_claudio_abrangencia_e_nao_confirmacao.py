"""Issue 12, item 8: as datas e a abrangência das leis de origem, e o que a lei diz do candidato não confirmado.

- **Afonso Cláudio**: o texto traz a data de aprovação pela Câmara (30/11/2023), não a da publicação, e a lei vigora
  na publicação (art. 14). A data passa a desconhecida até alguém a informar (como Iúna): a lei não se aplica a editais
  enquanto isso. E a não confirmação da autodeclaração deixa de ser «eliminação» pelo art. 7º (que trata da falsidade
  apurada): a lei não dispõe, e o edital escolhe (art. 9º, § 10; decisão 0018). As duas mudam uma regra: numa versão
  congelada (usada por edital publicado), entram numa versão nova, e a congelada ganha só uma linha nas observações.
  Só se muda o que ainda é o valor de origem: a data que alguém já corrigiu fica.
- **Abrangência** (o art. 1º de cada lei): os Poderes e as entidades que a lei alcança, campos novos, preenchidos do
  texto em todas as versões; os tipos de seleção conferidos contra o texto, com o artigo. «Contratação temporária» e
  «processos seletivos» eram dois campos para o mesmo tipo de certame: ficam num só (a migração 0014 tira o outro).
  A abrangência nunca muda um resultado — só produz avisos —, por isso corrige-se no lugar, com uma linha no
  histórico de cada versão.
"""

from datetime import date

from django.db import migrations, models
from django.utils import timezone

AFONSO_CLAUDIO = "afonso-claudio-es-lei-2552-2023"
APROVACAO_PELA_CAMARA = date(2023, 11, 30)
NAO_CONFIRMACAO_DE_ORIGEM = ("eliminacao", "art. 7º")
OBSERVACAO_DE_ORIGEM = ("O texto traz a data de aprovação pela Câmara (30/11/2023), usada como publicação; corrija-a "
                        "se o ato publicado tiver outra data. ")
# O que a versão atual de Afonso Cláudio passa a dizer (a regra que muda).
AFONSO_CLAUDIO_ATUAL = {
    "data_publicacao": None,
    "nao_confirmacao": "nao_prevista", "artigo_nao_confirmacao": "art. 9º, § 10",
    "observacoes": "O texto traz só a data de aprovação pela Câmara (30/11/2023): a lei vigora na publicação (art. 14), "
                   "cuja data não consta do texto — informe-a para que a lei se aplique a editais. A eliminação do "
                   "art. 7º é pela falsidade apurada; a não confirmação, o edital decide (art. 9º, § 10). Revisão da "
                   "lei em 10 anos (art. 12). Sigilo dos nomes da comissão até o resultado (art. 11, § 1º); currículos "
                   "publicados (art. 11, § 3º); procedimento filmado (art. 9º, § 2º); nunca deliberar na presença do "
                   "candidato (art. 9º, § 6º).",
}
OBSERVACAO_DA_CONGELADA = (" Esta versão, usada por edital publicado, fica como foi publicada; a seguinte corrige a data "
                           "de publicação e a consequência da não confirmação (issue 12).")

TODOS = {"abrange_executivo": True, "abrange_legislativo": True, "abrange_direta": True, "abrange_autarquia": True,
         "abrange_fundacao": True, "abrange_empresa_publica": True, "abrange_economia_mista": True}
# O art. 1º de cada lei, lido do texto (legislacao/dados/leis/): Poderes e entidades, tipos de seleção, artigos.
ABRANGENCIA = {
    # «os órgãos e poderes que compõem a administração direta, as autarquias, as fundações públicas, as empresas
    # públicas e as sociedades de economia mista» (parágrafo único); concursos, processos seletivos, contratação
    # temporária e empregos públicos (caput).
    "vargem-alta-es-2023": {
        **TODOS, "artigo_abrangencia_orgaos": "art. 1º, parágrafo único",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º, caput",
    },
    # «promovidos pela Prefeitura Municipal de Iúna/ES, para provimentos de cargos públicos efetivos e contratação de
    # servidores temporários».
    "iuna-es": {
        "abrange_executivo": True, "abrange_legislativo": False, "abrange_direta": True, "abrange_autarquia": False,
        "abrange_fundacao": False, "abrange_empresa_publica": False, "abrange_economia_mista": False,
        "artigo_abrangencia_orgaos": "art. 1º",
        "aplica_concurso": True, "aplica_emprego_publico": False, "aplica_processo_seletivo": True,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º",
    },
    # «em concurso público e em processo seletivo no âmbito da Administração Pública Municipal»: a administração
    # direta e a indireta (Decreto-Lei 200/1967, art. 4º) do Executivo, que a propôs; o texto não nomeia a Câmara.
    "ibatiba-es-2024": {
        **TODOS, "abrange_legislativo": False, "artigo_abrangencia_orgaos": "art. 1º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º",
    },
    # Ementa: «dos Poderes Executivo e Legislativo e das entidades da administração indireta»; art. 1º: «todos os
    # órgãos e entidades da Administração Direta e Indireta»; art. 12. Os concursos e as «seleções públicas destinados
    # ao provimento de cargos efetivos e empregos públicos» (art. 1º, caput), os estágios (parágrafo único, I) e os
    # cargos em comissão (art. 8º): nenhuma contratação temporária.
    "ubatuba-sp-lei-3765-2014": {
        **TODOS, "artigo_abrangencia_orgaos": "ementa, art. 1º, caput, e art. 12",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": False,
        "aplica_estagio": True, "aplica_comissao": True,
        "artigo_abrangencia": "art. 1º, caput e parágrafo único, I, e art. 8º",
    },
    # «concursos públicos para provimento de cargos efetivos e empregos públicos nos Poderes Executivo e Legislativo
    # do Município de Afonso Cláudio e nas entidades de sua Administração Indireta».
    AFONSO_CLAUDIO: {
        **TODOS, "artigo_abrangencia_orgaos": "art. 1º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": False,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º",
    },
    # Federais (migração 0011): «administração pública federal direta, das autarquias, das fundações públicas, das
    # empresas públicas e das sociedades de economia mista controladas pela União» — o Executivo federal; o Judiciário
    # e o Legislativo da União seguem os próprios atos. A Lei 15.142/2025 alcança também os processos seletivos
    # simplificados da Lei 8.745/1993 (art. 1º, II); a Lei 12.990/2014, só concursos (art. 1º).
    "federal-lei-15142-2025": {
        **TODOS, "abrange_legislativo": False, "artigo_abrangencia_orgaos": "art. 1º, I",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": True,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º, I e II",
    },
    "federal-lei-12990-2014": {
        **TODOS, "abrange_legislativo": False, "artigo_abrangencia_orgaos": "art. 1º",
        "aplica_concurso": True, "aplica_emprego_publico": True, "aplica_processo_seletivo": False,
        "aplica_estagio": False, "aplica_comissao": False, "artigo_abrangencia": "art. 1º",
    },
}
CAMPOS_DA_ABRANGENCIA = list(ABRANGENCIA[AFONSO_CLAUDIO])
# As observações que diziam a abrangência em palavras (ou que a leitura do art. 1º completa): só se ainda são as de
# origem (migração 0002); as que alguém já mudou ficam.
OBSERVACOES = {
    "vargem-alta-es-2023": (
        "A autodeclaração é feita na inscrição e não pode ser pedida depois (art. 3º). Abrange administração direta, "
        "autarquias, fundações, empresas públicas e sociedades de economia mista do Município (art. 1º, parágrafo "
        "único).",
        "A autodeclaração é feita na inscrição e não pode ser pedida depois (art. 3º)."),
    "ibatiba-es-2024": (
        "A reserva se aplica em todas as fases, inclusive nas notas de corte (art. 3º). Regulamentação por decreto "
        "(art. 7º).",
        "A reserva se aplica em todas as fases, inclusive nas notas de corte (art. 3º). Regulamentação por decreto "
        "(art. 7º). «Administração Pública Municipal» (art. 1º) lida como a administração direta e a indireta do "
        "Poder Executivo, que propôs a lei: num certame da Câmara, o painel pede que se confira."),
}
# O motivo no histórico cabe em 100 caracteres (django-simple-history); o resto está nesta migração.
MOTIVO_ABRANGENCIA = "Issue 12: a abrangência do art. 1º (Poderes, entidades, tipos de seleção), lida do texto."
MOTIVO_AFONSO_CLAUDIO = "Issue 12: publicação desconhecida (o texto traz a aprovação); não confirmação à escolha do edital."


def dados_atuais(dados: dict) -> dict:
    """Os dados de uma lei de origem (migrações 0002 a 0011) com os campos desta migração, para quem os repõe
    (`carregar_demo`)."""
    dados = dict(dados)
    temporario = dados.pop("aplica_temporario", False)
    dados["aplica_processo_seletivo"] = dados.get("aplica_processo_seletivo", False) or temporario
    dados |= ABRANGENCIA.get(dados["slug"], {})
    origem, nova = OBSERVACOES.get(dados["slug"], (None, None))
    if dados.get("observacoes") == origem:
        dados["observacoes"] = nova
    if dados["slug"] == AFONSO_CLAUDIO:
        dados |= AFONSO_CLAUDIO_ATUAL
    return dados


def _historico(HistoricalLei, lei, motivo: str) -> None:
    campos = [f.attname for f in HistoricalLei._meta.concrete_fields if not f.attname.startswith("history_")]
    HistoricalLei.objects.create(**{campo: getattr(lei, campo) for campo in campos}, history_date=timezone.now(),
                                 history_type="~", history_change_reason=motivo)


def _nova_versao(Lei, GrupoReserva, DocumentoAceito, atual):
    grupos = list(GrupoReserva.objects.filter(lei=atual))
    nova = Lei.objects.get(pk=atual.pk)
    nova.pk = None
    nova.versao, nova.versao_anterior, nova.congelada = atual.versao + 1, atual, False
    nova.save()
    for grupo in grupos:
        aceitos = list(DocumentoAceito.objects.filter(grupo=grupo))
        grupo.pk, grupo.lei = None, nova
        grupo.save()
        for documento in aceitos:
            documento.pk, documento.grupo = None, grupo
        DocumentoAceito.objects.bulk_create(aceitos)
    return nova


def _juntar_contratacao_temporaria(Lei, HistoricalLei) -> None:
    # O certame «processo seletivo» é a contratação temporária: quem a marcava passa a tê-lo marcado.
    for modelo in (Lei, HistoricalLei):
        modelo.objects.filter(aplica_temporario=True).update(aplica_processo_seletivo=True)


def _abrangencia(Lei, HistoricalLei) -> None:
    for slug, dados in ABRANGENCIA.items():
        origem, nova = OBSERVACOES.get(slug, (None, None))
        for lei in Lei.objects.filter(slug=slug).order_by("versao"):
            campos = list(CAMPOS_DA_ABRANGENCIA)
            for campo, valor in dados.items():
                setattr(lei, campo, valor)
            if lei.observacoes == origem:
                lei.observacoes = nova
                campos.append("observacoes")
            lei.save(update_fields=campos)
            _historico(HistoricalLei, lei, MOTIVO_ABRANGENCIA)


def _afonso_claudio(Lei, GrupoReserva, DocumentoAceito, HistoricalLei) -> None:
    atual = Lei.objects.filter(slug=AFONSO_CLAUDIO, versao_posterior__isnull=True).first()
    if atual is None:
        return
    corrigir = {}
    if atual.data_publicacao == APROVACAO_PELA_CAMARA:
        corrigir["data_publicacao"] = None
    if (atual.nao_confirmacao, atual.artigo_nao_confirmacao) == NAO_CONFIRMACAO_DE_ORIGEM:
        corrigir |= {c: AFONSO_CLAUDIO_ATUAL[c] for c in ("nao_confirmacao", "artigo_nao_confirmacao")}
    if not corrigir:
        return
    if "data_publicacao" in corrigir and atual.observacoes.startswith(OBSERVACAO_DE_ORIGEM):
        corrigir["observacoes"] = AFONSO_CLAUDIO_ATUAL["observacoes"]
    if atual.congelada:
        atual.observacoes += OBSERVACAO_DA_CONGELADA
        atual.save(update_fields=["observacoes"])
        _historico(HistoricalLei, atual, MOTIVO_AFONSO_CLAUDIO)
        atual = _nova_versao(Lei, GrupoReserva, DocumentoAceito, atual)
        atual.observacoes = atual.observacoes.removesuffix(OBSERVACAO_DA_CONGELADA)
    for campo, valor in corrigir.items():
        setattr(atual, campo, valor)
    atual.save()
    _historico(HistoricalLei, atual, MOTIVO_AFONSO_CLAUDIO)


def corrigir(apps, schema_editor):
    Lei = apps.get_model("legislacao", "Lei")
    HistoricalLei = apps.get_model("legislacao", "HistoricalLei")
    _juntar_contratacao_temporaria(Lei, HistoricalLei)
    _abrangencia(Lei, HistoricalLei)
    _afonso_claudio(Lei, apps.get_model("legislacao", "GrupoReserva"), apps.get_model("legislacao", "DocumentoAceito"),
                    HistoricalLei)


class Migration(migrations.Migration):

    dependencies = [
        ('legislacao', '0012_documentos_aceitos'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicallei',
            name='abrange_autarquia',
            field=models.BooleanField(db_default=False, default=False, verbose_name='autarquias'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_direta',
            field=models.BooleanField(db_default=True, default=True, verbose_name='administração direta'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_economia_mista',
            field=models.BooleanField(db_default=False, default=False, verbose_name='sociedades de economia mista'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_empresa_publica',
            field=models.BooleanField(db_default=False, default=False, verbose_name='empresas públicas'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_executivo',
            field=models.BooleanField(db_default=True, default=True, verbose_name='Poder Executivo'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_fundacao',
            field=models.BooleanField(db_default=False, default=False, verbose_name='fundações públicas'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='abrange_legislativo',
            field=models.BooleanField(db_default=False, default=False, verbose_name='Poder Legislativo'),
        ),
        migrations.AddField(
            model_name='historicallei',
            name='artigo_abrangencia_orgaos',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo dos Poderes e entidades'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_autarquia',
            field=models.BooleanField(db_default=False, default=False, verbose_name='autarquias'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_direta',
            field=models.BooleanField(db_default=True, default=True, verbose_name='administração direta'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_economia_mista',
            field=models.BooleanField(db_default=False, default=False, verbose_name='sociedades de economia mista'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_empresa_publica',
            field=models.BooleanField(db_default=False, default=False, verbose_name='empresas públicas'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_executivo',
            field=models.BooleanField(db_default=True, default=True, verbose_name='Poder Executivo'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_fundacao',
            field=models.BooleanField(db_default=False, default=False, verbose_name='fundações públicas'),
        ),
        migrations.AddField(
            model_name='lei',
            name='abrange_legislativo',
            field=models.BooleanField(db_default=False, default=False, verbose_name='Poder Legislativo'),
        ),
        migrations.AddField(
            model_name='lei',
            name='artigo_abrangencia_orgaos',
            field=models.CharField(blank=True, db_default='', help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo dos Poderes e entidades'),
        ),
        migrations.AlterField(
            model_name='historicallei',
            name='aplica_processo_seletivo',
            field=models.BooleanField(default=False, verbose_name='processos seletivos (contratação temporária)'),
        ),
        migrations.AlterField(
            model_name='historicallei',
            name='artigo_abrangencia',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo dos tipos de seleção'),
        ),
        migrations.AlterField(
            model_name='historicallei',
            name='nao_confirmacao',
            field=models.CharField(choices=[('eliminacao', 'Eliminação do certame'), ('ampla', 'Permanece só na ampla concorrência'), ('nao_prevista', 'A lei não dispõe (o edital define)')], default='nao_prevista', help_text='O que a lei diz do candidato não confirmado. Se não dispõe, cada edital escolhe, no seu item, entre mantê-lo na ampla concorrência e eliminá-lo; se dispõe, o edital segue a lei. A não confirmação não é falsidade: a eliminação por declaração falsa é outra regra (artigo da declaração falsa).', max_length=20, verbose_name='se a autodeclaração não é confirmada'),
        ),
        migrations.AlterField(
            model_name='lei',
            name='aplica_processo_seletivo',
            field=models.BooleanField(default=False, verbose_name='processos seletivos (contratação temporária)'),
        ),
        migrations.AlterField(
            model_name='lei',
            name='artigo_abrangencia',
            field=models.CharField(blank=True, help_text='Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º».', max_length=120, verbose_name='artigo dos tipos de seleção'),
        ),
        migrations.AlterField(
            model_name='lei',
            name='nao_confirmacao',
            field=models.CharField(choices=[('eliminacao', 'Eliminação do certame'), ('ampla', 'Permanece só na ampla concorrência'), ('nao_prevista', 'A lei não dispõe (o edital define)')], default='nao_prevista', help_text='O que a lei diz do candidato não confirmado. Se não dispõe, cada edital escolhe, no seu item, entre mantê-lo na ampla concorrência e eliminá-lo; se dispõe, o edital segue a lei. A não confirmação não é falsidade: a eliminação por declaração falsa é outra regra (artigo da declaração falsa).', max_length=20, verbose_name='se a autodeclaração não é confirmada'),
        ),
        migrations.RunPython(corrigir, migrations.RunPython.noop),
    ]

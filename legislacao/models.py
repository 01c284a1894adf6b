"""Leis de reserva de vagas como dados: cada regra com o artigo que a estabelece."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from localflavor.br.br_states import STATE_CHOICES
from simple_history.models import HistoricalRecords

from legislacao import comprovacao, motor
from nucleo.campos import DecimalBrasileiro
from nucleo.models import Esfera, Municipio
from nucleo.texto import data_br, vencimento_em_anos


class OrdemNomeacao(models.TextChoices):
    """A ordem de nomeação de quem está classificado em mais de uma lista (p. ex. Ubatuba art. 7º, § 1º)."""

    PCD_ANTES = "ampla_pcd_reserva", "Ampla concorrência → PcD → reserva racial"
    RESERVA_ANTES = "ampla_reserva_pcd", "Ampla concorrência → reserva racial → PcD"


class Desempate(models.TextChoices):
    """Quem fica com uma posição que a vaga PcD e a reservada pedem juntas, quando a lei não a fixa (uma posição
    que a lei fixa é sempre do grupo da lei)."""

    PCD_ANTES = "pcd_antes", "A vaga PcD fica com a posição; a reservada vai à seguinte"
    RESERVA_ANTES = "reserva_antes", "A vaga reservada fica com a posição; a PcD vai à seguinte"


class Consequencia(models.TextChoices):
    ELIMINACAO = "eliminacao", "Eliminação do certame"
    AMPLA = "ampla", "Permanece só na ampla concorrência"
    NAO_PREVISTA = "nao_prevista", "A lei não dispõe (o edital define)"


def consequencias_admitidas(da_lei: str) -> tuple[str, ...]:
    """O que o edital pode escolher para o candidato não confirmado, dado o que a lei diz: a lei que dispõe manda
    (p. ex. Lei 15.142/2025, art. 3º, § 2º: fica na ampla); a que não dispõe deixa ao edital manter o candidato na ampla
    ou eliminá-lo (p. ex. Afonso Cláudio art. 9º, § 10; decisão 0018)."""
    if da_lei in (Consequencia.AMPLA, Consequencia.ELIMINACAO):
        return (da_lei,)
    return (Consequencia.AMPLA, Consequencia.ELIMINACAO)


class Maioria(models.TextChoices):
    ABSOLUTA_MEMBROS = "absoluta_membros", "Maioria absoluta dos membros da comissão"
    SIMPLES_PRESENTES = "simples_presentes", "Maioria simples dos presentes"
    NAO_PREVISTA = "nao_prevista", "A lei não dispõe (o edital define)"


class SemMaioria(models.TextChoices):
    PARECER_DUVIDA = ("parecer_duvida", "A comissão decide em parecer motivado: havendo dúvida razoável, prevalece a "
                                        "autodeclaração; senão, não se confirma")
    NAO_CONFIRMA = "nao_confirma", "Não confirmada: só a maioria confirma a autodeclaração"


class FormaDeliberacao(models.TextChoices):
    """Como a comissão decide (decisão 0017): por votação em cédulas, que a lei pode mandar secreta (p. ex. Afonso
    Cláudio art. 11, § 2º), ou pela avaliação individual de cada membro, registrada e assinada no seu próprio login,
    que a ata mostra por inteiro (os editais federais da IN Conjunta MGI/MIR/MPI nº 261/2025)."""

    VOTACAO = "votacao", "Votação em cédulas (secreta, se a lei o exige)"
    INDIVIDUAL = "individual", "Avaliação individual de cada membro, registrada e assinada"


class InstanciaRecurso(models.TextChoices):
    MESMA_OU_SUPERIOR = "mesma_ou_superior", "A mesma comissão ou órgão colegiado superior, conforme o edital"
    RECURSAL = "recursal", "Comissão recursal sem membros da primeira"
    NAO_PREVISTA = "nao_prevista", "A lei não dispõe (o edital define)"


# A regra geral da contagem dos prazos em anos, que vale para o prazo de vigência de uma lei (decisão 0018).
CONTAGEM_DO_PRAZO = "Código Civil, art. 132, § 3º"
ARTIGO_AJUDA = "Dispositivo que estabelece a regra, p. ex. «art. 2º, § 1º»."
codigo_grupo = RegexValidator(r"^[A-Z][A-Z0-9_]{0,11}$", "Use de 1 a 12 letras maiúsculas, dígitos ou _, "
                              "começando por letra (p. ex. NEG, IND, PP).")


codigo_documento = RegexValidator(r"^[A-Z][A-Z0-9_]{0,11}$", "Use de 1 a 12 letras maiúsculas, dígitos ou _, "
                                  "começando por letra (p. ex. DECL, RANI).")


def citar(artigo: str) -> str:
    """O dispositivo entre parênteses depois da regra, como nas mensagens e nos PDFs: « (art. 9º, § 9º)»."""
    return f" ({artigo})" if artigo else ""


def _artigo(verbose: str = "artigo", **extra) -> models.CharField:
    return models.CharField(verbose, max_length=120, blank=True, help_text=ARTIGO_AJUDA, **extra)


class LeiQuerySet(models.QuerySet):
    def vigentes_versoes(self) -> LeiQuerySet:
        """A versão mais recente de cada lei (as anteriores ficam para os editais que já as usaram)."""
        return self.filter(versao_posterior__isnull=True)


class Lei(models.Model):
    slug = models.SlugField("identificador", max_length=100,
                            help_text="Nome curto e estável, usado nos comandos: o município, a UF e o ano, em "
                                      "minúsculas e com hífens.")
    versao = models.PositiveSmallIntegerField("versão", default=1, editable=False)
    versao_anterior = models.OneToOneField("self", verbose_name="versão anterior", null=True, blank=True,
                                           on_delete=models.PROTECT, related_name="versao_posterior",
                                           editable=False)
    congelada = models.BooleanField(
        "congelada", default=False, editable=False,
        help_text="Usada por edital publicado: as regras não mudam mais; alterações exigem nova versão.")
    esfera = models.CharField("esfera", max_length=10, choices=Esfera.choices, default=Esfera.MUNICIPAL)
    municipio = models.ForeignKey(
        Municipio, verbose_name="município", null=True, blank=True, on_delete=models.PROTECT, related_name="leis",
        help_text="Da lista do IBGE: a lei se aplica aos editais dos órgãos deste município, pelo código.")
    uf = models.CharField("UF", max_length=2, choices=STATE_CHOICES, blank=True,
                          help_text="Numa lei municipal, a do município (preenchida sozinha).")
    numero = models.CharField("número", max_length=30, blank=True)
    ementa = models.CharField("título", max_length=300)
    data_publicacao = models.DateField(
        "data de publicação", null=True, blank=True,
        help_text="Início da vigência. Se o texto não a traz, deixe em branco: o sistema não aplicará a lei a "
                  "editais até que seja informada.")
    artigo_vigor = _artigo("artigo da entrada em vigor")
    vigencia_anos = models.PositiveSmallIntegerField(
        "prazo de vigência (anos)", null=True, blank=True, validators=[MinValueValidator(1)],
        help_text="Em branco: vigência indeterminada.")
    artigo_vigencia = _artigo("artigo do prazo de vigência")
    artigo_irretroatividade = _artigo("artigo que exclui editais anteriores")
    encerrada_em = models.DateField(
        "vigência encerrada por ato posterior em", null=True, blank=True,
        help_text="Primeiro dia sem a lei, quando ato posterior à publicação fixou o fim dela (revogação; decisão "
                  "judicial que mudou o prazo). Prevalece sobre o prazo de vigência.")
    # Os campos novos têm o padrão também no banco: quem grava uma lei sem conhecê-los (uma migração antiga) a grava
    # como antes deles.
    artigo_encerramento = _artigo("ato e artigo do encerramento", db_default="")
    texto = models.TextField("texto integral")
    observacoes = models.TextField(
        "outras regras da lei", blank=True,
        help_text="Regras que o sistema não aplica automaticamente, com seus artigos (p. ex. equidade de gênero).")

    minimo_vagas = models.PositiveSmallIntegerField("mínimo de vagas para haver reserva", default=3,
                                                    validators=[MinValueValidator(1)])
    artigo_minimo = _artigo("artigo do mínimo de vagas")
    arredondamento = models.CharField("arredondamento da fração", max_length=20,
                                      choices=[(a.value, r) for a, r in (
                                          (motor.Arredondamento.MEIO_PARA_CIMA, "0,5 ou mais sobe; menos desce"),
                                          (motor.Arredondamento.TETO, "Qualquer fração sobe (teto)"),
                                          (motor.Arredondamento.PISO, "Qualquer fração desce (piso)"))],
                                      default=motor.Arredondamento.MEIO_PARA_CIMA.value)
    artigo_arredondamento = _artigo("artigo do arredondamento")
    ordem_nomeacao = models.CharField(
        "ordem de nomeação de quem está em várias listas", max_length=20, choices=OrdemNomeacao.choices,
        default=OrdemNomeacao.PCD_ANTES,
        help_text="Por qual lista é nomeado o candidato classificado em mais de uma.")
    artigo_ordem_nomeacao = _artigo("artigo da ordem de nomeação")
    desempate_posicoes = models.CharField(
        "posição pedida pela vaga PcD e pela reservada", max_length=20, choices=Desempate.choices,
        default=Desempate.PCD_ANTES,
        help_text="Só nas posições que o padrão apenas deriva da proporção: uma posição que a lei fixa (toda 5ª, a "
                  "3ª…) é sempre do grupo da lei. Sem artigo, o edital adota o critério.")
    artigo_desempate = _artigo("artigo do desempate das posições")
    lista_mais_favoravel = models.BooleanField(
        "cotista aprovado na ampla é nomeado pela lista mais favorável", default=False,
        help_text="Nomeado na posição que a lista da reserva lhe daria, se anterior à da ampla, sem contar na "
                  "reserva.")
    artigo_lista_mais_favoravel = _artigo("artigo da lista mais favorável")
    equidade_genero = models.BooleanField(
        "equidade de gênero nas vagas reservadas", default=False,
        help_text="As vagas reservadas de cada grupo se alternam entre mulheres e homens; sem candidatos de um gênero, "
                  "revertem ao outro.")
    artigo_equidade_genero = _artigo("artigo da equidade de gênero")
    pcd_primeiro_nos_empregos = models.BooleanField(
        "nos empregos públicos, as vagas PcD primeiro", default=False,
        help_text="Num cargo marcado como emprego público, as vagas PcD ocupam as primeiras posições da ordem de "
                  "nomeação.")
    artigo_pcd_primeiro_nos_empregos = _artigo("artigo das vagas PcD primeiro nos empregos")
    escolha_local_pela_ampla = models.BooleanField(
        "escolha do local de exercício pela lista de ampla", default=False,
        help_text="Quando o edital prevê a escolha do local de exercício, ela segue a ordem de classificação na lista "
                  "de ampla concorrência.")
    artigo_escolha_local = _artigo("artigo da escolha do local de exercício")
    uma_reserva_so = models.BooleanField(
        "quem é elegível a várias reservas concorre só na de maior percentual", default=False, db_default=False,
        help_text="P. ex. uma pessoa parda e quilombola fica só na lista de pretos e pardos (25% contra 2%). Com "
                  "percentuais iguais, fica no grupo que vem antes na ordem da lei.")
    artigo_uma_reserva = _artigo("artigo da reserva única", db_default="")
    artigo_ampla = _artigo("artigo: cotista aprovado na ampla não conta na reserva")
    artigo_reversao = _artigo("artigo da reversão à ampla")
    artigo_desistencia = _artigo("artigo da desistência (mesma lista)")
    artigo_cadastro = _artigo("artigo do cadastro de reserva")
    artigo_autodeclaracao = _artigo("artigo: a autodeclaração é feita na inscrição e não muda depois")
    # Em branco, a lei não fala das fases: o corte de cada fase aplica a reserva como o edital disser (decisão 0022).
    artigo_fases = _artigo("artigo: a reserva se aplica em todas as fases, também nas com nota de corte",
                           db_default="")

    # As listas de classificação com os nomes que a lei lhes dá (p. ex. «lista específica de cotistas»); em branco,
    # os nomes comuns. O artigo da ampla é o que diz que os cotistas concorrem também nela.
    nome_lista_geral = models.CharField("nome da lista geral", max_length=120, blank=True,
                                        help_text="Como a lei a chama; em branco, «Lista geral».")
    artigo_lista_geral = _artigo("artigo da lista geral")
    nome_lista_ampla = models.CharField("nome da lista de ampla concorrência", max_length=120, blank=True,
                                        help_text="Como a lei a chama; em branco, «Ampla concorrência». Os "
                                                  "cotistas e as pessoas com deficiência estão nela.")
    artigo_lista_ampla = _artigo("artigo: os cotistas concorrem também às vagas de ampla concorrência")
    nome_lista_reserva = models.CharField(
        "nome das listas de reserva", max_length=120, blank=True,
        help_text="Como a lei chama a lista de cada grupo, antes do nome do grupo (p. ex. «Lista específica de "
                  "cotistas»); em branco, só o nome do grupo.")
    artigo_lista_reserva = _artigo("artigo das listas de reserva (em branco: o de quem pode concorrer, do grupo)")

    aplica_concurso = models.BooleanField("concursos públicos (cargos efetivos)", default=True)
    aplica_emprego_publico = models.BooleanField("empregos públicos", default=False)
    aplica_processo_seletivo = models.BooleanField("processos seletivos (contratação temporária)", default=False)
    aplica_estagio = models.BooleanField("estágios", default=False)
    aplica_comissao = models.BooleanField("cargos em comissão", default=False)
    artigo_abrangencia = _artigo("artigo dos tipos de seleção")
    # Os Poderes e as entidades do art. 1º (legislacao/abrangencia.py). Com db_default: as linhas gravadas por quem
    # ainda não conhece estes campos (migrações anteriores, SQL) também os têm.
    abrange_executivo = models.BooleanField("Poder Executivo", default=True, db_default=True)
    abrange_legislativo = models.BooleanField("Poder Legislativo", default=False, db_default=False)
    abrange_direta = models.BooleanField("administração direta", default=True, db_default=True)
    abrange_autarquia = models.BooleanField("autarquias", default=False, db_default=False)
    abrange_fundacao = models.BooleanField("fundações públicas", default=False, db_default=False)
    abrange_empresa_publica = models.BooleanField("empresas públicas", default=False, db_default=False)
    abrange_economia_mista = models.BooleanField("sociedades de economia mista", default=False, db_default=False)
    artigo_abrangencia_orgaos = models.CharField("artigo dos Poderes e entidades", max_length=120, blank=True,
                                                 db_default="", help_text=ARTIGO_AJUDA)

    exige_heteroidentificacao = models.BooleanField("exige heteroidentificação", default=False)
    artigo_heteroidentificacao = _artigo("artigo da heteroidentificação")
    nao_confirmacao = models.CharField(
        "se a autodeclaração não é confirmada", max_length=20, choices=Consequencia.choices,
        default=Consequencia.NAO_PREVISTA,
        help_text="O que a lei diz do candidato não confirmado. Se não dispõe, cada edital escolhe, no seu item, entre "
                  "mantê-lo na ampla concorrência e eliminá-lo; se dispõe, o edital segue a lei. A não confirmação não "
                  "é falsidade: a eliminação por declaração falsa é outra regra (artigo da declaração falsa).")
    artigo_nao_confirmacao = _artigo("artigo da não confirmação")
    ausencia = models.CharField("se o candidato falta à heteroidentificação", max_length=20,
                                choices=Consequencia.choices, default=Consequencia.NAO_PREVISTA)
    artigo_ausencia = _artigo("artigo da ausência")
    artigo_fraude = _artigo("artigo da declaração falsa (eliminação, anulação, Ministério Público)")
    sem_maioria = models.CharField(
        "se nenhum lado alcança a maioria", max_length=20, choices=SemMaioria.choices,
        default=SemMaioria.NAO_CONFIRMA,
        help_text="A contagem nunca decide sozinha pela dúvida razoável: ela é uma conclusão da comissão, motivada "
                  "no parecer.")
    artigo_duvida = _artigo("artigo da dúvida razoável")
    comissao_minimo_membros = models.PositiveSmallIntegerField("comissão: mínimo de membros", null=True, blank=True)
    comissao_minimo_pretos_pardos = models.PositiveSmallIntegerField("comissão: mínimo de pretos ou pardos",
                                                                     null=True, blank=True)
    comissao_minimo_estaveis = models.PositiveSmallIntegerField("comissão: mínimo de servidores estáveis",
                                                                null=True, blank=True)
    comissao_presidente_carreira = models.BooleanField("comissão: presidente servidor de carreira", default=False)
    comissao_residencia_anos = models.PositiveSmallIntegerField("comissão: anos mínimos de residência no município",
                                                                null=True, blank=True)
    comissao_escolaridade_edital = models.BooleanField(
        "comissão: escolaridade ao menos a exigida no edital", default=False)
    artigo_comissao = _artigo("artigo da composição da comissão")
    artigo_comissao_membros = _artigo("artigo do mínimo de membros")
    artigo_comissao_pretos_pardos = _artigo("artigo do mínimo de pretos ou pardos")
    artigo_comissao_estaveis = _artigo("artigo do mínimo de servidores estáveis")
    artigo_comissao_presidente = _artigo("artigo da presidência")
    comissao_reputacao = models.BooleanField("comissão: reputação ilibada", default=False)
    artigo_comissao_reputacao = _artigo("artigo da reputação ilibada")
    artigo_comissao_residencia = _artigo("artigo da residência no município")
    artigo_comissao_escolaridade = _artigo("artigo da escolaridade dos membros")
    comissao_confidencialidade = models.BooleanField("membros assinam termo de confidencialidade", default=False)
    artigo_confidencialidade = _artigo("artigo do termo de confidencialidade")
    artigo_sigilo_entrevistas = _artigo("artigo do sigilo do conteúdo das entrevistas")
    sigilo_membros = models.BooleanField("nomes dos membros em sigilo até o resultado", default=False)
    artigo_sigilo_membros = _artigo("artigo do sigilo dos nomes")
    curriculos_publicos = models.BooleanField("currículos dos membros publicados", default=False)
    artigo_curriculos = _artigo("artigo da publicação dos currículos")
    gravacao = models.BooleanField("procedimento filmado", default=False)
    artigo_gravacao = _artigo("artigo da gravação")
    artigo_deliberacao = _artigo("artigo: vedado deliberar na presença do candidato")
    artigo_fenotipo = _artigo("artigo: só o fenótipo é avaliado")
    artigo_silencio = _artigo("artigo do silêncio do candidato")
    artigo_momento = _artigo("artigo do momento da heteroidentificação (antes da última fase eliminatória)")
    artigo_validade_comissao = _artigo("artigo: decisões valem só para o certame")
    maioria = models.CharField("maioria para confirmar", max_length=20, choices=Maioria.choices,
                               default=Maioria.NAO_PREVISTA)
    artigo_maioria = _artigo("artigo da maioria")
    votacao_secreta = models.BooleanField("votos secretos (ata só com os votos abertos até a decisão)",
                                          default=False)
    artigo_votacao = _artigo("artigo da votação")
    forma_deliberacao = models.CharField(
        "forma de deliberação da comissão", max_length=12, choices=FormaDeliberacao.choices,
        default=FormaDeliberacao.VOTACAO, db_default=FormaDeliberacao.VOTACAO,
        help_text="Na avaliação individual, cada membro registra a sua avaliação motivada, e a ata a mostra com o "
                  "nome: não cabe numa lei de votos secretos. A regra de decisão (maioria, unanimidade para indeferir, "
                  "duas instâncias) é do edital.")
    artigo_forma_deliberacao = _artigo("artigo da forma de deliberação", db_default="")
    comissao_minimo_suplentes = models.PositiveSmallIntegerField("comissão: mínimo de suplentes", null=True,
                                                                 blank=True)
    artigo_comissao_suplentes = _artigo("artigo do mínimo de suplentes", db_default="")
    comissao_diversidade_genero = models.BooleanField(
        "comissão: titulares de mais de um gênero", default=False, db_default=False)
    comissao_diversidade_cor = models.BooleanField(
        "comissão: titulares de mais de uma cor ou raça", default=False, db_default=False)
    artigo_comissao_diversidade = _artigo("artigo da diversidade da comissão", db_default="")
    recurso = models.CharField("instância de recurso", max_length=20, choices=InstanciaRecurso.choices,
                               default=InstanciaRecurso.NAO_PREVISTA)
    artigo_recurso = _artigo("artigo do recurso")

    # O monitoramento da lei (Ubatuba arts. 8º a 13; Lei 15.142/2025, art. 3º, § 3º, e art. 10): o piso nos cargos em
    # comissão e nos estágios, a comissão de monitoramento e os relatórios (monitoramento/, pessoal/; decisão 0023).
    artigo_piso_comissao = _artigo("artigo do piso nos cargos em comissão", db_default="")
    artigo_piso_estagio = _artigo("artigo do piso nos estágios de cada órgão", db_default="")
    artigo_autodeclaracao_servidores = _artigo("artigo da autodeclaração dos servidores no recadastramento",
                                               db_default="")
    artigo_indicadores = _artigo("artigo dos dados e indicadores do monitoramento", db_default="")
    artigo_monitoramento = _artigo("artigo da comissão de monitoramento", db_default="")
    monitoramento_unidades = models.TextField(
        "comissão de monitoramento: unidades que indicam membros", blank=True, db_default="",
        help_text="Uma por linha, como a lei as nomeia; a primeira coordena a comissão (p. ex. «Secretaria Municipal "
                  "de Cidadania e Assistência Social»). Em branco: a lei não fixa a composição.")
    monitoramento_representante_por_grupo = models.BooleanField(
        "comissão de monitoramento: um representante de cada grupo da lei", default=False, db_default=False)
    artigo_composicao_monitoramento = _artigo("artigo da composição da comissão de monitoramento", db_default="")
    relatorio_anual_mes = models.PositiveSmallIntegerField(
        "mês do relatório anual", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(12)],
        help_text="O mês em que a lei manda entregar o relatório anual (p. ex. 4, abril). Em branco: não há.")
    artigo_relatorio_anual = _artigo("artigo do relatório anual", db_default="")
    relatorio_conclusivo_anos = models.PositiveSmallIntegerField(
        "relatório conclusivo (ou reavaliação) a cada quantos anos", null=True, blank=True,
        validators=[MinValueValidator(1)], help_text="P. ex. 2. Em branco: a lei não o exige.")
    artigo_relatorio_conclusivo = _artigo("artigo do relatório conclusivo", db_default="")

    criada_em = models.DateTimeField("criada em", auto_now_add=True)
    alterada_em = models.DateTimeField("alterada em", auto_now=True)
    history = HistoricalRecords(excluded_fields=["texto"])

    objects = LeiQuerySet.as_manager()

    class Meta:
        verbose_name = "lei"
        verbose_name_plural = "leis"
        ordering = ["uf", "municipio__nome", "slug", "-versao"]
        constraints = [models.UniqueConstraint(fields=["slug", "versao"], name="lei_slug_versao_unica")]

    def __str__(self) -> str:
        rotulo = f"{self.ementa} ({self.slug}"
        return rotulo + (f", versão {self.versao})" if self.versao > 1 else ")")

    def save(self, *args, **kwargs):
        if self.municipio_id:
            self.uf = self.municipio.uf
        super().save(*args, **kwargs)

    @property
    def ultimo_dia_vigencia(self) -> date | None:
        """O último dia em que a lei vige. O encerramento por ato posterior, quando registrado (`encerrada_em`, o
        primeiro dia sem a lei), prevalece sobre o prazo; senão, na lei de prazo certo, o dia de igual número do de
        publicação, `vigencia_anos` anos depois, ainda é dela (p. ex. Ubatuba art. 13: dez anos de 16/06/2014, até
        16/06/2024 inclusive; Lei 810/1949, art. 1º; Código Civil, art. 132, § 3º; decisão 0018)."""
        if self.encerrada_em is not None:
            return self.encerrada_em - timedelta(days=1)
        if self.data_publicacao is None or self.vigencia_anos is None:
            return None
        return vencimento_em_anos(self.data_publicacao, self.vigencia_anos)

    def como_terminou(self) -> str:
        """Por que a vigência acaba, com o artigo: «vigorou por 10 anos (art. 13)» ou o ato que a encerrou."""
        if self.encerrada_em is not None:
            return f"deixou de vigorar por ato posterior{citar(self.artigo_encerramento)}"
        return f"vigorou por {self.vigencia_anos} anos{citar(self.artigo_vigencia)}"

    def situacao_vigencia(self, hoje: date) -> str:
        """A vigência na data `hoje`, em uma frase curta (coluna e ficha da lei no admin)."""
        if self.data_publicacao is None:
            return "⚠ Data de publicação desconhecida"
        if hoje < self.data_publicacao:
            return f"Vigência a partir de {data_br(self.data_publicacao)}"
        ultimo = self.ultimo_dia_vigencia
        if ultimo is None:
            return "Em vigor"
        if hoje > ultimo:
            return f"Vigência encerrada: vigorou até {data_br(ultimo)}"
        return f"Em vigor até {data_br(ultimo)}"

    def regras(self) -> motor.Regras:
        """As regras do motor, a partir desta versão da lei (Python puro daqui em diante)."""
        return motor.Regras(
            slug=self.slug,
            grupos=tuple(g.para_motor() for g in self.grupos.all()),
            minimo_vagas=self.minimo_vagas,
            arredondamento=motor.Arredondamento(self.arredondamento),
            nomeacao_pcd_antes_da_reserva=self.ordem_nomeacao == OrdemNomeacao.PCD_ANTES,
            posicao_pcd_antes_da_reserva=self.desempate_posicoes == Desempate.PCD_ANTES,
            lista_mais_favoravel=self.lista_mais_favoravel,
            equidade_genero=self.equidade_genero,
            pcd_primeiro_nos_empregos=self.pcd_primeiro_nos_empregos,
            uma_reserva_so=self.uma_reserva_so,
            artigo_uma_reserva=self.artigo_uma_reserva,
            artigo_minimo=self.artigo_minimo,
            artigo_arredondamento=self.artigo_arredondamento,
            artigo_ordem_nomeacao=self.artigo_ordem_nomeacao,
            artigo_desempate=self.artigo_desempate,
            artigo_reversao=self.artigo_reversao,
            artigo_ampla=self.artigo_ampla,
            artigo_lista_mais_favoravel=self.artigo_lista_mais_favoravel,
            artigo_equidade_genero=self.artigo_equidade_genero,
            artigo_pcd_primeiro_nos_empregos=self.artigo_pcd_primeiro_nos_empregos,
        )

    def exigencias_documentais(self) -> tuple[comprovacao.Exigencia, ...]:
        """Os documentos que esta versão da lei aceita, por grupo de reserva (só os grupos que os exigem)."""
        grupos = self.grupos.prefetch_related("documentos_aceitos")
        return tuple(e for e in (g.exigencia() for g in grupos) if e is not None)

    def clean(self) -> None:
        if self.esfera == Esfera.MUNICIPAL and not self.municipio_id:
            raise ValidationError({"municipio": "Uma lei municipal precisa do município."})
        if self.esfera == Esfera.ESTADUAL and not self.uf:
            raise ValidationError({"uf": "Uma lei estadual precisa da UF."})
        if self.municipio_id:
            self.uf = self.municipio.uf
        if self.forma_deliberacao == FormaDeliberacao.INDIVIDUAL and self.votacao_secreta:
            raise ValidationError({"forma_deliberacao": "Com votos secretos, a comissão delibera por votação: a "
                                                        "avaliação individual mostra na ata o nome e a avaliação de "
                                                        "cada membro."})
        if self.forma_deliberacao == FormaDeliberacao.INDIVIDUAL and self.sigilo_membros:
            raise ValidationError({"forma_deliberacao": "Com os nomes dos membros em sigilo até o resultado, a "
                                                        "comissão delibera por votação: nas avaliações individuais "
                                                        "cada membro assina a sua, e a ata e a ficha da avaliação a "
                                                        "mostram com o nome."})
        if self.encerrada_em and self.data_publicacao and self.encerrada_em <= self.data_publicacao:
            raise ValidationError({"encerrada_em": "O encerramento tem de ser posterior à publicação."})
        if self.pk and self.congelada:
            anterior = Lei.objects.get(pk=self.pk)
            alterados = [
                str(f.verbose_name) for f in self._meta.concrete_fields
                if f.editable and f.name not in CAMPOS_PERMITIDOS_CONGELADA
                and getattr(anterior, f.attname) != getattr(self, f.attname)
                and not (f.name in CAMPOS_PREENCHIVEIS_CONGELADA and getattr(anterior, f.attname) in (None, ""))
            ]
            if alterados:
                raise ValidationError(
                    "Esta lei já foi usada por edital publicado e não pode ser alterada: crie uma nova versão. "
                    f"Campos alterados: {', '.join(alterados)}.")


# Numa lei congelada só se acrescenta o que não muda resultados publicados. A data de publicação e o encerramento
# (a revogação que vem depois) só se preenchem quando ainda estão em branco: valem para editais futuros, e os já
# publicados guardam as regras com que foram publicados.
CAMPOS_PERMITIDOS_CONGELADA = {"observacoes"}
CAMPOS_PREENCHIVEIS_CONGELADA = {"data_publicacao", "encerrada_em", "artigo_encerramento"}


class GrupoReserva(models.Model):
    lei = models.ForeignKey(Lei, verbose_name="lei", on_delete=models.CASCADE, related_name="grupos")
    ordem = models.PositiveSmallIntegerField("ordem", default=1,
                                             help_text="Ordem do grupo na lei; decide colisões entre grupos.")
    codigo = models.CharField("código", max_length=12, validators=[codigo_grupo])
    nome = models.CharField("nome", max_length=120)
    percentual = DecimalBrasileiro("percentual", max_digits=5, decimal_places=2,
                                     validators=[MinValueValidator(Decimal("0.01")),
                                                 MaxValueValidator(Decimal("100"))])
    artigo = _artigo("artigo do percentual")
    preta = models.BooleanField("autodeclarados pretos", default=False)
    parda = models.BooleanField("autodeclarados pardos", default=False)
    indigena = models.BooleanField("autodeclarados indígenas", default=False)
    quilombola = models.BooleanField("quilombolas", default=False)
    artigo_elegibilidade = _artigo("artigo de quem pode concorrer")
    documentos_regra = models.CharField(
        "documentos: composição", max_length=10, choices=[(comprovacao.Regra.UM_DOS.value, "Basta um dos documentos"),
                                                           (comprovacao.Regra.TODOS.value, "Todos os documentos")],
        default=comprovacao.Regra.UM_DOS.value,
        help_text="Vale quando a lei aceita mais de um documento (em «Documentos aceitos», na página do grupo); sem "
                  "documento cadastrado, o grupo não exige nenhum.")
    artigo_documentos = _artigo("artigo dos documentos")
    padrao = models.CharField("padrão de nomeação", max_length=20,
                              choices=[(motor.Padrao.PROPORCIONAL.value, "Proporcional cumulativo"),
                                       (motor.Padrao.A_CADA.value, "A cada k nomeações"),
                                       (motor.Padrao.POSICOES.value,
                                        "Primeiras posições fixadas na lei, depois proporcional")],
                              default=motor.Padrao.PROPORCIONAL.value)
    intervalo = models.PositiveSmallIntegerField("k (a cada k nomeações)", null=True, blank=True)
    posicoes = models.CharField("posições fixadas", max_length=100, blank=True,
                                validators=[RegexValidator(r"^\s*\d+(\s*,\s*\d+)*\s*$",
                                                           "Informe números separados por vírgula.")],
                                help_text="Posições da ordem de nomeação separadas por vírgula, p. ex. «3».")
    artigo_padrao = _artigo("artigo do padrão de nomeação")
    reverte_para = models.CharField(
        "vagas não preenchidas passam antes para", max_length=60, blank=True,
        help_text="Códigos de outros grupos da lei, em ordem, separados por vírgula; depois, sempre a ampla "
                  "concorrência.")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "grupo de reserva"
        verbose_name_plural = "grupos de reserva"
        ordering = ["lei", "ordem", "pk"]
        constraints = [models.UniqueConstraint(fields=["lei", "codigo"], name="grupo_codigo_unico_na_lei")]

    def __str__(self) -> str:
        return f"{self.nome} ({self.percentual}%)"

    @property
    def cores(self) -> frozenset[str]:
        return frozenset(c for c in ("preta", "parda", "indigena") if getattr(self, c))

    def lista_posicoes(self) -> tuple[int, ...]:
        return tuple(int(p) for p in self.posicoes.replace(" ", "").split(",") if p)

    def lista_reversao(self) -> tuple[str, ...]:
        return tuple(c.strip().upper() for c in self.reverte_para.split(",") if c.strip())

    def exigencia(self) -> comprovacao.Exigencia | None:
        """Os documentos que a lei aceita para concorrer a este grupo; None se não exige nenhum."""
        tipos = tuple(comprovacao.TipoDeDocumento(d.codigo, d.nome, d.artigo, d.descricao)
                      for d in self.documentos_aceitos.all())
        if not tipos:
            return None
        return comprovacao.Exigencia(self.codigo, comprovacao.Regra(self.documentos_regra), self.artigo_documentos,
                                     tipos)

    def para_motor(self) -> motor.Grupo:
        return motor.Grupo(
            codigo=self.codigo, nome=self.nome, percentual=self.percentual, cores=self.cores,
            quilombola=self.quilombola, padrao=motor.Padrao(self.padrao), intervalo=self.intervalo or 0,
            posicoes=self.lista_posicoes(), reverte_para=self.lista_reversao(), artigo=self.artigo,
            artigo_padrao=self.artigo_padrao,
        )

    def clean(self) -> None:
        erros = {}
        if self.codigo in (motor.AMPLA, motor.PCD):
            erros["codigo"] = f"O código {self.codigo} é reservado (ampla concorrência e PcD)."
        if not (self.cores or self.quilombola):
            erros["preta"] = "Marque ao menos um grupo de candidatos que pode concorrer a esta reserva."
        if self.padrao == motor.Padrao.A_CADA and not self.intervalo:
            erros["intervalo"] = "Informe k para o padrão «a cada k nomeações»."
        if self.padrao == motor.Padrao.POSICOES and not self.posicoes:
            erros["posicoes"] = "Informe as posições fixadas pela lei."
        if self.codigo in self.lista_reversao():
            erros["reverte_para"] = "Um grupo não reverte para si mesmo."
        if self.lei_id and self.lei.congelada:
            erros["__all__"] = ("A lei já foi usada por edital publicado e não pode ser alterada: crie uma nova "
                                "versão.")
        if erros:
            raise ValidationError(erros)


class DocumentoAceito(models.Model):
    """Um documento que a lei aceita como prova de que o candidato pertence ao grupo de reserva (p. ex. Iúna art. 2º,
    II: a declaração de pertencimento étnico e os documentos das alíneas a a d; Ibatiba art. 2º: o documento oficial
    com a informação). A composição (basta um, ou todos) é do grupo (`GrupoReserva.documentos_regra`)."""

    grupo = models.ForeignKey(GrupoReserva, verbose_name="grupo de reserva", on_delete=models.CASCADE,
                              related_name="documentos_aceitos")
    ordem = models.PositiveSmallIntegerField("ordem", default=1)
    codigo = models.CharField("código", max_length=12, validators=[codigo_documento],
                              help_text="Único na lei: é o valor da coluna «documento» do arquivo da banca (p. ex. "
                                        "DECL, RANI).")
    nome = models.CharField("nome", max_length=200)
    descricao = models.TextField("como a lei o descreve", blank=True,
                                 help_text="P. ex. quem o expede («caciques, tuxauas, lideranças indígenas…»).")
    artigo = _artigo()
    history = HistoricalRecords()

    class Meta:
        verbose_name = "documento aceito pela lei"
        verbose_name_plural = "documentos aceitos pela lei"
        ordering = ["grupo", "ordem", "pk"]
        constraints = [models.UniqueConstraint(fields=["grupo", "codigo"], name="documento_codigo_unico_no_grupo")]

    def __str__(self) -> str:
        return self.nome

    def clean(self) -> None:
        if not self.grupo_id:
            return
        lei = self.grupo.lei
        if lei.congelada:
            raise ValidationError("A lei já foi usada por edital publicado e não pode ser alterada: crie uma nova "
                                  "versão.")
        # O código é a chave do arquivo da banca: dois grupos da mesma lei não o repetem.
        if (DocumentoAceito.objects.filter(grupo__lei=lei, codigo=self.codigo).exclude(pk=self.pk)
                .exclude(grupo=self.grupo).exists()):
            raise ValidationError({"codigo": f"O código {self.codigo} já é de um documento de outro grupo desta lei."})

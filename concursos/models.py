"""Certames, cargos, candidatos, inscrições, as chamadas (convocações) de cada cargo, as importações e as
exportações grandes do admin.

As escritas que mudam o destino de um candidato passam por concursos/services/; as listas, por
concursos/selectors/listas.py. Aqui ficam os dados e as regras de integridade.

Passa de 500 linhas de propósito: os modelos dos certames (edital, cargo, candidato, inscrição, chamadas,
importação, exportação, os atos sobre o resultado) são as tabelas de um só app, que se referem umas às outras.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone
from localflavor.br.validators import BRCPFValidator
from simple_history.models import HistoricalRecords

from concursos.busca import CampoNomeBusca, ConsultaComNomeBusca
from legislacao import comprovacao, corte, motor
from legislacao.models import Consequencia, FormaDeliberacao, Lei, citar, consequencias_admitidas
from legislacao.selectors import Aplicabilidade, lei_aplicavel
from nucleo.campos import DecimalBrasileiro, DecimalEmReais
from nucleo.models import Esfera, Municipio, Orgao, TarefaComProgresso
from nucleo.texto import data_br, percentual_br, plural


class TipoCertame(models.TextChoices):
    CONCURSO = "concurso", "Concurso público"
    PROCESSO_SELETIVO = "processo_seletivo", "Processo seletivo (contratação temporária)"
    ESTAGIO = "estagio", "Seleção de estagiários"


# Que campo da lei diz se o art. 1º dela menciona cada tipo de certame (legislacao/abrangencia.py).
SELECAO_DO_TIPO = {TipoCertame.CONCURSO: "aplica_concurso", TipoCertame.PROCESSO_SELETIVO: "aplica_processo_seletivo",
                   TipoCertame.ESTAGIO: "aplica_estagio"}
# O que o edital pode dizer do candidato cuja autodeclaração a comissão não confirma (a lei diz o que admite:
# `legislacao.models.consequencias_admitidas`).
NAO_CONFIRMACAO_DO_EDITAL = [(c, Consequencia(c).label) for c in (Consequencia.AMPLA, Consequencia.ELIMINACAO)]


class EstadoCertame(models.TextChoices):
    RASCUNHO = "rascunho", "Rascunho"
    PUBLICADO = "publicado", "Edital publicado"
    INSCRICOES_ENCERRADAS = "inscricoes_encerradas", "Inscrições encerradas"
    RESULTADO = "resultado", "Resultado publicado"
    HOMOLOGADO = "homologado", "Homologado"


ORDEM_DOS_ESTADOS = list(EstadoCertame.values)
ARREDONDAMENTOS = Lei._meta.get_field("arredondamento").choices


class RegraDecisao(models.TextChoices):
    """Como as avaliações individuais dos membros decidem, quando a lei manda a comissão avaliar assim
    (`Lei.forma_deliberacao`); os mesmos valores de heteroidentificacao/deliberacao.py, que as aplica."""

    MAIORIA = "maioria", "Maioria dos membros"
    UNANIMIDADE_PARA_INDEFERIR = "unanimidade", "Unanimidade para indeferir a autodeclaração"
    DUAS_INSTANCIAS = "duas_instancias", ("Duas instâncias: a autodeclaração prevalece se as decisões desfavoráveis "
                                          "da comissão e da recursal forem ambas não unânimes")


def validar_posicoes(valor: str) -> None:
    if not re.fullmatch(r"\s*\d+(\s*,\s*\d+)*\s*", valor) or 0 in lista_de_posicoes(valor):
        raise ValidationError("Informe posições (1, 2, 3…) separadas por vírgula, p. ex. «5, 21, 41».")


class CertameManager(models.Manager):
    def get_queryset(self) -> models.QuerySet:
        # O certame se mostra com o seu órgão (__str__: dois órgãos têm o seu «Edital nº 001/2026»): as listas de
        # escolha e os filtros não fazem uma consulta por certame.
        return super().get_queryset().select_related("orgao")


class Certame(models.Model):
    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT,
                              related_name="certames")
    tipo = models.CharField("tipo", max_length=20, choices=TipoCertame.choices, default=TipoCertame.CONCURSO)
    numero_edital = models.CharField("número do edital", max_length=40, help_text="P. ex. 001/2025.")
    anexo_quadro = models.CharField(
        "anexo do quadro de vagas", max_length=10, default="I", db_default="I", blank=True,
        help_text="O número do anexo do edital que o quadro de vagas é: «ANEXO I – QUADRO DE VAGAS» (em branco, I).")
    titulo = models.CharField("título", max_length=200)
    municipio = models.ForeignKey(
        Municipio, verbose_name="município", on_delete=models.PROTECT, related_name="certames", blank=True,
        help_text="Em branco, o do órgão: a lei de reserva de vagas é a do município do órgão que publica o edital.")
    motivo_municipio = models.TextField(
        "por que outro município", blank=True,
        help_text="Só para um certame em município diferente do do órgão (p. ex. um consórcio intermunicipal): o "
                  "motivo fica registrado, porque o município decide a lei aplicável.")
    data_edital = models.DateField("publicação do edital",
                                   help_text="Decide a lei aplicável: a que vigora nessa data.")
    inscricoes_inicio = models.DateField("início das inscrições", null=True, blank=True)
    inscricoes_fim = models.DateField("fim das inscrições", null=True, blank=True)
    data_homologacao = models.DateField("homologação", null=True, blank=True)
    validade_meses = models.PositiveSmallIntegerField(
        "prazo de validade (meses)", null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(24)],
        help_text="O do edital: até 2 anos, prorrogável uma vez por igual período (Constituição Federal, art. 37, "
                  "III). A homologação conta a validade a partir da sua data.")
    validade_ate = models.DateField("validade até", null=True, blank=True)
    # Os prazos do provimento são do estatuto dos servidores do município ou do edital, nunca do sistema: a Lei
    # 8.112/1990 (os servidores federais) dá 30 dias para a posse (art. 13, § 1º) e 15 para o exercício (art. 15, § 1º).
    prazo_posse_dias = models.PositiveSmallIntegerField(
        "prazo da posse (dias)", null=True, blank=True, validators=[MinValueValidator(1)],
        help_text="Contados da nomeação, como o estatuto do município ou o edital os fixam (p. ex. Lei 8.112/1990, "
                  "art. 13, § 1º: 30 dias). Passado o prazo sem posse, a nomeação é tornada sem efeito e o próximo "
                  "da mesma lista é chamado. Em branco, sem prazo.")
    prazo_exercicio_dias = models.PositiveSmallIntegerField(
        "prazo do exercício (dias)", null=True, blank=True, validators=[MinValueValidator(1)],
        help_text="Contados da posse (p. ex. Lei 8.112/1990, art. 15, § 1º: 15 dias). Passado o prazo sem "
                  "exercício, o servidor é exonerado de ofício. Em branco, sem prazo.")
    prorrogado_ate = models.DateField("prorrogado até", null=True, blank=True)
    # As vagas PcD vêm do edital e das leis sobre pessoas com deficiência, não da lei de cotas: nenhuma das leis de
    # cotas lhes fixa posição (decisão 0014). Sem percentual, o número vem de cada cargo.
    pcd_percentual = DecimalBrasileiro(
        "percentual das vagas PcD", max_digits=5, decimal_places=2, null=True, blank=True,
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("100"))],
        help_text="O do edital (p. ex. 5%, como no Decreto 9.508/2018): as vagas PcD de cada cargo saem dele. Em "
                  "branco, informe o número em cada cargo.")
    pcd_arredondamento = models.CharField(
        "fração de vaga PcD", max_length=20, choices=ARREDONDAMENTOS, default=motor.Arredondamento.TETO.value,
        help_text="P. ex. no Decreto 9.508/2018 a fração sobe para o inteiro seguinte.")
    pcd_minimo_vagas = models.PositiveSmallIntegerField(
        "vagas PcD a partir de", default=1, validators=[MinValueValidator(1)],
        help_text="Número de vagas do cargo a partir do qual o percentual PcD se aplica.")
    pcd_posicoes = models.CharField(
        "posições das vagas PcD", max_length=100, blank=True, validators=[validar_posicoes],
        help_text="As do edital, separadas por vírgula (p. ex. «5, 21, 41»). Em branco: pela contagem do percentual "
                  "(ou, sem ele, na proporção das vagas PcD do cargo).")
    pcd_intervalo = models.PositiveSmallIntegerField(
        "depois da última, uma a cada", null=True, blank=True, validators=[MinValueValidator(1)],
        help_text="Com posições informadas: depois da última, uma vaga PcD a cada tantas nomeações (p. ex. 20).")
    pcd_base = models.CharField(
        "item do edital das vagas PcD", max_length=200, blank=True,
        help_text="O item do edital e a norma que o fundamenta, citados no quadro de vagas (p. ex. «item 4.1 do "
                  "edital»).")
    item_criterio = models.CharField(
        "item do edital do critério das posições", max_length=200, blank=True,
        help_text="O item que adota o critério das posições que a lei deixa em aberto (uma vaga reservada que o padrão "
                  "da lei não alcança no cargo, ou duas vagas na mesma posição): o quadro de vagas o cita.")
    nao_confirmacao = models.CharField(
        "o candidato não confirmado", max_length=20, choices=NAO_CONFIRMACAO_DO_EDITAL, blank=True, db_default="",
        help_text="O que o edital diz de quem a comissão de heteroidentificação não confirma, dentro do que a lei "
                  "admite. Em branco: o que a lei manda; se ela deixa ao edital, o candidato fica na ampla "
                  "concorrência (a eliminação só com o item do edital que a prevê). Publicado o edital, muda só por "
                  "retificação, antes da primeira decisão da comissão.")
    item_nao_confirmacao = models.CharField(
        "item do edital da não confirmação", max_length=200, blank=True, db_default="",
        help_text="P. ex. «item 7.12». Citado com o artigo da lei nas listas, nas atas e no quadro de vagas.")
    regra_decisao = models.CharField(
        "regra de decisão das avaliações individuais", max_length=20, choices=RegraDecisao.choices,
        default=RegraDecisao.MAIORIA, db_default=RegraDecisao.MAIORIA,
        help_text="Só onde a lei manda cada membro da comissão registrar a sua avaliação; onde ela manda votar, vale a "
                  "maioria da lei.")
    item_regra_decisao = models.CharField(
        "item do edital da regra de decisão", max_length=200, blank=True, db_default="",
        help_text="O item que a estabelece, citado na ata (p. ex. «item 5.2.6.15 do edital»).")
    deliberacao_aberta_em = models.DateTimeField(
        "primeira deliberação da comissão aberta em", null=True, blank=True, editable=False,
        help_text="Gravado quando a comissão abre a primeira votação ou deliberação de um candidato: desde então, a "
                  "regra de decisão e o que acontece ao não confirmado não mudam mais por retificação.")
    estado = models.CharField("situação", max_length=24, choices=EstadoCertame.choices,
                              default=EstadoCertame.RASCUNHO, db_index=True)
    lei = models.ForeignKey(Lei, verbose_name="lei aplicada", null=True, blank=True, on_delete=models.PROTECT,
                            related_name="certames", editable=False)
    regras = models.JSONField("regras congeladas", null=True, blank=True, editable=False,
                              help_text="Cópia das regras da lei no dia da publicação do edital.")
    motivo_lei = models.TextField("por que esta lei", blank=True, editable=False)
    justificativa_sem_lei = models.TextField(
        "justificativa da publicação sem lei", blank=True, editable=False,
        help_text="Escrita por quem publicou o edital quando nenhuma lei de reserva de vagas se aplicava.")
    publicado_em = models.DateTimeField("publicado no sistema em", null=True, blank=True, editable=False)
    history = HistoricalRecords()

    objects = CertameManager()

    class Meta:
        verbose_name = "certame"
        verbose_name_plural = "certames"
        ordering = ["-data_edital", "numero_edital"]
        constraints = [models.UniqueConstraint(fields=["orgao", "numero_edital"], name="certame_edital_unico")]

    def __str__(self) -> str:
        return f"Edital nº {self.numero_edital} — {self.orgao.nome}"

    def save(self, *args, **kwargs):
        self._municipio_do_orgao()
        super().save(*args, **kwargs)

    @property
    def publicado(self) -> bool:
        return self.estado != EstadoCertame.RASCUNHO

    @property
    def uf(self) -> str:
        return self.municipio.uf

    @property
    def fora_do_municipio_do_orgao(self) -> bool:
        """Num órgão municipal o município decide a lei; num estadual ou federal, não (é a lei da UF ou da União)."""
        return (bool(self.orgao_id and self.municipio_id) and self.orgao.esfera == Esfera.MUNICIPAL
                and self.municipio_id != self.orgao.municipio_id)

    def aplicabilidade(self) -> Aplicabilidade:
        """A lei de reserva de vagas que vale na data do edital, da esfera do órgão que o publica, com o motivo."""
        return lei_aplicavel(municipio=self.municipio, data_edital=self.data_edital, esfera=self.orgao.esfera)

    def _municipio_do_orgao(self) -> None:
        if self.municipio_id is None and self.orgao_id:
            self.municipio_id = self.orgao.municipio_id

    @property
    def fim_da_validade(self) -> date | None:
        """O último dia em que o certame nomeia: o da prorrogação, se houve, ou o da validade (CF art. 37, III)."""
        return self.prorrogado_ate or self.validade_ate

    def posse_ate(self, nomeado_em: date) -> date | None:
        """O último dia da posse de quem foi nomeado em `nomeado_em`; sem prazo no edital, None."""
        return nomeado_em + timedelta(days=self.prazo_posse_dias) if self.prazo_posse_dias else None

    def exercicio_ate(self, empossado_em: date) -> date | None:
        """O último dia para entrar em exercício de quem tomou posse em `empossado_em`; sem prazo no edital, None."""
        return empossado_em + timedelta(days=self.prazo_exercicio_dias) if self.prazo_exercicio_dias else None

    def alcancou(self, estado: str) -> bool:
        return ORDEM_DOS_ESTADOS.index(self.estado) >= ORDEM_DOS_ESTADOS.index(estado)

    @property
    def inscricoes_travadas(self) -> bool:
        """Encerradas as inscrições, a autodeclaração não muda mais (p. ex. Vargem Alta art. 3º)."""
        return self.alcancou(EstadoCertame.INSCRICOES_ENCERRADAS)

    @property
    def resumo_lei(self) -> dict:
        """O resumo da lei congelado na publicação (`resumo_da_lei`); vazio antes dela ou sem lei."""
        return (self.regras or {}).get("lei") or {}

    @property
    def artigo_das_fases(self) -> str:
        """O artigo da lei congelada que aplica a reserva em todas as fases (p. ex. Ibatiba art. 3º); vazio se ela não
        fala das fases. Um edital publicado antes de a lei ganhar o campo não tem a chave no resumo: vale o da versão
        congelada da lei, que o recebeu da migração (o texto da lei é o mesmo; só o cadastro ganhou o campo)."""
        resumo = self.resumo_lei
        if "artigo_fases" in resumo or self.lei_id is None:
            return resumo.get("artigo_fases", "")
        return self.lei.artigo_fases

    def citar(self, campo: str) -> str:
        """« (art. 3º)»: o dispositivo `campo` da lei congelada no certame, entre parênteses, ou nada se ela não o
        tem. As telas e os PDFs citam daqui, nunca de uma lei escrita no código."""
        return citar(self.resumo_lei.get(campo, ""))

    def regras_motor(self) -> motor.Regras:
        """As regras congeladas na publicação (antes dela, as da lei que se aplicaria hoje, só para prévia), com as do
        edital: a regra das vagas PcD e o item do critério das posições."""
        if self.regras is not None:
            regras = motor.regras_de_dict(self.regras["motor"])
        else:
            lei = self.aplicabilidade().lei
            regras = lei.regras() if lei else REGRAS_SEM_LEI
        return replace(regras, pcd=self.regra_pcd(), item_criterio=self.item_criterio)

    def regra_pcd(self) -> motor.RegraPcd:
        return motor.RegraPcd(
            percentual=self.pcd_percentual, arredondamento=motor.Arredondamento(self.pcd_arredondamento),
            minimo_vagas=self.pcd_minimo_vagas, posicoes=lista_de_posicoes(self.pcd_posicoes),
            intervalo=self.pcd_intervalo or 0, artigo=self.pcd_base)

    def exigencias_documentais(self) -> dict[str, comprovacao.Exigencia]:
        """Os documentos que a lei exige para cada grupo de reserva, congelados na publicação; num edital publicado
        antes deles (sem a chave), nenhum. Antes da publicação, os da lei que se aplicaria hoje (só para prévia)."""
        if self.regras is not None:
            return comprovacao.exigencias_de_dict((self.regras.get("lei") or {}).get("documentos"))
        lei = self.aplicabilidade().lei if self.orgao_id and self.data_edital else None
        return {e.grupo: e for e in lei.exigencias_documentais()} if lei else {}

    def clean(self) -> None:
        self._municipio_do_orgao()
        erros = {}
        if self.fora_do_municipio_do_orgao and not self.motivo_municipio.strip():
            erros["motivo_municipio"] = (
                f"O edital é de {self.orgao.nome}, de {self.orgao.municipio}, e a lei de reserva de vagas é a do "
                f"município do órgão que publica o edital. Para um certame em {self.municipio}, escreva o motivo; "
                "ou deixe o município em branco para usar o do órgão.")
        if self.inscricoes_inicio and self.inscricoes_fim and self.inscricoes_fim < self.inscricoes_inicio:
            erros["inscricoes_fim"] = "O fim das inscrições não pode ser anterior ao início."
        if self.prorrogado_ate and self.validade_ate and self.prorrogado_ate < self.validade_ate:
            erros["prorrogado_ate"] = "A prorrogação não pode terminar antes da validade original."
        if self.pcd_intervalo and not self.pcd_posicoes.strip():
            erros["pcd_intervalo"] = "Informe as posições das vagas PcD; o intervalo conta a partir da última."
        if not self.publicado and self.orgao_id and self.data_edital:
            lei = self.aplicabilidade().lei
            da_lei, artigo = ((lei.nao_confirmacao, lei.artigo_nao_confirmacao) if lei
                              else (Consequencia.NAO_PREVISTA, ""))
            if erro := erro_da_nao_confirmacao(self.nao_confirmacao, self.item_nao_confirmacao,
                                               consequencias_admitidas(da_lei), artigo):
                erros["nao_confirmacao"] = erro
        if erros:
            raise ValidationError(erros)


# As regras do edital que o motor aplica junto com as da lei (`Certame.regras_motor`): as vagas PcD e o item do
# critério das posições; e a regra de decisão da comissão. Publicado o edital, mudam só por retificação.
CAMPOS_DAS_REGRAS_DO_EDITAL = ("pcd_percentual", "pcd_arredondamento", "pcd_minimo_vagas", "pcd_posicoes",
                               "pcd_intervalo", "pcd_base", "item_criterio", "regra_decisao", "item_regra_decisao")


def erro_da_nao_confirmacao(escolha: str, item: str, admitidas: tuple[str, ...], artigo: str) -> str:
    """Por que o edital não pode dizer isto do candidato não confirmado na heteroidentificação, ou vazio: a lei diz o
    que admite (`admitidas`, com o `artigo`), e a eliminação exige o item do edital que a prevê (decisão 0018)."""
    if escolha and escolha not in admitidas:
        manda = " ou ".join(Consequencia(c).label.lower() for c in admitidas)
        citacao = f" ({artigo})" if artigo else ""
        return (f"A lei do certame admite, para o candidato não confirmado na heteroidentificação: {manda}{citacao}. "
                f"O edital não pode dispor «{Consequencia(escolha).label.lower()}».")
    if escolha == Consequencia.ELIMINACAO and not item.strip():
        return ("A eliminação de quem não tem a autodeclaração confirmada só vale com o item do edital que a prevê: "
                "informe-o.")
    return ""


def lista_de_posicoes(texto: str) -> tuple[int, ...]:
    """«5, 21, 41» → (5, 21, 41)."""
    return tuple(sorted({int(p) for p in texto.replace(" ", "").split(",") if p}))


# Sem lei aplicável (município sem lei, lei expirada): nenhuma reserva racial, só ampla e PcD.
REGRAS_SEM_LEI = motor.Regras(slug="", grupos=(), minimo_vagas=1)


class Escolaridade(models.TextChoices):
    FUNDAMENTAL = "1_fundamental", "Ensino fundamental"
    MEDIO = "2_medio", "Ensino médio"
    TECNICO = "3_tecnico", "Ensino técnico"
    SUPERIOR = "4_superior", "Ensino superior"
    POS = "5_pos", "Pós-graduação"


class NaturezaCargo(models.TextChoices):
    CARGO = "cargo", "Cargo efetivo"
    EMPREGO = "emprego", "Emprego público"


class Cargo(models.Model):
    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.CASCADE, related_name="cargos")
    codigo = models.CharField("código", max_length=20)
    nome = models.CharField("nome", max_length=200)
    natureza = models.CharField(
        "natureza", max_length=10, choices=NaturezaCargo.choices, default=NaturezaCargo.CARGO,
        help_text="Emprego público (regime da CLT) ou cargo efetivo: há lei que ordena as vagas PcD de outro modo nos "
                  "empregos.")
    escolaridade = models.CharField("escolaridade exigida", max_length=16, choices=Escolaridade.choices,
                                    default=Escolaridade.MEDIO)
    vagas = models.PositiveIntegerField("vagas", help_text="Total de vagas do cargo no edital, PcD incluídas.")
    vagas_pcd = models.PositiveIntegerField("vagas PcD", default=0)
    remuneracao = DecimalEmReais(
        "remuneração (R$)", max_digits=12, decimal_places=2, null=True, blank=True,
        validators=[MinValueValidator(0)], help_text="O vencimento inicial do cargo, p. ex. 3.456,78.")
    carga_horaria = models.PositiveSmallIntegerField(
        "carga horária semanal (horas)", null=True, blank=True, validators=[MaxValueValidator(168)])
    requisitos = models.TextField(
        "requisitos", blank=True, db_default="",
        help_text="Os requisitos para a posse como o edital os escreve, p. ex. «Ensino superior em Enfermagem e "
                  "registro no COREN».")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "cargo"
        verbose_name_plural = "cargos"
        ordering = ["certame", "codigo"]
        constraints = [models.UniqueConstraint(fields=["certame", "codigo"], name="cargo_codigo_unico")]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.nome}"

    def regras_motor(self, regras: motor.Regras | None = None) -> motor.Regras:
        """As regras do certame (`regras`, se já lidas) para este cargo: num emprego público, as vagas PcD nas
        primeiras posições onde a lei o manda (p. ex. Ubatuba art. 7º, caput)."""
        regras = regras or self.certame.regras_motor()
        if self.natureza == NaturezaCargo.EMPREGO and regras.pcd_primeiro_nos_empregos:
            base = "; ".join(b for b in (regras.artigo_pcd_primeiro_nos_empregos, regras.pcd.artigo) if b)
            return replace(regras, pcd=replace(regras.pcd, primeiro=True, artigo=base))
        return regras

    def quadro(self, posicoes: int | None = None, regras: motor.Regras | None = None) -> motor.Quadro:
        return motor.calcular_quadro(self.regras_motor(regras), self.vagas, self.vagas_pcd, posicoes)

    def clean(self) -> None:
        if self.vagas is not None and self.vagas_pcd is not None and self.vagas_pcd > self.vagas:
            raise ValidationError({"vagas_pcd": "As vagas PcD não podem passar do total de vagas."})
        if self.certame_id and self.vagas and (erro := erro_das_vagas_pcd(self.certame, self.vagas, self.vagas_pcd)):
            raise ValidationError({"vagas_pcd": erro})
        if self.certame_id and self.certame.publicado and self.pk:
            anterior = Cargo.objects.get(pk=self.pk)
            if (anterior.vagas, anterior.vagas_pcd) != (self.vagas, self.vagas_pcd):
                raise ValidationError("O edital já foi publicado: o quadro de vagas não muda. Vagas novas no "
                                      "prazo de validade são chamadas como «novas vagas».")


def erro_das_vagas_pcd(certame: Certame, vagas: int, vagas_pcd: int) -> str:
    """Com percentual PcD no edital, as vagas PcD do cargo são as dele; a mensagem diz quantas, ou vazia."""
    devidas = motor.vagas_pcd_do_edital(certame.regra_pcd(), vagas)
    if devidas is None or devidas == vagas_pcd:
        return ""
    regra = dict(ARREDONDAMENTOS)[certame.pcd_arredondamento].lower()
    base = f" ({certame.pcd_base})" if certame.pcd_base else ""
    return (f"Pelo percentual PcD do edital ({percentual_br(certame.pcd_percentual)} das vagas, {regra}{base}), um "
            f"cargo com {plural(vagas, 'vaga')} tem {plural(devidas, 'vaga PcD', 'vagas PcD')}, e não {vagas_pcd}.")


def erro_da_regra_de_decisao(regra: str, lei: Lei | None) -> str:
    """A regra de decisão do edital é uma escolha dentro da lei: só onde ela manda cada membro da comissão registrar
    a sua avaliação (`Lei.forma_deliberacao`); onde manda votar, vale a maioria dela. A mensagem diz por quê, ou
    vazia."""
    if regra == RegraDecisao.MAIORIA or (lei is not None and lei.forma_deliberacao == FormaDeliberacao.INDIVIDUAL):
        return ""
    rotulo = RegraDecisao(regra).label.lower()
    if lei is None:
        return (f"A regra de decisão «{rotulo}» vale só onde a lei manda cada membro da comissão registrar a sua "
                "avaliação, e nenhuma lei se aplica a este edital: escolha a maioria.")
    return (f"A regra de decisão «{rotulo}» vale só onde a lei manda cada membro da comissão registrar a sua "
            f"avaliação; a lei deste edital manda a comissão votar"
            f"{citar(lei.artigo_forma_deliberacao or lei.artigo_votacao)}: escolha a maioria.")


class CorRaca(models.TextChoices):
    # Quesito cor ou raça do IBGE (Vargem Alta art. 3º; Iúna art. 2º; Afonso Cláudio art. 2º).
    BRANCA = "branca", "Branca"
    PRETA = "preta", "Preta"
    PARDA = "parda", "Parda"
    AMARELA = "amarela", "Amarela"
    INDIGENA = "indigena", "Indígena"


class Genero(models.TextChoices):
    FEMININO = "feminino", "Feminino"
    MASCULINO = "masculino", "Masculino"
    OUTRO = "outro", "Outro"
    NAO_INFORMADO = "nao_informado", "Prefere não informar"


class Candidato(models.Model):
    """A pessoa como um órgão a conhece: cada órgão é o controlador dos dados dos seus certames (LGPD art. 5º, VI;
    decisão 0005) e tem o seu cadastro, único por (órgão, CPF). A mesma pessoa inscrita na Prefeitura e na Câmara
    tem dois: o arquivo da banca de um não muda o nome, o contato nem a cor ou raça que o outro vê."""

    # Sem índice próprio: o da restrição (órgão, CPF) começa pelo órgão e serve à lista recortada.
    orgao = models.ForeignKey(Orgao, verbose_name="órgão ou entidade", on_delete=models.PROTECT,
                              related_name="candidatos", db_index=False)
    nome = models.CharField("nome", max_length=200)
    nome_social = models.CharField("nome social", max_length=200, blank=True)
    nome_busca = CampoNomeBusca("nome para a busca", help_text="Nome e nome social sem acentos, em minúsculas "
                                "(concursos/busca.py); preenchido a cada gravação.")
    # 30 e não 11: o CPF anonimizado guarda os dígitos do meio e o id, para continuar único («***456789**#42»).
    cpf = models.CharField("CPF", max_length=30, validators=[BRCPFValidator()], help_text="Só os 11 dígitos.")
    data_nascimento = models.DateField("data de nascimento", null=True, blank=True)
    genero = models.CharField("gênero", max_length=16, choices=Genero.choices, default=Genero.NAO_INFORMADO)
    cor_raca = models.CharField("cor ou raça (IBGE)", max_length=10, choices=CorRaca.choices, blank=True)
    quilombola = models.BooleanField("quilombola", default=False)
    pcd = models.BooleanField("pessoa com deficiência", default=False)
    email = models.EmailField("e-mail", blank=True)
    telefone = models.CharField("telefone", max_length=20, blank=True)
    anonimizado_em = models.DateTimeField(
        "anonimizado em", null=True, blank=True, editable=False,
        help_text="Terminada a guarda (concursos/retencao.py): ficam o nome e o CPF mascarado das listas publicadas.")
    # Sem inscrição nenhuma, é daqui que a guarda do órgão se conta (concursos/retencao.py). Também no banco
    # (db_default): uma carga feita direto por SQL ou COPY não fica sem a data.
    criado_em = models.DateTimeField("cadastrado em", default=timezone.now, db_default=Now(), editable=False)

    objects = ConsultaComNomeBusca.as_manager()

    class Meta:
        verbose_name = "candidato"
        verbose_name_plural = "candidatos"
        ordering = ["nome"]
        permissions = [("ver_dados_sensiveis", "Pode ver cor ou raça e deficiência (LGPD art. 11)")]
        # Restrição e índice declarados aqui, e não com unique/db_index nos campos: no PostgreSQL estes criariam
        # também um índice varchar_pattern_ops (para LIKE 'x%') que nenhuma consulta usa e que a importação de
        # um milhão de candidatos teria de manter. A busca por nome usa nome_busca (concursos/busca.py).
        constraints = [models.UniqueConstraint(fields=["orgao", "cpf"], name="candidato_cpf_unico_no_orgao")]
        indexes = [models.Index(fields=["nome"], name="candidato_nome_idx")]

    def __str__(self) -> str:
        return self.nome_social or self.nome

    def save(self, *args, update_fields=None, **kwargs):
        if update_fields is not None and {"nome", "nome_social"} & set(update_fields):
            update_fields = {*update_fields, "nome_busca"}
        super().save(*args, update_fields=update_fields, **kwargs)

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)


def formatar_cpf(cpf: str) -> str:
    """Os 11 dígitos como se escreve um CPF (123.456.789-09); outro valor volta como veio."""
    if len(cpf) != 11 or not cpf.isdigit():
        return cpf
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def mascarar_cpf(cpf: str) -> str:
    """CPF para listas publicadas: só os dígitos do meio (***.456.789-**), também o de um titular anonimizado."""
    if CPF_ANONIMIZADO.fullmatch(cpf):
        return f"***.{cpf[3:6]}.{cpf[6:9]}-**"
    digitos = "".join(c for c in cpf if c.isdigit())
    if len(digitos) != 11:
        return "***.***.***-**"
    return f"***.{digitos[3:6]}.{digitos[6:9]}-**"


# O que fica do CPF depois da guarda: os dígitos do meio, os mesmos das listas publicadas, e o id do candidato.
CPF_ANONIMIZADO = re.compile(r"\*{3}\d{6}\*{2}#\d+")


class Situacao(models.TextChoices):
    HABILITADO = "habilitado", "Habilitado"
    ELIMINADO = "eliminado", "Eliminado"
    DESISTENTE = "desistente", "Desistente"


class Heteroidentificacao(models.TextChoices):
    NAO_SE_APLICA = "nao_se_aplica", "Não se aplica"
    PENDENTE = "pendente", "Pendente"
    CONFIRMADO = "confirmado", "Confirmado"
    NAO_CONFIRMADO = "nao_confirmado", "Não confirmado"
    AUSENTE = "ausente", "Ausente"


CAMPOS_TRAVADOS = ("cargo_id", "candidato_id", "numero", "reserva", "cor_raca", "quilombola", "pcd",
                   "autodeclaracao_em")


class Inscricao(models.Model):
    # Sem o índice de cada chave estrangeira: as restrições e índices abaixo começam por elas e já servem às
    # buscas por certame, por cargo e por candidato (um índice a menos para manter por linha importada).
    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.CASCADE,
                                related_name="inscricoes", db_index=False)
    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="inscricoes",
                              db_index=False)
    candidato = models.ForeignKey(Candidato, verbose_name="candidato", on_delete=models.PROTECT,
                                  related_name="inscricoes", db_index=False)
    numero = models.CharField("inscrição", max_length=30)
    reserva = models.BooleanField("optou pela reserva", default=False)
    cor_raca = models.CharField("autodeclaração de cor ou raça", max_length=10, choices=CorRaca.choices,
                                help_text="A declarada nesta inscrição; não muda após o encerramento.")
    quilombola = models.BooleanField("declarou-se quilombola", default=False)
    pcd = models.BooleanField("concorre às vagas PcD", default=False)
    autodeclaracao_em = models.DateField("data da autodeclaração", null=True, blank=True)
    nota_final = DecimalBrasileiro("nota final", max_digits=8, decimal_places=3, null=True, blank=True)
    classificacao = models.PositiveIntegerField("classificação geral", null=True, blank=True,
                                                help_text="Após os desempates da banca (1 = melhor).")
    situacao = models.CharField("situação", max_length=12, choices=Situacao.choices, default=Situacao.HABILITADO)
    heteroidentificacao = models.CharField("heteroidentificação", max_length=16,
                                           choices=Heteroidentificacao.choices,
                                           default=Heteroidentificacao.NAO_SE_APLICA)
    # A trilha de auditoria da importação em lote: em vez de um registro de histórico por inscrição criada,
    # a inscrição aponta a importação que a criou (quem, quando, arquivo e SHA-256). Alterações — por
    # importação ou à mão — continuam com um registro de histórico cada. Sem restrição no banco: a conferência
    # de cada linha no commit custaria ~3,5 µs (0,35 s por 100.000 inscrições, medido); o Django protege a
    # importação (PROTECT), que não se apaga pelo admin.
    importacao = models.ForeignKey("Importacao", verbose_name="importação de origem", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="inscricoes_criadas", editable=False,
                                   db_index=False, db_constraint=False,
                                   help_text="O arquivo da banca que criou esta inscrição; vazio se foi "
                                             "cadastrada à mão.")
    # Sem a autodeclaração no histórico (LGPD art. 11): a página do histórico não a mostra a quem não pode vê-la, e
    # a guarda (concursos/retencao.py) não precisa apagá-la de lá.
    # Nem o estado da heteroidentificação: só cotistas passam por ela (o ato da comissão tem o seu histórico, na
    # avaliação).
    history = HistoricalRecords(excluded_fields=["cor_raca", "quilombola", "pcd", "reserva", "autodeclaracao_em",
                                                 "heteroidentificacao"],
                                no_db_index=["certame", "cargo", "candidato", "importacao"])

    class Meta:
        verbose_name = "inscrição"
        verbose_name_plural = "inscrições"
        ordering = ["cargo", "classificacao", "numero"]
        constraints = [
            models.UniqueConstraint(fields=["certame", "numero"], name="inscricao_numero_unico"),
            # Sem condição: as classificações vazias (NULL) nunca colidem entre si. No PostgreSQL a migração 0004
            # a torna DEFERRABLE (INITIALLY IMMEDIATE), para que a importação de resultados troque posições
            # (1 ↔ 2) gravando cada linha uma vez só; aqui ela fica como o SQLite a aceita.
            models.UniqueConstraint(fields=["cargo", "classificacao"], name="inscricao_classificacao_unica"),
            # O candidato primeiro: o mesmo índice serve às inscrições de um candidato.
            models.UniqueConstraint(fields=["candidato", "cargo"], name="inscricao_candidato_unico_no_cargo"),
        ]
        indexes = [
            models.Index(fields=["numero"], name="inscricao_numero_idx"),
            # A ordem da lista de inscrições do admin: a primeira página sai do índice, sem ordenar um milhão
            # de linhas; filtrar por certame (e cargo) usa o mesmo índice.
            models.Index(fields=["certame", "cargo", "classificacao", "numero"], name="inscricao_ordem_admin_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.numero}"

    def clean(self) -> None:
        if self.cargo_id and self.certame_id and self.cargo.certame_id != self.certame_id:
            raise ValidationError({"cargo": "O cargo é de outro certame."})
        if self.candidato_id and self.certame_id and self.candidato.orgao_id != self.certame.orgao_id:
            # Cada órgão tem o seu cadastro da pessoa (decisão 0005): o de outro órgão não é deste controlador.
            raise ValidationError({"candidato": "O candidato é do cadastro de outro órgão: inscreva o cadastro da "
                                                "pessoa no órgão deste certame."})
        if self.pk and self.certame_id and self.certame.inscricoes_travadas:
            anterior = Inscricao.objects.get(pk=self.pk)
            mudou = [Inscricao._meta.get_field(c.removesuffix("_id")).verbose_name for c in CAMPOS_TRAVADOS
                     if getattr(anterior, c) != getattr(self, c)]
            if mudou:
                raise ValidationError(
                    "As inscrições estão encerradas: a autodeclaração e a opção pela reserva não mudam mais"
                    f"{self.certame.citar('artigo_autodeclaracao')}. Campos alterados: "
                    f"{', '.join(str(m) for m in mudou)}.")


class TipoChamada(models.TextChoices):
    INICIAL = "inicial", "Convocação inicial (vagas do edital)"
    DESISTENCIA = "desistencia", "Substituição de desistente"
    NOVAS_VAGAS = "novas_vagas", "Novas vagas no prazo de validade"
    ANULACAO = "anulacao", "Substituição de nomeação anulada por fraude"
    ELIMINACAO = "eliminacao", "Substituição de eliminado depois do resultado"
    VACANCIA = "vacancia", "Substituição por vacância (exoneração, falecimento, nomeação sem efeito…)"


class CausaVacancia(models.TextChoices):
    """Por que o titular deixou a posição. As de Iúna art. 7º, I, que a lei põe «após a posse» (exonerados, a pedido
    ou por reprovação no estágio probatório, contratos rescindidos, demitidos, aposentados), exigem a posse; todas
    levam à regra da mesma lista (Iúna art. 7º, § 1º; Vargem Alta art. 4º, § 2º; Afonso Cláudio art. 3º, § 2º). A
    anulação por fraude e a eliminação depois do resultado têm os seus próprios atos (decisão 0013)."""

    DESISTENCIA = "desistencia", "Desistência"
    SEM_EFEITO = "sem_efeito", "Nomeação tornada sem efeito (sem posse no prazo)"
    EXONERACAO_A_PEDIDO = "exoneracao_pedido", "Exoneração a pedido"
    EXONERACAO_ESTAGIO = "exoneracao_estagio", "Exoneração por reprovação no estágio probatório"
    EXONERACAO_DE_OFICIO = "exoneracao_oficio", "Exoneração de ofício (sem exercício no prazo)"
    RESCISAO = "rescisao", "Rescisão do contrato"
    FALECIMENTO = "falecimento", "Falecimento"
    DEMISSAO = "demissao", "Demissão"
    APOSENTADORIA = "aposentadoria", "Aposentadoria"
    ANULACAO = "anulacao", "Nomeação anulada por fraude"
    ELIMINACAO = "eliminacao", "Eliminação depois do resultado"


# Iúna art. 7º, I: «que, após a posse, sejam exonerados, a pedido ou por reprovação no estágio probatório, que tenham
# seus contratos rescindidos, [...] sido demitidos ou se aposentado». O falecimento não espera a posse: quem morre
# nomeado deixa a posição do mesmo jeito, e registrá-lo como desistência seria dizer o falso.
CAUSAS_DEPOIS_DA_POSSE = frozenset({
    CausaVacancia.EXONERACAO_A_PEDIDO, CausaVacancia.EXONERACAO_ESTAGIO, CausaVacancia.EXONERACAO_DE_OFICIO,
    CausaVacancia.RESCISAO, CausaVacancia.DEMISSAO, CausaVacancia.APOSENTADORIA})
# As que a página do cargo registra; a nomeação sem efeito, a anulação e a eliminação vêm dos seus próprios atos.
CAUSAS_DO_REGISTRO = (CausaVacancia.DESISTENCIA, CausaVacancia.EXONERACAO_A_PEDIDO, CausaVacancia.EXONERACAO_ESTAGIO,
                      CausaVacancia.EXONERACAO_DE_OFICIO, CausaVacancia.RESCISAO, CausaVacancia.FALECIMENTO,
                      CausaVacancia.DEMISSAO, CausaVacancia.APOSENTADORIA)


class Chamada(models.Model):
    """Um ato de convocação: nunca se altera nem se apaga; o que vem depois é outra chamada."""

    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="chamadas")
    numero = models.PositiveIntegerField("número")
    tipo = models.CharField("tipo", max_length=16, choices=TipoChamada.choices)
    data = models.DateField("data")
    ato = models.CharField("ato", max_length=200, help_text="P. ex. «Portaria nº 12/2025».")
    observacao = models.TextField("observação", blank=True)
    # O que o edital de convocação diz aos convocados (concursos/documentos.py): onde se apresentar, até quando e o
    # que levar além dos documentos que a lei exige para a reserva, que vêm da lei congelada do certame.
    # db_default: as linhas gravadas por quem ainda não conhece os campos (migrações antigas, SQL) também os têm.
    local = models.CharField("local de apresentação", max_length=300, blank=True, db_default="")
    prazo = models.DateField("apresentação até", null=True, blank=True)
    documentos = models.TextField("documentos a apresentar", blank=True, db_default="",
                                  help_text="Os que o edital exige de todos os convocados, um por linha.")
    criada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrada por", null=True,
                                   on_delete=models.PROTECT, related_name="+")
    criada_em = models.DateTimeField("registrada em", auto_now_add=True)

    class Meta:
        verbose_name = "chamada"
        verbose_name_plural = "chamadas"
        ordering = ["cargo", "numero"]
        constraints = [models.UniqueConstraint(fields=["cargo", "numero"], name="chamada_numero_unico")]

    def __str__(self) -> str:
        return f"{self.numero}ª chamada — {self.get_tipo_display()}"


class Convocacao(models.Model):
    """Uma posição da ordem de nomeação e quem a ocupa. A posição é permanente (conta para a carreira)."""

    chamada = models.ForeignKey(Chamada, verbose_name="chamada", on_delete=models.PROTECT,
                                related_name="convocacoes")
    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="convocacoes")
    posicao = models.PositiveIntegerField("posição")
    vaga = models.CharField("vaga", max_length=12, help_text="Tipo da vaga no padrão: AC, PCD ou o grupo.")
    lista = models.CharField("lista", max_length=12, blank=True, help_text="Lista de onde veio o titular.")
    pela_lista = models.CharField(
        "posição dada pela lista", max_length=12, blank=True,
        help_text="O grupo cuja lista deu a posição ao cotista nomeado pela ampla, por lhe ser mais favorável.")
    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="convocacoes")
    substitui = models.OneToOneField("self", verbose_name="substitui", null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="substituida_por")
    # O caminho do provimento (convocação → nomeação → posse → exercício), cada passo com a sua data
    # (concursos/services/nomeacao.py); os prazos entre eles são do edital (Certame.prazo_posse_dias...).
    nomeado_em = models.DateField("nomeação em", null=True, blank=True)
    ato_nomeacao = models.CharField("ato da nomeação", max_length=200, blank=True)
    empossado_em = models.DateField("posse em", null=True, blank=True)
    exercicio_em = models.DateField("exercício desde", null=True, blank=True)
    # A saída do titular, por qualquer causa (os nomes dos campos vêm de quando só havia a desistência).
    desistiu_em = models.DateField("vacância em", null=True, blank=True)
    ato_desistencia = models.CharField("ato da vacância", max_length=200, blank=True)
    causa_vacancia = models.CharField("causa da vacância", max_length=20, choices=CausaVacancia.choices, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "convocação"
        verbose_name_plural = "convocações"
        ordering = ["cargo", "posicao", "chamada__numero"]
        constraints = [
            # Uma posição tem um titular em exercício por vez; quem desiste dá lugar a outro na mesma posição.
            models.UniqueConstraint(fields=["cargo", "posicao"], condition=Q(desistiu_em__isnull=True),
                                    name="convocacao_posicao_ativa_unica"),
            models.UniqueConstraint(fields=["cargo", "inscricao"], condition=Q(inscricao__isnull=False),
                                    name="convocacao_inscricao_unica"),
        ]

    def __str__(self) -> str:
        return f"Posição {self.posicao} ({self.vaga})"

    def posse_vencida(self, certame: Certame, hoje: date) -> bool:
        """Nomeado, sem posse, e o prazo da posse do edital já passou em `hoje`: a nomeação se torna sem efeito."""
        if self.desistiu_em or self.nomeado_em is None or self.empossado_em is not None:
            return False
        limite = certame.posse_ate(self.nomeado_em)
        return limite is not None and hoje > limite

    def causas_de_vacancia(self) -> list[tuple[str, str]]:
        """As causas que a página da vacância oferece no passo em que o titular está: antes da posse, a desistência
        (e o falecimento); depois dela, as de Iúna art. 7º, I, «após a posse»."""
        if self.empossado_em is None:
            causas = [CausaVacancia.DESISTENCIA, CausaVacancia.FALECIMENTO]
        else:
            causas = [c for c in CAUSAS_DO_REGISTRO if c in CAUSAS_DEPOIS_DA_POSSE or c == CausaVacancia.FALECIMENTO]
        return [(c.value, c.label) for c in causas]

    @property
    def etapa(self) -> str:
        """Onde o titular está no caminho do provimento, ou por que saiu: o que as telas e os PDFs mostram."""
        if self.desistiu_em is not None:
            causa = self.get_causa_vacancia_display() or "Vacância"
            return f"{causa} em {data_br(self.desistiu_em)}"
        if self.inscricao_id is None:
            return "Sem titular"
        if self.exercicio_em:
            return f"Em exercício desde {data_br(self.exercicio_em)}"
        if self.empossado_em:
            return f"Posse em {data_br(self.empossado_em)}"
        if self.nomeado_em:
            return f"Nomeação em {data_br(self.nomeado_em)}"
        return "Aguarda nomeação"


class EstadoImportacao(models.TextChoices):
    PENDENTE = "pendente", "Na fila"
    VALIDANDO = "validando", "Validando"
    GRAVANDO = "gravando", "Gravando"
    CONCLUIDA = "concluida", "Concluída"
    COM_ERROS = "com_erros", "Recusada: arquivo com erros (nada foi gravado)"
    FALHOU = "falhou", "Falhou (nada foi gravado)"


class Importacao(TarefaComProgresso):
    """Um arquivo da banca enviado para importação; acompanha o progresso quando roda em segundo plano."""

    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.CASCADE,
                                related_name="importacoes")
    arquivo = models.FileField("arquivo", upload_to="importacoes/%Y/%m/")
    nome_original = models.CharField("nome do arquivo", max_length=255)
    simulacao = models.BooleanField("só validar (sem gravar)", default=False)
    estado = models.CharField("estado", max_length=12, choices=EstadoImportacao.choices,
                              default=EstadoImportacao.PENDENTE)
    erros = models.JSONField("erros", default=list, blank=True)
    # O que não impede a gravação, mas o RH precisa ver: linha, coluna, valor e motivo, como os erros (decisão 0025).
    avisos = models.JSONField("avisos", default=list, blank=True)
    resumo = models.TextField("resumo", blank=True)
    criada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="enviada por", null=True,
                                   on_delete=models.SET_NULL, related_name="+")
    criada_em = models.DateTimeField("enviada em", auto_now_add=True)
    sha256 = models.CharField("SHA-256 do arquivo", max_length=64, blank=True, editable=False,
                              help_text="Identifica o arquivo importado: o mesmo arquivo sempre dá o mesmo código.")
    # Publicado o resultado, o arquivo que traz nota, classificação ou situação o retifica: é um ato, com o número, a
    # data e o motivo informados no envio, e os efeitos nas chamadas (quem deixa cada posição e quem entra) ficam
    # aqui — na validação, o que aconteceria; na gravação, o que aconteceu. Sem efeitos (nulo), o arquivo não
    # retificou o resultado (decisão 0012).
    ato_retificacao = models.CharField("ato da retificação do resultado", max_length=200, blank=True)
    data_retificacao = models.DateField("data da retificação do resultado", null=True, blank=True)
    motivo_retificacao = models.TextField("motivo da retificação do resultado", blank=True)
    efeitos = models.JSONField("efeitos da retificação nas chamadas", null=True, blank=True)

    estado_concluido = EstadoImportacao.CONCLUIDA

    class Meta:
        verbose_name = "importação"
        verbose_name_plural = "importações"
        ordering = ["-criada_em"]

    def __str__(self) -> str:
        return f"{self.nome_original} ({self.get_estado_display()})"


class TipoAtoDoResultado(models.TextChoices):
    ELIMINACAO = "eliminacao", "Eliminação"
    CLASSIFICACAO = "classificacao", "Retificação da classificação"


class AtoDoResultado(models.Model):
    """Um ato que muda, depois de publicado, o resultado de uma inscrição — a eliminação, a retificação da
    classificação ou da nota —, com o ato publicado, a data, o motivo inteiro (o histórico da inscrição guarda só o
    começo) e o efeito nas chamadas (decisão 0012). Nunca se altera nem se apaga: o que vem depois é outro ato."""

    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.PROTECT,
                                  related_name="atos_do_resultado")
    tipo = models.CharField("tipo", max_length=16, choices=TipoAtoDoResultado.choices)
    data = models.DateField("data do ato")
    ato = models.CharField("ato", max_length=200, help_text="P. ex. «Portaria nº 5/2026».")
    motivo = models.TextField("motivo")
    efeito = models.TextField("o que mudou", blank=True)
    chamada = models.ForeignKey(Chamada, verbose_name="chamada do substituto", null=True, blank=True,
                                on_delete=models.PROTECT, related_name="+")
    importacao = models.ForeignKey(Importacao, verbose_name="importação (retificação por arquivo)", null=True,
                                   blank=True, on_delete=models.PROTECT, related_name="atos_do_resultado")
    criado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                   on_delete=models.PROTECT, related_name="+")
    criado_em = models.DateTimeField("registrado em", auto_now_add=True)

    class Meta:
        verbose_name = "ato sobre o resultado"
        verbose_name_plural = "atos sobre o resultado"
        ordering = ["inscricao", "criado_em", "pk"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.ato}"


class OrigemDocumento(models.TextChoices):
    ARQUIVO = "arquivo", "Arquivo da banca"
    MANUAL = "manual", "Registro à mão"


class DocumentoApresentado(models.Model):
    """Um documento que o candidato apresentou para concorrer a uma reserva cuja lei o exige (Iúna art. 2º, II;
    Ibatiba art. 2º), com a conferência: aceito ou recusado, por quem, quando e, na recusa, o motivo. `grupo` e `tipo`
    são os códigos da lei congelada no certame (`Certame.exigencias_documentais`); `nome`, o do tipo no dia do
    registro. O tipo vazio registra que nada foi apresentado no prazo do edital (comprovacao.NENHUM).

    Revela a etnia declarada: só quem vê dados sensíveis o vê, e cada ficha aberta vai ao registro de acessos. Só se
    grava por concursos/services/inscricao.py (à mão) e pela importação do arquivo da banca; o histórico guarda cada
    mudança, com quem e por quê, e some com o documento ao fim da guarda (concursos/retencao.py)."""

    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.CASCADE,
                                  related_name="documentos")
    grupo = models.CharField("grupo de reserva", max_length=12)
    tipo = models.CharField("tipo", max_length=12, blank=True)
    nome = models.CharField("documento", max_length=200)
    origem = models.CharField("origem", max_length=10, choices=OrigemDocumento.choices)
    importacao = models.ForeignKey(Importacao, verbose_name="importação de origem", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="documentos_registrados")
    observacao = models.TextField("observação", blank=True)
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                       blank=True, on_delete=models.PROTECT, related_name="+")
    registrado_em = models.DateTimeField("registrado em", default=timezone.now)
    conferencia = models.CharField("conferência", max_length=10, default=comprovacao.Conferencia.A_CONFERIR.value,
                                   choices=[(comprovacao.Conferencia.A_CONFERIR.value, "A conferir"),
                                            (comprovacao.Conferencia.ACEITO.value, "Aceito"),
                                            (comprovacao.Conferencia.RECUSADO.value, "Recusado")])
    motivo = models.TextField("motivo da conferência", blank=True)
    conferido_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="conferido por", null=True, blank=True,
                                      on_delete=models.PROTECT, related_name="+")
    conferido_em = models.DateTimeField("conferido em", null=True, blank=True)
    conferido_na_importacao = models.ForeignKey(
        Importacao, verbose_name="conferido no arquivo da banca", null=True, blank=True, on_delete=models.PROTECT,
        related_name="documentos_conferidos")
    history = HistoricalRecords()

    class Meta:
        verbose_name = "documento apresentado"
        verbose_name_plural = "documentos apresentados"
        ordering = ["inscricao", "registrado_em", "pk"]
        constraints = [
            # A recusa diz o porquê (o candidato pode recorrer dela).
            models.CheckConstraint(condition=~Q(conferencia=comprovacao.Conferencia.RECUSADO.value) | ~Q(motivo=""),
                                   name="documento_recusado_com_motivo"),
        ]

    def __str__(self) -> str:
        return f"{self.nome} ({self.get_conferencia_display().lower()})"


class EstadoExportacao(models.TextChoices):
    NA_FILA = "na_fila", "Na fila"
    GERANDO = "gerando", "Preparando o arquivo"
    PRONTA = "pronta", "Pronta para baixar"
    FALHOU = "falhou", "Falhou"


def _caminho_exportacao(exportacao: Exportacao, nome: str) -> str:
    # A chave aleatória no caminho: o arquivo traz dados pessoais e o nome não pode ser adivinhado, mesmo que a
    # pasta de mídia seja servida diretamente pelo servidor web.
    return f"exportacoes/{exportacao.criada_em:%Y/%m}/{exportacao.chave}/{nome}"


class Exportacao(TarefaComProgresso):
    """Uma exportação do admin grande demais para a requisição, gerada pela fila de tarefas e baixada depois.

    Guarda o pedido (modelo, recurso, formato, campos e os filtros da lista) para refazer a consulta no processo
    da fila, com as permissões de quem pediu conferidas de novo lá; e o andamento, para a página de progresso.
    Só quem pediu baixa o arquivo.
    """

    chave = models.UUIDField("chave", default=uuid.uuid4, unique=True, editable=False)
    criada_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="pedida por", on_delete=models.CASCADE,
                                   related_name="+")
    criada_em = models.DateTimeField("pedida em", default=timezone.now)
    modelo = models.CharField("modelo", max_length=100, help_text="app_label.model_name da lista exportada.")
    recurso = models.CharField("recurso", max_length=100, help_text="Classe do django-import-export usada.")
    descricao = models.CharField("descrição", max_length=300)
    formato = models.CharField("formato", max_length=20)
    campos = models.JSONField("campos", default=list, blank=True)
    filtros = models.TextField("filtros da lista", blank=True)
    estado = models.CharField("estado", max_length=10, choices=EstadoExportacao.choices,
                              default=EstadoExportacao.NA_FILA)
    arquivo = models.FileField("arquivo", upload_to=_caminho_exportacao, blank=True)
    nome_arquivo = models.CharField("nome para download", max_length=200, blank=True)
    erro = models.TextField("erro", blank=True)

    estado_concluido = EstadoExportacao.PRONTA

    class Meta:
        verbose_name = "exportação"
        verbose_name_plural = "exportações"
        ordering = ["-criada_em"]
        indexes = [models.Index(fields=["criada_por", "-criada_em"], name="exportacao_usuario_idx")]

    def __str__(self) -> str:
        return f"{self.descricao} ({self.get_estado_display()})"

    @property
    def em_andamento(self) -> bool:
        return self.estado in (EstadoExportacao.NA_FILA, EstadoExportacao.GERANDO)


class TipoAto(models.TextChoices):
    PUBLICACAO = "publicacao", "Publicação do edital"
    ENCERRAMENTO = "encerramento", "Encerramento das inscrições"
    RESULTADO = "resultado", "Publicação do resultado"
    HOMOLOGACAO = "homologacao", "Homologação"
    PRORROGACAO = "prorrogacao", "Prorrogação da validade"
    RETIFICACAO = "retificacao", "Retificação do edital"
    CORTE_DA_FASE = "corte_da_fase", "Classificados para a fase seguinte"


class AtoDoCertame(models.Model):
    """Um ato publicado do certame — a publicação, cada etapa, a prorrogação, cada retificação —, com número, data,
    quem o registrou e o fundamento legal. Nunca se altera nem se apaga: o que vem depois é outro ato. As chamadas de
    cada cargo são atos também, com o seu próprio registro (`Chamada`)."""

    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.PROTECT, related_name="atos")
    numero = models.PositiveIntegerField("número", help_text="A ordem do ato entre os do certame.")
    tipo = models.CharField("tipo", max_length=16, choices=TipoAto.choices)
    numero_retificacao = models.PositiveIntegerField("retificação nº", null=True, blank=True)
    data = models.DateField("data")
    publicacao = models.CharField("publicação oficial", max_length=200, blank=True,
                                  help_text="Onde o ato foi publicado, p. ex. «Edital de retificação nº 1/2026, "
                                            "Diário Oficial dos Municípios de 05/12/2026».")
    fundamento = models.TextField("fundamento legal")
    motivo = models.TextField("motivo", blank=True)
    alteracoes = models.JSONField("o que mudou", default=list, blank=True,
                                  help_text="Cada campo alterado: onde, o quê, antes e depois.")
    registrado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="registrado por", null=True,
                                       on_delete=models.PROTECT, related_name="+")
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)

    class Meta:
        verbose_name = "ato do certame"
        verbose_name_plural = "atos do certame"
        ordering = ["certame", "numero"]
        constraints = [
            models.UniqueConstraint(fields=["certame", "numero"], name="ato_numero_unico"),
            models.UniqueConstraint(fields=["certame", "numero_retificacao"], name="ato_retificacao_unica",
                                    condition=Q(numero_retificacao__isnull=False)),
        ]

    def __str__(self) -> str:
        if self.tipo == TipoAto.RETIFICACAO:
            return f"Retificação nº {self.numero_retificacao} de {self.data:%d/%m/%Y}"
        return f"{self.get_tipo_display()} ({self.data:%d/%m/%Y})"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError("Um ato do certame não se altera: registre outro ato (uma retificação).")
        super().save(*args, **kwargs)


class TipoFase(models.TextChoices):
    OBJETIVA = "objetiva", "Prova objetiva"
    DISCURSIVA = "discursiva", "Prova discursiva"
    TITULOS = "titulos", "Avaliação de títulos"
    TAF = "taf", "Teste de aptidão física (TAF)"
    OUTRA = "outra", "Outra"


class CaraterFase(models.TextChoices):
    ELIMINATORIA = "eliminatoria", "Eliminatória e classificatória"
    CLASSIFICATORIA = "classificatoria", "Só classificatória"


class Fase(models.Model):
    """Uma fase do certame (prova objetiva, discursiva, títulos, TAF…), na ordem do edital, com a regra de corte: a
    nota mínima e/ou «os K melhores seguem» (K fixo ou múltiplo das vagas do cargo). O corte aplica a reserva em cada
    lista (legislacao/corte.py) quando a lei congelada no certame o manda (`artigo_fases` do resumo da lei: p. ex.
    Ibatiba art. 3º) ou, se ela não fala das fases, quando o edital o diz (`aplica_reserva`, com o item do edital).

    O corte se grava pelo ato `corte_aplicar` (concursos/services/fases.py), uma vez só; a chamada final não muda."""

    certame = models.ForeignKey(Certame, verbose_name="certame", on_delete=models.PROTECT, related_name="fases")
    ordem = models.PositiveSmallIntegerField("ordem", validators=[MinValueValidator(1)],
                                             help_text="A ordem da fase no edital (1 = a primeira).")
    nome = models.CharField("nome", max_length=120, help_text="Como o edital a chama, p. ex. «Prova objetiva».")
    tipo = models.CharField("tipo", max_length=12, choices=TipoFase.choices, default=TipoFase.OBJETIVA)
    carater = models.CharField(
        "caráter", max_length=16, choices=CaraterFase.choices, default=CaraterFase.ELIMINATORIA,
        help_text="Uma fase só classificatória não elimina nem corta: todos os aptos seguem.")
    nota_minima = DecimalBrasileiro(
        "nota mínima", max_digits=8, decimal_places=3, null=True, blank=True,
        validators=[MinValueValidator(Decimal(0))], help_text="Quem não a atinge não segue, por nenhuma lista.")
    seguem_quantidade = models.PositiveIntegerField(
        "os melhores que seguem (número)", null=True, blank=True,
        help_text="«Os K melhores seguem», com K fixo por cargo, pela ampla concorrência (cotistas incluídos); "
                  "cada lista de reserva leva ainda a sua proporção de K.")
    seguem_multiplo_vagas = DecimalBrasileiro(
        "os melhores que seguem (múltiplo das vagas)", max_digits=6, decimal_places=2, null=True, blank=True,
        validators=[MinValueValidator(Decimal("0.01"))],
        help_text="K como múltiplo das vagas de cada cargo (p. ex. 3 = o triplo das vagas; fração para cima).")
    empatados_seguem = models.BooleanField(
        "empatados na nota de corte seguem", default=False,
        help_text="Se o edital manda: os empatados na nota do último que segue por uma lista seguem também.")
    aplica_reserva = models.BooleanField(
        "o corte aplica a reserva", default=True,
        help_text="Se a lei do certame diz que a reserva vale em todas as fases, ela se aplica sempre. Se a lei não "
                  "fala das fases, vale o que o edital disser.")
    item_edital = models.CharField("item do edital", max_length=200, blank=True,
                                   help_text="O item do edital que define a fase e o corte, citado na lista publicada.")
    corte_aplicado_em = models.DateTimeField("corte aplicado em", null=True, blank=True, editable=False)
    corte_aplicado_por = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="corte aplicado por", null=True,
                                           blank=True, on_delete=models.PROTECT, related_name="+", editable=False)
    motivo_corte = models.TextField("motivo do corte", blank=True, editable=False)
    numeros_do_corte = models.JSONField("números do corte", null=True, blank=True, editable=False,
                             help_text="Por cargo: K e, por lista, os devidos, os que seguem e a última nota.")
    resultado_arquivo = models.CharField("arquivo do resultado", max_length=255, blank=True, editable=False)
    resultado_sha256 = models.CharField("SHA-256 do arquivo", max_length=64, blank=True, editable=False)
    resultado_importado_em = models.DateTimeField("resultado importado em", null=True, blank=True, editable=False)
    resultado_importado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="resultado importado por", null=True, blank=True,
        on_delete=models.PROTECT, related_name="+", editable=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = "fase"
        verbose_name_plural = "fases"
        ordering = ["certame", "ordem"]
        constraints = [
            models.UniqueConstraint(fields=["certame", "ordem"], name="fase_ordem_unica"),
            models.CheckConstraint(condition=Q(seguem_quantidade__isnull=True) | Q(seguem_multiplo_vagas__isnull=True),
                                   name="fase_um_so_k"),
        ]

    def __str__(self) -> str:
        return f"{self.ordem}ª fase — {self.nome}"

    @property
    def corte_aplicado(self) -> bool:
        return self.corte_aplicado_em is not None

    @property
    def artigo_da_lei(self) -> str:
        """O artigo da lei congelada que aplica a reserva nas fases; vazio se ela não fala delas."""
        return self.certame.artigo_das_fases if self.certame.publicado else ""

    def reserva_no_corte(self) -> bool:
        """A lei que fala das fases manda a reserva sempre; a que não fala deixa ao edital."""
        return bool(self.artigo_da_lei) or self.aplica_reserva

    def fundamento(self) -> str:
        """A base da reserva no corte: o artigo da lei congelada no certame ou, sem ele, o item do edital."""
        if self.artigo_da_lei:
            ementa = self.certame.resumo_lei.get("ementa", "")
            return f"{ementa}, {self.artigo_da_lei}" if ementa else self.artigo_da_lei
        edital = f"Edital nº {self.certame.numero_edital}"
        return f"{edital}, {self.item_edital}" if self.item_edital else edital

    def regra_corte(self) -> corte.RegraCorte:
        if self.carater == CaraterFase.CLASSIFICATORIA:
            return corte.RegraCorte()
        return corte.RegraCorte(nota_minima=self.nota_minima, quantidade=self.seguem_quantidade,
                                multiplo_vagas=self.seguem_multiplo_vagas, empatados_seguem=self.empatados_seguem,
                                aplica_reserva=self.reserva_no_corte())

    def anterior(self) -> Fase | None:
        return self.certame.fases.filter(ordem__lt=self.ordem).order_by("-ordem").first()

    def _erro_da_ordem(self) -> str:
        """Quem entrou numa fase com resultado importado veio da fase anterior: nenhuma fase entra nem sai da ordem
        antes dela, e a ordem dela não muda mais."""
        antes = Fase.objects.filter(pk=self.pk).values_list("ordem", flat=True).first() if self.pk else None
        if antes == self.ordem:
            return ""
        if antes is not None and (self.resultado_importado_em or self.corte_aplicado):
            return "Esta fase já tem resultado importado: a ordem dela não muda mais."
        ultima = (Fase.objects.filter(certame_id=self.certame_id, ordem__gt=min(self.ordem, antes or self.ordem))
                  .exclude(pk=self.pk)
                  .filter(Q(resultado_importado_em__isnull=False) | Q(corte_aplicado_em__isnull=False))
                  .order_by("-ordem").first())
        if ultima is None:
            return ""
        return (f"A {ultima} já tem resultado importado ou corte aplicado, e só entrou nela quem seguiu da fase "
                f"anterior: uma fase nova ou mudada de ordem vem depois dela (ordem {ultima.ordem + 1} em diante).")

    def clean(self) -> None:
        erros = {}
        if self.certame_id and self.ordem and (erro := self._erro_da_ordem()):
            erros["ordem"] = erro
        if self.seguem_quantidade is not None and self.seguem_multiplo_vagas is not None:
            erros["seguem_multiplo_vagas"] = ("Informe o número dos que seguem ou o múltiplo das vagas do cargo, não "
                                              "os dois.")
        if self.carater == CaraterFase.CLASSIFICATORIA and (
                self.nota_minima is not None or self.seguem_quantidade is not None
                or self.seguem_multiplo_vagas is not None):
            erros["carater"] = "Uma fase só classificatória não tem nota mínima nem corte: todos os aptos seguem."
        if self.certame_id and not self.aplica_reserva and self.artigo_da_lei:
            erros["aplica_reserva"] = (f"A lei do certame manda aplicar a reserva em todas as fases, também nas com "
                                       f"nota de corte{citar(self.artigo_da_lei)}.")
        if self.pk and self.corte_aplicado:
            anterior = Fase.objects.get(pk=self.pk)
            campos = ("carater", "nota_minima", "seguem_quantidade", "seguem_multiplo_vagas", "empatados_seguem",
                      "aplica_reserva")
            if any(getattr(anterior, c) != getattr(self, c) for c in campos):
                erros["__all__"] = "O corte desta fase já foi aplicado e publicado: a regra de corte não muda mais."
        if erros:
            raise ValidationError(erros)


class ResultadoNaFase(models.Model):
    """O resultado de uma inscrição numa fase, como a banca o manda (nota, apto ou eliminado na fase, a classificação
    na fase depois dos desempates), e o que o corte calculou: se segue para a fase seguinte e por qual lista (AC, PCD
    ou o código do grupo da lei). Grava-se só pela importação do arquivo da banca e pelo ato do corte
    (concursos/services/fases.py), com a trilha na fase (quem, quando, o arquivo e o motivo)."""

    # Sem índice próprio: a restrição (fase, inscrição) começa pela fase e serve às leituras da fase.
    fase = models.ForeignKey(Fase, verbose_name="fase", on_delete=models.CASCADE, related_name="resultados",
                             db_index=False)
    inscricao = models.ForeignKey(Inscricao, verbose_name="inscrição", on_delete=models.PROTECT,
                                  related_name="resultados_nas_fases")
    nota = DecimalBrasileiro("nota", max_digits=8, decimal_places=3, null=True, blank=True)
    apto = models.BooleanField("apto na fase", default=True,
                               help_text="Falso: eliminado na fase (ausente, desclassificado, inapto no TAF).")
    classificacao_na_fase = models.PositiveIntegerField(
        "classificação na fase", null=True, blank=True,
        help_text="A da banca, depois dos desempates do edital: decide entre notas iguais.")
    segue = models.BooleanField("segue para a fase seguinte", null=True, blank=True)
    lista = models.CharField("por qual lista", max_length=12, blank=True)

    class Meta:
        verbose_name = "resultado na fase"
        verbose_name_plural = "resultados nas fases"
        ordering = ["fase", "-nota", "classificacao_na_fase"]
        constraints = [models.UniqueConstraint(fields=["fase", "inscricao"], name="resultado_na_fase_unico")]

    def __str__(self) -> str:
        return f"{self.inscricao} — {self.fase}"

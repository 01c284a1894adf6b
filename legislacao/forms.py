"""Formulários das ferramentas do admin: o simulador do quadro de vagas e «Qual lei se aplica?»."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.contrib.admin.widgets import AdminDateWidget
from localflavor.br.br_states import STATE_CHOICES

from documentos.envios import conferir_csv, conferir_tamanho
from legislacao import motor
from legislacao.abrangencia import SELECOES
from legislacao.entrada import COLUNAS
from legislacao.models import Esfera, Lei
from legislacao.selectors import lei_aplicavel
from nucleo.models import Municipio, Poder, TipoOrgao

MAXIMO_VAGAS = 10_000
ARREDONDAMENTOS = Lei._meta.get_field("arredondamento").choices


class LeiEscolha(forms.ModelChoiceField):
    def label_from_instance(self, lei: Lei) -> str:
        local = str(lei.municipio) if lei.municipio_id else lei.uf
        if lei.numero:
            descricao = f"Lei {lei.numero}"
        elif lei.data_publicacao:
            descricao = f"lei de {lei.data_publicacao:%d/%m/%Y}"
        else:
            descricao = "lei sem data de publicação"
        versao = f", versão {lei.versao}" if lei.versao > 1 else ""
        return f"{local} — {descricao} ({lei.slug}{versao})"


class LocalEditalForm(forms.Form):
    """Esfera do órgão, município, UF e data do edital: o bastante para saber qual lei se aplica. O órgão municipal
    precisa do município e da UF; o estadual, da UF; o federal, só da data. O nome digitado se confere com a lista
    do IBGE (sem acento nem caixa); depois de validado, `municipio` é o município da lista."""

    esfera = forms.ChoiceField(label="Esfera do órgão", choices=Esfera.choices, initial=Esfera.MUNICIPAL,
                               required=False,
                               help_text="Órgão federal (p. ex. universidade federal, INSS): vale a lei federal.")
    municipio = forms.CharField(label="Município", max_length=100, required=False,
                                widget=forms.TextInput(attrs={"list": "municipios-com-lei", "autocomplete": "off"}))
    uf = forms.ChoiceField(label="UF", choices=[("", "—"), *((uf, uf) for uf, _ in STATE_CHOICES)],
                           required=False)
    data_edital = forms.DateField(label="Data de publicação do edital", required=False, widget=AdminDateWidget,
                                  help_text="dd/mm/aaaa")

    campos_local = ("municipio", "uf", "data_edital")

    def clean(self):
        dados = super().clean()
        dados["esfera"] = dados.get("esfera") or Esfera.MUNICIPAL
        nome, uf = dados.get("municipio"), dados.get("uf")
        if nome and uf:
            try:
                dados["municipio"] = Municipio.objects.pelo_nome(nome, uf)
            except Municipio.DoesNotExist:
                self.add_error("municipio", f"«{nome}» não está na lista de municípios do IBGE para {uf}: confira "
                                            "o nome e a UF.")
        return dados

    def local_informado(self) -> bool:
        return any(self.cleaned_data.get(c) for c in self.campos_local)

    def campos_exigidos(self) -> tuple[str, ...]:
        esfera = self.cleaned_data.get("esfera")
        if esfera == Esfera.FEDERAL:
            return ("data_edital",)
        if esfera == Esfera.ESTADUAL:
            return ("uf", "data_edital")
        return self.campos_local

    def exigir_local(self) -> None:
        for campo in self.campos_exigidos():
            if not self.cleaned_data.get(campo) and campo not in self.errors:
                self.add_error(campo, "Informe este campo para encontrar a lei aplicável.")

    def aplicabilidade(self):
        """A lei que se aplica ao edital descrito (chamar depois de validado)."""
        dados = self.cleaned_data
        municipio = dados["municipio"] if isinstance(dados.get("municipio"), Municipio) else None
        return lei_aplicavel(municipio=municipio, data_edital=dados["data_edital"], esfera=dados["esfera"],
                             uf=dados.get("uf") or "")


class QualLeiForm(LocalEditalForm):
    # Opcionais: o Poder e a natureza do órgão e o tipo de seleção, para saber se o art. 1º da lei os menciona.
    poder = forms.ChoiceField(label="Poder do órgão", choices=[("", "—"), *Poder.choices], required=False)
    natureza = forms.ChoiceField(label="Natureza do órgão", choices=[("", "—"), *TipoOrgao.choices], required=False)
    selecao = forms.ChoiceField(label="Tipo de seleção", choices=[("", "—"), *SELECOES.items()], required=False)

    def clean(self):
        dados = super().clean()
        self.exigir_local()
        return dados


class SimuladorForm(LocalEditalForm):
    # O texto integral (dezenas de KB por lei) não é preciso para escolher nem para simular.
    lei = LeiEscolha(label="Lei", queryset=Lei.objects.vigentes_versoes().defer("texto").select_related("municipio"),
                     to_field_name="slug",
                     required=False,
                     empty_label="— escolha a lei, ou informe município, UF e data abaixo —")
    vagas = forms.IntegerField(label="Vagas oferecidas (N)", min_value=1, max_value=MAXIMO_VAGAS,
                               help_text="Total de vagas do cargo no edital, PcD incluídas.")
    vagas_pcd = forms.IntegerField(label="Vagas PcD", min_value=0, max_value=MAXIMO_VAGAS, required=False,
                                   help_text="Definidas pelo edital (outras leis). Em branco: as do percentual PcD "
                                             "do edital, abaixo, ou nenhuma.")
    posicoes = forms.IntegerField(label="Posições a mostrar (K)", min_value=1, max_value=MAXIMO_VAGAS,
                                  required=False,
                                  help_text="Em branco: N. Mais que N mostra o cadastro de reserva, que segue "
                                            "o mesmo padrão.")
    pcd_percentual = forms.DecimalField(
        label="Percentual PcD do edital", min_value=Decimal("0.01"), max_value=100, decimal_places=2, required=False,
        localize=True,
        help_text="P. ex. 5: as vagas PcD saem dele se o campo «Vagas PcD» ficar em branco.")
    pcd_arredondamento = forms.ChoiceField(label="Fração de vaga PcD", choices=ARREDONDAMENTOS,
                                           initial=motor.Arredondamento.TETO.value, required=False)
    pcd_posicoes = forms.CharField(label="Posições PcD do edital", max_length=100, required=False,
                                   help_text="P. ex. «5, 21, 41». Em branco: pela contagem do percentual ou, sem "
                                             "ele, na proporção das vagas PcD.")
    pcd_intervalo = forms.IntegerField(label="Depois da última, uma a cada", min_value=1, max_value=MAXIMO_VAGAS,
                                       required=False)
    pcd_base = forms.CharField(label="Item do edital das vagas PcD", max_length=200, required=False)
    item_criterio = forms.CharField(label="Item do edital do critério das posições", max_length=200,
                                    required=False,
                                    help_text="Citado como base das posições que a lei deixa em aberto.")
    candidatos = forms.FileField(label="Candidatos (CSV, opcional)", required=False,
                                 help_text="Colunas: " + ", ".join(COLUNAS) + ". O mesmo arquivo dos comandos.")

    field_order = ["lei", "esfera", "municipio", "uf", "data_edital", "vagas", "vagas_pcd", "posicoes",
                   "pcd_percentual", "pcd_arredondamento", "pcd_posicoes", "pcd_intervalo", "pcd_base", "item_criterio",
                   "candidatos"]

    def clean_pcd_posicoes(self) -> tuple[int, ...]:
        texto = self.cleaned_data.get("pcd_posicoes") or ""
        if not texto.strip():
            return ()
        if not re.fullmatch(r"\s*\d+(\s*,\s*\d+)*\s*", texto) or "0" in texto.replace(" ", "").split(","):
            raise forms.ValidationError("Informe posições (1, 2, 3…) separadas por vírgula, p. ex. «5, 21, 41».")
        return tuple(sorted({int(p) for p in texto.replace(" ", "").split(",")}))

    def regra_pcd(self) -> motor.RegraPcd:
        dados = self.cleaned_data
        return motor.RegraPcd(
            percentual=dados.get("pcd_percentual"),
            arredondamento=motor.Arredondamento(dados.get("pcd_arredondamento") or motor.Arredondamento.TETO),
            posicoes=dados.get("pcd_posicoes") or (), intervalo=dados.get("pcd_intervalo") or 0,
            artigo=dados.get("pcd_base") or "")

    def clean_candidatos(self):
        arquivo = self.cleaned_data.get("candidatos")
        if arquivo:
            conferir_tamanho(arquivo, "simulador")
            conferir_csv(arquivo)
        return arquivo

    def clean(self):
        dados = super().clean()
        if dados.get("pcd_intervalo") and not dados.get("pcd_posicoes"):
            self.add_error("pcd_intervalo", "Informe as posições PcD; o intervalo conta a partir da última.")
        if dados.get("lei") and self.local_informado():
            raise forms.ValidationError("Escolha a lei ou informe o órgão e a data do edital, não os dois.")
        if not dados.get("lei") and "lei" not in self.errors:
            if self.local_informado():
                self.exigir_local()
            else:
                raise forms.ValidationError("Escolha a lei ou informe o órgão e a data do edital.")
        return dados

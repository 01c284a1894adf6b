"""Formulários das ferramentas do admin: o simulador do quadro de vagas e «Qual lei se aplica?»."""

from __future__ import annotations

from django import forms
from django.contrib.admin.widgets import AdminDateWidget
from localflavor.br.br_states import STATE_CHOICES

from documentos.envios import conferir_csv, conferir_tamanho
from legislacao.entrada import COLUNAS
from legislacao.models import Esfera, Lei
from legislacao.selectors import lei_aplicavel
from nucleo.models import Municipio

MAXIMO_VAGAS = 10_000


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
    vagas_pcd = forms.IntegerField(label="Vagas PcD", min_value=0, max_value=MAXIMO_VAGAS, initial=0,
                                   required=False, help_text="Definidas pelo edital (outras leis).")
    posicoes = forms.IntegerField(label="Posições a mostrar (K)", min_value=1, max_value=MAXIMO_VAGAS,
                                  required=False,
                                  help_text="Em branco: N. Mais que N mostra o cadastro de reserva, que segue "
                                            "o mesmo padrão.")
    candidatos = forms.FileField(label="Candidatos (CSV, opcional)", required=False,
                                 help_text="Colunas: " + ", ".join(COLUNAS) + ". O mesmo arquivo dos comandos.")

    field_order = ["lei", "esfera", "municipio", "uf", "data_edital", "vagas", "vagas_pcd", "posicoes", "candidatos"]

    def clean_vagas_pcd(self) -> int:
        return self.cleaned_data.get("vagas_pcd") or 0

    def clean_candidatos(self):
        arquivo = self.cleaned_data.get("candidatos")
        if arquivo:
            conferir_tamanho(arquivo, "simulador")
            conferir_csv(arquivo)
        return arquivo

    def clean(self):
        dados = super().clean()
        if dados.get("lei") and self.local_informado():
            raise forms.ValidationError("Escolha a lei ou informe o órgão e a data do edital, não os dois.")
        if not dados.get("lei") and "lei" not in self.errors:
            if self.local_informado():
                self.exigir_local()
            else:
                raise forms.ValidationError("Escolha a lei ou informe o órgão e a data do edital.")
        return dados

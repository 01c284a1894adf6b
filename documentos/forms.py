from django import forms

from documentos.codigos import normalizar

TAMANHO_MAXIMO = 50 * 1024 * 1024


class CodigoForm(forms.Form):
    codigo = forms.CharField(label="Código de verificação", max_length=40,
                             widget=forms.TextInput(attrs={"placeholder": "XXXX-XXXX-XXXX", "autocomplete": "off",
                                                           "autocapitalize": "characters", "spellcheck": "false"}))

    def clean_codigo(self) -> str:
        codigo = normalizar(self.cleaned_data["codigo"])
        if codigo is None:
            raise forms.ValidationError("O código tem 12 letras e números, em três grupos de 4 (p. ex. "
                                        "7KQ2-9XHM-4TPA). Confira a digitação.")
        return codigo


class ArquivoForm(forms.Form):
    arquivo = forms.FileField(label="Arquivo PDF que você recebeu")

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if arquivo.size > TAMANHO_MAXIMO:
            raise forms.ValidationError("O arquivo passa de 50 MB; nenhum documento emitido pelo sistema é tão grande.")
        return arquivo

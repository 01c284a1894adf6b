from django import forms


class CodigoForm(forms.Form):
    codigo = forms.CharField(
        label="Código de 6 dígitos", max_length=12,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code", "autofocus": True,
                                      "pattern": "[0-9 ]*", "size": 8}),
        error_messages={"required": "Digite o código de 6 dígitos do aplicativo autenticador."})

    def clean_codigo(self) -> str:
        codigo = self.cleaned_data["codigo"].replace(" ", "")
        if len(codigo) != 6 or not codigo.isdigit():
            raise forms.ValidationError("O código tem 6 dígitos, só números.")
        return codigo

from django import forms

from documentos.codigos import normalizar
from documentos.envios import conferir_tamanho, parece_pdf


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
        conferir_tamanho(arquivo, "verificacao")
        # Só a assinatura, sem abrir o PDF: na página sem login, ler o arquivo inteiro com o pypdf seria trabalho
        # de graça para quem quisesse ocupar o servidor; o SHA-256 já diz se é o documento emitido.
        if not parece_pdf(arquivo):
            raise forms.ValidationError("O arquivo não é um PDF (o conteúdo é de outro tipo, só o nome termina em "
                                        ".pdf). Envie o PDF que você recebeu.")
        return arquivo

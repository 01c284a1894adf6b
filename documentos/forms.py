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


class AssinarForm(forms.Form):
    """Assinar com um certificado A1 (o arquivo .p12 e a senha, usados só nesta requisição) ou com o token do
    servidor (o PIN). Nem o arquivo nem a senha nem o PIN são guardados."""

    certificado = forms.FileField(label="Certificado A1 (.p12 ou .pfx)", required=False)
    senha = forms.CharField(label="Senha do certificado ou PIN do token", strip=False,
                            widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}))
    usar_token = forms.BooleanField(label="Assinar com o token do servidor (PKCS#11)", required=False)
    cargo = forms.CharField(label="Cargo ou função de quem assina", max_length=200, required=False,
                            help_text="Vai no carimbo quando não há signatário na ordem; na ordem, vale o cargo dela.")

    def __init__(self, *args, token_disponivel: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not token_disponivel:
            del self.fields["usar_token"]

    def clean(self):
        dados = super().clean()
        if not dados.get("usar_token") and not dados.get("certificado"):
            raise forms.ValidationError("Envie o arquivo do certificado A1 ou escolha o token.")
        certificado = dados.get("certificado")
        if certificado is not None and certificado.size > 64 * 1024:
            raise forms.ValidationError("O arquivo é grande demais para um certificado A1 (os .p12 têm poucos KB).")
        return dados


class SignatarioForm(forms.Form):
    nome = forms.CharField(label="Nome", max_length=200)
    cargo = forms.CharField(label="Cargo ou função", max_length=200, required=False)
    cpf = forms.CharField(label="CPF (opcional)", max_length=14, required=False,
                          help_text="Se preenchido, só um certificado com este CPF assina nesta posição.")

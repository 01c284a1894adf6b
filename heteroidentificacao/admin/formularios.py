"""Formulários das telas do RH no admin da heteroidentificação: o cadastro dos membros e as páginas de ação
(convocar, publicar resultados, protocolar e pautar recursos, gravação, apuração de fraude).

Os formulários só recolhem e conferem o formato; quem decide se a operação cabe é o serviço
(heteroidentificacao/services/), cuja mensagem de erro vai ao usuário.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib.admin.widgets import AdminDateWidget, AdminTimeWidget
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.urls import reverse
from django.utils import timezone
from localflavor.br.validators import BRCPFValidator

from concursos.models import Certame, Inscricao
from heteroidentificacao.models import CAMPOS_CONFERIDOS, Avaliacao, EstadoSessao, Membro, Papel, Sessao

DATA_AJUDA = "dd/mm/aaaa"


def _data(rotulo: str, *, obrigatoria: bool = True, hoje: bool = True, ajuda: str = DATA_AJUDA) -> forms.DateField:
    return forms.DateField(label=rotulo, required=obrigatoria, widget=AdminDateWidget, help_text=ajuda,
                           initial=timezone.localdate if hoje else None)


def _texto(rotulo: str, *, obrigatorio: bool = True, ajuda: str = "", linhas: int = 5) -> forms.CharField:
    return forms.CharField(label=rotulo, required=obrigatorio, help_text=ajuda, strip=True,
                           widget=forms.Textarea(attrs={"rows": linhas, "cols": 80}))


# ---------------------------------------------------------------- membros


class _Arquivo:
    """O arquivo já enviado, como o widget o mostra: o nome e o endereço de download do admin."""

    def __init__(self, nome: str, url: str):
        self.nome, self.url = nome, url

    def __str__(self) -> str:
        return self.nome


class ArquivoPeloAdmin(forms.ClearableFileInput):
    """O campo de arquivo com o link «Atualmente» para a view do admin que confere a permissão, não para /media/
    (que, em produção, não é servido: currículos e termos são dados pessoais)."""

    endereco = ""

    def format_value(self, value):
        if self.is_initial(value) and self.endereco:
            return _Arquivo(value.name.rsplit("/", 1)[-1], self.endereco)
        return super().format_value(value)


ARQUIVOS_DO_MEMBRO = {"curriculo": "curriculo", "termo-assinado": "termo_assinado"}


class MembroForm(forms.ModelForm):
    # Aceita o CPF com ou sem pontuação; confere os dígitos verificadores e grava só os 11 dígitos.
    cpf = forms.CharField(label="CPF", max_length=14, help_text="Com ou sem pontuação: 123.456.789-09.")

    class Meta:
        model = Membro
        fields = ["papel", "presidente", "nome", "cpf", "cor_raca", "genero", "usuario", "servidor_efetivo", "estavel",
                  "servidor_carreira", "carreira", "reside_desde", "escolaridade", "formacao",
                  "reputacao_declarada_em", "curriculo", "termo_assinado_em", "termo_assinado"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for trecho, campo in ARQUIVOS_DO_MEMBRO.items():
            widget = ArquivoPeloAdmin(attrs={"accept": "application/pdf,.pdf"})
            if self.instance.pk is not None:
                widget.endereco = reverse("admin:heteroidentificacao_membro_arquivo",
                                          args=[self.instance.comissao_id, self.instance.pk, trecho])
            self.fields[campo].widget = widget
        if self.instance.congelado:
            # Campos desabilitados ignoram o que vier no POST: nem um formulário forjado os altera.
            for nome in CAMPOS_CONFERIDOS:
                self.fields[nome].disabled = True
            self.fields["cor_raca"].help_text = ("Congelado: o membro já participou de sessão, ou o resultado foi "
                                                 "publicado; as decisões tomadas se apoiam nestes dados.")

    def clean_cpf(self) -> str:
        cpf = self.cleaned_data["cpf"]
        if self.fields["cpf"].disabled:
            return self.instance.cpf
        try:
            BRCPFValidator()(cpf)
        except ValidationError as erro:
            # A mensagem do localflavor viria em inglês: o app não está em INSTALLED_APPS, sem as traduções.
            raise ValidationError("CPF inválido: confira os dígitos verificadores.", code="cpf") from erro
        return re.sub(r"\D", "", cpf)


class MembrosFormSet(BaseInlineFormSet):
    """Confere, entre as linhas do próprio formulário, o que o banco só recusaria ao gravar: um presidente
    por comissão e um usuário por membro."""

    def clean(self) -> None:
        super().clean()
        linhas = [f for f in self.forms if f.has_changed() or f.instance.pk]
        linhas = [f for f in linhas if f.is_valid() and not (self.can_delete and self._should_delete_form(f))]
        if sum(bool(f.cleaned_data.get("presidente")) for f in linhas) > 1:
            raise ValidationError("Só um membro preside a comissão: desmarque «presidente» nos demais.")
        if self.instance.pk and self.instance.sessoes.exclude(estado=EstadoSessao.AGENDADA).exists() and any(
                f.instance.papel == Papel.TITULAR for f in self.deleted_forms if f.instance.pk):
            raise ValidationError("A comissão já fez sessão: os titulares não mudam mais, porque a maioria absoluta "
                                  "se conta sobre eles.")
        if any(f.instance.congelado for f in self.deleted_forms):
            raise ValidationError("Um membro que já participou de sessão, ou cuja comissão já publicou o resultado, "
                                  "não pode ser removido: ele assina atas e decisões.")
        usuarios = [f.cleaned_data["usuario"] for f in linhas if f.cleaned_data.get("usuario")]
        if len(usuarios) != len(set(usuarios)):
            raise ValidationError("O mesmo usuário está ligado a dois membros: cada membro entra com o seu login.")
        orgao = getattr(getattr(self.instance, "certame", None), "orgao_id", None)
        de_outro_orgao = sorted(u.get_username() for u in usuarios if Membro.objects.filter(usuario=u).exclude(
            comissao__certame__orgao_id=orgao).exists())
        if de_outro_orgao:
            # Cada órgão com as suas contas da comissão: a de outro não se liga aqui, nem por um POST forjado.
            raise ValidationError(f"A conta {', '.join(de_outro_orgao)} já serve à comissão de outro órgão: crie "
                                  "uma conta para esta comissão.")


# ---------------------------------------------------------------- resultados


class PublicacaoForm(forms.Form):
    data = _data("Data da publicação")


# ---------------------------------------------------------------- convocação


class DispensaForm(forms.Form):
    inscricao = forms.ModelChoiceField(label="Cotista", queryset=Inscricao.objects.none(),
                                       empty_label="Escolha o cotista")
    motivo = _texto("Motivo", ajuda="Por que o cotista não é convocado (ao menos 10 caracteres); vai ao histórico.",
                    linhas=4)

    def __init__(self, *args, cotistas, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["inscricao"].queryset = cotistas
        self.fields["inscricao"].label_from_instance = lambda i: f"{i.numero} — {i.candidato} ({i.cargo.codigo})"


class ConvocacaoForm(forms.Form):
    inscricoes = forms.ModelMultipleChoiceField(
        label="Cotistas", queryset=Inscricao.objects.none(), widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Marque ao menos um candidato.",
                        "invalid_choice": "A inscrição %(value)s não está mais entre os cotistas a convocar."})
    intervalo_minutos = forms.IntegerField(
        label="Intervalo entre os candidatos (minutos)", min_value=1, max_value=240, initial=15,
        help_text="Os horários seguem a ordem da lista, a partir do início da sessão (ou do último já convocado).")

    def __init__(self, *args, cotistas, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["inscricoes"].queryset = cotistas


# ---------------------------------------------------------------- recursos


class ProtocoloRecursoForm(forms.Form):
    avaliacao = forms.ModelChoiceField(label="Decisão recorrida", queryset=Avaliacao.objects.none(),
                                       empty_label="Escolha a decisão de primeira instância")
    protocolado_em = _data("Protocolado em", ajuda="dd/mm/aaaa — a data do protocolo do candidato, que decide se o "
                                                   "recurso está no prazo.")
    fundamentos = _texto("Fundamentos do candidato", linhas=8)

    def __init__(self, *args, recorriveis, **kwargs):
        super().__init__(*args, **kwargs)
        campo = self.fields["avaliacao"]
        campo.queryset = recorriveis
        campo.label_from_instance = lambda a: (f"Edital {a.sessao.comissao.certame.numero_edital} — inscrição "
                                               f"{a.inscricao.numero} — {a.inscricao.candidato} — "
                                               f"{a.get_resultado_display()}")


class PautaRecursoForm(forms.Form):
    sessao = forms.ModelChoiceField(label="Sessão", queryset=Sessao.objects.none(),
                                    empty_label="Escolha a sessão que julgará o recurso")
    horario = forms.TimeField(label="Horário", widget=AdminTimeWidget, help_text="hh:mm")

    def __init__(self, *args, sessoes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sessao"].queryset = sessoes
        self.fields["sessao"].label_from_instance = lambda s: f"{s} — {s.local} — {s.get_estado_display()}"


class TransferenciaForm(forms.Form):
    sessao = forms.ModelChoiceField(label="Nova sessão", queryset=Sessao.objects.none(),
                                    empty_label="Escolha a sessão agendada")
    horario = forms.TimeField(label="Novo horário", widget=AdminTimeWidget, help_text="hh:mm")
    motivo = _texto("Motivo", ajuda="Por que o candidato muda de sessão (ao menos 10 caracteres); vai ao histórico.",
                    linhas=3)

    def __init__(self, *args, sessoes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sessao"].queryset = sessoes
        self.fields["sessao"].label_from_instance = lambda s: f"{s} — {s.local}"


# ---------------------------------------------------------------- gravação


class GravacaoRegistroForm(forms.Form):
    referencia = forms.CharField(label="Referência do arquivo", max_length=300,
                                 widget=forms.TextInput(attrs={"size": 80}),
                                 help_text="Onde a organizadora guarda a filmagem: nome do arquivo, mídia, lacre…")
    sha256 = forms.CharField(label="SHA-256 do arquivo", max_length=64, widget=forms.TextInput(attrs={"size": 70}),
                             help_text="64 dígitos hexadecimais (p. ex. a saída de «sha256sum arquivo.mp4»).")


class GravacaoAcessoForm(forms.Form):
    solicitante = forms.CharField(label="Pedido de", max_length=200, widget=forms.TextInput(attrs={"size": 60}),
                                  help_text="Quem pediu: o candidato, o órgão, a comissão recursal…")
    fundamento = _texto("Fundamento do pedido", ajuda="Por que a gravação é necessária (ao menos 20 caracteres). "
                                                      "O acesso fica registrado com o seu usuário.")


# ---------------------------------------------------------------- apuração de fraude


class InstauracaoFraudeForm(forms.Form):
    certame = forms.ModelChoiceField(label="Certame", queryset=Certame.objects.order_by("-data_edital"),
                                     empty_label="Escolha o edital")
    numero = forms.CharField(label="Número de inscrição", max_length=30)
    data = _data("Instaurado em")
    ato = forms.CharField(label="Ato de instauração", max_length=200, widget=forms.TextInput(attrs={"size": 50}),
                          help_text="P. ex. «Portaria nº 12/2025».")
    fatos = _texto("Fatos apurados", ajuda="O que indica a declaração falsa; o candidato será notificado deles.")

    def clean(self):
        dados = super().clean()
        certame, numero = dados.get("certame"), (dados.get("numero") or "").strip()
        if certame and numero:
            inscricao = Inscricao.objects.filter(certame=certame, numero=numero).first()
            if inscricao is None:
                self.add_error("numero", f"Não há a inscrição «{numero}» no edital {certame.numero_edital}.")
            dados["inscricao"] = inscricao
        return dados


class DefesaFraudeForm(forms.Form):
    notificado_em = _data("Candidato notificado em")
    defesa_em = _data("Defesa apresentada em", obrigatoria=False, hoje=False,
                      ajuda="dd/mm/aaaa — em branco enquanto o prazo de defesa corre.")
    defesa = _texto("Defesa", obrigatorio=False, linhas=8)


class DecisaoFraudeForm(forms.Form):
    fraude = forms.TypedChoiceField(
        label="Decisão", widget=forms.RadioSelect, coerce=lambda v: v == "sim",
        choices=[("sim", "Fraude reconhecida: eliminar o candidato e encaminhar ao Ministério Público"),
                 ("nao", "Sem fraude: arquivar o procedimento")])
    decisao = _texto("Decisão fundamentada", linhas=8)
    data = _data("Decidido em")
    oficio_mp = forms.CharField(label="Ofício ao Ministério Público", max_length=200, required=False,
                                widget=forms.TextInput(attrs={"size": 50}),
                                help_text="Obrigatório quando a fraude é reconhecida: p. ex. «Ofício nº 30/2025».")

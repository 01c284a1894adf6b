"""Formulários da área da comissão: só leem o que o membro enviou; as regras ficam nos serviços.

Os campos que a lei exige (a confirmação de que o candidato saiu, os traços do parecer, o quórum) não são
obrigatórios aqui de propósito: é o serviço que recusa, com a mensagem e o artigo da lei.
"""

from __future__ import annotations

from django import forms

from heteroidentificacao.models import Caracteristica, FormaVotacao, Membro, Papel, Sessao

SIM_NAO = [("sim", "Sim"), ("nao", "Não")]


def _sim(valor: str) -> bool:
    return valor == "sim"


def _rotulo_membro(membro: Membro) -> str:
    papel = membro.get_papel_display().lower()
    return f"{membro.nome} — {papel}, presidente" if membro.presidente else f"{membro.nome} — {papel}"


class AberturaForm(forms.Form):
    presentes = forms.ModelMultipleChoiceField(
        label="Membros presentes", queryset=Membro.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, sessao: Sessao, **kwargs):
        super().__init__(*args, **kwargs)
        campo = self.fields["presentes"]
        campo.queryset = sessao.comissao.membros.all()
        campo.label_from_instance = _rotulo_membro
        self.initial.setdefault("presentes", [m.pk for m in campo.queryset if m.papel == Papel.TITULAR])


class PresencaForm(forms.Form):
    compareceu = forms.TypedChoiceField(choices=SIM_NAO, coerce=_sim)


class NotasForm(forms.Form):
    notas = forms.CharField(label="Notas da entrevista (sigilosas)", required=False,
                            widget=forms.Textarea(attrs={"rows": 4}))


class VotacaoForm(forms.Form):
    candidato_saiu = forms.BooleanField(label="Confirmo que o candidato deixou a sala", required=False)
    forma = forms.ChoiceField(label="Forma de votação", choices=FormaVotacao.choices,
                              initial=FormaVotacao.ELETRONICA, widget=forms.RadioSelect)

    def __init__(self, *args, em_recurso: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if em_recurso:
            self.fields["candidato_saiu"].label = "A comissão examinou a gravação"


class CedulaForm(forms.Form):
    confirma = forms.TypedChoiceField(choices=SIM_NAO, coerce=_sim)


class ParecerForm(forms.Form):
    caracteristicas = forms.MultipleChoiceField(label="Traços fenotípicos observados", required=False,
                                                choices=Caracteristica.choices, widget=forms.CheckboxSelectMultiple)
    parecer = forms.CharField(label="Parecer motivado", required=False, widget=forms.Textarea(attrs={"rows": 5}))


class EncerramentoForm(forms.Form):
    ocorrencias = forms.CharField(label="Ocorrências da sessão", required=False,
                                  widget=forms.Textarea(attrs={"rows": 3}))


class VotoForm(forms.Form):
    """O voto de um membro: primeiro a escolha, depois a confirmação (o valor nunca vai à URL nem à sessão)."""

    ESCOLHAS = [("confirma", "Confirmo a autodeclaração"), ("nao_confirma", "Não confirmo")]

    escolha = forms.ChoiceField(choices=ESCOLHAS)
    confirmado = forms.BooleanField(required=False)

"""Formulários da área da comissão: só leem o que o membro enviou; as regras ficam nos serviços.

Os campos que a lei exige (a confirmação de que o candidato saiu, os traços do parecer, o quórum, os motivos) não
são obrigatórios aqui de propósito: é o serviço que recusa, com a mensagem e o artigo da lei.
"""

from __future__ import annotations

from django import forms

from heteroidentificacao.models import Caracteristica, FormaVotacao, Membro, Papel, Sessao

SIM_NAO = [("sim", "Sim"), ("nao", "Não")]


def _sim(valor: str) -> bool:
    return valor == "sim"


def _talvez(valor: str) -> bool | None:
    return {"sim": True, "nao": False}.get(valor)


def _rotulo_membro(membro: Membro) -> str:
    papel = membro.get_papel_display().lower()
    return f"{membro.nome} — {papel}, presidente" if membro.presidente else f"{membro.nome} — {papel}"


def _motivo(rotulo: str, linhas: int = 2) -> forms.CharField:
    return forms.CharField(label=rotulo, required=False, widget=forms.Textarea(attrs={"rows": linhas}))


class AberturaForm(forms.Form):
    presentes = forms.ModelMultipleChoiceField(
        label="Membros presentes", queryset=Membro.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)
    motivo_data = _motivo("Motivo da abertura fora da data marcada (vai à ata)")

    def __init__(self, *args, sessao: Sessao, **kwargs):
        super().__init__(*args, **kwargs)
        campo = self.fields["presentes"]
        campo.queryset = sessao.comissao.membros.all()
        campo.label_from_instance = _rotulo_membro
        self.initial.setdefault("presentes", [m.pk for m in campo.queryset if m.papel == Papel.TITULAR])


class SaidaForm(forms.Form):
    membro = forms.ModelChoiceField(label="Membro que sai", queryset=Membro.objects.none(),
                                    empty_label="Escolha o membro")
    motivo = _motivo("Motivo (vai à ata)")
    votou_em_papel = forms.BooleanField(label="Já depositou a cédula em todas as votações em papel abertas",
                                        required=False)

    def __init__(self, *args, sessao: Sessao, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["membro"].queryset = sessao.presentes.filter(presidente=False)
        self.fields["membro"].label_from_instance = _rotulo_membro


class EntradaForm(forms.Form):
    membro = forms.ModelChoiceField(label="Membro que entra", queryset=Membro.objects.none(),
                                    empty_label="Escolha o membro")

    def __init__(self, *args, sessao: Sessao, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["membro"].queryset = sessao.comissao.membros.exclude(pk__in=sessao.presentes.all())
        self.fields["membro"].label_from_instance = _rotulo_membro


class PresencaForm(forms.Form):
    compareceu = forms.TypedChoiceField(choices=SIM_NAO, coerce=_sim)


class NotasForm(forms.Form):
    notas = forms.CharField(label="Notas da entrevista (sigilosas)", required=False,
                            widget=forms.Textarea(attrs={"rows": 4}))


class GravacaoForm(forms.Form):
    referencia = forms.CharField(label="Referência do arquivo da gravação", max_length=300, required=False)
    sha256 = forms.CharField(label="SHA-256 do arquivo", max_length=64, required=False)


class VotacaoForm(forms.Form):
    candidato_saiu = forms.BooleanField(label="Confirmo que o candidato deixou a sala", required=False)
    forma = forms.ChoiceField(label="Forma de votação", choices=FormaVotacao.choices,
                              initial=FormaVotacao.ELETRONICA, widget=forms.RadioSelect)

    def __init__(self, *args, em_recurso: bool = False, contra_ausencia: bool = False, individual: bool = False,
                 **kwargs):
        super().__init__(*args, **kwargs)
        # A forma é a da lei (Lei.forma_deliberacao): as avaliações individuais, ou as cédulas.
        forma = self.fields["forma"]
        if individual:
            forma.choices = [(FormaVotacao.INDIVIDUAL.value, FormaVotacao.INDIVIDUAL.label)]
            forma.initial = FormaVotacao.INDIVIDUAL
            forma.label = "Forma de deliberação (a da lei)"
        else:
            forma.choices = [c for c in FormaVotacao.choices if c[0] != FormaVotacao.INDIVIDUAL]
        if contra_ausencia:
            self.fields["candidato_saiu"].label = "A comissão examinou os fundamentos do recurso contra a ausência"
        elif em_recurso:
            self.fields["candidato_saiu"].label = "A comissão examinou a gravação"


class AnulacaoForm(forms.Form):
    motivo = _motivo("Motivo da anulação (vai à ata)")


class CedulaForm(forms.Form):
    confirma = forms.TypedChoiceField(choices=SIM_NAO, coerce=_sim)


class ParecerForm(forms.Form):
    duvida = forms.TypedChoiceField(
        label="Sem maioria, a comissão conclui", required=False, coerce=_talvez, empty_value=None,
        widget=forms.RadioSelect,
        choices=[("sim", "Há dúvida razoável sobre o fenótipo: prevalece a autodeclaração"),
                 ("nao", "Não há dúvida razoável: a autodeclaração não se confirma")])
    caracteristicas = forms.MultipleChoiceField(label="Traços fenotípicos observados", required=False,
                                                choices=Caracteristica.choices, widget=forms.CheckboxSelectMultiple)
    parecer = forms.CharField(label="Parecer motivado", required=False, widget=forms.Textarea(attrs={"rows": 5}))


class AvaliacaoIndividualForm(forms.Form):
    """A avaliação de um membro, que a ata mostra com o nome: não é uma cédula secreta."""

    defere = forms.TypedChoiceField(label="A sua avaliação", coerce=_sim, widget=forms.RadioSelect,
                                    choices=[("sim", "Defiro a autodeclaração"), ("nao", "Indefiro a autodeclaração")])
    caracteristicas = forms.MultipleChoiceField(label="Traços fenotípicos observados", required=False,
                                                choices=Caracteristica.choices, widget=forms.CheckboxSelectMultiple)
    fundamentacao = forms.CharField(label="Fundamentação", required=False, widget=forms.Textarea(attrs={"rows": 4}))

    def __init__(self, *args, contra_ausencia: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if contra_ausencia:
            self.fields["defere"].choices = [("sim", "Dou provimento: nova convocação"),
                                             ("nao", "Nego provimento: mantida a ausência")]
            del self.fields["caracteristicas"]


class EncerramentoForm(forms.Form):
    ocorrencias = forms.CharField(label="Outras ocorrências da sessão", required=False,
                                  widget=forms.Textarea(attrs={"rows": 3}))


class VotoForm(forms.Form):
    """O voto de um membro, num único POST: a escolha e a confirmação. Os dois valores possíveis têm o mesmo
    tamanho («sim», «nao»), para que nem o corpo da requisição revele o voto; nunca vão à URL nem à sessão."""

    ESCOLHAS = [("sim", "Confirmo"), ("nao", "Não confirmo")]

    escolha = forms.ChoiceField(choices=ESCOLHAS)
    confirmado = forms.ChoiceField(choices=[("sim", "Confirmo o meu voto")])

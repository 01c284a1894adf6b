"""Os formulários das páginas de ação do certame: o ato (data e número), a convocação inicial, as novas vagas, os
passos do provimento e a vacância com a causa, a homologação, a retificação, a confirmação e os atos sobre o
resultado de uma inscrição (eliminação e retificação da classificação, com o motivo)."""

from __future__ import annotations

from django import forms
from django.contrib.admin.widgets import AdminDateWidget
from django.utils import timezone

from concursos.models import Cargo, Certame
from concursos.services.chamadas import Apresentacao


class AtoForm(forms.Form):
    data = forms.DateField(label="Data do ato", widget=AdminDateWidget, help_text="dd/mm/aaaa")
    ato = forms.CharField(label="Ato", max_length=200, widget=forms.TextInput(attrs={"size": 50}),
                          help_text="O ato publicado: «Edital de convocação nº 1/2025», «Portaria nº 12/2025».")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["data"].initial = timezone.localdate()


class ApresentacaoForm(AtoForm):
    """O ato de chamada com o que o edital de convocação diz aos convocados (concursos/documentos.py)."""

    local = forms.CharField(label="Local de apresentação", max_length=300, required=False,
                            widget=forms.TextInput(attrs={"size": 60}),
                            help_text="Onde os convocados se apresentam, p. ex. «Departamento de Recursos Humanos, "
                                      "Avenida Iperoig, 222, Centro, das 9h às 16h».")
    prazo = forms.DateField(label="Apresentação até", required=False, widget=AdminDateWidget,
                            help_text="O último dia para a apresentação (dd/mm/aaaa).")
    documentos = forms.CharField(
        label="Documentos a apresentar", required=False, widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        help_text="Os que o edital exige de todos os convocados, um por linha. Os que a lei exige para a reserva "
                  "entram sozinhos no edital de convocação, para quem foi convocado por ela.")

    def apresentacao(self) -> Apresentacao:
        dados = self.cleaned_data
        return Apresentacao(local=dados["local"], prazo=dados["prazo"], documentos=dados["documentos"])


class SubstituicaoForm(ApresentacaoForm):
    """O ato que vaga uma posição: o local, o prazo e os documentos valem para quem for chamado para ela (se ninguém
    for — a lista esgotada, a validade terminada —, não se usam)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["local"].help_text = ("Onde se apresenta quem for chamado para a posição, p. ex. «Departamento de "
                                          "Recursos Humanos, Avenida Iperoig, 222, Centro, das 9h às 16h».")


class ConvocacaoInicialForm(ApresentacaoForm):
    cargo = forms.ModelChoiceField(label="Cargo", queryset=Cargo.objects.none(), required=False,
                                   empty_label="Todos os cargos ainda não convocados",
                                   help_text="Um cargo só, ou todos os que ainda não tiveram a convocação inicial, "
                                             "num mesmo ato.")
    field_order = ["cargo", "data", "ato", "local", "prazo", "documentos"]

    def __init__(self, *args, certame: Certame, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cargo"].queryset = certame.cargos.filter(chamadas__isnull=True).order_by("codigo")


class NovasVagasForm(ApresentacaoForm):
    quantidade = forms.IntegerField(label="Vagas novas", min_value=1, max_value=10_000,
                                    help_text="Quantas posições chamar agora, além das já chamadas.")
    # A última chamada do cargo quando a página abriu: um segundo envio (clique duplo, outra aba, outra pessoa) chega
    # com o número de antes e é recusado pelo serviço, em vez de nomear de novo.
    ultima_chamada = forms.IntegerField(min_value=0, widget=forms.HiddenInput,
                                        error_messages={"required": "A página está desatualizada: abra-a de novo."})
    field_order = ["quantidade", "data", "ato", "local", "prazo", "documentos"]


def _motivo(ajuda: str) -> forms.CharField:
    return forms.CharField(label="Motivo", max_length=2000, widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
                           help_text=f"{ajuda} Fica registrado com o ato e no histórico da inscrição.")


class EliminacaoForm(SubstituicaoForm):
    motivo = _motivo("Por que a inscrição é eliminada: p. ex. «não apresentou os documentos exigidos para a posse "
                     "(item 12.3 do edital)».")
    # Como nas novas vagas: a prévia vale para o cargo como a página o mostrou; outra chamada no meio-tempo recusa.
    ultima_chamada = forms.IntegerField(min_value=0, widget=forms.HiddenInput,
                                        error_messages={"required": "A página está desatualizada: abra-a de novo."})
    field_order = ["data", "ato", "motivo", "local", "prazo", "documentos"]


class RetificacaoDaClassificacaoForm(AtoForm):
    classificacao = forms.IntegerField(label="Classificação retificada", min_value=1, max_value=2_147_483_647)
    nota_final = forms.DecimalField(label="Nota final retificada", min_value=0, max_digits=8, decimal_places=3,
                                    required=False, localize=True, help_text="Com vírgula (87,5). Vazia, a inscrição "
                                                                             "fica sem nota.")
    motivo = _motivo("Por que a classificação muda: p. ex. «recurso acolhido pela banca: erro na soma da prova "
                     "objetiva».")
    field_order = ["classificacao", "nota_final", "data", "ato", "motivo"]


class DataForm(forms.Form):
    """Um passo do provimento que não tem ato próprio publicado (a posse, o exercício): só a data."""

    data = forms.DateField(label="Data", widget=AdminDateWidget, help_text="dd/mm/aaaa")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["data"].initial = timezone.localdate()


class VacanciaForm(SubstituicaoForm):
    causa = forms.ChoiceField(label="Causa da vacância", choices=())
    field_order = ["causa", "data", "ato", "local", "prazo", "documentos"]

    def __init__(self, *args, causas: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["causa"].choices = causas
        self.fields["causa"].initial = causas[0][0]
        self.fields["ato"].help_text = ("O ato publicado ou o termo: «Termo de desistência nº 3/2026», «Portaria nº "
                                        "12/2026 (exoneração a pedido)».")



def campo_da_publicacao() -> forms.CharField:
    return forms.CharField(label="Publicação oficial", max_length=200, required=False,
                           widget=forms.TextInput(attrs={"size": 60}),
                           help_text="Opcional: onde o ato sai, p. ex. «Diário Oficial dos Municípios de 05/12/2026». "
                                     "Fica no registro do ato.")


class EtapaForm(forms.Form):
    """O encerramento das inscrições e a publicação do resultado: a confirmação, com a publicação oficial do ato."""

    publicacao = campo_da_publicacao()


class HomologacaoForm(EtapaForm):
    data = forms.DateField(label="Data da homologação", widget=AdminDateWidget, help_text="dd/mm/aaaa")
    field_order = ["data", "publicacao"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["data"].initial = timezone.localdate()


class PublicacaoForm(EtapaForm):
    """A publicação do edital: sem lei de reserva aplicável, com a justificativa escrita (que fica no ato)."""

    justificativa = forms.CharField(
        label="Justificativa da publicação sem lei de reserva", max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 80}),
        help_text="Por que o edital sai sem vagas reservadas (p. ex. «o Município não tem lei de reserva de vagas; "
                  "consulta à Procuradoria nº 12/2025»). Fica registrada no ato de publicação e no painel.")

    def __init__(self, *args, sem_lei: bool, **kwargs):
        super().__init__(*args, **kwargs)
        if not sem_lei:
            del self.fields["justificativa"]


class RetificacaoDoEditalForm(forms.Form):
    """O ato da retificação: data, publicação oficial e motivo, com os campos do edital ou do cargo que ela muda."""

    data = forms.DateField(label="Data da retificação", widget=AdminDateWidget, help_text="dd/mm/aaaa")
    publicacao = forms.CharField(label="Publicação oficial", max_length=200,
                                 widget=forms.TextInput(attrs={"size": 60}),
                                 help_text="P. ex. «Edital de retificação nº 1/2026, Diário Oficial dos Municípios "
                                           "de 05/12/2026».")
    motivo = forms.CharField(label="Motivo", widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
                             help_text="Por que o edital muda; vai no ato, no histórico e na página do certame.")
    campos_do_ato = ("data", "publicacao", "motivo")

    def __init__(self, *args, objeto, campos: tuple[str, ...], posicoes_da_lei: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["data"].initial = timezone.localdate()
        modelo = forms.models.fields_for_model(type(objeto), fields=campos)
        for nome in campos:
            self.fields[nome] = modelo[nome]
            self.fields[nome].initial = getattr(objeto, nome)
            if isinstance(self.fields[nome], forms.DateField):
                self.fields[nome].widget = AdminDateWidget()
        extras = []
        if posicoes_da_lei:
            # Só nas regras congeladas antes da correção das posições fixadas na lei (decisão 0014).
            self.fields["aplicar_posicoes_da_lei"] = forms.BooleanField(
                label="Aplicar as posições que a lei fixa", required=False,
                help_text="As regras deste edital foram congeladas quando uma vaga PcD ainda podia tomar uma posição "
                          "que a lei fixa para um grupo (toda 5ª, a 3ª…). Marque para que essas posições sejam sempre "
                          "do grupo da lei; só antes da primeira chamada.")
            extras.append("aplicar_posicoes_da_lei")
        self.order_fields([*campos, *extras, *self.campos_do_ato])
        self.campos_do_objeto = campos

    def mudancas(self) -> dict:
        return {nome: self.cleaned_data[nome] for nome in self.campos_do_objeto}

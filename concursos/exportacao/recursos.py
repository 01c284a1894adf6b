"""Exportações com django-import-export: inscrições, a variante de publicação e candidatos.

- InscricaoResource: as inscrições no mesmo leiaute da importação (docs/importacao.md), com os mesmos
  cabeçalhos; o arquivo exportado pode ser corrigido e importado de novo. Traz a autodeclaração (cor ou
  raça, quilombola, PcD): dado sensível (LGPD art. 11), só para quem pode vê-lo.
- InscricaoPublicacaoResource: o que pode ser publicado: CPF mascarado (***.456.789-**) e nenhum dado
  sensível nem de contato (sem cor ou raça, quilombola, PcD, reserva, nascimento, e-mail, telefone).
- CandidatoResource (identificação e contato) e CandidatoSensivelResource (com cor ou raça, quilombola
  e PcD do cadastro).

As importações não passam por aqui: vão pelo motor de concursos/importacao/, que valida o arquivo
inteiro e grava em lote, tudo ou nada. Cada exportação faz uma consulta só (select_related), sem N+1; as
grandes (concursos/exportacao/geracao.py) usam estes mesmos recursos, linha a linha, na fila de tarefas.

O `name` de cada recurso é o que o usuário escolhe no formulário de exportação.
"""

from __future__ import annotations

from django.db.models import Prefetch
from import_export import fields, resources, widgets

from concursos.importacao.leiaute import COLUNAS
from concursos.models import Candidato, DocumentoApresentado, Inscricao, formatar_cpf, mascarar_cpf
from legislacao import comprovacao
from nucleo.texto import data_br


def _sim_nao(valor: bool) -> str:
    return "sim" if valor else "nao"


class _SoExportacao(resources.ModelResource):
    """Base: consulta com as relações já carregadas, na ordem das listas (cargo, classificação, número)."""

    relacionadas: tuple[str, ...] = ()
    ordem: tuple[str, ...] = ()

    class Meta:
        # Linhas buscadas por ida ao banco ao percorrer a consulta (o padrão, 100, faria 10.000 idas num milhão).
        chunk_size = 2_000

    def get_queryset(self):
        return self.filter_export(self._meta.model.objects.all())

    def filter_export(self, queryset, **kwargs):
        queryset = queryset.select_related(*self.relacionadas)
        return queryset.order_by(*self.ordem) if self.ordem else queryset


# O nome de cada coluna como a pessoa o lê, no formulário de exportação (o cabeçalho do arquivo é o código, o mesmo
# do leiaute da importação, para que o arquivo exportado possa voltar corrigido).
ROTULOS = {
    "inscricao": "Inscrição", "cargo": "Cargo", "nome": "Nome", "nome_social": "Nome social", "cpf": "CPF",
    "data_nascimento": "Data de nascimento", "genero": "Gênero", "email": "E-mail", "telefone": "Telefone",
    "cor_raca": "Cor/Raça", "quilombola": "Quilombola", "pcd": "Pessoa com deficiência", "reserva": "Reserva de vagas",
    "autodeclaracao_em": "Autodeclaração em", "documento": "Documento da reserva",
    "documento_conferencia": "Conferência do documento", "documento_motivo": "Motivo da recusa do documento",
    "nota_final": "Nota final", "classificacao": "Classificação", "situacao": "Situação",
}


def _coluna(nome: str, atributo: str | None = None, widget=None) -> fields.Field:
    return fields.Field(attribute=atributo, column_name=nome, readonly=True, widget=widget)


class _Inscricoes(_SoExportacao):
    """O que as duas versões da lista de inscrições têm em comum: o número, o cargo e o resultado, na ordem das
    listas."""

    inscricao = _coluna("inscricao", "numero")
    cargo = _coluna("cargo", "cargo__codigo")
    # Com vírgula decimal no CSV e no TSV («76,770»); número de verdade no XLSX.
    nota_final = _coluna("nota_final", "nota_final", widgets.DecimalWidget())
    classificacao = _coluna("classificacao", "classificacao")
    situacao = _coluna("situacao", "situacao")

    relacionadas = ("cargo", "candidato")
    ordem = ("cargo__codigo", "classificacao", "numero")


class InscricaoResource(_Inscricoes):
    nome = _coluna("nome", "candidato__nome")
    nome_social = _coluna("nome_social", "candidato__nome_social")
    cpf = _coluna("cpf")
    data_nascimento = _coluna("data_nascimento")
    genero = _coluna("genero", "candidato__genero")
    email = _coluna("email", "candidato__email")
    telefone = _coluna("telefone", "candidato__telefone")
    cor_raca = _coluna("cor_raca", "cor_raca")
    quilombola = _coluna("quilombola")
    pcd = _coluna("pcd")
    reserva = _coluna("reserva")
    autodeclaracao_em = _coluna("autodeclaracao_em")
    documento = _coluna("documento")
    documento_conferencia = _coluna("documento_conferencia")
    documento_motivo = _coluna("documento_motivo")

    class Meta:
        model = Inscricao
        name = "Inscrições — leiaute completo da importação, com a autodeclaração (dados sensíveis)"
        fields = COLUNAS
        export_order = COLUNAS

    def filter_export(self, queryset, **kwargs):
        # O último documento apresentado de cada inscrição (o registro de «nada apresentado» não tem código), lidos
        # por lote de linhas, numa consulta a mais por lote. Sem o prefetch de antes: a exportação passa a consulta
        # por aqui mais de uma vez.
        apresentados = DocumentoApresentado.objects.exclude(tipo=comprovacao.NENHUM).order_by("registrado_em", "pk")
        return super().filter_export(queryset, **kwargs).prefetch_related(None).prefetch_related(
            Prefetch("documentos", queryset=apresentados, to_attr="apresentados"))

    @staticmethod
    def _ultimo(inscricao: Inscricao) -> DocumentoApresentado | None:
        apresentados = getattr(inscricao, "apresentados", None)
        if apresentados is None:
            apresentados = list(inscricao.documentos.exclude(tipo=comprovacao.NENHUM).order_by("registrado_em", "pk"))
        return apresentados[-1] if apresentados else None

    def dehydrate_documento(self, inscricao: Inscricao) -> str:
        documento = self._ultimo(inscricao)
        return documento.tipo if documento else ""

    def dehydrate_documento_conferencia(self, inscricao: Inscricao) -> str:
        documento = self._ultimo(inscricao)
        if documento is None or documento.conferencia == comprovacao.Conferencia.A_CONFERIR:
            return ""
        return documento.conferencia

    def dehydrate_documento_motivo(self, inscricao: Inscricao) -> str:
        documento = self._ultimo(inscricao)
        return documento.motivo if documento else ""

    def dehydrate_cpf(self, inscricao: Inscricao) -> str:
        return formatar_cpf(inscricao.candidato.cpf)

    def dehydrate_data_nascimento(self, inscricao: Inscricao) -> str:
        return data_br(inscricao.candidato.data_nascimento)

    def dehydrate_quilombola(self, inscricao: Inscricao) -> str:
        return _sim_nao(inscricao.quilombola)

    def dehydrate_pcd(self, inscricao: Inscricao) -> str:
        return _sim_nao(inscricao.pcd)

    def dehydrate_reserva(self, inscricao: Inscricao) -> str:
        return _sim_nao(inscricao.reserva)

    def dehydrate_autodeclaracao_em(self, inscricao: Inscricao) -> str:
        return data_br(inscricao.autodeclaracao_em)


COLUNAS_PUBLICACAO = ("inscricao", "cargo", "nome", "cpf", "nota_final", "classificacao", "situacao")


class InscricaoPublicacaoResource(_Inscricoes):
    nome = _coluna("nome")
    cpf = _coluna("cpf")

    class Meta:
        model = Inscricao
        name = "Inscrições — versão de publicação (CPF mascarado, sem dados sensíveis)"
        fields = COLUNAS_PUBLICACAO
        export_order = COLUNAS_PUBLICACAO

    def dehydrate_nome(self, inscricao: Inscricao) -> str:
        # O nome social, quando houver, é o que se publica (Decreto 8.727/2016, art. 2º).
        return str(inscricao.candidato)

    def dehydrate_cpf(self, inscricao: Inscricao) -> str:
        return mascarar_cpf(inscricao.candidato.cpf)


COLUNAS_CANDIDATO = ("nome", "nome_social", "cpf", "data_nascimento", "genero", "email", "telefone")


class CandidatoResource(_SoExportacao):
    nome = _coluna("nome", "nome")
    nome_social = _coluna("nome_social", "nome_social")
    cpf = _coluna("cpf")
    data_nascimento = _coluna("data_nascimento")
    genero = _coluna("genero", "genero")
    email = _coluna("email", "email")
    telefone = _coluna("telefone", "telefone")

    ordem = ("nome", "cpf")

    class Meta:
        model = Candidato
        name = "Candidatos — identificação e contato"
        fields = COLUNAS_CANDIDATO
        export_order = COLUNAS_CANDIDATO
        import_id_fields = ("cpf",)

    def dehydrate_cpf(self, candidato: Candidato) -> str:
        return formatar_cpf(candidato.cpf)

    def dehydrate_data_nascimento(self, candidato: Candidato) -> str:
        return data_br(candidato.data_nascimento)


class CandidatoSensivelResource(CandidatoResource):
    """Para quem tem a permissão «ver_dados_sensiveis»: acrescenta a cor ou raça, quilombola e PcD."""

    cor_raca = _coluna("cor_raca", "cor_raca")
    quilombola = _coluna("quilombola")
    pcd = _coluna("pcd")

    class Meta(CandidatoResource.Meta):
        name = "Candidatos — com cor ou raça, quilombola e PcD (dados sensíveis)"
        fields = (*COLUNAS_CANDIDATO, "cor_raca", "quilombola", "pcd")
        export_order = fields

    def dehydrate_quilombola(self, candidato: Candidato) -> str:
        return _sim_nao(candidato.quilombola)

    def dehydrate_pcd(self, candidato: Candidato) -> str:
        return _sim_nao(candidato.pcd)

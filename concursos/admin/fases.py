"""As fases do certame, cada uma na sua página (listadas e cadastradas a partir do painel do certame): a regra de
corte, o resultado pelo arquivo da banca, o ato do corte e a lista «Classificados para a fase seguinte» de cada cargo,
por lista.

O cálculo e as escritas são de concursos/services/fases.py e concursos/importacao/resultado_da_fase.py; aqui só há
formulário, permissão e mensagem. Toda citação vem da lei congelada no certame (`Fase.fundamento`)."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.forms import Media
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from concursos.admin.comum import edital_com_orgao
from concursos.admin.formularios import campo_da_publicacao
from concursos.admin.importacao import resposta_do_modelo
from concursos.documentos import emitir_classificados_fase
from concursos.importacao.modelo import planilha_csv, planilha_xlsx
from concursos.importacao.resultado_da_fase import EXEMPLO, LEIAUTE, resultado_da_fase_importar
from concursos.models import Fase
from concursos.selectors.fases import classificados_da_fase
from concursos.services.fases import aplicar_corte_da_fase
from documentos.pdf import resposta_pdf
from legislacao.entrada import ErroEntrada
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin, recortar
from nucleo.servicos import ErroOperacao
from nucleo.texto import plural

CAMPOS_DA_REGRA = ["carater", "nota_minima", "seguem_quantidade", "seguem_multiplo_vagas", "empatados_seguem",
                   "aplica_reserva"]


class ResultadoForm(forms.Form):
    arquivo = forms.FileField(label="Arquivo da banca (CSV ou XLSX)",
                              help_text="Colunas inscricao, nota, situacao e, se houver, classificacao (a posição na "
                                        "fase depois dos desempates do edital). Layout em docs/importacao.md.")


class CorteForm(forms.Form):
    motivo = forms.CharField(label="Motivo", widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="Fica no registro do ato e no histórico da fase (p. ex. «Resultado definitivo "
                                       "da prova objetiva, depois dos recursos»).")
    publicacao = campo_da_publicacao()


@admin.register(Fase)
class FaseAdmin(RecorteOrgaoAdmin, HistoricoSoConsultaAdmin):
    caminho_orgao = "certame__orgao"
    list_display = ["__str__", "edital", "tipo", "regra", "andamento"]
    list_filter = ["tipo", "certame__estado"]
    list_select_related = ["certame__orgao"]
    search_fields = ["nome", "certame__numero_edital"]
    readonly_fields = ["base_da_reserva", "andamento", "resultado_importado", "corte_aplicado_info"]
    fieldsets = [
        (None, {"fields": ["certame", ("ordem", "nome", "tipo")]}),
        ("Regra de corte (do edital)", {"fields": [
            "carater", "nota_minima", ("seguem_quantidade", "seguem_multiplo_vagas"), "empatados_seguem",
            "aplica_reserva", "base_da_reserva", "item_edital"]}),
        ("Resultado e corte", {"fields": ["andamento", "resultado_importado", "corte_aplicado_info"]}),
    ]

    class Media:
        css = {"all": ["concursos/concursos.css"]}

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.corte_aplicado:
            return [*self.readonly_fields, "certame", "ordem", *CAMPOS_DA_REGRA]
        if obj is not None:
            return [*self.readonly_fields, "certame"]
        return self.readonly_fields

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.resultados.exists())

    @admin.display(description="edital", ordering="certame__numero_edital")
    def edital(self, fase: Fase) -> str:
        return edital_com_orgao(fase.certame)

    @admin.display(description="regra de corte")
    def regra(self, fase: Fase) -> str:
        return descrever_regra(fase)

    @admin.display(description="a reserva no corte")
    def base_da_reserva(self, fase: Fase) -> str:
        if fase.pk is None:
            return "Definida pela lei do certame ou, se ela não fala das fases, pelo edital."
        if fase.artigo_da_lei:
            return (f"A lei do certame aplica a reserva em todas as fases, também nas com nota de corte "
                    f"({fase.fundamento()}).")
        if fase.aplica_reserva:
            return (f"A lei do certame não fala das fases; o corte aplica a reserva como o edital dispõe "
                    f"({fase.fundamento()}).")
        return f"A lei do certame não fala das fases; o edital não aplica a reserva no corte ({fase.fundamento()})."

    @admin.display(description="situação")
    def andamento(self, fase: Fase) -> str:
        if fase.pk is None:
            return "—"
        if fase.corte_aplicado:
            return format_html('Corte aplicado — <a href="{}">classificados para a fase seguinte</a>',
                               reverse("admin:concursos_fase_classificados", args=[fase.pk]))
        acoes = [format_html('<a href="{}">importar o resultado</a>',
                             reverse("admin:concursos_fase_resultado", args=[fase.pk]))]
        if fase.resultado_importado_em:
            acoes.append(format_html('<a href="{}">aplicar o corte</a>',
                                     reverse("admin:concursos_fase_corte", args=[fase.pk])))
        return format_html("Aguardando o corte — {}", format_html(" · ".join(["{}"] * len(acoes)), *acoes))

    @admin.display(description="resultado da banca")
    def resultado_importado(self, fase: Fase) -> str:
        if not fase.resultado_importado_em:
            return "Ainda não importado."
        quando = timezone.localtime(fase.resultado_importado_em)
        return (f"{fase.resultado_arquivo} (SHA-256 {fase.resultado_sha256[:16]}…), importado em "
                f"{quando:%d/%m/%Y %H:%M} por {fase.resultado_importado_por or '—'}.")

    @admin.display(description="corte")
    def corte_aplicado_info(self, fase: Fase) -> str:
        if not fase.corte_aplicado:
            return "Ainda não aplicado."
        quando = timezone.localtime(fase.corte_aplicado_em)
        return f"Aplicado em {quando:%d/%m/%Y %H:%M} por {fase.corte_aplicado_por or '—'}: {fase.motivo_corte}"

    def get_urls(self):
        site = self.admin_site
        return [
            path("<int:fase_id>/resultado/", site.admin_view(self.resultado_view), name="concursos_fase_resultado"),
            path("<int:fase_id>/resultado/modelo.<str:formato>", site.admin_view(self.modelo_view),
                 name="concursos_fase_resultado_modelo"),
            path("<int:fase_id>/corte/", site.admin_view(self.corte_view), name="concursos_fase_corte"),
            path("<int:fase_id>/classificados/", site.admin_view(self.classificados_view),
                 name="concursos_fase_classificados"),
            path("<int:fase_id>/classificados/<int:cargo_id>.pdf", site.admin_view(self.classificados_pdf),
                 name="concursos_fase_classificados_pdf"),
            *super().get_urls(),
        ]

    def _fase(self, request, fase_id: int, *, alterar: bool = False) -> Fase:
        fase = get_object_or_404(recortar(Fase.objects.select_related("certame"), request.user, "certame__orgao"),
                                 pk=fase_id)
        permitido = self.has_change_permission(request, fase) if alterar else self.has_view_permission(request, fase)
        if not permitido:
            raise PermissionDenied
        return fase

    def _url_fase(self, fase: Fase) -> str:
        return reverse("admin:concursos_fase_change", args=[fase.pk])

    def _pagina(self, request, fase: Fase, *, titulo: str, form, botao: str, explicacao: str, **extra):
        blocos = [(None, {"fields": list(form.fields)})]
        contexto = {
            **self.admin_site.each_context(request), "title": titulo, "opts": self.opts, "certame": fase.certame,
            "url_painel": reverse("admin:concursos_certame_painel", args=[fase.certame_id]), "form": form,
            "adminform": helpers.AdminForm(form, blocos, {}), "botao": botao, "explicacao": explicacao,
            "cancelar": self._url_fase(fase), "media": Media(js=["admin/js/core.js"]) + form.media, **extra,
        }
        return TemplateResponse(request, "admin/concursos/certame/acao.html", contexto)

    def resultado_view(self, request, fase_id: int):
        fase = self._fase(request, fase_id, alterar=True)
        form = ResultadoForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            arquivo = form.cleaned_data["arquivo"]
            try:
                linhas = resultado_da_fase_importar(fase=fase, arquivo=arquivo, nome=arquivo.name,
                                                    usuario=request.user)
            except ErroEntrada as erro:
                for e in erro.erros:
                    self.message_user(request, str(e), messages.ERROR)
                self.message_user(request, "O arquivo foi recusado inteiro: nada foi gravado. Corrija-o e envie de "
                                           "novo.", messages.ERROR)
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, f"Resultado da fase importado: {plural(linhas, 'linha')}.",
                                  messages.SUCCESS)
                return HttpResponseRedirect(self._url_fase(fase))
        return self._pagina(
            request, fase, titulo=f"Importar o resultado — {fase}", form=form, botao="Importar o resultado",
            explicacao="O arquivo inteiro é conferido antes de gravar: com algum erro, nada se grava, e cada erro diz "
                       "a linha, a coluna e o valor. Um arquivo novo substitui o anterior até o corte ser aplicado.",
            template_extra="admin/concursos/fase/_modelo.html", fase_do_modelo=fase, leiaute=LEIAUTE)

    def modelo_view(self, request, fase_id: int, formato: str):
        """O modelo do arquivo do resultado da fase: o cabeçalho, uma linha de exemplo e, no XLSX, os valores
        permitidos numa segunda aba."""
        fase = self._fase(request, fase_id)
        if formato not in ("csv", "xlsx"):
            raise Http404("Modelo desconhecido.")
        colunas = tuple(coluna for coluna, _, _ in LEIAUTE)
        conteudo = planilha_csv(colunas, EXEMPLO) if formato == "csv" else planilha_xlsx(colunas, EXEMPLO, LEIAUTE)
        nome = f"modelo-resultado-fase-{fase.ordem}-edital-{fase.certame.numero_edital.replace('/', '-')}.{formato}"
        return resposta_do_modelo(conteudo, formato, nome)

    def corte_view(self, request, fase_id: int):
        fase = self._fase(request, fase_id, alterar=True)
        form = CorteForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                fase = aplicar_corte_da_fase(fase=fase, usuario=request.user, motivo=form.cleaned_data["motivo"],
                                             publicacao=form.cleaned_data["publicacao"])
            except ErroOperacao as erro:
                self.message_user(request, str(erro), messages.ERROR)
            else:
                self.message_user(request, "Corte aplicado: a lista dos classificados para a fase seguinte está "
                                           "pronta.", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:concursos_fase_classificados", args=[fase.pk]))
        return self._pagina(
            request, fase, titulo=f"Aplicar o corte — {fase}", form=form, botao="Aplicar o corte",
            explicacao=f"{descrever_regra(fase)}. {self.base_da_reserva(fase)} Em cada cargo, a ampla concorrência "
                       "leva os melhores da fase, cotistas incluídos; cada lista de reserva leva ainda os seus "
                       "melhores fora deles, na proporção da reserva. O corte é um ato: fica registrado com o motivo e "
                       "não se refaz.")

    def classificados_view(self, request, fase_id: int):
        fase = self._fase(request, fase_id)
        if not fase.corte_aplicado:
            self.message_user(request, "O corte desta fase ainda não foi aplicado.", messages.WARNING)
            return HttpResponseRedirect(self._url_fase(fase))
        cargos = list(fase.certame.cargos.order_by("codigo"))
        cargo = next((c for c in cargos if str(c.pk) == request.GET.get("cargo")), cargos[0] if cargos else None)
        contexto = {
            **self.admin_site.each_context(request), "title": f"Classificados para a fase seguinte — {fase}",
            "opts": self.opts, "certame": fase.certame, "fase": fase, "cargos": cargos, "cargo": cargo,
            "url_painel": reverse("admin:concursos_certame_painel", args=[fase.certame_id]),
            "base": self.base_da_reserva(fase),
            "listas": classificados_da_fase(fase, cargo) if cargo else [],
        }
        return TemplateResponse(request, "admin/concursos/fase/classificados.html", contexto)


    def classificados_pdf(self, request, fase_id: int, cargo_id: int):
        fase = self._fase(request, fase_id)
        if not fase.corte_aplicado:
            raise Http404("O corte desta fase ainda não foi aplicado.")
        cargo = get_object_or_404(fase.certame.cargos, pk=cargo_id)
        return resposta_pdf(emitir_classificados_fase(fase=fase, cargo=cargo, usuario=request.user))


def descrever_regra(fase: Fase) -> str:
    partes = []
    if fase.nota_minima is not None:
        partes.append(f"nota mínima {str(fase.nota_minima).replace('.', ',')}")
    if fase.seguem_quantidade is not None:
        partes.append(f"seguem os {fase.seguem_quantidade} melhores de cada cargo")
    if fase.seguem_multiplo_vagas is not None:
        partes.append(f"seguem os melhores até {str(fase.seguem_multiplo_vagas).replace('.', ',')} vezes as vagas do "
                      "cargo")
    if fase.empatados_seguem and (fase.seguem_quantidade is not None or fase.seguem_multiplo_vagas is not None):
        partes.append("empatados na nota de corte seguem")
    if not partes:
        return "Sem corte: todos os aptos seguem"
    texto = "; ".join(partes)
    return texto[0].upper() + texto[1:]


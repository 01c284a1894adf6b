"""Os cargos: a linha de cada cargo na ficha do certame (com as vagas do edital, que não mudam depois de publicado)
e a lista de cargos, com as vagas reservadas pela lei e o caminho para as listas e convocações."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from concursos.admin.comum import edital_com_orgao
from concursos.models import Cargo
from legislacao import motor
from nucleo.historico import HistoricoSoConsultaAdmin
from nucleo.orgaos import RecorteOrgaoAdmin


class CargoInline(admin.TabularInline):
    model = Cargo
    extra = 0
    fields = ["codigo", "nome", "natureza", "escolaridade", "vagas", "vagas_pcd", "remuneracao", "carga_horaria"]
    verbose_name_plural = "cargos e vagas do edital"

    def get_extra(self, request, obj=None, **kwargs):
        # Um certame novo já abre com uma linha de cargo para preencher.
        return 1 if obj is None else 0

    # Publicado o edital, o cargo não se edita: o que pode mudar muda por retificação, um ato registrado
    # (concursos/services/retificacao_do_edital.py); vagas novas no prazo de validade são «novas vagas».
    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.publicado:
            return ["codigo", "nome", "natureza", "escolaridade", "vagas", "vagas_pcd", "remuneracao", "carga_horaria"]
        return []

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and not (obj and obj.publicado)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.publicado)


@admin.register(Cargo)
class CargoAdmin(RecorteOrgaoAdmin, HistoricoSoConsultaAdmin):
    caminho_orgao = "certame__orgao"
    list_display = ["codigo", "nome", "edital", "escolaridade", "vagas", "vagas_pcd", "reservadas", "listas"]
    list_filter = ["escolaridade", "certame__estado"]
    list_select_related = ["certame__orgao"]
    search_fields = ["codigo", "nome", "certame__numero_edital"]
    fields = ["certame", ("codigo", "nome"), ("natureza", "escolaridade"), ("vagas", "vagas_pcd"),
              ("remuneracao", "carga_horaria"), "requisitos"]

    class Media:
        css = {"all": ["concursos/concursos.css"]}

    @admin.display(description="edital", ordering="certame__numero_edital")
    def edital(self, cargo: Cargo) -> str:
        return edital_com_orgao(cargo.certame)

    @admin.display(description="reservadas pela lei")
    def reservadas(self, cargo: Cargo) -> str:
        # Só das regras congeladas (sem consulta por linha); antes da publicação, a prévia fica no painel.
        if cargo.certame.regras is None:
            return "prévia no painel"
        try:
            quadro = cargo.quadro()
        except motor.ErroRegras:
            return "quadro inválido"
        return ", ".join(f"{r.codigo} {r.vagas}" for r in quadro.reservas) or "sem reserva"

    @admin.display(description="listas e convocações")
    def listas(self, cargo: Cargo) -> str:
        return format_html('<a href="{}">abrir</a>', reverse("admin:concursos_cargo_painel", args=[cargo.pk]))

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.certame.publicado:
            return ["certame", "codigo", "nome", "escolaridade", "vagas", "vagas_pcd", "remuneracao", "carga_horaria",
                    "requisitos"]
        return []

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.certame.publicado)

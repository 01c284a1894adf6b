"""Cadastro dos órgãos e entidades."""

from __future__ import annotations

from django.contrib import admin

from concursos.models import (
    Orgao,
)


@admin.register(Orgao)
class OrgaoAdmin(admin.ModelAdmin):
    list_display = ["nome", "sigla", "tipo", "municipio_uf", "cnpj"]
    list_filter = ["tipo", "uf"]
    search_fields = ["nome", "sigla", "municipio", "cnpj"]
    fields = [("nome", "sigla"), "tipo", ("municipio", "uf"), "cnpj"]

    @admin.display(description="município/UF", ordering="municipio")
    def municipio_uf(self, orgao: Orgao) -> str:
        return f"{orgao.municipio}/{orgao.uf}"



"""Campos de modelo com o jeito brasileiro de escrever números."""

from __future__ import annotations

from django.db import models


class DecimalBrasileiro(models.DecimalField):
    """Um DecimalField cujo campo de formulário escreve e lê o número com vírgula («76,770»), como as listas e os
    PDFs o mostram: o padrão do Django mostra «76.770» no formulário (o campo só se localiza com `localize=True`).

    Nas migrações ele é o DecimalField do Django (o `deconstruct` devolve o caminho dele): no banco não muda nada, e
    trocar um pelo outro não gera migração."""

    def formfield(self, **kwargs):
        return super().formfield(**{"localize": True, **kwargs})

    def deconstruct(self):
        nome, _, args, kwargs = super().deconstruct()
        return nome, "django.db.models.DecimalField", args, kwargs

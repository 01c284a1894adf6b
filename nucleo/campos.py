"""Campos de modelo com o jeito brasileiro de escrever números."""

from __future__ import annotations

import re

from django import forms
from django.db import models

MILHAR = re.compile(r"\d{1,3}(\.\d{3})+")


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


class CampoReais(forms.DecimalField):
    """Campo de formulário de um valor em reais que lê «3.456,78» como se escreve no Brasil: com a vírgula decimal e o
    ponto de milhar. O DecimalField localizado do Django só tira o ponto de milhar com USE_THOUSAND_SEPARATOR, que
    fica desligado (poria pontos nos ids dos endereços). Sem vírgula, «3.456» é milhar e «3456.78», decimal; um ponto
fora do lugar do milhar com vírgula («3.45,6») é recusado."""

    def __init__(self, **kwargs):
        super().__init__(**{**kwargs, "localize": True})
        self.widget = forms.TextInput(attrs={"size": 12, "inputmode": "decimal"})
        self.widget.is_localized = True

    def to_python(self, value):
        if isinstance(value, str):
            texto = value.strip().removeprefix("R$").strip()
            inteiro, virgula, decimais = texto.partition(",")
            if MILHAR.fullmatch(inteiro.lstrip("-")):
                inteiro = inteiro.replace(".", "")
            if virgula and "." not in inteiro:
                texto = f"{inteiro}.{decimais}"
            elif not virgula:
                texto = inteiro
            value = texto
        return super().to_python(value)


class DecimalEmReais(DecimalBrasileiro):
    """Um valor em reais: no formulário, o `CampoReais` («3.456,78»); no banco e nas migrações, o DecimalField."""

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": CampoReais, **kwargs})

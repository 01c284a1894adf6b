"""Campos de modelo com o jeito brasileiro de escrever números."""

from __future__ import annotations

import re

from django import forms
from django.db import models

# «3.456,78», «3456,78», «3.456», «850»: o ponto só como milhar (o primeiro grupo sem zero à esquerda).
REAIS_COM_VIRGULA = re.compile(r"(?:[1-9][0-9]{0,2}(?:\.[0-9]{3})+|[0-9]+)(?:,[0-9]+)?")
# «3456.78»: o ponto decimal de quem digita sem o milhar (uma ou duas casas; «3.456» é milhar, acima).
REAIS_COM_PONTO = re.compile(r"[0-9]+\.[0-9]{1,2}")


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
    """Campo de formulário de um valor em reais, não negativo, que lê «3.456,78» como se escreve no Brasil: com a
    vírgula decimal e o ponto de milhar. O DecimalField localizado do Django só tira o ponto de milhar com
    USE_THOUSAND_SEPARATOR, que fica desligado (poria pontos nos ids dos endereços). Sem vírgula, «3.456» é milhar e
    «3456.78», decimal. Só algarismos ASCII, sem sinal nem expoente: «0.500», «-5», «1e5» e «١٢٣» são recusados, nunca
    lidos numa escala que o RH não quis."""

    def __init__(self, **kwargs):
        super().__init__(**{"min_value": 0, **kwargs, "localize": True})
        self.widget = forms.TextInput(attrs={"size": 12, "inputmode": "decimal"})
        self.widget.is_localized = True

    def to_python(self, value):
        if isinstance(value, str) and value.strip():
            texto = re.sub(r"(?i)^r\$\s*", "", value.strip())
            if REAIS_COM_VIRGULA.fullmatch(texto):
                inteiro, _, decimais = texto.partition(",")
                value = inteiro.replace(".", "") + (f".{decimais}" if decimais else "")
            elif REAIS_COM_PONTO.fullmatch(texto):
                value = texto
            else:
                raise forms.ValidationError("Informe o valor em reais como «3.456,78».", code="invalid")
        return super().to_python(value)


class DecimalEmReais(DecimalBrasileiro):
    """Um valor em reais: no formulário, o `CampoReais` («3.456,78»); no banco e nas migrações, o DecimalField."""

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": CampoReais, **kwargs})

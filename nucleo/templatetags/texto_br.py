"""Números como no Brasil nos templates: «1.234». O USE_THOUSAND_SEPARATOR do Django poria o ponto também nos anos
(«2.024»); aqui, só onde o template pede."""

from django import template

from nucleo.texto import milhar as _milhar

register = template.Library()


@register.filter
def milhar(valor) -> str:
    if valor is None or valor == "":
        return "—"
    return _milhar(int(valor))

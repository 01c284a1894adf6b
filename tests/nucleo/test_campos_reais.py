"""O valor em reais como o RH o escreve («3.456,78»), na ficha do cargo e na retificação."""

from decimal import Decimal

import pytest
from django import forms

from nucleo.campos import CampoReais


@pytest.mark.parametrize(("digitado", "valor"), [
    ("3.456,78", Decimal("3456.78")), ("3456,78", Decimal("3456.78")), ("R$ 12.107,04", Decimal("12107.04")),
    ("1.234.567,00", Decimal("1234567.00")), ("3.456", Decimal("3456")), ("3456.78", Decimal("3456.78")),
    ("850", Decimal("850")),
])
def test_le_o_valor_como_se_escreve_no_brasil(digitado, valor):
    assert CampoReais(max_digits=12, decimal_places=2, required=False).clean(digitado) == valor


@pytest.mark.parametrize("digitado", ["3,456,78", "abc", "3.45,6"])
def test_recusa_o_que_nao_e_valor(digitado):
    with pytest.raises(forms.ValidationError):
        CampoReais(max_digits=12, decimal_places=2, required=False).clean(digitado)

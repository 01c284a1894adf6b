"""O valor em reais como o RH o escreve («3.456,78»), na ficha do cargo e na retificação; nada lido numa escala que
ele não quis."""

from decimal import Decimal

import pytest
from django import forms

from nucleo.campos import CampoReais


def _campo():
    return CampoReais(max_digits=12, decimal_places=2, required=False)


@pytest.mark.parametrize(("digitado", "valor"), [
    ("3.456,78", Decimal("3456.78")), ("3456,78", Decimal("3456.78")), ("R$ 12.107,04", Decimal("12107.04")),
    ("r$10", Decimal("10")), ("1.234.567,00", Decimal("1234567.00")), ("3.456", Decimal("3456")),
    ("3456.78", Decimal("3456.78")), ("850", Decimal("850")), ("0,50", Decimal("0.50")), ("", None),
])
def test_le_o_valor_como_se_escreve_no_brasil(digitado, valor):
    assert _campo().clean(digitado) == valor


@pytest.mark.parametrize("digitado", [
    "3,456,78", "abc", "3.45,6", "0.500", "000.500", "1.000,5e3", "1e5", "١٢٣", "1_000", "-1.234,5", "+1234,5",
    "R$", "1.234.5", "NaN", "3456,789", "1" * 20,
])
def test_recusa_o_que_nao_e_valor_em_reais(digitado):
    with pytest.raises(forms.ValidationError):
        _campo().clean(digitado)

"""Os números decimais com vírgula também nos formulários: a ficha da inscrição mostra «76,770», como as listas e os
PDFs, e aceita a nota escrita assim."""

from decimal import Decimal

import pytest
from django.urls import reverse

from concursos.models import Inscricao

pytestmark = pytest.mark.django_db


def test_a_ficha_mostra_a_nota_com_virgula(admin_client, fazer_certame, inscrever):
    inscricao = inscrever(fazer_certame().cargos.get(), [("00000101", "parda", True)])[0]
    Inscricao.objects.filter(pk=inscricao.pk).update(nota_final=Decimal("76.770"))
    html = admin_client.get(reverse("admin:concursos_inscricao_change", args=[inscricao.pk])).content.decode()
    assert "76,770" in html and "76.770" not in html


def test_o_campo_le_a_nota_com_virgula():
    campo = Inscricao._meta.get_field("nota_final").formfield()
    assert campo.localize and campo.clean("76,770") == Decimal("76.770")
    assert campo.widget.format_value(Decimal("76.770")) == "76,770"

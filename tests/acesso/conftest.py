import pytest
from django.contrib.auth import get_user_model

SENHA = "uma-senha-bem-longa-42"


@pytest.fixture
def servidora_do_rh(db):
    """Uma conta do admin sem nenhuma permissão especial (o segundo fator é opcional para ela)."""
    return get_user_model().objects.create_user("servidora", password=SENHA, is_staff=True)


@pytest.fixture
def membro(db):
    """Uma conta da área da comissão: sem acesso ao admin."""
    return get_user_model().objects.create_user("membro", password=SENHA)

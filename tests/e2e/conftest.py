import os

import pytest

# O Playwright síncrono roda um laço de eventos na thread principal; o ORM dos próprios testes
# (criar usuário, conferir o banco) é síncrono e seguro aqui.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def admin_logado(page, live_server, admin_user):
    """Uma página do navegador já autenticada no admin como superusuário (usuário «admin», senha «password»)."""
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    return page

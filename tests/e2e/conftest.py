import os

import pytest

# O Playwright síncrono roda um laço de eventos na thread principal; o ORM dos próprios testes
# (criar usuário, conferir o banco) é síncrono e seguro aqui.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def sem_violacoes_da_csp(monkeypatch):
    """Todo teste de navegador roda com a CSP de produção e falha se o Chromium recusar um script, um estilo ou uma
    imagem por ela: uma tela que deixasse de funcionar calada (config/settings.py, CONTENT_SECURITY_POLICY)."""
    from playwright.sync_api import Browser

    violacoes: list[str] = []
    original = Browser.new_context

    def new_context(self, *args, **kwargs):
        contexto = original(self, *args, **kwargs)
        contexto.on("console", lambda mensagem: violacoes.append(mensagem.text)
                    if "Content Security Policy" in mensagem.text else None)
        return contexto

    monkeypatch.setattr(Browser, "new_context", new_context)
    yield
    assert not violacoes, violacoes


@pytest.fixture
def admin_logado(page, live_server, admin_user):
    """Uma página do navegador já autenticada no admin como superusuário (usuário «admin», senha «password»)."""
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    return page

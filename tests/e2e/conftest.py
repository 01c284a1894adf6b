import os
import shutil
from itertools import count
from pathlib import Path

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


def digitar_o_codigo(page, dispositivo) -> None:
    """O código que o aplicativo autenticador mostraria agora, calculado da chave do dispositivo."""
    from django_otp.oath import totp

    page.get_by_label("Código de 6 dígitos").fill(f"{totp(dispositivo.bin_key):06d}")
    page.get_by_role("button", name="Entrar").click()


@pytest.fixture
def admin_logado(page, live_server, admin_user):
    """Uma página do navegador já autenticada no admin como superusuário (usuário «admin», senha «password»), com a
    senha e o código do aplicativo autenticador (a verificação em duas etapas é exigida do superusuário)."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    dispositivo = TOTPDevice.objects.create(user=admin_user, name="Celular", confirmed=True)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/acesso/codigo/**")
    digitar_o_codigo(page, dispositivo)
    page.wait_for_url(f"{live_server.url}/admin/")
    return page


def pasta_de_artefatos() -> Path:
    """Onde a CI guarda o que um revisor quer olhar: a pasta da variável ARTEFATOS ou «artefatos/» na raiz do
    repositório (fora do Git, .gitignore)."""
    return Path(os.environ.get("ARTEFATOS") or Path(__file__).resolve().parents[2] / "artefatos")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    relatorio = yield
    if call.when == "call":
        item.falhou = relatorio.failed
    return relatorio


@pytest.fixture
def fotografar(request):
    """fotografar(page, "nome"): a página inteira como o usuário a vê agora, em
    <artefatos>/telas/<teste>/<nn>-<nome>.png, numeradas na ordem do caminho; se o teste falhar, a última página
    fotografada ganha mais uma foto, a do momento da falha. A pasta do teste é refeita a cada execução."""
    pasta = pasta_de_artefatos() / "telas" / request.node.originalname
    shutil.rmtree(pasta, ignore_errors=True)
    pasta.mkdir(parents=True)
    numeros = count(1)
    ultima = []

    def fotografar(page, nome: str) -> None:
        page.screenshot(path=pasta / f"{next(numeros):02d}-{nome}.png", full_page=True)
        ultima[:] = [page]

    yield fotografar
    if getattr(request.node, "falhou", False) and ultima and not ultima[0].is_closed():
        ultima[0].screenshot(path=pasta / f"{next(numeros):02d}-falha.png", full_page=True)

"""Configuração comum dos testes.

Os testes de navegador (marcados `e2e`) usam o Chromium do sistema (/usr/bin/chromium): rodam quando
ele existe e são obrigatórios quando CI=true (sem ele, falham em vez de serem pulados).
"""

import os
import shutil
from datetime import date

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
EM_CI = os.environ.get("CI", "").lower() == "true"


def _chromium_disponivel() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which("chromium") is not None


def pytest_collection_modifyitems(config, items):
    if EM_CI or _chromium_disponivel():
        return
    pular = pytest.mark.skip(reason=f"Chromium não encontrado em {CHROMIUM} (em CI=true os testes e2e rodam e falham)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(pular)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "pt-BR", "timezone_id": "America/Sao_Paulo"}


@pytest.fixture(autouse=True)
def _tarefas_imediatas(settings):
    """Nos testes, as tarefas em segundo plano (django-tasks) rodam na hora: sem fila nem processo à parte."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture(autouse=True)
def _senhas_rapidas(settings):
    """Os testes criam muitos usuários (membros de comissão): um hash de senha rápido, só aqui."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def leis_de_origem(db):
    """As cinco leis de origem (migração 0002), repostas se um teste anterior com transaction=True esvaziou o
    banco: nenhum teste depende da ordem em que a suíte roda (os de navegador, os de
    transações de verdade no PostgreSQL)."""
    from demonstracao.management.commands.carregar_demo import Command

    garantir_municipios()
    Command()._garantir_leis()


# A Lei 2.552/2023 de Afonso Cláudio não traz a data de publicação (o texto traz a da aprovação pela Câmara, 30/11/2023;
# a lei vigora na publicação, art. 14): até alguém a informar, ela não se aplica (decisão 0018). Os testes que usam
# a lei informam esta data de exemplo, como o RH faria na ficha da lei.
PUBLICACAO_AFONSO_CLAUDIO = date(2023, 12, 4)


def informar_publicacao_de_afonso_claudio() -> None:
    from legislacao.models import Lei

    Lei.objects.filter(slug="afonso-claudio-es-lei-2552-2023", data_publicacao__isnull=True).update(
        data_publicacao=PUBLICACAO_AFONSO_CLAUDIO)


@pytest.fixture
def afonso_claudio_publicada(db):
    """A lei de Afonso Cláudio com a data de publicação informada (exemplo: PUBLICACAO_AFONSO_CLAUDIO)."""
    informar_publicacao_de_afonso_claudio()


@pytest.fixture(autouse=True)
def tipos_de_conteudo_sem_cache():
    """O cache de ContentType do processo sobrevive ao rollback de um teste e à restauração do banco de um teste com
    transações de verdade (serialized_rollback): sem limpá-lo, um teste seguinte usaria o id de um tipo que não
    existe mais (documentos emitidos, histórico)."""
    from django.contrib.contenttypes.models import ContentType

    ContentType.objects.clear_cache()


@pytest.fixture(autouse=True)
def logins_forcados(monkeypatch):
    """`client.force_login` (e o `admin_client`) abre uma sessão já verificada em duas etapas (quem a exige ganha um
    aplicativo autenticador confirmado) e sem prazo de duração nem de inatividade: os testes andam dias no relógio
    com o mesmo cliente. O login de verdade, o código e os prazos são testados pelas páginas (tests/acesso/)."""
    from datetime import timedelta

    from django.test.client import ClientMixin
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from acesso.segundo_fator import exige_segundo_fator
    from acesso.sessoes import PRAZOS

    original = ClientMixin.force_login

    def force_login(self, user, backend=None):
        original(self, user, backend)
        sessao = self.session
        sessao[PRAZOS] = {**sessao[PRAZOS], "maximo": None, "inatividade": None}
        sessao.set_expiry(timedelta(days=365))
        if exige_segundo_fator(user):
            dispositivo, _ = TOTPDevice.objects.get_or_create(user=user, confirmed=True,
                                                              defaults={"name": "Testes"})
            sessao[DEVICE_ID_SESSION_KEY] = dispositivo.persistent_id
        sessao.save()

    monkeypatch.setattr(ClientMixin, "force_login", force_login)


def lotar_em_todos(usuario) -> None:
    """Lota a conta em todos os órgãos já cadastrados: o RH dos testes que não tratam do recorte por órgão."""
    from nucleo.models import Lotacao, Orgao

    Lotacao.objects.bulk_create([Lotacao(usuario=usuario, orgao=orgao) for orgao in Orgao.objects.all()],
                                ignore_conflicts=True)


def garantir_municipios() -> None:
    """A lista do IBGE (migração 0005 do núcleo), reposta se um teste anterior com transaction=True esvaziou o
    banco, como as leis de origem."""
    from nucleo.models import Municipio
    from nucleo.municipios import carregar_municipios

    if not Municipio.objects.exists():
        carregar_municipios(Municipio)


def municipio(nome: str, uf: str = "ES"):
    """O município da lista do IBGE pelo nome, sem acento nem caixa."""
    from nucleo.models import Municipio

    garantir_municipios()
    return Municipio.objects.pelo_nome(nome, uf)

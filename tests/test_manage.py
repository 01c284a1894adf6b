"""O manage.py não liga o DEBUG calado: um processo de produção (a fila de tarefas, as migrações) iniciado sem
DEBUG=0 não roda com o DEBUG e a chave de desenvolvimento. Os comandos de desenvolvimento do README continuam a
rodar sem preparo numa cópia de desenvolvimento."""

import base64
import os
import secrets
import subprocess
import sys

import pytest

from tests.legislacao.test_comandos import AFONSO, RAIZ, ambiente  # noqa: F401 (fixture)


def manage(*args: str, **variaveis: str) -> subprocess.CompletedProcess:
    env = {chave: valor for chave, valor in os.environ.items() if chave not in {"DEBUG", "SECRET_KEY"}}
    env.update(PYTHONIOENCODING="utf-8", **variaveis)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=RAIZ, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


@pytest.mark.parametrize("comando", ["db_worker", "migrate", "importar_inscricoes", "carregar_demo"])
def test_sem_debug_nem_secret_key_o_comando_de_producao_recusa_e_explica(comando):
    r = manage(comando)
    assert r.returncode == 1
    assert "a variável DEBUG não está definida, e este comando não adivinha o modo" in r.stderr
    assert f"DEBUG=1 python manage.py {comando}" in r.stderr
    assert "Traceback" not in r.stderr


def test_com_a_secret_key_e_sem_debug_o_processo_roda_em_modo_de_producao():
    chave = base64.urlsafe_b64encode(os.urandom(32)).decode()
    r = manage("shell", "-c", "from django.conf import settings; print('DEBUG', settings.DEBUG)",
               SECRET_KEY=secrets.token_urlsafe(50), CHAVE_CEDULAS=chave,
               SITE_URL="https://127.0.0.1")
    assert r.returncode == 0, r.stderr
    assert "DEBUG False" in r.stdout


def test_a_simulacao_do_readme_roda_sem_preparo_na_copia_de_desenvolvimento(ambiente):  # noqa: F811
    r = manage("simular_vagas", "--lei", AFONSO, "--vagas", "8", DATABASE_URL=ambiente["DATABASE_URL"])
    assert r.returncode == 0, r.stderr
    assert "Quadro de vagas: 8 vagas oferecidas" in r.stdout


def test_debug_0_explicito_sem_secret_key_falha_pela_configuracao():
    r = manage("check", DEBUG="0")
    assert r.returncode != 0
    assert "Defina SECRET_KEY no ambiente" in r.stderr


def test_a_conferencia_das_migracoes_roda_sem_preparo_na_copia_de_desenvolvimento():
    r = manage("makemigrations", "--check", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "No changes detected" in r.stdout

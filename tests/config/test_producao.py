"""A configuração de produção (DEBUG=0) lida do ambiente: HSTS ajustável, sem includeSubDomains nem preload por
padrão (o domínio de uma prefeitura costuma hospedar outros sistemas), e o check --deploy limpo."""

import base64
import os
import secrets
import subprocess
import sys

from django.conf import settings

PRODUCAO = {"DEBUG": "0", "ALLOWED_HOSTS": "concursos.prefeitura.gov.br",
            "SITE_URL": "https://concursos.prefeitura.gov.br"}


def em_producao(*args: str, **variaveis: str) -> subprocess.CompletedProcess:
    # Sem o DJANGO_ALLOW_ASYNC_UNSAFE que o conftest dos testes de navegador põe no processo dos testes.
    env = {chave: valor for chave, valor in os.environ.items()
           if not chave.startswith("SECURE_") and chave != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(PRODUCAO, SECRET_KEY=secrets.token_urlsafe(50),
               CHAVE_CEDULAS=base64.urlsafe_b64encode(os.urandom(32)).decode(), PYTHONIOENCODING="utf-8",
               **variaveis)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)


def hsts(**variaveis: str) -> str:
    r = em_producao("shell", "-c", "from django.conf import settings as s; print(s.SECURE_HSTS_SECONDS, "
                    "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD)", **variaveis)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().splitlines()[-1]


def test_hsts_de_um_ano_sem_subdominios_nem_preload_por_padrao():
    assert hsts() == "31536000 False False"


def test_hsts_ajustavel_pelo_ambiente():
    assert hsts(SECURE_HSTS_SECONDS="600") == "600 False False"
    assert hsts(SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1") == "31536000 True True"


def test_preload_sem_subdominios_e_recusado_com_explicacao():
    r = em_producao("check", SECURE_HSTS_PRELOAD="1")
    assert r.returncode != 0
    assert "SECURE_HSTS_PRELOAD=1 exige SECURE_HSTS_INCLUDE_SUBDOMAINS=1" in r.stderr


def test_check_deploy_limpo_com_a_configuracao_padrao():
    r = em_producao("check", "--deploy", "--fail-level", "WARNING")
    assert r.returncode == 0, r.stderr
    assert "System check identified no issues" in r.stdout


def test_producao_sem_site_url_recusa_subir_e_explica():
    """O QR code de cada documento leva a SITE_URL: em produção ele não pode ficar no endereço de desenvolvimento."""
    r = em_producao("check", SITE_URL="")
    assert r.returncode != 0
    assert "Defina SITE_URL no ambiente" in r.stderr


def test_producao_com_site_url_sem_https_ou_fora_dos_hosts_recusa_subir():
    r = em_producao("check", SITE_URL="http://concursos.prefeitura.gov.br")
    assert r.returncode != 0
    assert "SITE_URL deve começar por https://" in r.stderr
    r = em_producao("check", SITE_URL="https://outro.gov.br")
    assert r.returncode != 0
    assert "O endereço de SITE_URL (outro.gov.br) não está em ALLOWED_HOSTS" in r.stderr

"""Configuração do projeto, lida do ambiente (DATABASE_URL, SECRET_KEY, CHAVE_CEDULAS, DEBUG, ALLOWED_HOSTS)."""

import base64
import binascii
import hashlib
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_HASHES, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# O openpyxl lê o XML das planilhas com o lxml quando ele está instalado (o pyHanko o traz), e aí não recusa DTD nem
# entidades: com o defusedxml (só sem o lxml) a planilha hostil é recusada dizendo por quê (XXE, «billion laughs»).
# Lido na importação do openpyxl, antes de qualquer app carregar.
os.environ["OPENPYXL_LXML"] = "False"


def _bool(nome: str, padrao: bool) -> bool:
    valor = os.environ.get(nome)
    if valor is None:
        return padrao
    return valor.strip().lower() in {"1", "true", "sim", "yes", "on"}


def _inteiro(nome: str, padrao: int, *, minimo: int = 1) -> int:
    texto = os.environ.get(nome, "").strip()
    if not texto:
        return padrao
    try:
        valor = int(texto)
    except ValueError as erro:
        raise ImproperlyConfigured(f"{nome} deve ser um número inteiro, não «{texto}».") from erro
    if valor < minimo:
        raise ImproperlyConfigured(f"{nome} deve ser pelo menos {minimo}, não {valor}.")
    return valor


DEBUG = _bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Defina SECRET_KEY no ambiente (ou DEBUG=1 para desenvolvimento local).")
    SECRET_KEY = "desenvolvimento-local-inseguro-nao-use-em-producao"

# A chave das cédulas secretas da comissão de heteroidentificação (AES-256-GCM; heteroidentificacao/urna.py e
# docs/decisoes/0003-sigilo-do-voto.md). Fica só no ambiente do servidor, nunca no banco, e não é a SECRET_KEY:
# quem lê o banco, os backups ou o WAL vê apenas cédulas cifradas.
GERAR_CHAVE_CEDULAS = ("python -c 'import base64, os; print(base64.urlsafe_b64encode(os.urandom(32)).decode())'")
# Só para desenvolvimento local (DEBUG=1): conhecida de todos, recusada em produção.
CHAVE_CEDULAS_DESENVOLVIMENTO = "ZGVzZW52b2x2aW1lbnRvLWxvY2FsLWluc2VndXJvISE="


def _chave_das_cedulas() -> bytes:
    texto = os.environ.get("CHAVE_CEDULAS", "").strip()
    if not texto:
        if not DEBUG:
            raise ImproperlyConfigured(
                "Defina CHAVE_CEDULAS no ambiente: a chave que cifra os votos secretos da comissão de "
                f"heteroidentificação (32 bytes em base64). Gere uma com: {GERAR_CHAVE_CEDULAS}")
        texto = CHAVE_CEDULAS_DESENVOLVIMENTO
    try:
        # Estrito: nenhum caractere fora do base64 nem sobra de «=»; senão, variantes do mesmo texto dariam a mesma
        # chave (e a de desenvolvimento passaria por outra).
        chave = binascii.a2b_base64(texto.translate(str.maketrans("-_", "+/")).encode("ascii"), strict_mode=True)
    except (ValueError, UnicodeEncodeError) as erro:
        raise ImproperlyConfigured(f"CHAVE_CEDULAS não é base64 válido. Gere uma com: {GERAR_CHAVE_CEDULAS}") from erro
    if len(chave) != 32:
        raise ImproperlyConfigured(f"CHAVE_CEDULAS tem {len(chave)} bytes; são precisos 32 (AES-256). Gere uma com: "
                                   f"{GERAR_CHAVE_CEDULAS}")
    if not DEBUG and (chave == base64.b64decode(CHAVE_CEDULAS_DESENVOLVIMENTO) or texto == SECRET_KEY
                      or chave == SECRET_KEY.encode()):
        raise ImproperlyConfigured("CHAVE_CEDULAS não pode ser a chave de desenvolvimento nem a SECRET_KEY. Gere uma "
                                   f"própria com: {GERAR_CHAVE_CEDULAS}")
    return chave


CHAVE_CEDULAS = _chave_das_cedulas()
# Os relatórios de erro mascaram também a CHAVE_CEDULAS (o filtro padrão só reconhece nomes em inglês).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.relatorios.FiltroDeRelatorios"

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "acesso",
    "simple_history",
    "import_export",
    "nucleo",
    "legislacao",
    "concursos",
    "heteroidentificacao",
    "pessoal",
    "monitoramento",
    "documentos",
    "demonstracao",
]

# Fila de tarefas em segundo plano (django-tasks, com a fila guardada no próprio banco pelo
# django-tasks-db): as importações grandes rodam fora da requisição, no processo
# `python manage.py db_worker`. TASKS_BACKEND permite outro backend (p. ex. o imediato, sem fila).
INSTALLED_APPS += ["django_tasks", "config.apps.FilaDeTarefasConfig"]
TASKS = {"default": {"BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend")}}
# A guarda (concursos/retencao.py, todo dia): dias até apagar o arquivo de uma importação que falhou ou de uma validação
# não confirmada (as gravadas e as recusadas saem na rodada seguinte), e dias até apagar o resultado de uma tarefa.
RETENCAO_ARQUIVOS_DIAS = int(os.environ.get("RETENCAO_ARQUIVOS_DIAS", "7"))
RETENCAO_TAREFAS_DIAS = int(os.environ.get("RETENCAO_TAREFAS_DIAS", "30"))
# Dias até apagar o PDF guardado de um relatório do titular (LGPD art. 18): ele traz o cadastro inteiro da pessoa, e a
# finalidade acaba com a entrega; fica o registro da emissão, com o SHA-256, para a página de verificação.
RETENCAO_RELATORIO_TITULAR_DIAS = _inteiro("RETENCAO_RELATORIO_TITULAR_DIAS", 30)
# Uma importação ou exportação em andamento grava um sinal a cada lote; sem sinal por este tempo, o processo da fila
# morreu (ou foi morto) e a tarefa é dada como falha, podendo ser refeita (concursos/recuperacao.py).
TAREFAS_SEM_SINAL_MINUTOS = int(os.environ.get("TAREFAS_SEM_SINAL_MINUTOS", "10"))

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.cabecalhos.PoliticaDePermissoes",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "nucleo.endereco.EnderecoDoPedido",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "acesso.sessoes.PrazosDaSessao",
    "acesso.segundo_fator.ExigirSegundoFatorNoAdmin",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Por último: transforma a tentativa de login bloqueada na página do bloqueio (acesso/bloqueio.py).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# O cache da página pública de transparência e dos seus dados abertos (monitoramento/views/publicas.py) e dos números
# do painel de muitos órgãos (monitoramento/selectors/painel.py): na memória de cada processo, sem serviço a mais para
# o órgão manter; cada processo do servidor calcula a sua cópia uma vez a cada poucos minutos.
# TRANSPARENCIA_CACHE_SEGUNDOS: quanto tempo a página fica guardada (0 desliga).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "cotas-raciais"}}
TRANSPARENCIA_CACHE_SEGUNDOS = _inteiro("TRANSPARENCIA_CACHE_SEGUNDOS", 300, minimo=0)

# O django-axes vem antes do ModelBackend: recusa o login bloqueado antes de conferir a senha, e assim nem a
# senha certa passa durante o bloqueio (acesso/bloqueio.py explica a combinação usuário + IP).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "acesso.permissoes.PermissoesNumaConsulta"]
AXES_FAILURE_LIMIT = _inteiro("LOGIN_TENTATIVAS", 5)
AXES_COOLOFF_TIME = timedelta(minutes=_inteiro("LOGIN_BLOQUEIO_MINUTOS", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "acesso.bloqueio.resposta_de_bloqueio"
AXES_CLIENT_IP_CALLABLE = "acesso.bloqueio.ip_do_cliente"
# As telas do axes no admin não têm tradução: os bloqueios aparecem em português em acesso/admin.py, onde a
# administração da instalação desbloqueia antes do prazo.
AXES_ENABLE_ADMIN = False
PROXIES_REVERSOS = _inteiro("PROXIES_REVERSOS", 0, minimo=0)

# Sessões (acesso/sessoes.py): terminam ao fechar o navegador e, no máximo, SESSAO_DURACAO_HORAS depois do login;
# as da comissão, também depois de SESSAO_COMISSAO_INATIVIDADE_MINUTOS sem uso.
SESSAO_DURACAO_HORAS = _inteiro("SESSAO_DURACAO_HORAS", 8)
SESSAO_COMISSAO_INATIVIDADE_MINUTOS = _inteiro("SESSAO_COMISSAO_INATIVIDADE_MINUTOS", 15)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_AGE = SESSAO_DURACAO_HORAS * 3600

# Verificação em duas etapas (acesso/segundo_fator.py): o nome que aparece no aplicativo autenticador.
OTP_TOTP_ISSUER = "Cotas raciais"
OTP_ADMIN_HIDE_SENSITIVE_DATA = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)")]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
# As traduções do próprio projeto (locale/pt_BR/LC_MESSAGES/django.po), à frente das do Django e das bibliotecas.
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True
DATE_INPUT_FORMATS = ["%d/%m/%Y", "%Y-%m-%d"]
# Datas exibidas como dd/mm/aaaa (o pt_BR do Django escreve «30 de Novembro de 2023»).
FORMAT_MODULE_PATH = ["config.formatos"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Só se existir: o Git não guarda pasta vazia, e num clone novo ela faltaria (aviso staticfiles.W004).
STATICFILES_DIRS = [pasta for pasta in [BASE_DIR / "static"] if pasta.is_dir()]
MEDIA_URL = "media/"
MEDIA_ROOT = BASE_DIR / "media"
# Endereço público do sistema: vai no QR code e no rodapé de cada PDF (página de verificação) e nos endereços que os
# comandos imprimem. Em produção é obrigatório e com HTTPS: um QR que levasse a outro endereço não verificaria nada.
# Em desenvolvimento, o padrão é o endereço servido (a porta de PORT, que o `make run PORT=…` passa), e, nas páginas
# pedidas ao servidor, o endereço que o navegador usou (nucleo/endereco.py).
SITE_URL_DO_AMBIENTE = bool(os.environ.get("SITE_URL", "").strip())
if SITE_URL_DO_AMBIENTE:
    SITE_URL = os.environ["SITE_URL"].strip().rstrip("/")
elif DEBUG:
    SITE_URL = f"http://127.0.0.1:{_inteiro('PORT', 8000, minimo=1)}"
else:
    raise ImproperlyConfigured("Defina SITE_URL no ambiente: o endereço público do sistema (p. ex. "
                               "https://concursos.prefeitura.gov.br), impresso no QR code de cada documento.")
if not DEBUG and not SITE_URL.startswith("https://"):
    raise ImproperlyConfigured(f"SITE_URL deve começar por https:// em produção, não «{SITE_URL}».")
_HOST_DO_SITE = urlsplit(SITE_URL).hostname or ""
if not DEBUG and not any(h == "*" or h == _HOST_DO_SITE or (h.startswith(".") and ("." + _HOST_DO_SITE).endswith(h))
                         for h in ALLOWED_HOSTS):
    raise ImproperlyConfigured(f"O endereço de SITE_URL ({_HOST_DO_SITE}) não está em ALLOWED_HOSTS: a página de "
                               "verificação impressa nos documentos não abriria.")

# Limite do upload de CSV no simulador (10 MiB em memória).
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# Tamanho máximo de cada tipo de arquivo enviado, em MB (documentos/envios.py), conferido enquanto o arquivo chega:
# PDF de currículo ou termo, arquivo da banca (um milhão de linhas em CSV tem cerca de 150 MB), PDF enviado à página
# pública de verificação (sem login: recusado antes de ser lido) e CSV do simulador.
LIMITE_ENVIO_PDF_MB = int(os.environ.get("LIMITE_ENVIO_PDF_MB", "10"))
LIMITE_ENVIO_IMPORTACAO_MB = int(os.environ.get("LIMITE_ENVIO_IMPORTACAO_MB", "300"))
LIMITE_ENVIO_VERIFICACAO_MB = int(os.environ.get("LIMITE_ENVIO_VERIFICACAO_MB", "20"))
LIMITE_ENVIO_SIMULADOR_MB = int(os.environ.get("LIMITE_ENVIO_SIMULADOR_MB", "10"))
# O brasão do órgão (PNG ou JPEG) vai embutido em cada PDF: pequeno de propósito (nucleo/arquivos.py).
LIMITE_ENVIO_BRASAO_MB = int(os.environ.get("LIMITE_ENVIO_BRASAO_MB", "2"))

# Assinatura digital (documentos/assinatura.py, docs/assinatura-digital.md). As ACs raiz em que a verificação confia:
# arquivos PEM/DER ou pastas com eles, separados por vírgula (em produção, as raízes da ICP-Brasil publicadas pelo ITI).
ASSINATURA_RAIZES = [c.strip() for c in os.environ.get("ASSINATURA_RAIZES", "").split(",") if c.strip()]
# Buscar LCR e OCSP dos certificados na rede ao conferir uma assinatura (sem resposta, não recusa).
ASSINATURA_CONSULTAR_REVOGACAO = os.environ.get("ASSINATURA_CONSULTAR_REVOGACAO", "") == "1"
# Um token ou HSM ligado a este servidor (PKCS#11): a biblioteca do fabricante, o rótulo do token e o da chave. Sem
# a biblioteca, a tela de assinar só oferece o certificado A1.
ASSINATURA_PKCS11_BIBLIOTECA = os.environ.get("ASSINATURA_PKCS11_BIBLIOTECA", "")
ASSINATURA_PKCS11_TOKEN = os.environ.get("ASSINATURA_PKCS11_TOKEN", "")
ASSINATURA_PKCS11_CHAVE = os.environ.get("ASSINATURA_PKCS11_CHAVE", "")  # rótulo da chave e do certificado no token

# Nenhum script inline nem de outro endereço: só os arquivos estáticos do próprio sistema. A única exceção é o
# atributo de evento da tela de exportação do django-import-export, liberado pelo hash do seu texto exato (quem
# injetasse HTML só conseguiria chamar essa mesma função). Estilos inline ficam permitidos porque o admin do Django,
# o django-import-export e o django-simple-history os usam (não executam código).
# object-src 'self': o leitor de PDF do Chrome mostra o PDF num <embed> regido por object-src (crbug.com/271452).
EVENTOS_INLINE_PERMITIDOS = ["onSelectToggleChange(event)"]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, UNSAFE_HASHES, *(
            f"'sha256-{base64.b64encode(hashlib.sha256(codigo.encode()).digest()).decode()}'"
            for codigo in EVENTOS_INLINE_PERMITIDOS)],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "object-src": [SELF],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

if not DEBUG:
    SECURE_SSL_REDIRECT = _bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = _inteiro("SECURE_HSTS_SECONDS", 31536000, minimo=0)
    # Desligados por padrão: o domínio de uma prefeitura costuma hospedar outros sistemas (alguns ainda sem HTTPS), e
    # a lista de preload dos navegadores é difícil de deixar. Ligue só quando todo o domínio tiver HTTPS.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = _bool("SECURE_HSTS_PRELOAD", False)
    if SECURE_HSTS_PRELOAD and not (SECURE_HSTS_INCLUDE_SUBDOMAINS and SECURE_HSTS_SECONDS >= 31536000):
        raise ImproperlyConfigured("SECURE_HSTS_PRELOAD=1 exige SECURE_HSTS_INCLUDE_SUBDOMAINS=1 e SECURE_HSTS_SECONDS "
                                   "de pelo menos 31536000 (um ano), como pede a lista de preload dos navegadores.")
    # Os avisos do check --deploy sobre essas duas opções ficam calados quando desligadas de propósito (acima).
    SILENCED_SYSTEM_CHECKS = [aviso for aviso, ligado in [("security.W005", SECURE_HSTS_INCLUDE_SUBDOMAINS),
                                                          ("security.W021", SECURE_HSTS_PRELOAD)] if not ligado]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

# Nada pessoal vai ao log (LGPD art. 46), nem com o log do Django posto em DEBUG: o do SQL (django.db.backends) traz os
# valores de cada consulta — nomes, CPFs, a cor ou raça autodeclarada, os avisos da importação — e fica preso em INFO.
# Para ver as consultas de uma página em desenvolvimento, use o connection.queries ou o bench/.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}

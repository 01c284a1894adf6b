# Os dois comandos do README: `make run` (demonstração local em SQLite) e `make test` (suíte inteira).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.instalado
MANAGE := $(PY) manage.py
export DEBUG ?= 1

.PHONY: install run worker test lint bench clean

install: $(STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

# O servidor e, em segundo plano, a fila de tarefas (importações grandes), que para junto com ele.
# `make run PORT=8080` (ou HOST=0.0.0.0 para abrir de outro computador): os endereços que o carregar_demo imprime e o
# QR code dos documentos usam a porta servida (SITE_URL, se definido, vale mais).
PORT ?= 8000
HOST ?= 127.0.0.1
run: export PORT := $(PORT)
# A raiz da AC de demonstração que o carregar_demo cria: as assinaturas dos certificados da demonstração conferem.
run: export ASSINATURA_RAIZES ?= $(CURDIR)/media/demonstracao/certificados/ac-raiz-da-demonstracao.pem
run: install
	$(MANAGE) migrate --noinput
	$(MANAGE) carregar_demo
	$(MANAGE) aplicar_retencao --agendar
	$(MANAGE) db_worker --no-startup-delay & trap 'kill $$! 2>/dev/null' EXIT INT TERM; \
	$(MANAGE) runserver $(HOST):$(PORT)

# Só a fila de tarefas (django-tasks-db), para quem sobe o servidor de outro jeito.
worker: install
	$(MANAGE) db_worker

test: install
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(MANAGE) makemigrations --check --dry-run

# Cada script monta os próprios dados; os de PostgreSQL usam o servidor de DATABASE_URL.
bench: install
	@for script in bench/bench_*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles

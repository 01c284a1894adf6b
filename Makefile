# Os dois comandos do README: `make run` (demonstração local em SQLite) e `make test` (suíte inteira).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.instalado
MANAGE := $(PY) manage.py
export DEBUG ?= 1

.PHONY: install run test lint bench clean

install: $(STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --disable-pip-version-check -q -r requirements-dev.txt
	touch $(STAMP)

run: install
	$(MANAGE) migrate --noinput
	$(MANAGE) carregar_demo
	$(MANAGE) runserver 127.0.0.1:8000

test: install
	$(PY) -m pytest

lint: install
	$(VENV)/bin/ruff check .
	$(MANAGE) makemigrations --check --dry-run

bench: install
	$(PY) bench/bench_motor.py
	$(PY) bench/bench_simulador.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles

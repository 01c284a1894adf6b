#!/usr/bin/env python
import os
import sys


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Na linha de comando (simulações, importações, migrações locais) vale o modo de desenvolvimento, salvo
    # DEBUG=0 explícito; o servidor de produção sobe por config/wsgi.py, que exige SECRET_KEY sem DEBUG.
    os.environ.setdefault("DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

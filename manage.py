#!/usr/bin/env python
"""A linha de comando do Django, sem adivinhar o modo de produção.

Sem a variável DEBUG, só os comandos de desenvolvimento que não servem nem gravam nada em produção (o servidor
de desenvolvimento, as simulações, a conferência das migrações e a ajuda) assumem DEBUG=1 numa cópia de
desenvolvimento (sem SECRET_KEY). Qualquer outro comando (migrate, db_worker, importar_inscricoes…) recusa-se a
escolher: com SECRET_KEY no ambiente, roda em modo de produção; sem ela, explica o que definir. Assim um processo
de produção esquecido sem DEBUG=0 nunca ganha, calado, o DEBUG e a chave de desenvolvimento. O Makefile exporta DEBUG=1.
"""

import os
import sys

# makemigrations escreve arquivos de migração na árvore (ou só confere, com --check): nunca roda em produção.
COMANDOS_DE_DESENVOLVIMENTO = {"help", "makemigrations", "runserver", "simular_vagas", "simular_convocacao"}
SEM_DEBUG = """\
manage.py: a variável DEBUG não está definida, e este comando não adivinha o modo.
  Em desenvolvimento: DEBUG=1 python manage.py {comando}   (os alvos do Makefile já exportam DEBUG=1)
  Em produção:        DEBUG=0, com SECRET_KEY e CHAVE_CEDULAS no ambiente.
Sem DEBUG, só {sem_debug} assumem o modo de desenvolvimento (fora de produção)."""


def preparar_debug(argv: list[str], ambiente) -> str | None:
    """Define DEBUG=1 para os comandos de desenvolvimento; devolve a mensagem de recusa, se houver."""
    if "DEBUG" in ambiente or ambiente.get("SECRET_KEY"):
        return None
    comando = argv[1] if len(argv) > 1 else "help"
    if comando in COMANDOS_DE_DESENVOLVIMENTO:
        ambiente["DEBUG"] = "1"
        return None
    *primeiros, ultimo = sorted(COMANDOS_DE_DESENVOLVIMENTO)
    return SEM_DEBUG.format(comando=comando, sem_debug=f"{', '.join(primeiros)} e {ultimo}")


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    recusa = preparar_debug(sys.argv, os.environ)
    if recusa:
        sys.exit(recusa)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

"""O código atual de uma chave TOTP, como um aplicativo autenticador o mostraria: para a demonstração local
(`carregar_demo` imprime as chaves das contas de demonstração) sem precisar de celular.

    .venv/bin/python -m acesso.codigo_totp "CHAVE EM BASE32"

Só calcula a partir da chave que recebe: não lê o banco nem a configuração.
"""

from __future__ import annotations

import base64
import sys
import time

from django_otp.oath import totp

PASSO = 30


def codigo_atual(chave_base32: str) -> str:
    chave = base64.b32decode(chave_base32.replace(" ", "").upper())
    return f"{totp(chave, step=PASSO):06d}"


def main(argumentos: list[str]) -> int:
    if len(argumentos) != 1:
        print("Uso: python -m acesso.codigo_totp \"CHAVE EM BASE32\"", file=sys.stderr)
        return 2
    segundos = PASSO - int(time.time()) % PASSO
    print(f"{codigo_atual(argumentos[0])} (vale por mais {segundos} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

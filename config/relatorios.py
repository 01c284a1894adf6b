"""O filtro dos relatórios de erro (página de depuração e e-mail aos administradores).

O Django esconde as configurações cujo nome tem KEY, SECRET, TOKEN…; a chave das cédulas secretas chama-se
`CHAVE_CEDULAS`, e em português o filtro padrão não a reconheceria: quem recebesse um relatório de erro teria a chave
que abre os votos (docs/decisoes/0003-sigilo-do-voto.md).
"""

import re

from django.views.debug import SafeExceptionReporterFilter


class FiltroDeRelatorios(SafeExceptionReporterFilter):
    hidden_settings = re.compile("API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|CHAVE", flags=re.IGNORECASE)

"""O cabeçalho Permissions-Policy: nenhuma página do sistema usa câmera, microfone, localização, pagamento ou
outros recursos do aparelho, e nenhum script (nem um injetado) pode pedi-los. Os tablets da comissão ficam na mesa
da sessão, ao lado do candidato: nada ali pode ligar a câmera ou o microfone (Afonso Cláudio art. 11, caput)."""

from __future__ import annotations

from collections.abc import Callable

RECURSOS_NEGADOS = ("accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer",
                    "microphone", "midi", "payment", "serial", "usb")
POLITICA = ", ".join(f"{recurso}=()" for recurso in RECURSOS_NEGADOS)


class PoliticaDePermissoes:
    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request):
        resposta = self.get_response(request)
        resposta.setdefault("Permissions-Policy", POLITICA)
        return resposta

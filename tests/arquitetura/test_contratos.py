"""Os contratos de arquitetura (pyproject.toml, [tool.importlinter]; docs/decisoes/0008) valem também na suíte:
um import que suba uma camada, um app no núcleo ou o Django num módulo puro falha aqui, não só no CI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]


def test_os_contratos_de_importacao_sao_mantidos():
    lint = Path(sys.executable).with_name("lint-imports")
    feito = subprocess.run([str(lint), "--no-cache"], cwd=RAIZ, capture_output=True, text=True)
    assert feito.returncode == 0, feito.stdout[-4000:] + feito.stderr[-2000:]
    assert "0 broken" in feito.stdout

"""Os tipos de documento registrados pelos apps (documentos/tipos.py): os já guardados continuam com o seu rótulo,
todo tipo emitido no código e nos testes está registrado e um tipo desconhecido é recusado em português."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from documentos.models import DocumentoEmitido
from documentos.pdf import emitir_pdf
from documentos.tipos import TipoDesconhecido, registrar_tipo, rotulo_do_tipo, tipos_de_documento

RAIZ = Path(__file__).resolve().parents[2]
PASTAS = ("acesso", "concursos", "demonstracao", "documentos", "heteroidentificacao", "legislacao", "nucleo", "bench",
          "tests")

# Os tipos que já havia antes do registro (documentos/migrations/0004): documentos emitidos com eles estão guardados,
# e a página pública de verificação deve continuar dizendo o que cada um é, com as mesmas palavras.
GUARDADOS = {
    "quadro_vagas": "Quadro de vagas (anexo do edital)",
    "lista_classificacao": "Lista de classificação",
    "convocacoes": "Lista de convocações",
    "ata_sessao": "Ata de sessão de heteroidentificação",
    "ata_recurso": "Ata de julgamento de recursos",
    "resultado_provisorio": "Resultado provisório da heteroidentificação",
    "resultado_final": "Resultado final da heteroidentificação",
    "termo_confidencialidade": "Termo de confidencialidade",
    "edital_convocacao": "Edital de convocação para heteroidentificação",
    "relatorio_titular": "Relatório do titular (LGPD art. 18)",
    "outro": "Outro documento",
}


def test_os_tipos_ja_guardados_continuam_registrados_com_o_mesmo_rotulo():
    assert {codigo: rotulo_do_tipo(codigo) for codigo in GUARDADOS} == GUARDADOS
    # O filtro do admin e o get_tipo_display leem as escolhas do campo, que vêm do registro.
    assert GUARDADOS.items() <= dict(DocumentoEmitido._meta.get_field("tipo").flatchoices).items()
    assert tipos_de_documento()[-1] == ("outro", "Outro documento")


def test_um_documento_guardado_diz_o_que_e():
    assert DocumentoEmitido(tipo="ata_recurso").get_tipo_display() == "Ata de julgamento de recursos"


def _modulo(caminho: Path) -> str:
    return ".".join(caminho.relative_to(RAIZ).with_suffix("").parts)


def _origens(arvore: ast.Module, caminho: Path) -> dict[str, str]:
    """De onde vem cada nome do arquivo: de um `from x import NOME` (em qualquer lugar) ou do próprio módulo."""
    origens = {}
    for no in ast.walk(arvore):
        if isinstance(no, ast.ImportFrom) and no.module:
            origens.update({(a.asname or a.name): no.module for a in no.names})
    for no in arvore.body:
        if isinstance(no, ast.Assign):
            origens.update({alvo.id: _modulo(caminho) for alvo in no.targets if isinstance(alvo, ast.Name)})
    return origens


def _emite_ou_busca_documento(chamada: ast.Call) -> bool:
    funcao = chamada.func
    nome = funcao.id if isinstance(funcao, ast.Name) else getattr(funcao, "attr", "")
    return nome in {"emitir_pdf", "_emitir", "DocumentoEmitido"} or (
        nome in {"get", "filter", "exclude", "create"} and "DocumentoEmitido" in ast.unparse(funcao))


def _valores(no: ast.expr, origens: dict[str, str]):
    """Os códigos que a expressão pode dar; um nome que não vem de import nem do módulo é parâmetro repassado."""
    if isinstance(no, ast.Constant):
        yield no.value
    elif isinstance(no, ast.IfExp):
        yield from _valores(no.body, origens)
        yield from _valores(no.orelse, origens)
    elif isinstance(no, ast.Name) and no.id in origens:
        yield getattr(importlib.import_module(origens[no.id]), no.id)
    elif isinstance(no, ast.Attribute):
        raise AssertionError(f"tipo de documento como atributo ({ast.unparse(no)}): use a constante do app")


def _tipos_usados():
    for pasta in PASTAS:
        for caminho in sorted((RAIZ / pasta).rglob("*.py")):
            if "migrations" in caminho.parts or caminho == Path(__file__).resolve():
                continue
            arvore = ast.parse(caminho.read_text(encoding="utf-8"))
            origens = _origens(arvore, caminho)
            for no in ast.walk(arvore):
                if isinstance(no, ast.Call) and _emite_ou_busca_documento(no):
                    for argumento in no.keywords:
                        if argumento.arg == "tipo":
                            for valor in _valores(argumento.value, origens):
                                yield f"{caminho.relative_to(RAIZ)}:{no.lineno}", valor


def test_todo_tipo_emitido_ou_buscado_no_codigo_e_nos_testes_esta_registrado():
    usados = list(_tipos_usados())
    nao_registrados = []
    for onde, codigo in usados:
        try:
            rotulo_do_tipo(codigo)
        except TipoDesconhecido:
            nao_registrados.append(f"{onde}: {codigo!r}")
    assert not nao_registrados
    # A varredura acha de fato as emissões: as dos certames, as da comissão e as dos testes (e as dos tipos
    # registrados depois, como o resultado de cada fase).
    assert set(GUARDADOS) <= {codigo for _, codigo in usados} and len(usados) >= 15


@pytest.mark.django_db
def test_um_tipo_nao_registrado_e_recusado_antes_de_emitir(admin_user):
    with pytest.raises(TipoDesconhecido, match="O tipo de documento «certidao» não está registrado"):
        emitir_pdf(template="documentos/pdf/base.html", contexto={}, tipo="certidao", titulo="Certidão",
                   usuario=admin_user)
    assert not DocumentoEmitido.objects.exists()


def test_registrar_de_novo_o_mesmo_tipo_nao_muda_nada_e_com_outro_rotulo_e_recusado():
    assert registrar_tipo("quadro_vagas", "Quadro de vagas (anexo do edital)") == "quadro_vagas"
    with pytest.raises(TipoDesconhecido, match="já está registrado como «Quadro de vagas"):
        registrar_tipo("quadro_vagas", "Quadro")
    assert rotulo_do_tipo("quadro_vagas") == "Quadro de vagas (anexo do edital)"


def test_um_codigo_maior_que_a_coluna_e_recusado():
    with pytest.raises(TipoDesconhecido, match="de 1 a 32 caracteres"):
        registrar_tipo("x" * 33, "Longo demais")

"""Um só escritor do destino de um candidato (issue 10): a situação, a heteroidentificação, a classificação e a
autodeclaração de uma inscrição e a conferência dos documentos que ela apresentou para a reserva só se gravam em
concursos/services/inscricao.py.

A varredura lê a árvore sintática de cada módulo do projeto e acusa quem atribui um desses atributos
(`inscricao.situacao = …`, também por `setattr`) ou os passa a `.update(…)`, a `save(update_fields=…)` ou a
`bulk_update(…)`. Ficam de fora as migrações, os testes e a importação em lote (concursos/importacao/), que grava por
COPY e tem a sua trilha. Os mesmos nomes existem noutros modelos (a cor ou raça do cadastro do candidato, a de um
membro da comissão): cada exceção abaixo diz de quem é o campo que ela grava.
"""

from __future__ import annotations

import ast
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
APPS = ("nucleo", "documentos", "acesso", "legislacao", "concursos", "heteroidentificacao", "demonstracao", "config")
ESCRITOR = "concursos/services/inscricao.py"
FORA = ("concursos/importacao/",)
CAMPOS = frozenset({"situacao", "heteroidentificacao", "classificacao", "reserva", "cor_raca", "quilombola", "pcd",
                    "conferencia"})
# (módulo, objeto que recebe a escrita) → de quem é o campo.
EXCECOES = {
    ("concursos/retencao.py", "candidatos"): "Candidato: o cadastro da pessoa anonimizado ao fim da guarda",
}


def _nomes_constantes(no: ast.AST | None) -> set[str]:
    if isinstance(no, ast.List | ast.Tuple | ast.Set):
        return {e.value for e in no.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def _alvos(alvo: ast.AST):
    if isinstance(alvo, ast.Tuple | ast.List):
        for e in alvo.elts:
            yield from _alvos(e)
    elif isinstance(alvo, ast.Attribute):
        yield alvo


def _escritas(arvore: ast.AST):
    """(linha, objeto, campo) de cada escrita de um dos CAMPOS."""
    for no in ast.walk(arvore):
        if isinstance(no, ast.Assign | ast.AugAssign | ast.AnnAssign):
            for alvo in no.targets if isinstance(no, ast.Assign) else [no.target]:
                for atributo in _alvos(alvo):
                    if atributo.attr in CAMPOS:
                        yield no.lineno, ast.unparse(atributo.value), atributo.attr
        elif isinstance(no, ast.Call):
            funcao = no.func
            nome = funcao.attr if isinstance(funcao, ast.Attribute) else getattr(funcao, "id", "")
            objeto = ast.unparse(funcao.value) if isinstance(funcao, ast.Attribute) else ""
            campos: set[str] = set()
            if nome == "update":
                campos |= {k.arg for k in no.keywords if k.arg}
            if nome == "setattr" and len(no.args) >= 2 and isinstance(no.args[1], ast.Constant):
                objeto, campos = ast.unparse(no.args[0]), {no.args[1].value}
            if nome in ("bulk_update", "bulk_update_with_history"):
                posicao = 1 if nome == "bulk_update" else 2
                if len(no.args) > posicao:
                    campos |= _nomes_constantes(no.args[posicao])
            for k in no.keywords:
                if k.arg == "update_fields" or (k.arg == "fields" and nome.startswith("bulk_update")):
                    campos |= _nomes_constantes(k.value)
            for campo in sorted(campos & CAMPOS):
                yield no.lineno, objeto, campo


def _modulos():
    for app in APPS:
        for caminho in sorted((RAIZ / app).rglob("*.py")):
            relativo = caminho.relative_to(RAIZ).as_posix()
            if "/migrations/" in relativo or relativo == ESCRITOR or relativo.startswith(FORA):
                continue
            yield relativo, caminho


def escritas_fora_do_escritor() -> list[str]:
    acusadas = []
    for relativo, caminho in _modulos():
        for linha, objeto, campo in _escritas(ast.parse(caminho.read_text(), filename=relativo)):
            if (relativo, objeto) not in EXCECOES:
                acusadas.append(f"{relativo}:{linha}: {objeto}.{campo}")
    return acusadas


def test_so_o_escritor_unico_grava_o_destino_do_candidato():
    assert escritas_fora_do_escritor() == []


def test_a_varredura_acusa_cada_forma_de_escrita():
    codigo = """
inscricao.situacao = "eliminado"
inscricao.reserva, outra = False, 1
setattr(inscricao, "heteroidentificacao", "ausente")
Inscricao.objects.filter(pk=1).update(classificacao=None)
inscricao.save(update_fields=["pcd"])
Inscricao.objects.bulk_update(inscricoes, ["cor_raca"])
Inscricao.objects.bulk_update(inscricoes, fields=["reserva"])
models.Index(fields=["classificacao"], name="indice")
bulk_update_with_history(inscricoes, Inscricao, ["quilombola"], default_user=None)
documento.conferencia += ""
inscricao.nota_final = 1
inscricao.save(update_fields=["nota_final"])
"""
    acusadas = {campo for _, _, campo in _escritas(ast.parse(codigo))}
    assert acusadas == CAMPOS


def test_as_excecoes_ainda_existem():
    # Uma exceção que não acha mais a escrita sobra e esconderia a próxima: sai da lista.
    encontradas = {(relativo, objeto) for relativo, caminho in _modulos()
                   for _, objeto, _ in _escritas(ast.parse(caminho.read_text()))}
    assert set(EXCECOES) <= encontradas

"""O leiaute do arquivo da banca: as colunas, os valores aceitos e a leitura do cabeçalho (docs/importacao.md)."""

from __future__ import annotations

import logging
import re

from concursos.importacao import caracteres
from legislacao.entrada import Erro
from nucleo.texto import sem_acento

logger = logging.getLogger(__name__)


# Ordem do leiaute documentado (também a das exportações, em concursos/exportacao/recursos.py).
COLUNAS = ("inscricao", "cargo", "nome", "nome_social", "cpf", "data_nascimento", "genero", "email", "telefone",
           "cor_raca", "quilombola", "pcd", "reserva", "autodeclaracao_em", "nota_final", "classificacao",
           "situacao", "documento", "documento_conferencia", "documento_motivo")
OBRIGATORIAS_INSCRICAO = ("inscricao", "cargo", "nome", "cpf", "email", "cor_raca", "quilombola", "pcd", "reserva")
OPCIONAIS_INSCRICAO = ("nome_social", "data_nascimento", "genero", "telefone", "autodeclaracao_em")
COLUNAS_RESULTADO = ("nota_final", "classificacao", "situacao")
# O documento que a lei do certame exige para a reserva, quando a banca o tem (os códigos são os da lei).
COLUNAS_DOCUMENTO = ("documento", "documento_conferencia", "documento_motivo")
_DA_PESSOA = frozenset(OBRIGATORIAS_INSCRICAO + OPCIONAIS_INSCRICAO) - {"inscricao"}

# (coluna, obrigatória?, formato) — mostrado na tela de envio; docs/importacao.md traz os detalhes.
LEIAUTE = (
    ("inscricao", "sim", "número da inscrição na banca (até 30 caracteres); único no certame"),
    ("cargo", "sim*", "código do cargo no certame (p. ex. ADM)"),
    ("nome", "sim*", "nome civil (até 200 caracteres)"),
    ("nome_social", "não", "nome social, se houver"),
    ("cpf", "sim*", "11 dígitos, com ou sem pontuação (123.456.789-09)"),
    ("data_nascimento", "não", "dd/mm/aaaa"),
    ("genero", "não", "feminino, masculino, outro ou nao_informado"),
    ("email", "sim*", "e-mail de contato"),
    ("telefone", "não", "até 20 caracteres"),
    ("cor_raca", "sim*", "branca, preta, parda, amarela ou indigena (autodeclaração, quesito do IBGE)"),
    ("quilombola", "sim*", "sim ou nao"),
    ("pcd", "sim*", "sim ou nao (concorre às vagas de pessoa com deficiência)"),
    ("reserva", "sim*", "sim ou nao (optou pela reserva racial)"),
    ("autodeclaracao_em", "não", "dd/mm/aaaa (data da autodeclaração)"),
    ("nota_final", "não", "número com até 3 casas decimais, vírgula ou ponto (78,5)"),
    ("classificacao", "não", "inteiro a partir de 1, único no cargo (após os desempates da banca)"),
    ("situacao", "não", "habilitado, eliminado ou desistente"),
    ("documento", "não", "código do documento apresentado para a reserva, entre os que a lei do certame aceita"),
    ("documento_conferencia", "não", "aceito ou recusado, se a banca o conferiu; vazio: a conferir"),
    ("documento_motivo", "não", "o motivo da recusa (obrigatório quando recusado)"),
)



def leiaute_do_certame(exigencias) -> tuple[tuple[str, str, str], ...]:
    """O leiaute com os códigos de documento que a lei congelada no certame aceita, grupo a grupo (`exigencias`:
    `Certame.exigencias_documentais()`); sem exigência, a coluna `documento` diz que a lei não pede nenhum."""
    aceitos = "; ".join(f"{grupo}: " + ", ".join(t.codigo for t in exigencia.tipos)
                        for grupo, exigencia in sorted(exigencias.items()))
    formato = (f"código do documento apresentado para a reserva, entre os que a lei do certame aceita ({aceitos})"
               if aceitos else "a lei do certame não exige documento para a reserva: deixe vazia")
    return tuple((coluna, obrigatoria, formato if coluna == "documento" else descricao)
                 for coluna, obrigatoria, descricao in LEIAUTE)


MODO_INSCRICOES = "inscricoes"
MODO_RESULTADOS = "resultados"

SIM_NAO = {"sim": "1", "s": "1", "nao": "0", "não": "0", "n": "0"}
CORES_ACEITAS = {"branca": "branca", "preta": "preta", "parda": "parda", "amarela": "amarela", "indigena": "indigena",
         "indígena": "indigena"}
GENEROS = {"feminino": "feminino", "f": "feminino", "masculino": "masculino", "m": "masculino", "outro": "outro",
           "nao_informado": "nao_informado", "não_informado": "nao_informado", "nao informado": "nao_informado",
           "não informado": "nao_informado", "prefere não informar": "nao_informado",
           "prefere nao informar": "nao_informado"}
SITUACOES = {"habilitado": "habilitado", "eliminado": "eliminado", "desistente": "desistente"}
CONFERENCIAS = {"aceito": "aceito", "aceita": "aceito", "recusado": "recusado", "recusada": "recusado",
                "a_conferir": "a_conferir", "a conferir": "a_conferir"}



class ErroCabecalho(Exception):
    """O cabeçalho recusado. Quando ele ainda diz que arquivo é (`modo`), as `posicoes` das colunas presentes deixam
    validar as linhas na mesma passada: todos os erros do arquivo aparecem de uma vez, não só na tentativa seguinte."""

    def __init__(self, erros: list[Erro], modo: str = "", posicoes: dict[str, int] | None = None):
        self.erros = erros
        self.modo = modo
        self.posicoes = posicoes
        super().__init__("\n".join(str(e) for e in erros))


# Grafias comuns nas planilhas das bancas para as colunas do leiaute.
SINONIMOS = {"e_mail": "email", "cor_ou_raca": "cor_raca", "raca_cor": "cor_raca", "data_de_nascimento":
             "data_nascimento", "nascimento": "data_nascimento", "numero_inscricao": "inscricao",
             "inscricao_numero": "inscricao", "codigo_cargo": "cargo", "tipo_documento": "documento",
             "conferencia_documento": "documento_conferencia", "motivo_documento": "documento_motivo"}


def chave_da_coluna(nome: str) -> str:
    """Nome de coluna comparável: sem acento, minúsculo, espaços, barras e hífens como «_»."""
    chave = re.sub(r"[\s\-/]+", "_", sem_acento(nome.removeprefix("\ufeff")).strip().lower())
    return SINONIMOS.get(chave, chave)



def mapear_cabecalho(cabecalho: list[str]) -> tuple[str, dict[str, int], list[str]]:
    """Valida o cabeçalho; devolve o modo, a posição de cada coluna conhecida e as colunas ignoradas."""
    if not cabecalho or not any(c.strip() for c in cabecalho):
        raise ErroCabecalho([Erro(1, "", "", "o arquivo está vazio; a primeira linha deve ser o cabeçalho com as "
                                             "colunas do leiaute (veja docs/importacao.md).")])
    erros: list[Erro] = []
    posicoes: dict[str, int] = {}
    ignoradas: list[str] = []
    for i, bruto in enumerate(cabecalho):
        chave = chave_da_coluna(bruto)
        if not chave:
            continue
        if chave in posicoes:
            erros.append(Erro(1, chave, bruto, f"coluna repetida no cabeçalho (já é a {posicoes[chave] + 1}ª)."))
        elif chave in COLUNAS:
            posicoes[chave] = i
        else:
            ignoradas.append(caracteres.visivel(bruto.strip()))
    if "inscricao" not in posicoes:
        erros.append(Erro(1, "inscricao", "", "coluna obrigatória ausente do cabeçalho."))
    if _DA_PESSOA & posicoes.keys():
        modo = MODO_INSCRICOES
        erros.extend(Erro(1, c, "", "coluna obrigatória ausente do cabeçalho (arquivo de inscrições)."
                             ) for c in OBRIGATORIAS_INSCRICAO if c not in posicoes and c != "inscricao")
    else:
        modo = MODO_RESULTADOS
        if not any(c in posicoes for c in COLUNAS_RESULTADO + COLUNAS_DOCUMENTO):
            erros.append(Erro(1, "", "", "faltam colunas: um arquivo de inscrições precisa de "
                                         f"{', '.join(OBRIGATORIAS_INSCRICAO)}; um arquivo só de resultados, de "
                                         f"inscricao e ao menos uma de {', '.join(COLUNAS_RESULTADO)}; um arquivo "
                                         "só de documentos, de inscricao e documento."))
    if "documento" not in posicoes:
        erros.extend(Erro(1, c, "", "a conferência e o motivo precisam da coluna documento no cabeçalho.")
                     for c in COLUNAS_DOCUMENTO[1:] if c in posicoes)
    if erros:
        # Sem nenhuma coluna que diga o tipo do arquivo, as linhas não têm como ser conferidas.
        tipo_conhecido = modo == MODO_INSCRICOES or any(c in posicoes for c in COLUNAS_RESULTADO + COLUNAS_DOCUMENTO)
        raise ErroCabecalho(erros, modo if tipo_conhecido else "", posicoes if tipo_conhecido else None)
    return modo, posicoes, ignoradas


def colunas_ausentes(modo: str, posicoes: dict[str, int]) -> frozenset[str]:
    """As colunas obrigatórias que faltam no cabeçalho: o erro é um só, o do cabeçalho, e não um por linha."""
    obrigatorias = OBRIGATORIAS_INSCRICAO if modo == MODO_INSCRICOES else ("inscricao",)
    return frozenset(c for c in obrigatorias if c not in posicoes)

"""Os modelos para baixar dos arquivos do sistema de RH (servidores, nomeações em comissão, estágios): o cabeçalho do
leiaute (pessoal/importacao.py), uma linha de exemplo com uma pessoa inventada e, no XLSX, os valores permitidos de
cada coluna numa segunda aba, como os da importação da banca (concursos/importacao/modelo.py)."""

from __future__ import annotations

from concursos.importacao.modelo import planilha_csv, planilha_xlsx
from pessoal.importacao import CABECALHO_OBRIGATORIO, LEIAUTES
from pessoal.models import TipoArquivoRH

DATA = "data em dd/mm/aaaa (ou aaaa-mm-dd)"
AUTODECLARACAO = {
    "cor_raca": "branca, preta, parda, amarela, indigena (quesito do IBGE; com ou sem acento); vazia: não informada. "
                "«negra» é recusada: informe preta ou parda",
    "quilombola": "sim ou nao (s/n, 1/0, x); vazia: não",
    "data_autodeclaracao": f"{DATA}; só com a cor ou raça ou a declaração de quilombola; vazia: a data da importação",
}
DESCRICOES = {
    "matricula": "a matrícula do servidor no órgão, até 30 caracteres; a mesma matrícula atualiza o cadastro",
    "nome": "o nome completo, até 200 caracteres", "cargo": "o cargo, até 200 caracteres",
    "vinculo": "efetivo, comissionado, empregado_publico (ou «empregado público»), temporario, estagiario",
    "genero": "feminino (f), masculino (m), outro, nao_informado (ou «prefere não informar»); vazia: não informado",
    "cpf": "11 dígitos, com ou sem pontuação, dígitos verificadores conferidos; opcional",
    "simbolo": "o símbolo do cargo em comissão (p. ex. CC-2), até 30 caracteres", "data_nomeacao": DATA,
    "ato_nomeacao": "o ato da nomeação, até 200 caracteres", "data_exoneracao": f"{DATA}; vem com o ato",
    "ato_exoneracao": "o ato da exoneração, até 200 caracteres; vem com a data",
    "instituicao": "a instituição de ensino, até 200 caracteres", "curso": "o curso, até 200 caracteres",
    "inicio": DATA, "termino_previsto": f"{DATA}; não antes do início",
    "ato_contratacao": "o termo de compromisso ou o ato da contratação, até 200 caracteres",
    "data_encerramento": f"{DATA}; vem com o ato", "ato_encerramento": "o ato do encerramento; vem com a data",
    **AUTODECLARACAO,
}
# Uma pessoa inventada, com um CPF de dígitos verificadores certos (o dos exemplos da Receita).
EXEMPLO = {
    "matricula": "12345", "nome": "Maria da Silva", "cargo": "Agente Administrativo", "vinculo": "efetivo",
    "genero": "feminino", "cpf": "123.456.789-09", "simbolo": "CC-2", "data_nomeacao": "02/01/2026",
    "ato_nomeacao": "Portaria nº 12/2026", "data_exoneracao": "", "ato_exoneracao": "",
    "instituicao": "Universidade Federal do Espírito Santo", "curso": "Administração", "inicio": "02/02/2026",
    "termino_previsto": "01/02/2027", "ato_contratacao": "Termo de compromisso nº 7/2026", "data_encerramento": "",
    "ato_encerramento": "", "cor_raca": "parda", "quilombola": "nao", "data_autodeclaracao": "10/03/2026",
}


def leiaute(tipo: str) -> list[tuple[str, str, str]]:
    """(coluna, obrigatória, formato e valores permitidos) de cada coluna do arquivo `tipo`."""
    return [(c.nome, "sim" if c.obrigatoria else "no cabeçalho" if c.nome in CABECALHO_OBRIGATORIO[tipo] else "não",
             DESCRICOES[c.nome]) for c in LEIAUTES[tipo]]


def nome_do_arquivo(tipo: str, formato: str) -> str:
    return f"modelo-rh-{tipo}.{formato}"


def modelo(tipo: str, formato: str) -> bytes:
    colunas = tuple(c.nome for c in LEIAUTES[TipoArquivoRH(tipo)])
    exemplo = [EXEMPLO[c] for c in colunas]
    return planilha_csv(colunas, exemplo) if formato == "csv" else planilha_xlsx(colunas, exemplo, leiaute(tipo))

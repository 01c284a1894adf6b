"""A validação linha a linha: cada valor conferido e convertido para a tabela de preparo, em lotes."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from operator import itemgetter
from typing import NamedTuple

from django.utils import timezone

from concursos.busca import nome_para_busca
from concursos.importacao import caracteres
from concursos.importacao.leiaute import (
    COLUNAS,
    CONFERENCIAS,
    CORES_ACEITAS,
    GENEROS,
    MODO_INSCRICOES,
    SIM_NAO,
    SITUACOES,
    chave_da_coluna,
)
from concursos.importacao.leitura import Fonte
from concursos.importacao.preparo import NO_LOTE
from legislacao.entrada import Erro

logger = logging.getLogger(__name__)


LOTE_PREPARO = 25_000
# O primeiro lote é menor (e os seguintes dobram até LOTE_PREPARO): o banco começa a trabalhar logo.
PRIMEIRO_LOTE = 5_000

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+\Z")
# Só os algarismos de 0 a 9 (re.ASCII): o \d do Python aceitaria «７０» (largura dupla) ou «٧٠» (arábicos),
# que o banco recusaria ou que a banca não quis dizer.
_NOTA = re.compile(r"\d{1,5}(?:[.,]\d{1,3})?\Z", re.ASCII)
_DATA_BR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})\Z", re.ASCII)
_DATA_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})\Z", re.ASCII)
_SEM_PONTUACAO_CPF = str.maketrans("", "", ".-/ ")
_MAIOR_INTEIRO = 2_147_483_647

MOTIVO_SIM_NAO = "valor desconhecido; use sim ou nao."
MOTIVO_ALGARISMOS = " Use só os algarismos de 0 a 9 (o valor tem outros, como os de largura dupla «７»)."
# Textos livres: um tab é só mais um espaço (normalizado como os outros).
_TAB_E_ESPACO = frozenset(("nome", "nome_social", "telefone", "documento_motivo"))
MOTIVO_NAO_EXIGE = ("a lei congelada no certame não exige documento para nenhuma reserva; deixe a coluna vazia (ou "
                    "tire-a do arquivo).")



def cpf_confere(digitos: str) -> bool:
    """Dígitos verificadores do CPF (mesma regra do BRCPFValidator do localflavor, sem exceções)."""
    if len(digitos) != 11 or not digitos.isdigit() or not digitos.isascii() or digitos == digitos[0] * 11:
        return False
    # Os códigos ASCII dos dígitos (48 a 57), sem laço: é o laço quente da leitura de um milhão de linhas.
    # Cada soma ponderada desconta 48 × a soma dos pesos (10…2 somam 54; 11…2, 65).
    a, b, c, d, e, f, g, h, i, j, k = digitos.encode()
    resto = (10 * a + 9 * b + 8 * c + 7 * d + 6 * e + 5 * f + 4 * g + 3 * h + 2 * i - 48 * 54) % 11
    if j - 48 != (0 if resto < 2 else 11 - resto):
        return False
    resto = (11 * a + 10 * b + 9 * c + 8 * d + 7 * e + 6 * f + 5 * g + 4 * h + 3 * i + 2 * j - 48 * 65) % 11
    return k - 48 == (0 if resto < 2 else 11 - resto)


class _Datas:
    """Converte dd/mm/aaaa em ISO, com memória: datas de nascimento se repetem muito num arquivo grande."""

    def __init__(self, *, minimo: date, maximo: date):
        self.minimo, self.maximo = minimo, maximo
        self.cache: dict[str, str | None] = {}

    def __call__(self, texto: str) -> str | None:
        try:
            return self.cache[texto]
        except KeyError:
            pass
        if len(self.cache) > 200_000:
            self.cache.clear()
        achado = _DATA_BR.match(texto)
        if achado:
            dia, mes, ano = map(int, achado.groups())
        elif achado := _DATA_ISO.match(texto):
            ano, mes, dia = map(int, achado.groups())
        else:
            self.cache[texto] = None
            return None
        try:
            valor = date(ano, mes, dia)
        except ValueError:
            valor = None
        iso = valor.isoformat() if valor and self.minimo <= valor <= self.maximo else None
        self.cache[texto] = iso
        return iso



class TipoAceito(NamedTuple):
    """Um documento que a lei congelada aceita: o grupo de reserva a que ele serve, quem pertence ao grupo (os pares
    cor ou raça e quilombola do motor, `Grupo.elegiveis`, com quilombola como na tabela de preparo: "1" ou "0"), o
    nome do grupo e o do documento."""

    grupo: str
    elegiveis: frozenset[tuple[str, str]]
    nome_grupo: str
    nome: str


@dataclass(frozen=True)
class DocumentosDoCertame:
    """Os documentos que a lei congelada no certame aceita, pelo código da coluna «documento». Vazio se a lei não
    exige documento."""

    tipos: dict[str, TipoAceito]
    erro_publicacao: str = ""

    @property
    def codigos(self) -> str:
        return ", ".join(list(self.tipos)[:12]) + (", …" if len(self.tipos) > 12 else "")


@dataclass
class Leitura:
    """O que a leitura sabe do arquivo; os totais ficam prontos quando o último lote sai."""

    modo: str
    presentes: frozenset[str]
    linhas: int = 0
    primeira: int = 0
    ultima: int = 0


@dataclass
class Lote:
    linhas: list
    primeira: int
    ultima: int
    lidas: int
    limpo: bool  # nenhum erro no arquivo até o fim deste lote


class Erros:
    def __init__(self, limite: int):
        self.lista: list[Erro] = []
        self.total = 0
        self.limite = limite
        self.acusados: set[tuple[int, str]] = set()
        # A coluna obrigatória que falta no cabeçalho é um erro só, o da linha 1, e não um em cada linha.
        self.ausentes: frozenset[str] = frozenset()

    def __call__(self, linha: int, coluna: str, valor: str, motivo: str) -> None:
        # Um erro por campo: o valor recusado pelos caracteres é apagado, e o «obrigatório» que isso daria
        # não é um segundo erro.
        if coluna:
            if linha > 1 and coluna in self.ausentes:
                return
            if (linha, coluna) in self.acusados:
                return
            self.acusados.add((linha, coluna))
        self.total += 1
        if len(self.lista) < self.limite:
            # Escritos como \u…: nem o JSON do PostgreSQL aceita um \u0000 (um cabeçalho hostil o traz na coluna).
            self.lista.append(Erro(linha, caracteres.visivel(coluna), caracteres.visivel(valor), motivo))

    @property
    def cheio(self) -> bool:
        return self.total >= self.limite


def ler_lotes(fonte: Fonte, posicoes: dict[str, int], leitura: Leitura, cargos: dict[str, int], nulo,  # noqa: C901
              erros: Erros, documentos: DocumentosDoCertame) -> Iterator[Lote]:
    """Lê e valida cada linha e a entrega em lotes já no formato da tabela de preparo.

    É o laço quente (roda numa thread própria, em paralelo com o banco): nada de objetos de modelo nem de
    acesso ao banco por linha; consultas a dicionários e expressões regulares pré-compiladas. Fica numa função só,
    acima do limite de complexidade (C901, pyproject.toml), de propósito: cada chamada de função a mais por linha
    custa na vazão medida (bench/bench_importacao.py).
    """
    largura = len(fonte.cabecalho)
    # Coluna ausente: lê um campo vazio acrescentado ao fim de cada linha.
    pega = itemgetter(*(posicoes.get(c, largura) for c in COLUNAS))
    escapar = nulo is not None
    hoje = timezone.localdate()
    datas_nascimento = _Datas(minimo=date(1900, 1, 1), maximo=hoje)
    datas = _Datas(minimo=date(1900, 1, 1), maximo=hoje + timedelta(days=366))
    codigos = ", ".join(list(cargos)[:10]) + (", …" if len(cargos) > 10 else "")
    # No COPY tudo vai como texto; no executemany, como o valor Python.
    cargos = {c: str(i) if escapar else i for c, i in cargos.items()}
    cargos_sem_caixa = {c.casefold(): i for c, i in cargos.items()}
    pessoa = leitura.modo == MODO_INSCRICOES
    tem_situacao = "situacao" in posicoes
    tem_documento = "documento" in posicoes
    tipos = documentos.tipos
    lote: list = []
    lidas = primeira_do_lote = 0
    erro = erros
    # Os primeiros lotes são menores e crescem: o banco começa logo e não espera a leitura do segundo.
    tamanho = min(PRIMEIRO_LOTE, LOTE_PREPARO)
    do_leiaute = sorted(posicoes.items(), key=lambda item: item[1])

    for linha, campos in fonte.linhas:
        if len(campos) != largura:
            if not any(c.strip() for c in campos):
                continue
            _largura_errada(linha, campos, largura, fonte.cabecalho, erro)
            if erros.cheio:
                break
            continue
        # Todo caractere de controle, invisível ou de direção é não imprimível (str.isprintable, em C, bem
        # mais rápido que uma expressão regular): só a linha com algum é examinada campo a campo.
        if not "".join(campos).isprintable():
            _recusar_caracteres(linha, campos, do_leiaute, erro)
        campos.append("")
        (insc, cargo, nome, nome_social, cpf, nascimento, genero, email, telefone, cor, quilombola, pcd, reserva,
         autodeclaracao, nota, classificacao, situacao, documento, conferencia, motivo) = pega(campos)
        insc = insc.strip()
        if not insc:
            if not "".join(campos).strip():
                continue  # linha em branco (só separadores)
            erro(linha, "inscricao", insc, "a inscrição é obrigatória.")
            insc = nulo
        elif len(insc) > 30:
            erro(linha, "inscricao", insc, "a inscrição tem mais de 30 caracteres.")
            insc = nulo
        elif escapar and "\\" in insc:
            insc = insc.replace("\\", "\\\\")
        lidas += 1
        if not leitura.primeira:
            leitura.primeira = linha
        if not primeira_do_lote:
            primeira_do_lote = linha

        if pessoa:
            cargo = cargo.strip()
            cargo_id = cargos.get(cargo) or cargos_sem_caixa.get(cargo.casefold())
            if cargo_id is None:
                erro(linha, "cargo", cargo, f"cargo desconhecido neste certame; use um dos códigos: {codigos}.")
                cargo_id = nulo
            nome = " ".join(nome.split())
            if not nome:
                erro(linha, "nome", nome, "o nome é obrigatório.")
            elif not nome.strip(caracteres.PREENCHIMENTOS):
                erro(linha, "nome", nome, caracteres.MOTIVO_SO_INVISIVEIS)
            elif len(nome) > 200:
                erro(linha, "nome", nome, "o nome tem mais de 200 caracteres.")
            elif escapar and "\\" in nome:
                nome = nome.replace("\\", "\\\\")
            if nome_social:
                nome_social = " ".join(nome_social.split())
                if len(nome_social) > 200:
                    erro(linha, "nome_social", nome_social, "o nome social tem mais de 200 caracteres.")
                elif escapar and "\\" in nome_social:
                    nome_social = nome_social.replace("\\", "\\\\")
            bruto = cpf
            cpf = cpf.translate(_SEM_PONTUACAO_CPF)
            if 9 <= len(cpf) < 11 and cpf.isdigit():
                cpf = cpf.zfill(11)  # a planilha tira os zeros à esquerda de um CPF guardado como número
            if len(cpf) != 11 or not cpf.isdigit() or not cpf.isascii():
                erro(linha, "cpf", bruto, "CPF inválido: informe os 11 dígitos, com ou sem pontuação.")
                cpf = nulo
            elif not cpf_confere(cpf):
                erro(linha, "cpf", bruto, "CPF inválido: os dígitos verificadores não conferem.")
                cpf = nulo
            if nascimento := nascimento.strip():
                bruto = nascimento
                nascimento = datas_nascimento(nascimento)
                if nascimento is None:
                    erro(linha, "data_nascimento", bruto, "data inválida; use dd/mm/aaaa (p. ex. 31/12/1990), "
                                                          "entre 1900 e hoje.")
                    nascimento = nulo
            else:
                nascimento = nulo
            if genero := genero.strip():
                bruto = genero
                genero = GENEROS.get(genero.lower())
                if genero is None:
                    erro(linha, "genero", bruto, "valor desconhecido; use feminino, masculino, outro ou "
                                                 "nao_informado.")
                    genero = nulo
            else:
                genero = "nao_informado"
            email = email.strip()
            if not email:
                erro(linha, "email", email, "o e-mail é obrigatório.")
            elif len(email) > 254 or not _EMAIL.match(email):
                erro(linha, "email", email, "e-mail inválido.")
            elif escapar and "\\" in email:
                email = email.replace("\\", "\\\\")
            if telefone:
                telefone = " ".join(telefone.split())
                if len(telefone) > 20:
                    erro(linha, "telefone", telefone, "o telefone tem mais de 20 caracteres.")
                elif escapar and "\\" in telefone:
                    telefone = telefone.replace("\\", "\\\\")
            bruto = cor
            cor = CORES_ACEITAS.get(cor.strip().lower())
            if cor is None:
                erro(linha, "cor_raca", bruto, "valor desconhecido; use branca, preta, parda, amarela ou indigena.")
                cor = nulo
            bruto = quilombola
            quilombola = SIM_NAO.get(quilombola.strip().lower())
            if quilombola is None:
                erro(linha, "quilombola", bruto, MOTIVO_SIM_NAO)
                quilombola = nulo
            bruto = pcd
            pcd = SIM_NAO.get(pcd.strip().lower())
            if pcd is None:
                erro(linha, "pcd", bruto, MOTIVO_SIM_NAO)
                pcd = nulo
            bruto = reserva
            reserva = SIM_NAO.get(reserva.strip().lower())
            if reserva is None:
                erro(linha, "reserva", bruto, MOTIVO_SIM_NAO)
                reserva = nulo
            if autodeclaracao := autodeclaracao.strip():
                bruto = autodeclaracao
                autodeclaracao = datas(autodeclaracao)
                if autodeclaracao is None:
                    erro(linha, "autodeclaracao_em", bruto, "data inválida; use dd/mm/aaaa (p. ex. 15/03/2024).")
                    autodeclaracao = nulo
            else:
                autodeclaracao = nulo
            # Só letras e números: nada a escapar no COPY.
            busca = nome_para_busca(nome, nome_social)
        else:
            cargo_id = nome = nome_social = cpf = nascimento = genero = email = telefone = busca = nulo
            cor = quilombola = pcd = reserva = autodeclaracao = nulo

        if nota := nota.strip():
            if _NOTA.match(nota):
                nota = nota.replace(",", ".")
            else:
                erro(linha, "nota_final", nota, "use um número não negativo com até 5 dígitos inteiros e 3 casas "
                                                "decimais, com vírgula ou ponto (p. ex. 78,5)."
                     + ("" if nota.isascii() else MOTIVO_ALGARISMOS))
                nota = nulo
        else:
            nota = nulo
        if classificacao := classificacao.strip():
            if not (classificacao.isdigit() and classificacao.isascii()) or not (
                    1 <= int(classificacao) <= _MAIOR_INTEIRO):
                erro(linha, "classificacao", classificacao, "use um número inteiro a partir de 1 (1 = melhor "
                                                            "classificado)."
                     + ("" if classificacao.isascii() else MOTIVO_ALGARISMOS))
                classificacao = nulo
        else:
            classificacao = nulo
        if tem_situacao:
            bruto = situacao.strip()
            situacao = SITUACOES.get(bruto.lower())
            if situacao is None:
                erro(linha, "situacao", bruto, "valor desconhecido; use habilitado, eliminado ou desistente.")
                situacao = nulo
        else:
            situacao = nulo
        grupo = nulo
        if tem_documento and (documento := documento.strip()):
            bruto = documento
            achado = tipos.get(documento.upper())
            if documentos.erro_publicacao:
                erro(linha, "documento", bruto, documentos.erro_publicacao)
                documento = nulo
            elif achado is None:
                erro(linha, "documento", bruto, f"documento desconhecido; use um dos códigos que a lei do certame "
                                                f"aceita: {documentos.codigos}." if tipos else MOTIVO_NAO_EXIGE)
                documento = nulo
            else:
                documento, grupo = documento.upper(), achado.grupo
                # A autodeclaração da linha (num arquivo de inscrições): o documento é de um grupo a que ela concorre.
                # Num arquivo só de resultados ou de documentos, a verificação confere a da inscrição gravada.
                if pessoa and reserva == "0":
                    erro(linha, "documento", bruto, "esta inscrição não optou pela reserva: só quem concorre a ela "
                                                    "apresenta o documento.")
                elif pessoa and cor is not nulo and quilombola is not nulo and (
                        (cor, quilombola) not in achado.elegiveis):
                    erro(linha, "documento", bruto, f"o documento é da reserva «{achado.nome_grupo}», a que a "
                                                    "autodeclaração desta linha não pertence.")
            bruto = conferencia.strip()
            conferencia = CONFERENCIAS.get(bruto.lower()) if bruto else "a_conferir"
            if conferencia is None:
                erro(linha, "documento_conferencia", bruto, "valor desconhecido; use aceito ou recusado (ou deixe "
                                                            "vazio: a conferir).")
                conferencia = nulo
            motivo = " ".join(motivo.split())
            if conferencia == "recusado" and not motivo:
                erro(linha, "documento_motivo", motivo, "a recusa exige o motivo (o candidato tem o direito de "
                                                        "sabê-lo).")
            elif motivo and conferencia == "a_conferir":
                erro(linha, "documento_motivo", motivo, "o motivo é da conferência: informe-a em documento_conferencia "
                                                        "(aceito ou recusado).")
            elif len(motivo) > 2000:
                erro(linha, "documento_motivo", motivo, "o motivo tem mais de 2.000 caracteres.")
            elif escapar and "\\" in motivo:
                motivo = motivo.replace("\\", "\\\\")
            motivo = motivo or nulo
        else:
            if tem_documento and (conferencia.strip() or motivo.strip()):
                erro(linha, "documento", "", "a conferência e o motivo são de um documento: informe-o na coluna "
                                             "documento.")
            documento = conferencia = motivo = nulo

        lote.append([str(linha) if escapar else linha, insc, cargo_id, nome, nome_social or "", cpf, nascimento,
                     genero, email, telefone or "", cor, quilombola, pcd, reserva, autodeclaracao, nota,
                     classificacao, situacao, busca, None, documento, grupo, conferencia, motivo])
        leitura.ultima = linha
        if len(lote) >= tamanho:
            yield Lote(_marcar_ultima_do_cpf(lote, escapar), primeira_do_lote, linha, lidas, not erros.total)
            lote, primeira_do_lote = [], 0
            tamanho = min(LOTE_PREPARO, tamanho * 2)
        if erros.cheio:
            break
    leitura.linhas = lidas
    if lote:
        yield Lote(_marcar_ultima_do_cpf(lote, escapar), primeira_do_lote, leitura.ultima, lidas, not erros.total)


def _largura_errada(linha: int, campos: list[str], largura: int, cabecalho: list[str], erro: Erros) -> None:
    quebrado = next((i for i, c in enumerate(campos) if "\n" in c or "\r" in c), None)
    if quebrado is None:
        erro(linha, "", "", f"a linha tem {len(campos)} campos, e o cabeçalho {largura}; confira separadores e "
                            "aspas.")
        return
    # Aspas abertas e não fechadas: o campo engoliu o resto da linha (ou do arquivo).
    coluna = chave_da_coluna(cabecalho[quebrado]) if quebrado < largura else ""
    erro(linha, coluna, campos[quebrado], "aspas abertas e não fechadas: o campo entre aspas continua nas linhas "
                                          "seguintes do arquivo; feche as aspas (ou tire a quebra de linha) neste "
                                          "campo.")


def _recusar_caracteres(linha: int, campos: list[str], do_leiaute: list[tuple[str, int]], erro: Erros) -> None:
    """Acusa cada campo do leiaute com caracteres de controle, invisíveis ou de direção e o apaga: o valor não
    chega à tabela de preparo (um tab ou uma quebra de linha desalinhariam o COPY), e o resto da linha é
    conferido como o de qualquer outra."""
    for coluna, i in do_leiaute:
        motivo = caracteres.motivo(campos[i], tab_e_espaco=coluna in _TAB_E_ESPACO)
        if motivo is not None:
            erro(linha, coluna, campos[i], motivo)
            campos[i] = ""


def _marcar_ultima_do_cpf(lote: list[list], escapar: bool) -> list[list]:
    """Marca a última linha de cada CPF no lote: é a que vale para o cadastro da pessoa (o INSERT … ON
    CONFLICT não aceita o mesmo CPF duas vezes num comando)."""
    sim, nao = ("t", "f") if escapar else (1, 0)
    coluna_cpf, coluna_ultima = NO_LOTE["cpf"], NO_LOTE["ultima_do_cpf"]
    vistos = set()
    for linha in reversed(lote):
        cpf = linha[coluna_cpf]
        linha[coluna_ultima] = nao if cpf in vistos else sim
        vistos.add(cpf)
    return lote

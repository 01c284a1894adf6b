"""A lista dos municípios do IBGE que o sistema traz como dado (nucleo/dados/municipios_ibge.csv: a origem e a data
estão em nucleo/dados/README.md) e a comparação de nomes de município sem acento, caixa nem pontuação.

Python puro: a migração que carrega a lista e a que converte os textos antigos em códigos usam estas funções.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from nucleo.texto import sem_acento

ARQUIVO = Path(__file__).resolve().parent / "dados" / "municipios_ibge.csv"


def ler_municipios() -> list[tuple[int, str, str]]:
    """As linhas do arquivo do IBGE: (código de 7 dígitos, nome, UF)."""
    with ARQUIVO.open(encoding="utf-8", newline="") as arquivo:
        return [(int(linha["codigo_ibge"]), linha["nome"], linha["uf"]) for linha in csv.DictReader(arquivo)]


def carregar_municipios(Municipio) -> None:
    """Grava a lista inteira na tabela vazia de `Municipio` (o modelo atual ou o da migração)."""
    Municipio.objects.bulk_create(
        [Municipio(codigo_ibge=codigo, nome=nome, uf=uf, nome_busca=chave_do_nome(nome))
         for codigo, nome, uf in ler_municipios()], batch_size=1000)


def chave_do_nome(nome: str) -> str:
    """O nome para comparar: sem acento nem caixa, com apóstrofo, hífen e espaços repetidos reduzidos a um espaço
    («Santa Bárbara d'Oeste», «santa barbara D’Oeste» e «Santa Barbara d Oeste» dão a mesma chave)."""
    return " ".join(sem_acento(re.sub(r"[\W_]+", " ", nome)).lower().split())


def indice_por_nome(linhas) -> dict[tuple[str, str], int]:
    """(chave do nome, UF) → código, das linhas (código, nome, UF): no IBGE não há dois municípios de mesmo nome
    numa UF."""
    return {(chave_do_nome(nome), uf): codigo for codigo, nome, uf in linhas}


def codigo_pelo_nome(indice: dict[tuple[str, str], int], nome: str, uf: str) -> int | None:
    """O código do município `nome`/`uf` digitado à mão (o texto de antes da lista), ou None se não está nela."""
    return indice.get((chave_do_nome(nome or ""), (uf or "").strip().upper()))


# O que segue é das migrações que trocam o texto (campos `municipio` e `uf`) pelo código (`municipio_ibge`), nos
# órgãos, nas leis e nos certames: recebem os modelos históricos da migração.

def converter_para_codigos(consulta, indice: dict[tuple[str, str], int]) -> list:
    """Grava o código em cada registro da consulta cujo texto casa com a lista; devolve os que não casam."""
    sem_codigo = []
    for registro in consulta:
        codigo = codigo_pelo_nome(indice, registro.municipio, registro.uf)
        if codigo is None:
            sem_codigo.append(registro)
        else:
            consulta.model.objects.filter(pk=registro.pk).update(municipio_ibge_id=codigo)
    return sem_codigo


def recusar_pendentes(descricao: str, pendentes: list[str]) -> None:
    """Nenhum registro vigente fica sem município nem ganha um por palpite: os que não casam com a lista param a
    migração, com a lista do que corrigir."""
    if pendentes:
        raise ValueError(
            f"{descricao} com município que não está na lista do IBGE (comparado sem acento nem caixa): "
            f"{'; '.join(pendentes)}. Corrija o nome ou a UF desses registros no banco e rode a migração de novo "
            "(docs/decisoes/0010-municipios-do-ibge.md).")


def converter_historico(Historico, indice: dict[tuple[str, str], int]) -> None:
    """As linhas do histórico (django-simple-history) com o código; a que não casa fica sem município e guarda o
    texto antigo no motivo da alteração (que tem 100 caracteres)."""
    for linha in converter_para_codigos(Historico.objects.exclude(municipio=""), indice):
        nota = f"Município antes da lista do IBGE: {linha.municipio}/{linha.uf}."
        motivo = f"{linha.history_change_reason} {nota}" if linha.history_change_reason else nota
        Historico.objects.filter(pk=linha.pk).update(history_change_reason=motivo[:100])


def voltar_ao_texto(modelo, *, com_uf: bool) -> None:
    """O caminho de volta da migração: o nome (e a UF, onde ela era um campo) a partir do código."""
    for linha in modelo.objects.filter(municipio_ibge__isnull=False).select_related("municipio_ibge"):
        campos = {"municipio": linha.municipio_ibge.nome}
        if com_uf:
            campos["uf"] = linha.municipio_ibge.uf
        modelo.objects.filter(pk=linha.pk).update(**campos)


# A preposição de cada UF no nome oficial do Estado («Estado do Espírito Santo», «Estado da Bahia», «Estado de São
# Paulo»); o Distrito Federal não é Estado.
_ESTADOS = {
    "AC": "do Acre", "AL": "de Alagoas", "AP": "do Amapá", "AM": "do Amazonas", "BA": "da Bahia", "CE": "do Ceará",
    "ES": "do Espírito Santo", "GO": "de Goiás", "MA": "do Maranhão", "MT": "de Mato Grosso",
    "MS": "de Mato Grosso do Sul", "MG": "de Minas Gerais", "PA": "do Pará", "PB": "da Paraíba", "PR": "do Paraná",
    "PE": "de Pernambuco", "PI": "do Piauí", "RJ": "do Rio de Janeiro", "RN": "do Rio Grande do Norte",
    "RS": "do Rio Grande do Sul", "RO": "de Rondônia", "RR": "de Roraima", "SC": "de Santa Catarina",
    "SP": "de São Paulo", "SE": "de Sergipe", "TO": "do Tocantins",
}


def nome_do_estado(uf: str) -> str:
    """«Estado do Espírito Santo» para «ES», como o timbre dos documentos o escreve; «Distrito Federal» para «DF»."""
    uf = uf.strip().upper()
    if uf == "DF":
        return "Distrito Federal"
    return f"Estado {_ESTADOS[uf]}"

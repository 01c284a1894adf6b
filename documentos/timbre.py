"""O timbre e o fecho dos documentos publicados por um órgão: o brasão, o Estado, o nome e o endereço no alto; o local,
a data e as assinaturas dos signatários no fim (templates/documentos/pdf/_timbre.html e _assinaturas.html).

O brasão vai embutido no HTML como data URI: o WeasyPrint não abre arquivo nem endereço nenhum (base_url=None), e a
imagem já foi conferida no envio (nucleo/arquivos.py, validar_brasao)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from nucleo.models import Orgao
from nucleo.texto import data_por_extenso


@dataclass(frozen=True)
class Timbre:
    nome: str
    estado: str
    endereco: str
    brasao: str = ""


@dataclass(frozen=True)
class Assinante:
    """Uma linha do bloco de assinaturas: o nome e o cargo ou a função de quem assina."""

    nome: str
    funcao: str


def timbre_do_orgao(orgao: Orgao) -> Timbre:
    return Timbre(nome=orgao.nome, estado=orgao.estado, endereco=orgao.endereco, brasao=_brasao(orgao))


def _brasao(orgao: Orgao) -> str:
    if not orgao.brasao:
        return ""
    try:
        with orgao.brasao.open("rb") as arquivo:
            conteudo = arquivo.read()
    except OSError:
        # O arquivo sumiu do disco (uma restauração sem a pasta de mídia): o documento sai sem o brasão.
        return ""
    tipo = "image/png" if conteudo.startswith(b"\x89PNG") else "image/jpeg"
    return f"data:{tipo};base64,{base64.b64encode(conteudo).decode()}"


def signatarios_do_orgao(orgao: Orgao) -> list[Assinante]:
    """Os signatários ativos do órgão, na ordem das assinaturas."""
    return [Assinante(s.nome, s.cargo) for s in orgao.signatarios.filter(ativo=True).order_by("ordem", "nome")]


def local_e_data(orgao: Orgao, dia: date | None = None) -> str:
    """«Ubatuba/SP, 3 de dezembro de 2026.», o fecho dos documentos (a data de hoje, sem `dia`)."""
    dia = dia or timezone.localdate()
    return f"{orgao.municipio.nome}/{orgao.uf}, {data_por_extenso(dia)}."


def fecho_do_orgao(orgao: Orgao) -> dict:
    """O timbre, o local e a data e os signatários, para o contexto de um documento do órgão."""
    return {"timbre": timbre_do_orgao(orgao), "local_data": local_e_data(orgao),
            "assinaturas": signatarios_do_orgao(orgao)}

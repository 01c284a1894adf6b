"""Busca por nome sem acento e sem caixa: «Joao» acha «João», e «joão», «JOAO».

O candidato guarda `nome_busca`: o nome civil e o nome social normalizados (minúsculas, sem acentos, só
letras e números), separados por « / » — o separador deixa a importação trocar só a parte do nome civil
em SQL, sem recalcular a do nome social. A busca procura **cada palavra digitada no começo de alguma
palavra** do nome ou do nome social, em qualquer ordem.

No PostgreSQL a busca usa um índice GIN de `to_tsvector('simple', nome_busca)` (migração 0004): algumas
entradas por candidato (uma por palavra), e não as dezenas do índice de trigramas que ele substituiu, o
que pesa pouco na importação de um milhão de linhas. Em outros bancos (SQLite, o da demonstração), a
mesma regra vira LIKE, sem índice.
"""

from __future__ import annotations

import re

from django.db import models, transaction

from nucleo.texto import sem_acento

SEPARADOR_SOCIAL = " / "
_NAO_ALFANUMERICO = re.compile(r"[^a-z0-9]+")


def normalizar(texto: str) -> str:
    """Minúsculas, sem acentos, só letras e números separados por um espaço: «D'Ávila-Sá» → «d avila sa»."""
    return " ".join(_NAO_ALFANUMERICO.sub(" ", sem_acento(texto.casefold())).split())


def nome_para_busca(nome: str, nome_social: str) -> str:
    normalizado = normalizar(nome)
    if nome_social.strip():
        return f"{normalizado}{SEPARADOR_SOCIAL}{normalizar(nome_social)}"
    return normalizado


def palavras(termo: str) -> list[str]:
    """As palavras de um termo de busca, normalizadas como o nome (sem repetição, na ordem digitada)."""
    return list(dict.fromkeys(normalizar(termo).split()))


class CampoNomeBusca(models.TextField):
    """Preenchido a partir de `nome` e `nome_social` a cada gravação (save, create e bulk_create; update e
    bulk_update, pela ConsultaComNomeBusca; a importação, em SQL)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("editable", False)
        kwargs.setdefault("blank", True)
        super().__init__(*args, **kwargs)

    def pre_save(self, model_instance, add):
        valor = nome_para_busca(model_instance.nome or "", model_instance.nome_social or "")
        setattr(model_instance, self.attname, valor)
        return valor


_ORIGEM = frozenset({"nome", "nome_social"})


class ConsultaComNomeBusca(models.QuerySet):
    """update() e bulk_update(), que não passam pelo save(), também mantêm o nome_busca."""

    def update(self, **kwargs):
        if not _ORIGEM & kwargs.keys():
            return super().update(**kwargs)
        with transaction.atomic(using=self.db):
            chaves = list(self.values_list("pk", flat=True))
            alteradas = super().update(**kwargs)
            objetos = list(self.model._default_manager.using(self.db).filter(pk__in=chaves)
                           .only("pk", "nome", "nome_social"))
            self.bulk_update(objetos, ["nome_busca"])
        return alteradas

    def bulk_update(self, objs, fields, batch_size=None):
        objs = list(objs)
        if _ORIGEM & set(fields) or "nome_busca" in fields:
            for obj in objs:
                obj.nome_busca = nome_para_busca(obj.nome or "", obj.nome_social or "")
            fields = list(dict.fromkeys([*fields, "nome_busca"]))
        return super().bulk_update(objs, fields, batch_size=batch_size)


@CampoNomeBusca.register_lookup
class ContemPalavras(models.Lookup):
    """`nome_busca__palavras="joao silva"`: cada palavra no começo de alguma palavra do nome."""

    lookup_name = "palavras"

    def as_sql(self, compiler, connection):
        coluna, params = compiler.compile(self.lhs)
        condicoes, valores = [], []
        for palavra in palavras(self.rhs):
            condicoes.append(f"({coluna} LIKE %s OR {coluna} LIKE %s)")
            valores += [*params, f"{palavra}%", *params, f"% {palavra}%"]
        if not condicoes:
            return "1 = 1", []
        return " AND ".join(condicoes), valores

    def as_postgresql(self, compiler, connection):
        coluna, params = compiler.compile(self.lhs)
        consulta = " & ".join(f"{palavra}:*" for palavra in palavras(self.rhs))
        if not consulta:
            return "TRUE", []
        # A mesma expressão do índice GIN da migração 0004; com outra, o índice não seria usado.
        return (f"to_tsvector('simple'::regconfig, {coluna}) @@ to_tsquery('simple'::regconfig, %s)",
                [*params, consulta])

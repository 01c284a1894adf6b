"""As operações das migrações que trocam o município digitado (texto, com a UF ao lado) pelo da lista do IBGE, nos
órgãos (nucleo), nas leis (legislacao) e nos certames (concursos): a mesma sequência nos três, e no histórico do
django-simple-history quando o modelo o tem.

O texto casa com a lista pelo nome e pela UF, sem acento, caixa nem pontuação. Um registro vigente que não casa
para a migração com a lista do que corrigir; numa linha do histórico, o texto que não casa fica anotado no motivo
da alteração dela (docs/decisoes/0010-municipios-do-ibge.md).
"""

from __future__ import annotations

from collections.abc import Callable

import django.db.models.deletion
from django.db import migrations, models

from nucleo.municipios import (
    converter_historico,
    converter_para_codigos,
    indice_por_nome,
    recusar_pendentes,
    voltar_ao_texto,
)


def campo_do_historico(**opcoes) -> models.ForeignKey:
    """A chave do município como o django-simple-history a copia para a tabela do histórico."""
    return models.ForeignKey(blank=True, db_constraint=False, null=True,
                             on_delete=django.db.models.deletion.DO_NOTHING, related_name="+", to="nucleo.municipio",
                             **opcoes)


def _conversao(app: str, modelo: str, *, descricao: str, descrever: Callable, historico: bool, com_uf: bool,
               opcional: bool):
    def para_o_codigo(apps, schema_editor):
        Municipio = apps.get_model("nucleo", "Municipio")
        indice = indice_por_nome(Municipio.objects.values_list("codigo_ibge", "nome", "uf"))
        registros = apps.get_model(app, modelo).objects.all()
        # Só onde o município é opcional (a lei estadual ou federal não tem) o texto vazio fica sem código.
        sem_codigo = converter_para_codigos(registros.exclude(municipio="") if opcional else registros, indice)
        recusar_pendentes(descricao, [descrever(registro) for registro in sem_codigo])
        if historico:
            converter_historico(apps.get_model(app, f"Historical{modelo}"), indice)

    def para_o_texto(apps, schema_editor):
        for nome in [modelo, f"Historical{modelo}"] if historico else [modelo]:
            voltar_ao_texto(apps.get_model(app, nome), com_uf=com_uf)

    return migrations.RunPython(para_o_codigo, para_o_texto)


def trocar_texto_por_codigo(app: str, modelo: str, *, campo: models.ForeignKey, descricao: str,
                            descrever: Callable, historico: bool, remover_uf: bool) -> list:
    """As operações: a chave provisória, a conversão, a saída do texto (e da UF, se ela vem do município) e a chave
    com o nome e as opções finais (`campo`)."""
    nomes = [modelo.lower(), *([f"historical{modelo.lower()}"] if historico else [])]
    provisorio = models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+",
                                   to="nucleo.municipio")
    operacoes = [migrations.AddField(model_name=nomes[0], name="municipio_ibge", field=provisorio)]
    if historico:
        operacoes.append(migrations.AddField(model_name=nomes[1], name="municipio_ibge", field=campo_do_historico()))
    operacoes.append(_conversao(app, modelo, descricao=descricao, descrever=descrever, historico=historico,
                                com_uf=remover_uf, opcional=campo.null))
    for nome in nomes:
        operacoes += [migrations.RemoveField(model_name=nome, name=c) for c in ("municipio", "uf")[:1 + remover_uf]]
        operacoes.append(migrations.RenameField(model_name=nome, old_name="municipio_ibge", new_name="municipio"))
    operacoes.append(migrations.AlterField(model_name=nomes[0], name="municipio", field=campo))
    if historico:
        operacoes.append(migrations.AlterField(model_name=nomes[1], name="municipio", field=campo_do_historico(
            help_text=campo.help_text, verbose_name=campo.verbose_name)))
    return operacoes

"""A página pública de transparência (sem login; issue 13, item 6): a lista dos órgãos, a página de cada órgão com os
indicadores e os gráficos (contagens de pessoas pequenas suprimidas), os documentos publicados de cada certame e os
dados abertos em CSV e JSON com o seu dicionário.

Cache: cada página e cada arquivo é montado uma vez e guardado no cache do Django (config/settings.py, CACHES) por
`TRANSPARENCIA_CACHE_SEGUNDOS` (5 minutos), com a chave pelo órgão, o ano e `VERSAO`; o navegador e os proxies guardam
o mesmo tempo (Cache-Control: public). O tempo curto, e não uma versão que mudasse a cada ato: os números mudam por
atos do RH e da comissão (chamadas, desistências, heteroidentificação, importações) que gravam em muitas tabelas,
várias vezes em massa (`update`, COPY) sem sinal do Django; cinco minutos de atraso na página pública não prejudicam
ninguém, e nenhum escritor precisa saber dela. `VERSAO` muda quando a página ou as colunas mudam, para um deploy não
servir o que outro montou.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from documentos.tipos import rotulo_do_tipo
from monitoramento import dados_abertos, figuras
from monitoramento.indicadores import LIMIAR_DE_SUPRESSAO
from monitoramento.selectors.transparencia import (
    TIPOS_PUBLICOS,
    linhas_dos_dados_abertos,
    orgaos_com_certames_publicados,
    pagina_do_orgao,
)
from nucleo.models import Orgao

VERSAO = 1
NOTA_DA_SUPRESSAO = (
    f"As contagens de pessoas de 1 a {LIMIAR_DE_SUPRESSAO - 1} estão suprimidas (vazias no CSV, null no JSON), e "
    "também as que, somadas ou subtraídas das outras, revelariam uma suprimida: um número pequeno, junto com as listas "
    "publicadas, identifica a pessoa e a sua cor ou raça, dado sensível (LGPD, art. 5º, II, e art. 11). Nenhuma linha "
    "traz dado de uma pessoa.")


def _segundos() -> int:
    return settings.TRANSPARENCIA_CACHE_SEGUNDOS


def _ano(valor: str | None) -> int | None:
    """O ano do edital pedido em ?ano=: só um ano plausível entra na chave do cache, o resto é «todos os anos»."""
    return int(valor) if valor and valor.isdigit() and 1900 <= int(valor) <= 2999 else None


def _orgao(orgao_id: int) -> Orgao:
    orgao = Orgao.objects.filter(pk=orgao_id).first()
    if orgao is None:
        raise Http404("Órgão não encontrado.")
    return orgao


def _em_cache(chave: str, montar: Callable[[], bytes]) -> bytes:
    chave = f"transparencia:v{VERSAO}:{chave}"
    conteudo = cache.get(chave)
    if conteudo is None:
        conteudo = montar()
        cache.set(chave, conteudo, _segundos())
    return conteudo


def _resposta(conteudo: bytes, tipo: str, *, arquivo: str = "") -> HttpResponse:
    resposta = HttpResponse(conteudo, content_type=tipo)
    if arquivo:
        resposta["Content-Disposition"] = f'attachment; filename="{arquivo}"'
    patch_cache_control(resposta, public=True, max_age=_segundos())
    return resposta


def _html(template: str, contexto: dict) -> bytes:
    # Sem o request no contexto: a página é a mesma para todos os visitantes (nada de sessão nem de usuário).
    return render_to_string(template, contexto).encode()


@require_GET
def indice(request):
    conteudo = _em_cache("indice", lambda: _html("monitoramento/publico/indice.html", {
        "orgaos": orgaos_com_certames_publicados(), "limiar": LIMIAR_DE_SUPRESSAO}))
    return _resposta(conteudo, "text/html; charset=utf-8")


@require_GET
def orgao(request, orgao_id: int):
    do_orgao, ano = _orgao(orgao_id), _ano(request.GET.get("ano"))

    def montar() -> bytes:
        pagina = pagina_do_orgao(do_orgao, ano=ano)
        return _html("monitoramento/publico/orgao.html", {
            "pagina": pagina, "orgao": do_orgao, "ano": ano, "limiar": LIMIAR_DE_SUPRESSAO,
            "suprimido": figuras.SUPRIMIDO, "nota": NOTA_DA_SUPRESSAO,
            "sufixo": f"?ano={ano}" if ano else ""})

    return _resposta(_em_cache(f"orgao:{do_orgao.pk}:{ano or 'todos'}", montar), "text/html; charset=utf-8")


def nome_do_arquivo(orgao: Orgao, ano: int | None, extensao: str) -> str:
    """«indicadores-reserva-de-vagas-prefeitura-municipal-de-vargem-alta-2024.csv»: diz o que é e de quem."""
    nome = slugify(f"indicadores reserva de vagas {orgao.nome} {ano or ''}")
    return f"{nome}.{extensao}"


def _celula_csv(valor) -> str:
    if valor is None:
        return ""
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, Decimal):
        return str(valor).replace(".", ",")
    return str(valor)


def csv_dos_dados(linhas: list[dict]) -> bytes:
    """O CSV das planilhas brasileiras: «;» entre as colunas, vírgula decimal, UTF-8 com BOM (o Excel o reconhece)."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow(dados_abertos.NOMES)
    for linha in linhas:
        escritor.writerow([_celula_csv(linha[nome]) for nome in dados_abertos.NOMES])
    return ("\ufeff" + saida.getvalue()).encode("utf-8")


def json_dos_dados(orgao: Orgao, ano: int | None, linhas: list[dict]) -> bytes:
    def valor(v):
        return float(v) if isinstance(v, Decimal) else v

    dados = {
        "orgao": {"id": orgao.pk, "nome": orgao.nome, "municipio": str(orgao.municipio) if orgao.municipio_id else ""},
        "ano_edital": ano, "limiar_de_supressao": LIMIAR_DE_SUPRESSAO, "nota": NOTA_DA_SUPRESSAO,
        "dicionario": reverse("transparencia:dicionario"),
        "colunas": [{"nome": c.nome, "tipo": c.tipo, "significado": c.significado, "origem": c.origem,
                     "vazio": c.vazio} for c in dados_abertos.COLUNAS],
        "linhas": [{nome: valor(linha[nome]) for nome in dados_abertos.NOMES} for linha in linhas],
    }
    return json.dumps(dados, ensure_ascii=False, indent=1).encode("utf-8")


@require_GET
def dados_csv(request, orgao_id: int):
    do_orgao, ano = _orgao(orgao_id), _ano(request.GET.get("ano"))
    conteudo = _em_cache(f"csv:{do_orgao.pk}:{ano or 'todos'}",
                         lambda: csv_dos_dados(linhas_dos_dados_abertos(do_orgao, ano=ano)))
    return _resposta(conteudo, "text/csv; charset=utf-8", arquivo=nome_do_arquivo(do_orgao, ano, "csv"))


@require_GET
def dados_json(request, orgao_id: int):
    do_orgao, ano = _orgao(orgao_id), _ano(request.GET.get("ano"))
    conteudo = _em_cache(f"json:{do_orgao.pk}:{ano or 'todos'}",
                         lambda: json_dos_dados(do_orgao, ano, linhas_dos_dados_abertos(do_orgao, ano=ano)))
    return _resposta(conteudo, "application/json; charset=utf-8", arquivo=nome_do_arquivo(do_orgao, ano, "json"))


@require_GET
def dicionario(request):
    conteudo = _em_cache("dicionario", lambda: _html("monitoramento/publico/dicionario.html", {
        "colunas": dados_abertos.COLUNAS, "nota": NOTA_DA_SUPRESSAO, "limiar": LIMIAR_DE_SUPRESSAO,
        "tipos_publicos": [rotulo_do_tipo(tipo) for tipo in TIPOS_PUBLICOS]}))
    return _resposta(conteudo, "text/html; charset=utf-8")

"""Ataque ao recorte por órgão: as contas do órgão A percorrem todas as URLs do admin (as de cada ModelAdmin, as
próprias — painel, cargo, PDFs, importação, exportação, histórico — e o autocompletar de cada chave estrangeira)
com os ids dos registros do órgão B, e a área da comissão com um membro de A.

Nada de B pode aparecer (nomes, CPFs, edital, números de inscrição…), nenhuma URL com um id de B pode responder 200,
nenhuma pode dar 500 e nada de B muda no banco. O percurso é genérico: uma URL nova do admin entra sozinha, e um
parâmetro de URL que o teste não sabe preencher é uma falha (para que ninguém o esqueça). Todas as falhas são
juntadas e listadas de uma vez.
"""

from __future__ import annotations

import json
import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from nucleo.orgaos import RecorteOrgaoAdmin
from tests.nucleo.conftest import TOKENS

pytestmark = pytest.mark.django_db

# Um id de URL com outro nome que o do modelo.
APELIDOS = {"procedimento": "procedimentofraude", "documento": "documentoapresentado", "id": None, "pk": None,
            "object_id": None}
# Parâmetros que não são registro de órgão nenhum: o valor usado.
VALORES_FIXOS = {"codigo": "geral", "arquivo": "curriculo", "tipo": "inscricoes", "formato": "csv", "ordem": 1}
# URLs do site do admin que não são de modelo: o que se visita (sem sair da sessão nem trocar a senha).
URLS_DO_SITE = ("admin:index",)
# Respostas aceitáveis para uma URL com id de B.
RECUSAS = {302, 400, 403, 404, 405}


def _cliente(usuario) -> Client:
    cliente = Client(raise_request_exception=False)
    cliente.force_login(usuario)
    return cliente


def _parametros(padrao) -> tuple[list[str], int]:
    """Os nomes dos parâmetros de uma URL e quantos posicionais (grupos sem nome de uma regex)."""
    nomeados = list(padrao.pattern.converters) if hasattr(padrao.pattern, "converters") else []
    regex = padrao.pattern.regex
    nomeados = nomeados or list(regex.groupindex)
    return nomeados, regex.groups - len(regex.groupindex)


def _modelo_do_parametro(nome: str, modelo_do_admin):
    if nome in APELIDOS and APELIDOS[nome] is None:
        return modelo_do_admin
    base = APELIDOS.get(nome.removesuffix("_id"), nome.removesuffix("_id"))
    for modelo in apps.get_models():
        if modelo._meta.model_name == base:
            return modelo
    return None


def _versao(objeto) -> int | None:
    historico = getattr(type(objeto), "history", None)
    if historico is None:
        return None
    registro = objeto.history.order_by("-history_id").first()
    return registro.history_id if registro else None


def urls_do_admin(objetos_b: dict, falhas: list[str]) -> list[tuple[str, bool]]:
    """(URL, tem id de B) de todas as URLs com nome de todos os ModelAdmin registrados."""
    urls = []
    for modelo, model_admin in admin.site._registry.items():
        for padrao in model_admin.get_urls():
            if not isinstance(padrao, URLPattern) or not padrao.name:
                continue
            nomeados, posicionais = _parametros(padrao)
            rota = f"admin:{padrao.name}"
            if not nomeados and not posicionais:
                urls.append((reverse(rota), False))
                continue
            if not _de_orgao(modelo) and modelo not in objetos_b:
                # Um modelo que não é de órgão nenhum (leis, grupos, a fila de tarefas): não há o que recortar.
                continue
            if posicionais:
                # A página de uma versão do histórico (django-simple-history): objeto e versão.
                objeto = objetos_b.get(modelo)
                if objeto is None or _versao(objeto) is None:
                    falhas.append(f"{rota}: sem objeto de B com histórico para {modelo._meta.label}")
                    continue
                urls.append((reverse(rota, args=[objeto.pk, _versao(objeto)]), True))
                continue
            valores = {}
            for nome in nomeados:
                if nome in VALORES_FIXOS:
                    valores[nome] = VALORES_FIXOS[nome]
                    continue
                alvo = _modelo_do_parametro(nome, modelo)
                objeto = objetos_b.get(alvo)
                if objeto is None:
                    falhas.append(f"{rota}: não sei preencher o parâmetro «{nome}» com um registro de B "
                                  "(acrescente-o ao cenário ou a APELIDOS)")
                    valores = None
                    break
                valores[nome] = objeto.pk
            if valores is not None:
                urls.append((reverse(rota, kwargs=valores), True))
    # O «ver no site» do admin (contenttypes.views.shortcut), para cada registro de B.
    for modelo, objeto in objetos_b.items():
        tipo = ContentType.objects.get_for_model(modelo)
        urls.append((reverse("admin:view_on_site", args=[tipo.pk, objeto.pk]), True))
    urls += [(reverse(nome), False) for nome in URLS_DO_SITE]
    urls += [(reverse("admin:app_list", args=[config.label]), False) for config in apps.get_app_configs()
             if any(m._meta.app_config is config for m in admin.site._registry)]
    return urls


def _de_orgao(modelo) -> bool:
    return isinstance(admin.site._registry.get(modelo), RecorteOrgaoAdmin)


def _campos_de_escolha():
    """(app_label, model_name, field_name, modelo remoto) de toda chave estrangeira ou M2M de qualquer modelo cujo
    modelo remoto tem admin com busca: tudo o que o autocompletar do admin aceita."""
    for modelo in apps.get_models():
        for campo in modelo._meta.get_fields():
            if not (campo.is_relation and campo.concrete and (campo.many_to_one or campo.many_to_many
                                                              or campo.one_to_one)):
                continue
            remoto = campo.related_model
            if remoto in admin.site._registry:
                yield modelo._meta.app_label, modelo._meta.model_name, campo.name, remoto


def _marcas_na_resposta(resposta, marcas: set[str]) -> list[str]:
    if resposta.streaming:
        conteudo = b"".join(resposta.streaming_content)
    else:
        conteudo = resposta.content
    if resposta.get("Content-Type", "").startswith("application/pdf"):
        return ["(um PDF)"]
    texto = conteudo.decode("utf-8", errors="replace")
    return sorted(m for m in marcas if m in texto)


def _fotografia(b, usuario_b) -> dict:
    """As linhas de B de cada modelo recortado pelo admin (o próprio recorte do admin, com uma conta só de B) e dos
    que não têm admin (membros, dispensas, exportações, lotações)."""
    from concursos.models import DocumentoApresentado, Exportacao
    from heteroidentificacao.models import Dispensa, Membro
    from nucleo.models import Lotacao

    foto = {}
    for modelo, model_admin in admin.site._registry.items():
        if isinstance(model_admin, RecorteOrgaoAdmin):
            foto[modelo._meta.label] = list(model_admin.recortar(modelo._default_manager.all(), usuario_b)
                                            .order_by("pk").values())
    foto["Membro"] = list(Membro.objects.filter(comissao__certame__orgao=b.orgao).order_by("pk").values())
    foto["Dispensa"] = list(Dispensa.objects.filter(comissao__certame__orgao=b.orgao).order_by("pk").values())
    foto["Exportacao"] = list(Exportacao.objects.filter(criada_por=b.rh).order_by("pk").values())
    foto["DocumentoApresentado"] = list(DocumentoApresentado.objects.filter(inscricao__certame__orgao=b.orgao)
                                        .order_by("pk").values())
    foto["Lotacao"] = list(Lotacao.objects.filter(orgao=b.orgao).order_by("pk").values())
    foto["User"] = list(get_user_model().objects.filter(lotacoes__orgao=b.orgao).order_by("pk")
                        .values("pk", "username", "password", "is_staff", "is_superuser", "is_active"))
    return foto


def _comparar(antes: dict, depois: dict) -> list[str]:
    falhas = []
    for chave in antes:
        if antes[chave] != depois[chave]:
            novos = [linha for linha in depois[chave] if linha not in antes[chave]]
            falhas.append(f"dados de B mudaram em {chave}: {len(antes[chave])} → {len(depois[chave])} linhas; "
                          f"novas ou alteradas: {novos[:3]}")
    return falhas


def _visitar(cliente, conta: str, url: str, com_id_de_b: bool, marcas: set[str], falhas: list[str]) -> None:
    for metodo in ("get", "post"):
        resposta = getattr(cliente, metodo)(url)
        rotulo = f"{conta} {metodo.upper()} {url}"
        if resposta.status_code >= 500:
            falhas.append(f"{rotulo}: HTTP {resposta.status_code}")
            continue
        if com_id_de_b and resposta.status_code not in RECUSAS:
            falhas.append(f"{rotulo}: HTTP {resposta.status_code} com um id de B")
        if resposta.status_code == 302 and com_id_de_b:
            destino = resposta["Location"]
            if "/verificar/" in destino or any(m in destino for m in marcas):
                falhas.append(f"{rotulo}: redireciona para {destino} (um registro de B)")
        vazou = _marcas_na_resposta(resposta, marcas) if resposta.status_code == 200 else []
        if vazou:
            falhas.append(f"{rotulo}: HTTP 200 com dados de B: {vazou[:6]}")


def test_contas_de_a_nao_alcancam_nada_de_b_no_admin(dois_orgaos):
    cenario = dois_orgaos
    b = cenario.b
    falhas: list[str] = []
    urls = urls_do_admin(b.objetos, falhas)
    antes = _fotografia(b, b.rh)
    filtros_por_id = _filtros_com_id(b.objetos)
    for conta, usuario in cenario.contas_de_a.items():
        cliente = _cliente(usuario)
        for url, com_id in urls:
            _visitar(cliente, conta, url, com_id, b.marcas, falhas)
        # As listas filtradas pelo id de um registro de B (os filtros próprios: ?certame=, ?cargo=…).
        for url in filtros_por_id:
            _visitar(cliente, conta, url, False, b.marcas, falhas)
        _acoes_e_exportacoes(cliente, conta, usuario, b, falhas)
        # O autocompletar de toda chave estrangeira: nenhum registro de B entre as opções.
        for app_label, model_name, campo, remoto in _campos_de_escolha():
            resposta = cliente.get(reverse("admin:autocomplete"), {"app_label": app_label, "model_name": model_name,
                                                                    "field_name": campo, "term": ""})
            rotulo = f"{conta} autocompletar {app_label}.{model_name}.{campo}"
            if resposta.status_code >= 500:
                falhas.append(f"{rotulo}: HTTP {resposta.status_code}")
            elif resposta.status_code == 200:
                resultados = json.loads(resposta.content)["results"]
                de_b = remoto in b.objetos and str(b.objetos[remoto].pk) in {r["id"] for r in resultados}
                vazou = sorted(m for m in b.marcas if any(m in r["text"] for r in resultados))
                if de_b or vazou:
                    falhas.append(f"{rotulo}: oferece registros de B {vazou[:4]}")
    falhas += _comparar(antes, _fotografia(b, b.rh))
    assert not falhas, f"{len(falhas)} vazamento(s) ou erro(s):\n" + "\n".join(falhas)


def _acoes_e_exportacoes(cliente, conta: str, usuario, b, falhas: list[str]) -> None:
    """As ações em massa de cada lista com o id de B marcado (e a confirmação), e a exportação de cada lista com
    todas as colunas e com o id de B entre os itens escolhidos: nada de B sai nem muda."""
    from django.test import RequestFactory

    requisicao = RequestFactory().get("/admin/")
    requisicao.user = usuario
    for modelo, model_admin in admin.site._registry.items():
        objeto = b.objetos.get(modelo)
        if objeto is None:
            continue
        info = f"{modelo._meta.app_label}_{modelo._meta.model_name}"
        lista = reverse(f"admin:{info}_changelist")
        for acao in model_admin.get_actions(requisicao):
            for extra in ({}, {"post": "yes"}):
                resposta = cliente.post(lista, {"action": acao, "_selected_action": [objeto.pk], "index": "0",
                                                **extra})
                rotulo = f"{conta} ação «{acao}» {extra} em {lista} com o id de B"
                if resposta.status_code >= 500:
                    falhas.append(f"{rotulo}: HTTP {resposta.status_code}")
                elif resposta.status_code == 200 and (vazou := _marcas_na_resposta(resposta, b.marcas)):
                    falhas.append(f"{rotulo}: mostra {vazou[:6]}")
        try:
            exportar = reverse(f"admin:{info}_export")
        except NoReverseMatch:  # a lista não exporta
            continue
        pagina = cliente.get(exportar)
        if pagina.status_code != 200:
            continue
        formulario = pagina.context["form"]
        for indice, _ in enumerate(formulario.fields["resource"].choices if "resource" in formulario.fields
                                   else [(0, "")]):
            dados = {nome: "on" for nome, campo in formulario.fields.items()
                     if getattr(campo, "is_selectable_field", False)}
            dados.update(format="0", resource=str(indice))
            for itens in ({}, {"export_items": [objeto.pk]}):
                resposta = cliente.post(exportar, {**dados, **itens})
                rotulo = f"{conta} exportação {exportar} (recurso {indice}, {itens or 'lista toda'})"
                if resposta.status_code >= 500:
                    falhas.append(f"{rotulo}: HTTP {resposta.status_code}")
                elif vazou := _marcas_na_resposta(resposta, b.marcas):
                    falhas.append(f"{rotulo}: o arquivo traz {vazou[:6]}")


def _filtros_com_id(objetos_b: dict) -> list[str]:
    """Cada lista com os seus filtros próprios (SimpleListFilter) cujo nome é o de um modelo, com o id de B."""
    from django.contrib.admin import SimpleListFilter

    urls = []
    for modelo, model_admin in admin.site._registry.items():
        for filtro in model_admin.list_filter:
            if isinstance(filtro, type) and issubclass(filtro, SimpleListFilter):
                alvo = _modelo_do_parametro(filtro.parameter_name, modelo)
                if alvo in objetos_b and alvo is not modelo:
                    lista = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
                    urls.append(f"{lista}?{filtro.parameter_name}={objetos_b[alvo].pk}")
    # O filtro de cargo aparece com o certame escolhido.
    from concursos.models import Cargo, Certame

    if Certame in objetos_b and Cargo in objetos_b:
        urls.append(reverse("admin:concursos_inscricao_changelist")
                    + f"?certame={objetos_b[Certame].pk}&cargo={objetos_b[Cargo].pk}")
    return urls


def _urls_da_area(namespace: str) -> list[URLPattern]:
    for item in get_resolver().url_patterns:
        if isinstance(item, URLResolver) and item.namespace == namespace:
            return [p for p in item.url_patterns if isinstance(p, URLPattern)]
    return []


def test_membro_da_comissao_de_a_nao_alcanca_as_sessoes_de_b(dois_orgaos):
    """A área da comissão (/comissao/) com o presidente da comissão de A: cada URL com os ids de B (sessão,
    avaliação) dá 404 (ou 302/405), nunca 200 nem 500; as páginas públicas e /verificar/ não dão 500."""
    cenario = dois_orgaos
    b = cenario.b
    falhas: list[str] = []
    antes = _fotografia(b, b.rh)
    cliente = _cliente(cenario.membro_a)
    publicas = {"publica", "curriculo"}
    for padrao in _urls_da_area("comissao"):
        nomeados, _ = _parametros(padrao)
        if not nomeados or padrao.name in ("entrar", "sair"):
            continue
        valores = {}
        for nome in nomeados:
            objeto = b.objetos.get(_modelo_do_parametro(nome, None))
            if objeto is None:
                falhas.append(f"comissao:{padrao.name}: não sei preencher «{nome}» com um registro de B")
                break
            valores[nome] = objeto.pk
        else:
            url = reverse(f"comissao:{padrao.name}", kwargs=valores)
            if padrao.name in publicas:
                for metodo in ("get", "post"):
                    resposta = getattr(cliente, metodo)(url)
                    if resposta.status_code >= 500:
                        falhas.append(f"membro de A {metodo.upper()} {url}: HTTP {resposta.status_code}")
                continue
            _visitar(cliente, "membro de A", url, True, b.marcas, falhas)
    # A lista das sessões do membro de A: nada de B.
    _visitar(cliente, "membro de A", reverse("comissao:minhas_sessoes"), False, b.marcas, falhas)
    # O membro de A não entra no admin.
    resposta = cliente.get(reverse("admin:index"))
    if resposta.status_code != 302:
        falhas.append(f"membro de A GET /admin/: HTTP {resposta.status_code}")
    # A verificação pública de documentos: sem login, não dá 500 e não mostra o conteúdo nem quem emitiu. O órgão
    # emissor ela mostra (decisão 0002): dois órgãos podem ter um documento de mesmo título.
    anonimo = Client(raise_request_exception=False)
    from documentos.models import DocumentoEmitido

    documento = b.objetos[DocumentoEmitido]
    for url in (reverse("documentos:verificar"), reverse("documentos:verificar") + f"?codigo={documento.codigo}",
                reverse("documentos:verificar_codigo", args=[documento.codigo])):
        for metodo in ("get", "post"):
            resposta = getattr(anonimo, metodo)(url)
            if resposta.status_code >= 500:
                falhas.append(f"anônimo {metodo.upper()} {url}: HTTP {resposta.status_code}")
            texto = resposta.content.decode()
            nomes = sorted(m for m in b.marcas if m in texto and re.search(r"[a-z]", m) and m != documento.codigo
                           and m != documento.orgao.nome and "Xiririca" in m and "XIR-" not in m)
            if nomes:
                falhas.append(f"anônimo {metodo.upper()} {url}: mostra {nomes[:4]}")
    falhas += _comparar(antes, _fotografia(b, b.rh))
    assert not falhas, f"{len(falhas)} vazamento(s) ou erro(s):\n" + "\n".join(falhas)


def test_o_percurso_cobre_as_urls_proprias(dois_orgaos):
    """O percurso genérico alcança as páginas próprias (painel, cargo, PDFs, importação, exportação, histórico):
    se um dia deixar de achá-las, o teste acima passaria sem testar nada."""
    falhas: list[str] = []
    urls = {url for url, com_id in urls_do_admin(dois_orgaos.b.objetos, falhas) if com_id}
    b = dois_orgaos.b.objetos
    from concursos.models import Cargo, Certame, Convocacao, DocumentoApresentado, Exportacao, Importacao, Inscricao
    from heteroidentificacao.models import Membro, Sessao

    esperadas = {
        reverse("admin:concursos_certame_painel", args=[b[Certame].pk]),
        reverse("admin:concursos_cargo_painel", args=[b[Cargo].pk]),
        reverse("admin:concursos_cargo_lista_pdf", args=[b[Cargo].pk, "geral"]),
        reverse("admin:concursos_importacao_progresso", args=[b[Importacao].pk]),
        reverse("admin:concursos_inscricao_exportacao", args=[b[Exportacao].pk]),
        reverse("admin:concursos_convocacao_vacancia", args=[b[Convocacao].pk]),
        reverse("admin:heteroidentificacao_sessao_ata_pdf", args=[b[Sessao].pk]),
        reverse("admin:heteroidentificacao_membro_termo_pdf", args=[b[Membro].pk]),
        reverse("admin:concursos_certame_history", args=[b[Certame].pk]),
        reverse("admin:concursos_inscricao_documentos", args=[b[Inscricao].pk]),
        reverse("admin:concursos_documento_conferir", args=[b[DocumentoApresentado].pk]),
    }
    assert esperadas <= urls
    assert any("/history/" in url and url.rstrip("/").split("/")[-1].isdigit() and "certame" in url for url in urls)
    assert not falhas, falhas


def test_controle_positivo_as_contas_de_a_veem_os_dados_de_a(dois_orgaos):
    """As marcas funcionam: o RH de A acha os dados de A nas listas, na exportação e no histórico que o percurso
    visita (senão, o percurso acima passaria sem ver nada)."""
    a = dois_orgaos.a
    cliente = _cliente(dois_orgaos.rh_a)
    from concursos.models import Certame, Inscricao

    for url in (reverse("admin:concursos_inscricao_changelist"), reverse("admin:heteroidentificacao_sessao_changelist"),
                reverse("admin:concursos_certame_history", args=[a.objetos[Certame].pk]),
                reverse("admin:concursos_inscricao_change", args=[a.objetos[Inscricao].pk])):
        resposta = cliente.get(url)
        assert resposta.status_code == 200 and _marcas_na_resposta(resposta, a.marcas), url
    assert set(TOKENS) == {"A", "B"}


def _campos_de_escolha_dos_formularios(usuario, objetos: dict, falhas: list[str]):
    """(onde, campo) de cada campo de escolha de registro (chave estrangeira, M2M) dos formulários de inclusão e de
    alteração (com os `objetos`) de todos os admins, e dos seus inlines, que a conta abre."""
    from django import forms
    from django.test import RequestFactory

    requisicao = RequestFactory().get("/admin/")
    requisicao.user = usuario
    for modelo, model_admin in admin.site._registry.items():
        for obj in (None, objetos[modelo]) if modelo in objetos else (None,):
            if obj is None and not model_admin.has_add_permission(requisicao):
                continue
            if obj is not None and not model_admin.has_view_or_change_permission(requisicao, obj):
                continue
            pagina = f"{modelo._meta.label} ({'alteração' if obj else 'inclusão'})"
            try:
                formularios = [("formulário", model_admin.get_form(requisicao, obj)(instance=obj))]
                for formset, inline in model_admin.get_formsets_with_inlines(requisicao, obj):
                    formularios.append((type(inline).__name__, formset(instance=obj or modelo()).empty_form))
            except Exception as erro:  # p. ex. ImproperlyConfigured: um campo de um modelo sem recorte por órgão
                falhas.append(f"{pagina}: {erro!r}")
                continue
            for onde, formulario in formularios:
                for nome, campo in formulario.fields.items():
                    # O id de cada linha de um inline fica de fora: nas linhas existentes, só as do próprio registro;
                    # numa linha nova ele não é gravado (o Django cria outro registro).
                    if isinstance(campo, forms.ModelChoiceField) and nome != formulario._meta.model._meta.pk.name:
                        yield f"{pagina}, {onde}, campo «{nome}»", campo


def _espelho_em_b(usuario, orgao_b):
    """A mesma conta (os mesmos grupos e permissões), lotada só em B."""
    from nucleo.models import Lotacao

    espelho = get_user_model().objects.create_user(f"{usuario.get_username()}_em_b", is_staff=True)
    espelho.groups.set(usuario.groups.all())
    espelho.user_permissions.set(usuario.user_permissions.all())
    Lotacao.objects.create(usuario=espelho, orgao=orgao_b)
    return espelho


def test_formularios_do_admin_nao_oferecem_registros_de_b(dois_orgaos):
    """Cada campo de escolha de registro dos formulários de todos os admins (inclusão, alteração e inlines), para cada
    conta de A: nenhum registro de B entre as opções (nem aceito num POST), salvo de um modelo declarado sem órgão
    (nucleo.orgaos.declarar_sem_orgao: os grupos e as permissões de acesso). Os registros de B são os do cenário (com
    as contas da comissão de B) e os que o mesmo campo oferece à mesma conta lotada só em B: um campo sem recorte
    oferece às duas as mesmas linhas. Um campo de um modelo sem caminho até o órgão nem declaração é erro de
    configuração (recorte_do_modelo), e a falha o lista."""
    from heteroidentificacao.models import Membro
    from nucleo.orgaos import MODELOS_SEM_ORGAO

    cenario = dois_orgaos
    a, b = cenario.a, cenario.b
    conhecidos: dict = {}
    for objeto in b.objetos.values():
        conhecidos.setdefault(type(objeto), set()).add(objeto.pk)
    conhecidos.setdefault(get_user_model(), set()).update(
        Membro.objects.filter(comissao__certame__orgao=b.orgao).exclude(usuario=None).values_list("usuario_id",
                                                                                                  flat=True))
    falhas: list[str] = []
    vistos = 0
    for conta, usuario in cenario.contas_de_a.items():
        espelho = _espelho_em_b(usuario, b.orgao)
        de_b = {onde: set(campo.queryset.values_list("pk", flat=True))
                for onde, campo in _campos_de_escolha_dos_formularios(espelho, b.objetos, falhas)}
        for onde, campo in _campos_de_escolha_dos_formularios(usuario, a.objetos, falhas):
            vistos += 1
            modelo = campo.queryset.model
            if modelo in MODELOS_SEM_ORGAO:
                continue
            vazados = list(campo.queryset.filter(pk__in=conhecidos.get(modelo, set()) | de_b.get(onde, set()))[:3])
            if vazados:
                falhas.append(f"{conta}: {onde}: oferece {modelo._meta.label} de B (ou que a conta só de B também "
                              f"vê): {vazados}")
    assert not falhas, f"{len(falhas)} campo(s) com registros de B:\n" + "\n".join(falhas)
    # Controle: o percurso acha os campos (o certame da inscrição, a comissão da sessão, a conta do membro…).
    assert vistos > 10


def test_so_se_declara_sem_orgao_o_que_nao_aponta_para_um_registro_de_orgao():
    """Declarar sem órgão um modelo com chave para um registro de órgão abriria o recorte dele pelos formulários."""
    from nucleo.orgaos import MODELOS_SEM_ORGAO

    de_orgao = {modelo for modelo in apps.get_models() if _de_orgao(modelo)}
    for modelo in MODELOS_SEM_ORGAO:
        assert not _de_orgao(modelo), modelo
        chaves = {c.related_model for c in modelo._meta.get_fields() if c.is_relation and c.concrete}
        assert not chaves & de_orgao, modelo


def test_paginas_de_a_nao_dependem_dos_registros_de_b(dois_orgaos):
    """Oráculos: o que as páginas de A dizem não muda com os dados de B — o número sugerido para a sessão nova de
    uma comissão de B (?comissao=<id>) não revela quantas sessões ela tem, e o aviso «nenhuma decisão admite
    recurso» do protocolo não depende das decisões de B."""
    from heteroidentificacao.models import Comissao, Recurso

    cenario = dois_orgaos
    b = cenario.b
    cliente = _cliente(cenario.rh_a)
    adicionar = reverse("admin:heteroidentificacao_sessao_add")
    de_b = cliente.get(adicionar, {"comissao": b.objetos[Comissao].pk}).context["adminform"].form.initial
    inexistente = cliente.get(adicionar, {"comissao": 999_999}).context["adminform"].form.initial
    assert de_b.get("numero") == inexistente.get("numero")

    # A decisão de B volta a admitir recurso; A continua sem nenhuma.
    Recurso.objects.filter(pk=b.objetos[Recurso].pk).delete()
    pagina = cliente.get(reverse("admin:heteroidentificacao_recurso_add")).content.decode()
    assert "Nenhuma decisão admite recurso agora" in pagina


def test_busca_nas_listas_de_a_nao_acha_nada_de_b(dois_orgaos):
    """A busca de cada lista (?q=) com o CPF, o número de inscrição, o nome e o edital de B: nenhum resultado para
    as contas de A (a página repete o termo buscado; o que conta é a lista)."""
    from concursos.models import formatar_cpf

    b = dois_orgaos.b
    inscricao = b.inscricoes[1]
    termos = [inscricao.candidato.cpf, formatar_cpf(inscricao.candidato.cpf), inscricao.numero,
              inscricao.candidato.nome, b.certame.numero_edital, b.token, b.objetos[next(
                  m for m in b.objetos if m._meta.model_name == "documentoemitido")].codigo]
    falhas = []
    for conta, usuario in dois_orgaos.contas_de_a.items():
        cliente = _cliente(usuario)
        for modelo, model_admin in admin.site._registry.items():
            if not model_admin.search_fields:
                continue
            lista = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
            for termo in termos:
                resposta = cliente.get(lista, {"q": termo})
                if resposta.status_code >= 500:
                    falhas.append(f"{conta} {lista}?q={termo}: HTTP {resposta.status_code}")
                elif resposta.status_code == 200 and resposta.context["cl"].result_count:
                    falhas.append(f"{conta} {lista}?q={termo}: {resposta.context['cl'].result_count} resultado(s)")
    assert not falhas, "\n".join(falhas)
    # Controle positivo: a mesma busca com o CPF de uma candidata de A acha a inscrição dela.
    resposta = _cliente(dois_orgaos.rh_a).get(reverse("admin:concursos_inscricao_changelist"),
                                              {"q": dois_orgaos.a.inscricoes[1].candidato.cpf})
    assert resposta.context["cl"].result_count == 1

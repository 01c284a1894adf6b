"""Os perfis de acesso (grupos) com que um órgão começa: cada um com só o que o seu trabalho exige.

Cor ou raça é dado pessoal sensível (LGPD art. 5º, II, e art. 11): só o RH, que aplica a reserva, tem
`ver_dados_sensiveis`. Os nomes da comissão ficam em sigilo até o resultado (Afonso Cláudio art. 11,
§ 1º), salvo para os órgãos de controle, se requeridos. Os membros da comissão não entram em grupo
nenhum: usam a área da comissão (/comissao/), fora do admin.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth.management import create_permissions
from django.contrib.auth.models import Group, Permission

VER = ("view",)
CADASTRAR = ("view", "add", "change")

PERFIS: dict[str, dict[str, tuple[str, ...]]] = {
    "Recursos humanos": {
        "nucleo.orgao": VER, "concursos.certame": CADASTRAR, "concursos.cargo": CADASTRAR,
        "concursos.candidato": CADASTRAR, "concursos.inscricao": CADASTRAR, "concursos.chamada": CADASTRAR,
        "concursos.convocacao": CADASTRAR, "concursos.importacao": CADASTRAR, "concursos.ver_dados_sensiveis": (),
        "legislacao.lei": VER, "legislacao.gruporeserva": VER,
        "heteroidentificacao.comissao": CADASTRAR, "heteroidentificacao.membro": CADASTRAR,
        "heteroidentificacao.sessao": CADASTRAR, "heteroidentificacao.avaliacao": ("view", "change"),
        "heteroidentificacao.recurso": CADASTRAR, "heteroidentificacao.procedimentofraude": CADASTRAR,
        "heteroidentificacao.acessogravacao": ("view", "add"),
        "documentos.documentoemitido": VER, "concursos.exportacao": VER,
        "auth.user": VER,
        "pessoal.servidor": CADASTRAR, "pessoal.nomeacaocomissao": CADASTRAR, "pessoal.contratoestagio": CADASTRAR,
        "pessoal.importacaorh": VER, "pessoal.ver_autodeclaracao_do_pessoal": (),
    },
    "Cadastro de leis": {
        "legislacao.lei": CADASTRAR, "legislacao.gruporeserva": ("view", "add", "change", "delete"),
    },
    "Órgão de controle": {
        "concursos.certame": VER, "concursos.cargo": VER, "concursos.inscricao": VER, "concursos.chamada": VER,
        "concursos.convocacao": VER, "concursos.importacao": VER, "legislacao.lei": VER,
        "legislacao.gruporeserva": VER, "heteroidentificacao.comissao": VER, "heteroidentificacao.membro": VER,
        "heteroidentificacao.sessao": VER, "heteroidentificacao.avaliacao": VER, "heteroidentificacao.recurso": VER,
        "heteroidentificacao.procedimentofraude": VER, "heteroidentificacao.acessogravacao": VER,
        "heteroidentificacao.ver_membros_em_sigilo": (), "documentos.documentoemitido": VER,
        "nucleo.orgao": VER, "nucleo.acessosensivel": VER,
        "pessoal.servidor": VER, "pessoal.nomeacaocomissao": VER, "pessoal.contratoestagio": VER,
        "pessoal.importacaorh": VER,
    },
    # LGPD art. 41: lê e exporta o registro de acessos a dados sensíveis dos seus órgãos; não vê os dados.
    "Encarregado de dados": {
        "nucleo.orgao": VER, "nucleo.acessosensivel": VER, "nucleo.emitir_relatorio_titular": (),
        "concursos.certame": VER,
    },
    # Ubatuba art. 9º: acompanha os indicadores do seu órgão (agregados, sem dado pessoal) e escreve e emite os
    # relatórios; a comissão e os membros são cadastrados por quem administra a instalação.
    "Comissão de monitoramento": {
        "monitoramento.ver_indicadores": (), "monitoramento.comissaomonitoramento": VER,
        "monitoramento.relatoriomonitoramento": CADASTRAR, "monitoramento.emitir_relatorio": (),
        "documentos.documentoemitido": VER,
    },
    # Quem administra a instalação: cadastra órgãos e contas e as lota; vê todos os órgãos e desbloqueia logins
    # (acesso/admin.py, pela permissão de ver todos os órgãos).
    "Administração da instalação": {
        "nucleo.orgao": ("view", "add", "change"), "nucleo.lotacao": ("view", "add", "change", "delete"),
        "nucleo.ver_todos_os_orgaos": (), "auth.user": ("view", "add", "change"), "auth.group": VER,
    },
}


def _codenames(chave: str, acoes: tuple[str, ...]) -> list[tuple[str, str]]:
    app, nome = chave.split(".")
    if not acoes:
        return [(app, nome)]
    return [(app, f"{acao}_{nome}") for acao in acoes]


def garantir_perfis() -> dict[str, int]:
    """Cria ou atualiza os grupos com exatamente as permissões acima; devolve quantas cada um tem."""
    for config in apps.get_app_configs():
        create_permissions(config, verbosity=0)
    contagem = {}
    for nome, regras in PERFIS.items():
        grupo, _ = Group.objects.get_or_create(name=nome)
        pares = [par for chave, acoes in regras.items() for par in _codenames(chave, acoes)]
        permissoes = [Permission.objects.get(content_type__app_label=app, codename=codename)
                      for app, codename in pares]
        grupo.permissions.set(permissoes)
        contagem[nome] = len(permissoes)
    return contagem

"""O registro de acessos a dados sensíveis (LGPD art. 37): uma linha por ficha, lista, filtro, exportação, lista de
grupo e o seu PDF, com quem, quando, onde, quantos; o encarregado de dados (art. 41) o lê e ninguém o altera."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from concursos.models import DocumentoApresentado, Exportacao, Inscricao
from demonstracao.perfis import garantir_perfis
from nucleo.models import AcessoSensivel, Lotacao, Orgao, TipoAcesso
from tests.concursos.test_admin_exportacao import exportar_csv
from tests.conftest import lotar_em_todos, municipio

pytestmark = pytest.mark.django_db

LISTA = reverse("admin:concursos_inscricao_changelist")
REGISTRO = reverse("admin:nucleo_acessosensivel_changelist")


@pytest.fixture
def inscricoes(fazer_certame, inscrever, levar_ao_resultado):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    lista = inscrever(certame.cargos.get(), [("00000101", "parda", True), ("00000102", "branca"),
                                             ("00000103", "preta", True)])
    levar_ao_resultado(certame)
    return lista


def cliente(*codigos: str, grupo: str | None = None) -> Client:
    usuario = get_user_model().objects.create_user(f"u{get_user_model().objects.count()}", password="senha-1-abc",
                                                   is_staff=True)
    lotar_em_todos(usuario)
    usuario.user_permissions.set(Permission.objects.filter(codename__in=codigos))
    if grupo:
        garantir_perfis()
        usuario.groups.add(Group.objects.get(name=grupo))
    c = Client()
    c.force_login(usuario)
    return c


RH_SENSIVEL = ("view_inscricao", "view_candidato", "view_certame", "view_cargo", "ver_dados_sensiveis")


def ultimo() -> AcessoSensivel:
    return AcessoSensivel.objects.order_by("-pk").first()


def test_ficha_lista_e_filtro_cada_um_com_a_sua_linha(inscricoes):
    rh = cliente(*RH_SENSIVEL)
    orgao = inscricoes[0].certame.orgao_id
    rh.get(reverse("admin:concursos_inscricao_change", args=[inscricoes[0].pk]))
    ficha = ultimo()
    assert (ficha.tipo, ficha.titular_id, ficha.orgao_id, ficha.modelo) == (
        TipoAcesso.FICHA, inscricoes[0].candidato_id, orgao, "concursos.inscricao")
    rh.get(LISTA, {"certame": inscricoes[0].certame_id})
    lista = ultimo()
    assert (lista.tipo, lista.quantidade, lista.orgao_id, lista.filtro) == (TipoAcesso.LISTA, 3, orgao, "")
    rh.get(LISTA, {"certame": inscricoes[0].certame_id, "cor_raca__exact": "parda"})
    filtro = ultimo()
    assert (filtro.tipo, filtro.quantidade, filtro.filtro) == (TipoAcesso.FILTRO, 1, "cor_raca__exact=parda")
    # O endereço guardado é o da tela, sem a busca (onde poderia haver um nome ou um CPF).
    assert "?" not in filtro.tela


def test_exportacao_com_cor_raca_fica_registrada_e_a_de_publicacao_nao(inscricoes):
    rh = cliente(*RH_SENSIVEL)
    antes = AcessoSensivel.objects.filter(tipo=TipoAcesso.EXPORTACAO).count()
    exportar_csv(rh, 1)
    assert AcessoSensivel.objects.filter(tipo=TipoAcesso.EXPORTACAO).count() == antes
    exportar_csv(rh, 0)
    exportacao = ultimo()
    assert (exportacao.tipo, exportacao.quantidade) == (TipoAcesso.EXPORTACAO, 3)


def test_lista_de_grupo_e_o_seu_pdf_dizem_a_cor_e_ficam_registrados(inscricoes):
    """Estar na lista de um grupo de reserva revela a cor ou raça (LGPD art. 5º, II): vale também sem a coluna."""
    controle = cliente(grupo="Órgão de controle")
    cargo = inscricoes[0].cargo
    grupo = cargo.certame.regras_motor().grupos[0].codigo
    pagina = reverse("admin:concursos_cargo_painel", args=[cargo.pk])
    assert controle.get(pagina, {"aba": grupo}).status_code == 200
    acesso = ultimo()
    assert (acesso.tipo, acesso.quantidade, acesso.objeto_id) == (TipoAcesso.LISTA, 2, cargo.pk)
    rh = cliente("view_cargo", "view_certame", "view_documentoemitido")
    assert rh.get(reverse("admin:concursos_cargo_lista_pdf", args=[cargo.pk, grupo])).status_code == 200
    assert ultimo().tipo == TipoAcesso.PDF
    antes = AcessoSensivel.objects.count()
    controle.get(pagina, {"aba": "GERAL"})
    assert AcessoSensivel.objects.count() == antes


def test_sem_a_permissao_nada_sensivel_aparece_nem_se_filtra(inscricoes):
    """LGPD art. 11: quem não pode ver cor ou raça não filtra por ela pela URL (nucleo/filtros.py)."""
    controle = cliente(grupo="Órgão de controle")
    assert controle.get(LISTA).status_code == 200
    assert not AcessoSensivel.objects.exists()
    for consulta in ({"cor_raca__exact": "parda"}, {"cor_raca__in": "preta,parda"}, {"pcd__exact": "1"},
                     {"quilombola__exact": "1"}, {"candidato__cor_raca": "preta"}, {"cor_raca__startswith": "p"}):
        assert controle.get(LISTA, consulta).status_code == 400, consulta
        assert controle.get(reverse("admin:concursos_inscricao_export"), consulta).status_code == 400, consulta


def test_o_encarregado_le_o_registro_dos_seus_orgaos_e_ninguem_o_altera(inscricoes):
    rh = cliente(*RH_SENSIVEL)
    rh.get(reverse("admin:concursos_inscricao_change", args=[inscricoes[0].pk]))
    outro = Orgao.objects.create(nome="Câmara Municipal de Afonso Cláudio", municipio=municipio("Afonso Cláudio", "ES"))
    AcessoSensivel.objects.create(nome_usuario="alguem", orgao=outro, tipo=TipoAcesso.FICHA, tela="/x/",
                                  descricao="inscrição do outro órgão")
    encarregado = cliente(grupo="Encarregado de dados")
    Lotacao.objects.filter(orgao=outro).delete()
    pagina = encarregado.get(REGISTRO)
    assert pagina.status_code == 200
    linhas = list(pagina.context["cl"].result_list)
    assert [a.descricao for a in linhas] == [f"inscrição {inscricoes[0].numero}"]
    acesso = linhas[0]
    assert encarregado.get(reverse("admin:nucleo_acessosensivel_add")).status_code == 403
    assert encarregado.post(reverse("admin:nucleo_acessosensivel_change", args=[acesso.pk]),
                            {"descricao": "apagado"}).status_code == 403
    assert encarregado.post(reverse("admin:nucleo_acessosensivel_delete", args=[acesso.pk]),
                            {"post": "yes"}).status_code == 403
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("raiz", password="senha-raiz-1"))
    assert admin.post(reverse("admin:nucleo_acessosensivel_delete", args=[acesso.pk]),
                      {"post": "yes"}).status_code == 403
    assert AcessoSensivel.objects.filter(pk=acesso.pk, descricao=acesso.descricao).exists()


def test_o_encarregado_exporta_o_registro_sem_formulas(inscricoes):
    orgao = inscricoes[0].certame.orgao
    acesso = AcessoSensivel.objects.create(nome_usuario="=HYPERLINK(\"http://x\",\"y\")", orgao=orgao,
                                           tipo=TipoAcesso.FICHA, tela="/x/", descricao="+cmd|' /C calc'!A0")
    encarregado = cliente(grupo="Encarregado de dados")
    resposta = encarregado.post(REGISTRO, {"action": "exportar_csv", "_selected_action": [acesso.pk]})
    assert resposta.status_code == 200 and resposta["Content-Type"].startswith("text/csv")
    texto = resposta.content.decode("utf-8-sig")
    assert "'=HYPERLINK" in texto and "'+cmd" in texto
    assert AcessoSensivel.objects.filter(pk=acesso.pk).exists()


def test_sem_a_permissao_o_historico_e_a_heteroidentificacao_nao_dizem_a_opcao_pela_reserva(inscricoes):
    """A opção pela reserva e o estado da heteroidentificação (só cotistas passam por ela) dizem o grupo declarado
    (LGPD art. 11): fora do histórico e dos filtros de quem não pode ver a cor ou raça."""
    inscricao = inscricoes[0]
    DocumentoApresentado.objects.create(inscricao=inscricao, grupo="IND", tipo="RANI", origem="manual",
                                        nome="Registro Nacional de Nascimento (RANI), expedido pela FUNAI")
    inscricao.save()
    controle = cliente(grupo="Órgão de controle")
    historico = controle.get(reverse("admin:concursos_inscricao_history", args=[inscricao.pk]))
    assert historico.status_code == 200
    texto = historico.content.decode()
    assert "optou pela reserva" not in texto.lower() and "pertencimento" not in texto.lower()
    assert "RANI" not in texto
    assert controle.get(LISTA, {"heteroidentificacao__exact": "pendente"}).status_code == 400
    ficha = controle.get(reverse("admin:concursos_inscricao_change", args=[inscricao.pk])).content.decode()
    assert 'name="heteroidentificacao"' not in ficha and "field-heteroidentificacao" not in ficha


def test_a_lista_de_contas_nao_filtra_pela_senha(inscricoes):
    admin_do_orgao = cliente("view_user", "change_user")
    resposta = admin_do_orgao.get(reverse("admin:auth_user_changelist"), {"password__startswith": "pbkdf2"})
    assert resposta.status_code == 400


def test_uma_lista_com_dois_orgaos_fica_no_registro_de_cada_um(inscricoes, fazer_certame):
    """LGPD art. 41: o encarregado de cada órgão lê os acessos aos candidatos do seu, também numa lista mista."""
    from concursos.models import Candidato, Cargo, Certame
    from tests.concursos.conftest import cpf_valido

    a = inscricoes[0].certame.orgao
    b = Orgao.objects.create(nome="Câmara de Iúna", municipio=municipio("Iúna", "ES"))
    certame = Certame.objects.create(orgao=b, numero_edital="9/2024", titulo="Outro",
                                     data_edital=inscricoes[0].certame.data_edital)
    cargo = Cargo.objects.create(certame=certame, codigo="X", nome="Outro", vagas=1)
    pessoa = Candidato.objects.create(orgao=b, nome="Pessoa de B", cpf=cpf_valido(), cor_raca="parda")
    Inscricao.objects.create(certame=certame, cargo=cargo, candidato=pessoa, numero="B-1", cor_raca="parda")
    rh = cliente(*RH_SENSIVEL)
    AcessoSensivel.objects.all().delete()
    rh.get(reverse("admin:concursos_candidato_changelist"))
    assert dict(AcessoSensivel.objects.values_list("orgao_id", "quantidade")) == {a.pk: 3, b.pk: 1}
    AcessoSensivel.objects.all().delete()
    rh.get(LISTA)
    assert dict(AcessoSensivel.objects.values_list("orgao_id", "quantidade")) == {a.pk: 3, b.pk: 1}


def test_a_versao_antiga_da_inscricao_fica_registrada_como_a_ficha(inscricoes):
    """A página de uma versão do histórico mostra a autodeclaração (com o valor de hoje: o histórico não a guarda):
    registrada como a ficha, para quem pode vê-la; a lista das versões, sem dado sensível, não."""
    inscricao = inscricoes[0]
    versao = inscricao.history.earliest("history_date")
    pagina = reverse("admin:concursos_inscricao_simple_history", args=[inscricao.pk, versao.history_id])
    rh = cliente(*RH_SENSIVEL)
    assert rh.get(reverse("admin:concursos_inscricao_history", args=[inscricao.pk])).status_code == 200
    assert not AcessoSensivel.objects.exists()
    resposta = rh.get(pagina)
    assert resposta.status_code == 200 and "Parda" in resposta.content.decode()
    acesso = AcessoSensivel.objects.get()
    assert (acesso.tipo, acesso.titular_id, acesso.orgao_id, acesso.modelo, acesso.objeto_id, acesso.quantidade,
            acesso.tela, acesso.nome_usuario) == (
        TipoAcesso.HISTORICO, inscricao.candidato_id, inscricao.certame.orgao_id, "concursos.inscricao",
        inscricao.pk, 1, pagina, get_user_model().objects.latest("pk").username)
    assert acesso.descricao.startswith(f"inscrição {inscricao.numero}: versão de ")
    assert cliente(grupo="Órgão de controle").get(pagina).status_code == 200
    assert AcessoSensivel.objects.count() == 1


@pytest.fixture
def fila(monkeypatch, settings, tmp_path):
    """Com o limite em zero, toda exportação vai para a fila (nos testes, gerada na hora)."""
    from concursos.exportacao import geracao as exportacoes

    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(exportacoes, "LIMITE_NA_HORA", 0)


def test_o_arquivo_da_fila_com_cor_raca_baixado_fica_registrado(inscricoes, fila):
    """O pedido grava ao entrar na fila; o arquivo, que pode sair dias depois, grava de novo a cada download, com o
    órgão e o filtro da lista de onde partiu. A versão de publicação não traz dado sensível: não grava."""
    from tests.concursos.exportacoes import baixar, pedir

    rh = cliente(*RH_SENSIVEL)
    certame = inscricoes[0].certame
    pedir(rh, recurso=0, filtro=f"certame={certame.pk}&cor_raca__exact=parda")
    pedido = ultimo()
    assert (pedido.tipo, pedido.quantidade, pedido.orgao_id) == (TipoAcesso.EXPORTACAO, 1, certame.orgao_id)
    exportacao = Exportacao.objects.get()
    arquivo = baixar(rh, exportacao)
    assert arquivo.status_code == 200 and "parda" in b"".join(arquivo.streaming_content).decode()
    download = ultimo()
    assert download.pk != pedido.pk
    assert (download.tipo, download.quantidade, download.orgao_id, download.filtro, download.tela) == (
        TipoAcesso.EXPORTACAO, 1, certame.orgao_id, "cor_raca__exact=parda",
        reverse("admin:concursos_inscricao_exportacao_arquivo", args=[exportacao.pk]))
    assert download.descricao == f"Download da exportação: {exportacao.descricao}"
    baixar(rh, exportacao)
    assert AcessoSensivel.objects.count() == 3

    pedir(rh, recurso=1)
    publicacao = Exportacao.objects.latest("pk")
    assert baixar(rh, publicacao).status_code == 200
    assert AcessoSensivel.objects.count() == 3


def test_a_exportacao_com_cor_raca_refeita_fica_registrada(inscricoes, fila):
    from concursos.models import EstadoExportacao

    rh = cliente(*RH_SENSIVEL)
    exportacao = Exportacao.objects.create(
        criada_por=get_user_model().objects.latest("pk"), modelo="concursos.inscricao", recurso="InscricaoResource",
        formato="CSV", descricao="Inscrições — completa (CSV)", estado=EstadoExportacao.FALHOU, erro="Caiu.",
        filtros=f"certame={inscricoes[0].certame_id}")
    pagina = reverse("admin:concursos_inscricao_exportacao", args=[exportacao.pk])
    assert rh.post(pagina, {"refazer": "1"}).status_code == 302
    acesso = AcessoSensivel.objects.get()
    assert (acesso.tipo, acesso.quantidade, acesso.orgao_id, acesso.tela, acesso.descricao) == (
        TipoAcesso.EXPORTACAO, 3, inscricoes[0].certame.orgao_id, pagina,
        "Exportação refeita: Inscrições — completa (CSV)")
    # Um segundo clique não refaz nada: nem grava.
    rh.post(pagina, {"refazer": "1"})
    assert AcessoSensivel.objects.count() == 1


def test_a_exportacao_do_registro_de_acessos_tambem_fica_registrada(inscricoes):
    """O registro diz quem leu as fichas de cada titular: exportá-lo grava uma linha por órgão das linhas exportadas,
    para o encarregado de cada um."""
    a = inscricoes[0].certame.orgao
    b = Orgao.objects.create(nome="Câmara de Iúna", municipio=municipio("Iúna", "ES"))
    linhas = [AcessoSensivel.objects.create(nome_usuario="rh", orgao=orgao, tipo=TipoAcesso.FICHA, tela="/x/",
                                            descricao="inscrição") for orgao in (a, a, b)]
    encarregado = cliente(grupo="Encarregado de dados")
    resposta = encarregado.post(REGISTRO, {"action": "exportar_csv", "_selected_action": [x.pk for x in linhas]})
    assert resposta.status_code == 200
    novas = AcessoSensivel.objects.exclude(pk__in=[x.pk for x in linhas])
    assert sorted(novas.values_list("orgao_id", "quantidade")) == [(a.pk, 2), (b.pk, 1)]
    for acesso in novas:
        assert (acesso.tipo, acesso.tela, acesso.descricao, acesso.nome_usuario) == (
            TipoAcesso.EXPORTACAO, REGISTRO, "Exportação do registro de acessos (CSV)",
            get_user_model().objects.latest("pk").username)

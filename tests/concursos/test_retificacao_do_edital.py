"""Atos, não edições: cada etapa do certame é um ato registrado, e o edital publicado só muda por retificação.

A retificação é um ato com número, data, publicação oficial, motivo e o que mudou (antes e depois); emite de novo os
documentos que alcança, e a página de verificação dos anteriores diz «Substituído pela retificação nº N de
dd/mm/aaaa» e leva ao novo (publicidade: Constituição Federal, art. 37, caput). A validade não se muda depois da
homologação (art. 37, III), e as vagas de um cargo não mudam depois da primeira chamada dele.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from concursos.documentos import TIPO_LISTA_CLASSIFICACAO, TIPO_QUADRO_VAGAS, emitir_lista, emitir_quadro
from concursos.models import AtoDoCertame, Certame, TipoAto
from concursos.services.certame import certame_avancar, certame_prorrogar, certame_publicar
from concursos.services.chamadas import chamada_inicial
from concursos.services.retificacao_do_edital import certame_retificar, documentos_reemitir
from documentos.models import DocumentoEmitido
from nucleo.servicos import ErroOperacao
from tests.concursos.conftest import REGRA_PCD_PADRAO
from tests.documentos.pdfs import texto

pytestmark = pytest.mark.django_db
DIA = date(2024, 4, 10)


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def publicado(fazer_certame, admin_user):
    return certame_publicar(certame=fazer_certame(cargos=(("ADM", 5, 0), ("MED", 3, 0))), usuario=admin_user)


def retificar(certame, usuario, dados_certame=None, dados_cargos=None, **ato):
    ato = {"data": DIA, "publicacao": "Edital de retificação nº 1/2024", "motivo": "Erro material.", **ato}
    return certame_retificar(certame=certame, dados_certame=dados_certame or {}, dados_cargos=dados_cargos or {},
                             usuario=usuario, **ato)


# ---- as etapas como atos ----


def test_cada_etapa_e_um_ato_numerado_com_data_usuario_e_fundamento(fazer_certame, inscrever, admin_user):
    certame = fazer_certame()
    Certame.objects.filter(pk=certame.pk).update(validade_meses=24)
    inscrever(certame.cargos.get(), [("B1", "branca")])
    certame = certame_publicar(certame=certame, usuario=admin_user, publicacao="DOM de 01/03/2024")
    for _ in range(3):
        certame = certame_avancar(certame=certame, usuario=admin_user, data=date(2024, 9, 1))
    certame_prorrogar(certame=certame, ato="Decreto nº 9/2026", data=date(2026, 8, 1), usuario=admin_user)
    atos = list(certame.atos.order_by("numero"))
    assert [(a.numero, a.tipo) for a in atos] == [
        (1, TipoAto.PUBLICACAO), (2, TipoAto.ENCERRAMENTO), (3, TipoAto.RESULTADO), (4, TipoAto.HOMOLOGACAO),
        (5, TipoAto.PRORROGACAO)]
    assert all(a.registrado_por == admin_user for a in atos)
    assert atos[0].data == date(2024, 3, 1) and atos[0].publicacao == "DOM de 01/03/2024"
    assert "congelada na publicação" in atos[0].fundamento and certame.lei.ementa in atos[0].fundamento
    assert atos[3].fundamento.endswith("Constituição Federal, art. 37, III: validade de 24 meses, até 01/09/2026")
    assert atos[4].publicacao == "Decreto nº 9/2026" and "até 01/09/2028" in atos[4].fundamento


def test_um_ato_registrado_nao_se_altera(publicado):
    ato = publicado.atos.get()
    ato.fundamento = "outro"
    with pytest.raises(ValidationError, match="não se altera"):
        ato.save()


# ---- a retificação ----


def test_a_retificacao_registra_o_que_mudou_antes_e_depois_e_deixa_o_motivo_no_historico(publicado, admin_user):
    cargo = publicado.cargos.get(codigo="ADM")
    ato = retificar(publicado, admin_user, {"titulo": "Concurso retificado"},
                    {cargo.pk: {"nome": "Agente administrativo", "vagas": 6}})
    assert (ato.tipo, ato.numero, ato.numero_retificacao) == (TipoAto.RETIFICACAO, 2, 1)
    assert str(ato) == "Retificação nº 1 de 10/04/2024"
    assert [(a["onde"], a["campo"], a["antes"], a["depois"]) for a in ato.alteracoes] == [
        ("Edital", "título", "Concurso de teste", "Concurso retificado"),
        ("Cargo ADM", "nome", "Cargo ADM", "Agente administrativo"),
        ("Cargo ADM", "vagas", "5", "6"),
    ]
    publicado.refresh_from_db()
    cargo.refresh_from_db()
    assert publicado.titulo == "Concurso retificado" and (cargo.nome, cargo.vagas) == ("Agente administrativo", 6)
    assert publicado.history.first().history_change_reason == "Retificação nº 1: Erro material."
    assert cargo.history.first().history_user == admin_user
    segunda = retificar(publicado, admin_user, {"titulo": "De novo"})
    assert segunda.numero_retificacao == 2


@pytest.mark.parametrize(("ato", "mensagem"), [
    ({"motivo": "  "}, "Informe o motivo"),
    ({"publicacao": ""}, "Informe a publicação oficial"),
])
def test_sem_motivo_ou_sem_publicacao_nao_ha_retificacao(publicado, admin_user, ato, mensagem):
    with pytest.raises(ErroOperacao, match=mensagem):
        retificar(publicado, admin_user, {"titulo": "Outro"}, **ato)
    assert not publicado.atos.filter(tipo=TipoAto.RETIFICACAO).exists()


def test_retificacao_sem_mudanca_e_recusada(publicado, admin_user):
    with pytest.raises(ErroOperacao, match="Nada muda"):
        retificar(publicado, admin_user, {"titulo": publicado.titulo})


def test_o_rascunho_nao_se_retifica(fazer_certame, admin_user):
    with pytest.raises(ErroOperacao, match="ainda não foi publicado"):
        retificar(fazer_certame(), admin_user, {"titulo": "Outro"})


def test_as_vagas_nao_mudam_depois_da_primeira_chamada_do_cargo(publicado, inscrever, levar_ao_resultado,
                                                                 admin_user):
    cargo = publicado.cargos.get(codigo="ADM")
    inscrever(cargo, [(f"B{i}", "branca") for i in range(1, 9)])
    certame = levar_ao_resultado(publicado)
    chamada_inicial(cargo=cargo, data=DIA, ato="Decreto nº 1/2024", usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já teve chamada: as vagas do edital não mudam mais"):
        retificar(certame, admin_user, dados_cargos={cargo.pk: {"vagas": 7}})
    # O nome ainda se retifica; e o outro cargo, sem chamada, muda as vagas.
    outro = certame.cargos.get(codigo="MED")
    retificar(certame, admin_user, dados_cargos={cargo.pk: {"nome": "Agente"}, outro.pk: {"vagas": 4}})


def test_as_vagas_retificadas_passam_pela_lei_congelada(publicado, admin_user):
    cargo = publicado.cargos.get(codigo="ADM")
    with pytest.raises(ErroOperacao, match="Cargo ADM"):
        retificar(publicado, admin_user, dados_cargos={cargo.pk: {"vagas": 2, "vagas_pcd": 3}})


def test_o_periodo_de_inscricao_nao_muda_depois_de_encerrado(publicado, admin_user):
    certame = certame_avancar(certame=publicado, usuario=admin_user)
    with pytest.raises(ErroOperacao, match="já foram encerradas"):
        retificar(certame, admin_user, {"inscricoes_fim": date(2024, 5, 1)})


def test_o_fim_das_inscricoes_nao_vem_antes_do_inicio(publicado, admin_user):
    with pytest.raises(ErroOperacao, match=r"fim das inscrições \(01/04/2024\) é anterior ao início \(10/04/2024\)"):
        retificar(publicado, admin_user, {"inscricoes_inicio": date(2024, 4, 10), "inscricoes_fim": date(2024, 4, 1)})


def test_homologado_a_validade_so_se_prorroga(fazer_certame, inscrever, levar_ao_resultado, admin_user):
    certame = fazer_certame()
    inscrever(certame.cargos.get(), [("B1", "branca")])
    certame = certame_avancar(certame=levar_ao_resultado(certame), usuario=admin_user)
    with pytest.raises(ErroOperacao, match=r"só se prorroga.*art. 37, III"):
        retificar(certame, admin_user, {"validade_meses": 12})


def test_cargo_de_outro_certame_nao_entra_na_retificacao(publicado, fazer_certame, admin_user):
    alheio = fazer_certame(numero="002/2024").cargos.get()
    with pytest.raises(ErroOperacao, match="não é deste certame"):
        retificar(publicado, admin_user, dados_cargos={alheio.pk: {"nome": "X"}})


# ---- os documentos substituídos ----


def test_a_retificacao_reemite_o_quadro_e_a_verificacao_do_antigo_diz_substituido(client, publicado, admin_user):
    antigo = emitir_quadro(certame=publicado, usuario=admin_user)
    ato = retificar(publicado, admin_user, {"titulo": "Concurso retificado"})
    (novo,) = documentos_reemitir(ato=ato, usuario=admin_user)
    antigo.refresh_from_db()
    assert novo.tipo == TIPO_QUADRO_VAGAS and antigo.substituido_por == novo and novo.vigente
    pagina = client.get(antigo.get_absolute_url()).content.decode()
    assert "Este documento não vale mais." in pagina
    assert "Substituído pela retificação nº 1 de 10/04/2024" in pagina
    assert novo.get_absolute_url() in pagina and novo.codigo in pagina
    assert "não vale mais" not in client.get(novo.get_absolute_url()).content.decode()


def test_a_retificacao_de_um_cargo_reemite_as_listas_dele_e_nao_as_dos_outros(publicado, inscrever,
                                                                              levar_ao_resultado, admin_user):
    adm, med = publicado.cargos.get(codigo="ADM"), publicado.cargos.get(codigo="MED")
    inscrever(adm, [("A1", "branca"), ("A2", "preta", True)])
    inscrever(med, [("M1", "branca")])
    certame = levar_ao_resultado(publicado)
    lista_adm = emitir_lista(cargo=adm, codigo="GERAL", usuario=admin_user)
    lista_med = emitir_lista(cargo=med, codigo="GERAL", usuario=admin_user)
    ato = retificar(certame, admin_user, dados_cargos={adm.pk: {"nome": "Agente administrativo"}})
    novos = documentos_reemitir(ato=ato, usuario=admin_user)
    assert sorted(d.tipo for d in novos) == sorted([TIPO_QUADRO_VAGAS, TIPO_LISTA_CLASSIFICACAO])
    lista_adm.refresh_from_db()
    lista_med.refresh_from_db()
    nova_lista = lista_adm.substituido_por
    assert nova_lista.chave == "GERAL" and nova_lista.referencia == adm
    assert lista_med.vigente
    # Chamada de novo (uma reemissão interrompida), nada é substituído duas vezes.
    documentos_reemitir(ato=ato, usuario=admin_user)
    assert DocumentoEmitido.objects.filter(substituido_por__isnull=False).count() == 1


def test_a_ampla_com_as_outras_listas_e_reemitida_como_era(publicado, inscrever, levar_ao_resultado, admin_user):
    """Decisão 0014: o PDF da ampla com a coluna das outras listas e o sem ela são documentos diferentes do cargo; a
    retificação reemite cada um como era."""
    adm = publicado.cargos.get(codigo="ADM")
    inscrever(adm, [("A1", "branca"), ("A2", "preta", True)])
    certame = levar_ao_resultado(publicado)
    com = emitir_lista(cargo=adm, codigo="AC", usuario=admin_user, com_outras_listas=True)
    sem = emitir_lista(cargo=adm, codigo="AC", usuario=admin_user)
    assert (com.chave, sem.chave) == ("AC+OUTRAS", "AC")
    ato = retificar(certame, admin_user, dados_cargos={adm.pk: {"nome": "Agente administrativo"}})
    documentos_reemitir(ato=ato, usuario=admin_user)
    com.refresh_from_db()
    sem.refresh_from_db()
    assert (com.substituido_por.chave, sem.substituido_por.chave) == ("AC+OUTRAS", "AC")
    assert "Também" in texto(com.substituido_por.conteudo()) and "Também" not in texto(sem.substituido_por.conteudo())


# ---- a tela ----


def test_a_tela_mostra_a_previa_antes_e_so_a_confirmacao_registra(admin_client, publicado):
    url = reverse("admin:concursos_certame_retificar", args=[publicado.pk])
    assert "Retificar o edital" in admin_client.get(url).content.decode()
    dados = {"titulo": "Concurso retificado", "inscricoes_inicio": "", "inscricoes_fim": "", "validade_meses": "",
             **REGRA_PCD_PADRAO, "nao_confirmacao": publicado.nao_confirmacao, "data": "10/04/2024",
             "publicacao": "Edital de retificação nº 1/2024", "motivo": "Erro material."}
    resposta = admin_client.post(url, dados)
    pagina = resposta.content.decode()
    assert resposta.status_code == 200 and "Prévia: o que a retificação muda" in pagina
    assert "Concurso de teste" in pagina and "Concurso retificado" in pagina
    assert not AtoDoCertame.objects.filter(tipo=TipoAto.RETIFICACAO).exists()
    chave = resposta.context["previa_chave"]
    resposta = admin_client.post(url, {**dados, "previa": chave})
    assert resposta.status_code == 302 and resposta.url.endswith("#atos")
    ato = AtoDoCertame.objects.get(tipo=TipoAto.RETIFICACAO)
    assert ato.alteracoes[0]["depois"] == "Concurso retificado"
    painel = admin_client.get(reverse("admin:concursos_certame_painel", args=[publicado.pk])).content.decode()
    assert "Atos do certame" in painel and "Retificação nº 1" in painel and "Erro material." in painel


def test_a_tela_do_cargo_recusa_vagas_depois_da_chamada_com_a_mensagem(admin_client, publicado, inscrever,
                                                                       levar_ao_resultado, admin_user):
    cargo = publicado.cargos.get(codigo="ADM")
    inscrever(cargo, [(f"B{i}", "branca") for i in range(1, 9)])
    levar_ao_resultado(publicado)
    chamada_inicial(cargo=cargo, data=DIA, ato="Decreto nº 1/2024", usuario=admin_user)
    resposta = admin_client.post(reverse("admin:concursos_cargo_retificar", args=[cargo.pk]), {
        "nome": cargo.nome, "escolaridade": cargo.escolaridade, "vagas": "9", "vagas_pcd": "0", "data": "10/04/2024",
        "publicacao": "Edital de retificação nº 1/2024", "motivo": "Mais vagas."})
    assert resposta.status_code == 200 and "já teve chamada" in resposta.content.decode()
    cargo.refresh_from_db()
    assert cargo.vagas == 5


def test_sem_permissao_de_alterar_o_certame_nao_se_retifica(client, publicado, django_user_model):
    from django.contrib.auth.models import Permission

    from tests.conftest import lotar_em_todos

    usuario = django_user_model.objects.create_user("leitor", password="x", is_staff=True)
    usuario.user_permissions.add(Permission.objects.get(codename="view_certame"))
    lotar_em_todos(usuario)
    client.force_login(usuario)
    assert client.get(reverse("admin:concursos_certame_retificar", args=[publicado.pk])).status_code == 403


def test_certame_de_outro_orgao_nem_aparece(client, publicado, django_user_model):
    from django.contrib.auth.models import Permission

    from nucleo.models import Lotacao, Orgao
    from tests.conftest import municipio

    usuario = django_user_model.objects.create_user("rh-outro", password="x", is_staff=True)
    usuario.user_permissions.add(*Permission.objects.filter(codename__in=["view_certame", "change_certame"]))
    Lotacao.objects.create(usuario=usuario, orgao=Orgao.objects.create(nome="Câmara de Iúna",
                                                                       municipio=municipio("Iúna")))
    client.force_login(usuario)
    assert client.get(reverse("admin:concursos_certame_retificar", args=[publicado.pk])).status_code == 404


def test_a_pagina_da_etapa_registra_a_publicacao_oficial_no_ato(admin_client, publicado):
    url = reverse("admin:concursos_certame_avancar", args=[publicado.pk])
    assert "Publicação oficial" in admin_client.get(url).content.decode()
    admin_client.post(url, {"publicacao": "Diário Oficial dos Municípios de 08/04/2024"})
    ato = publicado.atos.get(tipo=TipoAto.ENCERRAMENTO)
    assert ato.publicacao == "Diário Oficial dos Municípios de 08/04/2024" and ato.numero == 2


def test_remuneracao_carga_e_requisitos_se_retificam_mesmo_depois_da_chamada(publicado, inscrever, levar_ao_resultado,
                                                                           admin_user):
    """Publicado, o cargo é só de consulta: um vencimento digitado errado se corrige por retificação publicada
    (Constituição Federal, art. 37, caput), também depois da chamada — só as vagas ficam fixas — e o quadro
    reemitido traz o valor novo."""
    cargo = publicado.cargos.get(codigo="ADM")
    inscrever(cargo, [(f"B{i}", "branca") for i in range(1, 9)])
    certame = levar_ao_resultado(publicado)
    chamada_inicial(cargo=cargo, data=DIA, ato="Decreto nº 1/2024", usuario=admin_user)
    ato = retificar(certame, admin_user, dados_cargos={cargo.pk: {
        "remuneracao": Decimal("4567.89"), "carga_horaria": 30, "requisitos": "Ensino médio completo."}})
    assert [(a["campo"], a["antes"], a["depois"]) for a in ato.alteracoes] == [
        ("remuneração (R$)", "—", "R$\u00a04.567,89"), ("carga horária semanal (horas)", "—", "30 h por semana"),
        ("requisitos", "—", "Ensino médio completo.")]
    (quadro,) = documentos_reemitir(ato=ato, usuario=admin_user)
    conteudo = " ".join(texto(quadro.conteudo()).split())
    assert "R$ 4.567,89" in conteudo and "ADM — " in conteudo and "Ensino médio completo." in conteudo


def test_a_tela_do_cargo_aceita_a_remuneracao_com_virgula(admin_client, publicado):
    cargo = publicado.cargos.get(codigo="ADM")
    url = reverse("admin:concursos_cargo_retificar", args=[cargo.pk])
    dados = {"nome": cargo.nome, "escolaridade": cargo.escolaridade, "vagas": "5", "vagas_pcd": "0",
             "remuneracao": "3.456,78", "carga_horaria": "40", "requisitos": "", "data": "10/04/2024",
             "publicacao": "Edital de retificação nº 1/2024", "motivo": "Vencimento omitido no quadro."}
    resposta = admin_client.post(url, dados)
    pagina = resposta.content.decode()
    assert resposta.status_code == 200 and "R$\u00a03.456,78" in pagina and "40 h por semana" in pagina
    resposta = admin_client.post(url, {**dados, "previa": resposta.context["previa_chave"]})
    assert resposta.status_code == 302
    cargo.refresh_from_db()
    assert cargo.remuneracao == Decimal("3456.78") and cargo.carga_horaria == 40


@pytest.mark.parametrize(("campos", "mensagem"), [
    ({"remuneracao": Decimal("-5")}, "remuneração"), ({"carga_horaria": 500}, "carga horária"),
    ({"carga_horaria": 40000}, "carga horária"), ({"nome": ""}, "nome"),
])
def test_a_retificacao_passa_pelas_regras_de_cada_campo(publicado, admin_user, campos, mensagem):
    cargo = publicado.cargos.get(codigo="ADM")
    with pytest.raises(ErroOperacao, match=f"Cargo ADM, {mensagem}"):
        retificar(publicado, admin_user, dados_cargos={cargo.pk: campos})
    assert not AtoDoCertame.objects.filter(tipo=TipoAto.RETIFICACAO).exists()


def test_a_tela_recusa_a_remuneracao_negativa_e_nada_registra(admin_client, publicado):
    cargo = publicado.cargos.get(codigo="ADM")
    resposta = admin_client.post(reverse("admin:concursos_cargo_retificar", args=[cargo.pk]), {
        "nome": cargo.nome, "escolaridade": cargo.escolaridade, "vagas": "5", "vagas_pcd": "0",
        "remuneracao": "-1.234,56", "carga_horaria": "40", "requisitos": "", "data": "10/04/2024",
        "publicacao": "Edital de retificação nº 1/2024", "motivo": "Vencimento."})
    assert resposta.status_code == 200 and "Prévia" not in resposta.content.decode()
    assert not AtoDoCertame.objects.filter(tipo=TipoAto.RETIFICACAO).exists()

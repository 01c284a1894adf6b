"""Painel do certame no admin: lei e avisos, etapas, convocação inicial, desistência e novas vagas, permissões."""

from datetime import date

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from concursos.models import Cargo, Certame, Chamada, Convocacao, EstadoCertame, Inscricao
from concursos.services.certame import certame_publicar
from concursos.services.chamadas import chamada_inicial
from tests.concursos.conftest import REGRA_PCD_PADRAO, cpf_valido

pytestmark = pytest.mark.django_db

HOJE = date(2025, 9, 2)


def painel(certame: Certame) -> str:
    return reverse("admin:concursos_certame_painel", args=[certame.pk])


def pagina_do_cargo(cargo: Cargo) -> str:
    return reverse("admin:concursos_cargo_painel", args=[cargo.pk])


def mensagens(resposta) -> list[str]:
    return [str(m) for m in get_messages(resposta.wsgi_request)]


@pytest.fixture
def certame_com_resultado(fazer_certame, inscrever, levar_ao_resultado):
    """Vargem Alta, ADM com 5 vagas (3ª de negros) e MED com 2; resultado publicado."""
    certame = fazer_certame(cargos=(("ADM", 5, 0), ("MED", 2, 0)))
    adm, med = certame.cargos.order_by("codigo")
    inscrever(adm, [("A", "parda", True), ("B", "branca"), ("C", "branca"), ("D", "branca"), ("E", "branca"),
                    ("F", "branca"), ("G", "preta", True), ("H", "parda", True), ("I", "branca")])
    inscrever(med, [("M1", "branca"), ("M2", "branca"), ("M3", "branca")])
    return levar_ao_resultado(certame)


# ---- páginas ----


def test_o_painel_do_rascunho_mostra_a_lei_que_se_aplicaria_e_o_quadro(admin_client, fazer_certame):
    certame = fazer_certame(cargos=(("ADM", 20, 1), ("ENF", 5, 0)))
    html = admin_client.get(painel(certame)).content.decode()
    assert "Lei que se aplica hoje (prévia: congelada ao publicar)" in html
    assert "vargem-alta-es-2023" in html and "art. 7º" in html
    assert "Publicar edital" in html
    assert "Negros (pretos e pardos)" in html and "Indígenas" in html
    assert "Nenhum cargo" not in html


def test_o_painel_traz_por_cargo_vagas_ampla_pcd_e_cada_grupo(admin_client, fazer_certame):
    """ADM: 20 × 17% = 3,4 → 3 negros; 20 × 3% = 0,6 → 1 indígena (meio para cima); 1 PcD; 15 de ampla."""
    certame = fazer_certame(cargos=(("ADM", 20, 1),))
    resposta = admin_client.get(painel(certame))
    (linha,) = resposta.context["pagina"].object_list
    assert [(r.codigo, r.reservadas) for r in linha.celulas] == [("AC", 15), ("PCD", 1), ("NEG", 3), ("IND", 1)]
    assert resposta.context["totais"]["vagas"] == 20


def test_a_lista_de_certames_leva_ao_painel_de_cada_um_com_a_sua_etapa(admin_client, fazer_certame):
    rascunho = fazer_certame(numero="001/2024")
    publicado = fazer_certame(numero="002/2024")
    Certame.objects.filter(pk=publicado.pk).update(estado=EstadoCertame.PUBLICADO)
    html = admin_client.get(reverse("admin:concursos_certame_changelist")).content.decode()
    # Cada linha da lista (a do link para o painel de um certame) traz a etapa desse certame, não a de outro.
    linhas = {certame: next(linha.split("</tr>")[0] for linha in html.split("<tr")
                            if f'href="{painel(certame)}"' in linha)
              for certame in (rascunho, publicado)}
    assert "Rascunho" in linhas[rascunho] and "Edital publicado" not in linhas[rascunho]
    assert "Edital publicado" in linhas[publicado] and "Rascunho" not in linhas[publicado]


def test_salvar_o_certame_novo_leva_ao_painel(admin_client, orgao):
    dados = {
        "orgao": orgao.pk, "tipo": "concurso", "numero_edital": "002/2025", "titulo": "Concurso da saúde",
        "municipio": "", "data_edital": "10/03/2025", **REGRA_PCD_PADRAO,
        "cargos-TOTAL_FORMS": "2", "cargos-INITIAL_FORMS": "0", "cargos-MIN_NUM_FORMS": "0",
        "cargos-MAX_NUM_FORMS": "1000",
        "cargos-0-natureza": "cargo", "cargos-0-codigo": "ENF", "cargos-0-nome": "Enfermeiro",
        "cargos-0-escolaridade": "4_superior",
        "cargos-0-vagas": "10", "cargos-0-vagas_pcd": "1",
        "cargos-1-natureza": "cargo", "cargos-1-codigo": "MED", "cargos-1-nome": "Médico",
        "cargos-1-escolaridade": "4_superior",
        "cargos-1-vagas": "2", "cargos-1-vagas_pcd": "0",
        "_save": "Salvar",
    }
    resposta = admin_client.post(reverse("admin:concursos_certame_add"), dados)
    certame = Certame.objects.get(numero_edital="002/2025")
    assert resposta.status_code == 302 and resposta.url == painel(certame)
    assert certame.data_edital == date(2025, 3, 10)
    # Sem município escolhido, o do órgão (a lei é a do município do órgão que publica o edital).
    assert certame.municipio == orgao.municipio
    assert list(certame.cargos.order_by("codigo").values_list("codigo", "vagas")) == [("ENF", 10), ("MED", 2)]


def test_a_pagina_do_cargo_mostra_listas_com_artigo_e_cpf_mascarado(admin_client, certame_com_resultado):
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    resposta = admin_client.get(pagina_do_cargo(adm), {"aba": "NEG"})
    html = resposta.content.decode()
    assert resposta.context["lista"].codigo == "NEG"
    assert "Base: art. 3º" in html
    assert [linha.numero for linha in resposta.context["pagina"]] == ["A", "G", "H"]
    cpf = Inscricao.objects.get(numero="A").candidato.cpf
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in html and cpf not in html
    for aba in ("GERAL", "AC", "PCD", "IND", "ordem"):
        assert admin_client.get(pagina_do_cargo(adm), {"aba": aba}).status_code == 200


def test_as_listas_longas_sao_paginadas(admin_client, fazer_certame, inscrever, levar_ao_resultado):
    certame = fazer_certame(cargos=(("ADM", 5, 0),))
    cargo = certame.cargos.get()
    inscrever(cargo, [(f"N{i:03d}", "branca") for i in range(130)])
    levar_ao_resultado(certame)
    resposta = admin_client.get(pagina_do_cargo(cargo), {"aba": "GERAL", "p": 2})
    assert [linha.posicao for linha in resposta.context["pagina"]] == list(range(101, 131))
    assert "página 2 de 2" in resposta.content.decode()


# ---- publicar e avançar ----


def test_publicar_pelo_painel_congela_a_lei(admin_client, fazer_certame, admin_user):
    certame = fazer_certame()
    confirmacao = admin_client.get(reverse("admin:concursos_certame_publicar", args=[certame.pk]))
    assert "Quadro de vagas que será publicado" in confirmacao.content.decode()
    resposta = admin_client.post(reverse("admin:concursos_certame_publicar", args=[certame.pk]))
    assert resposta.status_code == 302 and resposta.url == painel(certame)
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.PUBLICADO and certame.lei.slug == "vargem-alta-es-2023"
    assert any("publicado" in m and "congeladas" in m for m in mensagens(resposta))
    assert certame.history.first().history_user == admin_user
    html = admin_client.get(painel(certame)).content.decode()
    assert "Lei aplicada (congelada na publicação)" in html and "Publicar edital" not in html


def test_publicar_sem_cargos_mostra_o_erro_do_servico(admin_client, fazer_certame):
    certame = fazer_certame(cargos=())
    resposta = admin_client.post(reverse("admin:concursos_certame_publicar", args=[certame.pk]), follow=True)
    assert "Cadastre ao menos um cargo antes de publicar o edital." in mensagens(resposta)
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO


def test_get_nao_publica(admin_client, fazer_certame):
    certame = fazer_certame()
    admin_client.get(reverse("admin:concursos_certame_publicar", args=[certame.pk]))
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO


def test_avancar_etapas_ate_homologar_com_data(admin_client, fazer_certame, inscrever, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    url = reverse("admin:concursos_certame_avancar", args=[certame.pk])
    assert "Encerrar inscrições" in admin_client.get(url).content.decode()
    admin_client.post(url)
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.INSCRICOES_ENCERRADAS
    # Sem classificação importada, o resultado não se publica: a mensagem do serviço aparece.
    resposta = admin_client.post(url)
    assert "Importe o resultado (classificação) antes de publicá-lo." in mensagens(resposta)
    inscrever(certame.cargos.get(), [("A", "branca")])
    admin_client.post(url)
    # A homologação não vem antes do resultado, publicado hoje; no mesmo dia, vem.
    resposta = admin_client.post(url, {"data": "15/10/2025"})
    assert any("não pode ser anterior à publicação do resultado" in m for m in mensagens(resposta))
    hoje = timezone.localdate()
    resposta = admin_client.post(url, {"data": hoje.strftime("%d/%m/%Y")})
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.HOMOLOGADO and certame.data_homologacao == hoje
    assert resposta.status_code == 302


def test_data_invalida_na_homologacao_volta_ao_formulario(admin_client, certame_com_resultado):
    resposta = admin_client.post(reverse("admin:concursos_certame_avancar", args=[certame_com_resultado.pk]),
                                 {"data": "31/02/2025"})
    assert resposta.status_code == 200 and resposta.context["form"].errors["data"]
    certame_com_resultado.refresh_from_db()
    assert certame_com_resultado.estado == EstadoCertame.RESULTADO


# ---- chamadas ----


def confirmar(cliente, url, dados):
    """As chamadas têm prévia (issue 11): o primeiro envio mostra quem seria chamado, sem gravar; o segundo, com a
    prévia vista, registra o ato."""
    previa = cliente.post(url, dados)
    assert previa.status_code == 200 and "Prévia: quem seria chamado" in previa.content.decode()
    assert not Chamada.objects.filter(criada_em__gte=timezone.now()).exists()
    return cliente.post(url, {**dados, "previa": previa.context["previa_chave"]})


def test_convocacao_inicial_de_todos_os_cargos_pelo_painel(admin_client, certame_com_resultado, admin_user):
    url = reverse("admin:concursos_certame_convocacao_inicial", args=[certame_com_resultado.pk])
    resposta = confirmar(admin_client, url, {"cargo": "", "data": "02/09/2025", "ato": "Edital de convocação 1/2025"})
    assert resposta.status_code == 302 and resposta.url == painel(certame_com_resultado)
    chamadas = Chamada.objects.filter(cargo__certame=certame_com_resultado).order_by("cargo__codigo")
    assert [(c.cargo.codigo, c.data, c.ato, c.criada_por) for c in chamadas] == [
        ("ADM", HOJE, "Edital de convocação 1/2025", admin_user), ("MED", HOJE, "Edital de convocação 1/2025",
                                                                   admin_user)]
    assert "7 candidatos convocados em 2 cargos" in mensagens(resposta)[0]
    # Vargem Alta art. 4º, § 1º: A (parda, cotista) entra pela ampla; a 3ª vaga (negros) vai a G.
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    ordem = [(c.posicao, c.inscricao.numero) for c in Convocacao.objects.filter(cargo=adm).order_by("posicao")]
    assert ordem == [(1, "A"), (2, "B"), (3, "G"), (4, "C"), (5, "D")]


def test_convocacao_inicial_de_um_cargo(admin_client, certame_com_resultado):
    med = certame_com_resultado.cargos.get(codigo="MED")
    url = reverse("admin:concursos_certame_convocacao_inicial", args=[certame_com_resultado.pk])
    assert admin_client.get(url, {"cargo": med.pk}).context["form"]["cargo"].value() == str(med.pk)
    resposta = confirmar(admin_client, url, {"cargo": med.pk, "data": "02/09/2025", "ato": "Edital 1"})
    assert resposta.url == pagina_do_cargo(med)
    assert list(Chamada.objects.values_list("cargo__codigo", flat=True)) == ["MED"]
    # O cargo já convocado sai da lista de escolha; os demais continuam.
    escolhas = admin_client.get(url).context["form"].fields["cargo"].queryset
    assert list(escolhas.values_list("codigo", flat=True)) == ["ADM"]


def test_convocacao_antes_do_resultado_mostra_o_erro_em_portugues(admin_client, fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    cargo = certame.cargos.get()
    resposta = admin_client.post(reverse("admin:concursos_certame_convocacao_inicial", args=[certame.pk]),
                                 {"cargo": cargo.pk, "data": "02/09/2025", "ato": "Edital 1"})
    assert resposta.status_code == 200
    assert "A convocação inicial exige o resultado publicado." in mensagens(resposta)
    assert not Chamada.objects.exists()


def test_convocacao_com_data_no_formato_errado_nao_grava(admin_client, certame_com_resultado):
    resposta = admin_client.post(
        reverse("admin:concursos_certame_convocacao_inicial", args=[certame_com_resultado.pk]),
        {"cargo": "", "data": "2025-13-40", "ato": ""})
    assert resposta.status_code == 200
    assert set(resposta.context["form"].errors) == {"data", "ato"}
    assert not Chamada.objects.exists()


def test_desistencia_pela_pagina_do_cargo_chama_o_proximo_da_mesma_lista(admin_client, certame_com_resultado,
                                                                          admin_user):
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    chamada_inicial(cargo=adm, data=HOJE, ato="Edital 1", usuario=admin_user)
    g = Convocacao.objects.get(cargo=adm, posicao=3)
    url = reverse("admin:concursos_convocacao_vacancia", args=[g.pk])
    assert url in admin_client.get(pagina_do_cargo(adm), {"aba": "ordem"}).content.decode()
    confirmacao = admin_client.get(url).content.decode()
    assert "Negros (pretos e pardos)" in confirmacao and "G — Candidato G" in confirmacao
    resposta = admin_client.post(url, {"causa": "desistencia", "data": "15/09/2025", "ato": "Termo de desistência 1"})
    assert resposta.url == pagina_do_cargo(adm)
    g.refresh_from_db()
    assert g.desistiu_em == date(2025, 9, 15) and g.substituida_por.inscricao.numero == "H"
    assert ("A posição 3 foi para a inscrição H — Candidato H (lista: Negros (pretos e pardos)), na 2ª chamada."
            in mensagens(resposta)[0])
    html = admin_client.get(pagina_do_cargo(adm), {"aba": "ordem"}).content.decode()
    assert "Desistência</span> em 15/09/2025" in html and "substitui G" in html
    # De novo: a desistência já registrada não se registra outra vez.
    resposta = admin_client.post(url, {"causa": "desistencia", "data": "15/09/2025", "ato": "Termo 2"})
    assert "O titular já deixou a posição 3: desistência em 15/09/2025." in mensagens(resposta)
    assert Chamada.objects.filter(cargo=adm).count() == 2


def test_novas_vagas_pela_pagina_do_cargo(admin_client, certame_com_resultado, admin_user):
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    url = reverse("admin:concursos_cargo_novas_vagas", args=[adm.pk])
    resposta = admin_client.post(url, {"quantidade": 2, "data": "02/09/2025", "ato": "Portaria 9/2025",
                                       "ultima_chamada": 0})
    assert "Faça primeiro a convocação inicial das vagas do edital." in mensagens(resposta)
    chamada_inicial(cargo=adm, data=HOJE, ato="Edital 1", usuario=admin_user)
    assert 'name="ultima_chamada" value="1"' in admin_client.get(url).content.decode()
    resposta = admin_client.post(url, {"quantidade": 9, "data": "02/09/2025", "ato": "Portaria 9/2025",
                                       "ultima_chamada": 1})
    assert ("Só há 4 candidatos habilitados ainda sem chamada no cargo ADM; informe no máximo 4 vagas."
            in mensagens(resposta)[0])
    pedido = {"quantidade": 2, "data": "02/09/2025", "ato": "Portaria 9/2025", "ultima_chamada": 1}
    previa = admin_client.post(url, pedido)
    # A prévia: as posições 6 e 7, de ampla, para E e F, com o porquê; nada gravado ainda.
    linhas = [(x.posicao, x.vaga, x.numero, x.motivo) for x in previa.context["previas"][0].linhas]
    assert linhas == [(6, "Ampla concorrência", "E", "Ampla concorrência: o próximo da classificação geral (cotistas "
                                                     "incluídos)."),
                      (7, "Ampla concorrência", "F", "Ampla concorrência: o próximo da classificação geral (cotistas "
                                                     "incluídos).")]
    assert Convocacao.objects.filter(cargo=adm).count() == 5
    pedido["previa"] = previa.context["previa_chave"]
    resposta = admin_client.post(url, pedido)
    assert resposta.url == pagina_do_cargo(adm)
    assert "2ª chamada registrada (Portaria 9/2025): 2 vagas novas: posições 6 a 7." in mensagens(resposta)
    assert Convocacao.objects.filter(cargo=adm).count() == 7
    # O mesmo formulário enviado de novo (clique duplo, voltar e reenviar) não nomeia outra vez.
    resposta = admin_client.post(url, pedido)
    assert any("Outra chamada (a 2ª) foi registrada no cargo ADM depois que esta página foi aberta" in m
               for m in mensagens(resposta))
    assert Convocacao.objects.filter(cargo=adm).count() == 7
    # E sem o número da última chamada (um pedido montado à mão), nada acontece.
    resposta = admin_client.post(url, {k: v for k, v in pedido.items() if k != "ultima_chamada"})
    assert resposta.status_code == 200 and Convocacao.objects.filter(cargo=adm).count() == 7


def test_painel_conta_preenchidas_e_revertidas(admin_client, certame_com_resultado, admin_user):
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    chamada_inicial(cargo=adm, data=HOJE, ato="Edital 1", usuario=admin_user)
    from concursos.services.chamadas import desistencia_registrar

    for numero in ("G", "H"):
        desistencia_registrar(convocacao=Convocacao.objects.get(inscricao__numero=numero, desistiu_em=None),
                              data=HOJE, ato=f"Termo {numero}", usuario=admin_user)
    resposta = admin_client.get(painel(certame_com_resultado))
    linha = next(q for q in resposta.context["pagina"].object_list if q.cargo == adm)
    assert {r.codigo: (r.reservadas, r.preenchidas, r.revertidas) for r in linha.celulas} == {
        "AC": (4, 4, 0), "NEG": (1, 0, 1), "IND": (0, 0, 0)}
    assert resposta.context["houve_chamadas"]
    assert "1 revertida" in resposta.content.decode()


# ---- permissões e CSRF ----


def test_sem_permissao_de_chamar_nao_ve_os_botoes_nem_convoca(cliente_com, certame_com_resultado):
    cliente = cliente_com("concursos.view_certame", "concursos.change_certame")
    html = cliente.get(painel(certame_com_resultado)).content.decode()
    assert "Convocação inicial</a>" not in html and "A convocação inicial está pendente" in html
    resposta = cliente.post(reverse("admin:concursos_certame_convocacao_inicial", args=[certame_com_resultado.pk]),
                            {"cargo": "", "data": "02/09/2025", "ato": "Edital 1"})
    assert resposta.status_code == 403 and not Chamada.objects.exists()
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    assert cliente.post(reverse("admin:concursos_cargo_novas_vagas", args=[adm.pk])).status_code == 403


def test_desistencia_exige_a_permissao_de_chamar(cliente_com, certame_com_resultado, admin_user):
    adm = certame_com_resultado.cargos.get(codigo="ADM")
    chamada_inicial(cargo=adm, data=HOJE, ato="Edital 1", usuario=admin_user)
    cliente = cliente_com("concursos.view_certame")
    html = cliente.get(pagina_do_cargo(adm), {"aba": "ordem"}).content.decode()
    assert "Registrar desistência" not in html
    convocacao = Convocacao.objects.get(cargo=adm, posicao=1)
    resposta = cliente.post(reverse("admin:concursos_convocacao_vacancia", args=[convocacao.pk]),
                            {"data": "15/09/2025", "ato": "Termo"})
    assert resposta.status_code == 403
    convocacao.refresh_from_db()
    assert convocacao.desistiu_em is None


def test_quem_pode_chamar_convoca_sem_ser_superusuario(cliente_com, certame_com_resultado):
    cliente = cliente_com("concursos.view_certame", "concursos.add_chamada")
    html = cliente.get(painel(certame_com_resultado)).content.decode()
    assert "Convocação inicial</a>" in html and "Publicar edital" not in html
    url = reverse("admin:concursos_certame_convocacao_inicial", args=[certame_com_resultado.pk])
    resposta = confirmar(cliente, url, {"cargo": "", "data": "02/09/2025", "ato": "Edital 1"})
    assert resposta.status_code == 302 and Chamada.objects.count() == 2


def test_so_consulta_nao_publica_nem_avanca(cliente_com, fazer_certame):
    certame = fazer_certame()
    cliente = cliente_com("concursos.view_certame")
    html = cliente.get(painel(certame)).content.decode()
    assert "Publicar edital" not in html and "Editar dados" not in html
    assert cliente.post(reverse("admin:concursos_certame_publicar", args=[certame.pk])).status_code == 403
    assert cliente.post(reverse("admin:concursos_certame_avancar", args=[certame.pk])).status_code == 403
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO


def test_sem_permissao_de_ver_certames_o_painel_e_negado(cliente_com, fazer_certame):
    certame = fazer_certame()
    cliente = cliente_com("concursos.view_candidato")
    assert cliente.get(painel(certame)).status_code == 403
    assert cliente.get(pagina_do_cargo(certame.cargos.get())).status_code == 403


def test_as_acoes_exigem_csrf(admin_user, fazer_certame):
    certame = fazer_certame()
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(admin_user)
    assert cliente.post(reverse("admin:concursos_certame_publicar", args=[certame.pk])).status_code == 403
    certame.refresh_from_db()
    assert certame.estado == EstadoCertame.RASCUNHO
    html = cliente.get(reverse("admin:concursos_certame_publicar", args=[certame.pk])).content.decode()
    assert 'name="csrfmiddlewaretoken"' in html and 'method="post"' in html


# ---- edital publicado: o que não muda ----


def test_publicado_o_edital_e_os_cargos_ficam_so_de_leitura(admin_client, fazer_certame, admin_user):
    """Publicado, o edital só muda por retificação (issue 11): a ficha não altera nem o título nem o cargo."""
    certame = certame_publicar(certame=fazer_certame(cargos=(("ADM", 5, 0),)), usuario=admin_user)
    cargo = certame.cargos.get()
    resposta = admin_client.get(reverse("admin:concursos_certame_change", args=[certame.pk]))
    formset = resposta.context["inline_admin_formsets"][0]
    assert {"vagas", "vagas_pcd", "codigo", "nome", "escolaridade"} <= set(formset.readonly_fields)
    assert not formset.has_add_permission and not formset.has_delete_permission
    assert {"municipio", "motivo_municipio", "data_edital", "titulo", "inscricoes_inicio", "inscricoes_fim",
            "validade_meses"} <= set(resposta.context["adminform"].readonly_fields)
    assert "Edital publicado." in resposta.content.decode()
    # Mesmo forjando o POST, nada muda.
    dados = {
        "titulo": "Novo título", "inscricoes_inicio": "", "inscricoes_fim": "", "validade_ate": "",
        "prorrogado_ate": "", "cargos-TOTAL_FORMS": "1", "cargos-INITIAL_FORMS": "1", "cargos-MIN_NUM_FORMS": "0",
        "cargos-MAX_NUM_FORMS": "1000", "cargos-0-id": cargo.pk, "cargos-0-certame": certame.pk,
        "cargos-0-nome": "Agente", "cargos-0-escolaridade": "2_medio", "cargos-0-vagas": "50", "_save": "Salvar",
    }
    resposta = admin_client.post(reverse("admin:concursos_certame_change", args=[certame.pk]), dados)
    assert resposta.status_code == 302
    cargo.refresh_from_db()
    certame.refresh_from_db()
    assert cargo.vagas == 5 and cargo.nome == "Cargo ADM" and certame.titulo != "Novo título"


def test_edital_publicado_nao_se_apaga(admin_client, fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(), usuario=admin_user)
    resposta = admin_client.get(reverse("admin:concursos_certame_delete", args=[certame.pk]))
    assert resposta.status_code == 403
    rascunho = fazer_certame(numero="002/2024")
    assert admin_client.get(reverse("admin:concursos_certame_delete", args=[rascunho.pk])).status_code == 200


# ---- avisos (item 6) ----


def avisos(admin_client, certame) -> dict[str, str]:
    return {a.titulo: a.texto for a in admin_client.get(painel(certame)).context["avisos"]}


def test_aviso_de_cargo_abaixo_do_minimo(admin_client, fazer_certame):
    certame = fazer_certame(cargos=(("ADM", 10, 0), ("MED", 2, 0)))
    texto = avisos(admin_client, certame)["Cargo abaixo do mínimo legal"]
    assert texto.startswith("MED (2 vagas): tem menos de 3 vagas, o mínimo da lei (art. 2º")
    assert "abaixo do mínimo" in admin_client.get(painel(certame)).content.decode()


def test_aviso_de_fracionamento_adc_41(admin_client, fazer_certame):
    """Três cargos de 2 vagas, cada um abaixo do mínimo, somam 6: seriam 1 vaga de negros (6 × 17% = 1,02)."""
    certame = fazer_certame(cargos=(("A1", 2, 0), ("A2", 2, 0), ("A3", 2, 0), ("ADM", 10, 0)))
    texto = avisos(admin_client, certame)["Possível fracionamento de vagas (STF, ADC 41)"]
    assert "3 cargos ficam abaixo do mínimo, mas somam 6 vagas" in texto
    assert "Negros (pretos e pardos): 1 vaga" in texto


def test_um_cargo_so_abaixo_do_minimo_nao_e_fracionamento(admin_client, fazer_certame):
    certame = fazer_certame(cargos=(("MED", 2, 0), ("ADM", 10, 0)))
    assert "Possível fracionamento de vagas (STF, ADC 41)" not in avisos(admin_client, certame)


def test_aviso_de_municipio_sem_lei(admin_client, fazer_certame):
    certame = fazer_certame(municipio="Cachoeiro de Itapemirim", uf="ES")
    texto = avisos(admin_client, certame)["Nenhuma lei de reserva se aplica"]
    assert "Não há lei de reserva de vagas cadastrada para Cachoeiro de Itapemirim/ES" in texto


def test_aviso_de_edital_fora_da_vigencia_ubatuba_art_13(admin_client, fazer_certame):
    certame = fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2025, 1, 6))
    encontrados = avisos(admin_client, certame)
    assert "art. 13" in encontrados["Data do edital fora da vigência da lei"]
    assert "Nenhuma lei de reserva se aplica" in encontrados


def test_aviso_de_edital_anterior_a_lei(admin_client, fazer_certame):
    certame = fazer_certame(data_edital=date(2023, 1, 10))
    assert "anterior à publicação da lei em 19/05/2023" in avisos(admin_client, certame)[
        "Data do edital fora da vigência da lei"]


def test_aviso_de_lei_sem_data_de_publicacao_iuna(admin_client, fazer_certame):
    certame = fazer_certame(municipio="Iúna", uf="ES")
    html = admin_client.get(painel(certame)).content.decode()
    texto = avisos(admin_client, certame)["Lei sem data de publicação conhecida"]
    assert "a data de publicação não é conhecida" in texto
    assert "Abrir a lei" in html


def test_aviso_de_publicado_sem_lei_fica_depois_da_publicacao(admin_client, fazer_certame, admin_user):
    certame = certame_publicar(certame=fazer_certame(municipio="Ubatuba", uf="SP", data_edital=date(2025, 1, 6)),
                               usuario=admin_user, justificativa="A lei de Ubatuba expirou (art. 13).")
    texto = avisos(admin_client, certame)["Edital publicado sem lei de reserva de vagas"]
    assert "art. 13" in texto
    assert "Justificativa registrada na publicação: «A lei de Ubatuba expirou (art. 13).»" in texto


def test_aviso_de_tipo_de_selecao_fora_da_abrangencia_da_lei(admin_client, fazer_certame):
    """Vargem Alta (art. 1º) não menciona estágios; concursos, sim."""
    certame = fazer_certame()
    assert "A lei não menciona este tipo de seleção" not in avisos(admin_client, certame)
    Certame.objects.filter(pk=certame.pk).update(tipo="estagio")
    texto = avisos(admin_client, certame)["A lei não menciona este tipo de seleção"]
    assert ("alcança: concursos públicos para cargos efetivos, empregos públicos e processos seletivos (contratação "
            "temporária) (art. 1º, caput); o edital abre uma seleção de estagiários.") in texto


def test_pcd_e_reserva_acima_das_vagas_aparecem_no_quadro(admin_client, fazer_certame):
    certame = fazer_certame(cargos=(("ADM", 3, 3),))
    html = admin_client.get(painel(certame)).content.decode()
    assert "excedem as 3 vagas oferecidas" in html


# ---- consultas (sem N+1) ----


def test_o_painel_nao_faz_uma_consulta_por_cargo(admin_client, fazer_certame, django_assert_max_num_queries,
                                                 admin_user):
    certame = fazer_certame(cargos=[(f"C{i:02d}", 5 + i % 7, i % 2) for i in range(60)])
    certame = certame_publicar(certame=certame, usuario=admin_user)
    with django_assert_max_num_queries(12):
        resposta = admin_client.get(painel(certame))
    assert resposta.status_code == 200 and len(resposta.context["pagina"].object_list) == 60


def test_a_ordem_de_nomeacao_nao_faz_uma_consulta_por_linha(admin_client, fazer_certame, inscrever,
                                                            levar_ao_resultado, admin_user,
                                                            django_assert_max_num_queries):
    certame = fazer_certame(cargos=(("ADM", 40, 2),))
    cargo = certame.cargos.get()
    inscrever(cargo, [(f"N{i:03d}", "parda" if i % 3 else "branca", i % 3 == 0, i % 10 == 0)
                      for i in range(80)])
    levar_ao_resultado(certame)
    chamada_inicial(cargo=cargo, data=HOJE, ato="Edital 1", usuario=admin_user)
    with django_assert_max_num_queries(14):
        resposta = admin_client.get(pagina_do_cargo(cargo), {"aba": "ordem"})
    assert len(resposta.context["pagina"].object_list) == 40
    with django_assert_max_num_queries(14):
        admin_client.get(pagina_do_cargo(cargo), {"aba": "GERAL"})


def test_os_cpfs_gerados_nos_testes_sao_validos_distintos_e_aceitos_pela_importacao():
    from django.core.exceptions import ValidationError
    from localflavor.br.validators import BRCPFValidator

    from concursos.importacao.validacao import cpf_confere

    gerados = [cpf_valido(n) for n in range(1, 5000, 7)]
    assert len(set(gerados)) == len(gerados)
    for cpf in gerados:
        BRCPFValidator()(cpf)
        assert cpf_confere(cpf), cpf
    # E o validador de fato recusa: o mesmo CPF com o último dígito trocado não passa.
    errado = gerados[0][:-1] + str((int(gerados[0][-1]) + 1) % 10)
    assert not cpf_confere(errado)
    with pytest.raises(ValidationError):
        BRCPFValidator()(errado)

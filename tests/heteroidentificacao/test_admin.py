"""As telas do RH no admin da heteroidentificação (Afonso Cláudio, Lei 2.552/2023, arts. 6º a 11): composição
da comissão com o artigo de cada exigência, convocação, resultados e prazo de recurso, recursos, gravação,
apuração de fraude e o sigilo (nomes dos membros, cor declarada, notas da entrevista, votos)."""

from __future__ import annotations

from datetime import date, time

import pytest
from django.contrib import admin
from django.contrib.messages import get_messages
from django.urls import reverse

from concursos.models import Inscricao, Situacao
from heteroidentificacao import services
from heteroidentificacao.models import (
    AcessoGravacao,
    Avaliacao,
    Cedula,
    Comissao,
    EstadoFraude,
    EstadoRecurso,
    Instancia,
    Papel,
    Participacao,
    ProcedimentoFraude,
    Recurso,
    Sessao,
)
from heteroidentificacao.selectors import cotistas_a_convocar
from tests.concursos.conftest import cpf_valido
from tests.conftest import municipio

pytestmark = pytest.mark.django_db

SEGREDO = "SEGREDO-DA-ENTREVISTA-7Q"
SHA = "ab" * 32


def mensagens(resposta) -> list[str]:
    return [str(m) for m in get_messages(resposta.wsgi_request)]


def url(nome: str, *args) -> str:
    return reverse(f"admin:heteroidentificacao_{nome}", args=args)


@pytest.fixture
def convocados(sessao, comissao, admin_user) -> list[Avaliacao]:
    return services.sessao_convocar(sessao=sessao, inscricoes=list(cotistas_a_convocar(comissao)), usuario=admin_user)


@pytest.fixture
def sessao_aberta(convocados, sessao, comissao, presidente):
    titulares = list(comissao.membros.filter(papel=Papel.TITULAR))
    return services.sessao_abrir(sessao=sessao, presentes=titulares, usuario=presidente.usuario)


@pytest.fixture
def todos_ausentes(sessao_aberta, presidente) -> Sessao:
    """Os três cotistas faltam (art. 9º, § 9º): todas as avaliações ficam concluídas sem votação."""
    for avaliacao in sessao_aberta.avaliacoes.all():
        services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    return sessao_aberta


@pytest.fixture
def provisorio_publicado(todos_ausentes, comissao, admin_user) -> Comissao:
    """Resultado provisório em 10/04/2024; com o prazo padrão de 2 dias, recursos até 12/04/2024."""
    return services.resultado_provisorio_publicar(comissao=comissao, data=date(2024, 4, 10), usuario=admin_user)


# ---------------------------------------------------------------- composição da comissão


def test_a_ficha_mostra_cada_falha_da_composicao_com_o_artigo(admin_client, comissao):
    """Art. 8º, I e II: ao menos dois titulares pretos ou pardos e dois servidores efetivos estáveis."""
    comissao.membros.filter(nome="Bruno Segundo").update(cor_raca="branca", estavel=False)
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "Há 1 titular preto ou pardo; a lei exige ao menos 2 (art. 8º, I)." in html
    assert "Há 1 titular servidor efetivo estável; a lei exige ao menos 2 (art. 8º, II)." in html
    assert "certame-aviso aviso-erro" in html
    assert "Composição conforme a lei" not in html


def test_composicao_regular_aparece_em_verde_e_os_avisos_em_amarelo(admin_client, comissao):
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "aviso-ok" in html and "Composição conforme a lei" in html
    comissao.membros.filter(papel=Papel.SUPLENTE).delete()
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "Composição conforme a lei" in html
    assert ("A comissão não tem suplentes e vota com ao menos 3 presentes: a falta de um titular impede a "
            "sessão.") in html


def test_sem_suplentes_comissao_de_cinco_titulares_nao_recebe_o_aviso(admin_client, certame_afonso, fazer_comissao):
    """Com 5 titulares, a falta de um deixa 4 presentes, mais que a maioria de 3 (art. 11, § 2º): a sessão abre."""
    comissao = fazer_comissao(certame_afonso, membros=[
        ("Ana Presidenta", "preta", "feminino", True, True, True, Papel.TITULAR),
        ("Bruno Segundo", "parda", "masculino", True, False, False, Papel.TITULAR),
        ("Carla Terceira", "branca", "feminino", False, False, False, Papel.TITULAR),
        ("Dora Quarta", "parda", "feminino", True, False, False, Papel.TITULAR),
        ("Enzo Quinto", "branca", "masculino", False, False, False, Papel.TITULAR)])
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "não tem suplentes" not in html


def test_a_lista_de_comissoes_mostra_a_conferencia(admin_client, comissao, certame_afonso, fazer_comissao):
    fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL, membros=[])
    html = admin_client.get(url("comissao_changelist")).content.decode()
    assert "Conforme a lei" in html
    assert "pendências legais" in html


def _dados_da_comissao(certame, *membros: dict) -> dict:
    dados = {"certame": certame.pk, "instancia": Instancia.PRIMEIRA, "ato_designacao": "Portaria nº 7/2024",
             "data_designacao": "15/03/2024", "prazo_recurso_dias": "2", "tolerancia_ausencia_minutos": "15",
             "membros-TOTAL_FORMS": str(len(membros)), "membros-INITIAL_FORMS": "0",
             "membros-MIN_NUM_FORMS": "0", "membros-MAX_NUM_FORMS": "1000"}
    for i, membro in enumerate(membros):
        campos = {"papel": Papel.TITULAR, "nome": "Ana Presidenta", "cor_raca": "preta", "genero": "feminino",
                  "escolaridade": "4_superior", "reside_desde": "01/01/2010", **membro}
        dados.update({f"membros-{i}-{campo}": valor for campo, valor in campos.items()})
    return dados


def test_salvar_a_comissao_ainda_irregular_e_permitido_com_aviso(admin_client, certame_afonso):
    """A comissão se monta aos poucos; a sessão é que não abre enquanto houver pendência."""
    cpf = cpf_valido()
    resposta = admin_client.post(url("comissao_add"), _dados_da_comissao(
        certame_afonso, {"cpf": f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}", "presidente": "on"}))
    assert resposta.status_code == 302
    comissao = Comissao.objects.get()
    assert comissao.membros.get().cpf == cpf
    assert any("não atende à lei" in m and "sessões só abrem" in m for m in mensagens(resposta))
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "A comissão tem 1 titular; a lei exige ao menos 3 (art. 8º, caput)." in html


def test_cpf_do_membro_com_digito_errado_e_recusado(admin_client, certame_afonso):
    cpf = cpf_valido()
    errado = cpf[:10] + str((int(cpf[10]) + 1) % 10)
    resposta = admin_client.post(url("comissao_add"), _dados_da_comissao(certame_afonso, {"cpf": errado}))
    assert resposta.status_code == 200
    assert "CPF inválido: confira os dígitos verificadores." in resposta.content.decode()
    assert not Comissao.objects.exists()


def test_dois_presidentes_sao_recusados_no_formulario(admin_client, certame_afonso):
    resposta = admin_client.post(url("comissao_add"), _dados_da_comissao(
        certame_afonso, {"cpf": cpf_valido(), "presidente": "on"},
        {"cpf": cpf_valido(), "nome": "Bruno Segundo", "presidente": "on"}))
    assert "Só um membro preside a comissão" in resposta.content.decode()
    assert not Comissao.objects.exists()


# ---------------------------------------------------------------- sigilo dos membros (art. 11, § 1º)


def test_staff_sem_permissao_nao_ve_os_nomes_dos_membros_antes_do_resultado(cliente_com, comissao):
    comissao.membros.filter(nome="Carla Terceira").update(termo_assinado_em=None)
    cliente = cliente_com("heteroidentificacao.view_comissao", "heteroidentificacao.view_membro")
    html = cliente.get(url("comissao_change", comissao.pk)).content.decode()
    for membro in comissao.membros.all():
        assert membro.nome not in html
        assert membro.cpf not in html
    assert "ficam em sigilo até a publicação do resultado (art. 11, § 1º)" in html
    # A pendência continua visível, sem o nome: o RH sabe o que falta.
    assert "Membro nº 3: falta o termo de confidencialidade assinado (art. 11, caput)." in html


def test_orgao_de_controle_ve_os_nomes_antes_do_resultado(cliente_com, comissao):
    cliente = cliente_com("heteroidentificacao.view_comissao", "heteroidentificacao.ver_membros_em_sigilo")
    html = cliente.get(url("comissao_change", comissao.pk)).content.decode()
    assert "Ana Presidenta" in html


def test_publicado_o_resultado_os_nomes_deixam_de_ser_sigilosos(cliente_com, provisorio_publicado):
    cliente = cliente_com("heteroidentificacao.view_comissao")
    html = cliente.get(url("comissao_change", provisorio_publicado.pk)).content.decode()
    assert "Ana Presidenta" in html and "presidente" in html
    # O CPF continua reservado a quem cadastra os membros.
    assert provisorio_publicado.membros.get(presidente=True).cpf not in html


def test_sem_permissao_o_termo_de_confidencialidade_em_pdf_e_negado(cliente_com, presidente):
    cliente = cliente_com("heteroidentificacao.view_comissao")
    assert cliente.get(url("membro_termo_pdf", presidente.pk)).status_code == 403


# ---------------------------------------------------------------- sessões e convocação


def test_convocar_cotistas_pela_sessao_cria_as_avaliacoes(admin_client, sessao):
    """Art. 9º, § 7º e § 8º: convocam-se por edital os cotistas habilitados, com horário."""
    html = admin_client.get(url("sessao_convocar", sessao.pk)).content.decode()
    for numero in ("002", "003", "005"):
        assert f'<label for="inscricao-{Inscricao.objects.get(numero=numero).pk}">{numero}</label>' in html
    assert ">001<" not in html and 'id="marcar-todos"' in html
    escolhidas = Inscricao.objects.filter(numero__in=["002", "005"])
    resposta = admin_client.post(url("sessao_convocar", sessao.pk),
                                 {"inscricoes": [i.pk for i in escolhidas], "intervalo_minutos": "20"})
    assert resposta.status_code == 302
    assert [(a.inscricao.numero, a.horario) for a in sessao.avaliacoes.order_by("horario")] == [
        ("002", time(9, 0)), ("005", time(9, 20))]
    assert "2 candidatos convocados para a 1ª sessão (10/04/2024), das 09:00 às 09:20." in mensagens(resposta)
    lista = admin_client.get(url("sessao_changelist")).content.decode()
    assert 'field-candidatos">2<' in lista


def test_convocar_sem_marcar_ninguem_nao_grava(admin_client, sessao):
    resposta = admin_client.post(url("sessao_convocar", sessao.pk), {"intervalo_minutos": "15"})
    assert "Marque ao menos um candidato." in resposta.content.decode()
    assert not Avaliacao.objects.exists()


def test_a_cor_declarada_so_aparece_para_quem_pode_ver_dados_sensiveis(cliente_com, sessao):
    """LGPD art. 11: a autodeclaração é dado sensível."""
    basicas = ("heteroidentificacao.view_sessao", "heteroidentificacao.change_sessao")
    html = cliente_com(*basicas).get(url("sessao_convocar", sessao.pk)).content.decode()
    assert "Candidato 002" in html and "Parda" not in html and "Autodeclaração" not in html
    html = cliente_com(*basicas, "concursos.ver_dados_sensiveis").get(url("sessao_convocar", sessao.pk))
    assert "Parda" in html.content.decode()


def test_convocar_exige_a_permissao(cliente_com, sessao):
    cliente = cliente_com("heteroidentificacao.view_sessao")
    assert cliente.get(url("sessao_convocar", sessao.pk)).status_code == 403
    assert "Convocar cotistas" not in cliente.get(url("sessao_change", sessao.pk)).content.decode()


def test_a_sessao_mostra_as_avaliacoes_so_para_consulta(admin_client, todos_ausentes):
    html = admin_client.get(url("sessao_change", todos_ausentes.pk)).content.decode()
    assert "Candidato 002" in html and "Candidato ausente" in html
    assert "art. 9º, § 9º" in html
    assert 'name="avaliacoes-0-horario"' not in html


def test_agendar_sessao_pela_comissao_propoe_o_numero_seguinte(admin_client, comissao, sessao):
    html = admin_client.get(url("sessao_add") + f"?comissao={comissao.pk}").content.decode()
    assert 'name="numero" value="2"' in html
    admin_client.post(url("sessao_add"), {"comissao": comissao.pk, "numero": "2", "data": "17/04/2024",
                                          "inicio": "14:00", "local": "Câmara Municipal"})
    assert comissao.sessoes.get(numero=2).data == date(2024, 4, 17)


def test_edital_de_convocacao_em_pdf_pela_ficha_da_comissao(admin_client, comissao, convocados):
    """Art. 9º, § 8º: os candidatos são convocados por edital."""
    assert "Edital de convocação (PDF)" in admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    resposta = admin_client.get(url("comissao_edital_pdf", comissao.pk))
    assert resposta["Content-Type"] == "application/pdf"


# ---------------------------------------------------------------- resultados


def test_publicar_o_resultado_provisorio_mostra_o_prazo_de_recurso(admin_client, todos_ausentes, comissao):
    """Art. 6º, § 2º: o prazo de recurso corre da publicação; art. 11, § 1º: os nomes deixam o sigilo."""
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "Publicar resultado provisório" in html
    resposta = admin_client.post(url("comissao_resultado_provisorio", comissao.pk), {"data": "10/04/2024"})
    comissao.refresh_from_db()
    assert comissao.resultado_provisorio_em == date(2024, 4, 10)
    assert any("até 12/04/2024" in m for m in mensagens(resposta))
    html = admin_client.get(url("comissao_change", comissao.pk)).content.decode()
    assert "até 12/04/2024" in html and "Publicar resultado final" in html
    assert "Resultado provisório (PDF)" in html


def test_resultado_provisorio_com_avaliacao_sem_parecer_mostra_o_erro(admin_client, convocados, comissao):
    resposta = admin_client.post(url("comissao_resultado_provisorio", comissao.pk), {"data": "10/04/2024"})
    assert any("3 avaliações sem parecer: 002 — Candidato 002" in m for m in mensagens(resposta))
    comissao.refresh_from_db()
    assert comissao.resultado_provisorio_em is None


def test_resultado_final_so_depois_do_prazo_de_recurso(admin_client, provisorio_publicado, relogio):
    comissao = provisorio_publicado
    relogio.ir(date(2024, 4, 15))
    resposta = admin_client.post(url("comissao_resultado_final", comissao.pk), {"data": "11/04/2024"})
    assert any(m.startswith("O prazo de recurso corre até 12/04/2024 (inscrição") for m in mensagens(resposta))
    admin_client.post(url("comissao_resultado_final", comissao.pk), {"data": "15/04/2024"})
    comissao.refresh_from_db()
    assert comissao.resultado_final_em == date(2024, 4, 15)


def test_publicar_resultado_exige_alterar_a_comissao(cliente_com, todos_ausentes, comissao):
    cliente = cliente_com("heteroidentificacao.view_comissao")
    assert "Publicar resultado" not in cliente.get(url("comissao_change", comissao.pk)).content.decode()
    assert cliente.post(url("comissao_resultado_provisorio", comissao.pk), {"data": "10/04/2024"}).status_code == 403


# ---------------------------------------------------------------- recursos (art. 6º, § 2º)


def test_recurso_no_prazo_e_protocolado(admin_client, provisorio_publicado, sessao, relogio):
    relogio.ir(date(2024, 4, 12))
    avaliacao = sessao.avaliacoes.get(inscricao__numero="002")
    html = admin_client.get(url("recurso_add") + f"?avaliacao={avaliacao.pk}").content.decode()
    assert "Protocolar recurso" in html and "inscrição 002" in html
    resposta = admin_client.post(url("recurso_add"), {"avaliacao": avaliacao.pk, "protocolado_em": "12/04/2024",
                                                      "fundamentos": "Estava hospitalizado no dia da sessão."})
    recurso = Recurso.objects.get()
    assert recurso.estado == EstadoRecurso.PROTOCOLADO and recurso.protocolado_em == date(2024, 4, 12)
    assert any("no prazo (até 12/04/2024)" in m for m in mensagens(resposta))


def test_recurso_fora_do_prazo_fica_como_nao_conhecido(admin_client, provisorio_publicado, sessao, relogio):
    relogio.ir(date(2024, 4, 13))
    avaliacao = sessao.avaliacoes.get(inscricao__numero="003")
    resposta = admin_client.post(url("recurso_add"), {"avaliacao": avaliacao.pk, "protocolado_em": "13/04/2024",
                                                      "fundamentos": "Não pude comparecer."})
    recurso = Recurso.objects.get()
    assert recurso.estado == EstadoRecurso.INTEMPESTIVO
    assert any("«Não conhecido (fora do prazo)»" in m and "12/04/2024" in m for m in mensagens(resposta))
    html = admin_client.get(url("recurso_changelist")).content.decode()
    assert "Não conhecido (fora do prazo)" in html
    assert "Pôr na pauta" not in admin_client.get(url("recurso_change", recurso.pk)).content.decode()


def test_recurso_vai_a_pauta_de_uma_sessao_da_comissao_recursal(admin_client, provisorio_publicado, sessao,
                                                                 certame_afonso, fazer_comissao, admin_user, relogio):
    relogio.ir(date(2024, 4, 11))
    recursal = fazer_comissao(certame_afonso, instancia=Instancia.RECURSAL)
    sessao_recursal = Sessao.objects.create(comissao=recursal, numero=1, data=date(2024, 4, 20),
                                            inicio=time(14, 0), local="Sala de reuniões")
    recurso = services.recurso_protocolar(avaliacao=sessao.avaliacoes.get(inscricao__numero="002"),
                                          protocolado_em=date(2024, 4, 11), fundamentos="Atestado médico.",
                                          usuario=admin_user)
    html = admin_client.get(url("recurso_pautar", recurso.pk)).content.decode()
    assert f"julgado pela {recursal}" in html and "Sala de reuniões" in html
    resposta = admin_client.post(url("recurso_pautar", recurso.pk), {"sessao": sessao_recursal.pk,
                                                                     "horario": "14:30"})
    julgamento = Avaliacao.objects.get(recurso=recurso)
    assert (julgamento.sessao, julgamento.horario) == (sessao_recursal, time(14, 30))
    assert any("na pauta da 1ª sessão (20/04/2024)" in m for m in mensagens(resposta))


# ---------------------------------------------------------------- gravação (art. 9º, § 2º)


def test_registrar_a_gravacao_guarda_o_sha256_sem_mostrar_a_referencia(admin_client, todos_ausentes):
    avaliacao = todos_ausentes.avaliacoes.get(inscricao__numero="002")
    resposta = admin_client.post(url("avaliacao_gravacao_registrar", avaliacao.pk),
                                 {"referencia": "HD-03/sessao1/cand002.mp4", "sha256": SHA.upper()})
    avaliacao.refresh_from_db()
    assert (avaliacao.gravacao_referencia, avaliacao.gravacao_sha256) == ("HD-03/sessao1/cand002.mp4", SHA)
    assert resposta.status_code == 302
    html = admin_client.get(url("avaliacao_change", avaliacao.pk)).content.decode()
    assert SHA in html and "HD-03/sessao1/cand002.mp4" not in html
    # Nem o histórico nem um filtro pela URL servem de atalho para o arquivo sem o pedido fundamentado.
    historico = admin_client.get(url("avaliacao_history", avaliacao.pk)).content.decode()
    assert "Gravação registrada." in historico and "HD-03/sessao1/cand002.mp4" not in historico
    assert admin_client.get(url("avaliacao_changelist") + "?gravacao_referencia__startswith=HD").status_code == 400


def test_sha256_invalido_mostra_o_erro_do_servico(admin_client, convocados):
    resposta = admin_client.post(url("avaliacao_gravacao_registrar", convocados[0].pk),
                                 {"referencia": "arquivo.mp4", "sha256": "123"})
    assert "O SHA-256 tem 64 dígitos hexadecimais." in mensagens(resposta)


def test_acessar_a_gravacao_exige_o_pedido_fundamentado_e_fica_registrado(admin_client, convocados, admin_user):
    avaliacao = services.gravacao_registrar(avaliacao=convocados[0], referencia="HD-03/cand002.mp4", sha256=SHA,
                                            usuario=admin_user)
    endereco = url("avaliacao_gravacao_acessar", avaliacao.pk)
    resposta = admin_client.post(endereco, {"solicitante": "Candidato", "fundamento": "Quero ver."})
    assert "Informe quem pede e o fundamento do pedido (ao menos 20 caracteres)." in mensagens(resposta)
    assert "HD-03/cand002.mp4" not in resposta.content.decode()
    assert not AcessoGravacao.objects.exists()

    resposta = admin_client.post(endereco, {"solicitante": "Comissão recursal",
                                            "fundamento": "Julgamento do recurso contra a não confirmação."})
    assert "HD-03/cand002.mp4" in resposta.content.decode()
    acesso = AcessoGravacao.objects.get()
    assert (acesso.usuario, acesso.solicitante) == (admin_user, "Comissão recursal")
    lista = admin_client.get(url("acessogravacao_changelist")).content.decode()
    assert "Julgamento do recurso contra a não confirmação." in lista


def test_o_registro_de_acessos_so_se_consulta(admin_client, convocados, admin_user):
    avaliacao = services.gravacao_registrar(avaliacao=convocados[0], referencia="x.mp4", sha256=SHA,
                                            usuario=admin_user)
    acesso = services.gravacao_acessar(avaliacao=avaliacao, usuario=admin_user, solicitante="Órgão",
                                       fundamento="Auditoria do controle interno do município.")
    assert admin_client.get(url("acessogravacao_add")).status_code == 403
    assert admin_client.post(url("acessogravacao_change", acesso.pk), {"solicitante": "Outro"}).status_code == 403
    assert admin_client.post(url("acessogravacao_delete", acesso.pk), {"post": "yes"}).status_code == 403
    assert AcessoGravacao.objects.get().solicitante == "Órgão"


def test_acessar_a_gravacao_exige_a_permissao(cliente_com, convocados, admin_user):
    avaliacao = services.gravacao_registrar(avaliacao=convocados[0], referencia="x.mp4", sha256=SHA,
                                            usuario=admin_user)
    cliente = cliente_com("heteroidentificacao.view_avaliacao")
    assert cliente.get(url("avaliacao_gravacao_acessar", avaliacao.pk)).status_code == 403
    assert "Acessar gravação" not in cliente.get(url("avaliacao_change", avaliacao.pk)).content.decode()


# ---------------------------------------------------------------- apuração de fraude


def test_fraude_instaurada_com_defesa_e_decidida_elimina_e_encaminha_ao_mp(admin_client, certame_afonso):
    """Afonso Cláudio art. 7º: declaração falsa elimina, depois do contraditório; os documentos vão ao MP."""
    resposta = admin_client.post(url("procedimentofraude_add"), {
        "certame": certame_afonso.pk, "numero": "003", "data": "20/04/2024", "ato": "Portaria nº 9/2024",
        "fatos": "Denúncia com fotografias incompatíveis com a autodeclaração."})
    procedimento = ProcedimentoFraude.objects.get()
    assert resposta.status_code == 302
    html = admin_client.get(url("procedimentofraude_change", procedimento.pk)).content.decode()
    assert "Notificação e defesa" in html and "Decidir" not in html

    admin_client.post(url("procedimentofraude_defesa", procedimento.pk), {
        "notificado_em": "22/04/2024", "defesa_em": "29/04/2024", "defesa": "Nego os fatos."})
    decisao = {"fraude": "sim", "data": "10/05/2024", "oficio_mp": "",
               "decisao": "As fotografias e o depoimento mostram que a autodeclaração não corresponde ao fenótipo."}
    resposta = admin_client.post(url("procedimentofraude_decidir", procedimento.pk), decisao)
    assert "Informe o ofício de encaminhamento ao Ministério Público." in mensagens(resposta)
    resposta = admin_client.post(url("procedimentofraude_decidir", procedimento.pk),
                                 {**decisao, "oficio_mp": "Ofício nº 30/2024"})
    procedimento.refresh_from_db()
    assert (procedimento.estado, procedimento.oficio_mp) == (EstadoFraude.FRAUDE, "Ofício nº 30/2024")
    assert Inscricao.objects.get(numero="003").situacao == Situacao.ELIMINADO
    assert any("Ministério Público" in m for m in mensagens(resposta))


def test_inscricao_inexistente_na_instauracao(admin_client, certame_afonso):
    resposta = admin_client.post(url("procedimentofraude_add"), {
        "certame": certame_afonso.pk, "numero": "999", "data": "20/04/2024", "ato": "Portaria", "fatos": "Fatos."})
    assert "Não há a inscrição «999» no edital 001/2024." in resposta.content.decode()
    assert not ProcedimentoFraude.objects.exists()


# ---------------------------------------------------------------- sigilo do voto e da entrevista


def test_cedulas_e_participacoes_nao_estao_no_admin(admin_client):
    """Art. 11, § 2º: nenhuma tela cruza quem votou com o que votou."""
    assert not admin.site.is_registered(Cedula)
    assert not admin.site.is_registered(Participacao)
    html = admin_client.get(reverse("admin:index")).content.decode()
    assert "Cédulas" not in html and "Participações" not in html
    assert "Comissões de heteroidentificação" in html


def test_notas_da_entrevista_nunca_aparecem_no_admin(admin_client, sessao_aberta, comissao, presidente,
                                                     admin_user):
    """Art. 10, IV: o conteúdo das entrevistas é sigiloso (só a comissão o vê)."""
    avaliacao = sessao_aberta.avaliacoes.order_by("horario").first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=True, usuario=presidente.usuario)
    services.avaliacao_anotar(avaliacao=avaliacao, notas=SEGREDO, usuario=presidente.usuario)
    avaliacao = services.gravacao_registrar(avaliacao=avaliacao, referencia="x.mp4", sha256=SHA, usuario=admin_user)
    services.gravacao_acessar(avaliacao=avaliacao, usuario=admin_user, solicitante="Órgão",
                              fundamento="Auditoria do controle interno do município.")
    historico = avaliacao.history.first()
    paginas = [
        url("comissao_changelist"), url("comissao_change", comissao.pk), url("comissao_history", comissao.pk),
        url("sessao_changelist"), url("sessao_change", sessao_aberta.pk), url("sessao_history", sessao_aberta.pk),
        url("avaliacao_changelist"), url("avaliacao_change", avaliacao.pk), url("avaliacao_history", avaliacao.pk),
        reverse("admin:heteroidentificacao_avaliacao_simple_history", args=[avaliacao.pk, historico.pk]),
        url("avaliacao_gravacao_acessar", avaliacao.pk), url("acessogravacao_changelist"),
        url("recurso_changelist"), url("procedimentofraude_changelist"), url("sessao_convocar", sessao_aberta.pk),
    ]
    for endereco in paginas:
        resposta = admin_client.get(endereco)
        assert resposta.status_code == 200, endereco
        html = resposta.content.decode()
        assert SEGREDO not in html, endereco
        assert "notas da entrevista" not in html.lower(), endereco
    # Nem pela busca, nem como filtro pela URL: seriam um oráculo do conteúdo da entrevista.
    assert admin_client.get(url("avaliacao_changelist") + f"?q={SEGREDO}").context["cl"].result_count == 0
    assert admin_client.get(url("avaliacao_changelist") + f"?notas_entrevista__icontains={SEGREDO[:8]}"
                            ).status_code == 400


# ---------------------------------------------------------------- o histórico só se consulta


def test_historico_nao_desfaz_ato_nem_por_post_forjado(cliente_com, sessao_aberta, comissao, presidente, admin_client):
    """Nada publicado ou decidido se desfaz pelo histórico: a página de uma versão antiga só se mostra, e um POST
    nela (que o django-simple-history aceitaria com a simples permissão de ver) é recusado."""
    avaliacao = sessao_aberta.avaliacoes.order_by("horario").first()
    services.avaliacao_registrar_presenca(avaliacao=avaliacao, compareceu=False, usuario=presidente.usuario)
    antiga = avaliacao.history.order_by("history_id").first()
    endereco = url("avaliacao_simple_history", avaliacao.pk, antiga.history_id)
    for cliente in (cliente_com("heteroidentificacao.view_avaliacao"), admin_client):
        assert cliente.get(endereco).status_code == 200
        assert cliente.post(endereco, {}).status_code == 403
    avaliacao.refresh_from_db()
    assert avaliacao.estado == "ausente"
    sessao_antiga = sessao_aberta.history.order_by("history_id").first()
    assert admin_client.post(url("sessao_simple_history", sessao_aberta.pk, sessao_antiga.history_id),
                             {}).status_code == 403
    sessao_aberta.refresh_from_db()
    assert sessao_aberta.estado == "aberta"


def test_a_conta_de_membro_de_outro_orgao_nao_se_liga_nem_por_post_forjado(admin_client, comissao, certame_afonso):
    """Cada órgão com as suas contas da comissão (LGPD art. 6º, III): a conta de um membro da comissão de outro órgão
    não entra nesta, nem por um formulário montado à mão."""
    from concursos.models import Certame
    from nucleo.models import Orgao

    conta = comissao.membros.exclude(usuario=None).first().usuario
    outro = Orgao.objects.create(nome="Prefeitura de Iúna", municipio=municipio("Iúna", "ES"))
    certame = Certame.objects.create(orgao=outro, numero_edital="9/2024", titulo="Outro",
                                     data_edital=certame_afonso.data_edital)
    resposta = admin_client.post(url("comissao_add"), _dados_da_comissao(
        certame, {"cpf": cpf_valido(), "presidente": "on", "usuario": conta.pk}))
    assert resposta.status_code == 200
    assert f"A conta {conta.get_username()} já serve à comissão de outro órgão" in resposta.content.decode()
    assert not Comissao.objects.filter(certame=certame).exists()
